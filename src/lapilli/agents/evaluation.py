"""How a bot judges a position it cannot play to the end: each game's evaluation.

A game declares its evaluation in ``Game.parts.evaluation`` (``core.parts.Evaluation``:
the heuristic, its scale, and optionally a quick move for rollouts and a horizon); a
game without one is judged by its game points: own score minus the best other seat's.
Whether the seats play as one team is the game's declared ``Game.utility``, and which
seats win or lose together its ``state.sides()``, never guessed.

Every evaluation runs on positions the bot built from its own view
(``state.determinize(seat, rng)``), so a heuristic may read the whole state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import cache

from lapilli.core.parts import Evaluation as Declared
from lapilli.core.state import Game, State

Heuristic = Callable[[State, int], float]


def score_heuristic(state: State, seat: int) -> float:
    """The fallback: my game points minus the best of the others'."""
    scores = state.scores()
    if len(scores) == 1:
        return float(scores[0])
    others = max(s for i, s in enumerate(scores) if i != seat)
    return float(scores[seat] - others)


class Evaluation(Declared):
    """A game's declared evaluation, with what the bots compute from it."""

    def values(
        self,
        state: State,
        cooperative: bool,
        seat: int = 0,
        baseline: float = 0.0,
        leads: Sequence[float] | None = None,
    ) -> list[float]:
        """Expected result per seat in [0, 1] at a position that is not the end.

        Competing seats: a sigmoid of each seat's lead over the best other, or of how
        much it grew since the root when ``leads`` gives each seat's lead there (see
        ``leads``). A cooperative game's heuristic is one absolute value for the team,
        and so is a lone seat's, so it is measured from ``baseline`` (what the
        searching ``seat`` judged the root to be worth): better than now tends to 1,
        worse to 0.
        """
        n = state.num_players
        h = self.heuristic
        scale = self.scale
        if cooperative or n == 1:
            v = _sigmoid((h(state, seat) - baseline) / scale)
            return [v] * n
        sides = state.sides()
        if len(sides) == 2 and self.zero_sum:
            first = sides[0][0]
            v = _sigmoid((h(state, first) - (leads[first] if leads else 0.0)) / scale)
            return _by_side(sides, n, v, 1.0 - v)
        mine = self.leads(state)
        if leads is not None:
            mine = [x - x0 for x, x0 in zip(mine, leads, strict=True)]
        if len(sides) == 2:
            v = _sigmoid(mine[sides[0][0]] / scale)
            return _by_side(sides, n, v, 1.0 - v)
        return [_sigmoid(x / scale) for x in mine]

    def leads(self, state: State) -> list[float]:
        """Each competing seat's lead over the best seat of another side by the heuristic
        (a team-mate is no rival; with two sides, half the difference of both views:
        heuristics are often already differences, mine - yours)."""
        n = state.num_players
        h = self.heuristic
        sides = state.sides()
        if len(sides) == 2:
            first, second = sides[0][0], sides[1][0]
            v = h(state, first) if self.zero_sum else (h(state, first) - h(state, second)) / 2.0
            return _by_side(sides, n, v, -v)
        hs = [h(state, i) for i in range(n)]
        return [hs[i] - max(hs[j] for j in range(n) if j != i) for i in range(n)]


def _by_side(sides: Sequence[Sequence[int]], n: int, first: float, second: float) -> list[float]:
    """``first`` for each seat of the first of two sides, ``second`` for the other's."""
    out = [second] * n
    for seat in sides[0]:
        out[seat] = first
    return out


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


@cache
def evaluation_for(game_cls: type[Game]) -> Evaluation:
    """The evaluation of a game class (its declared one, else its game points)."""
    declared = game_cls.parts.evaluation
    if declared is None:
        return Evaluation(score_heuristic, source="scores")
    source = declared.source or f"{game_cls.id} heuristic"
    return Evaluation(
        declared.heuristic,
        declared.scale,
        declared.zero_sum,
        declared.playout,
        declared.horizon,
        source,
    )


def find_heuristic(game: Game) -> Heuristic:
    """``heuristic(state, seat)`` for ``game`` (see the module notes for the search)."""
    return evaluation_for(type(game)).heuristic
