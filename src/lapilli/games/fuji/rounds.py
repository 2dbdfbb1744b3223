"""A round (rulebook "Course of play"): phase 1 starts it, and it runs the six phases.

The round's frame stays under its phases, so the next round begins once the eruption
(phase 6) is over; a victory or a defeat clears every pending step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.flow import Frame, Step, then

from .events import Events
from .planning import PLANNING
from .rolling import roll_frames

if TYPE_CHECKING:
    from .state import FujiState


def start_round(s: FujiState, f: Frame) -> Events:
    """Phase 1: everybody rolls all their dice behind their screens."""
    s.round += 1
    s.phase = 1
    s.signals = []
    in_play = [d for d, die in enumerate(s.dice) if not die.lost]
    then(s, *roll_frames(s, in_play), PLANNING(), ROUND())
    return [{"type": "round", "round": s.round}]


# ---------------------------------------------------------------- steps
ROUND = Step("round", run=start_round)
