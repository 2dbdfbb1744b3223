"""The conformance suite every registered game passes (see tests/core/test_conformance.py).

It plays random legal games to the end and, along the way, checks the engine
contract: legal actions unique and non-empty, every listed action applies, unlisted
ones raise ``IllegalAction`` and change nothing, clones are equal and independent,
JSON round trips, chance probabilities sum to 1, observations hide what they must,
``determinize`` keeps the seat's view, records replay to the same final position.
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field

from .actions import Action
from .errors import IllegalAction
from .records import Record
from .state import CHANCE, TERMINAL, Game, State, sample_chance


class ConformanceFailure(AssertionError):
    pass


def _fail(message: str) -> None:
    raise ConformanceFailure(message)


@dataclass
class Playthrough:
    record: Record
    final: State
    steps: int
    pool: set[Action] = field(default_factory=set)


def random_playthrough(
    game: Game, players: int, rng: random.Random, max_steps: int = 20_000
) -> Playthrough:
    """A random legal game to its end (chance sampled), with its record."""
    state = game.new_state(players)
    record = Record(
        game.id, players, ["random"] * players, game.options_json(), game_version=game.version
    )
    pool: set[Action] = set()
    for step in range(max_steps):
        player = state.current_player()
        if player == TERMINAL:
            return Playthrough(record, state, step, pool)
        if player == CHANCE:
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            if not legal:
                _fail(f"step {step}: seat {player} is to move but has no legal action")
            action = rng.choice(legal)
            pool.update(legal)
        record.actions.append(action)
        state.apply(action)
    _fail(f"no end after {max_steps} random steps")
    raise AssertionError  # unreachable


def check_state(state: State, pool: set[Action], rng: random.Random) -> None:
    """Every per-position promise of the contract, at one position."""
    snapshot = state.to_json()
    player = state.current_player()
    n = state.num_players
    if not (player in (CHANCE, TERMINAL) or 0 <= player < n):
        _fail(f"current_player() gave {player}")

    # clone equal and independent, JSON round trip
    twin = state.clone()
    if twin.to_json() != snapshot:
        _fail("clone() differs from the original")
    back = state.game.state_from_json(json.loads(json.dumps(snapshot)))
    if back.to_json() != snapshot:
        _fail("to_json -> from_json does not round trip")
    if back.current_player() != player:
        _fail("the restored state has another player to move")

    if player == CHANCE:
        outcomes = state.chance_outcomes()
        if not outcomes:
            _fail("a chance node without outcomes")
        total = sum(p for _, p in outcomes)
        if not math.isclose(total, 1.0, abs_tol=1e-9):
            _fail(f"chance probabilities sum to {total}")
        if any(p <= 0 for _, p in outcomes):
            _fail("a chance outcome with probability 0 or less")
        if len({a for a, _ in outcomes}) != len(outcomes):
            _fail("chance outcomes repeat")
        legal = [a for a, _ in outcomes]
    elif player == TERMINAL:
        legal = []
        if state.legal_actions():
            _fail("legal actions at a terminal state")
    else:
        legal = state.legal_actions()
        if not legal:
            _fail(f"seat {player} to move with no legal action")
        if len(set(legal)) != len(legal):
            _fail("legal actions repeat")
        if legal != back.legal_actions():
            _fail("the restored state lists other legal actions")

    # every listed action applies (on a clone), leaving the original untouched
    for action in legal:
        json.dumps(action.to_json())
        if Action.from_json(action.to_json()) != action:
            _fail(f"{action!r} does not survive its JSON form")
        copy = state.clone()
        events = copy.apply(action)
        if not isinstance(events, list):
            _fail(f"apply({action}) did not return a list of events")
        json.dumps(events)
        for event in events:
            if not isinstance(copy.event_text(event), str):
                _fail(f"event_text({event}) is not a text")
        if not isinstance(state.action_text(action), str) or not state.action_text(action):
            _fail(f"action_text({action}) is empty")
        if state.to_json() != snapshot:
            _fail(f"applying {action} to a clone changed the original")

    # an unlisted action raises and changes nothing
    listed = set(legal)
    strangers = [a for a in pool if a not in listed]
    rng.shuffle(strangers)
    for action in strangers[:10] + [Action("no-such-action")]:
        try:
            state.apply(action)
        except IllegalAction as exc:
            if not str(exc):
                _fail("IllegalAction without a message")
        else:
            _fail(f"{action} was applied although it is not listed as legal")
        if state.to_json() != snapshot:
            _fail(f"the illegal action {action} changed the state")

    # information: each view is JSON, determinize keeps the seat's own view,
    # and a spectator sees no more than any seat
    spectator = state.observation(None)
    json.dumps(spectator)
    for seat in range(n):
        view = state.observation(seat)
        json.dumps(view)
        guess = state.determinize(seat, rng)
        if guess.observation(seat) != view:
            _fail(f"determinize({seat}) changed what seat {seat} sees")
        if guess.observation(None) != spectator:
            _fail(f"determinize({seat}) changed what a spectator sees")
        if guess.current_player() != player:
            _fail(f"determinize({seat}) changed who is to move")
        if player >= 0 and player == seat and guess.legal_actions() != legal:
            _fail("determinize changed the legal actions of the seat to move")
    if state.to_json() != snapshot:
        _fail("observation() or determinize() changed the state")


def check_game(
    game: Game,
    players: int,
    seeds: range = range(5),
    checks_per_game: int = 12,
    check_states: bool = True,
) -> list[Playthrough]:
    """Play one random game per seed; check the contract along the way and at the end."""
    runs = []
    for seed in seeds:
        rng = random.Random(seed)
        run = random_playthrough(game, players, rng)
        final = run.final
        scores, returns = final.scores(), final.returns()
        if len(scores) != players or len(returns) != players:
            _fail("scores() or returns() does not give one number per seat")
        for value in [*scores, *returns]:
            if not isinstance(value, int | float) or math.isnan(value):
                _fail(f"scores/returns hold {value!r}")
        replayed = Record.from_json(json.loads(json.dumps(run.record.to_json())))
        if replayed.replay(game=game).to_json() != final.to_json():
            _fail(f"seed {seed}: the record does not replay to the same final position")
        if check_states and run.steps:
            every = max(1, run.steps // checks_per_game)
            state = game.new_state(players)
            for i, action in enumerate(run.record.actions):
                if i % every == 0:
                    check_state(state, run.pool, rng)
                state.apply(action)
            check_state(state, run.pool, rng)
        runs.append(run)
    return runs
