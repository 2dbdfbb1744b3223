"""The turn flow every game shares: a stack of pending decisions, each step declared once.

A game declares its **steps** in one table (``Steps``), in turn order. A step is one kind
of thing the game waits for:

- a *decision*: a seat picks one of ``legal(state, frame)``; ``refuse(state, frame,
  action)`` names the rule an action breaks (it is the rule itself: conformance checks
  that it allows exactly the listed actions);
- a *chance* step: ``outcomes(state, frame)`` lists ``(outcome, probability)``;
- an *automatic* step: ``run(state, frame)`` is a rule the game carries out by itself.

The state holds a stack of **frames**: ``Frame(step, seat, args)``, the top one is what
happens next. Applying an action pops the top frame and calls the step's ``apply``, which
may push the frames that follow (``then(state, frame, frame, ...)`` pushes them so they
run in the order written). Automatic frames run until a decision or a chance node is on
top; an empty stack is the end of the game.

Patterns every game needs, with nothing more than frames:

- a turn of several decisions (choose, then place, then use an ability): each handler
  pushes the next step;
- "up to two actions, then breathe": a frame ``act(left=2)`` whose handler pushes the
  chosen action's steps, then ``act(left=1)``; a ``done`` action skips ahead, and a
  ``breathe`` frame pushed under them runs after;
- simultaneous hidden choices (Fuji's destinations, sealed bids): one secret decision
  per seat (``Step(secret=True)``), then an automatic step that reveals them together;
- actions of every player in an order during another's turn (Eras' cone actions),
  reactions by a player who is not to move (Volcanique's Lava Diversion): push a
  decision frame for that seat on top of the turn in progress;
- actions allowed at any time during a turn (Caldera cards, free transfers, giving
  equipment): ``free`` steps, offered beside the top frame's actions without popping it;
- a decision or a chance node that resolves itself when there is no real choice (one
  place left, nothing to claim, a single lower neighbour): the step's ``settle``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import (
    Any,
    NamedTuple,
    Self,
    TypeVar,
)

from mypy_extensions import mypyc_attr

from . import fields, hints
from .actions import Action
from .decision import Decision
from .errors import IllegalAction, MalformedInput
from .state import CHANCE, TERMINAL, Event, Game, State
from .zones import Unseen

AUTO = -3
"""The seat of an automatic frame: the rules act, nobody decides."""

Events = list[Event]
"""The events of a step, in order."""
Emitted = list[Any]
"""What a step's rule returns: a list of the game's own typed events (typed in its
``events`` module; to a type checker a list of those is not an ``Events``, as lists
are invariant)."""


class NoArgs(NamedTuple):
    """A frame that needs no arguments."""


NO_ARGS = NoArgs()


@dataclass(frozen=True, eq=False, slots=True)
class Step:
    """One kind of pending decision, chance node or automatic rule.

    ``prompt`` says, in the rulebook's words, what the decider must do ("Place: put the
    chosen token on a free tile"); refusals quote it. ``word`` is the rulebook's name
    for what the game waits for ("opening hand"), shown as the observation's decision
    (the step's name when left out). ``Args`` is the NamedTuple of the
    step's frame arguments (named fields, saved in positions). ``secret`` says the other
    seats may not learn which action was taken (a sealed bid, a pick behind a screen);
    ``told(state, frame, action)`` is then what they read of it in the game's words
    (before it is applied; None: nothing, as what follows tells it) instead of "makes a
    hidden choice". ``quiet`` leaves the action's own line out of the log, for its maker
    too, when the events that follow at once say it ("Red places Wolf on c4" tells
    which token was chosen). ``kinds`` lists the action kinds a *free* step answers to.

    ``settle(state, frame)``, for a decision or a chance step, is called when its frame
    comes on top: when there is no real choice it resolves the frame without asking and
    returns the events (the frame is popped first, as for ``apply``); otherwise it
    returns None and changes nothing, and the frame waits for its decider.
    """

    name: str
    prompt: str = ""
    legal: Callable[[Any, Frame], Sequence[Action]] | None = None
    refuse: Callable[[Any, Frame, Action], str | None] | None = None
    apply: Callable[[Any, Frame, Action], Emitted] | None = None
    outcomes: Callable[[Any, Frame], list[tuple[Action, float]]] | None = None
    run: Callable[[Any, Frame], Emitted] | None = None
    Args: type = NoArgs
    secret: bool | Callable[[Any, Frame, Action], bool] = False
    told: Callable[[Any, Frame, Action], str | None] | None = None
    quiet: bool | Callable[[Any, Frame, Action], bool] = False
    kinds: frozenset[str] = field(default_factory=frozenset)
    settle: Callable[[Any, Frame], Emitted | None] | None = None
    word: str = ""

    @property
    def decision(self) -> str:
        """The rulebook's word for this step, as observations name it."""
        return self.word or self.name

    @property
    def is_chance(self) -> bool:
        return self.outcomes is not None

    @property
    def is_auto(self) -> bool:
        return self.run is not None

    def __call__(self, decider: int | None = None, /, **args: Any) -> Frame:
        """A frame of this step: ``PLACE(seat, token="rat")``; chance and automatic
        steps take no decider: ``DRAW(seat=1)``."""
        if self.legal is None:
            if decider is not None:
                raise TypeError(f"the step {self.name} is not decided by a seat")
            decider = CHANCE if self.outcomes is not None else AUTO
        elif decider is None or decider < 0:
            raise TypeError(f"the step {self.name} needs the seat that decides")
        values = NO_ARGS if not args and self.Args is NoArgs else self.Args(**args)
        return _new_tuple(Frame, (self, decider, values))  # Frame(...), without a call

    def __repr__(self) -> str:
        return f"Step({self.name!r})"


class Frame(NamedTuple):
    """A pending step: who decides (a seat, ``CHANCE`` or ``AUTO``) and its arguments."""

    step: Step
    seat: int
    args: Any = NO_ARGS

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"step": self.step.name, "seat": self.seat}
        if self.args:
            data["args"] = {k: _plain(v) for k, v in self.args._asdict().items()}
        return data


_new_tuple = tuple.__new__


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class Steps:
    """A game's step table, in turn order: ``STEPS = Steps(SETUP, CHOOSE, PLACE, ...)``."""

    def __init__(self, *steps: Step, free: Sequence[Step] = ()) -> None:
        self.by_name: dict[str, Step] = {}
        for step in (*steps, *free):
            if step.name in self.by_name:
                raise ValueError(f"two steps are called {step.name!r}")
            kinds = sum(x is not None for x in (step.legal, step.outcomes, step.run))
            if kinds != 1:
                raise ValueError(f"step {step.name!r} must be a decision, a chance or automatic")
            if step.legal is not None and step.apply is None:
                raise ValueError(f"decision step {step.name!r} has no apply")
            if step.settle is not None and step.run is not None:
                raise ValueError(f"automatic step {step.name!r} cannot settle")
            self.by_name[step.name] = step
        self.free = tuple(free)
        self.free_kinds = {kind: step for step in self.free for kind in step.kinds}

    def frame_from_json(self, data: Any, players: int) -> Frame:
        """A frame saved by ``Frame.to_json``; MalformedInput names what is wrong."""
        if not isinstance(data, dict):
            raise MalformedInput(f"a pending step is an object, not {data!r}")
        name = data.get("step")
        step = self.by_name.get(name) if isinstance(name, str) else None
        if step is None:
            raise MalformedInput(f"there is no step called {data.get('step')!r}")
        seat: Any = data.get("seat")
        expected_seat = CHANCE if step.is_chance else AUTO if step.is_auto else None
        if expected_seat is not None and seat != expected_seat:
            raise MalformedInput(f"the step {step.name} is not decided by a seat")
        if expected_seat is None and (type(seat) is not int or not 0 <= seat < players):
            raise MalformedInput(f"the step {step.name} needs a seat 0-{players - 1}, not {seat!r}")
        args = data.get("args", {})
        if not isinstance(args, dict):
            raise MalformedInput(f"the arguments of the step {step.name} are an object")
        codecs = _arg_codecs(step.Args)
        unknown = sorted(set(args) - set(codecs))
        if unknown:
            raise MalformedInput(f"the step {step.name} takes no {', '.join(unknown)}")
        where = f"the pending step {step.name}:"
        try:
            values = step.Args(**{k: codecs[k].load(v, f"{where} {k}") for k, v in args.items()})
        except TypeError as exc:
            raise MalformedInput(f"the step {step.name}: {exc}") from None
        for name in SEAT_ARGS:
            value = getattr(values, name, 0)
            if value not in range(players):
                raise MalformedInput(
                    f"the pending step {step.name}: {name} must be a whole number "
                    f"0-{players - 1}, not {value!r}"
                )
        return Frame(step, seat, values)


S = TypeVar("S", bound="FlowState")


SEAT_ARGS = ("seat", "by")
"""Step arguments that name a seat (every game names them so)."""


@cache
def _arg_codecs(args: type) -> dict[str, fields.Codec]:
    """How each argument of a step is loaded and checked: by its declared type, as the
    position's own fields are (``core.fields``)."""
    types = hints.type_hints(args)
    return {name: fields.codec_of(types[name]) for name in getattr(args, "_fields", ())}


def then(state: FlowState, *frames: Frame) -> None:
    """Push frames so that they run in the order written (the first one next)."""
    if len(frames) == 1:
        state.stack.append(frames[0])  # the usual case: kept cheap
    else:
        state.stack.extend(reversed(frames))


def take_if_only(action: Action) -> Callable[[Any, Frame], Emitted | None]:
    """A ``settle`` rule: take ``action`` (a "done", a pass) without asking when it is the
    only legal action of the frame, free actions included."""

    def settle(state: Any, frame: Frame) -> Emitted | None:
        step = frame.step
        legal = list(state.step_legal(frame))
        for free in state._steps.free:
            legal.extend(free.legal(state, frame))
        if legal != [action]:
            return None
        return step.apply(state, frame, action)  # type: ignore[misc]

    return settle


@mypyc_attr(native_class=False)  # a Python class: games and tests subclass it
class FlowState(State):
    """A ``State`` whose turn flow is a stack of frames over the game's step table
    (``game.parts.steps``), and whose fields are declared once (``core.fields``).

    A game's state class is plain position data: it declares its fields as annotations
    and lists its hidden things in ``unseen()``; clone, saving, loading and
    ``determinize`` derive from those. Its views and texts are the game's parts.
    ``narrate`` may be set False on a state whose events nobody reads (random
    playouts, headless simulation): rules code then skips building event payloads
    that cost time.
    """

    players: int
    stack: list[Frame]
    _steps: Steps
    narrate: bool = True
    _legal: list[Action] | None = None
    _chance: list[tuple[Action, float]] | None = None  # the chance outcomes, found once
    _own: tuple[Frame, Sequence[Action]] | None = None  # see ``step_legal``

    @property
    def num_players(self) -> int:
        return self.players

    def setup(self, game: Game, players: int) -> None:
        """Start a position of ``game``: nothing pending yet, every field still to be set."""
        self.game = game
        self.players = players
        self.stack = []
        self._steps = game.parts.steps  # at hand: the hottest paths read it every step

    # -- who moves, what may happen ------------------------------------------------
    def current_player(self) -> int:
        stack = self.stack
        return stack[-1].seat if stack else TERMINAL

    def is_terminal(self) -> bool:
        return not self.stack

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> list[Action]:
        if not self.stack:
            return []
        frame = self.stack[-1]
        step = frame.step
        if step.legal is None:
            return []
        found = self.step_legal(frame)
        self._own = None  # kept in ``_legal`` from now on
        free_steps = self._steps.free
        if not free_steps and type(found) is list:
            return found  # the step's own list: no copy needed
        legal = list(found)
        for free in free_steps:
            legal.extend(free.legal(self, frame))  # type: ignore[misc]
        return legal

    def step_legal(self, frame: Frame) -> Sequence[Action]:
        """The actions of ``frame``'s own step (free steps aside), found once while the
        position does not change: a ``settle`` rule that asks for them leaves them
        ready for ``legal_actions`` when its frame waits for its decider."""
        own = self._own
        if own is not None and own[0] is frame:
            return own[1]
        found = frame.step.legal(self, frame)  # type: ignore[misc]
        self._own = (frame, found)
        return found

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        chance = self._chance
        if chance is None:
            chance = self._chance = self._compute_outcomes()
        return chance

    def _compute_outcomes(self) -> list[tuple[Action, float]]:
        if not self.stack:
            return []
        frame = self.stack[-1]
        outcomes = frame.step.outcomes
        return outcomes(self, frame) if outcomes is not None else []

    def pending(self) -> Frame | None:
        """The frame on top: what the game waits for."""
        return self.stack[-1] if self.stack else None

    def decision(self) -> Decision | None:
        """What the game waits for, for observations: the rulebook's word for the step
        on top (``Step.word``), who decides it (None: a roll or a draw) and its rule in
        words; None once the game is over. Every game's observation shows it as
        ``decision``, documented with the game's words by ``core.schema``."""
        if not self.stack:
            return None
        frame = self.stack[-1]
        step = frame.step
        return {
            "name": step.word or step.name,
            "seat": frame.seat if frame.seat >= 0 else None,
            "prompt": step.prompt,
        }

    # -- applying --------------------------------------------------------------------
    def apply(self, action: Action, check: bool = True) -> Events:
        if check:
            if not isinstance(action, Action):
                raise MalformedInput(f"not an action: {action!r}")
            if not self.stack:
                raise IllegalAction("the game is over: no more actions")
            if self.stack[-1].seat == CHANCE:
                allowed = [o for o, _ in self.chance_outcomes()]
            else:
                allowed = self.legal_actions()
            try:  # the rules' own equal action: 1, never true or 1.0
                action = allowed[allowed.index(action)]
            except ValueError:
                raise IllegalAction(self.illegal_reason(action)) from None
        return self._apply(action)

    def changed(self) -> None:
        """Forget the actions found for the position as it was: call this after changing
        it other than by ``apply`` (loading, redealing hidden things, tests)."""
        self._legal = self._chance = self._own = None

    def _apply(self, action: Action) -> Events:
        self._legal = self._chance = self._own = None
        stack = self.stack
        free_kinds = self._steps.free_kinds
        free = free_kinds.get(action[0]) if free_kinds else None
        if free is not None and stack[-1].seat >= 0:
            events = free.apply(self, stack[-1], action)  # type: ignore[misc]
        else:
            frame = stack.pop()
            events = frame.step.apply(self, frame, action)  # type: ignore[misc]
        if stack and (stack[-1].seat == AUTO or stack[-1].step.settle is not None):
            events = events + self.advance()
        return events

    def advance(self) -> Events:
        """Run automatic frames and settle frames without a real choice, until a
        decision, a chance node or the end is on top."""
        self._legal = None
        events: Events = []
        stack = self.stack
        while stack:
            frame = stack.pop()
            self._own = None  # the position may have changed since it was found
            step = frame.step
            if frame.seat == AUTO:
                events.extend(step.run(self, frame))  # type: ignore[misc]
                continue
            settled = step.settle(self, frame) if step.settle is not None else None
            if settled is None:
                stack.append(frame)
                break
            events.extend(settled)
        self._chance = None  # a settle rule may have asked while its frame was off the stack
        return events

    # -- explaining --------------------------------------------------------------------
    def illegal_reason(self, action: Action) -> str:
        if not self.stack:
            return "the game is over: no more actions"
        frame = self.stack[-1]
        step = frame.step
        if frame.seat == CHANCE:
            # never build the text of an action that is not allowed: it may not make sense
            waiting = step.prompt or "a roll or a draw"
            return f"no player may act now: the game is waiting for {waiting}"
        free = self._steps.free_kinds.get(action.kind)
        rule = free or step
        reason = rule.refuse(self, frame, action) if rule.refuse is not None else None
        if reason:
            return reason
        who = self.seat_label(frame.seat)
        return f"{who} must act now. {step.prompt}".strip()

    def _deciding(self, action: Action) -> tuple[Step, Frame] | None:
        """The step that answers ``action`` now (a free step or the top frame's) and the
        top frame; None when no seat is to decide."""
        if not self.stack or self.stack[-1].seat < 0:
            return None
        frame = self.stack[-1]
        return self._steps.free_kinds.get(action[0]) or frame.step, frame

    def is_secret(self, action: Action) -> bool:
        deciding = self._deciding(action)
        if deciding is None:
            return False
        step, frame = deciding
        secret = step.secret
        return secret(self, frame, action) if callable(secret) else secret

    def is_quiet(self, action: Action) -> bool:
        deciding = self._deciding(action)
        if deciding is None:
            return False
        step, frame = deciding
        quiet = step.quiet
        return quiet(self, frame, action) if callable(quiet) else quiet

    def hidden_text(self, action: Action) -> str | None:
        deciding = self._deciding(action)
        if deciding is None or deciding[0].told is None:
            return super().hidden_text(action)
        step, frame = deciding
        return step.told(self, frame, action)  # type: ignore[misc]

    # -- copies and saving, from the declared fields ----------------------------------
    def clone(self) -> Self:
        new: Self = fields.cloner(type(self), "stack")(self)
        return new

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, **fields.dump(self), "stack": self.stack_json()}

    def stack_json(self) -> list[dict[str, Any]]:
        return [frame.to_json() for frame in self.stack]

    @classmethod
    def from_json(cls, game: Game, data: Any) -> Self:
        """A position saved by ``to_json``, each field checked against its declared
        type, then against the game's own rules (``check``) and refused, with a
        MalformedInput naming what is wrong, if it cannot go on."""
        where = f"{game.title} position"
        if not isinstance(data, dict):
            raise MalformedInput(f"a {where} is an object, not {type(data).__name__}")
        known = {"players", "stack", *(f.name for f in fields.fields_of(cls))}
        unknown = sorted(set(data) - known)
        if unknown:
            raise MalformedInput(f"a {where} holds no {', '.join(map(str, unknown))}")
        s = cls.__new__(cls)
        try:
            players = data.get("players")
            if type(players) is not int:
                raise MalformedInput(f"players must be a whole number, not {players!r:.20}")
            s.setup(game, game.check_players(players))
            fields.load(s, data, players)
            s.stack = s.stack_from_json(data.get("stack"))
            s.changed()
            s.check()
        except MalformedInput as exc:
            raise MalformedInput(f"{where}: {exc}") from None
        return playable(s, game.title)

    def stack_from_json(self, data: Any) -> list[Frame]:
        if not isinstance(data, list):
            raise MalformedInput("the pending steps are a list")
        steps = self._steps
        return [steps.frame_from_json(item, self.num_players) for item in data]

    def check(self) -> None:
        """The game's own invariants of a loaded position (conservation of pieces,
        rule-level consistency): raise MalformedInput naming what is wrong."""

    # -- hidden things ----------------------------------------------------------------
    def unseen(self) -> Sequence[Unseen]:
        """The position's hidden things (``zones.Unseen``): pools of interchangeable
        cards, dice behind screens. ``determinize`` deals them again; the no-leak check
        alters them one at a time."""
        return ()

    def determinize(self, seat: int, rng: random.Random) -> Self:
        s = self.clone()
        for hidden in s.unseen():
            hidden.redeal(seat, rng)
        s.changed()  # what may be played can depend on what was dealt
        return s

    # -- views, from the game's parts ---------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        return dict(self.game.parts.observe(self, seat))

    def action_text(self, action: Action) -> str:
        return self.game.parts.action_text(self, action)

    def said_text(self, action: Action) -> str:
        said = self.game.parts.said_text
        text = None if said is None else said(self, action)
        return super().said_text(action) if text is None else text

    def event_text(self, event: Event) -> str:
        text = self.game.parts.event_text(self, event)
        return super().event_text(event) if text is None else text

    def render(self, seat: int | None) -> Any:
        return self.game.parts.render(self, seat)

    def render_all(self) -> Any:
        render_all = self.game.parts.render_all
        return super().render_all() if render_all is None else render_all(self)

    def round_end(self, events: list[Event]) -> Any:
        round_end = self.game.parts.round_end
        return None if round_end is None else round_end(self, events)

    def seat_label(self, seat: int) -> str:
        label = self.game.parts.seat_label
        return super().seat_label(seat) if label is None else label(seat, self.players)


def playable(state: S, title: str) -> S:
    """A loaded position, refused if its next step cannot even be listed or shown: a
    pending step whose saved arguments name things the position does not hold."""
    try:
        if state.is_chance_node():
            if not state.chance_outcomes():
                raise ValueError("no outcome")
        elif not state.is_terminal() and not state.legal_actions():
            raise ValueError("no legal action")
        for seat in range(state.num_players):
            state.observation(seat)
        state.scores()
    except (LookupError, TypeError, ValueError, AttributeError, ArithmeticError) as exc:
        step = state.pending()
        what = f"the pending step {step.step.name}" if step else "its next step"
        raise MalformedInput(f"{title} position: {what} cannot go on ({exc!r})") from None
    return state
