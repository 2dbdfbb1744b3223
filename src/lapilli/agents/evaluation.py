"""How a bot judges a position it cannot play to the end: each game's heuristic.

A game supplies ``heuristic(state, seat) -> float`` (higher is better for ``seat``),
found without game-specific code in the bots:

1. ``Game.heuristic`` (a function or staticmethod on the game class), for a game
   living in another package;
2. a ``heuristics`` module next to the game class (``<package>.heuristics``), which
   for lapilli's own games is ``lapilli.games.<id>.heuristics``;
3. otherwise the game points: own score minus the best other seat's score.

The module (or the game class) may also set ``SCALE``: how many heuristic units make
a clear favourite, used to turn a heuristic into an expected result for MCTS,
``COOPERATIVE = True`` for a game that every seat wins or loses together (the bots also
find this out by themselves from a few random games), and ``ZERO_SUM = True`` when, with
two seats, ``heuristic(s, 1) == -heuristic(s, 0)`` (then it is computed once a leaf).
On a game class the same are ``heuristic_scale``, ``cooperative`` and
``heuristic_zero_sum``.

Every evaluation runs on positions the bot built from its own view
(``state.determinize(seat, rng)``), so a heuristic may read the whole state.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from lapilli.core.state import CHANCE, Game, State, sample_chance

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
    """A game's evaluation: the heuristic, where it came from, its scale, cooperation."""

    heuristic: Heuristic
    source: str
    scale: float
    cooperative: bool | None  # None: not declared (see ``is_cooperative``)
    zero_sum: bool = False  # heuristic(s, 1) == -heuristic(s, 0) for two seats

    def values(
        self, state: State, cooperative: bool, seat: int = 0, baseline: float = 0.0
    ) -> list[float]:
        """Expected result per seat in [0, 1] at a position that is not the end.

        Competing seats: a sigmoid of each seat's lead over the best other. A
        cooperative game's heuristic is one absolute value for the team, so it is
        measured from ``baseline`` (what the searching ``seat`` judged the root to be
        worth): better than now tends to 1, worse to 0.
        """
        n = state.num_players
        h = self.heuristic
        scale = self.scale
        if cooperative:
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
            getattr(game_cls, "cooperative", None),
            bool(getattr(game_cls, "heuristic_zero_sum", False)),
        )
    module = _module_for(game_cls)
    if module is not None and callable(getattr(module, "heuristic", None)):
        return Evaluation(
            module.heuristic,
            module.__name__ + ".heuristic",
            float(getattr(module, "SCALE", 1.0)),
            getattr(module, "COOPERATIVE", getattr(game_cls, "cooperative", None)),
            bool(getattr(module, "ZERO_SUM", False)),
        )
    return Evaluation(score_heuristic, "scores", 1.0, getattr(game_cls, "cooperative", None))


def find_heuristic(game: Game) -> Heuristic:
    """``heuristic(state, seat)`` for ``game`` (see the module notes for the search)."""
    return evaluation_for(type(game)).heuristic


_COOP_CACHE: dict[tuple[str, str, int], bool] = {}


def is_cooperative(state: State, probes: int = 4, max_steps: int = 20_000) -> bool:
    """Whether every seat always gets the same result.

    Declared by the game (``cooperative``/``COOPERATIVE``) or, failing that, found
    from a few random games of the same set-up: cooperative when every one of them
    ended with the same return for every seat. Cached per game, options and seats.
    """
    game = state.game
    declared = evaluation_for(type(game)).cooperative
    if declared is not None:
        return bool(declared)
    if state.num_players == 1:
        return True
    key = (game.id, repr(game.options), state.num_players)
    if key not in _COOP_CACHE:
        rng = random.Random(12345)
        verdict = True
        for _ in range(probes):
            s = game.new_state(state.num_players)
            steps = 0
            while not s.is_terminal() and steps < max_steps:
                if s.current_player() == CHANCE:
                    s.apply(sample_chance(s, rng), check=False)
                else:
                    legal = s.legal_actions()
                    s.apply(legal[rng.randrange(len(legal))], check=False)
                steps += 1
            if not s.is_terminal():
                continue
            r = s.returns()
            if max(r) - min(r) > 1e-9:
                verdict = False
                break
        _COOP_CACHE[key] = verdict
    return _COOP_CACHE[key]
