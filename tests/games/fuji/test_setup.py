"""SETUP: terrain from the scenario card, meeples, tokens, skills, equipment, dice."""

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction, MalformedInput, OptionError
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import IS_LANDSCAPE, IS_VILLAGE, RUBBLE, VOLCANO

from .helpers import eq, new, steps


def counts(s):
    land = sum(1 for c in range(64) if IS_LANDSCAPE[s.terrain[c]])
    village = sum(1 for c in range(64) if IS_VILLAGE[s.terrain[c]])
    return land, village, sum(s.equipment_token), sum(1 for c in range(64) if s.eruption_tokens[c])


def test_scenario_2_for_three_players_builds_the_card_without_the_4_player_village():
    s = new(3, scenario="2")
    assert counts(s) == (23, 5, 7, 2)
    assert s.terrain[cell(0, 6)] == VOLCANO and s.lava[cell(0, 6)]
    assert s.terrain[cell(0, 5)] == RUBBLE[0] and s.terrain[cell(1, 5)] == RUBBLE[1]
    assert s.terrain[cell(7, 3)] == 0  # V4 slot stays empty with 3 players
    # 2-3 players: every meeple on the white start
    assert s.position == [cell(1, 4)] * 3
    assert all(v == 1 for v in s.eruption_tokens if v)  # the one-eruption side


def test_four_players_use_the_grey_start_and_the_fourth_village():
    s = new(4, scenario="2")
    assert counts(s) == (23, 6, 7, 2)
    assert s.position[:2] == [cell(1, 4)] * 2 and s.position[2:] == [cell(1, 3)] * 2


def test_random_scenario_is_drawn_from_2_to_7():
    s = Fuji().new_state(3)
    assert s.stack[-1].step is steps.DRAW_SCENARIO
    assert sorted(a[1][0][1] for a, _ in s.chance_outcomes()) == [2, 3, 4, 5, 6, 7]


def test_scenario_1_is_offered_as_written():
    s = new(3, scenario="1")
    assert s.scenario == 1 and counts(s)[1] == 5


def test_extra_thrill_turns_the_eruption_token_closest_to_the_village():
    s = new(3, scenario="2", extra_thrill=True)
    # scenario 2: eruption tokens at (5,2) and at the village (6,6)
    assert s.eruption_tokens[cell(6, 6)] == 2 and s.eruption_tokens[cell(5, 2)] == 1


def test_skills_are_dealt_and_fix_the_number_of_dice():
    s = new(3, skills=("scout", "buddy", "survivalist"), leave="B")
    assert s.skill == ["scout", "buddy", "survivalist"]
    live = [
        sum(1 for d in range(len(s.dice)) if s.dice[d].owner == a and not s.dice[d].lost)
        for a in range(3)
    ]
    assert live == [5, 6, 5]
    # the player chose to leave out a die of type B (U3)
    out = [d for d in range(len(s.dice)) if s.dice[d].owner == 0 and s.dice[d].lost]
    assert [s.dice[d].type for d in out] == [1]


def test_starting_equipment_per_skill():
    s = new(
        3, skills=("scout", "buddy", "gatherer"), equipment=["rope", "water", "radio", "shovel"]
    )
    assert [len(e) for e in s.equipment] == [2, 1, 1]
    assert s.equipment[0] == [eq("rope"), eq("water")]
    assert len(s.equipment_pile) == 11


def test_equipment_manager_keeps_2_of_4_and_puts_the_rest_under_the_pile():
    s = new(
        3,
        skills=("equipment_manager", "buddy", "gatherer"),
        equipment=["rope", "water", "radio", "shovel", "map", "compass"],
        under=["radio", "rope"],
    )
    assert sorted(s.equipment[0]) == sorted([eq("water"), eq("shovel")])
    assert s.equipment_pile.under == [eq("radio"), eq("rope")]


def test_tinkerer_keeps_1_of_3():
    s = new(
        3,
        skills=("tinkerer", "buddy", "gatherer"),
        equipment=["rope", "water", "radio"],
        under=["rope", "radio"],
    )
    assert s.equipment[0] == [eq("water")]
    assert s.equipment_pile.under == [eq("rope"), eq("radio")]


def test_cards_put_under_are_drawn_after_the_shuffled_pile():
    s = new(
        3,
        skills=("tinkerer", "buddy", "gatherer"),
        equipment=["rope", "water", "radio"],
        under=["rope", "radio"],
    )
    s.equipment_pile.items.clear()
    s.stack.append(steps.DRAW_EQUIPMENT(adventurer=1))
    s.advance()
    assert s.equipment[1][-1] == eq("rope") and s.equipment_pile.under == [eq("radio")]


def test_skills_may_be_chosen_in_turn():
    s = Fuji(skills="chosen", scenario="3").new_state(3)
    assert s.current_player() == 0 and s.stack[-1].step is steps.CHOOSE_SKILL
    s.apply(Action("choose_skill", skill="buddy"))
    assert s.current_player() == 1
    with pytest.raises(IllegalAction):
        s.apply(Action("choose_skill", skill="buddy"))


def test_options_are_checked():
    with pytest.raises(OptionError):
        Fuji(level=5)
    with pytest.raises(OptionError):
        Fuji(scenario="9")
    with pytest.raises(MalformedInput, match="2-4 players"):
        Fuji().new_state(5)


def test_stamina_trackers_start_on_the_first_space():
    s = new(4)
    assert s.stamina_lost == [0, 0, 0, 0] and s.injuries == [0, 0, 0, 0]
