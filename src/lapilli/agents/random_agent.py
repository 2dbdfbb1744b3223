"""The random bot: uniform over the legal actions (and the fuzzer of every rule)."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import State

from .base import Agent


class RandomAgent(Agent):
    name = "random"

    def act(self, state: State, seat: int) -> Action:
        legal = self.choices(state)
        return legal[self.rng.randrange(len(legal))]
