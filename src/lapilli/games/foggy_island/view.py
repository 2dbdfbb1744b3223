"""What a seat may see of a Foggy Island position: ``observe(state, seat)``.

A face-down token shows only its owner to the others; hands and piles show their
tokens to their owner only (their count to the others); a chosen token waiting to be
placed is its chooser's secret.
"""

from __future__ import annotations

from typing import Any

from .board import QUADRANTS, TILE_NAMES
from .scoring import scored_lines
from .state import FoggyState


def observe(s: FoggyState, seat: int | None) -> dict[str, Any]:
    return {
        "game": "foggy_island",
        "seat": seat,
        "round": s.round,
        "rounds": s.rounds,
        "phase": s.phase,
        "to_move": s.current_player(),
        "first": s.first,
        "weather": s.weather,
        "offered": list(s.offered()),
        "deck_bottom": list(s.deck.under),
        "open": [QUADRANTS[q] for q in range(len(QUADRANTS)) if s.open[q]],
        "board": board_view(s, seat),
        "hands": [h.view(seat) for h in s.hands],
        "piles": [p.view(seat) for p in s.piles],
        "pool": [p.view(seat) for p in s.pool],
        "composition": [s.composition(0), s.composition(1)],
        "hired": [list(h) for h in s.hired],
        "coins": list(s.coins),
        "points": [list(p) for p in s.points],
        "hippo": {str(p): [TILE_NAMES[t] for t in ts] for p, ts in s.hippo.items()},
        "pending": s.owed(),
        "live": live(s, seat),
        "decision": s.decision(),
        "step": step_view(s, seat),
        "result": s.result,
    }


def board_view(s: FoggyState, seat: int | None) -> list[dict[str, Any] | None]:
    """The 36 tiles: a token the seat may not look at shows only who placed it."""
    board: list[dict[str, Any] | None] = []
    for token in s.board:
        if token is None:
            board.append(None)
        elif s.visible_to(token, seat):
            board.append(
                {
                    "token": token.kind,
                    "seat": token.seat,
                    "face_up": token.face_up,
                    "colour": token.colour,
                }
            )
        else:
            board.append({"token": None, "seat": token.seat, "face_up": False})
    return board


def live(s: FoggyState, seat: int | None) -> dict[str, Any]:
    """The lines on the map now, and the points they would score, as ``seat`` sees
    them: a face-down token it cannot look at breaks a line (its line is unknown)."""
    seen = [t if t is None or s.visible_to(t, seat) else None for t in s.board]
    lines = scored_lines(seen)
    return {
        "lines": [
            {"side": ln.side, "tiles": [TILE_NAMES[t] for t in ln.tiles], "points": ln.points}
            for ln in lines
        ],
        "points": [sum(ln.points for ln in lines if ln.side == side) for side in (0, 1)],
    }


def step_view(s: FoggyState, seat: int | None) -> dict[str, Any]:
    """The arguments of the step in progress (the chosen token is its chooser's secret)."""
    top = s.pending()
    if top is None or (top.step.name == "place" and seat != top.seat):
        return {}
    args: dict[str, Any] = top.args._asdict()
    for key in ("tile", "first"):
        if key in args:
            args[key] = TILE_NAMES[args[key]]
    return {k: list(v) if isinstance(v, tuple) else v for k, v in args.items()}
