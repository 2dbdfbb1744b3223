"""What a seat cannot see, altered for the conformance suite's no-leak check: the other
players' sealed bids."""

from __future__ import annotations

import random

from .state import ErasState


def alter(state: ErasState, seat: int, rng: random.Random) -> ErasState | None:
    """A copy in which another player's sealed bid is another number of their tokens,
    or None if no such bid is sealed."""
    sealed = [
        p for p, bid in enumerate(state.bids) if bid is not None and p != seat and state.tokens[p]
    ]
    if not sealed:
        return None
    s = state.clone()
    p = rng.choice(sealed)
    s.bids[p] = rng.choice([n for n in range(s.tokens[p] + 1) if n != s.bids[p]])
    return s
