"""What a set-up of Volcanique promises learning libraries: its results and how long it
can last (``core.numeric.Bounds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.numeric import Bounds

from .components import KIND_COUNT, LIMITS, POWER_IDS

if TYPE_CHECKING:
    from .game import Volcanique

CRITTERS: int = LIMITS["critters"]
RESOURCES: int = 3 * LIMITS["resource_supply"]  # every resource of the game
TILES_A_TURN: int = LIMITS["tiles_on_soil"]
LAVA_FLOWS: int = LIMITS["lava_tiles"]
HIGHEST = sum(KIND_COUNT.values()) + 1  # every land tile in one stack, and a volcano
ISLAND = 4  # tiles of a summoned island (Island Forger's fourth)


INFORMATION = (
    "The log tells the seat every move, tile, volcano, power, claim, sacrifice, lava "
    "flow and Caldera card played; a Caldera card bought only to its buyer. Of that "
    "history the vector keeps the Caldera cards discarded, the powers unlocked and the "
    "limited powers used, the lava flows and the winter's spawn points; the others' "
    "Caldera hands are only counted."
)
"""What a seat's information state holds beyond the present (``docs/numeric.md``)."""


def per_turn(players: int) -> int:
    """The most decisions of one turn, for C critters in the game (21 a player) and P
    players; each term is a bound on what a turn may hold:

    - moving: 2 critters (Agile Critters), each a critter and where (4);
    - buying: 2 tiles (the second on volcanic soil), each bought, paid, placed and turned,
      or the way out (sacrificing from the hand) (9);
    - critters migrating off the tiles covered: the tiles bought, a landslide per volcano
      and the islands moved by Rift and Converging Tectonic Plates, 6 at most, each
      covering at most every critter (6C);
    - critters removed in contests: every critter on the board, and those placed this
      turn (C + 2 x 21);
    - 2 volcanoes, each erupted, set off as the super volcano, turned (Sleight of Land),
      unlocking a power, spawning the winter, erupting sideways and sliding a tile
      (7), with every player's Magma Bomb, Magma Siphon and Lava Diversion (3P) and every
      critter fleeing it (C);
    - evacuations from lava: each either abandons a critter (every critter, and those
      placed this turn) or pays 2 of the resources of the game, and of what siphons and
      sacrifices bring in (2C + 100), and every player's diversion of each lava flow (15P);
    - claiming: a critter from the hand on each tile, a Colossal upgrade and erosion for
      each, an island's claims (70); sacrificing, burrowing and summoning an island (40);
      Caldera cards bought (21); resources discarded (60); every Caldera card played and
      what it asks, and the two limited powers (2 x 26 + 4); the final turn's spending
      (22).
    """
    c = CRITTERS * players
    moving, buying = 4, 2 * TILES_A_TURN + 1 + 4
    covering = (TILES_A_TURN + 2 + 2) * c
    contests = c + 2 * CRITTERS
    volcanoes = 2 * (7 + 3 * players + c)
    lava = 2 * c + 100 + LAVA_FLOWS * players
    rest = 70 + 40 + 21 + RESOURCES + 2 * len(POWER_IDS) + 4 + 22
    return moving + buying + covering + contests + volcanoes + lava + rest


def bounds(game: Volcanique, players: int) -> Bounds:
    """1 shared among the most points, so the results add up to 1.

    Rounds: the round limit (a digital safeguard, which also ends a Volcanic Winter; 0,
    no limit, gives no bound), a round of final turns (it may end the next round), the
    super volcano's own turn, then finale turns until every lava flow is in the sea: a
    flow only runs downhill, so it stops within as many turns as the highest stack
    (``HIGHEST``). A round is a turn of each player (``per_turn``). The set-up: each
    player's starting island (3 tiles chosen, placed and turned), its Trio critter and a
    bonus resource.
    """
    limit = game.options.max_rounds
    rounds = limit + 4 + (HIGHEST + 2 + players - 1) // players if limit else None
    setup = players * (ISLAND * 3 + 2)
    return Bounds(rounds, players * per_turn(players), setup, utility=(0.0, 1.0), utility_sum=1.0)
