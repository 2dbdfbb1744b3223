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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    create_model,
)

from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.facts import Feature, allowed
from lapilli.core.state import State


class AgentError(LapilliError):
    """An unknown bot name or a bad bot parameter."""


@dataclass(frozen=True)
class Param:
    """One bot parameter: its type (int, float, bool or str), default and a help line,
    and the values allowed (``minimum``/``maximum`` of a number, ``choices`` of a text)."""

    type: type
    default: Any
    help: str
    minimum: float | None = None
    choices: tuple[str, ...] = ()
    allow_none: bool = False
    maximum: float | None = None

    def annotation(self) -> Any:
        """The parameter as a typed pydantic field: a text is read as the type, any
        other value must be of the type (``True`` is no number); range and choices."""
        marks: list[Any] = [BeforeValidator(_from_text(self.type))]
        if self.minimum is not None or self.maximum is not None:
            marks.append(Field(ge=self.minimum, le=self.maximum))
        if self.choices:
            marks.append(AfterValidator(_one_of(self.choices)))
        kind: Any = Annotated[self.type, *marks]
        return kind | None if self.allow_none else kind

    def wanted(self) -> str:
        """What the parameter takes, in words."""
        if self.choices:
            return "one of " + ", ".join(self.choices)
        text = _KIND_NAMES.get(self.type, self.type.__name__)
        if self.minimum is not None and self.maximum is not None:
            return f"{text} from {number(self.minimum)} to {number(self.maximum)}"
        if self.minimum is not None:
            return f"{text}, at least {number(self.minimum)}"
        return text


def number(value: float) -> str:
    """A bound as people write it: 100000000, not 1e+08."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _from_text(kind: type) -> Callable[[Any], Any]:
    """Texts (a spec's ``key=value``) become the type; other values pass unchanged."""
    convert = _CONVERT[kind]

    def read(value: Any) -> Any:
        if not isinstance(value, str) or kind is str:
            return value
        try:
            return convert(value)
        except (TypeError, ValueError):
            return value  # the typed check refuses it with the parameter's words

    return read


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if value not in choices:
            raise ValueError("not one of the choices")
        return value

    return check


def _to_bool(value: Any) -> bool:
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on", "y"):
        return True
    if text in ("0", "false", "no", "off", "n"):
        return False
    raise ValueError(value)


def _to_int(value: str) -> int:
    text = value.strip().replace("_", "")
    if text.lower().endswith("k"):  # 2k: two thousand
        thousands = float(text[:-1]) * 1000
        if not thousands.is_integer():
            raise ValueError(value)
        return int(thousands)
    return int(text)


def _to_float(value: str) -> float:
    result = float(value.strip())
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
_BOT_CONFIG = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False, frozen=True)


class Agent(ABC):
    name: str = "agent"
    PARAMS: ClassVar[dict[str, Param]] = {}
    _params_model: ClassVar[type[BaseModel] | None] = None
    forbidden: Sequence[Feature] = ()
    """Features of the game this bot may not use (restricted play, ``core.facts``): its
    own decisions, in play and in its lookahead, leave out the actions that use them."""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        for key, value in self.checked(params).items():
            setattr(self, key, value)
        self.seed = seed
        self.rng = random.Random(seed)
        self.given = dict(params)

    @classmethod
    def params_model(cls) -> type[BaseModel]:
        """The bot's parameters as one typed model (built once from ``PARAMS``)."""
        model: type[BaseModel] | None = cls.__dict__.get("_params_model")
        if model is None:
            fields: dict[str, Any] = {k: (p.annotation(), p.default) for k, p in cls.PARAMS.items()}
            model = create_model(f"{cls.__name__}Params", __config__=_BOT_CONFIG, **fields)
            cls._params_model = model
        return model

    @classmethod
    def checked(cls, params: dict[str, Any]) -> dict[str, Any]:
        """Every parameter of the bot, typed and checked (AgentError names the first
        problem); ``params`` are texts from a spec or values of their types."""
        if "seed" in params and "seed" not in cls.PARAMS:
            raise AgentError(
                f"the {cls.name} bot takes no seed parameter: every bot is seeded by the "
                "game (lapilli play, sim and tournament take --seed; a server seeds its "
                "tables in secret)"
            )
        unknown = [k for k in params if k not in cls.PARAMS]
        if unknown:
            known = ", ".join(cls.PARAMS) if cls.PARAMS else "none"
            raise AgentError(
                f"the {cls.name} bot has no parameter {', '.join(unknown)} (parameters: {known})"
            )
        for key, value in params.items():
            if value is None or (isinstance(value, str) and value.lower() in ("none", "auto", "")):
                if not cls.PARAMS[key].allow_none:
                    raise AgentError(f"the {cls.name} bot's parameter {key} needs a value")
                params = params | {key: None}
        try:
            return dict(cls.params_model().model_validate(params))
        except ValidationError as exc:
            problem = exc.errors()[0]
            key = str(problem["loc"][0])
            raise AgentError(
                f"the {cls.name} bot's parameter {key} must be "
                f"{cls.PARAMS[key].wanted()}, not {problem['input']!r}"
            ) from None

    @abstractmethod
    def act(self, state: State, seat: int) -> Action:
        """The action this bot plays for ``seat`` (who must be to move in ``state``)."""

    def choices(self, state: State) -> list[Action]:
        """The legal actions this bot may take: all of them, or those that use none of
        its forbidden features (all again when the rules leave no other)."""
        legal = state.legal_actions()
        return allowed(self.forbidden, state, legal) if self.forbidden else legal

    def cut_short(self) -> str | None:
        """Words saying that the last decision was cut short by a time limit before
        the bot's own budget was spent (None when it was not, or has no such budget)."""
        return None

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
