"""A PettingZoo AEC environment for any lapilli game: ``env("fuji", players=3)``.

Agents are ``player_0`` ... in seat order. Each observes ``{"observation": the seat's
numeric vector and its choice in progress (core.numeric.observe), "action_mask": the
ids that may come next}`` (the mask is all 0 for an agent that is not to move); an
action is a codec id, and an action of several parts takes a step per part, the same
agent choosing until it is whole. Chance (dice, draws) is resolved by the environment
with its own random generator, seeded by ``reset(seed=...)``. Rewards come at the end:
each seat's ``returns()`` (1 shared among the winners, 0 otherwise; a cooperative game
gives every seat the same).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from lapilli.core.numeric import choice_for, observation_size, observe
from lapilli.core.registry import game_class
from lapilli.core.state import State, sample_chance


class LapilliEnv(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "lapilli_v0", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game = game_class(game).with_options_json(options or {})
        self.players = self.game.check_players(players)
        self.codec = self.game.action_codec(self.players)
        self.choice = choice_for(self.game, self.players)
        size = observation_size(self.game, self.players)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
            }
        )
        self.observation_spaces = {a: observation for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self.render_mode = render_mode
        self.rng = random.Random()
        self.position: State = self.game.new_state(self.players)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.rng = random.Random(seed)
        self.position = self.game.new_state(self.players)
        self.choice = choice_for(self.game, self.players)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.seat[agent]
        to_move = self.position.current_player() == seat
        mask = self.choice.mask(self.position) if to_move else np.zeros(self.codec.size, np.int8)
        return {"observation": observe(self.position, seat, self.choice), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        whole = self.choice.pick(self.position, action)  # type: ignore[arg-type]
        if whole is not None:  # else a part of an action: the same agent chooses on
            self.position.apply(whole, check=False)
            self.choice.applied(whole)
            self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """Resolve chance, then hand the turn to the seat to move, or end the game."""
        position = self.position
        while position.is_chance_node():
            outcome = sample_chance(position, self.rng)
            position.apply(outcome, check=False)
            self.choice.applied(outcome)
        if position.is_terminal():
            for agent, result in zip(self.possible_agents, position.returns(), strict=True):
                self.rewards[agent] = float(result)
                self.terminations[agent] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self.agent_selection = self.possible_agents[position.current_player()]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return str(self.position.render(None))

    def close(self) -> None:
        """Nothing to release: the game holds no window nor file."""


def env(
    game: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
) -> LapilliEnv:
    return LapilliEnv(game, players, options, render_mode)
