"""A Gymnasium environment for any lapilli game, one seat learning against bots:
``SeatEnv("eras", players=3, seat=0, bots="greedy")``, or
``gymnasium.make("lapilli/Seat-v0", game="eras", ...)`` once this module is imported.

The learner observes its seat's numeric vector and its choice in progress
(``core.numeric.observe``); an action is a codec id, and an action of several parts
(a kind, then a hex, ...) takes a step per part, the game waiting until it is whole. The
ids that may come next are ``info["action_mask"]`` (after ``reset`` and every
``step``). The other seats are lapilli bots (``bots``: one name for all, or one per
other seat, as on the command line: ``random``, ``greedy``, ``mcts:iters=200``); chance
is resolved by the environment. Both follow the generator seeded by
``reset(seed=...)``. The reward comes at the end: the seat's ``returns()`` (1 shared
among the winners, 0 otherwise).

An id that may not come next changes nothing: the reward is 0 and ``info["illegal"]``
says why, naming the rule an action breaks (mask the actions to never see it).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from lapilli.agents import Agent, make_agent
from lapilli.core.errors import MalformedInput
from lapilli.core.numeric import choice_for, observation_size, observe
from lapilli.core.registry import game_class
from lapilli.core.state import State, sample_chance


class SeatEnv(gymnasium.Env[np.ndarray, np.int64]):
    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int = 0,
        bots: str | list[str] = "random",
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.game = game_class(game).with_options_json(options or {})
        self.players = self.game.check_players(players)
        if not 0 <= seat < self.players:
            raise ValueError(f"the learning seat is 0-{self.players - 1}, not {seat}")
        self.seat = seat
        others = self.players - 1
        self.bots = [bots] * others if isinstance(bots, str) else list(bots)
        if len(self.bots) != others:
            raise ValueError(f"give one bot for all or one per other seat ({others})")
        for spec in self.bots:
            make_agent(spec)  # a bad name fails now, not at reset
        self.codec = self.game.action_codec(self.players)
        self.choice = choice_for(self.game, self.players)
        size = observation_size(self.game, self.players)
        self.observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self.render_mode = render_mode
        self.rng = random.Random()
        self.agents: dict[int, Agent] = {}
        self.position: State = self.game.new_state(self.players)
        self._vector: np.ndarray | None = None  # the seat's vector, while it holds

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.rng = random.Random(int(self.np_random.integers(2**63)))
        others = [p for p in range(self.players) if p != self.seat]
        self.agents = {
            p: make_agent(spec, seed=self.rng.randrange(2**63))
            for p, spec in zip(others, self.bots, strict=True)
        }
        self.position = self.game.new_state(self.players)
        self.choice = choice_for(self.game, self.players)
        self._vector = None
        self._play_others()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        position = self.position
        if position.is_terminal():
            raise RuntimeError("the game is over: call reset() to start another")
        try:
            whole = self.choice.pick(position, int(action))
        except MalformedInput as exc:
            info = self._info() | {"illegal": self._why(int(action), exc)}
            return self._observe(), 0.0, False, False, info
        if whole is None:  # a part of an action: the rest is still to choose
            return self._observe(), 0.0, False, False, self._info()
        position.apply(whole, check=False)
        self.choice.applied(whole)
        self._vector = None
        self._play_others()
        done = position.is_terminal()
        reward = float(position.returns()[self.seat]) if done else 0.0
        return self._observe(), reward, done, False, self._info()

    def _play_others(self) -> None:
        """Resolve chance and the bots' decisions until the learner is to move or the end."""
        position = self.position
        while not position.is_terminal():
            player = position.current_player()
            if player == self.seat:
                return
            if position.is_chance_node():
                action = sample_chance(position, self.rng)
            else:
                action = self.agents[player].act(position, player)
            position.apply(action, check=player >= 0)
            self.choice.applied(action)
            self._vector = None

    def _why(self, index: int, exc: MalformedInput) -> str:
        """Why an id may not come next: the rule its action breaks, when it is one."""
        if 0 <= index < self.codec.size and not self.choice.chosen:
            try:
                return self.position.illegal_reason(self.codec.decode([index]))
            except MalformedInput:
                pass
        return str(exc)

    def _observe(self) -> np.ndarray:
        if self._vector is None:  # (kept while an action is chosen part by part)
            self._vector = self.position.numeric(self.seat)
        return observe(self.position, self.seat, self.choice, vector=self._vector)

    def _info(self) -> dict[str, Any]:
        to_move = self.position.current_player() == self.seat
        mask = self.choice.mask(self.position) if to_move else np.zeros(self.codec.size, np.int8)
        return {"action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        from rich.console import Console

        console = Console(width=120)
        with console.capture() as captured:
            console.print(self.position.render(self.seat))
        return captured.get()


gymnasium.register(id="lapilli/Seat-v0", entry_point="lapilli.rl.gym:SeatEnv")
