"""Game records: JSON holding the game, versions, seats, options and every action.

Chance outcomes are actions too, so replaying a record needs no seed and gives the
identical final position. A simulation keeps its games in one *records file*: a
compact record per line (actions as lists), gzip-compressed when the name ends ``.gz``.

A record read from a file is checked before anything is played from it: every damage
(bytes that are not UTF-8 text, broken or truncated JSON or gzip, numbers or nesting
beyond any real record, fields of the wrong type) is a ``RecordError`` with one line
saying what is wrong. So are a record from a newer lapilli or a newer version of a
game's rules, and a record whose ``hash`` no longer matches its contents: the hash
(SHA-256 over game, version, seats, options, actions and result) flags a record changed
after it was saved, by accident or by hand. Anyone can recompute it, so it proves no
authorship. Records saved before the hash existed still load, with a note.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import math
import reprlib
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from .actions import Action, same_types
from .errors import LapilliError, RecordError
from .registry import game_class
from .state import CHANCE, Game, State

FORMAT = "lapilli-record"
ENGINE_VERSION = "1"
"""The record format this lapilli writes and the newest it reads."""

MAX_DEPTH = 32  # lists and objects inside one another; real records stay under 10
MAX_DIGITS = 40  # digits of one number; real records hold small counts and 64-bit seeds
MAX_PLAYERS = 64
RESULT_KEYS = ("scores", "returns", "winners")

_brief = reprlib.Repr()
_brief.maxstring = _brief.maxother = 60
_brief.maxlist = _brief.maxdict = 6


def brief(value: Any) -> str:
    """A value as it is quoted in an error message: short, whatever its size."""
    return _brief.repr(value)


@dataclass
class Record:
    game: str
    players: int
    seats: list[str]
    options: dict[str, Any]
    actions: list[Action] = field(default_factory=list)
    game_version: str = ""
    result: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list, compare=False)
    """What a reader should know about a record that loaded (an old version, no hash)."""
    start: dict[str, Any] | None = None
    """The position play started from (``State.to_json``), for a game begun at a
    set-up position (``lapilli play --position``); None: the game's own set-up."""

    def to_json(self, compact: bool = False) -> dict[str, Any]:
        """The record as JSON; ``compact`` writes actions as lists (``Action.to_list``)."""
        return {
            "format": FORMAT,
            "engine": ENGINE_VERSION,
            "game": self.game,
            "version": self.game_version,
            "players": self.players,
            "seats": list(self.seats),
            "options": self.options,
            "actions": [a.to_list() if compact else a.to_json() for a in self.actions],
            "result": self.result,
            **({"start": self.start} if self.start is not None else {}),
            "hash": self.digest(),
        }

    def digest(self) -> str:
        """The integrity hash of the record's contents (the same for either action form)."""
        contents = [
            FORMAT,
            self.game,
            self.game_version,
            self.players,
            self.seats,
            self.options,
            [a.to_list() for a in self.actions],
            self.result,
        ]
        if self.start is not None:  # (records that start at set-up keep their old hash)
            contents.append(self.start)
        text = json.dumps(contents, sort_keys=True, separators=(",", ":"), allow_nan=False)
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """A record from its JSON, every field checked; the hash is checked by ``load``
        and ``read_records`` (a file), which call ``check_hash``."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not a lapilli game record")
        for name in ("engine", "game", "version", "players", "seats", "actions"):
            if name not in data:
                raise RecordError(f"the record has no {name!r} field")
        _check_engine(data["engine"])
        game, players, seats = data["game"], data["players"], data["seats"]
        if not isinstance(game, str):
            raise RecordError(f"the record's game must be a game id, not {brief(game)}")
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise RecordError(f"the record's player count {brief(players)} is damaged")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise RecordError("the record's seats must be a list of texts (human or a bot)")
        if len(seats) != players:
            raise RecordError(
                f"the record's seats do not match its player count ({len(seats)} seats "
                f"for {players} players)"
            )
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f"the record's options must be an object, not {brief(options)}")
        result = data.get("result")
        if result is not None and not (
            isinstance(result, dict)
            and all(isinstance(result.get(key), list) for key in RESULT_KEYS)
        ):
            raise RecordError(
                f"the record's result must be null or an object of lists "
                f"({', '.join(RESULT_KEYS)}), not {brief(result)}"
            )
        start = data.get("start")
        if start is not None and not isinstance(start, dict):
            raise RecordError(f"the record's start position must be an object, not {brief(start)}")
        version = data["version"]  # "" in a record that does not say
        if not isinstance(version, str) or version and _version(version) is None:
            raise RecordError(f"the record's game version {brief(version)} is damaged")
        return cls(
            game=game,
            players=players,
            seats=seats,
            options=options,
            actions=_actions(data["actions"]),
            game_version=version,
            result=result,
            start=start,
        )

    def _check_version(self, game: Game) -> None:
        """A record of a newer version of the game's rules is refused, another noted."""
        ours, theirs = game.version, self.game_version
        if theirs == ours:
            return
        if not theirs:
            note = f"this record does not say which version of {game.title}'s rules it follows"
        elif (_version(theirs) or ()) > (_version(ours) or ()):
            raise RecordError(
                f"this record was saved with version {theirs} of {game.title}'s rules, newer "
                f"than this lapilli's version {ours}: upgrade lapilli to open it"
            )
        else:
            note = (
                f"this record was saved with version {theirs} of {game.title}'s rules and this "
                f"lapilli plays version {ours}: it replays only if those rules did not change"
            )
        if note not in self.notes:
            self.notes.append(note)

    def check_hash(self, data: dict[str, Any]) -> None:
        """Refuse a record changed since it was saved; note one saved before hashes."""
        stored = data.get("hash")
        if stored is None:
            self.notes.append(
                "this record was saved before records carried an integrity hash, so it "
                "cannot be checked for changes made since"
            )
        elif stored != self.digest():
            raise RecordError(
                "this record was changed after it was saved: its game, options, seats, "
                "actions or result no longer match the hash written with them"
            )

    def make_game(self) -> Game:
        try:
            game = game_class(self.game).with_options_json(self.options)
            game.check_players(self.players)
        except LapilliError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        return game

    def replay(self, upto: int | None = None, game: Game | None = None) -> State:
        """The position after the first ``upto`` actions (all by default); a step that
        the rules refuse is a ``RecordError`` naming the step."""
        game = game or self.make_game()
        self._check_version(game)
        try:
            state = self.first_position(game)
        except LapilliError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        for i, action in enumerate(self.actions[:upto]):
            refusal = _refusal(state, action)
            if refusal is not None:
                raise RecordError(
                    f"step {i + 1} ({_named(state, action)}) does not replay: {refusal}"
                    + self._version_hint(game)
                )
            try:
                state.apply(action, check=False)
            except LapilliError as exc:
                raise RecordError(f"step {i + 1} does not replay: {exc}") from None
        if upto is None and self.result is not None and self.result != result_of(state):
            raise RecordError("the record's result is not the end its actions reach")
        return state

    def first_position(self, game: Game) -> State:
        """Where play began: the start position, or the game's set-up."""
        if self.start is None:
            return game.new_state(self.players)
        state = game.state_from_json(self.start)
        if state.num_players != self.players:
            raise RecordError("the record's start position is for another number of players")
        return state

    def _version_hint(self, game: Game) -> str:
        if self.game_version == game.version:
            return ""
        return (
            f" (the record is from version {self.game_version} of {game.title}'s rules, "
            f"this lapilli plays version {game.version})"
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path, index: int | None = None) -> Record:
        """A record file, or game ``index`` of a records file (by default its first).
        Every error message starts with the file's name."""
        if index is not None:
            with _reading(path) as fh:
                if fh.readline().strip() == "{":
                    raise RecordError(f"{path} holds a single game, not numbered games")
            for at, record in read_records(path):
                if at == index:
                    return record
            raise RecordError(f"{path} holds no game {index}")
        with _reading(path) as fh:
            text = fh.readline()
            if text.strip() == "{" or not text.rstrip().endswith("}"):
                text += fh.read()  # a record written over several lines
        # else one line holds a whole record: a compact one, or a records file's first game
        return _checked(parse(text, str(path)), str(path))


def _check_engine(engine: Any) -> None:
    if not isinstance(engine, str) or _version(engine) is None:
        raise RecordError(f"the record's engine field {brief(engine)} is damaged")
    if (_version(engine) or ()) > (_version(ENGINE_VERSION) or ()):
        raise RecordError(
            f"this record was saved by a newer lapilli (record format {engine}; this "
            f"lapilli reads format {ENGINE_VERSION} and older): upgrade lapilli to open it"
        )


def _version(text: str) -> tuple[int, ...] | None:
    """``"1.2"`` as ``(1, 2)``; None if it is not a version number."""
    parts = text.split(".")
    if not all(p.isdigit() and p.isascii() and len(p) <= 6 for p in parts):
        return None
    return tuple(int(p) for p in parts)


def _actions(raw: Any) -> list[Action]:
    if not isinstance(raw, list):
        raise RecordError(f"the record's actions must be a list, not {brief(raw)}")
    actions = []
    for i, item in enumerate(raw):
        try:
            actions.append(
                Action.from_list(item) if isinstance(item, list) else Action.from_json(item)
            )
        except LapilliError as exc:
            raise RecordError(f"step {i + 1} is damaged: {exc}") from None
    return actions


def _refusal(state: State, action: Action) -> str | None:
    """Why the rules refuse ``action`` now, or None if it is allowed. Nothing is asked of
    the game about an action before it is known to be allowed, except its refusal."""
    if state.is_terminal():
        return "the game is already over"
    if state.current_player() == CHANCE:
        allowed = [outcome for outcome, _ in state.chance_outcomes()]
    else:
        allowed = state.legal_actions()
    if action in allowed:
        listed = allowed[allowed.index(action)]
        if same_types(action, listed):
            return None
        return f"it is written {action} where the rules write {listed} (a value of another type)"
    try:
        return state.illegal_reason(action)
    except Exception:  # the game cannot explain an action this strange; it stays refused
        return "the rules allow no such action at this point"


def result_of(state: State) -> dict[str, Any] | None:
    """A finished game's result as a record keeps it."""
    if not state.is_terminal():
        return None
    return {"scores": state.scores(), "returns": state.returns(), "winners": state.winners()}


def _named(state: State, action: Action) -> str:
    """A refused action in the game's words if it can say them, else as written."""
    try:
        text = state.action_text(action)
    except Exception:  # a game need not name actions that cannot exist
        text = str(action)
    return text if len(text) <= 60 else text[:57] + "..."


def _checked(data: Any, where: str) -> Record:
    """The record in ``data`` (read from ``where``), its hash checked."""
    try:
        record = Record.from_json(data)
        record.check_hash(data)
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    return record


# -- reading files ------------------------------------------------------------------------
def parse(text: str, where: str) -> Any:
    """JSON text as a record may hold it: no number beyond MAX_DIGITS digits, NaN or
    infinity, and no nesting beyond MAX_DEPTH."""
    try:
        data = json.loads(text, parse_int=_integer, parse_float=_real, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        cut = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated")
        raise RecordError(
            f"{where} is not valid JSON: {'it ends too soon: ' if cut else ''}"
            f"{exc.msg.lower().removesuffix(' at')} at line {exc.lineno}, column {exc.colno}"
        ) from None
    except RecursionError:
        raise RecordError(f"{where}: lists or objects nest far too deeply for a record") from None
    except RecordError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if _too_deep(data):
        raise RecordError(f"{where}: lists or objects nest deeper than {MAX_DEPTH} levels")
    return data


def _integer(text: str) -> int:
    if len(text) > MAX_DIGITS:
        raise RecordError(f"it holds a number of {len(text.lstrip('-'))} digits")
    return int(text)


def _real(text: str) -> float:
    if len(text) > MAX_DIGITS * 2:
        raise RecordError(f"it holds a number written with {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"it holds the number {text[:20]}, too large to be real")
    return value


def _constant(name: str) -> Any:
    raise RecordError(f"it holds {name}, which is not a number")


def _too_deep(data: Any) -> bool:
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                return True
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)
    return False


def open_text(path: str | Path, mode: Literal["r", "w"]) -> IO[str]:
    """A text file, read or written through gzip when its name ends ``.gz``."""
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt" if mode == "r" else "wt", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


@contextmanager
def _reading(path: str | Path) -> Iterator[IO[str]]:
    """A file opened for reading; a missing, unreadable or broken file (gzip or text
    encoding) is a ``RecordError``."""
    try:
        with open_text(path, "r") as fh:
            yield fh
    except UnicodeDecodeError as exc:
        byte = exc.object[exc.start : exc.start + 1].hex()
        raise RecordError(f"cannot read {path}: it is not UTF-8 text (byte 0x{byte})") from None
    except (EOFError, zlib.error):
        raise RecordError(f"cannot read {path}: its gzip data is cut short or damaged") from None
    except OSError as exc:  # gzip.BadGzipFile is an OSError
        reason = getattr(exc, "strerror", None) or str(exc)
        raise RecordError(f"cannot read {path}: {reason}") from None


def record_line(record: Record, index: int, seed: int | None = None) -> str:
    """One line of a records file: the compact record with the game's index (and seed)."""
    data: dict[str, Any] = {"index": index}
    if seed is not None:
        data["seed"] = seed
    data.update(record.to_json(compact=True))
    return json.dumps(data, separators=(",", ":")) + "\n"


def read_records(path: str | Path) -> Iterator[tuple[int, Record]]:
    """The (index, record) pairs of a records file, in file order, each checked."""
    with _reading(path) as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path}, line {number}"
            data = parse(line, where)
            index = data.get("index") if isinstance(data, dict) else None
            yield index if type(index) is int else number - 1, _checked(data, where)
