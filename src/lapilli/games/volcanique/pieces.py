"""The small values a position is made of: the stage of the game, where critters
stand, lava tiles, what the player to move has done this turn, Caldera hands."""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar, NamedTuple

from lapilli.core.zones import Zone


class Stage(StrEnum):
    SETUP = "setup"
    MAIN = "main"
    FINAL = "final"  # the end-game sequence: one final turn each
    ERUPTION = "eruption"  # the super volcano's owner's last turn: move, then it erupts
    FINALE = "finale"  # then turns of claiming until every lava flow reaches the sea
    OVER = "over"


MAIN, FINAL = Stage.MAIN, Stage.FINAL
"""The stages checked at every step, as plain names (reading a member off an enum
class costs a lookup each time)."""
TURN_STAGES = frozenset({MAIN, FINAL})
"""The stages in which players take turns of their own (powers used "at any time
during your turn" are offered then)."""


Spot = tuple[int, int, int, int]
"""Where a player's critters stand, as saved and shown: ``(q, r, colour, owner)``, a
region and whose they are (inside the rules a spot is a number, see ``board``).
Several players' critters share a region only through Cooperative Critters."""


FLOWING = -1
"""The ``sea_turn`` of a lava tile still on land."""


class Lava(NamedTuple):
    """A lava tile: where it is (a hex id, see ``board``; saved as ``[q, r]``) and the
    turn it reached the ocean (``FLOWING``: not yet)."""

    at: int
    sea_turn: int

    @property
    def flowing(self) -> bool:
        return self.sea_turn == FLOWING


class ThisTurn(NamedTuple):
    """What the player to move has done so far this turn."""

    tiles: int = 0  # tiles placed (a volcano counts)
    on_soil: int = 0  # how many went on volcanic soil, while every one so far did
    sacrificed_from_board: bool = False
    sacrificed_from_hand: bool = False
    caldera_cards: int = 0  # bought from the Caldera this turn
    moves: int = 0  # critter movements made (Agile Critters: up to 2)
    granted: tuple[str, ...] = ()  # powers lent for this turn by Caldera cards played
    claimed: bool = False  # a critter claimed a tile (Erosion comes before)
    eroded: bool = False
    burrowed: bool = False  # the burrow step (burrow or emerge a critter) is used
    sea: bool = False  # the sea critter step is used


ISLAND_PIECES = 3
"""Tiles of a starting island (an Uno, a Duo, a Trio) and of a summoned island."""


class Cards(Zone[str]):
    """Caldera cards (the deck, a hand): a zone that clones share until one of them
    changes it (``own``), as cards move seldom (bought, played, dealt to the grid)."""

    __slots__ = ()
    shared: ClassVar[bool] = True  # clones share it (see ``own``)

    def copy(self) -> Cards:
        return self

    def own(self) -> Cards:
        """A copy of its own, to change."""
        z = Cards.__new__(Cards)
        z.items, z.seen, z.under = self.items.copy(), self.seen, self.under[:]
        return z


def cards(hand: Zone[str]) -> list[str]:
    """The cards of a Caldera hand in the order drawn (every Caldera card is unique)."""
    return list(hand.items)
