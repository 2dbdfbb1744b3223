"""The game log: what each seat is told about an action and the events it caused.

An action is logged as itself when it caused nothing visible (a choice, a pass); a
secret action is told only to its actor, the others read "makes a hidden choice";
events are logged with ``State.event_text`` and a ``"private"`` event only to its seat.
Chance outcomes are never logged raw: what they reveal comes through their events.
"""

from __future__ import annotations

from typing import NamedTuple

from .actions import Action
from .state import Event, State


class Entry(NamedTuple):
    text: str
    only: int | None = None  # only this seat may read it
    not_for: int | None = None  # this seat may not read it

    def visible_to(self, seat: int | None) -> bool:
        return (self.only is None or self.only == seat) and (
            self.not_for is None or self.not_for != seat
        )


def play(state: State, action: Action) -> tuple[list[Event], list[Entry]]:
    """Apply ``action`` to ``state`` and return its events and log entries."""
    actor = state.current_player()
    secret = actor >= 0 and state.is_secret(action)
    text = state.action_text(action)
    events = state.apply(action)
    return events, entries(state, actor, text, secret, events)


def entries(after: State, actor: int, text: str, secret: bool, events: list[Event]) -> list[Entry]:
    out: list[Entry] = []
    if actor >= 0:
        who = after.seat_label(actor)
        if not events:
            out.append(Entry(f"{who}: {text}", only=actor if secret else None))
        if secret and all(e.get("private") == actor for e in events):
            out.append(Entry(f"{who} makes a hidden choice", not_for=actor))
    for event in events:
        line = after.event_text(event)
        if line:
            out.append(Entry(line, only=event.get("private")))
    return out
