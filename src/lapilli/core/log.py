"""The game log: what each seat is told about an action and the events it caused.

An action is logged as itself, said of its maker ("Red leaves their cone where it is"),
when it caused nothing visible (a choice, a pass), unless it is quiet (what follows at
once tells it); a secret action is told only to its actor,
the others read what the game says of it ("makes a hidden choice" unless it says more,
or nothing); events are logged with ``State.event_text`` and a ``"private"`` event only to its seat.
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
    text = None if actor < 0 or state.is_quiet(action) else state.said_text(action)
    hidden = state.hidden_text(action) if secret else None
    events = state.apply(action)
    return events, entries(state, actor, text, secret, events, hidden)


def entries(
    after: State,
    actor: int,
    text: str | None,
    secret: bool,
    events: list[Event],
    hidden: str | None = None,
) -> list[Entry]:
    """The lines of one action: the action itself, said of its maker (``text``), when
    it caused nothing visible (not when it is quiet: ``text`` None), what the others
    read of a secret one (``hidden``), then each event."""
    out: list[Entry] = []
    if actor >= 0:
        if not events and text is not None:
            out.append(Entry(text, only=actor if secret else None))
        if secret and hidden and all(e.get("private") == actor for e in events):
            out.append(Entry(hidden, not_for=actor))
    for event in events:
        line = after.event_text(event)
        if line:
            out.append(Entry(line, only=event.get("private")))
    return out
