"""The conformance suite every registered game passes (see tests/core/test_conformance.py).

It plays random legal games to the end and, along the way, checks the engine
contract: legal actions unique and non-empty, every listed action applies, unlisted
ones raise ``IllegalAction`` with a reason and change nothing, a turn-flow step's
``refuse`` lets every listed action pass and names the rule an unlisted one of the
same kind breaks, clones are equal and independent, JSON round trips, chance
probabilities sum to 1, observations hide what they must, ``determinize`` keeps the
seat's view, records replay to the same final position. Observations match the game's
documented schema (its ``schema`` module) and name the pending decision. A game with a
numeric view (its ``numeric`` module) also has every action it offers in its codec, a
mask that marks exactly the legal actions, and a fixed-shape ``float32`` vector per seat
that ``determinize`` leaves unchanged.

Nothing hidden leaks through any view: a copy is altered in one of the hidden things
the state lists (``unseen()``: an opponent's card swapped with one in the deck, a die
behind another screen turned), in one step rather than ``determinize``'s full redeal;
everything the seat reads must stay the same, and again after both copies take the
same next action. Every zone's visibility is the one its field declares.
"""

from __future__ import annotations

import io
import json
import math
import random
import re
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any

import numpy as np
from rich.console import Console

from . import log
from .actions import Action
from .errors import IllegalAction, MalformedInput
from .fields import misdeclared_zones
from .flow import FlowState
from .loop import play
from .records import Record
from .schema import check_event, check_observation
from .state import CHANCE, TERMINAL, Event, Game, State


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
    altered: int = 0  # positions compared with a copy altered in what one seat cannot see


def random_playthrough(
    game: Game, players: int, rng: random.Random, max_steps: int = 20_000
) -> Playthrough:
    """A random legal game to its end (chance sampled), with its record."""
    state = game.new_state(players)
    record = Record(
        game.id, players, ["random"] * players, game.options_json(), game_version=game.version
    )
    pool: set[Action] = set()
    said: list[tuple[str, str] | None] = [None]  # the chosen action's log line, and the menu's

    def explore(state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if not legal:
            _fail(f"step {len(record.actions)}: seat {seat} is to move but has no legal action")
        pool.update(legal)
        choice = rng.choice(legal)
        check_words(state.action_text(choice), f"the text of {choice}")  # as the log shows it
        quiet = state.is_quiet(choice)
        said[0] = None if quiet else (state.said_text(choice), State.said_text(state, choice))
        return choice

    def keep(state: State, seat: int, action: Action, events: list[Event]) -> None:
        record.actions.append(action)
        for event in events:
            check_event_text(state, event)
        if seat >= 0 and not events and said[0] is not None:
            check_said(action, *said[0])
        said[0] = None

    steps = play(state, [explore] * players, rng, on_step=keep, limit=max_steps)
    if not state.is_terminal():
        _fail(f"no end after {max_steps} random steps")
    _check_sides(state)
    return Playthrough(record, state, steps, pool)


def _check_sides(state: State) -> None:
    """The sides part the seats, and a side wins whole."""
    sides = state.sides()
    if sorted(seat for side in sides for seat in side) != list(range(state.num_players)):
        _fail(f"sides() gave {sides}: every seat must be on exactly one side")
    won = set(state.winners())
    if any(0 < len(won & set(side)) < len(side) for side in sides):
        _fail(f"winners() {sorted(won)} split a side of {sides}")


def check_state(state: State, pool: set[Action], rng: random.Random) -> int:
    """Every per-position promise of the contract, at one position; returns how many
    seats' views were compared with a copy altered in what they cannot see."""
    snapshot = state.to_json()
    player = state.current_player()
    if not (player in (CHANCE, TERMINAL) or 0 <= player < state.num_players):
        _fail(f"current_player() gave {player}")
    back = _check_copies(state, snapshot)
    legal = _listed(state, back)
    _check_listed_apply(state, legal, snapshot)
    strangers = [a for a in pool if a not in set(legal)]
    rng.shuffle(strangers)
    strangers = strangers[:10]
    _check_refusals(state, [*strangers, Action("no-such-action")], snapshot)
    if isinstance(state, FlowState) and player >= 0:
        _check_flow_rules(state, legal, strangers)
    _check_views(state, legal, rng)
    if state.game.parts.numeric is not None:
        check_numeric(state, rng)
    if isinstance(state, FlowState):
        wrong = misdeclared_zones(state)
        if wrong:
            _fail(f"these zones' visibility is not their field's declaration: {wrong}")
    altered = check_hidden(state, pool, rng)
    if state.to_json() != snapshot:
        _fail("observation(), determinize() or a step's refuse() changed the state")
    return altered


def _check_copies(state: State, snapshot: dict[str, Any]) -> State:
    """A clone is equal, JSON round trips; returns the position restored from JSON."""
    if state.clone().to_json() != snapshot:
        _fail("clone() differs from the original")
    back = state.game.state_from_json(json.loads(json.dumps(snapshot)))
    if back.to_json() != snapshot:
        _fail("to_json -> from_json does not round trip")
    if back.current_player() != state.current_player():
        _fail("the restored state has another player to move")
    return back


def _listed(state: State, back: State) -> list[Action]:
    """The actions (or chance outcomes) the position lists, checked for sense."""
    player = state.current_player()
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
        return [a for a, _ in outcomes]
    legal = state.legal_actions()
    if player == TERMINAL:
        if legal:
            _fail("legal actions at a terminal state")
        return []
    if not legal:
        _fail(f"seat {player} to move with no legal action")
    if len(set(legal)) != len(legal):
        _fail("legal actions repeat")
    if legal != back.legal_actions():
        _fail("the restored state lists other legal actions")
    return legal


def _check_listed_apply(state: State, legal: list[Action], snapshot: dict[str, Any]) -> None:
    """Every listed action applies (on a clone), with events and texts, leaving the
    original untouched; no two read the same (a roll or a draw names what it is for)."""
    texts = [state.action_text(action) for action in legal]
    if len(set(texts)) != len(texts):
        twice = sorted({t for t in texts if texts.count(t) > 1})
        _fail(f"several actions read {twice[0]!r}: a text must tell them apart")
    for action in legal:
        json.dumps(action.to_json())
        if Action.from_json(action.to_json()) != action:
            _fail(f"{action!r} does not survive its JSON form")
        if Action.from_list(action.to_list()) != action:
            _fail(f"{action!r} does not survive its compact form")
        copy = state.clone()
        events = copy.apply(action)
        if not isinstance(events, list):
            _fail(f"apply({action}) did not return a list of events")
        json.dumps(events)
        for event in events:
            check_event_text(copy, event)
        text = state.action_text(action)
        if not isinstance(text, str) or not text:
            _fail(f"action_text({action}) is empty")
        check_words(text, f"the text of {action}")
        if state.to_json() != snapshot:
            _fail(f"applying {action} to a clone changed the original")


RAW = re.compile(r"[=\[\]{}]|\b[a-z0-9]+_[a-z0-9_]+\b|\b(True|False|None)\b")
"""Engine notation a player must never read: ``kind key=value``, lists, dicts,
snake_case keys and Python's ``True``, ``False``, ``None``."""


def check_words(text: str, what: str) -> None:
    """``text`` speaks the game's words, not the engine's notation."""
    raw = RAW.search(text)
    if raw:
        _fail(f"{what} reads {text!r}: {raw.group()!r} is engine notation, not the game's words")


def check_said(action: Action, text: str, menu: str) -> None:
    """An action that caused nothing visible is logged said of its maker in the game's
    words ("Red leaves their cone where it is"), not as the seat's name and the menu's
    imperative ("Red: leave your cone where it is")."""
    if text == menu:
        _fail(f"{action} is logged as {text!r}: say it of its maker (said_text)")
    check_words(text, f"the log line of {action}")


def check_event_text(state: State, event: Event) -> None:
    """An event is of a documented kind and has its own line in the game's words (or
    none: ``""``)."""
    try:
        check_event(state.game, event)
    except MalformedInput as exc:
        _fail(str(exc))
    text = state.event_text(event)
    if not isinstance(text, str):
        _fail(f"event_text({event}) is not a text")
    if text and text == State.event_text(state, event):
        _fail(f"the {event.get('type')!r} event has no text of its own: {text!r}")
    check_words(text, f"the {event.get('type')!r} event")


def _check_refusals(state: State, strangers: list[Action], snapshot: dict[str, Any]) -> None:
    """Unlisted actions raise ``IllegalAction`` with a reason, and change nothing."""
    listed = state.legal_actions()
    for action in strangers:
        try:
            state.apply(action)
        except IllegalAction as exc:
            if not str(exc):
                _fail(f"IllegalAction without a message for {action}")
        else:
            _fail(f"{action} was applied although it is not listed as legal")
        if state.to_json() != snapshot:
            _fail(f"the illegal action {action} changed the state")
        if state.legal_actions() != listed:
            _fail(f"refusing {action} changed the legal actions")


def _check_flow_rules(state: FlowState, legal: list[Action], strangers: list[Action]) -> None:
    """A step's ``refuse`` is its rule: it lets every listed action pass, and it names
    the rule broken by an unlisted action of a kind the position offers."""
    frame = state.stack[-1]
    free = state.game.parts.steps.free_kinds
    for action in legal:
        step = free.get(action.kind) or frame.step
        reason = step.refuse(state, frame, action) if step.refuse else None
        if reason is not None:
            _fail(f"step {step.name}: refuse() refuses the listed action {action}: {reason!r}")
    offered = {a.kind for a in legal}
    for action in strangers:
        step = free.get(action.kind) or frame.step
        if action.kind in offered and step.refuse is not None:
            reason = step.refuse(state, frame, action)
            if not reason:
                _fail(
                    f"step {step.name}: {action} is not listed, but refuse() gives no reason "
                    "(a refusal must name the rule it breaks)"
                )


def _check_views(state: State, legal: list[Action], rng: random.Random) -> None:
    """Each view is JSON, ``determinize`` keeps the seat's own view, and a spectator
    sees no more than any seat."""
    player = state.current_player()
    spectator = state.observation(None)
    json.dumps(spectator)
    for seat in [None, *range(state.num_players)]:
        _check_schema(state, seat)
    for seat in range(state.num_players):
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


# -- nothing hidden leaks ----------------------------------------------------------------------
def alter(state: State, seat: int, rng: random.Random) -> State | None:
    """A copy changed in one thing ``seat`` cannot see (one of the state's ``unseen()``
    hidden things, tried in a random order), or None if nothing hidden can change."""
    if not isinstance(state, FlowState):
        return None
    s = state.clone()
    s.changed()
    hidden = list(s.unseen())
    rng.shuffle(hidden)
    for thing in hidden:
        if thing.alter(seat, rng):
            s.changed()
            return s
    return None


def check_hidden(state: State, pool: set[Action], rng: random.Random) -> int:
    """For each seat, a copy altered only in what the seat cannot see (the game's
    ``unseen()``) shows the seat the same observation, text view, numeric view, legal
    actions and their texts, refusals, and, after both copies take the same next action,
    the same log lines and views again (unless that action reveals something). Returns
    how many seats were compared."""
    compared = 0
    for seat in range(state.num_players):
        other = alter(state, seat, random.Random(rng.random()))
        if other is None:
            continue
        changed = _changed_parts(state, other)
        if not changed:
            _fail(f"altering what seat {seat} cannot see gave a copy that differs in nothing")
        where = f"(altered for seat {seat}: {', '.join(changed)})"
        _same_views(state, other, seat, pool, rng, where)
        _same_views(state, other, None, pool, rng, where)  # a spectator sees no more
        compared += 1
        action = _next_in_both(state, other, rng)
        if action is None:
            continue
        one, two = state.clone(), other.clone()
        events_one, lines_one = log.play(one, action)
        events_two, lines_two = log.play(two, action)
        if any(e.get("reveal") for e in [*events_one, *events_two]):
            continue
        for viewer in (seat, None):
            read_one = [e.text for e in lines_one if e.visible_to(viewer)]
            read_two = [e.text for e in lines_two if e.visible_to(viewer)]
            if read_one != read_two:
                _fail(f"seat {viewer}'s log reads {read_one} or {read_two} after {action} {where}")
            _same_views(one, two, viewer, pool, rng, f"after {action} {where}")
    return compared


def _changed_parts(state: State, other: State) -> list[str]:
    mine, theirs = state.to_json(), other.to_json()
    return sorted(k for k in mine.keys() | theirs.keys() if mine.get(k) != theirs.get(k))


def _same_views(
    state: State, other: State, seat: int | None, pool: set[Action], rng: random.Random, where: str
) -> None:
    """What ``seat`` (None: a spectator) reads is the same in both positions."""
    if state.current_player() != other.current_player():
        _fail(f"who is to move depends on what seat {seat} cannot see {where}")
    if state.observation(seat) != other.observation(seat):
        _fail(f"observation({seat}) shows what seat {seat} cannot see {where}")
    shown, shown_other = _text_of(state.render(seat)), _text_of(other.render(seat))
    if shown != shown_other:
        lines = zip_longest(shown.splitlines(), shown_other.splitlines(), fillvalue="")
        first = next((a, b) for a, b in lines if a != b)
        _fail(f"render({seat}) shows what seat {seat} cannot see {where}: {first}")
    if (
        seat is not None
        and state.game.parts.numeric is not None
        and not np.array_equal(state.numeric(seat), other.numeric(seat))
    ):
        _fail(f"numeric({seat}) shows what seat {seat} cannot see {where}")
    if state.current_player() != seat:
        return
    legal = state.legal_actions()
    if legal != other.legal_actions():
        _fail(f"seat {seat}'s legal actions depend on what it cannot see {where}")
    for action in legal:
        if state.action_text(action) != other.action_text(action):
            _fail(f"the text of {action} shows what seat {seat} cannot see {where}")
    listed = set(legal)
    strangers = sorted((a for a in pool if a not in listed), key=str)
    for action in rng.sample(strangers, min(10, len(strangers))):
        if state.illegal_reason(action) != other.illegal_reason(action):
            _fail(f"the refusal of {action} shows what seat {seat} cannot see {where}")


def _next_in_both(state: State, other: State, rng: random.Random) -> Action | None:
    """A next action (or chance outcome) both positions allow, if any."""
    if state.current_player() == CHANCE:
        possible = {outcome for outcome, _ in other.chance_outcomes()}
        common = [outcome for outcome, _ in state.chance_outcomes() if outcome in possible]
    else:
        allowed = set(other.legal_actions())
        common = [action for action in state.legal_actions() if action in allowed]
    return rng.choice(common) if common else None


def _text_of(renderable: Any) -> str:
    """A text view as the terminal prints it, styles included."""
    if isinstance(renderable, str):
        return renderable
    out = io.StringIO()
    Console(file=out, width=120, color_system="truecolor", force_terminal=True).print(renderable)
    return out.getvalue()


def _check_schema(state: State, seat: int | None) -> None:
    """The observation matches the game's documented schema and names the pending
    decision as the turn flow has it."""
    try:
        check_observation(state, seat)
    except MalformedInput as exc:
        _fail(str(exc))
    if isinstance(state, FlowState) and state.observation(seat)["decision"] != state.decision():
        _fail(f"observation({seat}) does not name the pending decision")


def check_numeric(state: State, rng: random.Random) -> None:
    """The codec round-trips every legal action and its mask marks exactly the ids they
    start from; each seat's vector has the layout's size, is float32 and finite, and
    ``determinize`` (which keeps what the seat may see) leaves it unchanged."""
    game, players = state.game, state.num_players
    codec = game.action_codec(players)
    size = game.observation_layout(players).size
    expected = np.zeros(codec.size, dtype=np.int8)
    if state.current_player() >= 0:
        for action in state.legal_actions():
            if action not in codec:
                _fail(f"the legal action {action} is not in the action codec")
            ids = codec.encode(action)
            if codec.decode(ids) != action:
                _fail(f"the codec does not round-trip {action} (ids {ids})")
            expected[ids[0]] = 1
    if not np.array_equal(codec.mask(state), expected):
        _fail("the codec's mask does not mark exactly the legal actions")
    for seat in range(players):
        vector = state.numeric(seat)
        if not isinstance(vector, np.ndarray) or vector.shape != (size,):
            _fail(f"numeric({seat}) is not a vector of the layout's size {size}")
        if vector.dtype != np.float32 or not np.isfinite(vector).all():
            _fail(f"numeric({seat}) is not made of finite float32 numbers")
        if not np.array_equal(state.determinize(seat, rng).numeric(seat), vector):
            _fail(f"determinize({seat}) changed numeric({seat}): it shows what the seat cannot see")


def check_codec(game: Game, players: int, pool: set[Action]) -> None:
    """Every action random play made legal has an id in the game's codec."""
    if game.parts.numeric is None:
        return
    codec = game.action_codec(players)
    missing = sorted(str(a) for a in pool if a not in codec)
    if missing:
        _fail(f"{len(missing)} legal actions are not in the action codec: {missing[:5]}")


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
                    run.altered += check_state(state, run.pool, rng)
                state.apply(action)
            run.altered += check_state(state, run.pool, rng)
        check_codec(game, players, run.pool)
        runs.append(run)
    return runs
