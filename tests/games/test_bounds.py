"""Every game's declared bounds (``numeric.bounds``) hold in long games: no round takes
more decisions than the game says a round can hold, no game lasts more rounds, and the
results lie in the declared range and add up as declared.

Two kinds of players make long games: random ones, and stalling ones that avoid ending
a step ("done", "stop", ...) and take every free move they may (within the learning
environments' ``free_run``, as ``Choice`` enforces it). Short round limits make the
safeguards end games too.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from lapilli.core.numeric import Choice
from lapilli.core.registry import game_class, games
from lapilli.core.state import State, sample_chance

ENDING = {"done", "stop", "pass", "go_on", "decline", "stay", "abandon", "refuse", "cone_pass"}
"""Kinds of action that end a step or a turn sooner: a stalling player avoids them."""

SHORT = {
    "eras": {"round_limit": 12},
    "deeper": {"max_rounds": 6},
    "volcanique": {"max_rounds": 6},
}
"""Limits that the games reach, so that their safeguards end them."""


def round_of(state: State) -> int:
    """The round a position is in (0 or 1 before the first turn, as the game counts)."""
    if state.game.id == "eras":
        return (state.turns + state.players - 1) // state.players  # type: ignore[attr-defined]
    return int(state.round)  # type: ignore[attr-defined]


def play(game, players: int, seed: int, stalling: bool) -> tuple[Counter[int], State]:
    """A whole game; the decisions taken in each round."""
    rng = random.Random(seed)
    state = game.new_state(players)
    steps = game.parts.steps
    bounds = game.numeric().bounds(game, players)
    choice = Choice(game.action_codec(players), steps.free_kinds, bounds.free_run)
    per_round: Counter[int] = Counter()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = [a for _, a in choice.options(state)]
            if stalling:
                free = [a for a in legal if a.kind in steps.free_kinds]
                going = [a for a in legal if a.kind not in ENDING]
                legal = free or going or legal
            action = rng.choice(legal)
            per_round[round_of(state)] += 1
        state.apply(action, check=False)
        choice.applied(action)
    return per_round, state


def set_ups():
    for game_id in games():
        cls = game_class(game_id)
        if cls.parts.numeric is None:
            continue
        for options, players in cls().conformance_configs():
            yield pytest.param(game_id, options, players, id=f"{game_id}-{players}p-{options}")
            if game_id in SHORT:
                short = {**options, **SHORT[game_id]}
                yield pytest.param(game_id, short, players, id=f"{game_id}-{players}p-{short}")


@pytest.mark.parametrize("game_id, options, players", list(set_ups()))
def test_long_games_stay_within_the_declared_bounds(game_id, options, players):
    game = game_class(game_id).with_options_json(options)
    bounds = game.numeric().bounds(game, players)
    low, high = bounds.utility
    # a stalling game reaches the round limit: with the default one, a random game only
    stall = game_id not in SHORT or SHORT[game_id].items() <= options.items()
    for seed in range(4 if stall else 2):
        per_round, end = play(game, players, seed, stalling=stall and seed % 2 == 1)
        first = min(per_round)
        for r, count in per_round.items():
            allowed = bounds.per_round + (bounds.setup if r == first else 0)
            assert count <= allowed, f"round {r}: {count} decisions, more than {allowed}"
        assert bounds.decisions is not None
        assert sum(per_round.values()) <= bounds.decisions
        assert max(per_round) <= (bounds.rounds or 0) + 1  # (the set-up may count as 0)
        results = end.returns()
        assert all(low <= r <= high for r in results)
        if bounds.utility_sum is not None:
            assert sum(results) == pytest.approx(bounds.utility_sum)


def test_a_game_without_its_safeguard_has_no_bound():
    for game_id, option in (("eras", "round_limit"), ("deeper", "max_rounds")):
        game = game_class(game_id).with_options_json({option: 0})
        assert game.numeric().bounds(game, 2).decisions is None
