"""Events, typed per game, and their log lines.

A rule returns what it did as events: plain dicts keyed by ``type`` (``{"type":
"moved", "seat": 0, ...}``) that the log, the browser and tools read. A game types them
in its ``events`` module, one TypedDict per kind of event with ``type`` a literal (a
kind told the same way under several names lists them all: ``Literal["drew",
"took"]``); their union is ``Parts.event``, from which ``core.schema`` makes the JSON
Schema and checks real events. The game's log lines are an ``EventTexts`` table: one
text per kind, which a type checker reads against that kind's keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Generic, Literal, TypeVar, get_args, get_origin, get_type_hints

from pydantic import ConfigDict

STRICT = ConfigDict(extra="forbid", strict=True)
"""An event kind's pydantic configuration: every key documented, nothing coerced."""

S = TypeVar("S")
E = TypeVar("E", bound=Mapping[str, Any])


def names_of(kind: type) -> tuple[str, ...]:
    """The names a kind of event goes by: the literal values of its ``type`` key."""
    told = get_type_hints(kind).get("type")
    if get_origin(told) is not Literal:
        raise TypeError(f"the event {kind.__name__} has no literal 'type' key")
    return get_args(told)


def kinds_of(event: Any) -> tuple[type, ...]:
    """The kinds of a game's event union (``Parts.event``): one class, or several."""
    kinds: tuple[type, ...] = get_args(event) or (event,)
    return kinds


class EventTexts(Generic[S]):
    """A game's log lines: one text per kind of event, ``text(state, event)``.

    ``add(Moved, lambda s, e: ...)`` types ``e`` as ``Moved``, so a text that reads a
    key its kind does not have fails the type check, not a game."""

    def __init__(self) -> None:
        self.by_name: dict[str, Callable[[S, Any], str]] = {}

    def add(self, kind: type[E], text: Callable[[S, E], str]) -> None:
        for name in names_of(kind):
            if name in self.by_name:
                raise ValueError(f"two texts for the {name!r} event")
            self.by_name[name] = text

    def __call__(self, state: S, event: Mapping[str, Any]) -> str | None:
        """The line for ``event``; None for a kind without one."""
        text = self.by_name.get(event["type"])
        return None if text is None else text(state, event)
