"""Damaged saved positions: one change to a saved position, made at random.

A change retypes a value (a text, null, a list, an object, a fraction, true for a
number), nudges a number (one more, one fewer, far out of range), removes a key or a
list entry, or repeats a list entry. The position either loads refused with
``MalformedInput`` or plays on: its views, texts and random legal play must not crash.
"""

from __future__ import annotations

import json
import random
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from lapilli.core.conformance import random_playthrough
from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE, Game, State, sample_chance

STRANGE = ["x", None, [], {}, 1.5, True, [0], {"x": 1}, -1, 10**6]
NUDGES = [-1, 1, 2, -5, 99]


def spots(data: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path of every value inside ``data`` (keys and list indexes)."""
    if path:
        yield path
    if isinstance(data, dict):
        for key, value in data.items():
            yield from spots(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from spots(value, (*path, i))


def damage(data: dict[str, Any], rng: random.Random) -> tuple[dict[str, Any], str]:
    """A copy of a saved position with one change, and the change in words."""
    copy = json.loads(json.dumps(data))
    path = rng.choice(list(spots(copy)))
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    key, value = path[-1], parent[path[-1]]
    where = "/".join(map(str, path))
    roll = rng.random()
    if roll < 0.15 and isinstance(parent, dict):
        del parent[key]
        return copy, f"removed {where}"
    if roll < 0.25 and isinstance(parent, list):
        del parent[key]
        return copy, f"removed {where}"
    if roll < 0.3 and isinstance(parent, list):
        parent.insert(key, value)
        return copy, f"repeated {where}"
    if roll < 0.6 and type(value) is int:
        parent[key] = value + rng.choice(NUDGES)
        return copy, f"{where}: {value} -> {parent[key]}"
    parent[key] = rng.choice(STRANGE)
    return copy, f"{where}: {value!r} -> {parent[key]!r}"


class TooSlow(Exception):
    pass


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """A damaged position must not make a step run for ever."""

    def stop(*_: Any) -> None:
        raise TooSlow(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def play_on(state: State, rng: random.Random, steps: int) -> None:
    """Random legal play with every view read at each step."""
    for _ in range(steps):
        for seat in range(state.num_players):
            state.observation(seat)
        state.to_json()
        state.scores()
        if state.is_terminal():
            return
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
            state.action_text(action)
        for event in state.apply(action):
            state.event_text(event)


def saved_positions(game: Game, players: int, seed: int, count: int) -> list[dict[str, Any]]:
    """``count`` positions along a random game, as saved."""
    rng = random.Random(seed)
    actions = random_playthrough(game, players, rng).record.actions
    picks = set(rng.sample(range(len(actions)), min(count, len(actions))))
    state, saved = game.new_state(players), []
    for i, action in enumerate(actions):
        if i in picks:
            saved.append(state.to_json())
        state.apply(action)
    return saved


def check_damaged(game: Game, players: int, seed: int, positions: int, changes: int) -> int:
    """Damage saved positions; each loads refused or plays on. Returns how many were
    refused (the rest played on)."""
    rng = random.Random(seed)
    refused = 0
    for data in saved_positions(game, players, seed, positions):
        for _ in range(changes):
            bad, change = damage(data, rng)
            try:
                with time_limit(20):
                    state = game.state_from_json(bad)
                    play_on(state, random.Random(rng.random()), steps=25)
            except MalformedInput:
                refused += 1
            except Exception as exc:
                raise AssertionError(f"{game.id}, {change}: {exc!r}") from exc
    return refused
