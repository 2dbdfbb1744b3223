"""OpenSpiel games for the lapilli games: ``load("fuji", players=3)`` or, once this
module is imported, ``pyspiel.load_game("python_lapilli_fuji", {"players": 3})``. The
options are one parameter, ``options``: a JSON object, or pairs without commas, which is
how a game's name writes them (``python_lapilli_fuji(options=level:4;scenario:1,players=3)``)
so that it carries the set-up through OpenSpiel's serialisation.

Decisions are the codec's ids (``num_distinct_actions`` is the codec's size): an action
of several parts is several moves of the same player, one id each, until it is whole
(``core.numeric.Choice``). Chance is explicit: a chance node's outcomes are numbered by
their place in the position's ``chance_outcomes()`` list. The observation tensor of a
player is the seat's numeric vector and its choice in progress (``make_py_observer``);
its string is the seat's ``observation`` as JSON. Returns are lapilli's, in the range
and with the sum each game declares (``numeric.bounds``); ``max_game_length`` is the
game's bound on decisions, an id for each part.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from lapilli.core import log
from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput
from lapilli.core.numeric import ActionCodec, Bounds, Choice, choice_for, observe
from lapilli.core.options import parse_options
from lapilli.core.registry import game_class, games
from lapilli.core.state import CHANCE, TERMINAL, Game, State, Utility

MAX_CHANCE_OUTCOMES = 1024
"""A bound on the outcomes of one chance node (the largest deck drawn from)."""


def short_name(game_id: str) -> str:
    return f"python_lapilli_{game_id}"


def _utility(game: Game) -> pyspiel.GameType.Utility:
    """Identical for a cooperative game; constant-sum when the game declares that every
    game's results add up to one number (its default set-up stands for all of them)."""
    if game.utility is Utility.COOPERATIVE:
        return pyspiel.GameType.Utility.IDENTICAL
    if bounds(game, game.default_players()).utility_sum is not None:
        return pyspiel.GameType.Utility.CONSTANT_SUM
    return pyspiel.GameType.Utility.GENERAL_SUM


def bounds(game: Game, players: int) -> Bounds:
    return game.numeric().bounds(game, players)


def game_type(game_id: str) -> pyspiel.GameType:
    cls = game_class(game_id)
    default = cls()
    return pyspiel.GameType(
        short_name=short_name(game_id),
        long_name=f"lapilli {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_utility(default),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default.default_players(),
            "options": "",
        },
    )


def _set_up(game_id: str, params: dict[str, Any]) -> tuple[Game, dict[str, Any]]:
    """The lapilli game of OpenSpiel parameters, and the parameters that name it: the
    players, and the options that differ from their defaults as one text without commas
    (OpenSpiel splits a game's name at them, and reads a value that looks like a number
    as one): ``options=level:4;scenario:1``. ``options`` may also be a JSON object."""
    cls = game_class(game_id)
    text = params.get("options", "")
    if not isinstance(text, str):
        raise MalformedInput(f"options are a text, not {text!r}")
    if text.lstrip().startswith("{"):
        try:
            given = json.loads(text)
        except ValueError:
            given = None
        if not isinstance(given, dict):
            raise MalformedInput(f"options are a JSON object or key:value;..., not {text!r}")
        pairs = [f"{key}={_text(value)}" for key, value in given.items()]
    else:
        pairs = [pair.replace(":", "=", 1) for pair in text.split(";") if pair.strip()]
    game = cls(parse_options(cls.Options, pairs))
    default = cls().options_json()
    named = {k: v for k, v in game.options_json().items() if v != default[k]}
    out: dict[str, Any] = {"players": game.check_players(params.get("players"))}
    if named:
        out["options"] = ";".join(f"{key}:{_text(value)}" for key, value in named.items())
    return game, out


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


TOLD = 256
"""The replayed trails an OpenSpiel game keeps for its information states."""


class LapilliGame(pyspiel.Game):  # type: ignore[misc]
    """One lapilli game and set-up, as an OpenSpiel game."""

    game_id = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.lapilli, params = _set_up(self.game_id, params or {})
        self.players = params["players"]
        self.codec = self.lapilli.action_codec(self.players)
        self.layout = self.lapilli.observation_layout(self.players)
        self.bounds = bounds(self.lapilli, self.players)
        decisions = self.bounds.decisions
        if decisions is None:
            raise MalformedInput(
                f"{self.lapilli.title} with these options has no limit on its length, "
                "which OpenSpiel needs: keep its round limit"
            )
        self.initial = self.lapilli.new_state(self.players)
        self._told: dict[int, tuple[Trail, State, tuple[tuple[str, ...], ...]]] = {}
        self._first: dict[int, np.ndarray] = {}
        low, high = self.bounds.utility
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.players,
            min_utility=low,
            max_utility=high,
            utility_sum=self.bounds.utility_sum,
            max_game_length=decisions * self.codec.longest,  # an id per part of each
        )
        super().__init__(game_type(self.game_id), info, params)

    def new_initial_state(self) -> LapilliState:
        return LapilliState(self)

    def first_observation(self, player: int) -> np.ndarray:
        """A player's observation of the first position, made once."""
        first = self._first.get(player)
        if first is None:
            choice = choice_for(self.lapilli, self.players)
            first = self._first[player] = observe(self.initial, player, choice)
        return first

    def told(self, trail: Trail) -> tuple[tuple[str, ...], ...]:
        """Each seat's log lines after what ``trail`` played (and its own actions in its
        words), found by replaying it from the last trail replayed before that it leads
        on from (a search asks for one position after another)."""
        chain = []
        node, known = trail, self._told
        while node is not None and known.get(id(node), (None,))[0] is not node:
            chain.append(node)
            node = node[2]
        lines: tuple[tuple[str, ...], ...]
        if node is None:
            position, lines = self.initial.clone(), ((),) * self.players
        else:
            _, last, lines = known[id(node)]
            position = last.clone()
        for seat, action, _ in reversed(chain):
            told = [list(seen) for seen in lines]
            if seat >= 0:
                told[seat].append(f"{position.seat_label(seat)}: {position.action_text(action)}")
            for entry in log.play(position, action)[1]:
                for p in range(self.players):
                    if entry.visible_to(p):
                        told[p].append(entry.text)
            lines = tuple(tuple(seen) for seen in told)
        if len(known) > TOLD:
            known.clear()
        if trail is not None:
            known[id(trail)] = (trail, position, lines)
        return lines

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> LapilliObserver | InformationObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        if iig_obs_type is None:
            return LapilliObserver(self)
        own = pyspiel.PrivateInfoType.SINGLE_PLAYER
        if not iig_obs_type.public_info or iig_obs_type.private_info != own:
            raise ValueError("a lapilli observation is one seat's own view, the public too")
        if iig_obs_type.perfect_recall:
            return InformationObserver(self)
        return LapilliObserver(self)


PLAYER_IDS = {CHANCE: int(pyspiel.PlayerId.CHANCE), TERMINAL: int(pyspiel.PlayerId.TERMINAL)}


class LapilliState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LapilliGame) -> None:
        super().__init__(game)
        self.held = Held(None, None, game.initial, None)

    @property
    def position(self) -> State:
        """The lapilli position."""
        return self.held.position

    @property
    def choice(self) -> Choice:
        """The decision in progress of the seat to move."""
        return self.held.choice

    def current_player(self) -> int:
        player = self.position.current_player()  # (OpenSpiel asks often: kept short)
        return player if player >= 0 else PLAYER_IDS[player]

    def _legal_actions(self, player: int) -> list[int]:
        return self.choice.legal_ids(self.position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        outcomes = self.position.chance_outcomes()
        if len(outcomes) > MAX_CHANCE_OUTCOMES:
            raise ValueError(f"{len(outcomes)} chance outcomes, more than {MAX_CHANCE_OUTCOMES}")
        return [(i, p) for i, (_, p) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        position, choice = self.position, self.choice
        if position.is_chance_node():
            whole: Action | None = position.chance_outcomes()[action][0]
        else:
            whole = choice.pick(position, action)
        if whole is not None:  # else a part: the same seat chooses on
            held, seat = self.held, position.current_player()
            held.trail = (seat, whole, held.trail)
            if seat >= 0:
                mine = held.mine[seat]
                for i in self.get_game().codec.encode(whole):
                    mine[i] = mine.get(i, 0) + 1
            position.apply(whole, check=False)
            choice.applied(whole)

    def _action_to_string(self, player: int, action: int) -> str:
        position = self.position
        if player == pyspiel.PlayerId.CHANCE:
            return str(position.chance_outcomes()[action][0])
        whole = (
            self.choice.copy().pick(position, action) if player == self.current_player() else None
        )
        if whole is not None:
            return position.action_text(whole)
        codec: ActionCodec = self.get_game().codec
        return codec.part_text(action)

    def is_terminal(self) -> bool:
        return self.position.is_terminal()

    def returns(self) -> list[float]:
        return [float(r) for r in self.position.returns()]

    def __str__(self) -> str:
        """The whole position (hidden things too) and the ids chosen so far."""
        data = {"position": self.position.to_json(), "chosen": self.choice.chosen}
        return json.dumps(data, sort_keys=True)

    def trail(self) -> list[tuple[int, Action]]:
        """Every action and chance outcome played, in order, with who played it."""
        out = []
        link = self.held.trail
        while link is not None:
            seat, action, link = link
            out.append((seat, action))
        return out[::-1]


class Held:
    """The position inside an OpenSpiel state, and the decision in progress. OpenSpiel
    clones a Python state by making a new initial state and deep-copying the original's
    attributes into it, so the new state's own position is made only when asked for (it
    is thrown away at once when cloning), and the deep copy takes the position's own
    ``clone`` (search algorithms clone at every step). Pickling (``serialize``, other
    processes) carries the position's JSON and the ids chosen, without the game and its
    caches."""

    def __init__(
        self, position: State | None, choice: Choice | None, initial: State, trail: Trail
    ) -> None:
        self._position = position
        self._choice = choice
        self._initial = initial  # the game's first position, copied when asked for
        self.trail = trail  # what was played, the last first (shared by copies)
        self.mine: list[dict[int, int]] = [{} for _ in range(initial.num_players)]
        """How often each seat picked each id."""

    def untouched(self) -> bool:
        """Whether this is a new state's, nothing played nor asked for yet."""
        return self._position is None and self.trail is None

    @property
    def position(self) -> State:
        position = self._position
        if position is None:
            position = self._position = self._initial.clone()
        return position

    @property
    def choice(self) -> Choice:
        choice = self._choice
        if choice is None:
            game = self._initial.game
            choice = self._choice = choice_for(game, self._initial.num_players)
        return choice

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        held = Held(self.position.clone(), self.choice.copy(), self._initial, self.trail)
        held.mine = [dict(counts) for counts in self.mine]
        return held

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        game = self.position.game
        made = (self.choice.chosen, self.choice.run)
        played = []
        link = self.trail
        while link is not None:
            seat, action, link = link
            played.append((seat, action.to_list()))
        data = self.position.to_json()
        return _held, (game.id, game.options_json(), data, made, played[::-1])


def _held(
    game_id: str,
    options: dict[str, Any],
    data: dict[str, Any],
    made: tuple[Any, ...],
    played: list[tuple[int, list[Any]]],
) -> Held:
    game = _game(game_id, json.dumps(options, sort_keys=True))
    position = game.state_from_json(data)
    choice = choice_for(game, position.num_players)
    choice.chosen, choice.run = tuple(made[0]), int(made[1])
    held = Held(position, choice, game.new_state(position.num_players), None)
    codec = game.action_codec(position.num_players)
    for seat, compact in played:
        action = Action.from_list(compact)
        held.trail = (seat, action, held.trail)
        if seat >= 0:
            for i in codec.encode(action):
                held.mine[seat][i] = held.mine[seat].get(i, 0) + 1
    return held


@cache
def _game(game_id: str, options: str) -> Game:
    return game_class(game_id).with_options_json(json.loads(options))


Trail = tuple[int, Action, "Trail"] | None
"""What was played: (who, the action or chance outcome, what was played before)."""


class LapilliObserver:
    """A player's observation: the seat's numeric vector and its choice in progress
    (``core.numeric.observe``), block by block in ``dict`` (the game's blocks, then
    ``choice``)."""

    def __init__(self, game: LapilliGame) -> None:
        self.tensor = np.zeros(game.layout.size + game.codec.choice_size, dtype=np.float32)
        self.dict = game.layout.views(self.tensor[: game.layout.size])
        self.dict["choice"] = self.tensor[game.layout.size :]

    def set_from(self, state: LapilliState, player: int) -> None:
        if state.held.untouched():  # (OpenSpiel reads a new state's with every tensor)
            self.tensor[:] = state.get_game().first_observation(player)
            return
        observe(state.position, player, state.choice, self.tensor)

    def string_from(self, state: LapilliState, player: int) -> str:
        return json.dumps(state.position.observation(player), sort_keys=True)


class InformationObserver:
    """A player's information state: what its seat has seen, with perfect recall.

    The string is the game's log as the seat read it, from the start (each event in
    the game's words, a secret choice told only to its maker, a private event only to
    its seat), each of the seat's own actions in its words, then its observation now
    and its choice in progress. The tensor is the seat's observation and choice
    (``LapilliObserver``: its vector holds the public record each game keeps, see
    ``docs/numeric.md``), then ``mine``: how often the seat picked each id, as a share
    of its picks."""

    def __init__(self, game: LapilliGame) -> None:
        self.game = game
        size = game.layout.size + game.codec.choice_size
        self.tensor = np.zeros(size + game.codec.size, dtype=np.float32)
        self.dict = game.layout.views(self.tensor[: game.layout.size])
        self.dict["choice"] = self.tensor[game.layout.size : size]
        self.dict["mine"] = self.tensor[size:]

    def set_from(self, state: LapilliState, player: int) -> None:
        size = self.game.layout.size + self.game.codec.choice_size
        observe(state.position, player, state.choice, self.tensor[:size])
        mine = self.dict["mine"]
        mine[:] = 0
        counts = state.held.mine[player]
        if counts:
            mine[list(counts)] = list(counts.values())
            mine /= mine.sum()

    def string_from(self, state: LapilliState, player: int) -> str:
        lines = self.game.told(state.held.trail)[player]
        now = json.dumps(state.position.observation(player), sort_keys=True)
        chosen = [self.game.codec.part_text(i) for i in state.choice.chosen]
        return "\n".join([*lines, now, f"choosing: {', '.join(chosen)}"])


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
