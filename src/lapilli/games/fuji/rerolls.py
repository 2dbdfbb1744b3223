"""Phase 3: rerolls behind the screens (and the rerolls of Water and Flash light).

A reroll session lets one seat select dice one at a time and then reroll them
together, as often as it is entitled to; each die rerolled is its own chance node.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, take_if_only, then
from lapilli.core.zones import EVERYONE

from . import actions as X
from .components import EYE, MAX_POWER_BARS, REROLL_SYMBOL
from .dice import Aside
from .events import Events
from .rolling import roll_frames

if TYPE_CHECKING:
    from .state import FujiState

REROLLS_BY_STEPS = (2, 1, 1, 0)
"""Phase 3: 2 rerolls to stay, 1 for 1 or 2 steps, 0 for 3 steps."""


def phase3_rerolls(s: FujiState, a: int) -> int:
    return rerolls_for(s, a, s.marker_steps[a], s.destination[a])


def rerolls_for(s: FujiState, a: int, steps_away: int, c: int) -> int:
    """Rerolls in phase 3 for a marker ``steps_away`` on card place c: by distance; +1 on
    a card with the reroll symbol; Survivalist +1; none for an eye injury (the skill's
    reroll stays); a Scout moving 4 steps gets none at all."""
    if steps_away >= len(REROLLS_BY_STEPS):
        return 0
    n = REROLLS_BY_STEPS[steps_away]
    if REROLL_SYMBOL[s.terrain[c]]:
        n += 1
    if s.injuries[a] & EYE:
        n = 0
    if s.has_skill(a, "survivalist"):
        n += 1
    return n


def sessions(s: FujiState) -> list[Frame]:
    """The phase-3 sessions in seat order: one per adventurer with rerolls (or the
    Buddy's set-aside); the third meeple's dice are rerolled on each side of the table."""
    out: list[Frame] = []
    for a in s.meeples():
        n = phase3_rerolls(s, a)
        s.rerolls_allowed[a] = n
        s.rerolls_used[a] = 0
        if n <= 0 and not s.has_skill(a, "buddy"):
            continue
        seats = (0, 1) if a == s.third else (s.controller(a),)
        out.extend(REROLL(seat, adventurer=a, left=n, selected=()) for seat in seats)
    return out


def card_session(s: FujiState, a: int, rerolls: int) -> Frame:
    """Rerolls given by an equipment card (Water, Flash light): eye injuries do not
    matter and they are no phase-3 rerolls for the Gatherer."""
    return REROLL(s.controller(a), adventurer=a, left=rerolls, selected=(), by_card=True)


def reroll_options(s: FujiState, f: Frame) -> list[Action]:
    a, left, selected = f.args.adventurer, f.args.left, f.args.selected
    mine = s.visible_own(a, f.seat)
    out: list[Action] = []
    if left > 0:
        out = [X.SELECT[d] for d in mine if d not in selected]
        if selected:
            out.append(X.REROLL)
    if may_set_aside(s, f):
        out.extend(X.ASIDE[d] for d in mine)
    out.append(X.STOP)
    return out


def may_set_aside(s: FujiState, f: Frame) -> bool:
    """Buddy: one die per round, in phase 3."""
    a = f.args.adventurer
    return not f.args.by_card and not s.buddy_used[a] and s.has_skill(a, "buddy")


def refuse_reroll(s: FujiState, f: Frame, action: Action) -> str | None:
    if action in reroll_options(s, f):
        return None
    kind, a = action[0], f.args.adventurer
    if kind in ("select", "reroll"):
        if f.args.left <= 0:
            if s.injuries[a] & EYE:
                return "Eye injury: you can no longer reroll dice in phase 3"
            return "Rerolls: you have no rerolls left (2 to stay, 1 for 1-2 steps, 0 for 3)"
        if kind == "reroll":
            return "Rerolls: select at least one die first"
        return "Rerolls: you may only select your own dice, each once per reroll"
    if kind == "set_aside":
        if may_set_aside(s, f):
            return "Buddy: set aside one of your own dice"
        return "Buddy: only the Buddy (without amnesia) sets aside 1 die, once per round"
    return None


def reroll(s: FujiState, f: Frame, action: Action) -> Events:
    kind, a = action[0], f.args.adventurer
    left, by_card = f.args.left, f.args.by_card
    if kind == "select":
        selected = tuple(sorted((*f.args.selected, action[1][0][1])))
        then(s, Frame(f.step, f.seat, Reroll(a, left, selected, by_card)))
        return []
    if kind == "reroll":
        left -= 1
        again = Frame(f.step, f.seat, Reroll(a, left, (), by_card))
        then(s, *roll_frames(s, list(f.args.selected)), again)
        if a == s.third:  # its dice are rerolled on each side of the table
            return [{"type": "reroll", "adventurer": a, "left": left, "side": f.seat}]
        return [{"type": "reroll", "adventurer": a, "left": left}]
    if kind == "set_aside":
        return set_aside(s, f, action[1][0][1])
    if not by_card:  # stop
        used = s.rerolls_allowed[a] - left
        s.rerolls_used[a] = max(s.rerolls_used[a], used)
    return []


def set_aside(s: FujiState, f: Frame, d: int) -> Events:
    """Buddy: one die per round, shown to everybody, back at the end of the round."""
    a = f.args.adventurer
    die = s.dice[d]
    die.aside = Aside.BUDDY
    die.seen = EVERYONE
    s.buddy_used[a] = True
    selected = tuple(x for x in f.args.selected if x != d)
    then(s, Frame(f.step, f.seat, Reroll(a, f.args.left, selected, f.args.by_card)))
    return [
        {
            "type": "set_aside",
            "adventurer": a,
            "die": d,
            "value": die.value,
            "by": "buddy",
            "reveal": True,
        }
    ]


def gather(s: FujiState, f: Frame) -> Events:
    """Gatherer: a power bar for every phase-3 reroll passed up (at most 3)."""
    ev: Events = []
    for a in s.meeples():
        if s.has_skill(a, "gatherer"):
            passed = s.rerolls_allowed[a] - s.rerolls_used[a]
            if passed > 0:
                before = s.power_bars[a]
                s.power_bars[a] = min(MAX_POWER_BARS, before + passed)
                if s.power_bars[a] != before:
                    ev.append({"type": "power_bars", "adventurer": a, "bars": s.power_bars[a]})
    return ev


# ---------------------------------------------------------------- steps
class Reroll(NamedTuple):
    adventurer: int
    left: int  # rerolls left
    selected: tuple[int, ...]  # dice selected for the next reroll
    by_card: bool = False


REROLL = Step(
    "reroll",
    "Phase 3 (rerolls): select dice behind your own screen, reroll them, or stop",
    reroll_options,
    refuse_reroll,
    reroll,
    Args=Reroll,
    settle=take_if_only(X.STOP),
)


GATHER = Step("gather", run=gather)
