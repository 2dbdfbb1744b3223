"""Game records: JSON holding the game, versions, seats, options and every action.

Chance outcomes are actions too, so replaying a record needs no seed and gives the
identical final position.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

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

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "engine": ENGINE_VERSION,
            "game": self.game,
            "version": self.game_version,
            "players": self.players,
            "seats": list(self.seats),
            "options": self.options,
            "actions": [a.to_json() for a in self.actions],
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
                actions.append(Action.from_json(raw))
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
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path} is not valid JSON (line {exc.lineno})") from None
        return cls.from_json(data)
