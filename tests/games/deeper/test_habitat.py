"""In the habitat: Convert, Craft, and free moves between Inventory and Storage."""

import pytest

from lapilli.core.errors import IllegalAction

from .helpers import A, inv, position, sto


def kinds(s):
    return {a.kind for a in s.legal_actions()}


def test_in_your_habitat_means_on_your_own_hatch():
    s = position(2, seats={0: {"inventory": {"fish": 2}}})
    assert s.in_habitat(0) and "convert" in kinds(s)
    s.apply(A("swim", to="G10"))
    assert "convert" not in kinds(s) and "craft" not in kinds(s)
    with pytest.raises(IllegalAction, match="Convert: only in your habitat"):
        s.apply(A("convert", use="food"))


def test_on_another_players_hatch_you_are_not_home_unless_the_option_says_so():
    s = position(2, seats={0: {"hex": "J0", "air": 1}})
    assert not s.in_habitat(0)
    s.apply(A("done"))
    assert s.air[0] == 0
    s = position(2, options={"habitat": "any"}, seats={0: {"hex": "J0", "air": 1}})
    assert s.in_habitat(0)
    s.apply(A("done"))
    assert s.air[0] == 4


def test_the_fabricator_converts_paying_from_inventory_and_storage():
    s = position(seats={0: {"inventory": {"fish": 1}, "storage": {"fish": 1}}})
    s.apply(A("convert", use="food"))  # 2 fish -> 1 food
    assert inv(s) == {} and sto(s) == {"food": 1}


def test_fabricator_titanium_to_quartz_and_diamond_to_any():
    s = position(seats={0: {"inventory": {"titanium": 2, "diamond": 1}}})
    anys = [a for a in s.legal_actions() if a.arg("use") == "any"]
    assert len(anys) == 7  # the "?" becomes any resource, food included (default 17)
    s.apply(A("convert", use="quartz"))
    s.apply(A("convert", use="any", make="coral"))
    assert inv(s) == {} and sto(s) == {"quartz": 1, "coral": 1}


def test_a_conversion_you_cannot_pay_for_is_refused():
    s = position(seats={0: {"inventory": {"fish": 1}}})
    with pytest.raises(IllegalAction, match="you lack 1 fish"):
        s.apply(A("convert", use="food"))


def test_one_convert_action_is_one_activation():
    s = position(seats={0: {"inventory": {"fish": 4}}})
    s.apply(A("convert", use="food"))
    assert inv(s) == {"fish": 2} and s.stack[-1].args.left == 1  # default 16


def test_craft_a_blueprint_from_your_hand():
    s = position(seats={0: {"inventory": {"titanium": 1, "quartz": 1}, "storage": {"coral": 1}}})
    s.apply(A("craft", card="radio"))
    assert list(s.built[0]) == ["radio"] and len(s.hands[0]) == 0
    assert inv(s) == {} and sto(s) == {} and s.scores() == [3.0]


def test_craft_only_from_your_hand_and_only_what_you_can_pay():
    s = position(seats={0: {"inventory": {"titanium": 2, "kelp": 1}}})
    with pytest.raises(IllegalAction, match="only build blueprints from your hand"):
        s.apply(A("craft", card="garden"))
    with pytest.raises(IllegalAction, match="Craft Radio: you lack 1 coral, 1 quartz"):
        s.apply(A("craft", card="radio"))


def test_rocket_cards_need_your_radio_and_are_communal():
    ti = {"titanium": 4}
    s = position(2, seats={0: {"inventory": ti}, 1: {"built": ["radio"], "inventory": ti}})
    with pytest.raises(IllegalAction, match="once you have completed your Radio"):
        s.apply(A("craft", card="launch_platform"))
    s.apply(A("done"))
    s.apply(A("craft", card="launch_platform"))  # not in anybody's hand
    assert list(s.rocket_cards[1]) == ["launch_platform"] and list(s.rockets) == [
        "fuel_booster",
        "command_module",
    ]
    with pytest.raises(IllegalAction, match="the Launch Platform is already built"):
        s.apply(A("craft", card="launch_platform"))


def test_upgrade_tiles_are_crafted_once_each_in_any_order():
    s = position(seats={0: {"inventory": {"kelp": 2, "titanium": 1}}})
    s.apply(A("craft", card="swim_bag"))
    assert s.has(0, "swim_bag") and s.inventory_size(0) == 6
    s.apply(A("craft", card="back_pack"))
    assert s.inventory_size(0) == 8 and inv(s) == {}
    s.apply(A("done"))
    with pytest.raises(IllegalAction, match="your Swim Bag is already crafted"):
        s.apply(A("craft", card="swim_bag"))


def test_crafting_is_only_in_the_habitat():
    s = position(seats={0: {"hex": "G10", "inventory": {"kelp": 1}}})
    with pytest.raises(IllegalAction, match="Craft: only in your habitat"):
        s.apply(A("craft", card="swim_bag"))


def test_free_moves_between_inventory_and_storage_in_the_habitat():
    s = position(seats={0: {"inventory": {"fish": 2}, "storage": {"kelp": 4}}})
    moves = [a for a in s.legal_actions() if a.kind in ("store", "unstore")]
    assert moves == [A("unstore", resource="kelp")]  # the Storage is full
    s.apply(A("unstore", resource="kelp"))
    assert s.stack[-1].args.left == 2  # free: no action spent
    s.apply(A("store", resource="fish"))
    assert inv(s) == {"fish": 1, "kelp": 1} and sto(s) == {"fish": 1, "kelp": 3}


def test_no_free_moves_outside_the_habitat():
    s = position(seats={0: {"hex": "G10", "inventory": {"fish": 1}}})
    assert "store" not in kinds(s)
    with pytest.raises(IllegalAction, match="only in your habitat"):
        s.apply(A("store", resource="fish"))
