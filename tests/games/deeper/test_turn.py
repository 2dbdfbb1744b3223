"""The turn: up to two actions (the same one twice, fewer, or none), then breathe."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE, TERMINAL

from .helpers import A, at, game, inv, position, step


def test_two_actions_then_breathe_then_the_next_player():
    s = position(2)
    s.apply(A("swim", to="G10"))
    assert s.current_player() == 0 and s.stack[-1].args.left == 1
    events = s.apply(A("gather", resource="fish", n=1))
    kinds = [e["type"] for e in events]
    assert kinds == ["gathered", "breathed", "turn"]
    assert s.air[0] == 3 and s.current_player() == 1


def test_the_same_action_twice_is_allowed():
    s = position(tiles={"H20": "20m-01"})
    s.apply(A("swim", to="G10"))
    s.apply(A("swim", to="H20"))
    assert at(s) == "H20" and s.air[0] == 3


def test_fewer_actions_are_allowed():
    s = position(2)
    s.apply(A("swim", to="G10"))
    s.apply(A("done"))  # one action only
    assert s.current_player() == 1 and s.air[0] == 3
    s.apply(A("done"))  # no action at all: still breathe (in the habitat: full)
    assert s.current_player() == 0 and s.air[1] == 4


def test_players_take_turns_clockwise_and_rounds_count():
    s = game().new_state(3)
    s.apply(A("first", seat=1))
    order = []
    for _ in range(4):
        order.append(s.current_player())
        s.apply(A("done"))
    assert order == [1, 2, 0, 1] and s.round == 2


def test_outside_the_habitat_breathing_spends_one_air():
    s = position(seats={0: {"hex": "G10", "air": 2}})
    s.apply(A("done"))
    assert s.air[0] == 1


def test_in_the_habitat_the_lungs_fill_up():
    s = position(seats={0: {"hex": "G10", "air": 0}})
    s.apply(A("swim", to="H0"))
    s.apply(A("done"))
    assert s.air[0] == 4


def test_drowning_loses_one_random_resource_per_depth_level_and_refills_half():
    s = position(
        tiles={"H20": "20m-01", "H40": "40m-01"},
        seats={0: {"hex": "H40", "air": 0, "inventory": {"titanium": 2, "coral": 1, "fish": 1}}},
    )
    s.apply(A("done"))
    # H40 is at the 40m level: 2 resources are lost at random (chance nodes)
    assert s.current_player() == CHANCE and step(s) == "lose"
    assert s.chance_outcomes() == [
        (A("lose", resource="fish"), 0.25),
        (A("lose", resource="coral"), 0.25),
        (A("lose", resource="titanium"), 0.5),
    ]
    s.apply(A("lose", resource="titanium"))
    assert s.chance_outcomes()[-1] == (A("lose", resource="titanium"), pytest.approx(1 / 3))
    s.apply(A("lose", resource="coral"))
    assert inv(s) == {"titanium": 1, "fish": 1}
    assert s.air[0] == 2 and at(s) == "H40"  # half the uncovered Lungs; the pawn stays


def test_drowning_with_an_empty_inventory_loses_nothing():
    s = position(tiles={"H20": "20m-01"}, seats={0: {"hex": "H20", "air": 0}})
    events = s.apply(A("done"))
    assert events[1] == {"type": "drowned", "seat": 0, "lose": 0, "air": 2}
    assert s.current_player() == 0 and s.air[0] == 2


def test_drowning_loses_at_most_what_the_inventory_holds():
    s = position(
        tiles={"H20": "20m-01", "H40": "40m-01", "H60": "60m-01"},
        seats={0: {"hex": "H60", "air": 0, "inventory": {"kelp": 1}}},
    )
    s.apply(A("done"))
    s.apply(A("lose", resource="kelp"))
    assert inv(s) == {} and s.current_player() == 0


def test_the_round_limit_ends_the_game_as_a_safeguard():
    s = game(max_rounds=2).new_state(1)
    s.apply(A("first", seat=0))
    s.apply(A("done"))
    assert s.round == 2
    s.apply(A("done"))
    assert s.current_player() == TERMINAL and s.end == "limit"


def test_an_action_that_is_not_allowed_names_the_rule():
    s = position(tiles={"H20": "20m-01", "H40": "40m-01"})
    with pytest.raises(IllegalAction, match="Swim: move your pawn to an adjacent hex tile"):
        s.apply(A("swim", to="H40"))
    with pytest.raises(IllegalAction, match="Swim: H100 has no tile yet"):
        s.apply(A("swim", to="H100"))
    with pytest.raises(IllegalAction, match="Swim: there is no hex 'Z9'"):
        s.apply(A("swim", to="Z9"))
    with pytest.raises(IllegalAction, match="Player 1 must act now"):
        s.apply(A("fly"))
