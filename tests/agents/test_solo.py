"""MCTS and the evaluation in a game of one seat (a solo game, not declared cooperative).

The toy: a diver alone goes down or up a metre at a time, for a thousand moves; the
heuristic likes 3 m. The seat never hands its turn to another, so a search that chained
its expansion "to the end of the seat's turn" would walk the whole game every iteration.
"""

from __future__ import annotations

from typing import Any

from lapilli.agents import make_agent
from lapilli.agents.evaluation import evaluation_for
from lapilli.core import Action, Game, Utility
from lapilli.core.flow import FlowState, Frame, Step, Steps, then
from lapilli.core.parts import Evaluation, Parts

DOWN, UP = Action("down"), Action("up")
MOVES = 1000


def _move(s: DiveState, f: Frame, a: Action) -> list[dict]:
    s.depth += 1 if a == DOWN else -1
    s.moves += 1
    if s.moves < MOVES:
        then(s, SWIM(0))
    return []


SWIM = Step("swim", "Down or up", legal=lambda s, f: [DOWN, UP], apply=_move)


class DiveState(FlowState):
    depth: int
    moves: int

    def scores(self) -> list[float]:
        return [float(-abs(self.depth - 3))]


def _dive(game: Game, players: int) -> DiveState:
    s = DiveState.__new__(DiveState)
    s.setup(game, players)
    s.depth = s.moves = 0
    then(s, SWIM(0))
    return s


class Dive(Game):
    id = "dive"
    title = "Dive"
    min_players = max_players = 1
    utility = Utility.GENERAL_SUM
    parts = Parts(
        state=DiveState,
        steps=Steps(SWIM),
        setup=_dive,
        observe=lambda s, seat: {"depth": s.depth, "moves": s.moves},
        observation=dict,
        action_text=lambda s, a: a.kind,
        event_text=lambda s, e: None,
        render=lambda s, seat: f"{s.depth} m",
        evaluation=Evaluation(lambda s, seat: -abs(s.depth - 3)),
    )


def _nodes(node: Any) -> int:
    return 1 + sum(_nodes(child) for child in node.children.values())


def test_the_evaluation_of_a_lone_seat_is_measured_from_the_root():
    ev = evaluation_for(Dive)
    s = Dive().new_state()
    s.depth = 2
    assert ev.values(s, False, 0, baseline=-1.0) == [0.5]
    better, worse = ev.values(s, False, 0, baseline=-3.0), ev.values(s, False, 0, baseline=0.0)
    assert better[0] > 0.5 > worse[0]


def test_mcts_in_a_solo_game_expands_one_node_an_iteration_and_dives():
    s = Dive().new_state()
    bot = make_agent("mcts:iters=60,chain=1", seed=1)
    root = bot.search(s, 0)
    # chaining on to the end of the seat's turn would have walked all 1000 moves
    assert _nodes(root) <= 61
    assert bot.act(s, 0) == DOWN
