"""Phase 2: planning with destination markers, signals and equipment.

Two passes in seat order: in the first each adventurer places its destination marker,
in the second it may move it after seeing everybody's markers and signals. Each pass a
seat may give one qualitative signal (the rulebook forbids numbers); phase 4 allows one
more (see ``equipment.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as X
from .board import XY, cell, on_board, reach
from .components import SIGNALS, Signal
from .equipment import EQUIPMENT_CARDS, equipment_actions, refuse_card, use_card
from .events import Events
from .movement import step_limit
from .rerolls import GATHER, sessions

if TYPE_CHECKING:
    from .state import FujiState

PASSES = (1, 2)
"""The planning passes round the table (see docs/rules/fuji.md)."""


def destinations(s: FujiState, a: int) -> dict[int, int]:
    """Cards a's meeple may aim at, with their distance: reachable, and not the
    destination of a neighbour ("players seated next to each other cannot choose the
    same destination card")."""
    options = reach(s.terrain, s.lava, s.position[a], step_limit(s, a))
    for b in s.neighbours(a):
        if b < s.meeple_count and b != a:
            options.pop(s.destination[b], None)
    if not options:
        # reading: if the neighbours have taken the only card left, you may stay
        options = {s.position[a]: 0}
    return options


def start(s: FujiState, f: Frame) -> Events:
    s.phase = 2
    plans = [
        PLAN(s.controller(a), adventurer=a, pass_number=p) for p in PASSES for a in s.meeples()
    ]
    then(s, *plans, END_PLANNING())
    return []


def plan_options(s: FujiState, f: Frame) -> list[Action]:
    a = f.args.adventurer
    out: list[Action] = []
    if s.signalled_in[a] != f.args.pass_number:
        out.extend(X.SIGNAL[k] for k in SIGNALS)
    out.extend(equipment_actions(s, a, f.seat))
    reachable = destinations(s, a)
    s._reachable = (f, reachable)  # kept for the apply of this very decision
    out.extend(X.DEST[XY[c]] for c in sorted(reachable))
    return out


def refuse_plan(s: FujiState, f: Frame, action: Action) -> str | None:
    a = f.args.adventurer
    if action[0] == "destination":
        x, y = action.arg("x"), action.arg("y")
        if not on_board(x, y):
            return "a destination names a card by x and y"
        c = cell(x, y)
        limit = step_limit(s, a)
        if c not in reach(s.terrain, s.lava, s.position[a], limit):
            return (
                f"Movement rules: a destination is at most {limit} orthogonal steps away, "
                "never onto or over lava, rubble or the volcano"
            )
        if c not in destinations(s, a):
            return (
                "Destination marker: players seated next to each other cannot choose the "
                "same destination card"
            )
        return None
    if action[0] == "signal":
        if action.arg("say") in SIGNALS and s.signalled_in[a] != f.args.pass_number:
            return None
        return (
            "Communication: one signal per planning pass; statements with numbers are not allowed"
        )
    return refuse_card(s, f, action)


def plan(s: FujiState, f: Frame, action: Action) -> Events:
    a = f.args.adventurer
    if action[0] == "destination":
        x, y = action.arg("x"), action.arg("y")
        c = cell(x, y)
        s.destination[a] = c
        known = s._reachable
        s.marker_steps[a] = (known[1] if known[0] is f else destinations(s, a))[c]
        return [{"type": "destination", "adventurer": a, "x": x, "y": y}]
    if action[0] == "signal":
        s.signalled_in[a] = f.args.pass_number
        say = action.arg("say")
        s.signals.append(Signal(a, say))
        then(s, f)
        return [{"type": "signal", "adventurer": a, "say": say}]
    return use_card(s, f, action)


def end(s: FujiState, f: Frame) -> Events:
    """Markers are binding once the rerolls begin; a Radio screen goes back up."""
    s.phase = 3
    for a in range(s.adventurer_count):
        if s.screen_down[a]:
            s.screen_down[a] = False
            for d in s.held(a):
                die = s.dice[d]
                if not die.aside:
                    die.seen = s.home_screen(die)
    then(s, *sessions(s), GATHER(), EQUIPMENT_CARDS())
    return []


# ---------------------------------------------------------------- steps
class Plan(NamedTuple):
    adventurer: int
    pass_number: int


PLANNING = Step("planning", run=start)


PLAN = Step(
    "plan",
    "Phase 2 (planning): place your destination marker, signal or use a phase-2 equipment card",
    plan_options,
    refuse_plan,
    plan,
    Args=Plan,
)


END_PLANNING = Step("end_planning", run=end)
