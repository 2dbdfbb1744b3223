"""Set-up, the designer's 15 steps (research A3)."""

from __future__ import annotations

from lapilli.core.flow import then
from lapilli.core.state import Game
from lapilli.core.zones import Zone, seats_mask

from .board import HATCH, SE, SW
from .components import BLUEPRINT_DECK, NRES, RADIO, ROCKETS, START_TILES, TILES
from .state import DeeperState
from .turn import FIRST


def new_state(game: Game, players: int) -> DeeperState:
    s = DeeperState.__new__(DeeperState)
    s.setup(game, players)
    oc = s.ocean
    s.tiles = [None] * len(oc.cells)
    s.res = [0] * (len(oc.cells) * NRES)
    # 1. the habitat cards (Fabricator, Hatch, Storage) are every player's from the start
    # 2. the Radio is the starting hand of blueprints
    s.hands = [Zone([RADIO], seen=seats_mask(p)) for p in range(players)]
    # 3.-4. Lungs, Inventory and Upgrades boards with every covering tile on
    s.upgrades = [0] * players
    s.milestones = [0] * players
    # 6. 4 air tokens fill the uncovered Lungs (the air_start option)
    s.air = [s.options.air_start] * players
    s.inventory = [[0] * NRES for _ in range(players)]
    s.storage = [[0] * NRES for _ in range(players)]
    s.built = [()] * players
    s.rocket_cards = [()] * players
    for seat, hatch in enumerate(oc.hatches):
        # 13. the starting tiles, with their resources: beside each Hatch (default 6)
        s.tiles[hatch] = HATCH
        for side, tile in zip((SW, SE), START_TILES[2 * seat : 2 * seat + 2], strict=True):
            cell = oc.neighbours[hatch][side]
            s.tiles[cell] = tile
            s.res[cell * NRES : cell * NRES + NRES] = TILES[tile].resources
    # 14. pawns in their Hatches
    s.pawn = list(oc.hatches)
    # 7.-8. the five depth decks, shuffled (a Zone draws at random)
    s.decks = [Zone(deck) for deck in s.options.decks()]
    # 9. the tile market starts empty; 10. the blueprint deck; 11. the rocket cards
    s.market, s.removed = [], ()
    s.blueprints = Zone(dict(BLUEPRINT_DECK))
    s.rockets = tuple(ROCKETS)
    s.first, s.round, s.turns, s.swum = -1, 0, 0, False
    s.end, s.builder, s.tie_winner = "", -1, -1
    # 12. the supply is unlimited (default 35); 15. a random starting player
    then(s, FIRST())
    return s
