"""MCTS and the evaluation in a game of one seat (a solo game, not declared cooperative).

The toy: a diver alone goes down or up a metre at a time, for a thousand moves; the
heuristic likes 3 m. The seat never hands its turn to another, so a search that chained
its expansion "to the end of the seat's turn" would walk the whole game every iteration.
"""

from __future__ import annotations

import random
from typing import Any

from lapilli.agents import make_agent
from lapilli.agents.evaluation import evaluation_for
from lapilli.core import Action, Game, Utility
from lapilli.core.flow import FlowState, Frame, Step, Steps, then

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
    STEPS = Steps(SWIM)

    def __init__(self, game: Game) -> None:
        self.game = game
        self.depth = self.moves = 0
        self.stack = [SWIM(0)]

    @property
    def num_players(self) -> int:
        return 1

    def scores(self) -> list[float]:
        return [float(-abs(self.depth - 3))]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"depth": self.depth, "moves": self.moves}

    def determinize(self, seat: int, rng: random.Random) -> DiveState:
        return self.clone()

    def clone(self) -> DiveState:
        new = DiveState(self.game)
        new.depth, new.moves, new.stack = self.depth, self.moves, self.stack[:]
        return new

    def to_json(self) -> dict[str, Any]:
        return {"depth": self.depth, "moves": self.moves, "stack": self.stack_json()}


class Dive(Game):
    id = "dive"
    title = "Dive"
    min_players = max_players = 1
    utility = Utility.GENERAL_SUM
    heuristic = staticmethod(lambda s, seat: -abs(s.depth - 3))

    def new_state(self, players: int | None = None) -> DiveState:
        return DiveState(self)

    def state_from_json(self, data: Any) -> DiveState:
        raise NotImplementedError


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
