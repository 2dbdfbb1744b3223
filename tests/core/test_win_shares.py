"""Ties count one way everywhere: k seats tied first get 1/k of the win each."""

from lapilli.core.state import Utility, win_shares


def test_a_sole_winner_takes_the_whole_win():
    assert win_shares([0.0, 1.0, 0.0], Utility.GENERAL_SUM) == [0.0, 1.0, 0.0]


def test_seats_tied_first_share_it_and_the_shares_add_up_to_one():
    assert win_shares([0.5, 0.5, 0.0], Utility.GENERAL_SUM) == [0.5, 0.5, 0.0]
    assert win_shares([0.5, 0.5], Utility.ZERO_SUM) == [0.5, 0.5]  # a draw


def test_a_game_stopped_with_no_winner_is_a_tie_of_every_seat():
    assert win_shares([0.0, 0.0, 0.0, 0.0], Utility.GENERAL_SUM) == [0.25] * 4


def test_a_team_wins_or_loses_whole():
    assert win_shares([1.0, 1.0, 1.0], Utility.COOPERATIVE) == [1.0] * 3
    assert win_shares([0.0, 0.0], Utility.COOPERATIVE) == [0.0, 0.0]
