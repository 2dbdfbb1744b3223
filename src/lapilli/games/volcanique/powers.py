"""The Volcanic Power Grid and the hook for power and Caldera card effects.

This module holds what the base game needs of the powers: which slot a player may unlock
next (the tech-tree rule), and the *hook points* where the rules ask the powers for a
number or give them a chance to act. The individual effects are a later issue: an effect
is added by registering a function in ``UNLOCK_HOOKS`` / ``CALDERA_EFFECTS`` or by a data
field read by the query functions below (``hand_cap``, ``crater_points``), without
touching the turn logic.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .components import FIRST_SLOT, LIMITS, POWERS, SLOT_NEIGHBOURS, SLOTS

if TYPE_CHECKING:
    from .rules import VolcaniqueState


def unlockable(marks: list[str]) -> list[str]:
    """Slots a player may unlock: the Level 1 power first, then any slot sharing an edge
    with a power they already unlocked. When none is left, they place the critter on a
    power they already hold (it still counts as an activated volcano)."""
    if not marks:
        return [FIRST_SLOT]
    held = set(marks)
    options = sorted({n for s in held for n in SLOT_NEIGHBOURS[s]} - held, key=SLOTS.index)
    return options or sorted(held, key=SLOTS.index)


def powers_of(state: VolcaniqueState, seat: int) -> set[str]:
    return {state.grid[s] for s in state.marks[seat] if s in state.grid}


def has_power(state: VolcaniqueState, seat: int, power: str) -> bool:
    grid = state.grid
    return any(grid.get(s) == power for s in state.marks[seat])


# -- queries the rules make ---------------------------------------------------------------
def hand_cap(state: VolcaniqueState, seat: int) -> int:
    """Resources a player may hold after collection (7; Bountiful Resources: 8)."""
    cap = int(LIMITS["hand_cap"])
    for s in state.marks[seat]:
        cap = max(cap, int(POWERS[state.grid[s]].get("hand_cap", 0)))
    return cap


def crater_points(state: VolcaniqueState, seat: int) -> int:
    """Points per critter in the crater at the end (1; Exalted Sacrifices: 2)."""
    pts = 1
    for s in state.marks[seat]:
        pts = max(pts, int(POWERS[state.grid[s]].get("crater_points", 0)))
    return pts


def extra_score(state: VolcaniqueState, seat: int) -> int:
    """Points from power effects (Colossal Critter 4, Herding Critters 1 per herd...).
    Zero until those effects exist."""
    return sum(fn(state, seat) for fn in SCORE_HOOKS.values())


# -- hooks ----------------------------------------------------------------------------------
Hook = Callable[["VolcaniqueState", int], list[dict[str, Any]]]

UNLOCK_HOOKS: dict[str, Hook] = {}
"""power id -> called with (state, seat) right after a seat unlocks that power; returns
events. Effects that act later read ``has_power`` at their own step of the turn."""

CALDERA_EFFECTS: dict[str, Hook] = {}
"""card id -> the one-off effect of a lightning-bolt Caldera card played from the hand.
Only cards listed here are offered as ``play_caldera`` actions."""

SCORE_HOOKS: dict[str, Callable[[VolcaniqueState, int], int]] = {}


def _end_on_unlock(power: str) -> Hook:
    def hook(state: VolcaniqueState, seat: int) -> list[dict[str, Any]]:
        return state.trigger_end(power, seat)

    return hook


for _pid, _info in POWERS.items():
    if _info.get("end_trigger") == "on_unlock":
        UNLOCK_HOOKS[_pid] = _end_on_unlock(_pid)


def on_unlock(state: VolcaniqueState, seat: int, power: str) -> list[dict[str, Any]]:
    hook = UNLOCK_HOOKS.get(power)
    return hook(state, seat) if hook else []


def caldera_playable(card: str) -> bool:
    return bool(POWERS[card].get("bolt")) and card in CALDERA_EFFECTS
