"""Quick moves for a search's rollouts, shared by the games that supply one
(``Evaluation.playout``): look at a few actions one decision ahead and keep the one the
game's heuristic rates best. A greedy look at every action would cost a search dozens of
positions a step."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from .actions import Action

Heuristic = Callable[[Any, int], float]


def best_by(heuristic: Heuristic, state: Any, seat: int, actions: Sequence[Action]) -> Action:
    """The action after which ``heuristic`` rates the position best for ``seat`` (the
    first of equals)."""
    best, best_v = actions[0], -math.inf
    for a in actions:
        child = state.clone()
        child.apply(a, False)
        v = heuristic(child, seat)
        if v > best_v:
            best, best_v = a, v
    return best


def looks(
    always: list[Action], others: list[Action], most: int, rng: random.Random
) -> list[Action]:
    """The actions a quick move looks at: every one of ``always``, and of ``others`` as
    many as are left of ``most``, drawn at random."""
    drawn = max(0, most - len(always))
    return always + (rng.sample(others, drawn) if len(others) > drawn else others)
