"""Bots find each game's evaluation without game-specific code."""

from dataclasses import replace

from lapilli.agents.evaluation import evaluation_for, find_heuristic
from lapilli.agents.greedy import GreedyAgent
from lapilli.core.actions import Action
from lapilli.core.parts import Evaluation
from lapilli.core.registry import load_game
from lapilli.games.foggy_island import FoggyIsland, heuristics
from lapilli.games.foggy_island.components import Token

from .helpers import position


def test_foggy_island_supplies_its_heuristic_module():
    assert find_heuristic(load_game("foggy_island")) is heuristics.heuristic
    assert evaluation_for(FoggyIsland).scale == heuristics.SCALE


def test_the_declared_evaluation_is_used_and_scores_are_the_fallback():
    def mine(state, seat):
        return 42.0

    class WithHeuristic(FoggyIsland):
        id = "not_a_registered_game"
        parts = replace(FoggyIsland.parts, evaluation=Evaluation(mine, scale=7.0))

    assert evaluation_for(WithHeuristic).heuristic is mine
    assert evaluation_for(WithHeuristic).scale == 7.0

    class Undeclared(FoggyIsland):
        id = "no_such_game"
        parts = replace(FoggyIsland.parts, evaluation=None)

    ev = evaluation_for(Undeclared)
    assert ev.source == "scores"
    state = position()
    scores = state.scores()
    assert ev.heuristic(state, 0) == scores[0] - scores[1]


def test_foggy_heuristic_is_zero_sum_and_likes_lines():
    state = position(steps=60)
    for seat in (0, 1):
        assert abs(heuristics.heuristic(state, seat) + heuristics.heuristic(state, 1 - seat)) < 1e-9
    # a line of three red wolves is worth more to red than an empty island
    empty = load_game("foggy_island").new_state(2)
    base = heuristics.heuristic(empty, 0)
    lined = empty.clone()
    for tile in (0, 1, 2):
        lined.board[tile] = Token("wolf", 0, True, 0)
    assert heuristics.heuristic(lined, 0) >= base + 1
    # a blue rabbit in the gap of two red wolves kills red's potential there
    two = empty.clone()
    two.board[0] = two.board[1] = Token("wolf", 0, True, 0)
    blocked = two.clone()
    blocked.board[2] = Token("rabbit", 1, True, -1)
    assert heuristics.heuristic(blocked, 1) > heuristics.heuristic(two, 1)
    # a pig doubles the potential of its windows
    pig = two.clone()
    pig.board[1] = Token("pig", 0, True, 0)
    assert heuristics.heuristic(pig, 0) > heuristics.heuristic(two, 0)


def test_foggy_fast_line_count_matches_the_rules():
    import random

    from lapilli.games.foggy_island.scoring import round_points

    rng = random.Random(4)
    kinds = ["wolf", "rat", "rabbit", "pig", "cat", "crow", "hippo", "chameleon"]
    for _ in range(300):
        board = [None] * 36
        for t in range(36):
            if rng.random() < 0.8:
                kind = rng.choice(kinds)
                colour = -1 if kind in ("rabbit", "hippo") else rng.randrange(2)
                board[t] = Token(kind, colour if colour >= 0 else 0, True, colour)
        assert heuristics.round_points(board) == round_points(board)


def test_zero_sum_is_declared_truthfully():
    from lapilli.agents.evaluation import evaluation_for

    assert evaluation_for(FoggyIsland).zero_sum
    for seed in range(5):
        state = position(seed=seed, steps=20 + 10 * seed)
        assert heuristics.heuristic(state, 1) == -heuristics.heuristic(state, 0)


def hiring_position(seed=3):
    """A mercenary game at its first hiring, Red to hire with 30 coins."""
    import random

    from tests.games.foggy_island.helpers import play_randomly

    s = FoggyIsland(mode="mercenaries").new_state(2)
    s = play_randomly(s, random.Random(seed), lambda s: s.phase == "hire")
    s.coins = [30, 30]
    s.changed()
    return s


def test_foggy_values_a_hire_by_the_rounds_still_to_come(monkeypatch):
    monkeypatch.setattr(heuristics, "HIRE_VALUE", {**heuristics.HIRE_VALUE, "cat": 5.0})
    s = hiring_position()
    assert len(s.points) == 1 and s.rounds == 4
    side = s.side(s.current_player())
    before = heuristics.heuristic(s, s.current_player())
    s.apply(Action("hire", mercenary="cat"))
    assert heuristics.hire_worth(s, side) == 3 * 5.0  # rounds 2, 3 and 4
    # 12 coins paid, 15 points to come
    assert heuristics.heuristic(s, s.current_player()) == before - 12 + 15


def test_the_greedy_bot_hires_when_the_worth_beats_the_price(monkeypatch):
    none = dict.fromkeys(heuristics.HIRE_VALUE, 0.0)
    s = hiring_position()
    seat = s.current_player()
    monkeypatch.setattr(heuristics, "HIRE_VALUE", {**none, "cat": 5.0})
    assert GreedyAgent(seed=1).act(s, seat) == Action("hire", mercenary="cat")
    monkeypatch.setattr(heuristics, "HIRE_VALUE", {**none, "cat": 3.0})  # 9 < 12
    assert GreedyAgent(seed=1).act(s, seat) == Action("done")


def test_foggy_quick_game_coins_are_worth_nothing_unless_spent(monkeypatch):
    monkeypatch.setattr(heuristics, "HIRE_VALUE", {**heuristics.HIRE_VALUE, "cat": 1.0})
    s = FoggyIsland(variant="quick").new_state(2)
    s.apply(Action("choose_weather", card="sunny"))
    seat = s.current_player()
    before = heuristics.heuristic(s, seat)
    s.apply(Action("hire", mercenary="cat"))
    # the 12 coins would have gone back to the bank: the Cat adds 1 point in each round
    assert heuristics.heuristic(s, seat) == before + 2 * 1.0
