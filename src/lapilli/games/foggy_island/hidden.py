"""What a seat cannot see, altered for the conformance suite's no-leak check: tokens in
other players' hands, piles and the team's undealt pool, tokens placed face down by
others, and the token another player has chosen but not yet placed."""

from __future__ import annotations

import random

from lapilli.core.conformance import swap_unseen
from lapilli.core.zones import Hidden

from . import steps
from .state import FaceDown, FoggyState
from .turn import face_up_allowed


def alter(state: FoggyState, seat: int, rng: random.Random) -> FoggyState | None:
    """A copy with two unseen tokens of one side swapped between the places ``seat``
    cannot look into, or another chosen token; None if nothing can change."""
    s = state.clone()
    s._legal = None
    if rng.random() < 0.5 and _choose(s, seat, rng, again=True):
        return s
    for side in rng.sample((0, 1), 2):
        mates = s.side_seats(side)
        zones: list[Hidden] = [s.hands[p] for p in mates] + [s.piles[p] for p in mates]
        zones += [FaceDown(s, p) for p in mates] + s.pool[side : side + 1]
        if swap_unseen(seat, rng, zones):
            _choose(s, seat, rng, again=False)  # the chosen token may have left the hand
            return s
    return s if _choose(s, seat, rng, again=True) else None


def _choose(s: FoggyState, seat: int, rng: random.Random, again: bool) -> bool:
    """Another player's chosen token, still to be placed, becomes another from their
    hand (``again``), or one from their hand if it is no longer there."""
    top = s.pending()
    if top is None or top.step is not steps.PLACE or top.seat == seat:
        return False
    hand = s.hands[top.seat]
    if not again and top.args.token in hand:
        return False
    kinds = [k for k in sorted(hand.items) if k != top.args.token]
    if not kinds:
        return False
    kind = rng.choice(kinds)
    s.stack[-1] = steps.PLACE_AS[top.seat, kind, top.args.face_up and face_up_allowed(s, kind)]
    return True
