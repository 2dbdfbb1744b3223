"""What a table is set up with: a game, its options and its seats, checked as one model.

The terminal (``lapilli play``, ``sim``, ``tournament``), the lobby and the web API all
describe a table the same way and check it here: the options through the game's options
model (``core.options``), each seat as ``human`` or a bot whose parameters pass the bot's
own model (``Agent.checked``). What passes is normalised: options of their declared
types, bot specs written with typed values, so nothing downstream sees ``true`` for ``1``.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from lapilli.core.options import options_from_json, parse_options
from lapilli.core.registry import game_class
from lapilli.core.state import Game, Utility

from . import AGENTS, Agent, AgentError, make_agent, parse_spec
from .policy import PolicyAgent

HUMAN = "human"
Text = Annotated[str, Field(max_length=200)]
Scalar = bool | int | float | Text


FILLER = "random"
"""The bot that plays an opponent's seat nobody named: the weakest, kind to newcomers."""


def seat_filler(game: Game) -> str:
    """The bot for the seats nobody named: the random bot against you, the game's
    strongest team bot beside you in a cooperative game (a random team-mate sinks it)."""
    if game.utility is Utility.COOPERATIVE and game.team_bot:
        return game.team_bot
    return FILLER


def filler_words(game: Game) -> str:
    """Which bot fills unnamed seats, and why, in a sentence's words."""
    bot = seat_filler(game)
    if bot == FILLER:
        return f"the {bot} bot"
    return f"the {bot} bot, the strongest team bot for {game.title} (it plays on your side)"


POLICY = "policy:"
"""A learned policy's seat: ``policy:FILE`` (``agents.policy``), on the command line only."""


def seat_spec(spec: str, files: bool = False) -> str:
    """A seat as written (``human`` or a bot spec), checked and normalised:
    ``mcts:iters=2k,playout=yes`` -> ``mcts:iters=2000,playout=true``. With ``files``
    (the command line, never a web request) a seat may also be a policy read from a
    file: ``policy:FILE``."""
    if spec.strip() == HUMAN:
        return HUMAN
    if spec.strip().startswith(POLICY):
        if not files:
            raise AgentError("a policy seat reads a file: only the command line takes one")
        PolicyAgent(file=_policy_file(spec))  # a file that is no policy fails now
        return spec.strip()
    name, texts = parse_spec(spec)
    if name not in AGENTS:
        raise AgentError(f"no bot called {name!r}; bots: {', '.join(AGENTS)}, or human")
    values = AGENTS[name].checked(texts)
    given = [f"{key}={_written(values[key])}" for key in texts]
    return f"{name}:{','.join(given)}" if given else name


def _policy_file(spec: str) -> str:
    return spec.strip()[len(POLICY) :]


def seat_agent(spec: str, seed: int | None = None) -> Agent:
    """The bot of a seat checked by ``seat_spec`` (a policy too)."""
    if spec.startswith(POLICY):
        return PolicyAgent(seed=seed, file=_policy_file(spec))
    return make_agent(spec, seed=seed)


def _written(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "auto" if value is None else str(value)


class TableSetup(BaseModel):
    """A game, its options (``key=value`` texts or a JSON object) and its seats."""

    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)

    game: Annotated[str, Field(max_length=64)]
    options: list[Text] | dict[Annotated[str, Field(max_length=64)], Scalar] = Field(
        default_factory=list, max_length=32, description="key=value texts, or an object"
    )
    seats: list[Text] = Field(min_length=1, max_length=16, description="human, or a bot")

    def build(self) -> tuple[Game, list[str]]:
        """The game with its options checked and the seats normalised, their number
        allowed by the game (MalformedInput or AgentError saying what is wrong)."""
        cls = game_class(self.game)
        if isinstance(self.options, dict):
            game = cls(options_from_json(cls.Options, self.options))
        else:
            game = cls(parse_options(cls.Options, self.options))
        seats = [seat_spec(s) for s in self.seats]
        game.check_players(len(seats))
        return game, seats
