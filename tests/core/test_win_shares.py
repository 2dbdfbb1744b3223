"""Ties count one way everywhere: k seats tied first get 1/k of the win each."""

from lapilli.core.state import Utility, first_places, win_shares


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


def test_in_sides_the_side_wins_and_each_of_its_seats_has_the_win():
    sides = [[0, 2], [1, 3]]  # Foggy Island's team game
    won = [1.0, 0.0, 1.0, 0.0]
    assert win_shares(won, Utility.ZERO_SUM, sides) == won
    assert first_places(win_shares(won, Utility.ZERO_SUM, sides), sides) == 1
    assert win_shares([0.5] * 4, Utility.ZERO_SUM, sides) == [0.5] * 4  # the sides draw
    assert first_places([0.5] * 4, sides) == 2
    # seat by seat, the same game is a win shared by two seats
    assert win_shares(won, Utility.ZERO_SUM) == [0.5, 0.0, 0.5, 0.0]
    assert first_places([0.5, 0.0, 0.5, 0.0]) == 2
