"""Set-up: starting islands, spacing, starting critters, the grid, the coin, resources."""

import pytest

from lapilli.core import CHANCE, Action, IllegalAction
from lapilli.core.hexgrid import distance
from lapilli.games.volcanique import Volcanique
from lapilli.games.volcanique.components import SLOTS, fits_slot

from .helpers import A, D, L, M, hex_id, spots, step


def build_first_island(s):
    # Uno: the first island's Uno goes at the origin (rotation does not matter)
    s.apply(A("choose_tile", tile="uno-dark"))
    assert s.stacks[hex_id((0, 0))] and s.pending().args.piece == 1
    # Duo: must connect to the Uno: a Duo without dark cannot
    with pytest.raises(IllegalAction, match="connecting Duo"):
        s.apply(A("choose_tile", tile="duo-medium-light"))
    s.apply(A("choose_tile", tile="duo-dark-medium"))
    assert {a.arg("at") for a in s.legal_actions()} == {
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, 0),
        (-1, 1),
        (0, 1),
    }
    s.apply(A("place", at=(1, 0)))
    # the Duo's dark edge must face the Uno (west): rotations 1, 2, 3
    assert [a.arg("rotation") for a in s.legal_actions()] == [1, 2, 3]
    s.apply(A("rotate", rotation=3))
    # Trio north-east of the Duo, facing the Duo's medium edge
    s.apply(A("choose_tile", tile="trio-dml"))
    s.apply(A("place", at=(2, -1)))
    assert [a.arg("rotation") for a in s.legal_actions()] == [1, 2]
    s.apply(A("rotate", rotation=1))


def test_starting_island_and_critters():
    s = Volcanique().new_state(2)
    build_first_island(s)
    # critters: on the Uno, on the Duo's biome not joined to the Uno (medium); the Trio's
    # medium joins the Duo's, so the choice is between its two unconnected biomes
    assert spots(s.critters) == {(0, 0, D, 0): 1, (1, 0, M, 0): 1}
    assert sorted(a.arg("biome") for a in s.legal_actions()) == ["dark", "light"]
    s.apply(A("claim", at=(2, -1), biome="light"))
    assert spots(s.critters)[(2, -1, L, 0)] == 1
    assert s.hand[0] == 18
    assert s.player == 1 and step(s) == "setup_tile"


def test_islands_are_spaced_two_hexes_apart():
    s = Volcanique().new_state(2)
    build_first_island(s)
    s.apply(A("claim", at=(2, -1), biome="light"))
    s.apply(A("choose_tile", tile="uno-light"))
    options = [a.arg("at") for a in s.legal_actions()]
    assert options
    for h in options:
        assert min(distance(h, o) for o in s.islands[0]) == 3  # two empty hexes between
    s.apply(A("place", at=options[0]))
    for _ in range(2):  # Duo and Trio keep the distance too
        s.apply(s.legal_actions()[0])
        for a in s.legal_actions():
            assert min(distance(a.arg("at"), o) for o in s.islands[0]) >= 3
        while step(s) in ("setup_place", "setup_rotate"):
            s.apply(s.legal_actions()[0])
    while step(s) == "setup_critter":
        s.apply(s.legal_actions()[0])
    assert step(s) == "deal"


def finish_setup(s):
    while step(s) != "deal":
        s.apply(s.legal_actions()[0])


def test_grid_deal_coin_first_resources_and_bonus():
    s = Volcanique().new_state(2)
    build_first_island(s)
    s.apply(A("claim", at=(2, -1), biome="light"))
    finish_setup(s)
    # the grid: shuffled cards are dealt one by one to a free slot of their level
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 23
    s.apply(Action("deal", power="volcanic_winter"))
    assert s.grid == {"L5": "volcanic_winter"}
    s.apply(Action("deal", power="super_volcanic_eruption"))  # L5 is full: discarded
    assert "super_volcanic_eruption" not in s.grid.values()
    s.apply(Action("deal", power="rift"))  # L2-4: several free slots, one at random
    assert step(s) == "deal_slot"
    assert {a.arg("slot") for a, _ in s.chance_outcomes()} == {
        "L2a",
        "L2b",
        "L3l",
        "L3m",
        "L3r",
        "L4a",
        "L4b",
    }
    s.apply(Action("deal_slot", slot="L3m"))
    while step(s) in ("deal", "deal_slot"):
        s.apply(s.chance_outcomes()[0][0])
    for slot, power in s.grid.items():
        assert fits_slot(power, slot)
    assert set(s.grid) == set(SLOTS)
    assert len(set(s.grid.values())) == len(SLOTS)
    # leftovers plus the Caldera-only cards form the Caldera deck
    assert "carnage" in s.caldera_deck and not set(s.caldera_deck.items) & set(s.grid.values())
    # the dispute dhoobloon: a fair coin between the two players
    assert [p for _, p in s.chance_outcomes()] == [0.5, 0.5]
    s.apply(Action("first_player", seat=1))
    # first resources: one per controlled biome; player one (seat 1) no bonus
    assert s.resources[0] == [1, 1, 1]
    assert sum(s.resources[1]) == 3
    # player two takes 2 bonus resources of their choice
    assert s.current_player() == 0 and step(s) == "bonus"
    s.apply(A("bonus", resource="dark"))
    s.apply(A("bonus", resource="dark"))
    assert s.resources[0] == [3, 1, 1]
    assert s.stage == "main" and s.player == 1


def test_bonus_resources_for_every_later_player():
    s = Volcanique().new_state(4)
    while step(s) != "coin":
        s.apply(s.chance_outcomes()[0][0] if s.current_player() == CHANCE else s.legal_actions()[0])
    s.apply(Action("first_player", seat=2))
    picks = []
    while step(s) == "bonus":
        picks.append(s.current_player())
        s.apply(s.legal_actions()[0])
    assert picks == [3, 3, 0, 0, 1, 1]  # turn order after player one, 2 each
    assert s.player == 2
