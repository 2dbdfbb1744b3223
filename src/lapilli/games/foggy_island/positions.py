"""A whole Foggy Island position as JSON (hidden parts included), and back."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lapilli.core.errors import MalformedInput

from .tokens import KINDS

if TYPE_CHECKING:
    from .rules import FoggyIsland, FoggyState


def to_json(s: FoggyState) -> dict[str, Any]:
    return {
        "round": s.round,
        "rounds": s.rounds,
        "extra_rounds": s.extra_rounds,
        "players": s.n,
        "first": s.first,
        "turn_player": s.turn_player,
        "phase": s.phase,
        "to_move": s.to_move,
        "board": [list(t) if t is not None else None for t in s.board],
        "open": s.open[:],
        "hands": [dict(sorted(h.items())) for h in s.hands],
        "piles": [dict(sorted(p.items())) for p in s.piles],
        "pool": [dict(sorted(p.items())) for p in s.pool],
        "composition": [dict(sorted(c.items())) for c in s.composition],
        "hired": [h[:] for h in s.hired],
        "coins": s.coins[:],
        "points": [list(p) for p in s.points],
        "weather": s.weather,
        "deck": dict(sorted(s.deck.items())),
        "deck_bottom": s.deck_bottom[:],
        "offered": s.offered[:],
        "hippo": {str(p): list(t) for p, t in sorted(s.hippo.items())},
        "pending": s.pending[:],
        "ctx": dict(sorted(s.ctx.items())),
        "queue": s.queue[:],
        "result": s.result,
    }


def from_json(game: FoggyIsland, data: Any) -> FoggyState:
    from .rules import PHASES, FoggyState

    try:
        s = FoggyState.__new__(FoggyState)
        s.game = game
        s.opts = game.options
        s.n = int(data["players"])
        s.round = int(data["round"])
        s.rounds = int(data["rounds"])
        s.extra_rounds = int(data["extra_rounds"])
        s.first = int(data["first"])
        s.turn_player = int(data["turn_player"])
        s.phase = str(data["phase"])
        s.to_move = int(data["to_move"])
        s.board = [
            (str(t[0]), int(t[1]), bool(t[2]), int(t[3])) if t is not None else None
            for t in data["board"]
        ]
        s.open = [bool(x) for x in data["open"]]
        s.hands = [_counts(h) for h in data["hands"]]
        s.piles = [_counts(p) for p in data["piles"]]
        s.pool = [_counts(p) for p in data["pool"]]
        s.composition = [_counts(c) for c in data["composition"]]
        s.hired = [[str(k) for k in h] for h in data["hired"]]
        s.coins = [int(c) for c in data["coins"]]
        s.points = [[int(x) for x in p] for p in data["points"]]
        s.weather = str(data["weather"])
        s.deck = _counts(data["deck"])
        s.deck_bottom = [str(w) for w in data["deck_bottom"]]
        s.offered = [str(w) for w in data["offered"]]
        s.hippo = {int(p): (int(t[0]), int(t[1])) for p, t in data["hippo"].items()}
        s.pending = [int(p) for p in data["pending"]]
        s.ctx = dict(data["ctx"])
        s.queue = [int(p) for p in data["queue"]]
        s.result = data["result"]
        s._legal = None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise MalformedInput(f"not a Foggy Island position: {exc!r}") from None
    if len(s.board) != 36 or len(s.hands) != s.n or s.phase not in PHASES:
        raise MalformedInput("not a Foggy Island position: wrong board, seats or phase")
    if any(t is not None and t[0] not in KINDS for t in s.board):
        raise MalformedInput("not a Foggy Island position: unknown token on the map")
    return s


def _counts(data: Any) -> dict[str, int]:
    counts = {str(k): int(v) for k, v in dict(data).items()}
    if any(k not in KINDS and k not in ("sunny", "cloudy", "foggy") for k in counts):
        raise ValueError("unknown token or card")
    if any(v <= 0 for v in counts.values()):
        raise ValueError("counts must be positive")
    return counts
