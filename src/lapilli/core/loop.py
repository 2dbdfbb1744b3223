"""The one game loop: chance by a random source, decisions by policies.

Simulation, tournaments, benchmarks, conformance, bot rollouts, a ``Match`` (the
terminal, the web) all drive games through ``play``. A *policy* picks an action for
the seat to move (a bot's ``act``, a prompt at the terminal); a seat whose policy is
``None`` decides outside the loop (a human at a web table), so ``play`` returns when
that seat is to move, at the end of the game, or after ``limit`` steps.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from .actions import Action
from .flow import FlowState
from .state import CHANCE, TERMINAL, Event, State, sample_chance

AnyState = TypeVar("AnyState")  # quiet takes what has a state's methods


class Policy(Protocol):
    def __call__(self, state: State, seat: int, /) -> Action: ...


OnStep = Callable[[State, int, Action, list[Event]], None]
"""Called after each step with the state after it, who acted (a seat or ``CHANCE``),
the action and its events."""


def play(
    state: State,
    policies: Sequence[Policy | None],
    rng: random.Random,
    *,
    on_step: OnStep | None = None,
    apply: Callable[[Action], list[Event]] | None = None,
    check: bool = True,
    limit: int | None = None,
) -> int:
    """Play ``state`` on until the end, a seat without a policy, or ``limit`` steps.

    Returns the number of steps played. Chance outcomes are drawn from ``rng`` with
    their probabilities. ``apply`` carries out a step instead of ``state.apply`` (a
    ``Match`` records, logs and keeps undo). ``check=False`` skips the legality test,
    for policies that only ever pick from ``legal_actions``.
    """
    steps = 0
    while limit is None or steps < limit:
        seat = state.current_player()
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            action = sample_chance(state, rng)
        else:
            policy = policies[seat]
            if policy is None:
                break
            action = policy(state, seat)
        events = state.apply(action, check) if apply is None else apply(action)
        steps += 1
        if on_step is not None:
            on_step(state, seat, action, events)
    return steps


def quiet(state: AnyState) -> AnyState:
    """``state``, told that nobody reads its events: a ``FlowState`` stops narrating
    (its rules may skip building event payloads). For simulations and searches. Any
    object with a state's methods will do (the bots take them), so the compiled engine
    checks nothing of its type."""
    if isinstance(state, FlowState):
        state.narrate = False
    return state


def random_policy(rng: random.Random) -> Policy:
    """Uniformly random legal actions (the fuzzer of every rule)."""

    def choose(state: State, seat: int) -> Action:
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]

    return choose
