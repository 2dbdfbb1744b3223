"""Fuji positions in the rulebook's words: the mountain from a seeded set-up, meeples,
injuries, equipment and dice as the players see them; impossible ones refused."""

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import EQ, FACE_COLOUR
from lapilli.games.fuji.planning import PLAN
from lapilli.games.fuji.positions import build, set_up


def test_the_dice_named_by_colour_and_number_are_behind_their_screens():
    s = build(
        Fuji(),
        {
            "seed": 2,
            "turn": {"at": "plan"},
            "adventurers": {
                "Hiromi": {"dice": ["pink 1", "pink 2", "blue 2", "blue 4", "yellow 5"]}
            },
        },
    )
    assert s.pending().step is PLAN and s.phase == 2
    hiromi = [s.dice[d] for d in s.held(2)]
    assert sorted(d.value for d in hiromi) == [1, 2, 2, 4, 5]
    shown = sorted((FACE_COLOUR[d.type][d.value - 1], d.value) for d in hiromi)
    assert shown == [("blue", 2), ("blue", 4), ("pink", 1), ("pink", 2), ("yellow", 5)]
    assert all(d.view(2) and d.view(0) is None for d in hiromi)  # only Hiromi sees them


def test_a_round_entered_at_its_start_rolls_through_the_flow():
    s = build(Fuji(), {"round": 3, "seed": 2})
    assert s.round == 3 and s.phase == 1 and s.is_chance_node()


def test_equipment_named_moves_to_its_adventurer_and_a_leg_injury_costs_a_die():
    before = set_up(Fuji(), 3, 2)
    s = build(
        Fuji(),
        {
            "seed": 2,
            "adventurers": {
                "Hiromi": {"equipment": ["rope"], "injuries": ["leg"], "at": "5,3"},
            },
        },
    )
    assert s.equipment[2] == [EQ["rope"]]
    assert len(s.held(2)) == len(before.held(2)) - 1
    assert s.position[2] == cell(5, 3)

    # every card in play is still in one place (set-up leaves some out of the game)
    def places(state):
        pile = state.equipment_pile
        return [*(c for h in state.equipment for c in h), *state.discard, *pile.items, *pile.under]

    assert len(places(s)) == len(set(places(s))) == len(places(before))


@pytest.mark.parametrize(
    "description, message",
    [
        ({"adventurers": {"Hiromi": {"at": "3,5"}}}, "a meeple stands on a landscape"),
        ({"adventurers": {"Hiromi": {"dice": ["pink 1"]}}, "turn": {"at": "plan"}}, "holds 5"),
        ({"adventurers": {"Hiromi": {"dice": ["pink 1"]}}}, 'with at = "plan"'),
        ({"adventurers": {"Hiromi": {"injuries": ["nose"]}}}, "'nose' is not an injury"),
        ({"adventurers": {"Merlin": {}}}, "no player is called 'Merlin'"),
        ({"lava": ["0,7"]}, "no card lies at 0,7"),
    ],
)
def test_impossible_positions_are_refused(description, message):
    with pytest.raises(MalformedInput, match=message):
        build(Fuji(), {"seed": 2, **description})


def test_each_skill_card_is_dealt_once_and_brings_its_dice():
    from lapilli.core import positions
    from lapilli.core.errors import MalformedInput
    from lapilli.core.registry import load_game
    from lapilli.games.fuji.components import SKILL_DICE

    game = load_game("fuji", [])
    dealt = positions.build(game, {"players": 3})
    taken = dealt.skill[0]  # Mr Iain Jones's card, given to Hiromi: he takes hers
    s = positions.build(game, {"players": 3, "adventurers": {"Hiromi": {"skill": taken}}})
    assert s.skill[2] == taken and s.skill[0] == dealt.skill[2]
    assert len(set(s.skill[a] for a in s.meeples())) == 3
    for a in s.meeples():  # an Equipment manager's 6 dice, a Scout's 5
        assert len(s.held(a)) == SKILL_DICE[s.skill[a]]
    manager = positions.build(
        game, {"players": 3, "adventurers": {"Hiromi": {"skill": "equipment_manager"}}}
    )
    assert len(manager.held(2)) == 6
    twice = {"Hiromi": {"skill": "scout"}, "Lady Livingstone": {"skill": "scout"}}
    with pytest.raises(MalformedInput, match="cannot both hold the Scout card"):
        positions.build(game, {"players": 3, "adventurers": twice})
