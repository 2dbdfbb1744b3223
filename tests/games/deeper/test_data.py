"""The component data: the designer's numbers and our explicit tile decks (defaults 8, 9)."""

from collections import Counter

from lapilli.games.deeper.board import N
from lapilli.games.deeper.components import (
    CONVERSIONS,
    DECK_NAMES,
    DECKS,
    MILESTONES,
    RESOURCES,
    START_TILES,
    TILES,
    UPGRADES,
    WATER,
)

BACKS = {  # the resources printed on each deck's back (tile backs, designer)
    "20m": {"fish", "coral", "kelp"},
    "40m": {"fish", "kelp", "coral", "titanium"},
    "60m": {"titanium", "fish", "quartz"},
    "80m": {"titanium", "quartz", "diamond"},
    "100m": {"diamond", "quartz"},
}
PATTERNS = {  # default 9 (walls and diagonals counted together where it says so)
    "20m": {"water": 6, "corner": 4, "wall": 2},
    # 40m: one wall of default 9 is the photographed diagonal half (40m-09)
    "40m": {"water": 4, "corner": 3, "wall": 2, "floor": 3},
    "60m": {"water": 3, "corner": 3, "wall": 2, "channel": 2, "floor": 2},
    "80m": {"water": 2, "corner": 2, "wall": 3, "channel": 2, "floor": 3},
    "100m": {"water": 2, "corner": 2, "wall": 3, "channel": 2, "floor": 3},
}
FAMILY = {
    "water": "water",
    "floor": "floor",
    "corner_sw": "corner",
    "corner_se": "corner",
    "wall_e": "wall",
    "wall_w": "wall",
    "slope_e": "floor",
    "slope_w": "floor",
    "channel": "channel",
}


def test_five_decks_of_twelve_tiles_with_resources_from_their_backs():
    for name, deck in zip(DECK_NAMES, DECKS, strict=True):
        assert len(deck) == 12 and len(set(deck)) == 12
        for tile in deck:
            held = {RESOURCES[k] for k, n in enumerate(TILES[tile].resources) if n}
            assert held <= BACKS[name], tile
            assert 1 <= sum(TILES[tile].resources) <= 4, tile


def test_edge_patterns_follow_default_9_and_no_tile_has_a_rock_north_edge():
    for name, deck in zip(DECK_NAMES, DECKS, strict=True):
        families = Counter(FAMILY[TILES[t].pattern] for t in deck)
        assert families == PATTERNS[name], name
    assert all(t.edges[N] == WATER for t in TILES.values())


def test_starting_tiles_are_all_water_fish_and_kelp():
    assert len(START_TILES) == 8
    for tile in START_TILES:
        assert TILES[tile].pattern == "water"
        assert {RESOURCES[k]: n for k, n in enumerate(TILES[tile].resources) if n} == {
            "fish": 1,
            "kelp": 1,
        }


def test_the_designers_numbers():
    assert {k: sum(u.cost) for k, u in UPGRADES.items()} == {
        "fins": 2,
        "knife": 1,
        "sea_glide": 2,
        "swim_bag": 1,
        "back_pack": 2,
        "rebreather": 2,
        "air_tank": 1,
    }
    assert MILESTONES == {2: 1, 3: 1, 4: 2, 5: 2}
    assert {c.id: c.name for c in CONVERSIONS.values()} == {
        "food": "2 fish -> 1 food",
        "quartz": "2 titanium -> 1 quartz",
        "any": "1 diamond -> 1 of your choice",
    }
