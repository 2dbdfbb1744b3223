"""Set-up, the designer's 15 steps (research A3)."""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import then
from lapilli.core.zones import Zone

from .board import HATCH, SE, SW
from .components import BLUEPRINT_DECK, DECKS, NRES, PLAYER, RADIO, ROCKETS, START_TILES, TILES
from .state import DeeperState, blank
from .turn import FIRST


def new_state(game: Any, players: int) -> DeeperState:
    s = blank(game, players)
    oc = s.ocean
    for seat, hatch in enumerate(oc.hatches):
        # 1. the habitat cards (Fabricator, Hatch, Storage) are every player's from the start
        # 2. the Radio is the starting hand of blueprints
        s.hands[seat].put(RADIO)
        # 3.-4. Lungs, Inventory and Upgrades boards with every covering tile on
        s.upgrades[seat] = 0
        s.milestones[seat] = 0
        # 6. 4 air tokens fill the uncovered Lungs
        s.air[seat] = PLAYER["air_start"]
        # 13. the starting tiles, with their resources: beside each Hatch (default 6)
        s.tiles[hatch] = HATCH
        for side, tile in zip((SW, SE), START_TILES[2 * seat : 2 * seat + 2], strict=True):
            cell = oc.neighbours[hatch][side]
            s.tiles[cell] = tile
            s.res[cell * NRES : cell * NRES + NRES] = TILES[tile].resources
        # 14. pawns in their Hatches
        s.pawn[seat] = hatch
    # 7.-8. the five depth decks, shuffled (a Zone draws at random)
    s.decks = [Zone(deck) for deck in DECKS]
    # 9. the tile market starts empty; 10. the blueprint deck; 11. the rocket cards
    s.market = []
    s.blueprints = Zone(dict(BLUEPRINT_DECK))
    s.rockets = list(ROCKETS)
    # 12. the supply is unlimited (default 35); 15. a random starting player
    then(s, FIRST())
    return s
