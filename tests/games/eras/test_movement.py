"""End your turn: up to two moves sideways and one forward or back, in any order."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.eras.movement import BACK, FORWARD, SIDEWAYS_TO, STOP

from .helpers import BLUE, RED, play, position

# 1 Bacteria #1 (rock rock rock), 2 Reptiles #1 (rock rock rock), 3 Birds #1, 4 Mammals #1
PLAIN = ["bacteria-1", "reptiles-1", "birds-1", "mammals-1"]


def moving(path=PLAIN, piece="1L", **kw):
    return position(paths={RED: path}, pieces={RED: piece}, at="move", **kw)


def test_two_sideways_and_one_forward_in_any_order():
    s = moving()
    assert s.legal_actions() == [SIDEWAYS_TO[1], FORWARD, BACK, STOP]
    play(s, SIDEWAYS_TO[1], FORWARD, SIDEWAYS_TO[2])
    assert s.pieces[RED] == (2, 2)
    # all three moves used: the turn ends by itself
    assert s.turn == BLUE


def test_the_forward_or_back_move_is_only_one():
    s = moving()
    play(s, FORWARD)
    assert FORWARD not in s.legal_actions() and BACK not in s.legal_actions()
    with pytest.raises(IllegalAction, match="up to one move forward"):
        s.apply(BACK)


def test_sideways_moves_follow_the_printed_lines():
    # the lines join L-M and M-R: from L, R is two moves away
    s = moving()
    with pytest.raises(IllegalAction, match="lines printed on the card"):
        s.apply(SIDEWAYS_TO[2])
    play(s, SIDEWAYS_TO[1], SIDEWAYS_TO[2])
    with pytest.raises(IllegalAction, match="up to two moves sideways"):
        s.apply(SIDEWAYS_TO[1])


def test_forward_keeps_the_lane_on_the_next_card_and_stops_at_the_last():
    s = moving(piece="4M")
    assert FORWARD not in s.legal_actions()
    with pytest.raises(IllegalAction, match="no era card ahead"):
        s.apply(FORWARD)
    s = moving(piece="SR")
    play(s, FORWARD)
    assert s.pieces[RED] == (1, 2)


def test_a_piece_starting_on_a_swamp_makes_one_move():
    # Bacteria #2 has a swamp in its middle lane
    s = moving(path=["bacteria-2", "reptiles-1"], piece="1M")
    play(s, FORWARD)
    assert s.turn == BLUE and s.pieces[RED] == (2, 1)


def test_crossing_a_rising_sea_forward_costs_a_token():
    # Algae #3 has a rising sea on its forward edge, across all three lanes
    s = moving(path=["algae-3", "reptiles-1"], piece="1R")
    play(s, FORWARD)
    assert s.tokens[RED] == 14


def test_no_token_for_a_rising_sea_with_a_fish_card_in_your_path():
    s = moving(path=["algae-3", "fish-1"], piece="1R")
    play(s, FORWARD)
    assert s.tokens[RED] == 15


def test_sideways_and_backward_moves_across_a_rising_sea_are_free():
    s = moving(path=["algae-3", "reptiles-1"], piece="2R")
    play(s, BACK, SIDEWAYS_TO[1])
    assert s.tokens[RED] == 15 and s.pieces[RED] == (1, 1)


def test_a_ravine_cuts_two_lanes_and_costs_a_token_to_advance_over():
    # Bacteria #3: a ravine across lanes L and M of its forward edge
    for lane, cost in (("L", 1), ("M", 1), ("R", 0)):
        s = moving(path=["bacteria-3", "reptiles-1"], piece=f"1{lane}")
        play(s, FORWARD)
        assert s.tokens[RED] == 15 - cost, lane


def test_without_a_token_you_cannot_cross():
    s = moving(path=["algae-3", "reptiles-1"], piece="1R", tokens={RED: 0})
    assert FORWARD not in s.legal_actions()
    with pytest.raises(IllegalAction, match="one token in the box to cross"):
        s.apply(FORWARD)


def test_no_move_onto_the_site_holding_the_cone():
    s = moving(cones={BLUE: "Red 2L"})
    assert FORWARD not in s.legal_actions()
    with pytest.raises(IllegalAction, match="holds the cone"):
        s.apply(FORWARD)


def test_stopping_ends_the_turn():
    s = moving()
    play(s, STOP)
    assert s.turn == BLUE and s.pieces[RED] == (1, 0)


def test_a_move_of_several_cards_at_once_is_refused_for_what_it_is():
    from lapilli.core import Action

    s = position(paths={RED: ["fish-1", "reptiles-1"]}, pieces={RED: "SM"}, at="move")
    with pytest.raises(IllegalAction, match="one card at a time"):  # not "the cone": none here
        s.apply(Action("forward", cards=2))
