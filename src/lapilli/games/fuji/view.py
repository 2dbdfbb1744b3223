"""What a seat may see of a Fuji position: its observation (see ``schema.py``)."""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import Frame
from lapilli.core.state import CHANCE

from .board import NOWHERE, XY
from .components import EQUIPMENT
from .dice import Aside
from .helper import helper
from .rerolls import REROLL
from .state import FujiState


def die_view(s: FujiState, d: int, seat: int | None) -> dict[str, Any]:
    die = s.dice[d]
    return {
        "die": d,
        "type": "ABC"[die.type],
        "value": die.view(seat) or None,
        "aside": "" if die.aside is Aside.NO else die.aside.name.lower(),
        "home": die.owner,
        "holder": die.holder,
    }


def adventurer_view(s: FujiState, a: int, seat: int | None) -> dict[str, Any]:
    pos, dest = s.position[a], s.destination[a]
    kind = "neutral" if a == s.neutral else "third" if a == s.third else "player"
    return {
        "adventurer": a,
        "seat": s.controller(a) if a < s.meeple_count else None,
        "kind": kind,
        "skill": s.skill[a],
        "position": list(XY[pos]) if pos != NOWHERE else None,
        "destination": list(XY[dest]) if dest != NOWHERE else None,
        "stamina_lost": s.stamina_lost[a],
        "injuries": int(s.injuries[a]),
        "power_bars": s.power_bars[a],
        "equipment": [EQUIPMENT[c] for c in s.equipment[a]],
        "tapped": sum(1 << c for c in s.used_once[a]),
        "first_aid": int(s.first_aid[a]),
        "flare": s.flare[a],
        "dice": [die_view(s, d, seat) for d in s.held(a)],
    }


def observe(s: FujiState, seat: int | None) -> dict[str, Any]:
    f = s.pending()
    pile = s.equipment_pile
    view: dict[str, Any] = {
        "round": s.round,
        "phase": s.phase,
        "scenario": s.scenario,
        "level": s.level,
        "to_move": s.current_player(),
        "waiting_for": _waiting_for(f, seat),
        "decision": s.decision(),
        "result": int(s.result),
        "cause": s.cause,
        "terrain": [
            [c, k, int(s.lava[c]), int(s.equipment_token[c]), s.eruption_tokens[c]]
            for c, k in enumerate(s.terrain)
            if k
        ],
        "adventurers": [adventurer_view(s, a, seat) for a in range(s.adventurer_count)],
        "deck_size": len(pile),
        "bottom": [EQUIPMENT[c] for c in pile.under],
        "discard": [EQUIPMENT[c] for c in s.discard],
        "signals": [list(signal) for signal in s.signals],
        "victory_points": s.victory_points(),
        "helper": helper(s, seat),
    }
    if seat is not None and f is not None and f.step is REROLL and f.seat == seat:
        selected = sum(1 << d for d in f.args.selected)
        view["reroll"] = {"left": f.args.left, "selected": selected}
    return view


def _waiting_for(f: Frame | None, seat: int | None) -> str:
    if f is None:
        return ""
    if f.seat == CHANCE:
        return "chance"
    if seat is None or f.seat == seat:
        return f.step.name
    return "another seat"
