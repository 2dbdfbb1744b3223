"""The engine contract every game follows (``docs/architecture.md``).

A ``Game`` is static: id, title, player counts, typed variant options, and its parts
(``Game.parts``, ``core.parts``). It makes ``State`` objects. A ``State`` is one
position; it says who moves, lists the legal actions (or the chance outcomes) and
applies one of them.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, ClassVar

from mypy_extensions import mypyc_attr

from .actions import Action
from .errors import IllegalAction, MalformedInput

if TYPE_CHECKING:
    import numpy as np

    from .numeric import ActionCodec, Layout
    from .parts import Numeric, Parts
from .options import checked, options_from_json, options_to_json

CHANCE = -1
TERMINAL = -2

Event = Mapping[str, Any]
"""What an action caused, for logs and animation: ``{"type": "placed", ...}``. Each
game types its own events (its ``events`` module); the core reads only three keys:
``"type"``, ``"private"`` (the one seat that may read it) and ``"reveal"`` (it shows
hidden information, so undo never crosses it)."""


class Utility(Enum):
    """How a game's results compare between seats; every game declares its own."""

    ZERO_SUM = "zero-sum"  # one side's gain is the other's loss (two players or two teams)
    GENERAL_SUM = "general-sum"  # every seat for itself, several may share a win
    COOPERATIVE = "cooperative"  # every seat gets the same result: the team wins or loses


@dataclass(frozen=True)
class NoOptions:
    """A game without variants."""


@mypyc_attr(native_class=False)  # a Python class: games and tests subclass it
class Game(ABC):
    """Static description of a game; ``new_state`` makes its positions."""

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    version: ClassVar[str] = "1"
    utility: ClassVar[Utility]
    Options: ClassVar[type] = NoOptions
    summary: ClassVar[str] = ""
    players_text: ClassVar[str] = ""  # how many may play, when a range says it badly
    points_decide: ClassVar[bool] = True
    """The seat with the most points wins (ties as the game breaks them); False where the
    scores only record who won (the lab refuses a points handicap there)."""
    team_bot: ClassVar[str | None] = None
    """A cooperative game's strongest team bot (measured in ``bench/README.md``): it
    plays the seats nobody named, since they play on the humans' side."""
    parts: ClassVar[Parts[Any]]
    """The game's parts: state, steps, views, bots' evaluation (``core.parts``)."""

    def __init__(self, options: Any = None, **kwargs: Any) -> None:
        if options is None:
            options = self.Options(**kwargs) if kwargs else self.Options()
        elif kwargs:
            raise TypeError("give either an options object or keyword options, not both")
        if not isinstance(options, self.Options):
            raise MalformedInput(f"{self.id} options must be {self.Options.__name__}")
        self.options = checked(options)  # the rules see only declared types and ranges

    @classmethod
    def players_summary(cls) -> str:
        """How many may play, for listings."""
        return cls.players_text or f"{cls.min_players}-{cls.max_players}"

    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def check_players(self, players: int | None) -> int:
        if players is None:
            players = self.default_players()
        counts = self.player_counts()
        if players not in counts:
            allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
            raise MalformedInput(
                f"{self.title} with these options is for {allowed} players, not {players}"
            )
        return players

    def default_players(self) -> int:
        return self.min_players

    def new_state(self, players: int | None = None) -> State:
        """The position before set-up; set-up draws are chance nodes like any other."""
        state: State = self.parts.setup(self, self.check_players(players))
        return state

    def state_from_json(self, data: Any) -> State:
        """Rebuild a whole position from ``State.to_json``; MalformedInput if it is damaged."""
        state: State = self.parts.state.from_json(self, data)
        return state

    def rules_help(self) -> str:
        """The rules for players (``lapilli rules``, the terminal's ``rules``): the
        game's rulebook in brief when it declares one, else its summary."""
        rules = getattr(self, "parts", None) and self.parts.rules
        return rules.text() if rules else self.summary

    def options_json(self) -> dict[str, Any]:
        return options_to_json(self.options)

    @classmethod
    def with_options_json(cls, data: dict[str, Any]) -> Game:
        return cls(options_from_json(cls.Options, data))

    # -- optional parts --------------------------------------------------------------
    def action_codec(self, players: int) -> ActionCodec:
        """Every decision this set-up can ever offer, each with a fixed integer id
        (the numeric view's ``codec(game, players)``, built once per player count)."""
        cache = self.__dict__.setdefault("_codecs", {})
        if players not in cache:
            cache[players] = self.numeric().codec(self, players)
        codec: ActionCodec = cache[players]
        return codec

    def observation_layout(self, players: int) -> Layout:
        """The named blocks of ``State.numeric``'s vector for this set-up."""
        return self.numeric().layout(self, players)

    def numeric(self) -> Numeric[Any]:
        """The game's numeric view; NotImplementedError if it has none."""
        numeric = self.parts.numeric
        if numeric is None:
            raise NotImplementedError(f"{self.title} has no numeric view yet")
        return numeric

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        """(options, players) pairs the conformance suite plays; defaults: every count."""
        return [({}, n) for n in self.player_counts()]


@mypyc_attr(native_class=False)  # a Python class: games and tests subclass it
class State(ABC):
    """One position of a game."""

    game: Game

    # -- who moves ---------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """A seat index, ``CHANCE`` or ``TERMINAL``."""

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    # -- what may happen ---------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions of the player to move (empty at chance and terminal nodes)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """``(outcome, probability)`` pairs at a chance node."""
        return []

    def _allowed(self) -> list[Action]:
        player = self.current_player()
        if player == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return self.legal_actions()

    def apply(self, action: Action, check: bool = True) -> list[Event]:
        """Play one action or chance outcome and return the events it caused.

        An action the rules do not allow raises ``IllegalAction`` naming the rule and
        leaves the state as it was; an allowed one is played as the rules list it (an
        equal ``True`` or ``1.0`` for a ``1`` never reaches them). Bots that take actions
        straight from ``legal_actions`` may pass ``check=False`` to skip the test.
        """
        if check:
            if not isinstance(action, Action):
                raise MalformedInput(f"not an action: {action!r}")
            if self.current_player() == TERMINAL:
                raise IllegalAction("the game is over: no more actions")
            allowed = self._allowed()
            if action not in allowed:
                raise IllegalAction(self.illegal_reason(action))
            action = allowed[allowed.index(action)]  # the rules' own: 1, never true or 1.0
        return self._apply(action)

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]:
        """Apply an action known to be legal."""

    def illegal_reason(self, action: Action) -> str:
        """Why ``action`` is not allowed now; games override to name the rule."""
        if self.current_player() == CHANCE:
            return f"{action} is not a possible outcome of this draw"
        return f"{action} is not a legal action now"

    def action_text(self, action: Action) -> str:
        """A readable name for an action, shown in menus and logs."""
        return str(action)

    def said_text(self, action: Action) -> str:
        """The log's line for an action of the player to move that caused nothing
        visible, said of its maker ("Red leaves their cone where it is"); asked before
        it is applied. By default the seat's name and the action's menu text."""
        return f"{self.seat_label(self.current_player())}: {self.action_text(action)}"

    def event_text(self, event: Event) -> str:
        """One line for the log; games override it for their own events."""
        seat = event.get("seat")
        who = self.seat_label(seat) + " " if isinstance(seat, int) and seat >= 0 else ""
        details = ", ".join(
            f"{k} {v}" for k, v in event.items() if k not in ("type", "seat", "private", "reveal")
        )
        text = f"{who}{event.get('type', '').replace('_', ' ')}"
        return f"{text}: {details}" if details else text

    def is_secret(self, action: Action) -> bool:
        """Whether the other seats may not learn which action the player to move took."""
        return False

    def hidden_text(self, action: Action) -> str | None:
        """What the other seats read of a secret action of the player to move, asked
        before it is applied (None: nothing, as what follows tells it)."""
        return f"{self.seat_label(self.current_player())} makes a hidden choice"

    def is_quiet(self, action: Action) -> bool:
        """Whether the log leaves out the action's own line, for its maker too: the
        events that follow at once say it."""
        return False

    # -- results -----------------------------------------------------------------
    @abstractmethod
    def scores(self) -> list[float]:
        """Game points per seat (defined at any time; final at the end)."""

    def returns(self) -> list[float]:
        """Utility per seat at the end: 1 shared among the top scorers, 0 for the rest."""
        if not self.is_terminal():
            return [0.0] * self.num_players
        scores = self.scores()
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(len(scores))]

    def sides(self) -> list[list[int]]:
        """The seats grouped by the side they play for: each seat alone, unless the game
        is played in sides that win or lose together (Foggy Island's team game). A
        cooperative game's team is not a side: every seat has its result anyway."""
        return [[seat] for seat in range(self.num_players)]

    def winners(self) -> list[int]:
        """Seats that won (several on a tie, every seat on a team victory); empty before
        the end, on a draw and on a team defeat."""
        if not self.is_terminal():
            return []
        returns = self.returns()
        best = max(returns)
        if self.game.utility is Utility.COOPERATIVE:
            return list(range(self.num_players)) if best > 0 else []
        return [i for i, r in enumerate(returns) if r == best and r > 0]

    def score_breakdown(self) -> list[dict[str, int]] | None:
        """Each seat's points item by item (the items named in the game's words), for an
        end screen; None when the game does not tally them."""
        return None

    def result_text(self) -> str:
        """The result in words: who won, a draw, or the team's victory or defeat."""
        if not self.is_terminal():
            return "the game is not over"
        winners = self.winners()
        if self.game.utility is Utility.COOPERATIVE:
            return "Victory: the team wins" if winners else "Defeat: the team loses"
        if not winners:
            return "A draw"
        names = [self.seat_label(seat) for seat in winners]
        if len(names) == 1:
            return f"{names[0]} wins"
        return f"{', '.join(names[:-1])} and {names[-1]} share the win"

    # -- information -------------------------------------------------------------
    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """A JSON-able view holding only what ``seat`` may see (``None``: a spectator)."""

    @abstractmethod
    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy of this state, with everything ``seat`` cannot see resampled."""

    def numeric(self, seat: int) -> np.ndarray:
        """A fixed-shape float32 vector of what ``seat`` may see, laid out by
        ``Game.observation_layout`` (``numeric.encode(state, seat)``)."""
        return self.game.numeric().encode(self, seat)

    # -- copies --------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole position (hidden parts included), for saving and tests."""

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return self.game.id == other.game.id and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    # -- text ----------------------------------------------------------------------
    def render(self, seat: int | None) -> Any:
        """What ``seat`` sees, as text or a rich renderable, for the terminal."""
        import json

        return json.dumps(self.observation(seat), indent=1)

    def render_all(self) -> Any:
        """The true position with every screen lifted (hands, face-down tokens, dice
        behind screens), for replays. By default every seat's view in turn; a game may
        draw its board once with everything on it."""
        from rich.console import Group
        from rich.text import Text

        views: list[Any] = []
        for seat in range(self.num_players):
            views += [Text(f"What {self.seat_label(seat)} sees:", style="bold"), self.render(seat)]
        return Group(*views)

    def round_end(self, events: list[Event]) -> Any:
        """If ``events`` (one step's) closed a round whose last board would vanish unseen
        (cleared for the next round, or its dice rolled again), that board and its
        scoring for the terminal to show before play goes on; otherwise None."""
        return None

    def seat_label(self, seat: int) -> str:
        return f"Player {seat + 1}"


def win_shares(
    returns: Sequence[float], utility: Utility, sides: Sequence[Sequence[int]] = ()
) -> list[float]:
    """Each seat's share of a finished game's win: the one way ties count everywhere
    (``lapilli sim``, ``tournament`` and the lab).

    A sole winner gets 1 and the others 0; when k seats share first place (equal
    returns at the top: a shared win, a draw, a game stopped with no winner) each of
    them gets 1/k, so the shares of a game always add up to 1 and a seat's win rate is
    comparable with its fair share 1/n. Where the seats play in ``sides``
    (``State.sides``), the side is what wins: each seat of a side has its side's share,
    and the fair share is one over the number of sides. In a cooperative game every
    seat gets the team's result: 1 for a victory, 0 for a defeat.
    """
    if not returns:
        return []
    if utility is Utility.COOPERATIVE:
        return [1.0 if max(returns) > 0 else 0.0] * len(returns)
    groups = sides or [[seat] for seat in range(len(returns))]
    best = [max(returns[seat] for seat in side) for side in groups]
    top = max(best)
    share = 1.0 / best.count(top)
    shares = [0.0] * len(returns)
    for side, value in zip(groups, best, strict=True):
        for seat in side:
            shares[seat] = share if value == top else 0.0
    return shares


def first_places(shares: Sequence[float], sides: Sequence[Sequence[int]] = ()) -> int:
    """How many seats (or sides) shared the win of a game, from ``win_shares``."""
    groups = sides or [[seat] for seat in range(len(shares))]
    return sum(1 for side in groups if shares[side[0]] > 0)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Pick a chance outcome with its probability."""
    return sample_outcome(state.chance_outcomes(), rng)


def sample_outcome(outcomes: list[tuple[Action, float]], rng: random.Random) -> Action:
    """Pick one of ``(outcome, probability)`` pairs with its probability."""
    x = rng.random()
    total = 0.0
    for outcome, p in outcomes:
        total += p
        if x < total:
            return outcome
    return outcomes[-1][0]
