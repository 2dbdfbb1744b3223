"""What a seat cannot see, altered for the conformance suite's no-leak check: the
other players' blueprint cards and the blueprint deck."""

from __future__ import annotations

import random

from lapilli.core.conformance import swap_unseen

from .state import DeeperState


def alter(state: DeeperState, seat: int, rng: random.Random) -> DeeperState | None:
    """A copy with one blueprint card ``seat`` cannot see swapped for another (between
    two hands, or a hand and the deck), or None if there is none to swap (once the game
    is over every hand is shown)."""
    if state.end:
        return None
    s = state.clone()
    s._legal = None  # the copy's legal actions are its own
    return s if swap_unseen(seat, rng, [s.blueprints, *s.hands]) else None
