"""What a finished game tells a designer, and the features a bot may be forbidden.

The balance lab (``lapilli.lab``) reads each game's declaration of both:

- ``Parts.facts(state, events)``: from a finished position and every event of the
  game, its length in the game's units (rounds, turns) and its facts in the game's
  words (a power unlocked, by whom and when; a mercenary hired and its price; the cause
  of a defeat). Per-category points come from ``State.score_breakdown``.
- ``Parts.features``: the things a restricted bot may be forbidden to use (a power, a
  mercenary, a kind of action), each a test of an action in a position. Restricted play
  (Jaffe et al., AIIDE 2012) turns "how much does this feature matter?" into the win
  rate of a bot without it against the same bot with it.

Both are plain data over the engine contract: nothing here plays a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .actions import Action
from .state import Event, State


class Fact(NamedTuple):
    """One thing that happened, as the lab stores it (one row of its facts table)."""

    name: str
    """What happened, in the game's words: ``"power unlocked"``, ``"hired"``."""
    seat: int | None = None
    """Whose fact it is (None: the table's, such as the weather)."""
    item: str = ""
    """Which one: the power, the mercenary, the weather card, the cause."""
    value: float = 1.0
    """How many or how much: 1 for a plain occurrence, a price, a count."""
    round: int | None = None
    """When: the round it happened in, counted from 1 (None: not tied to a round)."""


@dataclass
class GameFacts:
    """A finished game's length in the game's units, and its facts."""

    rounds: int
    """Rounds played (the game's own rounds: Foggy Island's 2 or 4, Fuji's days...)."""
    turns: int
    """Turns taken in all seats together (one seat's turn: its placement, its dive)."""
    facts: list[Fact] = field(default_factory=list)
    end: str = ""
    """How the game ended, in the game's words (``"the volcano erupted"``; empty when
    the game ends one way only)."""


FactsOf = Callable[[Any, Sequence[Event]], GameFacts]
"""``facts(state, events)``: a finished position and every event of its game."""


@dataclass(frozen=True)
class Feature:
    """A thing a restricted bot may not use: ``uses(state, action)`` says whether
    ``action``, legal in ``state`` for the seat to move, uses it."""

    help: str
    uses: Callable[[Any, Action], bool]


def allowed(features: Sequence[Feature], state: State, legal: Sequence[Action]) -> list[Action]:
    """The legal actions that use none of ``features``; all of them when every one
    does (the rules then force the use: a restricted bot never stalls a game)."""
    kept = [a for a in legal if not any(f.uses(state, a) for f in features)]
    return kept or list(legal)
