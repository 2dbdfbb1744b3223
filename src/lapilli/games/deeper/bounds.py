"""What a set-up of Deeper promises learning libraries: its results and how long it can
last (``core.numeric.Bounds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.numeric import Bounds

from .components import (
    ACTIONS,
    BLUEPRINT_DECK,
    BLUEPRINTS,
    GATHER_MOST,
    INVENTORY_OPEN,
    SCAN_DRAWS,
    STORAGE_CELLS,
    UPGRADES,
)

if TYPE_CHECKING:
    from .game import Deeper

MOST_HELD = (
    INVENTORY_OPEN
    + sum(u.inventory for u in UPGRADES.values())
    + STORAGE_CELLS
    + sum(BLUEPRINTS[c].storage * n for c, n in BLUEPRINT_DECK.items())
)
"""The most resources an Inventory and a Storage hold together: moving each of them at
most once makes any arrangement between them that moves can make."""

AFTER_ACTION = max(SCAN_DRAWS + 3, GATHER_MOST, 2)
"""The most decisions an action asks after it: a Scan's tile placed (or the Scanner's
free Explore), the market trimmed of the tiles it drew, and a Sea Glide for each tile
placed; a Gather's resources returned; a Terraform's resource fewer and its glide; the
Pump's two moves."""


INFORMATION = (
    "The log tells the seat every action of every diver, the tiles drawn, placed, "
    "trimmed and terraformed, the milestones and the blueprints crafted; a blueprint "
    "drawn only to its drawer. Of that history the vector keeps the tiles terraformed out "
    "of the game, the tiles known at the bottom of each deck, the milestones reached "
    "and the cards built; the others' blueprint hands are only counted."
)
"""What a seat's information state holds beyond the present (``docs/numeric.md``)."""


def bounds(game: Deeper, players: int) -> Bounds:
    """1 shared among the best scores (a tie decided gives it whole), so the results
    add up to 1.

    Rounds: the round limit (a digital safeguard; 0, no limit, gives no bound). A round
    is a turn of each player, and a turn holds at most 2 actions, each after free moves
    between the Inventory and the Storage and followed by ``AFTER_ACTION`` decisions,
    then a resource taken for each blueprint built that gives one when breathing, the
    Knife's gathering and the builder's decision of a tie. The rules let a diver move
    resources between Inventory and Storage back and forth without end: the learning
    environments allow ``MOST_HELD`` such moves in a row (``free_run``), which is every
    arrangement those moves can make.
    """
    limit = game.options.max_rounds
    breathing = sum(n for c, n in BLUEPRINT_DECK.items() if BLUEPRINTS[c].breath is not None)
    per_turn = ACTIONS * (MOST_HELD + 1 + AFTER_ACTION) + breathing + 2
    return Bounds(
        limit or None,
        players * per_turn,
        utility=(0.0, 1.0),
        utility_sum=1.0,
        free_run=MOST_HELD,
    )
