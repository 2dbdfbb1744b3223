"""Phase 1: everybody rolls their dice behind their screens.

Every die is rolled on its own chance node (phase 1, and each reroll later on). The
last die of each holder's batch tells the results to those behind that screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step
from lapilli.core.zones import EVERYONE

from . import actions as X
from .events import Events, Rolled

if TYPE_CHECKING:
    from .state import FujiState


def roll_frames(s: FujiState, dice: list[int]) -> list[Frame]:
    """One chance frame per die, in order. The last die of each holder tells the results
    of that holder's dice rolled together."""
    holders = [s.dice[d].holder for d in dice]
    frames = [roll_frame(d) for d in dice]
    for a in set(holders):
        batch = [d for d, holder in zip(dice, holders, strict=True) if holder == a]
        last = len(holders) - 1 - holders[::-1].index(a)
        frames[last] = roll_frame(dice[last], tuple(sorted(batch)))
    return frames


def faces(s: FujiState, f: Frame) -> list[tuple[Action, float]]:
    return X.FACE_OUTCOMES


def roll(s: FujiState, f: Frame, action: Action) -> Events:
    """A die comes to rest behind its holder's screen, or in the open while a Radio
    keeps that screen down."""
    die = s.dice[f.args.die]
    die.value = action[1][0][1]
    a = die.holder
    if s.screen_down[a]:
        die.seen = EVERYONE
    else:
        die.seen = die.screen if a == die.owner else s.screen_of(a)
    if not s.narrate:
        return []
    ev: Events = [{"type": "roll", "adventurer": a}]  # no value, no die: hidden
    if not f.args.tell:
        return ev  # not the last die of its batch (most rolls): nothing to tell yet
    again = s.phase != 1  # phase 1 rolls; every later roll is a reroll
    for seat, shown in s.dice_told(list(f.args.tell)):
        told: Rolled = {"type": "rolled", "adventurer": a, "dice": shown, "again": again}
        ev.append(told if seat is None else {**told, "private": seat})
    return ev


# ---------------------------------------------------------------- steps
class Roll(NamedTuple):
    die: int
    tell: tuple[int, ...] = ()


ROLL = Step("roll", "a die is rolled", outcomes=faces, apply=roll, Args=Roll)


_ROLLS: dict[int, Frame] = {}


def roll_frame(d: int, tell: tuple[int, ...] = ()) -> Frame:
    """The roll of die d (built once for a die that tells nothing)."""
    if tell:
        return ROLL(die=d, tell=tell)
    frame = _ROLLS.get(d)
    if frame is None:
        frame = _ROLLS[d] = ROLL(die=d)
    return frame
