"""The Upgrades board and the Lungs/Inventory covering tiles, and the explore milestones."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE

from .helpers import A, at, inv, position, step

DOWN = {"H20": "20m-01", "H40": "40m-01", "H60": "60m-01"}


# -- Fins, Knife, Sea Glide ------------------------------------------------------------
def test_fins_move_two_spaces_on_the_first_swim_of_a_turn():
    s = position(tiles=DOWN, seats={0: {"upgrades": ["fins"]}})
    assert A("swim", to="H40") in s.legal_actions()
    s.apply(A("swim", to="H40"))  # through H20
    with pytest.raises(IllegalAction, match="adjacent hex tile"):
        s.apply(A("swim", to="H0"))  # the second Swim moves 1
    s.apply(A("swim", to="H20"))  # the turn ends; the next turn's first Swim has Fins again
    assert s.current_player() == 0 and not s.swum
    assert A("swim", to="H60") in s.legal_actions()


def test_without_fins_a_swim_moves_one_space():
    s = position(tiles=DOWN)
    assert A("swim", to="H40") not in s.legal_actions()


def test_the_knife_gathers_one_resource_when_your_turn_ends_after_breathing():
    s = position(
        tiles={"H20": "40m-11"}, seats={0: {"hex": "H20", "upgrades": ["knife"], "air": 0}}
    )
    s.apply(A("done"))
    assert s.air[0] == 2 and step(s) == "knife"  # drowned first (nothing to lose), then the Knife
    assert s.legal_actions() == [A("knife", resource="titanium"), A("decline")]
    s.apply(A("knife", resource="titanium"))
    assert inv(s) == {"titanium": 1} and step(s) == "act"  # the next turn


def test_sea_glide_moves_you_into_the_explored_tile_if_you_wish():
    s = position(market=["20m-01"], seats={0: {"hex": "G10", "upgrades": ["sea_glide"]}})
    s.apply(A("explore", tile="20m-01", at="H20"))
    assert step(s) == "glide" and s.legal_actions() == [A("glide"), A("stay")]
    s.apply(A("glide"))
    assert at(s) == "H20" and s.stack[-1].args.left == 1


def test_sea_glide_works_after_a_scan_too():
    s = position(seats={0: {"hex": "G10", "upgrades": ["sea_glide"]}})
    s.apply(A("scan", deck="20m"))
    s.apply(A("draw", tile="20m-02"))
    s.apply(A("place", at="H20"))
    assert step(s) == "glide"
    s.apply(A("stay"))
    assert at(s) == "G10"


def test_sea_glide_works_after_a_terraform_and_the_scanners_free_explore():
    # a Terraform "performs an Explore action", and so does the Scanner's free Explore
    s = position(
        tiles={"H20": "20m-01"},
        market=["20m-05"],
        seats={0: {"hex": "G10", "upgrades": ["sea_glide"]}},
    )
    s.apply(A("terraform", tile="20m-05", at="H20"))  # kelp only: one fewer by itself
    assert step(s) == "glide"
    s.apply(A("glide"))
    assert at(s) == "H20"
    s = position(
        tiles={"H20": "40m-11"},
        market=["20m-11"],
        seats={0: {"hex": "H20", "built": ["scanner"], "upgrades": ["sea_glide"]}},
    )
    s.apply(A("scan", deck="20m"))
    for tile in ("20m-01", "20m-02", "20m-03", "20m-04"):
        s.apply(A("draw", tile=tile))
    s.apply(A("trim", tile="20m-04"))
    s.apply(A("explore", tile="20m-11", at="G30"))
    s.apply(A("blueprint", card="garden"))  # the 40m milestone
    assert step(s) == "glide"
    s.apply(A("glide"))
    assert at(s) == "G30"


def test_a_terraform_explores_a_new_depth_too():
    s = position(
        tiles={"H20": "20m-01", "H40": "20m-02"}, market=["20m-05"], seats={0: {"hex": "H20"}}
    )
    events = s.apply(A("terraform", tile="20m-05", at="H40"))
    assert {"type": "milestone", "seat": 0, "depth": 40, "points": 1} in events


# -- Lungs and Inventory tiles ------------------------------------------------------------
def test_rebreather_and_air_tank_uncover_two_lungs_spaces_each():
    s = position(seats={0: {"inventory": {"titanium": 1, "coral": 1, "quartz": 1}}})
    s.apply(A("craft", card="rebreather"))
    assert s.lungs(0) == 6 and s.air[0] == 4  # uncovered, not yet filled
    s.apply(A("craft", card="air_tank"))
    assert s.lungs(0) == 8 and s.air[0] == 8  # breathed in the habitat: full


def test_drowning_refills_half_the_uncovered_lungs():
    s = position(
        tiles={"H20": "20m-01"}, seats={0: {"hex": "H20", "air": 0, "upgrades": ["rebreather"]}}
    )
    s.apply(A("done"))
    assert s.air[0] == 3


def test_swim_bag_and_back_pack_uncover_two_inventory_cells_each():
    s = position(seats={0: {"upgrades": ["swim_bag", "back_pack"]}})
    assert s.inventory_size(0) == 8


# -- achievements ---------------------------------------------------------------------------
def test_the_first_tile_placed_at_a_new_depth_scores_its_milestone_and_draws_a_blueprint():
    s = position(market=["20m-01", "20m-02"], seats={0: {"hex": "G10"}})
    events = s.apply(A("explore", tile="20m-01", at="G30"))  # 30 m: the 40m level
    assert events[1] == {"type": "milestone", "seat": 0, "depth": 40, "points": 1}
    assert s.current_player() == CHANCE and step(s) == "draw_blueprint"
    events = s.apply(A("blueprint", card="scanner"))
    assert "scanner" in s.hands[0] and len(s.blueprints) == 13
    assert events[1]["private"] == 0  # only the drawer learns the card
    assert s.scores() == [1.0]
    # a second tile at the same depth claims nothing
    s.apply(A("explore", tile="20m-02", at="H20"))
    assert s.milestones[0] == 1 << 2 and s.current_player() == 0


def test_skipped_depths_stay_claimable_and_milestones_score_1_1_2_2():
    s = position(
        tiles={"H20": "20m-01", "H40": "20m-02"},
        market=["20m-03", "20m-04"],
        seats={0: {"hex": "H40"}},
    )
    s.apply(A("explore", tile="20m-03", at="H60"))  # the 60m level first
    s.apply(A("blueprint", card="garden"))
    s.apply(A("explore", tile="20m-04", at="G50"))  # 50 m is the 60m level too: nothing
    assert s.current_player() == 0
    assert s.breakdown(0)["milestones"] == 1
    s = position(seats={0: {"milestones": [40, 60, 80, 100]}})
    assert s.breakdown(0)["milestones"] == 6


def test_an_empty_blueprint_deck_gives_no_card():
    s = position(market=["20m-01"], seats={0: {"hex": "G10"}})
    for card in list(s.blueprints.hidden()):
        s.blueprints.take(card)
    s.apply(A("explore", tile="20m-01", at="G30"))
    assert s.current_player() == 0 and s.breakdown(0)["milestones"] == 1


def test_with_the_enter_option_a_milestone_comes_with_moving_there():
    s = position(
        options={"milestones": "enter"},
        tiles={"H20": "20m-01"},
        market=["20m-02"],
        seats={0: {"hex": "H20"}},
    )
    s.apply(A("explore", tile="20m-02", at="H40"))
    assert s.milestones[0] == 0 and s.current_player() == 0
    s.apply(A("swim", to="H40"))
    assert s.milestones[0] == 1 << 2 and step(s) == "draw_blueprint"
