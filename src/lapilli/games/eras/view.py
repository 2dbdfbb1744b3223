"""What a seat may see of an Eras position: ``observe(state, seat)``.

Everything is public but the sealed bids of the other players and the order of the
packs (only their counts are shown; the thunderbolt cards put under their pack were
seen by all, so their order is public).
"""

from __future__ import annotations

from typing import Any

from . import bidding, movement, placement
from .state import ErasState

SEALED = "sealed"


def observe(s: ErasState, seat: int | None) -> dict[str, Any]:
    top = s.pending()
    return {
        "players": s.players,
        "first": s.first,
        "turn": s.turn,
        "turns": s.turns,
        "start_cards": s.start[:],
        "paths": [p[:] for p in s.paths],
        "pieces": [list(p) if p else None for p in s.pieces],
        "cones": [list(c) if c else None for c in s.cones],
        "tokens": s.tokens[:],
        "box": [s.box(i) for i in range(s.players)],
        "hands": [h.kinds() for h in s.hands],
        "offer": s.offer,
        "era_deck": len(s.era_deck),
        "discard": s.discard.kinds(),
        "thunderbolt_deck": len(s.thunder_deck),
        "thunderbolts_under": s.thunder_deck.under[:],
        "start_deck": len(s.start_deck),
        "die": s.die,
        "thunderbolt": s.thunderbolt,
        "bids": [_bid_view(s, i, seat) for i in range(s.players)],
        "candidate": list(s.candidate) if s.candidate else None,
        "pending": {"step": top.step.name, "seat": top.seat} if top else None,
        "decision": s.decision(),
        **_pending_details(s),
        "winner": s.winner,
    }


def _pending_details(s: ErasState) -> dict[str, Any]:
    """What the decision in progress is about: the card bid for, the exchange
    offered, the card won and still to be placed, the moves left."""
    details: dict[str, Any] = {"bidding": None, "exchange": None, "card_won": None}
    details["moves_left"] = None
    for frame in s.stack:
        if frame.step is bidding.REVEAL_BIDS:
            owner, card, bidders = frame.args
            held = owner if owner != bidding.NOBODY_OWNS else None
            details["bidding"] = {"card": card, "held_by": held, "bidders": list(bidders)}
    top = s.pending()
    if top is not None and top.step is bidding.ANSWER:
        by, give, take = top.args
        details["exchange"] = {"by": by, "to": top.seat, "give": give, "take": take}
    elif top is not None and top.step is placement.PLACE_WON:
        details["card_won"] = top.args.card
    elif top is not None and top.step is movement.MOVE:
        details["moves_left"] = top.args._asdict()
    return details


def _bid_view(s: ErasState, bidder: int, seat: int | None) -> int | str | None:
    bid = s.bids[bidder]
    if bid is None or bidder == seat:
        return bid
    return SEALED
