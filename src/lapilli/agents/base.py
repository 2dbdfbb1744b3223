"""What a bot is: something that picks an action for a seat, seeing only that seat's view.

Bots are named on the command line with parameters: ``random``, ``greedy``,
``mcts:iters=2000,seconds=1``. A bot must not look at what its seat cannot see: a bot
that searches works on ``state.determinize(seat, rng)``, never on the true state.

A bot declares its parameters in ``PARAMS`` (name -> ``Param``); the base class turns
the texts of a spec into typed values, checks them and stores them as attributes, so
``mcts:iters=abc`` fails with a plain sentence before any game starts.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.state import State


class AgentError(LapilliError):
    """An unknown bot name or a bad bot parameter."""


@dataclass(frozen=True)
class Param:
    """One bot parameter: its type (int, float, bool or str), default and a help line."""

    type: type
    default: Any
    help: str
    minimum: float | None = None
    choices: tuple[str, ...] = ()
    allow_none: bool = False

    def parse(self, bot: str, name: str, value: Any) -> Any:
        if value is None or (isinstance(value, str) and value.lower() in ("none", "auto", "")):
            if self.allow_none:
                return None
            raise AgentError(f"the {bot} bot's parameter {name} needs a value")
        kind = _KIND_NAMES.get(self.type, self.type.__name__)
        try:
            parsed = _CONVERT[self.type](value)
        except (TypeError, ValueError):
            raise AgentError(
                f"the {bot} bot's parameter {name} must be {kind}, not {value!r}"
            ) from None
        if self.minimum is not None and parsed < self.minimum:
            raise AgentError(
                f"the {bot} bot's parameter {name} must be at least {self.minimum:g}, "
                f"not {parsed!r}"
            )
        if self.choices and parsed not in self.choices:
            raise AgentError(
                f"the {bot} bot's parameter {name} must be one of {', '.join(self.choices)}, "
                f"not {parsed!r}"
            )
        return parsed


def _to_bool(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on", "y"):
        return True
    if text in ("0", "false", "no", "off", "n"):
        return False
    raise ValueError(value)


def _to_int(value: Any) -> int:
    if isinstance(value, bool):
        raise ValueError(value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if not value.is_integer():
            raise ValueError(value)
        return int(value)
    text = str(value).strip().replace("_", "")
    if text.lower().endswith("k"):
        return int(float(text[:-1]) * 1000)
    return int(text)


def _to_float(value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError(value)
    result = float(str(value).strip()) if isinstance(value, str) else float(value)
    if not math.isfinite(result):
        raise ValueError(value)
    return result


_CONVERT: dict[type, Callable[[Any], Any]] = {
    int: _to_int,
    float: _to_float,
    bool: _to_bool,
    str: lambda v: str(v).strip(),
}
_KIND_NAMES = {int: "a whole number", float: "a number", bool: "true or false", str: "a text"}


class Agent(ABC):
    name: str = "agent"
    PARAMS: ClassVar[dict[str, Param]] = {}

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        unknown = [k for k in params if k not in self.PARAMS]
        if unknown:
            known = ", ".join(self.PARAMS) if self.PARAMS else "none"
            raise AgentError(
                f"the {self.name} bot has no parameter {', '.join(unknown)} (parameters: {known})"
            )
        for key, spec in self.PARAMS.items():
            value = spec.parse(self.name, key, params[key]) if key in params else spec.default
            setattr(self, key, value)
        self.seed = seed
        self.rng = random.Random(seed)
        self.given = dict(params)

    @abstractmethod
    def act(self, state: State, seat: int) -> Action:
        """The action this bot plays for ``seat`` (who must be to move in ``state``)."""

    @classmethod
    def describe(cls) -> str:
        """One line per parameter, for help texts."""
        return "\n".join(f"{k}={p.default}: {p.help}" for k, p in cls.PARAMS.items())

    def __str__(self) -> str:
        if not self.given:
            return self.name
        return f"{self.name}:" + ",".join(f"{k}={v}" for k, v in self.given.items())


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"mcts:iters=200,seconds=1"`` -> ``("mcts", {"iters": "200", "seconds": "1"})``.

    Parameters may also be separated by colons (``mcts:iters=200:seconds=1``), which
    keeps a spec whole inside a comma-separated list of seats.
    """
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.replace(":", ",").split(","))):
        key, sep, value = part.partition("=")
        if not sep or not key.strip():
            raise AgentError(f"a bot parameter is written key=value, not {part!r}")
        if key.strip() in params:
            raise AgentError(f"the bot parameter {key.strip()} is given twice in {spec!r}")
        params[key.strip()] = value.strip()
    if not name.strip() or "=" in name:
        raise AgentError(f"a bot spec starts with the bot's name, not {spec!r}")
    return name.strip(), params


def split_specs(text: str) -> list[str]:
    """A comma-separated list of bots, where a bot's own parameters may use commas too.

    ``"random,mcts:iters=500,c=0.5,greedy"`` -> ``["random", "mcts:iters=500,c=0.5",
    "greedy"]``: a ``key=value`` piece without a bot name belongs to the bot before it.
    """
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece.split("=", 1)[0] and specs:
            specs[-1] += ("," if ":" in specs[-1] else ":") + piece
        else:
            specs.append(piece)
    return specs
