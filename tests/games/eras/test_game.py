"""The game's declaration: utility, variants, conformance set-ups, the bots' evaluation."""

from lapilli.agents.evaluation import evaluation_for
from lapilli.core import Utility
from lapilli.core.registry import game_class
from lapilli.games.eras import Eras
from lapilli.games.eras.heuristics import heuristic

from .helpers import BLUE, RED, position


def test_eras_is_registered_general_sum():
    assert game_class("eras") is Eras
    assert Eras.utility is Utility.GENERAL_SUM


def test_conformance_covers_every_player_count_and_the_six_player_option():
    configs = Eras().conformance_configs()
    assert [n for _, n in configs] == [2, 3, 4, 5, 6]
    assert all(options == {"up_to_six": True} for options, n in configs if n > 4)


def test_the_bots_evaluation_prefers_a_piece_further_along():
    paths = {RED: ["bacteria-1", "algae-1", "fish-1"], BLUE: ["bacteria-2", "algae-2", "fish-3"]}
    ahead = position(paths=paths, pieces={RED: "3M", BLUE: "1M"})
    behind = position(paths=paths, pieces={RED: "1M", BLUE: "3M"})
    assert heuristic(ahead, RED) > 0 > heuristic(behind, RED)
    assert evaluation_for(Eras).heuristic is heuristic
