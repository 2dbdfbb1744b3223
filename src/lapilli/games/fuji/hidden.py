"""What a seat cannot see, altered for the conformance suite's no-leak check: the dice
behind the other players' screens."""

from __future__ import annotations

import random

from lapilli.core.conformance import turn_unseen

from .state import FujiState


def alter(state: FujiState, seat: int, rng: random.Random) -> FujiState | None:
    """A copy with one rolled die ``seat`` cannot see turned to another face, or None."""
    s = state.clone()
    s._legal = None
    return s if turn_unseen(seat, rng, [die for die in s.dice if die.value]) else None
