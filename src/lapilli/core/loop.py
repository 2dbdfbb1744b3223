"""The one game loop: chance by a random source, decisions by policies.

Simulation, tournaments, benchmarks, conformance, bot evaluation, the terminal and the
web all drive games through ``play``. A *policy* picks an action for the seat to move
(a bot's ``act``, a prompt at the terminal); a seat whose policy is ``None`` is left to
decide outside the loop (a human at the web table), so ``play`` returns when that seat
is to move, or at the end of the game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from .actions import Action
from .state import CHANCE, TERMINAL, Event, State, sample_chance


class Policy(Protocol):
    def __call__(self, state: State, seat: int) -> Action: ...


OnStep = Callable[[State, int, Action, list[Event]], None]
"""Called after each step with the state after it, who acted, the action and its events."""


def play(
    state: State,
    policies: Sequence[Policy | None],
    rng: random.Random,
    *,
    on_step: OnStep | None = None,
    check: bool = True,
    max_steps: int | None = None,
) -> int:
    """Play ``state`` on until the end or a seat without a policy is to move.

    Returns the number of steps played. ``check=False`` skips the legality test, for
    policies that only ever pick from ``legal_actions``. ``max_steps`` is a safety limit
    (``RuntimeError`` when it is reached).
    """
    steps = 0
    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            return steps
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            policy = policies[seat]
            if policy is None:
                return steps
            action = policy(state, seat)
        events = state.apply(action, check=check)
        steps += 1
        if on_step is not None:
            on_step(state, seat, action, events)
        if max_steps is not None and steps >= max_steps:
            if not state.is_terminal():
                raise RuntimeError(f"no end after {max_steps} steps")
            return steps


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random legal actions (the fuzzer of every rule)."""

    def choose(state: State, seat: int) -> Action:
        return rng.choice(state.legal_actions())

    return choose
