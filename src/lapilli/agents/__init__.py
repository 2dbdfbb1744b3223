"""Bots: random, greedy and MCTS over the engine contract."""

from __future__ import annotations

from .base import Agent, AgentError, parse_spec
from .random_agent import RandomAgent

AGENTS: dict[str, type[Agent]] = {"random": RandomAgent}


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """A bot from its command-line name, e.g. ``random`` or ``mcts:iters=500``."""
    name, params = parse_spec(spec)
    if name not in AGENTS:
        raise AgentError(f"no bot called {name!r}; bots: {', '.join(AGENTS)}")
    return AGENTS[name](seed=seed, **params)


__all__ = ["AGENTS", "Agent", "AgentError", "RandomAgent", "agent_names", "make_agent"]
