"""Positions in the rulebook's words: the parts every game's position builder shares.

A *description* names only what matters in a position ("Blue has three critters on
this biome, lava is here, it is Pink's claim step"), as a dict or a TOML file, in the
words and board notation players read. Each game's ``positions.py`` turns one into a
position with ``build(game, description)``: everything not named follows by
conservation (the supply, hands, piles and counts), the result is checked like a saved
position, and play resumes at a named step of a named seat's turn, entered through the
normal flow (automatic steps run as in play). See ``docs/positions.md``.

A description file names its game and may give options and the player count::

    game = "foggy_island"
    players = 2
    options = { mode = "weather" }
    turn = { seat = "Blue", at = "turn" }

This module holds what the builders share: reading files (``read``, ``load``),
``Description`` (each key read once; a key nobody reads, a typo, is refused), seat
names and ``enter``; a built position is checked like a loaded one
(``flow.playable``). Every mistake is a ``MalformedInput`` naming what is wrong.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

from .errors import LapilliError, MalformedInput

if TYPE_CHECKING:
    from .flow import FlowState, Frame
    from .state import Game, State

_MISSING: Any = object()


def read(source: str | Path | Mapping[str, Any]) -> dict[str, Any]:
    """A description from a TOML file (``.toml``), a JSON file, or a dict (copied)."""
    if isinstance(source, Mapping):
        return dict(source)
    path = Path(source)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise MalformedInput(f"cannot read the position {path}: {exc}") from None
    try:
        data = json.loads(text) if path.suffix == ".json" else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MalformedInput(f"{path} is not a position file: {exc}") from None
    if not isinstance(data, dict):
        raise MalformedInput(f"{path}: a position is a table of named parts")
    return data


def parse(text: str, where: str = "the position") -> dict[str, Any]:
    """A description from its text: JSON if it is an object, else TOML (as a file)."""
    try:
        data = json.loads(text) if text.lstrip().startswith("{") else tomllib.loads(text)
    except (ValueError, RecursionError) as exc:
        raise MalformedInput(f"{where} is not a position file: {exc}") from None
    if not isinstance(data, dict):
        raise MalformedInput(f"{where}: a position is a table of named parts")
    return data


def load(source: str | Path | Mapping[str, Any], game: Game | None = None) -> State:
    """The position a description file (or dict) describes. Without ``game`` the
    description names it (``game``, ``options``); with one, they must agree."""
    from .registry import game_class

    data = read(source)
    options = data.pop("options", None)
    game_id = data.pop("game", None)
    if game is None:
        if not isinstance(game_id, str):
            raise MalformedInput('a position file names its game: game = "volcanique"')
        try:
            cls = game_class(game_id)
        except LapilliError as exc:
            raise MalformedInput(str(exc)) from None
        if options is not None and not isinstance(options, dict):
            raise MalformedInput("the options of a position are a table: options = { ... }")
        game = cls.with_options_json(options or {})
    elif game_id is not None and game_id != game.id:
        raise MalformedInput(f"this position is for {game_id!r}, not {game.id!r}")
    elif (
        options is not None
        and game.options_json() != game.with_options_json(options).options_json()
    ):
        raise MalformedInput(f"this position is for {game.title} with other options: {options}")
    return build(game, data)


def build(game: Game, description: Mapping[str, Any]) -> State:
    """The position ``description`` describes, by the game's own builder."""
    builder = game.parts.build
    if builder is None:
        raise MalformedInput(f"{game.title} has no position builder")
    state: State = builder(game, description)
    return state


class Description:
    """A part of a description being read. Each key is taken once; ``done`` refuses
    the keys nobody took (a misspelt name must not be quietly ignored)."""

    def __init__(self, data: Any, where: str, title: str) -> None:
        self.title = title
        self.where = where
        if not isinstance(data, Mapping):
            self.fail(f"{where} is a table of named parts, not {data!r}")
        self.data = dict(data)

    def fail(self, message: str) -> NoReturn:
        raise MalformedInput(f"{self.title} position: {message}")

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def take(
        self, key: str, kind: type | tuple[type, ...] = object, default: Any = _MISSING
    ) -> Any:
        """The value of ``key`` (of type ``kind``), or ``default`` when it is not given."""
        if key not in self.data:
            if default is _MISSING:
                self.fail(f"{self.where} needs {key!r}")
            return default
        value = self.data.pop(key)
        if not _is(value, kind):
            self.fail(f"{self.where}: {key} is {value!r}")
        return value

    def count(self, key: str, default: int, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``."""
        value = self.take(key, int, default)
        if not low <= value <= high:
            self.fail(f"{self.where}: {key} is {value}, not {low}-{high}")
        result: int = value
        return result

    def names(self, key: str, allowed: Iterable[str], what: str) -> list[str]:
        """A list of names, each one of ``allowed``."""
        values = self.take(key, list, [])
        known = set(allowed)
        for value in values:
            if not isinstance(value, str) or value not in known:
                self.fail(f"{self.where}: {value!r} is not {what}")
        return list(values)

    def part(self, key: str) -> Description:
        """A table inside this one (empty when not given)."""
        where = f"{self.where}, {key}" if self.where != "the position" else key
        return Description(self.take(key, Mapping, {}), where, self.title)

    def items(self) -> list[tuple[str, Any]]:
        """Every key left, taken: for tables keyed by names (seats, hexes, tiles)."""
        items = list(self.data.items())
        self.data.clear()
        return items

    def done(self) -> None:
        if self.data:
            names = ", ".join(sorted(self.data))
            self.fail(f"{self.where}: nothing is called {names} here")


def _is(value: Any, kind: type | tuple[type, ...]) -> bool:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if isinstance(value, bool) and bool not in kinds and object not in kinds:
        return False  # true/false is not a number
    return isinstance(value, kinds)


def seat_of(name: Any, labels: list[str], title: str) -> int:
    """The seat a name stands for: its label ("Blue", "Pink (P1)", "Hiromi (green)"),
    the part outside or inside the brackets, or any one word of it, case aside."""
    if isinstance(name, str):
        wanted = " ".join(name.lower().split())
        for seat, label in enumerate(labels):
            label = label.lower()
            outside, _, inside = label.partition("(")
            words = label.replace("(", " ").replace(")", " ").split()
            if wanted in (label, outside.strip(), inside.strip(" )")) or wanted in words:
                return seat
    raise MalformedInput(f"{title} position: no player is called {name!r} ({', '.join(labels)})")


def turn_of(
    desc: Description, labels: list[str], steps: Mapping[str, Any], default: str
) -> tuple[int, str]:
    """``turn = { seat = "Blue", at = "claim" }``: whose turn and the step it resumes
    at, one of ``steps`` (by default the first seat at ``default``)."""
    turn = desc.part("turn")
    seat = seat_of(turn.take("seat", str, labels[0]), labels, desc.title)
    at = turn.take("at", str, default)
    if at not in steps:
        desc.fail(f"a turn resumes at one of {', '.join(steps)}, not {at!r}")
    turn.done()
    return seat, at


def enter(state: FlowState, *frames: Frame, turn_of: int | None = None) -> FlowState:
    """Resume play at ``frames`` (the first one next), through the normal flow:
    automatic steps run and steps without a real choice settle, as in play, but never
    past the step named (refused, in words, when play would go on before the position
    is shown). ``turn_of``: the frames are the start of that seat's turn, and its steps
    without a choice may pass until its first real one."""
    from .flow import then

    state.stack = []
    then(state, *frames)
    state.advance()
    if turn_of is None:
        _shown_at_the_step(state, frames)
    else:
        _shown_in_the_turn(state, frames, turn_of)
    return state


def _shown_at_the_step(state: FlowState, frames: tuple[Frame, ...]) -> None:
    """The named decision still waits (it had a real choice, so it did not settle by
    itself), and the steps named after it are all still to come."""
    first, later = frames[0], list(frames[:0:-1])  # ``later`` as they lie on the stack
    named = _step_words(state, first)
    if first.step.legal is not None and (not state.stack or state.stack[-1] != first):
        _went_on(state, f"{named} has nothing to choose here")
    if state.stack[: len(later)] != later:
        _went_on(state, f"{named} would not wait here")


def _shown_in_the_turn(state: FlowState, frames: tuple[Frame, ...], seat: int) -> None:
    """A decision of ``seat``'s turn is still to come (at the top, or under a roll of
    that turn), and whatever was named under the turn (the round's end) still waits."""
    below = list(frames[-1:]) if len(frames) > 1 else []
    if state.stack[: len(below)] != below or not any(f.seat == seat for f in state.stack):
        _went_on(state, f"{state.seat_label(seat)}'s turn has nothing to choose here")


def _went_on(state: FlowState, why: str) -> NoReturn:
    now = _step_words(state, state.stack[-1] if state.stack else None)
    raise MalformedInput(
        f"{state.game.title} position: {why}, so play would go on to {now} before the "
        "position is shown"
    )


def _step_words(state: State, frame: Frame | None) -> str:
    """A step in words: "Blue (P2)'s claim", "the turn step of Red", "a die is rolled"."""
    if frame is None:
        return "the end of the game"
    step = frame.step
    if frame.seat >= 0:
        return f"{state.seat_label(frame.seat)}'s {step.decision}"
    seat = getattr(frame.args, "seat", None)
    if isinstance(seat, int) and 0 <= seat < state.num_players:
        return f"the {step.decision.replace('_', ' ')} step of {state.seat_label(seat)}"
    return step.prompt or f"the {step.decision.replace('_', ' ')} step"
