"""Blueprint cards (the designer's and the invented ones), rocket cards and the habitat."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.games.deeper.components import BLUEPRINTS, ROCKETS
from lapilli.games.deeper.habitat import card_cost

from .helpers import A, inv, on, position, step, sto


def test_the_designers_cards_and_the_invented_ones_are_labelled():
    designer = {k for k, c in BLUEPRINTS.items() if not c.invented}
    invented = {k for k, c in BLUEPRINTS.items() if c.invented}
    assert designer == {"radio", "garden", "scanner", "reactor"}
    assert invented == {"fish_farm", "pump", "extra_storage", "observatory"}
    points = {k: c.points for k, c in BLUEPRINTS.items()}
    assert points == {
        "radio": 3,
        "garden": 1,
        "scanner": 2,
        "reactor": 1,
        "fish_farm": 1,
        "pump": 1,
        "extra_storage": 1,
        "observatory": 2,
    }
    assert {k: c.points for k, c in ROCKETS.items()} == {
        "launch_platform": 2,
        "fuel_booster": 3,
        "command_module": 4,
    }


def test_garden_may_give_a_kelp_when_you_breathe_in_the_habitat():
    s = position(seats={0: {"built": ["radio", "garden"], "hand": [], "storage": {"fish": 4}}})
    s.apply(A("done"))
    assert step(s) == "breath_card"
    # the Storage is full: the kelp can only go into the Inventory
    assert s.legal_actions() == [A("take", resource="kelp", into="inventory"), A("decline")]
    with pytest.raises(IllegalAction, match="Garden: your Storage is full"):
        s.apply(A("take", resource="kelp", into="storage"))
    s.apply(A("take", resource="kelp", into="inventory"))
    assert inv(s) == {"kelp": 1}


def test_garden_gives_nothing_outside_the_habitat():
    s = position(seats={0: {"hex": "G10", "built": ["garden"]}})
    s.apply(A("done"))
    assert step(s) == "act"


def test_fish_farm_gives_a_fish_and_several_cards_each_give_one():
    s = position(seats={0: {"built": ["fish_farm", "garden"]}})
    s.apply(A("done"))
    s.apply(A("take", resource="fish", into="storage"))
    s.apply(A("take", resource="kelp", into="storage"))
    assert sto(s) == {"fish": 1, "kelp": 1}


def test_scanner_gives_a_free_explore_after_a_scan_with_no_legal_tile():
    s = position(
        tiles={"H20": "40m-11"},
        market=["20m-11"],
        seats={0: {"hex": "H20", "built": ["scanner"]}},
    )
    s.apply(A("scan", deck="20m"))
    for tile in ("20m-01", "20m-02", "20m-03", "20m-04"):
        s.apply(A("draw", tile=tile))
    s.apply(A("trim", tile="20m-04"))
    assert step(s) == "free_explore"
    assert s.legal_actions() == [A("explore", tile="20m-11", at="G30"), A("decline")]
    s.apply(A("explore", tile="20m-11", at="G30"))
    # a free Explore: the second action is still to come
    assert s.tiles[s.ocean.cell("G30")] == "20m-11"
    s.apply(A("blueprint", card="garden"))  # the 40m milestone
    assert step(s) == "act" and s.stack[-1].args.left == 1


def test_without_scanner_no_free_explore():
    s = position(tiles={"H20": "40m-11"}, market=["20m-11"], seats={0: {"hex": "H20"}})
    s.apply(A("scan", deck="20m"))
    for tile in ("20m-01", "20m-02", "20m-03"):
        s.apply(A("draw", tile=tile))
    s.apply(A("draw", tile="20m-04"))
    assert step(s) == "trim"
    s.apply(A("trim", tile="20m-04"))
    assert step(s) == "act"


def test_reactor_takes_a_titanium_off_other_cards_not_upgrades_or_conversions():
    s = position(seats={0: {"built": ["reactor"], "hand": ["radio", "garden"]}})
    assert card_cost(s, 0, "radio")[3] == 0 and card_cost(s, 0, "launch_platform")[3] == 3
    assert card_cost(s, 0, "observatory") == list(BLUEPRINTS["observatory"].cost)  # no titanium
    s.inventory[0][1] = 1  # one kelp
    s.changed()
    assert A("craft", card="garden") in s.legal_actions()  # titanium + kelp, less 1 titanium
    assert A("craft", card="knife") not in s.legal_actions()  # the Knife still costs titanium
    two = position(seats={0: {"built": ["reactor", "reactor"]}})
    assert card_cost(two, 0, "launch_platform")[3] == 2  # several Reactors stack


def test_extra_storage_adds_four_cells_and_observatory_just_scores():
    s = position(seats={0: {"built": ["extra_storage", "observatory"]}})
    assert s.storage_size(0) == 8 and s.breakdown(0)["blueprints"] == 3


def test_pump_moves_up_to_two_resources_from_adjacent_tiles_onto_your_tile():
    s = position(seats={0: {"built": ["pump"]}})
    s.apply(A("convert", use="pump"))
    assert step(s) == "pump"
    s.apply(A("pump", at="G10", resource="kelp"))
    s.apply(A("pump", at="I10", resource="fish"))
    assert on(s, "H0") == {"fish": 1, "kelp": 1} and on(s, "G10") == {"fish": 1}
    s.apply(A("gather", resource="fish", n=1))  # gathered on the Hatch
    assert inv(s) == {"fish": 1}


def test_storage_scores_one_star_per_food():
    s = position(seats={0: {"storage": {"food": 3, "fish": 1}, "inventory": {"food": 2}}})
    assert s.breakdown(0) == {"blueprints": 0, "rockets": 0, "milestones": 0, "food": 3}
