"""The levels a player picks from: ``easy``, ``normal`` and ``hard``, the same names in
every game, each a bot of its own per game (``levels.toml``, described in docs/bots.md).

A level is a seat like any bot (``--seats human,hard``, the lobby, the API, a lab spec);
it becomes its game's bot when it first moves, so one name works at every table:

- ``easy``: the greedy bot looking at one decision and choosing at random among its
  better moves (softmax of its values): legal, sensible moves a beginner can beat;
- ``normal``: the greedy bot, one turn of lookahead over the game's heuristic;
- ``hard``: the MCTS bot with greedy's opinion as its prior, its parameters chosen per
  game by the tuning command (``lapilli lab tune GAME``). It thinks ``seconds`` a move, at
  most 2 (anytime: it uses them); ``hard:iters=300,seconds=0`` gives it an iteration
  budget instead, which makes it reproducible from its seed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

from lapilli.core.actions import Action
from lapilli.core.state import Game, State

from .base import Agent, AgentError, Param, parse_spec

LEVELS = ("easy", "normal", "hard")
LEVELS_FILE = Path(__file__).with_name("levels.toml")
HARD_SECONDS = 2.0
"""What hard thinks a move at most: 2 s, the budget its levels are measured for on a
two-core machine."""


@dataclass(frozen=True)
class Variant:
    """hard's parameters where some of a game's options are set (tuned on their own:
    a variant can play so differently that the game's search settings lose there)."""

    options: tuple[tuple[str, str], ...]  # (option, value as written: "variant=team")
    hard: str
    tuned: str

    @property
    def key(self) -> str:
        return ",".join(f"{k}={v}" for k, v in self.options)

    def matches(self, options: Mapping[str, Any]) -> bool:
        return all(k in options and written(options[k]) == v for k, v in self.options)


@dataclass(frozen=True)
class GameLevels:
    """One game's bot spec for each level, how hard's parameters were chosen, and
    hard's own parameters in the variants tuned apart."""

    easy: str
    normal: str
    hard: str
    tuned: str
    variants: tuple[Variant, ...] = ()

    def spec(self, level: str, options: Mapping[str, Any] | None = None) -> str:
        """``level``'s bot, in the first variant whose options ``options`` has."""
        if level == "hard" and options:
            for variant in self.variants:
                if variant.matches(options):
                    return variant.hard
        return str(getattr(self, level))


def written(value: Any) -> str:
    """An option's value as levels.toml and ``-o key=value`` write it."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _variant(where: str, key: str, table: dict[str, Any]) -> Variant:
    pairs = [pair.partition("=") for pair in key.split(",")]
    if set(table) != {"hard", "tuned"} or not all(k and eq and v for k, eq, v in pairs):
        raise AgentError(f'{where} ["{key}"]: a variant is named option=value and has hard, tuned')
    options = tuple((k.strip(), v.strip()) for k, _, v in pairs)
    return Variant(options, str(table["hard"]), str(table["tuned"]))


def read_levels(path: Path = LEVELS_FILE) -> dict[str, GameLevels]:
    """Every game's levels from ``path`` (a broken file names what is wrong)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise AgentError(f"the levels file {path} cannot be read: {exc}") from None
    found: dict[str, GameLevels] = {}
    keys = {"easy", "normal", "hard", "tuned"}
    for game_id, table in data.items():
        table = table if isinstance(table, dict) else {}
        levels = {k: str(v) for k, v in table.items() if not isinstance(v, dict)}
        if set(levels) != keys:
            raise AgentError(f"{path}: [{game_id}] needs exactly {', '.join(sorted(keys))}")
        where = f"{path}: [{game_id}]"
        variants = tuple(_variant(where, k, v) for k, v in table.items() if isinstance(v, dict))
        found[game_id] = GameLevels(**levels, variants=variants)
    return found


@cache
def game_levels() -> dict[str, GameLevels]:
    """The levels the bots play (read once per process)."""
    return read_levels()


def level_spec(
    game_id: str,
    level: str,
    budget: dict[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> str:
    """The bot spec ``level`` means in ``game_id`` (played with ``options``); hard's
    with its ``budget`` (``seconds``, ``iters``) added to its tuned parameters."""
    levels = game_levels().get(game_id)
    if levels is None:
        raise AgentError(f"the levels have no bots for the game {game_id!r} (levels.toml)")
    spec = levels.spec(level, options)
    if not budget:
        return spec
    name, params = parse_spec(spec)
    params |= {k: str(v) for k, v in budget.items()}
    return f"{name}:" + ",".join(f"{k}={v}" for k, v in params.items())


class LevelAgent(Agent):
    """A level: the game's bot for it, made when it first moves (then kept, as a bot
    remembers things from move to move)."""

    level: ClassVar[str] = "normal"
    summary: ClassVar[str] = ""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed=seed, **params)
        self.bot: Agent | None = None

    def budget(self) -> dict[str, Any]:
        return {}

    def bot_for(self, game: Game) -> Agent:
        """This level's bot in ``game`` (its variant's, where one is tuned apart),
        seeded from this one's seed."""
        if self.bot is None:
            from . import make_agent  # the registry holds the levels: imported late

            spec = level_spec(game.id, self.level, self.budget(), game.options_json())
            self.bot = make_agent(spec, seed=self.seed)
            self.bot.forbidden = self.forbidden  # restricted play (the lab) reaches it
        return self.bot

    def act(self, state: State, seat: int) -> Action:
        return self.bot_for(state.game).act(state, seat)

    def cut_short(self) -> str | None:
        return self.bot.cut_short() if self.bot is not None else None


class EasyAgent(LevelAgent):
    name = "easy"
    level = "easy"
    summary = "legal, sensible moves a beginner can beat (greedy, looser)"


class NormalAgent(LevelAgent):
    name = "normal"
    level = "normal"
    summary = "the greedy bot: one turn of lookahead"


class HardAgent(LevelAgent):
    name = "hard"
    level = "hard"
    summary = f"a tuned search, at most {HARD_SECONDS:g} s a move"
    PARAMS: ClassVar[dict[str, Param]] = {
        "seconds": Param(
            float,
            HARD_SECONDS,
            f"seconds of thought a move, at most {HARD_SECONDS:g} (0: the iterations alone)",
            0,
            maximum=HARD_SECONDS,
        ),
        "iters": Param(
            int,
            0,
            "search iterations a move (0: as many as the seconds allow); with seconds=0 "
            "the bot plays the same moves from the same seed",
            0,
            maximum=10**6,
        ),
    }
    seconds: float
    iters: int

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed=seed, **params)
        if self.seconds == 0 and self.iters == 0:
            raise AgentError("the hard bot needs a budget: seconds or iters above 0")

    def budget(self) -> dict[str, Any]:
        return {"seconds": f"{self.seconds:g}", "iters": str(self.iters)}


LEVEL_AGENTS: dict[str, type[LevelAgent]] = {
    "easy": EasyAgent,
    "normal": NormalAgent,
    "hard": HardAgent,
}
