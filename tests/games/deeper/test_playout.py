"""The quick moves a search rolls out with (``heuristics.playout``) and its horizon (the
turn)."""

import random

from lapilli.agents import make_agent
from lapilli.agents.evaluation import evaluation_for
from lapilli.agents.mcts import _Search
from lapilli.games.deeper import Deeper
from lapilli.games.deeper import heuristics as H
from tests.agents.helpers import position as position_after

from .helpers import A, position


def midgame(seed: int, steps: int = 30):
    """Two players, after ``steps`` random steps, at a decision with a choice."""
    return position_after("deeper", players=2, seed=seed, steps=steps)


def test_deeper_supplies_a_playout_and_its_turn_as_the_horizon():
    evaluation = evaluation_for(Deeper)
    assert evaluation.playout is H.playout
    s = midgame(1)
    assert evaluation.horizon(s) == s.turns > 0


def test_the_quick_move_is_legal():
    for seed in range(6):
        s = midgame(seed, steps=10 + 9 * seed)
        seat = s.current_player()
        for k in range(5):
            assert H.playout(s, seat, random.Random(k)) in s.legal_actions()


def test_the_quick_move_builds_what_it_can():
    # more actions than it looks at, but every Craft is looked at: the Radio, held in
    # full, is built whatever else is drawn
    s = position(seats={0: {"inventory": {"titanium": 1, "quartz": 1, "coral": 1}}})
    assert len(s.legal_actions()) > H.PLAYOUT_LOOKS
    for k in range(5):
        assert H.playout(s, 0, random.Random(k)) == A("craft", card="radio")


def test_rollouts_to_the_horizon_end_with_the_turn():
    # rounds=N: the rollout ends when the N-th turn after the root's begins
    for seed in range(3):
        s = midgame(seed, steps=20 + 5 * seed)
        seat = s.current_player()
        for rounds in (1, 2):
            bot = make_agent(f"mcts:iters=1,playout=1,rounds={rounds}", seed=seed)
            search = _Search(bot, s, seat)
            for k in range(3):
                world = s.determinize(seat, random.Random(k))
                search.play_on(world)
                assert world.is_terminal() or world.turns == s.turns + rounds


def test_the_tuned_hard_spec_with_playouts_resolves_and_plays_deeper():
    s = midgame(4)
    seat = s.current_player()
    bot = make_agent("hard:iters=20,seconds=0")
    assert bot.act(s, seat) in s.legal_actions()
    spec = "mcts:iters=20,prior=5,playout=true,rounds=2,centre=true"
    assert make_agent(spec, seed=1).act(s, seat) in s.legal_actions()


def test_with_three_or_four_seats_the_horizon_still_reaches_the_seats_next_turn():
    # a round of turns counts two whatever the seats: rounds=3 rolls out past the end of
    # the searching seat's next turn (its turn number plus the seats)
    for players in (3, 4):
        s = position_after("deeper", players=players, seed=players, steps=25)
        seat = s.current_player()
        search = _Search(make_agent("mcts:iters=1,playout=1,rounds=3", seed=1), s, seat)
        for k in range(3):
            world = s.determinize(seat, random.Random(k))
            search.play_on(world)
            assert world.is_terminal() or world.turns > s.turns + players
