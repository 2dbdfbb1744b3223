"""What a set-up of Foggy Island promises learning libraries: its results and how long
it can last (``core.numeric.Bounds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.numeric import Bounds

from .board import QUADRANTS, TILES
from .components import EXTRA_ROUNDS, HAND_SIZE, MERCENARIES, PILE_SIZE, ROUNDS

if TYPE_CHECKING:
    from .game import FoggyIsland

PLACEMENT = 6
"""The most decisions of one placement: the Hippo kept, the Frog moved, the token
chosen, its tile, and two picks of its ability (a target and the swap its owner makes,
or the Prairie Dog's two tokens)."""


INFORMATION = (
    "The log tells the seat every token placed (a face-down one as face down: what it is "
    "only to its owner), the weather, each round's scoring and each side's hiring; its "
    "own opening picks and choices are its own lines. Of that history the vector keeps "
    "the points of every round played, each side's composition (the mercenaries hired), "
    "the weather cards known under the deck and its coins; the opponent's hand, pile "
    "and face-down tokens are only counted."
)
"""What a seat's information state holds beyond the present (``docs/numeric.md``)."""


def bounds(game: FoggyIsland, players: int) -> Bounds:
    """Every seat's result is 1 (its side won), 0 or 1/2 (no winner), each side's seats
    sharing it: the results add up to the seats of one side.

    The rounds to play (2; 4 with mercenaries), with mercenaries up to 3 tie-break
    rounds more. A round holds at most: the weather card kept (1), every seat's opening
    hand (5 tokens each), 36 placements (each side's 18 tokens are placed at most once
    each: a swap puts one token back in a hand for one taken out) of at most 6 decisions
    each (``PLACEMENT``), 3 fog boards removed, and each side's hiring (every mercenary
    once, then done). Before the first round, the quick game's weather and hiring.
    """
    opts = game.options
    hiring = 2 * (sum(kind.count for kind in MERCENARIES.values()) + 1) if opts.mercenaries else 0
    placements = 2 * PILE_SIZE
    assert placements >= len(TILES)  # a round ends on a full map, or without tokens
    per_round = 1 + HAND_SIZE * players + placements * PLACEMENT + len(QUADRANTS) - 1 + hiring
    if opts.variant == "quick":
        rounds, setup = ROUNDS["quick"], 1 + hiring
    else:
        rounds, setup = ROUNDS["mercenaries" if opts.mercenaries else "basic"], 0
    if opts.mercenaries:
        rounds += EXTRA_ROUNDS
    return Bounds(rounds, per_round, setup, utility=(0.0, 1.0), utility_sum=players / 2)
