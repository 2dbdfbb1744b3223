"""Helpers for the Eras tests: positions in the rulebook's words, and playing on."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.games.eras.positions import position  # noqa: F401  (re-exported for the tests)
from lapilli.games.eras.state import ErasState

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def play(s: ErasState, *actions: Action) -> list[dict]:
    """Apply each action (checked against the rules) and return all their events."""
    events: list[dict] = []
    for action in actions:
        events += s.apply(action)
    return events


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def die(face: str) -> Action:
    return Action("die", face=face)


def era(card: str) -> Action:
    return Action("era_card", card=card)


def thunderbolt(name: str) -> Action:
    return Action("thunderbolt", card=name)


def rendered(s: ErasState, seat: int | None, width: int = 140) -> str:
    """The terminal view of ``seat`` as plain text."""
    from rich.console import Console

    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(s.render(seat))
    return console.export_text()
