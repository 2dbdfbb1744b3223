"""Deeper's actions, made once and shared (legal lists allocate little)."""

from __future__ import annotations

from typing import Any

from lapilli.core.actions import Action

_MADE: dict[tuple[Any, ...], Action] = {}


def act(kind: str, **params: Any) -> Action:
    """The one ``Action(kind, **params)``: equal actions are the same object."""
    key = (kind, *params.items())  # one call site, one order: no need to sort
    action = _MADE.get(key)
    if action is None:
        action = _MADE[key] = Action(kind, **params)
    return action


DONE = act("done")  # take no more actions this turn
DECLINE = act("decline")  # say no to a "you may"
GLIDE = act("glide")
STAY = act("stay")
