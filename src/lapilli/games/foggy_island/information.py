"""What each seat may see of a Foggy Island position, and guesses at the rest."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from lapilli.core import bag

from .board import QUADRANTS, TILE_NAMES, TILES
from .tokens import colour_of

if TYPE_CHECKING:
    from .rules import FoggyState


def observation(s: FoggyState, seat: int | None) -> dict[str, Any]:
    board = []
    for token in s.board:
        if token is None:
            board.append(None)
        elif s.visible_to(token, seat):
            board.append(
                {"token": token[0], "seat": token[1], "face_up": token[2], "colour": token[3]}
            )
        else:
            board.append({"token": None, "seat": token[1], "face_up": False})
    mover_sees = seat is not None and seat == s.to_move
    ctx: dict[str, Any] = {}
    for key, value in s.ctx.items():
        if key in ("kind", "up") and s.phase == "place" and not mover_sees:
            continue  # the token in a player's fingers is theirs to know
        ctx[key] = TILE_NAMES[value] if key in ("tile", "target", "first") else value
    return {
        "game": "foggy_island",
        "seat": seat,
        "round": s.round,
        "rounds": s.rounds,
        "phase": s.phase,
        "to_move": s.to_move,
        "first": s.first,
        "weather": s.weather,
        "offered": list(s.offered),
        "deck_bottom": list(s.deck_bottom),
        "open": [QUADRANTS[q] for q in range(4) if s.open[q]],
        "board": board,
        "hands": [
            dict(h) if p == seat else {"hidden": sum(h.values())} for p, h in enumerate(s.hands)
        ],
        "piles": [
            dict(pl) if p == seat else {"hidden": sum(pl.values())} for p, pl in enumerate(s.piles)
        ],
        "pool": [sum(p.values()) for p in s.pool],
        "composition": [dict(c) for c in s.composition],
        "hired": [list(h) for h in s.hired],
        "coins": list(s.coins),
        "points": [list(p) for p in s.points],
        "hippo": {str(p): [TILE_NAMES[t] for t in ts] for p, ts in s.hippo.items()},
        "pending": list(s.pending),
        "ctx": ctx,
        "result": s.result,
    }


def determinize(state: FoggyState, seat: int, rng: random.Random) -> FoggyState:
    """Resample every token ``seat`` cannot see: others' hands, piles and face-down tokens.

    Each side's 18 tokens are known (hiring is public); what ``seat`` has not seen of them
    is shuffled back into the places it cannot look: other players' hands and piles, their
    face-down tokens, a team's undealt pool, and a token chosen but not yet placed.
    """
    s = state.clone()
    for side in (0, 1):
        unknown = dict(s.composition[side])
        slots: list[tuple[str, Any]] = []  # where unseen tokens of this side lie
        for t in TILES:
            token = s.board[t]
            if token is None or token[1] % 2 != side:
                continue
            if token[0] == "hippo" and token[2] and t != min(s.hippo.get(token[1], (t,))):
                continue  # a spanning Hippo is one token
            if s.visible_to(token, seat):
                unknown[token[0]] = unknown.get(token[0], 0) - 1
            else:
                slots.append(("tile", t))
        for p in s.side_seats(side):
            held = [s.hands[p], s.piles[p]]
            if p == seat:
                for counts in held:
                    for kind, n in counts.items():
                        unknown[kind] = unknown.get(kind, 0) - n
            else:
                slots += [("hand", p)] * sum(s.hands[p].values())
                slots += [("pile", p)] * sum(s.piles[p].values())
                s.hands[p], s.piles[p] = {}, {}
        slots += [("pool", side)] * sum(s.pool[side].values())
        s.pool[side] = {}
        tokens = [k for k, n in unknown.items() for _ in range(n)]
        rng.shuffle(tokens)
        for (where, at), kind in zip(slots, tokens, strict=True):
            if where == "tile":
                old = s.board[at]
                s.board[at] = (kind, old[1], False, colour_of(kind, side))
            elif where == "hand":
                bag.put(s.hands[at], kind)
            elif where == "pile":
                bag.put(s.piles[at], kind)
            else:
                bag.put(s.pool[at], kind)
    if s.phase == "place" and s.to_move != seat:
        # the token another player has chosen but not yet placed
        hand = s.hands[s.to_move]
        kinds = sorted(hand)
        kind = kinds[rng.randrange(len(kinds))]
        s.ctx = dict(s.ctx, kind=kind, up=s.ctx["up"] and s._face_up_allowed(kind))
    s._legal = None
    return s
