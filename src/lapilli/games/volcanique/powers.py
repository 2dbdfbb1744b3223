"""The Volcanic Power Grid (the tech tree), who holds which power, and the numbers a
few passive powers change.

A player holds a power when one of their critters is on its slot of the grid, or for
the rest of their turn once they play its lightning-bolt card from the Caldera (see
``caldera.py``). The effects live with the rules they change: movement
(``movement.py``), the volcano and its reactions (``eruption.py``), lava (``lava.py``),
moving land (``tectonics.py``), the claim and sacrifice steps (``critters.py``,
``sacrifice.py``), scoring, and the end sequences (``endgame.py``, ``winter.py``).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from lapilli.core.flow import Frame

from .components import (
    CRATER_POINTS,
    FIRST_SLOT,
    HAND_CAP,
    ISLAND_TILES,
    POWERS,
    SLOT_NEIGHBOURS,
    SLOTS,
    TILES_ON_SOIL,
)
from .pieces import FINAL, TURN_STAGES

if TYPE_CHECKING:
    from .state import VolcaniqueState

TURN_STEPS = frozenset({"move", "buy", "claim", "sacrifice", "caldera", "spend"})
"""The steps of a turn between which powers usable "at any time during your turn"
(Caldera cards, Rift, Converging Tectonic Plates) are offered."""

LIMITED = ("rift", "converging_tectonic_plates")
"""Limited powers: once in the main game, once more in the holder's final turn."""


def unlockable(unlocked: Collection[str]) -> list[str]:
    """Slots a player may unlock: the Level 1 power first, then any slot sharing an edge
    with a power they already unlocked. When none is left, they place the critter on a
    power they already hold (it still counts as an activated volcano)."""
    if not unlocked:
        return [FIRST_SLOT]
    held = set(unlocked)
    options = sorted({n for s in held for n in SLOT_NEIGHBOURS[s]} - held, key=SLOTS.index)
    return options or sorted(held, key=SLOTS.index)


def has_power(s: VolcaniqueState, seat: int, power: str) -> bool:
    """On the grid, or lent for this turn by a Caldera card the seat played."""
    granted = s.this_turn.granted
    if granted and seat == s.player and power in granted:
        return True
    grid = s.grid
    for slot in s.unlocked[seat]:  # noqa: SIM110 (a plain loop: asked at every step)
        if grid.get(slot) == power:
            return True
    return False


def held_powers(s: VolcaniqueState, seat: int) -> list[str]:
    """The powers a seat has unlocked on the grid, in the order unlocked."""
    return [s.grid[slot] for slot in s.unlocked[seat] if slot in s.grid]


def own_turn_step(s: VolcaniqueState, f: Frame) -> bool:
    """Whether ``f`` is a step of its decider's own turn (main game or final turn), where
    "at any time during your turn" powers are offered (not while a new island's tiles
    are being claimed)."""
    return (
        f.seat == s.player
        and f.step.name in TURN_STEPS
        and s.stage in TURN_STAGES
        and getattr(f.args, "island", None) is None
    )


def limited_use(s: VolcaniqueState, power: str) -> str:
    """The name of a use of a limited power now: ``power@main`` or ``power@final``."""
    return f"{power}@{'final' if s.stage is FINAL else 'main'}"


def may_use_limited(s: VolcaniqueState, seat: int, power: str) -> bool:
    """A limited power from the grid: once in the main game, once in the final turn."""
    return has_power(s, seat, power) and (
        not s.used[seat] or limited_use(s, power) not in s.used[seat]
    )


def _most(s: VolcaniqueState, seat: int, field: str, base: int) -> int:
    """The largest value of a data field among the seat's powers (``base`` without)."""
    values = FIELDS[field]  # (asked at every buy and collection: kept to dict lookups)
    grid, best = s.grid, base
    for slot in s.unlocked[seat]:
        best = max(best, values.get(grid.get(slot, ""), base))
    if seat == s.player:
        for power in s.this_turn.granted:
            best = max(best, values.get(power, base))
    return best


FIELDS: dict[str, dict[str, int]] = {
    field: {p: int(info[field]) for p, info in POWERS.items() if field in info}
    for field in ("hand_cap", "crater_points", "max_tiles", "island_tiles")
}
"""The powers that change a number of the rules (``_most``), with their values."""


def hand_cap(s: VolcaniqueState, seat: int) -> int:
    """Resources a player may hold after collection (7; Bountiful Resources: 8)."""
    return _most(s, seat, "hand_cap", HAND_CAP)


def crater_points(s: VolcaniqueState, seat: int) -> int:
    """Points per critter in the crater at the end (1; Exalted Sacrifices: 2)."""
    return _most(s, seat, "crater_points", CRATER_POINTS)


def max_tiles(s: VolcaniqueState, seat: int) -> int:
    """Tiles a player may place in one turn when every earlier one went on volcanic soil
    (2; Crafty Critters: 3)."""
    return _most(s, seat, "max_tiles", TILES_ON_SOIL)


def island_tiles(s: VolcaniqueState, seat: int) -> int:
    """Tiles a summoned island may have (3; Island Forger: 4)."""
    return _most(s, seat, "island_tiles", ISLAND_TILES)
