"""What a seat sees of a Volcanique position: everything but the Caldera cards of the
others (each seat sees its own hand; every hand is shown once the game is over)."""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import Frame

from .components import BIOMES, KINDS
from .pieces import Spot, Stage, cards
from .state import VolcaniqueState


def observe(s: VolcaniqueState, seat: int | None) -> dict[str, Any]:
    data = _public(s)
    if s.stage is Stage.OVER:
        data["scores"] = s.scores()
        data["score_breakdown"] = s.score_breakdown()
    if seat is not None:
        data["seat"] = seat
        data["caldera_hand"] = cards(s.caldera_hands[seat])
    if s.stage is Stage.OVER:
        data["caldera_hands"] = [cards(h) for h in s.caldera_hands]
    return data


def _public(s: VolcaniqueState) -> dict[str, Any]:
    pending = s.pending()
    return {
        "stage": s.stage.value,
        "step": pending.to_json() if pending else None,
        "placing": _placing(pending),
        "decision": s.decision(),
        "turn": s.turn,
        "round": s.round,
        "current": s.current_player(),
        "first": s.first,
        "map": [[q, r, list(st)] for (q, r), st in sorted(s.board.stacks.items())],
        "critters": _spots(s.critters),
        "colossal": _spots(s.colossal),
        "burrowed": _spots(s.burrowed),
        "sea": [[q, r, o] for (q, r), o in sorted(s.sea.items())],
        "winter": [[q, r, t] for (q, r), t in s.winter],
        "super_volcano": list(s.super_volcano),
        "used": [list(u) for u in s.used],
        "lava": [[*flow.at, flow.sea_turn] for flow in s.lava],
        "hand": list(s.hand),
        "crater": list(s.crater),
        "resources": [list(r) for r in s.resources],
        "supply": list(s.supply),
        "tiles": dict(sorted(s.tiles.items())),
        "volcano_tiles": s.volcano_tiles,
        "lava_tiles": s.lava_tiles,
        "grid": dict(s.grid),
        "unlocked": [list(u) for u in s.unlocked],
        "caldera_deck": len(s.caldera_deck),
        "caldera_counts": [len(h) for h in s.caldera_hands],
        "caldera_discard": list(s.caldera_discard),
        "points": list(s.points),
        "end": s.end_reason,
    }


PLACING = frozenset(
    {"place", "rotate", "island_place", "island_rotate", "setup_place", "setup_rotate"}
)
"""The steps in which a land tile is being placed (where, then how it is turned)."""


def _placing(frame: Frame | None) -> dict[str, Any] | None:
    """The land tile being placed and by whom: its kind, and its hex once chosen."""
    if frame is None or frame.step.name not in PLACING:
        return None
    at = getattr(frame.args, "at", None)
    return {"seat": frame.seat, "tile": KINDS[frame.args.kind], "at": list(at) if at else None}


def _spots(spots: dict[Spot, int]) -> list[list[Any]]:
    """Spots with their counts, as ``[q, r, colour name, owner, n]``."""
    return [[q, r, BIOMES[c], o, n] for (q, r, c, o), n in sorted(spots.items())]
