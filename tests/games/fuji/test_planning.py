"""PHASE 2: movement rules, destination markers, communication signals."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.games.fuji.board import cell

from .helpers import act, board, new, plan, roll, row_board, top


def dest_cells(s):
    return {(a[1][0][1], a[1][1][1]) for a in s.legal_actions() if a[0] == "destination"}


def test_up_to_three_orthogonal_steps_and_staying():
    s = new(3)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (7, 0), 2: (7, 0)})
    roll(s, {})
    assert top(s) == "plan" and s.current_player() == 0
    assert dest_cells(s) == {(0, 0), (1, 0), (2, 0), (3, 0)}


def test_no_diagonal_steps_and_not_over_lava_rubble_or_volcano():
    s = new(3)
    # a 3x3 block; (1,0) lava, (0,1) rubble; the meeple at (0,0)
    cards = {(x, y): 16 for x in range(3) for y in range(3)}
    cards[(0, 1)] = 2
    board(s, cards, lava=[(1, 0)], start={0: (0, 0), 1: (2, 2), 2: (2, 2)})
    roll(s, {})
    assert dest_cells(s) == {(0, 0)}
    with pytest.raises(IllegalAction, match="Movement rules"):
        act(s, "destination", x=1, y=1)


def test_moving_through_occupied_cards_is_allowed():
    s = new(3)
    row_board(s, [16] * 4, start={0: (0, 0), 1: (1, 0), 2: (2, 0)})
    roll(s, {})
    assert (3, 0) in dest_cells(s)


def test_neighbours_cannot_share_a_destination():
    s = new(3)
    row_board(s, [16] * 4, start={0: (0, 0), 1: (0, 0), 2: (0, 0)})
    roll(s, {})
    act(s, "destination", x=2, y=0)
    assert (2, 0) not in dest_cells(s)  # seat 1 is seat 0's neighbour
    with pytest.raises(IllegalAction, match="seated next to each other"):
        act(s, "destination", x=2, y=0)


def test_players_across_the_table_may_share_a_destination():
    s = new(4)
    row_board(s, [16] * 4, start={a: (0, 0) for a in range(4)})
    roll(s, {})
    act(s, "destination", x=2, y=0)
    act(s, "destination", x=1, y=0)
    assert (2, 0) in dest_cells(s)  # seat 2 is not next to seat 0
    act(s, "destination", x=2, y=0)
    # seat 3 sits between seats 2 and 0 (both on (2,0)); seat 1 is across
    assert (2, 0) not in dest_cells(s) and (1, 0) in dest_cells(s)


def test_a_marker_may_go_on_a_card_where_a_teammate_stands():
    s = new(3)
    row_board(s, [16] * 4, start={0: (0, 0), 1: (2, 0), 2: (3, 0)})
    roll(s, {})
    assert (2, 0) in dest_cells(s)


def test_markers_can_be_moved_in_the_second_pass():
    s = new(3)
    row_board(s, [16] * 4, start={a: (0, 0) for a in range(3)})
    roll(s, {})
    plan_first = {0: (1, 0), 1: (2, 0), 2: (3, 0)}
    for a in range(3):
        act(s, "destination", x=plan_first[a][0], y=plan_first[a][1])
    assert s.stack[-1].args.pass_number == 2 and s.current_player() == 0
    act(s, "destination", x=0, y=0)
    assert s.destination[0] == cell(0, 0)
    plan(s, {1: (2, 0), 2: (3, 0)})
    assert top(s) != "D_PLAN"


def test_signals_are_qualitative_seen_by_all_and_one_per_pass():
    s = new(3)
    roll(s, {})
    act(s, "signal", say="high")
    assert s.signals == [(0, "high")]
    for seat in (None, 0, 1, 2):
        assert s.observation(seat)["signals"] == [[0, "high"]]
    assert not any(a[0] == "signal" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="Communication"):
        act(s, "signal", say="low")
    texts = [s.action_text(a) for a in new(3, scenario="3").legal_actions()]
    assert all(not any(ch.isdigit() for ch in t) for t in texts if t.startswith("say"))


def test_signal_texts_contain_no_numbers():
    from lapilli.games.fuji.components import SIGNAL_TEXT

    for text in SIGNAL_TEXT.values():
        assert not any(ch.isdigit() for ch in text)
        for word in ("one", "two", "three", "four", "five", "six", "average"):
            assert word not in text.lower().split()
