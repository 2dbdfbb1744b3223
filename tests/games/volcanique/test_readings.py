"""Readings put right (issue 10, item 5): each is also a line of docs/rules/volcanique.md."""

import pytest

from lapilli.core import Action, IllegalAction

from .helpers import UNO, A, D, L, M, at, blank, crit, give, hex_id, put, put_uno, step
from .test_multiplayer import BLUE, EMPTY, MIXED, OWN, PURPLE, SOIL_HEX, engagement_position


def places(s):
    return {a.arg("at") for a in s.legal_actions()}


# -- "To the left": volcanic soil or a tile with a critter of the left player --------------
def test_to_the_left_has_no_empty_tile_exception():
    s = engagement_position(blue=2, purple=4, engagement="to_the_left")
    assert places(s) == {BLUE, MIXED, SOIL_HEX}  # not the empty tile
    with pytest.raises(IllegalAction, match="to the left"):
        s.apply(A("place", at=EMPTY))
    assert PURPLE not in places(s) and OWN not in places(s)


def test_symbiosis_keeps_the_empty_tile_exception():
    s = engagement_position(blue=3, purple=2)
    assert EMPTY in places(s)


def test_to_the_left_five_critters_make_anyone_a_target():
    s = engagement_position(blue=2, purple=5, engagement="to_the_left")
    assert PURPLE in places(s) and EMPTY not in places(s)


# -- Diversified biomes: off by default, an option -----------------------------------------
def test_diversified_biomes_are_not_scored_by_default():
    spots = [((0, 0), D), ((3, 0), M), ((6, 0), L)]
    for options, points in (({}, 0), ({"diversified_bonus": True}, 1)):
        s = blank(**options)
        for h, c in spots:
            put_uno(s, h, c)
            crit(s, h, c, 0)
        assert s.score_breakdown()[0]["diversified"] == points


# -- a volcano may be the second tile when the first went on volcanic soil -----------------
def test_a_volcano_may_follow_a_first_tile_on_soil():
    s = blank()
    put(s, (0, 0), -1)  # volcanic soil
    put_uno(s, (1, 0), D)
    put_uno(s, (3, 0), M)
    give(s, 0, dark=7)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))  # its one place: the soil
    assert s.stacks[hex_id((0, 0))] == (-1, UNO[D])
    assert step(s) == "buy" and A("buy", tile="volcano") in s.legal_actions()
    s.apply(A("buy", tile="volcano"))
    assert step(s) == "erupt"
    s.apply(A("erupt", at=(3, 0)))
    assert s.stacks[hex_id((3, 0))][-1] < 0 and s.this_turn.tiles == 2
    # the volcano ends the buying: no third tile
    assert step(s) not in ("buy", "place")


def test_no_volcano_after_a_first_tile_not_on_soil():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    give(s, 0, dark=7)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(0, 0)))
    assert step(s) != "buy"
    assert s.this_turn.tiles == 1


# -- the Caldera has no per-turn limit (a limit is an option) ------------------------------
def test_the_caldera_sells_several_cards_in_a_turn():
    s = blank()
    give(s, 0, dark=2, medium=2, light=2)
    at(s, "caldera")
    s.apply(A("buy_caldera"))
    s.apply(Action("draw", card="carnage"))
    assert step(s) == "caldera" and s.turn == 10 and A("buy_caldera") in s.legal_actions()
    s.apply(A("buy_caldera"))
    s.apply(Action("draw", card="rift"))
    assert len(s.caldera_hands[0]) == 2 and s.resources[0] == [0, 0, 0]
    assert step(s) != "caldera"  # nothing left to pay with


def test_a_caldera_limit_per_turn_is_an_option():
    s = blank(caldera_limit=1)
    give(s, 0, dark=2, medium=2, light=2)
    at(s, "caldera")
    s.apply(A("buy_caldera"))
    events = s.apply(Action("draw", card="carnage"))
    # straight on to collecting and the next turn, with 1 of each resource left
    assert {"type": "collected", "seat": 0, "resources": [0, 0, 0]} in events
    assert s.turn > 10 and s.resources[0] == [1, 1, 1]
    s2 = blank(caldera_limit=1)
    give(s2, 0, dark=2, medium=2, light=2)
    at(s2, "caldera")
    s2.this_turn = s2.this_turn._replace(caldera_cards=1)
    with pytest.raises(IllegalAction, match="at most 1 card"):
        s2.apply(A("buy_caldera"))


def test_no_caldera_card_once_the_deck_is_empty():
    s = blank()
    give(s, 0, dark=1, medium=1, light=1)
    s.caldera_deck.items.clear()
    at(s, "caldera")
    assert step(s) != "caldera"
