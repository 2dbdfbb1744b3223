"""A learned policy at the table: ``--seats human,policy:FILE`` on the command line.

The file is what a learner saves (``examples/foggy_policy_gradient.py``): a linear
policy over the game's numeric view, as a NumPy ``.npz`` of plain arrays (no pickled
objects): ``weights`` (one row per action id, one column per number of the
observation), ``bias``, and the set-up it was trained on (``game``, ``options`` as JSON,
``players``). At each decision the seat's observation (``core.numeric.observe``) gives a
score to every id that may come next, and the best is taken, part by part, until the
action is whole. A policy file is read only from the command line, never from a web
request (``table.seat_spec``).
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path
from typing import Any

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.numeric import choice_for, observe
from lapilli.core.state import Game, State

from .base import Agent, AgentError, Param

KEYS = ("weights", "bias", "game", "options", "players")


def save_policy(
    path: str | Path,
    game: Game,
    players: int,
    weights: np.ndarray,
    bias: np.ndarray,
) -> None:
    """Save a linear policy for ``game`` with ``players`` players in the format above."""
    np.savez(
        path,
        weights=weights.astype(np.float32),
        bias=bias.astype(np.float32),
        game=np.array(game.id),
        options=np.array(json.dumps(game.options_json(), sort_keys=True)),
        players=np.array(players),
    )


class PolicyAgent(Agent):
    name = "policy"
    PARAMS = {"file": Param(str, "", "a linear policy saved as .npz (see lapilli.agents.policy)")}
    file: str

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        super().__init__(seed, **params)
        try:
            with np.load(Path(self.file), allow_pickle=False) as data:
                missing = [k for k in KEYS if k not in data]
                if missing:
                    raise AgentError(f"{self.file} is no policy: it has no {', '.join(missing)}")
                self.weights = np.asarray(data["weights"], dtype=np.float32)
                self.bias = np.asarray(data["bias"], dtype=np.float32)
                self.game_id = str(data["game"])
                self.options = json.loads(str(data["options"]))
                self.players = int(data["players"])
        except (OSError, ValueError, zipfile.BadZipFile) as exc:
            raise AgentError(f"cannot read the policy {self.file}: {exc}") from None
        rows, columns = self.weights.shape if self.weights.ndim == 2 else (0, 0)
        if not rows or self.bias.shape != (rows,):
            raise AgentError(f"{self.file} is no policy: its weights and bias do not match")

    def check(self, game: Game, players: int) -> None:
        """AgentError unless the policy was trained for this game and set-up."""
        if game.id != self.game_id or game.options_json() != self.options:
            raise AgentError(
                f"the policy {self.file} plays {self.game_id} with the options {self.options}, "
                f"not {game.id} with {game.options_json()}"
            )
        if players != self.players:
            raise AgentError(
                f"the policy {self.file} plays with {self.players} players, not {players}"
            )
        codec = game.action_codec(players)
        size = game.observation_layout(players).size + codec.choice_size
        if self.weights.shape != (codec.size, size):
            raise AgentError(
                f"the policy {self.file} has {self.weights.shape} weights; this version of "
                f"{game.title} needs {(codec.size, size)}"
            )

    def act(self, state: State, seat: int) -> Action:
        self.check(state.game, state.num_players)
        choice = choice_for(state.game, state.num_players)
        vector = state.numeric(seat)
        while True:
            legal = choice.legal_ids(state)
            scores = self.weights[legal] @ observe(state, seat, choice, vector=vector)
            scores += self.bias[legal]
            best = np.flatnonzero(scores == scores.max())
            whole = choice.pick(state, legal[int(best[self.rng.randrange(len(best))])])
            if whole is not None:
                return whole
