"""What a set-up of Fuji promises learning libraries: its results and how long it can
last (``core.numeric.Bounds``)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from lapilli.core.numeric import Bounds

from .actions import MAX_DICE
from .components import EQUIPMENT, INJURIES, RANDOM_SCENARIOS, SCENARIOS

if TYPE_CHECKING:
    from .game import Fuji

REROLLS = 4
"""The most rerolls of one session: 2 to stay, +1 on a reroll symbol, +1 Survivalist."""


INFORMATION = (
    "The log tells the seat every signal (the team's only talk), marker, reroll count, "
    "card used or given, move, injury and eruption; which die it picked behind its "
    "screen only to itself. Of that history the vector keeps each adventurer's signals "
    "this round, equipment cards used once, the cards discarded and known at the bottom "
    "of the pile, the dice set aside, and stamina and injuries; the others' dice behind "
    "their screens are only known to be there."
)
"""What a seat's information state holds beyond the present (``docs/numeric.md``)."""


def lava_horizon(scenario: int) -> int:
    """The eruptions after which every card that can flip is lava: the lava starts on
    the volcano and each eruption flips every card next to it but the villages."""
    grid = SCENARIOS[scenario]["grid"]
    cards = {
        (x, y): code for y, row in enumerate(grid) for x, code in enumerate(row) if code != "."
    }
    start = [xy for xy, code in cards.items() if code == "V"]
    far = {xy: 0 for xy in start}
    todo = deque(start)
    while todo:
        x, y = todo.popleft()
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nb in cards and nb not in far and cards[nb][0] not in "vV":
                far[nb] = far[(x, y)] + 1
                todo.append(nb)
    flippable = [xy for xy, code in cards.items() if code[0] not in "vV"]
    if any(xy not in far for xy in flippable):
        raise ValueError(f"scenario {scenario}: some card never turns to lava")
    return max(far.values())


def bounds(game: Fuji, players: int) -> Bounds:
    """The team wins (1 for every seat) or loses (0).

    Rounds: after as many eruptions as the lava needs to reach every card but the
    villages (``lava_horizon``, the longest of the scenarios that may be drawn), a meeple
    off a village is swallowed, and one on the last village reached won: the game is
    over by then. A round holds at most, for A adventurers (a 2-player game has a
    third), D dice and U = 30 uses of the 15 equipment cards (the Tinkerer uses a card
    twice): two planning passes of a signal and a marker each (4A); A + 1 reroll
    sessions (the third meeple's dice on each side) of 4 rerolls, each picking up to D
    dice, a set-aside and a stop; each card use and what it asks (a reroll session of
    2, at most 2D + 4); phase 4's signals and its "done"s (at most A after each thing
    done); the movement's order, power bars, 4 injuries each and the dice lost; the
    cards the Equipment manager gives. The set-up: a skill, the equipment kept and a
    die type left out, per adventurer.
    """
    scenario = game.options.scenario
    drawn = RANDOM_SCENARIOS if scenario == "random" else (int(scenario),)
    rounds = max(lava_horizon(sc) for sc in drawn)
    a = players + (players == 2)
    d = MAX_DICE
    uses = 2 * len(EQUIPMENT)
    per_round = (
        4 * a
        + (a + 1) * (REROLLS * (d + 1) + 2)
        + uses * (1 + 2 * d + 4)
        + a
        + (a + uses + 1) * a
        + a * (2 + len(INJURIES))
        + d
        + len(EQUIPMENT)
    )
    return Bounds(rounds, per_round, setup=6 * a, utility=(0.0, 1.0))
