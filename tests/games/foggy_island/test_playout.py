"""The quick moves a search rolls out with (``heuristics.playout``) and its horizon (the
placements)."""

import random

import pytest

from lapilli.agents import make_agent
from lapilli.agents.evaluation import evaluation_for
from lapilli.agents.mcts import _Search
from lapilli.core.actions import Action
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island import heuristics as H
from tests.agents.helpers import position as position_after

from .helpers import position

# the north-west quarter alone is open, and three of its tiles are free (c1, c2, c3), so
# a quick move looks at every one
CORNER = {
    "a1": ("wolf", 0),
    "b1": ("wolf", 0),
    "a2": ("wolf", 1),
    "b2": ("wolf", 1),
    "a3": ("wolf", 1),
    "b3": ("wolf", 0),
}


def corner(hand):
    s = position(CORNER, hands=[hand, {"rat": 5}])
    s.open = [True, False, False, False]
    return s


def test_foggy_island_supplies_a_playout_and_its_placements_as_the_horizon():
    evaluation = evaluation_for(FoggyIsland)
    assert evaluation.playout is H.playout
    s = corner({"wolf": 5})
    before = evaluation.horizon(s)
    s.apply(Action("choose", token="wolf"))
    assert evaluation.horizon(s) == before
    s.apply(Action("place", tile="c1"))
    while s.is_chance_node():  # the draw from the pile
        s.apply(s.chance_outcomes()[0][0])
    assert evaluation.horizon(s) == before + 1


@pytest.mark.parametrize("mode", ["basic", "weather", "mercenaries"])
def test_the_quick_move_is_legal(mode):
    for seed in range(4):
        s = position_after("foggy_island", [f"mode={mode}"], 2, seed, steps=12 + 7 * seed)
        seat = s.current_player()
        for k in range(4):
            assert H.playout(s, seat, random.Random(k)) in s.legal_actions()


def test_the_quick_move_chooses_a_token_by_the_best_place_for_it_then_takes_that_place():
    s = corner({"wolf": 4, "pig": 1})
    worth = {}
    for token in ("wolf", "pig"):
        for tile in ("c1", "c2", "c3"):
            child = s.clone()
            child.apply(Action("choose", token=token))
            child.apply(Action("place", tile=tile))
            worth[token, tile] = H.heuristic(child, 0)
    token, tile = max(worth, key=worth.get)
    assert token == "pig"  # a Pig doubles the windows it stands in
    for k in range(4):
        rng = random.Random(k)
        chosen = H.playout(s, 0, rng)
        assert chosen == Action("choose", token=token)
        s2 = s.clone()
        s2.apply(chosen)
        assert H.playout(s2, 0, rng) == Action("place", tile=tile)


def test_rollouts_to_the_horizon_end_after_the_placements():
    s = position_after("foggy_island", players=2, seed=3, steps=20)
    seat = s.current_player()
    for rounds in (1, 2):
        search = _Search(make_agent(f"mcts:iters=1,playout=1,rounds={rounds}"), s, seat)
        for k in range(3):
            world = s.determinize(seat, random.Random(k))
            search.play_on(world)
            assert world.is_terminal() or H.horizon(world) == H.horizon(s) + rounds
