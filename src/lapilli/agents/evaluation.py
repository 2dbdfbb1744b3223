"""How a bot judges a position it cannot play to the end: each game's heuristic.

A game supplies ``heuristic(state, seat) -> float`` (higher is better for ``seat``),
found without game-specific code in the bots:

1. ``Game.heuristic`` (a function or staticmethod on the game class), for a game
   living in another package;
2. a ``heuristics`` module next to the game class (``<package>.heuristics``), which
   for lapilli's own games is ``lapilli.games.<id>.heuristics``;
3. otherwise the game points: own score minus the best other seat's score.

A game may also supply, for searches that roll out past a turn, ``playout(state, seat,
rng) -> Action`` (a quick move for rollouts, no lookahead) and ``horizon(state) -> int``
(a count that grows at the game's natural checkpoints, such as its round number); on a
game class they are ``heuristic_playout`` and ``heuristic_horizon``.

The module (or the game class) may also set ``SCALE``: how many heuristic units make
a clear favourite, used to turn a heuristic into an expected result for MCTS, and
``ZERO_SUM = True`` when, with two seats, ``heuristic(s, 1) == -heuristic(s, 0)`` (then
it is computed once a leaf). On a game class the same are ``heuristic_scale`` and
``heuristic_zero_sum``. Whether the seats play as one team is the game's declared
``Game.utility``, never guessed.

Every evaluation runs on positions the bot built from its own view
(``state.determinize(seat, rng)``), so a heuristic may read the whole state.
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from lapilli.core.state import Game, State

Heuristic = Callable[[State, int], float]


def score_heuristic(state: State, seat: int) -> float:
    """The fallback: my game points minus the best of the others'."""
    scores = state.scores()
    if len(scores) == 1:
        return float(scores[0])
    others = max(s for i, s in enumerate(scores) if i != seat)
    return float(scores[seat] - others)


@dataclass(frozen=True)
class Evaluation:
    """A game's evaluation: the heuristic, where it came from, its scale."""

    heuristic: Heuristic
    source: str
    scale: float
    zero_sum: bool = False  # heuristic(s, 1) == -heuristic(s, 0) for two seats
    playout: Callable[[State, int, Any], Any] | None = None  # a quick move for rollouts
    horizon: Callable[[State], int] | None = None  # grows at each checkpoint (a round)

    def values(
        self, state: State, cooperative: bool, seat: int = 0, baseline: float = 0.0
    ) -> list[float]:
        """Expected result per seat in [0, 1] at a position that is not the end.

        Competing seats: a sigmoid of each seat's lead over the best other. A
        cooperative game's heuristic is one absolute value for the team, and so is a
        lone seat's, so it is measured from ``baseline`` (what the searching ``seat``
        judged the root to be worth): better than now tends to 1, worse to 0.
        """
        n = state.num_players
        h = self.heuristic
        scale = self.scale
        if cooperative or n == 1:
            v = _sigmoid((h(state, seat) - baseline) / scale)
            return [v] * n
        if n == 2 and self.zero_sum:
            v = _sigmoid(h(state, 0) / scale)
            return [v, 1.0 - v]
        hs = [h(state, i) for i in range(n)]
        if n == 2:
            # heuristics are often already differences (mine - yours): average both views
            d = (hs[0] - hs[1]) / (2.0 * scale)
            v = _sigmoid(d)
            return [v, 1.0 - v]
        out = []
        for i in range(n):
            best_other = max(hs[j] for j in range(n) if j != i)
            out.append(_sigmoid((hs[i] - best_other) / scale))
        return out


def _sigmoid(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _module_for(game_cls: type[Game]) -> Any:
    names = []
    package = game_cls.__module__.rpartition(".")[0]
    if package:
        names.append(package + ".heuristics")
    names.append(f"lapilli.games.{game_cls.id}.heuristics")
    for name in dict.fromkeys(names):
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as exc:
            # only "this module does not exist" means there is none; a heuristic that
            # fails to import for another reason must show its error
            if exc.name is None or not name.startswith(exc.name):
                raise
    return None


@cache
def evaluation_for(game_cls: type[Game]) -> Evaluation:
    """The evaluation of a game class (found once, then cached)."""
    attr = getattr(game_cls, "heuristic", None)
    if callable(attr):
        return Evaluation(
            attr,
            f"{game_cls.__name__}.heuristic",
            float(getattr(game_cls, "heuristic_scale", 1.0)),
            bool(getattr(game_cls, "heuristic_zero_sum", False)),
            getattr(game_cls, "heuristic_playout", None),
            getattr(game_cls, "heuristic_horizon", None),
        )
    module = _module_for(game_cls)
    if module is not None and callable(getattr(module, "heuristic", None)):
        return Evaluation(
            module.heuristic,
            module.__name__ + ".heuristic",
            float(getattr(module, "SCALE", 1.0)),
            bool(getattr(module, "ZERO_SUM", False)),
            getattr(module, "playout", None),
            getattr(module, "horizon", None),
        )
    return Evaluation(score_heuristic, "scores", 1.0)


def find_heuristic(game: Game) -> Heuristic:
    """``heuristic(state, seat)`` for ``game`` (see the module notes for the search)."""
    return evaluation_for(type(game)).heuristic
