"""What a bot is: something that picks an action for a seat, seeing only that seat's view.

Bots are named on the command line with parameters: ``random``, ``greedy``,
``mcts:iters=2000,seconds=1``. A bot must not look at what its seat cannot see: a bot
that searches works on ``state.determinize(seat, rng)``, never on the true state.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any

from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.state import State


class AgentError(LapilliError):
    """An unknown bot name or a bad bot parameter."""


class Agent(ABC):
    name: str = "agent"

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        if params:
            raise AgentError(f"the {self.name} bot takes no parameter {', '.join(params)}")
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, state: State, seat: int) -> Action:
        """The action this bot plays for ``seat`` (who must be to move in ``state``)."""

    def __str__(self) -> str:
        return self.name


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=200,seconds=1"`` -> ``("mcts", {"iters": "200", "seconds": "1"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, rest.split(",")):
        key, sep, value = part.partition("=")
        if not sep:
            raise AgentError(f"a bot parameter is written key=value, not {part!r}")
        params[key.strip()] = value.strip()
    return name.strip(), params
