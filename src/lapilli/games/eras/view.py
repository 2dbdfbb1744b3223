"""What a seat may see of an Eras position: ``observe(state, seat)`` and its type,
``Observation`` (generated into docs/schemas/eras.json).

Everything is public but the sealed bids of the other players and the order of the
packs (only their counts are shown; the thunderbolt cards put under their pack were
seen by all, so their order is public). Era cards are named ``<era>-<number>``
(``fish-3``); seats are numbered from 0; a site on a path is ``[position, lane]``.
"""

from __future__ import annotations

from typing import Annotated, cast

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from lapilli.core.decision import Decision

from . import bidding, movement, placement
from .state import ErasState

SEALED = "sealed"
STRICT = ConfigDict(extra="forbid", strict=True)  # every key documented, nothing coerced


@with_config(STRICT)
class Bidding(TypedDict):
    """Sealed bids in progress."""

    card: Annotated[str, Field(description="the era card bid for")]
    held_by: Annotated[
        int | None, Field(description="the seat whose hand holds it; null: the face-up card")
    ]
    bidders: Annotated[list[int], Field(description="the seats bidding, in turn order")]


@with_config(STRICT)
class Exchange(TypedDict):
    """An exchange offered, waiting for an answer."""

    by: Annotated[int, Field(description="the seat offering it")]
    to: Annotated[int, Field(description="the seat asked to agree")]
    give: Annotated[str, Field(description="the era card the offering seat gives")]
    take: Annotated[str, Field(description="the era card it takes in return")]


@with_config(STRICT)
class MovesLeft(TypedDict):
    """The end-of-turn movement in progress."""

    sideways: Annotated[int, Field(description="sideways moves left (up to two)")]
    forward: Annotated[int, Field(description="forward or backward moves left (up to one)")]
    moves: Annotated[int, Field(description="moves left in all (fewer from a swamp)")]


@with_config(STRICT)
class Pending(TypedDict):
    """The engine's pending step, for tools."""

    step: Annotated[str, Field(description="the step's name in the engine")]
    seat: Annotated[int, Field(description="who decides: a seat, or -1 for a roll or a draw")]


@with_config(STRICT)
class Observation(TypedDict):
    """One seat's view of an Eras position (null seat: a spectator)."""

    players: Annotated[int, Field(description="how many play")]
    first: Annotated[int, Field(description="the youngest player, who started (-1 before set-up)")]
    turn: Annotated[int, Field(description="whose turn it is (-1 before the first turn)")]
    turns: Annotated[int, Field(description="turns played")]
    start_cards: Annotated[
        list[int], Field(description="each seat's start card number (0: not dealt)")
    ]
    paths: Annotated[
        list[list[str]], Field(description="each seat's path of era cards, first to last")
    ]
    pieces: Annotated[
        list[list[int] | None],
        Field(description="each seat's playing piece: [position on its path, lane], or null"),
    ]
    cones: Annotated[
        list[list[int | str] | None],
        Field(
            description="each seat's cone: [path owner, era card, lane], or null (in the centre)"
        ),
    ]
    tokens: Annotated[list[int], Field(description="tokens each seat holds in hand")]
    box: Annotated[list[int], Field(description="tokens of each seat in the box")]
    hands: Annotated[list[list[str]], Field(description="the era cards each seat holds, face up")]
    offer: Annotated[str | None, Field(description="the face-up era card on top of the pack")]
    era_deck: Annotated[int, Field(description="era cards left in the pack")]
    discard: Annotated[list[str], Field(description="discarded era cards")]
    thunderbolt_deck: Annotated[int, Field(description="thunderbolt cards left to draw")]
    thunderbolts_under: Annotated[
        list[str], Field(description="thunderbolt cards put under, in order")
    ]
    start_deck: Annotated[int, Field(description="start cards left to deal")]
    die: Annotated[
        str | None, Field(description="the die's last face: thunderbolt, volcano or dot")
    ]
    thunderbolt: Annotated[str | None, Field(description="the last thunderbolt card carried out")]
    bids: Annotated[
        list[int | str | None],
        Field(
            description='each seat\'s bid: a number (your own, or once revealed), "sealed", or null'
        ),
    ]
    candidate: Annotated[
        list[str] | None, Field(description="the path that may win at the end of turn")
    ]
    pending: Annotated[
        Pending | None,
        Field(description="the engine's pending step (name and seat), for tools; see decision"),
    ]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]
    bidding: Annotated[Bidding | None, Field(description="the sealed bids in progress")]
    exchange: Annotated[Exchange | None, Field(description="the exchange waiting for an answer")]
    card_won: Annotated[str | None, Field(description="the era card won, waiting to be placed")]
    moves_left: Annotated[MovesLeft | None, Field(description="the movement in progress")]
    winner: Annotated[int | None, Field(description="the seat that won, once the game is over")]


def observe(s: ErasState, seat: int | None) -> Observation:
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
        "bidding": _bidding(s),
        "exchange": _exchange(s),
        "card_won": top.args.card if top is not None and top.step is placement.PLACE_WON else None,
        "moves_left": _moves_left(s),
        "winner": s.winner,
    }


def _bidding(s: ErasState) -> Bidding | None:
    """The card bid for, by whom (the last bidding in progress)."""
    found: Bidding | None = None
    for frame in s.stack:
        if frame.step is bidding.REVEAL_BIDS:
            owner, card, bidders = frame.args
            held = owner if owner != bidding.NOBODY_OWNS else None
            found = {"card": card, "held_by": held, "bidders": list(bidders)}
    return found


def _exchange(s: ErasState) -> Exchange | None:
    top = s.pending()
    if top is None or top.step is not bidding.ANSWER:
        return None
    by, give, take = top.args
    return {"by": by, "to": top.seat, "give": give, "take": take}


def _moves_left(s: ErasState) -> MovesLeft | None:
    top = s.pending()
    if top is None or top.step is not movement.MOVE:
        return None
    sideways, forward, moves = top.args
    return {"sideways": sideways, "forward": forward, "moves": moves}


def cone_of(obs: Observation, seat: int) -> tuple[int, str, int] | None:
    """``seat``'s cone as (path owner, era card, lane); None in the centre."""
    cone = obs["cones"][seat]
    if cone is None:
        return None
    q, card, lane = cone  # saved as a JSON list of mixed items
    return cast(int, q), cast(str, card), cast(int, lane)


def _bid_view(s: ErasState, bidder: int, seat: int | None) -> int | str | None:
    bid = s.bids[bidder]
    if bid is None or bidder == seat:
        return bid
    return SEALED
