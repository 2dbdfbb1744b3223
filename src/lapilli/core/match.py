"""A game being played: the position, its record, its log and the undo policy.

The terminal and the web server drive games through a ``Match``: ``play`` runs the
game loop with the seats' policies, every step recorded, logged and undoable as
``apply`` does it. Undo follows the Board Game Arena policy: a seat may take back its
own decisions while it is still to move, never across a chance outcome, a reveal of
hidden information or another seat's decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from . import log, loop
from .actions import Action
from .errors import IllegalAction
from .records import Record, result_of
from .state import CHANCE, Event, Game, State


class Match:
    def __init__(
        self,
        game: Game,
        players: int | None = None,
        seats: list[str] | None = None,
        start: State | None = None,
    ):
        """A new game: from the game's set-up, or from ``start`` (a position set up with
        ``core.positions``), which the record keeps so that it replays."""
        players = game.check_players(start.num_players if start is not None else players)
        self.game = game
        self.state: State = start.clone() if start is not None else game.new_state(players)
        self.record = Record(
            game=game.id,
            players=players,
            seats=list(seats) if seats else ["?"] * players,
            options=game.options_json(),
            game_version=game.version,
            start=start.to_json() if start is not None else None,
        )
        self._undo: list[tuple[State, int]] = []
        self.log: list[log.Entry] = []

    @classmethod
    def from_record(cls, record: Record) -> Match:
        """Resume a saved game (its record replays to the position); no undo across it."""
        match = cls.__new__(cls)
        match.game = record.make_game()
        match.state = record.replay()
        match.record = record
        match._undo = []
        match.log = []
        return match

    def play(
        self,
        policies: Sequence[loop.Policy | None],
        rng: random.Random,
        *,
        on_step: loop.OnStep | None = None,
        limit: int | None = None,
    ) -> int:
        """Play on until the end, a seat whose policy is ``None`` or ``limit`` steps;
        returns the number of steps (see ``loop.play``)."""
        return loop.play(self.state, policies, rng, on_step=on_step, apply=self.apply, limit=limit)

    def play_chance(self, rng: random.Random) -> int:
        """Resolve every chance node ahead with ``rng``; returns how many."""
        return self.play([None] * self.state.num_players, rng)

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (IllegalAction leaves everything as it was); log and record it."""
        state = self.state
        actor = state.current_player()
        before = state.clone()
        events, entries = log.play(state, action)
        self.log.extend(entries)
        self.record.actions.append(action)
        if actor == CHANCE or any(e.get("reveal") for e in events):
            self._undo.clear()
        else:
            if self._undo and self._undo[-1][1] != actor:
                self._undo.clear()
            self._undo.append((before, actor))
        self.record.result = result_of(state)
        return events

    def can_undo(self, seat: int) -> bool:
        return (
            bool(self._undo) and self._undo[-1][1] == seat and self.state.current_player() == seat
        )

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision. The position is another object afterwards:
        a loop running on the old one must start again (``play``)."""
        if not self.can_undo(seat):
            raise IllegalAction(
                "nothing to undo: only your own decisions of this turn can be taken back, "
                "never across a draw, a reveal or another player's move"
            )
        self.state, _ = self._undo.pop()
        self.record.actions.pop()
        self.log.append(log.Entry(f"{self.state.seat_label(seat)} took back a decision"))
