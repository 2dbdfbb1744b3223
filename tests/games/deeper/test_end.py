"""The end: the last rocket card built ends the game; scores; the builder decides a tie."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import TERMINAL

from .helpers import A, position, step

LAST = {"titanium": 4}
BUILT = {"launch_platform", "fuel_booster", "command_module"}


def near_the_end(players=2, **seat0):
    seats = {
        0: {
            "built": ["radio"],
            "rockets": ["fuel_booster", "command_module"],
            "inventory": LAST,
            **seat0,
        }
    }
    return position(players, seats=seats)


def test_building_the_last_rocket_card_ends_the_game_at_once():
    s = near_the_end(air=1)
    events = s.apply(A("craft", card="launch_platform"))
    assert s.current_player() == TERMINAL and s.end == "rockets" and s.builder == 0
    assert events[-1]["type"] == "game_over"
    assert s.air[0] == 1  # no breath, no second action, nobody plays on
    assert set(s.rocket_cards[0]) == BUILT


def test_scores_are_blueprints_rockets_milestones_and_food_in_storage():
    s = position(
        2,
        seats={
            0: {
                "built": ["radio", "observatory"],
                "rockets": ["command_module"],
                "milestones": [40, 80],
                "storage": {"food": 2},
                "inventory": {"food": 3},
            },
            1: {"upgrades": ["fins", "knife", "sea_glide", "rebreather"]},  # upgrades score 0
        },
    )
    assert s.breakdown(0) == {"blueprints": 5, "rockets": 4, "milestones": 3, "food": 2}
    assert s.scores() == [14.0, 0.0]


def test_the_highest_score_wins():
    s = near_the_end()
    s.apply(A("craft", card="launch_platform"))
    assert s.scores() == [12.0, 0.0] and s.returns() == [1.0, 0.0] and s.winners() == [0]


def test_on_a_tie_the_builder_of_the_final_rocket_decides():
    s = position(
        2,
        seats={
            0: {
                "built": ["radio"],
                "rockets": ["fuel_booster", "command_module"],
                "inventory": LAST,
            },
            1: {
                "built": ["radio", "observatory"],
                "milestones": [40, 60, 80, 100],
                "storage": {"food": 1},
            },
        },
    )
    s.apply(A("craft", card="launch_platform"))
    assert s.scores() == [12.0, 12.0] and s.current_player() == 0 and step(s) == "tie"
    assert s.legal_actions() == [A("tie", winner=0), A("tie", winner=1)]
    s.apply(A("tie", winner=1))
    assert s.is_terminal() and s.returns() == [0.0, 1.0] and s.winners() == [1]


def test_the_builder_may_only_name_a_tied_player():
    s = position(
        3,
        seats={
            0: {
                "built": ["radio"],
                "rockets": ["fuel_booster", "command_module"],
                "inventory": LAST,
            },
            1: {
                "built": ["radio", "observatory"],
                "milestones": [40, 60, 80, 100],
                "storage": {"food": 1},
            },
        },
    )
    s.apply(A("craft", card="launch_platform"))
    with pytest.raises(IllegalAction, match="choose one of the tied players .Player 1, Player 2"):
        s.apply(A("tie", winner=2))


def test_a_solo_game_scores_alone():
    s = near_the_end(players=1)
    s.apply(A("craft", card="launch_platform"))
    assert s.is_terminal() and s.scores() == [12.0] and s.returns() == [1.0]


def test_a_game_stopped_by_the_round_limit_is_scored_and_a_tie_is_shared():
    s = position(2, options={"max_rounds": 1})
    s.apply(A("done"))
    s.apply(A("done"))
    assert s.is_terminal() and s.end == "limit" and s.returns() == [0.5, 0.5]
