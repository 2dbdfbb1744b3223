"""What a seat cannot see, altered for the conformance suite's no-leak check: the
other players' Caldera cards and the Caldera deck."""

from __future__ import annotations

import random

from lapilli.core.conformance import swap_unseen

from .state import VolcaniqueState


def alter(state: VolcaniqueState, seat: int, rng: random.Random) -> VolcaniqueState | None:
    """A copy with one Caldera card ``seat`` cannot see swapped for another (between two
    hands, or a hand and the deck), or None if there is none to swap."""
    s = state.clone()
    s._legal = None  # the copy's legal actions are its own
    s.unshare_caldera()
    return s if swap_unseen(seat, rng, [*s.caldera_hands, s.caldera_deck]) else None
