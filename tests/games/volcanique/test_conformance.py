"""The engine contract, over random legal games (conformance suite)."""

from lapilli.core.conformance import check_game
from lapilli.games.volcanique import Volcanique
from lapilli.games.volcanique.options import VolcaniqueOptions


def test_two_players():
    check_game(Volcanique(), 2, seeds=range(4))


def test_four_players():
    check_game(Volcanique(), 4, seeds=range(3))


def test_three_players_to_the_left():
    check_game(Volcanique(VolcaniqueOptions(engagement="to_the_left")), 3, seeds=range(2))


def test_five_players():
    check_game(Volcanique(), 5, seeds=range(1))
