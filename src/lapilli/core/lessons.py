"""Guided first games, as data: one lesson per game (``lesson.toml`` in its package),
read alike by the terminal (``lapilli learn``) and the browser.

A lesson is 6-12 steps. Each step teaches one rule of the game's rulebook (cited by its
key, so the step quotes the rule in the rulebook's words), starts from a position (a
description in the game's words, built by the game's position builder, or the game's own
set-up), asks the learner for one move and accepts the moves it names. A wrong move is
explained: one the rules forbid by the rule's own refusal (the engine's, never a text of
the lesson), one they allow by what this step asks instead. Each step lists a few
tempting moves the rules forbid (``traps``), offered beside the legal ones.

A step may continue from the one before: its position is that step's after the first
move it accepts and the moves it scripts next (``then``: the other seats' answers, by
their action texts); chance is drawn with the lesson's seed, so every step starts from
the same position whatever the learner did.

In ``lesson.toml``::

    title = "..."            # the lesson's title
    about = "..."            # what the learner is about to play
    learner = "Red"          # the learner's seat, as the game names it
    players = 2              # optional; options = { ... } too
    seed = 1                 # optional: the draws between steps

    [[steps]]
    title = "Your opening hand"
    rule = "opening"         # a key of the game's rulebook (core.rules)
    start = true             # the game's set-up; or position = { ... }; or continue = true
    say = "..."              # what is going on
    ask = "..."              # what to do
    do = ["take Pig into your opening hand"]     # the accepted moves, by their texts
    traps = [{ label = "take a Fox", action = { kind = "take", token = "fox" } }]
    done = "..."             # said once the move is made
    then = ["..."]           # optional: the moves that follow, for the next step
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from . import log, positions
from .actions import Action
from .errors import IllegalAction, MalformedInput
from .rules import Rule
from .state import CHANCE, Game, State, sample_chance

MIN_STEPS, MAX_STEPS = 6, 12


@dataclass(frozen=True)
class Trap:
    """A tempting move the rules forbid: its label and the action itself."""

    label: str
    action: Action


@dataclass(frozen=True)
class Step:
    title: str
    rule: str
    say: str
    ask: str
    do: tuple[str, ...]
    done: str
    traps: tuple[Trap, ...] = ()
    then: tuple[str, ...] = ()
    position: Mapping[str, Any] | None = None
    start: bool = False


class Choice(NamedTuple):
    """A move offered at a step: its label, the action, and whether the rules allow it."""

    label: str
    action: Action
    legal: bool


class Verdict(NamedTuple):
    """What a move made at a step comes to: ``right`` (the step is done), ``refused``
    (the rules forbid it: ``text`` is their refusal) or ``off`` (allowed, but not what
    the step asks: ``text`` says what it asks)."""

    kind: Literal["right", "refused", "off"]
    text: str


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise MalformedInput(f"{where}: '{key}' is a text")
    return " ".join(value.split())


def _texts(data: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise MalformedInput(f"{where}: '{key}' is a list of texts")
    return tuple(value)


def _step(data: Mapping[str, Any], n: int) -> Step:
    where = f"step {n}"
    known = {"title", "rule", "say", "ask", "do", "done", "traps", "then", "position"}
    unknown = set(data) - known - {"start", "continue"}
    if unknown:
        raise MalformedInput(f"{where}: no key {sorted(unknown)[0]!r} in a lesson step")
    begins = [k for k in ("position", "start", "continue") if data.get(k)]
    if len(begins) != 1:
        raise MalformedInput(f"{where}: give one of position, start = true, continue = true")
    traps = []
    for trap in data.get("traps", []):
        if not isinstance(trap, dict) or set(trap) != {"label", "action"}:
            raise MalformedInput(f"{where}: a trap is {{ label = ..., action = {{ ... }} }}")
        traps.append(Trap(_text(trap, "label", where), Action.from_json(trap["action"])))
    do = _texts(data, "do", where)
    if not do:
        raise MalformedInput(f"{where}: 'do' names at least one move")
    return Step(
        title=_text(data, "title", where),
        rule=_text(data, "rule", where),
        say=_text(data, "say", where),
        ask=_text(data, "ask", where),
        do=do,
        done=_text(data, "done", where),
        traps=tuple(traps),
        then=_texts(data, "then", where),
        position=data.get("position"),
        start=bool(data.get("start")),
    )


class Lesson:
    """A game's guided first game: its steps, the position each starts from, and the
    judge of the learner's moves."""

    def __init__(self, game: Game, data: Mapping[str, Any]) -> None:
        self.title = _text(data, "title", "the lesson")
        self.about = _text(data, "about", "the lesson")
        options = data.get("options", {})
        self.game = type(game).with_options_json(options) if options else game
        self.players = int(data.get("players", self.game.default_players()))
        self.seed = int(data.get("seed", 0))
        steps = data.get("steps")
        if not isinstance(steps, list) or not MIN_STEPS <= len(steps) <= MAX_STEPS:
            raise MalformedInput(f"a lesson has {MIN_STEPS}-{MAX_STEPS} steps")
        self.steps = [_step(s, n) for n, s in enumerate(steps, 1)]
        if self.steps[0].position is None and not self.steps[0].start:
            raise MalformedInput("step 1 cannot continue: it has no step before it")
        table = self.game.new_state(self.players)
        labels = [table.seat_label(i) for i in range(self.players)]
        learner = _text(data, "learner", "the lesson")
        if learner not in labels:
            raise MalformedInput(f"the learner {learner!r} is none of the seats {labels}")
        self.seat = labels.index(learner)
        self._starts: dict[int, State] = {}

    # -- positions ------------------------------------------------------------------
    def start(self, i: int) -> State:
        """A fresh copy of the position step ``i`` (from 0) starts from."""
        if i not in self._starts:
            self._starts[i] = self._build(i)
        return self._starts[i].clone()

    def _build(self, i: int) -> State:
        step = self.steps[i]
        rng = random.Random(self.seed * 1000 + i)
        if step.start:
            state = self.game.new_state(self.players)
        elif step.position is not None:
            description = {"players": self.players, **step.position}
            state = positions.build(self.game, description)
        else:
            state = self.after(i - 1)
        self._chance(state, rng)
        if state.current_player() != self.seat:
            raise MalformedInput(
                f"step {i + 1} does not wait for {state.seat_label(self.seat)}: "
                f"it is {state.seat_label(state.current_player())}'s decision"
            )
        return state

    def after(self, i: int) -> State:
        """Step ``i``'s position after its first accepted move and its scripted ones."""
        state = self.start(i)
        step = self.steps[i]
        rng = random.Random(self.seed * 1000 + i + 500)
        for text in (step.do[0], *step.then):
            self._chance(state, rng)
            state.apply(self.named(state, text, i))
        return state

    def _chance(self, state: State, rng: random.Random) -> None:
        while state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))

    @staticmethod
    def named(state: State, text: str, i: int) -> Action:
        """The legal action whose text is ``text`` (as the menus show it)."""
        for action in state.legal_actions():
            if state.action_text(action).lower() == text.lower():
                return action
        offered = "; ".join(state.action_text(a) for a in state.legal_actions()[:12])
        raise MalformedInput(f"step {i + 1}: no legal move reads {text!r} (offered: {offered})")

    def rule(self, i: int) -> Rule:
        """The rule step ``i`` teaches, in the rulebook's words."""
        book = self.game.parts.rules
        key = self.steps[i].rule
        if book is None or key not in book.by_key:
            raise MalformedInput(f"step {i + 1}: the rulebook has no rule {key!r}")
        return book.by_key[key]

    # -- the learner's moves --------------------------------------------------------------
    def choices(self, i: int, state: State | None = None) -> list[Choice]:
        """The moves offered at step ``i``: every legal one and the step's traps, in the
        order of their labels (so a trap does not stand out)."""
        state = state or self.start(i)
        offered = [Choice(state.action_text(a), a, True) for a in state.legal_actions()]
        offered += [Choice(t.label, t.action, False) for t in self.steps[i].traps]
        return sorted(offered, key=lambda c: c.label.lower())

    def judge(self, i: int, action: Action, state: State | None = None) -> Verdict:
        """Whether ``action`` does step ``i``, the rules forbid it, or it is off the lesson."""
        state = state or self.start(i)
        reason = state.illegal_reason(action) if action not in state.legal_actions() else None
        if reason is not None:
            return Verdict("refused", reason)
        step = self.steps[i]
        text = state.action_text(action).lower()
        if text in (t.lower() for t in step.do):
            return Verdict("right", step.done)
        return Verdict(
            "off", f"The rules allow that, but this step asks something else: {step.ask}"
        )

    def play(self, i: int, action: Action) -> tuple[State, list[log.Entry]]:
        """Step ``i``'s position after the learner's ``action`` (a right one) and what
        the learner reads of it."""
        state = self.start(i)
        try:
            _, entries = log.play(state, action)
        except IllegalAction as exc:  # judged first: this is a caller's mistake
            raise MalformedInput(str(exc)) from None
        return state, [e for e in entries if e.visible_to(self.seat)]

    # -- checks and the browser -------------------------------------------------------------
    def check(self) -> None:
        """Every step starts where it should, cites a rule, accepts only legal moves and
        traps only refused ones: a newcomer can finish the lesson."""
        for i, step in enumerate(self.steps):
            self.rule(i)
            state = self.start(i)
            for text in step.do:
                self.named(state, text, i)
            for trap in step.traps:
                if self.judge(i, trap.action, state).kind != "refused":
                    raise MalformedInput(f"step {i + 1}: the trap {trap.label!r} is allowed")
            if i + 1 < len(self.steps) and self.steps[i + 1].position is None:
                self.after(i)  # the next step continues from here

    def to_json(self) -> dict[str, Any]:
        """The lesson for the browser: its steps with the rule each teaches."""
        return {
            "title": self.title,
            "about": self.about,
            "learner": self.start(0).seat_label(self.seat),
            "steps": [
                {"title": s.title, "rule": self.rule(i).text, "say": s.say, "ask": s.ask}
                for i, s in enumerate(self.steps)
            ],
        }


def lesson_of(game: Game) -> Lesson | None:
    """The game's lesson, if it declares one (its options are the lesson's own)."""
    data = getattr(game, "parts", None) and game.parts.lesson
    return Lesson(game, data) if data else None
