"""Game records: JSON holding the game, versions, seats, options and every action.

Chance outcomes are actions too, so replaying a record needs no seed and gives the
identical final position. A simulation keeps its games in one *records file*: a
compact record per line (actions as lists), gzip-compressed when the name ends ``.gz``.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Literal

from .actions import Action
from .errors import LapilliError, RecordError
from .registry import game_class
from .state import Game, State

FORMAT = "lapilli-record"
ENGINE_VERSION = "1"


@dataclass
class Record:
    game: str
    players: int
    seats: list[str]
    options: dict[str, Any]
    actions: list[Action] = field(default_factory=list)
    game_version: str = ""
    result: dict[str, Any] | None = None

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
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("this is not a lapilli game record")
        try:
            game = data["game"]
            players = data["players"]
            seats = data["seats"]
            options = data.get("options", {})
            raw_actions = data["actions"]
        except KeyError as missing:
            raise RecordError(f"the record has no {missing.args[0]!r} field") from None
        if not isinstance(game, str) or not isinstance(players, int) or players < 1:
            raise RecordError("the record's game or player count is damaged")
        if not isinstance(seats, list) or len(seats) != players:
            raise RecordError("the record's seats do not match its player count")
        if not isinstance(raw_actions, list):
            raise RecordError("the record's actions must be a list")
        actions = []
        for i, raw in enumerate(raw_actions):
            try:
                actions.append(
                    Action.from_list(raw) if isinstance(raw, list) else Action.from_json(raw)
                )
            except LapilliError as exc:
                raise RecordError(f"action {i + 1} is damaged: {exc}") from None
        return cls(
            game=game,
            players=players,
            seats=[str(s) for s in seats],
            options=options if isinstance(options, dict) else {},
            actions=actions,
            game_version=str(data.get("version", "")),
            result=data.get("result"),
        )

    def make_game(self) -> Game:
        try:
            return game_class(self.game).with_options_json(self.options)
        except LapilliError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None

    def replay(self, upto: int | None = None, game: Game | None = None) -> State:
        """The position after the first ``upto`` actions (all by default)."""
        game = game or self.make_game()
        try:
            state = game.new_state(self.players)
        except LapilliError as exc:
            raise RecordError(f"cannot set up the recorded game: {exc}") from None
        for i, action in enumerate(self.actions[:upto]):
            try:
                state.apply(action)
            except LapilliError as exc:
                raise RecordError(f"action {i + 1} ({action}) does not replay: {exc}") from None
        return state

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n")

    @classmethod
    def load(cls, path: str | Path, index: int | None = None) -> Record:
        """A record file, or game ``index`` of a records file (by default its first)."""
        with _reading(path) as fh:
            text = fh.readline()
            try:
                data = json.loads(text)  # a records file: one game a line
            except json.JSONDecodeError:
                if index is not None:
                    raise RecordError(f"{path} holds a single game, not numbered games") from None
                text += fh.read()  # a record written over several lines
                try:
                    data = json.loads(text)
                except json.JSONDecodeError as exc:
                    raise RecordError(f"{path} is not valid JSON (line {exc.lineno})") from None
        if index is None:
            return cls.from_json(data)
        for at, record in read_records(path):
            if at == index:
                return record
        raise RecordError(f"{path} holds no game {index}")


def open_text(path: str | Path, mode: Literal["r", "w"]) -> IO[str]:
    """A text file, read or written through gzip when its name ends ``.gz``."""
    if str(path).endswith(".gz"):
        return gzip.open(path, "rt" if mode == "r" else "wt", encoding="utf-8")
    return open(path, mode, encoding="utf-8")


@contextmanager
def _reading(path: str | Path) -> Iterator[IO[str]]:
    """A file opened for reading; a missing or broken file is a ``RecordError``."""
    try:
        with open_text(path, "r") as fh:
            yield fh
    except (OSError, EOFError) as exc:  # gzip.BadGzipFile is an OSError
        raise RecordError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None


def record_line(record: Record, index: int, seed: int | None = None) -> str:
    """One line of a records file: the compact record with the game's index (and seed)."""
    data: dict[str, Any] = {"index": index}
    if seed is not None:
        data["seed"] = seed
    data.update(record.to_json(compact=True))
    return json.dumps(data, separators=(",", ":")) + "\n"


def read_records(path: str | Path) -> Iterator[tuple[int, Record]]:
    """The (index, record) pairs of a records file, in file order."""
    with _reading(path) as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError:
                raise RecordError(f"{path}: line {number} is not valid JSON") from None
            index = data.get("index") if isinstance(data, dict) else None
            yield index if isinstance(index, int) else number - 1, Record.from_json(data)
