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
        ({"adventurers": {"Hiromi": {"dice": ["pink 1"]}}}, "no die is rolled"),
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


# -- the terrain of each slot, the tokens, power bars, markers and rerolls ---------------------
def test_a_slot_is_given_its_terrain_card_which_leaves_its_set_up_place():
    from lapilli.games.fuji.components import CARD_WORDS

    before = set_up(Fuji(), 3, 2)
    s = build(Fuji(), {"seed": 2, "terrain": {"5,5": "yellow or 4", "5,4": "1 or 3"}})

    def at(x, y):
        return CARD_WORDS[s.terrain[cell(x, y)]]

    # yellow or 4 lay on 3,2: that slot takes the card it replaced on 5,5
    assert at(5, 5) == "yellow or 4" and at(3, 2) == CARD_WORDS[before.terrain[cell(5, 5)]]
    # 1 or 3 was left in the pile: the card it replaced goes there
    assert at(5, 4) == "1 or 3" and before.terrain[cell(5, 4)] in s.landscape_pile.items
    assert sorted(s.terrain) == sorted(
        [*before.terrain[: cell(5, 4)], 5, *before.terrain[cell(5, 4) + 1 :]]
    )
    short = build(Fuji(), {"seed": 2, "terrain": {"5,5": "Y|4"}})  # as the map shows it
    assert short.terrain[cell(5, 5)] == s.terrain[cell(5, 5)]


@pytest.mark.parametrize(
    "terrain, message",
    [
        ({"0,4": "yellow or 4"}, "0,4 is a village slot"),
        ({"5,5": "purple or 7"}, "named by what it asks"),
        ({"3,6": "yellow or 4"}, "no landscape or village slot"),
    ],
)
def test_a_terrain_card_fits_its_slot(terrain, message):
    with pytest.raises(MalformedInput, match=message):
        build(Fuji(), {"seed": 2, "terrain": terrain})


def test_the_tokens_still_on_the_mountain_and_the_gatherers_power_bars():
    s = build(
        Fuji(extra_thrill=True),
        {
            "seed": 2,
            "eruption_tokens": {"5,5": 2},
            "equipment_tokens": ["5,4"],
            "adventurers": {"Hiromi": {"skill": "gatherer", "power_bars": 2}},
        },
    )
    assert [c for c, n in enumerate(s.eruption_tokens) if n] == [cell(5, 5)]
    assert s.eruption_tokens[cell(5, 5)] == 2
    assert [c for c, t in enumerate(s.equipment_token) if t] == [cell(5, 4)]
    assert s.power_bars == [0, 0, 2]
    for description, message in [
        ({"eruption_tokens": {"5,5": 2}}, "2 with Extra thrill"),
        ({"eruption_tokens": {"5,5": 1, "5,4": 1, "6,5": 1}}, "lays 2 of them"),
        ({"eruption_tokens": {"3,5": 1}}, "a token lies on a landscape or village card"),
        ({"adventurers": {"Hiromi": {"power_bars": 1}}}, "only the Gatherer"),
    ]:
        with pytest.raises(MalformedInput, match=message):
            build(Fuji(), {"seed": 2, **description})


def test_planning_resumes_with_the_markers_of_those_who_planned_before():
    marks = {"Mr Iain Jones": {"destination": "5,5"}, "Lady Livingstone": {"destination": "6,5"}}
    s = build(Fuji(), {"seed": 2, "adventurers": marks, "turn": {"seat": "Hiromi", "at": "plan"}})
    assert s.pending().step is PLAN and s.pending().args.adventurer == 2
    assert s.destination[:2] == [cell(5, 5), cell(6, 5)] and s.marker_steps[:2] == [1, 2]
    aims = {(a.arg("x"), a.arg("y")) for a in s.legal_actions() if a[0] == "destination"}
    assert (5, 5) not in aims and (6, 5) not in aims  # the neighbours' cards
    hiromi = {"seat": "Hiromi", "at": "plan"}
    same_card = {**marks, "Lady Livingstone": {"destination": "5,5"}}
    for description, message in [
        ({"turn": hiromi}, r"Mr Iain Jones \(blue\) has planned already"),
        (
            {"adventurers": {"Hiromi": {"destination": "5,5"}}, "turn": {"at": "plan"}},
            "yet to plan",
        ),
        ({"adventurers": same_card, "turn": hiromi}, "or a neighbour's card"),
    ]:
        with pytest.raises(MalformedInput, match=message):
            build(Fuji(), {"seed": 2, **description})


def test_rerolls_resume_in_an_adventurers_session_with_the_rerolls_it_has_left():
    from lapilli.games.fuji.rerolls import REROLL

    marks = {
        "Mr Iain Jones": {"destination": "5,5"},  # 1 step: 1 reroll
        "Lady Livingstone": {"destination": "5,6", "rerolls": 1},  # staying: 2, one used
        "Hiromi": {"destination": "6,5"},
    }
    s = build(Fuji(), {"seed": 2, "adventurers": marks, "turn": {"seat": "Lady", "at": "reroll"}})
    top = s.pending()
    assert top.step is REROLL and top.args.adventurer == 1 and top.args.left == 1
    assert s.phase == 3 and s.rerolls_used[1] == 1
    with pytest.raises(MalformedInput, match="allows 2 rerolls, not 3"):
        marks["Lady Livingstone"]["rerolls"] = 3
        build(Fuji(), {"seed": 2, "adventurers": marks, "turn": {"seat": "Lady", "at": "reroll"}})
