"""Bots: random, greedy and MCTS over the engine contract.

A bot is named on the command line with typed parameters (``mcts:iters=2000``,
``greedy:depth=1``); ``make_agent`` builds it and reports a bad name or parameter as
an ``AgentError``. A new game gets every bot by supplying ``heuristics.py``.
"""

from __future__ import annotations

from .base import Agent, AgentError, Param, parse_spec, split_specs
from .evaluation import find_heuristic
from .greedy import GreedyAgent
from .levels import LEVEL_AGENTS, LEVELS, LevelAgent
from .mcts import MCTSAgent
from .random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    **LEVEL_AGENTS,
}
"""Every seat a bot can take: the bots themselves, then the levels (``levels.py``), each
of which is one of those bots per game."""


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """A bot from its command-line name, e.g. ``random`` or ``mcts:iters=500``."""
    name, params = parse_spec(spec)
    if name not in AGENTS:
        raise AgentError(f"no bot called {name!r}; bots: {', '.join(AGENTS)}")
    if "seed" in params:  # the bot's seed is the game's: refused in the bot's words
        AGENTS[name].checked(params)
    return AGENTS[name](seed=seed, **params)


__all__ = [
    "AGENTS",
    "Agent",
    "AgentError",
    "GreedyAgent",
    "LEVELS",
    "LevelAgent",
    "MCTSAgent",
    "Param",
    "RandomAgent",
    "agent_names",
    "find_heuristic",
    "make_agent",
    "parse_spec",
    "split_specs",
]
