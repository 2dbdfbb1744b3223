"""What a server allows: request sizes, bot budgets, bot threads, trusted origins and
the names it answers to.

Every limit has a default fit for a small machine; an operator changes one with an
environment variable (``LAPILLI_MAX_BOT_SECONDS=10 lapilli serve``).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from lapilli.agents import AgentError, make_agent, parse_spec
from lapilli.agents.levels import HARD_SECONDS, HardAgent

LOOPBACK = ("127.0.0.1", "localhost", "::1")


@dataclass(frozen=True)
class Settings:
    max_body: int = 64 * 1024  # bytes in one request body
    max_seats: int = 8
    bot_threads: int = 2  # bots thinking at once (the rest wait their turn)
    max_bot_seconds: float = 5.0  # thinking time of one bot decision
    max_mcts_iters: int = 20_000
    max_greedy_nodes: int = 20_000
    max_greedy_dets: int = 16
    max_greedy_depth: int = 4
    origins: tuple[str, ...] = ()  # websocket origins trusted besides the server's own
    hosts: tuple[str, ...] = LOOPBACK  # names the server answers to (Host header); * any
    tables_per_minute: int = 30  # new tables per client (at once, then at this pace)
    sockets_per_client: int = 32  # open websockets per client
    chat_per_minute: int = 20  # chat messages per client (at once, then at this pace)
    players_per_minute: int = 10  # new players per client
    idle_seconds: float = 300.0  # a table unused this long leaves memory (reloaded on demand)
    finished_seconds: float = 60.0  # a finished table sooner
    max_live: int = 1000  # tables in memory at most (the longest unused leave first)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Defaults, overridden by ``LAPILLI_<FIELD>`` variables (origins and hosts
        comma-separated)."""
        source: Mapping[str, str] = os.environ if env is None else env
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            text = source.get(f"LAPILLI_{field.name.upper()}")
            if text is None:
                continue
            if field.name in ("origins", "hosts"):
                values[field.name] = tuple(o.strip() for o in text.split(",") if o.strip())
            else:
                kind: type = type(field.default)
                try:
                    values[field.name] = kind(text)
                except ValueError:
                    raise ValueError(f"LAPILLI_{field.name.upper()} must be a number") from None
        return cls(**values)

    def answering_at(self, address: str) -> Settings:
        """These settings, also answering to the address the server listens on (unless
        it listens on every address: then only the names given)."""
        if address in ("0.0.0.0", "::", "") or address in self.hosts:
            return self
        return dataclasses.replace(self, hosts=(*self.hosts, address))

    def bot_spec(self, spec: str) -> str:
        """``spec`` checked against this server's budgets (AgentError names the cap).

        An MCTS or greedy bot always gets a time limit, so no decision outlasts
        ``max_bot_seconds`` (greedy at its caps of positions, worlds and depth took up to
        12 s of CPU for one decision of Volcanique in pure Python).
        """
        name, params = parse_spec(spec)
        agent = make_agent(spec)  # the bot checks its own names, types and minimums
        all_caps: dict[str, dict[str, float]] = {
            "mcts": {"iters": self.max_mcts_iters, "seconds": self.max_bot_seconds},
            "greedy": {
                "nodes": self.max_greedy_nodes,
                "dets": self.max_greedy_dets,
                "depth": self.max_greedy_depth,
                "seconds": self.max_bot_seconds,
            },
        }
        for key, cap in all_caps.get(name, {}).items():
            value = getattr(agent, key)
            if value is not None and value > cap:
                raise AgentError(
                    f"this server caps the {name} bot's {key} at {cap:g} (asked for {value:g})"
                )
        if name in ("mcts", "greedy") and not getattr(agent, "seconds", None):
            params["seconds"] = f"{self.max_bot_seconds:g}"
        if name == "hard":
            self._hard_budget(params)
        if not params:
            return name
        return name + ":" + ",".join(f"{k}={v}" for k, v in params.items())

    def _hard_budget(self, params: dict[str, str]) -> None:
        """The hard level within this server's caps: the seconds and iterations asked
        for at most the caps (else AgentError), and never without a time limit: its
        own 2 s, or the server's cap when that is shorter."""
        hard = HardAgent.checked(params)
        asked = {"seconds": self.max_bot_seconds, "iters": self.max_mcts_iters}
        for key, cap in asked.items():
            if key in params and hard[key] > cap:
                raise AgentError(
                    f"this server caps the hard bot's {key} at {cap:g} (asked for {hard[key]:g})"
                )
        if "seconds" not in params or not hard["seconds"]:
            params["seconds"] = f"{min(HARD_SECONDS, self.max_bot_seconds):g}"
