"""A live table: a match, who sits where, the bots, and what each seat may be told."""

from __future__ import annotations

import io
import random
import threading
from typing import Any

from rich.console import Console

from lapilli.agents import make_agent
from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction
from lapilli.core.match import Match
from lapilli.core.state import CHANCE, Event, sample_chance

from .store import Seat, Store, StoredTable

LOG_KEPT = 500  # entries kept in memory per table
LOG_SHOWN = 60  # entries a view shows


class NotYourTurn(IllegalAction):
    pass


class LiveTable:
    """One table in memory; every change is written to the store before it is shown."""

    def __init__(self, stored: StoredTable, store: Store) -> None:
        self.id = stored.id
        self.seats: list[Seat] = stored.seats
        self.seed = stored.seed
        self.store = store
        self.lock = threading.RLock()
        self.version = 0
        # rebuild the position (and its log) by replaying the record
        record = stored.record
        self.match = Match(record.make_game(), record.players, record.seats)
        for action in record.actions:
            self._apply(action)

    # -- who is who -------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        if not token:
            return None
        for i, seat in enumerate(self.seats):
            if seat.kind == "human" and seat.token == token:
                return i
        raise PermissionError("this link's seat token is not valid for this table")

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    # -- changes ------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events = self.match.apply(action)
        del self.match.log[:-LOG_KEPT]
        self.version += 1
        return events

    def act(self, seat: int, action: Action) -> None:
        with self.lock:
            state = self.match.state
            if state.current_player() != seat:
                raise NotYourTurn(f"it is not {state.seat_label(seat)}'s turn")
            self._apply(action)  # raises IllegalAction, leaving everything as it was
            self.store.save(self.id, self.match.record)

    def undo(self, seat: int) -> None:
        with self.lock:
            self.match.undo(seat)
            self.version += 1
            self.store.save(self.id, self.match.record)

    def rng(self, salt: str) -> random.Random:
        """Chance and bots are seeded by the table and the step, so a restart changes nothing."""
        return random.Random(f"{self.seed}:{len(self.match.record.actions)}:{salt}")

    def advance_one(self) -> bool:
        """Play one chance outcome or one bot decision; False when a human is to move."""
        with self.lock:
            state = self.match.state
            if state.is_terminal():
                return False
            player = state.current_player()
            if player == CHANCE:
                self._apply(sample_chance(state, self.rng("chance")))
            elif self.seats[player].kind == "bot":
                agent = make_agent(self.seats[player].spec, seed=self.rng("bot").randrange(2**31))
                self._apply(agent.act(state.clone(), player))
            else:
                return False
            self.store.save(self.id, self.match.record)
            return True

    # -- what a seat is told -----------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        with self.lock:
            state = self.match.state
            player = state.current_player()
            terminal = state.is_terminal()
            actions = []
            if seat is not None and player == seat:
                actions = [
                    {"index": i, "text": state.action_text(a), "action": a.to_json()}
                    for i, a in enumerate(state.legal_actions())
                ]
            return {
                "table": self.id,
                "game": self.match.game.id,
                "title": self.match.game.title,
                "version": self.version,
                "you": seat,
                "seats": [
                    {"label": state.seat_label(i), "kind": s.kind, "spec": s.spec}
                    for i, s in enumerate(self.seats)
                ],
                "to_move": player,
                "to_move_label": state.seat_label(player) if player >= 0 else None,
                "waiting_for_bot": player >= 0 and self.seats[player].kind == "bot",
                "terminal": terminal,
                "scores": state.scores() if terminal else None,
                "winners": [state.seat_label(w) for w in state.winners()] if terminal else None,
                "actions": actions,
                "can_undo": seat is not None and self.match.can_undo(seat),
                "board_html": render_html(state.render(seat)),
                "observation": state.observation(seat),
                "log": [e.text for e in self.match.log if e.visible_to(seat)][-LOG_SHOWN:],
            }


def render_html(renderable: Any) -> str:
    """A game's terminal rendering as HTML with inline colours."""
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(renderable)
    return console.export_html(inline_styles=True, code_format="<pre class=board>{code}</pre>")
