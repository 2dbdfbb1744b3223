"""The Volcanic Power Grid, what the powers change in the base rules, and playing
lightning-bolt Caldera cards.

The base game needs of the powers: which slot a player may unlock next (the tech-tree
rule) and the numbers a few passive powers change, read from their data fields
(``hand_cap``, ``crater_points``, ``max_tiles``, ``island_tiles``). The effects of the
individual powers are issue 10; they go into the step table (``steps.py``): a power
used during its holder's own turn as a free step, a reaction in another player's turn
as a decision frame pushed where the rule it answers fires. A Caldera card becomes
playable once its effect is listed in ``CALDERA_EFFECTS``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lapilli.core import Action
from lapilli.core.flow import Frame

from .actions import PLAY_CALDERA
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
from .pieces import Stage

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict[str, Any]]


def unlockable(unlocked: list[str]) -> list[str]:
    """Slots a player may unlock: the Level 1 power first, then any slot sharing an edge
    with a power they already unlocked. When none is left, they place the critter on a
    power they already hold (it still counts as an activated volcano)."""
    if not unlocked:
        return [FIRST_SLOT]
    held = set(unlocked)
    options = sorted({n for s in held for n in SLOT_NEIGHBOURS[s]} - held, key=SLOTS.index)
    return options or sorted(held, key=SLOTS.index)


def has_power(s: VolcaniqueState, seat: int, power: str) -> bool:
    return any(s.grid.get(slot) == power for slot in s.unlocked[seat])


def _most(s: VolcaniqueState, seat: int, field: str, base: int) -> int:
    """The largest value of a data field among the seat's powers (``base`` without)."""
    return max([base, *(int(POWERS[s.grid[x]].get(field, 0)) for x in s.unlocked[seat])])


def hand_cap(s: VolcaniqueState, seat: int) -> int:
    """Resources a player may hold after collection (7; Bountiful Resources: 8)."""
    return _most(s, seat, "hand_cap", HAND_CAP)


def crater_points(s: VolcaniqueState, seat: int) -> int:
    """Points per critter in the crater at the end (1; Exalted Sacrifices: 2)."""
    return _most(s, seat, "crater_points", CRATER_POINTS)


def max_tiles(s: VolcaniqueState, seat: int) -> int:
    """Tiles a player may place in one turn when every earlier one went on volcanic soil
    (2; a power with a ``max_tiles`` data field, e.g. Crafty Critters, raises it)."""
    return _most(s, seat, "max_tiles", TILES_ON_SOIL)


def island_tiles(s: VolcaniqueState, seat: int) -> int:
    """Tiles of a summoned island (3; a power with an ``island_tiles`` data field, e.g.
    Island Forger, raises it)."""
    return _most(s, seat, "island_tiles", ISLAND_TILES)


# -- lightning-bolt Caldera cards, at any time during your own turn ------------------------
CALDERA_EFFECTS: dict[str, Callable[[VolcaniqueState, int], Events]] = {}
"""card -> its one-off effect, called with (state, seat) when the card is played; it
may push frames (a choice of target). Only cards listed here may be played."""


def legal_play(s: VolcaniqueState, f: Frame) -> list[Action]:
    hand = s.caldera_hands[f.seat]
    if not hand or f.seat != s.player or s.stage not in (Stage.MAIN, Stage.FINAL):
        return []
    return [
        PLAY_CALDERA[card]
        for card in sorted(hand.items)
        if POWERS[card]["bolt"] and card in CALDERA_EFFECTS
    ]


def refuse_play(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return "The Caldera: only lightning-bolt cards in your own hand can be played, during your turn"


def play(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Reveal the card, discard it, resolve its effect; the turn goes on where it was."""
    card, seat = a.arg("card"), f.seat
    s.unshare_caldera()
    s.caldera_hands[seat].take(card)
    s.caldera_discard.append(card)
    played = {"type": "caldera_played", "seat": seat, "card": card, "reveal": True}
    return [played, *CALDERA_EFFECTS[card](s, seat)]
