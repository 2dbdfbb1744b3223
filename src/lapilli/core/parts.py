"""A game's parts, declared once as objects: ``Game.parts``.

Every tool reaches a game's pieces through this declaration, never by module name: the
state class and its steps, how a seat's view and texts are made, the board drawing, the
numeric view for learning agents, the bots' evaluation and the position builder. A
game's ``game.py`` is the only module that imports them all, so it sits at the top of
its package and nothing in the package imports it back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .actions import Action
from .flow import FlowState, Steps
from .state import Event

if TYPE_CHECKING:
    import random

    import numpy as np

    from .facts import Feature, GameFacts
    from .numeric import ActionCodec, Bounds, Layout
    from .rules import Rulebook
    from .state import Game

S = TypeVar("S", bound=FlowState)
S_contra = TypeVar("S_contra", bound=FlowState, contravariant=True)


class Numeric(Protocol[S_contra]):
    """A game's numeric view (its ``numeric`` module): a fixed-shape observation and
    an action codec for learning agents. ``NOTES`` says what each block of the
    observation holds, for ``docs/numeric.md``; ``bounds`` what a set-up promises
    (game length, results)."""

    NOTES: Mapping[str, str]

    def codec(self, game: Any, players: int, /) -> ActionCodec: ...

    def layout(self, game: Any, players: int, /) -> Layout: ...

    def encode(self, state: S_contra, seat: int, /) -> np.ndarray: ...

    def bounds(self, game: Any, players: int, /) -> Bounds: ...


@dataclass(frozen=True)
class Evaluation:
    """How bots judge a position they cannot play to the end.

    ``heuristic(state, seat)`` is higher when ``seat`` is better off; ``scale`` is how
    many of its units make a clear favourite (MCTS turns it into an expected result);
    ``zero_sum`` says that with two seats ``heuristic(s, 1) == -heuristic(s, 0)``.
    ``playout(state, seat, rng)`` is a quick move for rollouts, and ``horizon(state)`` a
    count that grows at the game's checkpoints (its round), where rollouts may stop.
    """

    heuristic: Callable[[Any, int], float]
    scale: float = 1.0
    zero_sum: bool = False
    playout: Callable[[Any, int, random.Random], Action] | None = None
    horizon: Callable[[Any], int] | None = None
    source: str = ""  # where it comes from, for messages


Draw = Callable[[Any, "int | None", Sequence[Action], Sequence[str]], str]
"""``draw(observation, seat, legal, labels)``: the board as SVG (see ``core.svg``)."""


@dataclass(frozen=True, kw_only=True)
class Parts(Generic[S]):
    """Everything a game is made of, each part named as an object."""

    state: type[S]
    """The position: plain data, its fields declared once (``core.fields``)."""
    steps: Steps
    """The turn flow: every step the game may wait for."""
    setup: Callable[[Game, int], S]
    """The table before set-up for a number of players (set-up draws are chance)."""
    observe: Callable[[S, int | None], Mapping[str, Any]]
    """``observation(seat)``: what a seat (None: a spectator) may see, as JSON."""
    observation: type
    """The documented type of ``observe``'s result (a TypedDict or pydantic model)."""
    action_text: Callable[[S, Action], str]
    event_text: Callable[[S, Event], str | None]
    """The log's line for an event (None: the engine's plain default); see
    ``core.events.EventTexts``."""
    event: Any = None
    """The documented type of the events: the union of the game's kinds of event
    (TypedDicts keyed by a literal ``type``; see ``core.events``)."""
    render: Callable[[S, int | None], Any]
    """The terminal's view of what a seat may see (text or a rich renderable)."""
    said_text: Callable[[S, Action], str | None] | None = None
    """The log's line for an action that caused nothing visible, said of its maker in
    the game's words ("Red leaves their cone where it is"; None: the seat's name and
    the action's menu text)."""
    render_all: Callable[[S], Any] | None = None
    """The true position with every screen lifted, for replays."""
    round_end: Callable[[S, list[Any]], Any] | None = None
    """The board of a round about to be cleared, with its scoring (see ``State``), from
    the events of the step that ends it (the game's own kinds of event)."""
    seat_label: Callable[[int, int], str] | None = None
    """``seat_label(seat, players)``: a seat's name (a colour, a side)."""
    draw: Draw | None = None
    numeric: Numeric[S] | None = None
    evaluation: Evaluation | None = None
    build: Callable[[Game, Mapping[str, Any]], S] | None = None
    """The position builder: a description in the rulebook's words -> a position."""
    rules: Rulebook | None = None
    """The rules in brief, in the rulebook's words (``core.rules``)."""
    lesson: Mapping[str, Any] | None = None
    """A guided first game, as data (``core.lessons``; the game's ``lesson.toml``)."""
    facts: Callable[[S, Sequence[Event]], GameFacts] | None = None
    """``facts(state, events)``: a finished game's length in rounds and turns and its
    facts in the game's words, for the balance lab (``core.facts``)."""
    features: Mapping[str, Feature] | None = None
    """What a restricted bot of the balance lab may be forbidden to use, by name."""
