"""OpenSpiel games for the lapilli games: ``load("fuji", players=3)`` or, once this
module is imported, ``pyspiel.load_game("python_lapilli_fuji", {"players": 3})``.

Decisions are the codec's ids (``num_distinct_actions`` is the codec's size). Chance is
explicit: a chance node's outcomes are numbered by their place in the position's
``chance_outcomes()`` list. The observation tensor of a player is the seat's numeric
vector (``make_py_observer``); its string is the seat's ``observation`` as JSON. Returns
are lapilli's: 1 shared among the winners (a constant sum of 1 in a two-sided game), the
same for every seat in a cooperative one.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pyspiel

from lapilli.core.registry import game_class, games
from lapilli.core.state import CHANCE, TERMINAL, Game, State, Utility

MAX_CHANCE_OUTCOMES = 1024
"""A bound on the outcomes of one chance node (the largest deck drawn from)."""
MAX_GAME_LENGTH = 10**6

UTILITY = {
    Utility.ZERO_SUM: pyspiel.GameType.Utility.CONSTANT_SUM,
    Utility.GENERAL_SUM: pyspiel.GameType.Utility.GENERAL_SUM,
    Utility.COOPERATIVE: pyspiel.GameType.Utility.IDENTICAL,
}


def short_name(game_id: str) -> str:
    return f"python_lapilli_{game_id}"


def game_type(game_id: str) -> pyspiel.GameType:
    cls = game_class(game_id)
    default = cls()
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"lapilli {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=UTILITY[cls.utility],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": default.default_players(), "options": "{}"},
    )


class LapilliGame(pyspiel.Game):  # type: ignore[misc]
    """One lapilli game and set-up, as an OpenSpiel game."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        cls = game_class(self.game_id)
        self.lapilli = cls.with_options_json(json.loads(params.get("options", "{}")))
        self.players = self.lapilli.check_players(params.get("players"))
        self.codec = self.lapilli.action_codec(self.players)
        self.layout = self.lapilli.observation_layout(self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0 if cls.utility is Utility.ZERO_SUM else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(self.game_id), info, params)

    def new_initial_state(self) -> LapilliState:
        return LapilliState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LapilliObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return LapilliObserver(self)


class LapilliState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LapilliGame) -> None:
        super().__init__(game)
        self.held = Held(game.lapilli.new_state(game.players))

    @property
    def position(self) -> State:
        """The lapilli position."""
        return self.held.position

    @property
    def codec(self) -> Any:
        return self.get_game().codec

    def current_player(self) -> int:
        player = self.position.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        codec = self.codec
        return sorted(codec.encode(a) for a in self.position.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.position.chance_outcomes()
        if len(outcomes) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"{len(outcomes)} chance outcomes, more than {MAX_CHANCE_OUTCOMES}")
        return [(i, p) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        position = self.position
        if position.is_chance_node():
            position.apply(position.chance_outcomes()[action][0])
        else:
            position.apply(self.codec.decode(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return str(self.position.chance_outcomes()[action][0])
        return self.position.action_text(self.codec.decode(action))

    def is_terminal(self) -> bool:
        return self.position.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.position.returns()]

    def __str__(self) -> str:
        return json.dumps(self.position.observation(None), sort_keys=True)


class Held:
    """The position inside an OpenSpiel state. OpenSpiel clones a Python state by deep
    copy, which takes the position's own ``clone`` (its search algorithms clone at
    every step); pickling (``serialize``, other processes) carries the position's
    JSON, without the game and its caches."""

    def __init__(self, position: State) -> None:
        self.position = position

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return Held(self.position.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        game = self.position.game
        return _held, (game.id, game.options_json(), self.position.to_json())


def _held(game_id: str, options: dict[str, Any], data: dict[str, Any]) -> Held:
    return Held(_game(game_id, json.dumps(options, sort_keys=True)).state_from_json(data))


@cache
def _game(game_id: str, options: str) -> Game:
    return game_class(game_id).with_options_json(json.loads(options))


class LapilliObserver:
    """A player's observation: the seat's numeric vector, block by block in ``dict``."""

    def __init__(self, game: LapilliGame) -> None:
        self.tensor = game.layout.zeros()
        self.dict = game.layout.views(self.tensor)

    def set_from(self, state: LapilliState, player: int) -> None:
        self.tensor[:] = state.position.numeric(player)

    def string_from(self, state: LapilliState, player: int) -> str:
        return json.dumps(state.position.observation(player), sort_keys=True)


def _register() -> dict[str, type[LapilliGame]]:
    made = {}
    for game_id in games():
        if game_class(game_id).parts.numeric is None:
            continue
        cls = type(f"Lapilli_{game_id}", (LapilliGame,), {"game_id": game_id})
        pyspiel.register_game(game_type(game_id), cls)
        made[game_id] = cls
    return made


GAMES = _register()


def load(game: str, players: int | None = None, options: dict[str, Any] | None = None) -> Any:
    """The OpenSpiel game of a lapilli game and set-up."""
    params: dict[str, Any] = {"options": json.dumps(options or {})}
    if players is not None:
        params["players"] = players
    return pyspiel.load_game(short_name(game), params)
