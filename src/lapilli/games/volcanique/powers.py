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


def max_tiles(state: VolcaniqueState, seat: int) -> int:
    """Tiles a player may place in one turn when every earlier one went on volcanic soil
    (2; a power with a ``max_tiles`` data field, e.g. Crafty Critters, raises it)."""
    n = 2
    for s in state.marks[seat]:
        n = max(n, int(POWERS[state.grid[s]].get("max_tiles", 0)))
    return n


def island_tiles(state: VolcaniqueState, seat: int) -> int:
    """Tiles of a summoned island (3; a power with an ``island_tiles`` data field, e.g.
    Island Forger, raises it)."""
    n = 3
    for s in state.marks[seat]:
        n = max(n, int(POWERS[state.grid[s]].get("island_tiles", 0)))
    return n


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
"""name -> points a seat gets from a power effect at the end (Colossal, Herding...)."""

STEP_ACTIONS: dict[str, Callable[[VolcaniqueState, int, str], list]] = {}
"""power id -> extra actions its holder may take at a step of their own turn: called
with (state, seat, phase) when the seat holds the power and is to decide (no pending
task); returns Actions (e.g. a second move for Agile Critters, burrowing at the
sacrifice step)."""

ACTION_HANDLERS: dict[str, Callable[[VolcaniqueState, Any], list[dict[str, Any]]]] = {}
"""action kind -> applies an action offered through ``STEP_ACTIONS``; returns events.
The handler may change the phase or queue tasks; the turn then goes on as usual."""


def step_actions(state: VolcaniqueState, seat: int, phase: str) -> list:
    out: list = []
    for power in sorted(powers_of(state, seat)):
        fn = STEP_ACTIONS.get(power)
        if fn is not None:
            out.extend(fn(state, seat, phase))
    return out


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
