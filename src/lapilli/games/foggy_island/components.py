"""Foggy Island's components from ``data.toml``: character tokens, piles, weather, rounds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from lapilli.core.data import load_toml

DATA = load_toml(__package__)

SIDE_NAMES = ("Red", "Blue")
"""The two sides: side 0 plays Red, side 1 Blue."""

WHITE = -1
"""The colour of neutral tokens (Rabbit, Prairie Dog, Hippo): they break every line."""


@dataclass(frozen=True)
class Kind:
    """A kind of character token: the line it builds, and for a mercenary its hire."""

    name: str
    builds: str  # "own", "enemy" (a spy), "white" (neutral) or "chameleon"
    mercenary: bool = False
    count: int = 1  # how many each side may hire
    cost: int = 0
    replaces: str = ""  # the basic token it must replace in the pile
    multiplier: str = ""
    ability: str = ""

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()


class Token(NamedTuple):
    """A character token on the Island Map."""

    kind: str
    seat: int  # who placed it (its shield: ``seat % 2`` is its side)
    face_up: bool
    colour: int  # the side whose line it builds, or WHITE


KINDS: dict[str, Kind] = {name: Kind(name, **spec) for name, spec in DATA["tokens"].items()}
MERCENARIES: dict[str, Kind] = {k: v for k, v in KINDS.items() if v.mercenary}
BASIC_PILE: dict[str, int] = dict(DATA["basic_pile"])
PILE_SIZE = sum(BASIC_PILE.values())
"""Each side's pile always holds 18 tokens: a hired mercenary replaces a basic one."""
HAND_SIZE: int = DATA["hand_size"]
LINE_POINTS: dict[int, int] = {int(n): p for n, p in DATA["line_points"].items()}

WEATHER_DECK: dict[str, int] = dict(DATA["weather_deck"])
WEATHERS = tuple(WEATHER_DECK)
SUNNY, FOGGY = "sunny", "foggy"

ROUNDS: dict[str, int] = dict(DATA["rounds"])
EXTRA_ROUNDS: int = DATA["variants"]["extra_rounds"]
"""Tie-break rounds played at most before a tied mercenary game is a draw."""
QUICK_COINS: int = DATA["variants"]["quick_coins"]


def colour_of(kind: str, side: int) -> int:
    """The side whose line a face-up token of ``kind`` from ``side``'s pile builds."""
    builds = KINDS[kind].builds
    if builds == "white":
        return WHITE
    if builds == "enemy":
        return 1 - side
    return side  # own, and a Chameleon starts in its owner's colour


SEATS = range(4)
"""Every seat there may be (the team variant has 4)."""
TOKENS: dict[tuple[str, int, bool], Token] = {
    (kind, seat, up): Token(kind, seat, up, colour_of(kind, seat % 2))
    for kind in KINDS
    for seat in SEATS
    for up in (True, False)
}
"""Every token as it is placed, built once: (kind, seat, face up) -> the token."""


def is_white(kind: str) -> bool:
    return KINDS[kind].builds == "white"


def pile_of(hired: list[str]) -> dict[str, int]:
    """A side's 18 tokens: the basic pile, each hired mercenary in place of its basic token."""
    pile = dict(BASIC_PILE)
    for merc in hired:
        replaced = MERCENARIES[merc].replaces
        pile[replaced] -= 1
        if not pile[replaced]:
            del pile[replaced]
        pile[merc] = pile.get(merc, 0) + 1
    return pile


ORDER = {name: i for i, name in enumerate((*KINDS, *WEATHERS))}
"""Tokens and weather cards in the fixed order of the data file."""


def in_order(counts: dict[str, int]) -> list[str]:
    """The tokens (or cards) held in ``counts``, in the fixed order of the data file."""
    return sorted(counts, key=ORDER.__getitem__)
