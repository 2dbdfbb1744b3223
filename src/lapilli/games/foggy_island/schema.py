"""What ``observation(seat)`` holds in Foggy Island (generated into
docs/schemas/foggy_island.json).

Tiles are named as on the Island Map, ``a1`` to ``f6``; tokens by their animal
(``wolf``, ``prairie_dog``); seats from 0 (even seats play the first side, odd the
second); a side is 0 or 1.
"""

from __future__ import annotations

from pydantic import Field

from lapilli.core.flow import Decision
from lapilli.core.schema import Strict


class Token(Strict):
    """A token on the map; a face-down token shows only its owner."""

    token: str | None = Field(description="its animal; null when face down and not yours")
    seat: int = Field(description="the seat that placed it")
    face_up: bool = Field(description="whether it lies face up")
    colour: int | None = Field(
        default=None, description="the side whose colour it shows (absent when hidden)"
    )


class Tokens(Strict):
    """A hand, pile or pool: its tokens if you may look, else only how many."""

    items: dict[str, int] | None = Field(default=None, description="tokens by animal")
    under: list[str] | None = Field(default=None, description="tokens put under, in order")
    count: int | None = Field(default=None, description="how many, when you may not look")


class Line(Strict):
    """A line of one side's tokens on the map now (see the rulebook's scoring)."""

    side: int = Field(description="the side whose line it is")
    tiles: list[str] = Field(description="its tiles, in order")
    points: int = Field(description="what it would score if the round ended now")


class Live(Strict):
    """The lines on the map as this seat sees them: a face-down token it cannot look at
    breaks a line."""

    lines: list[Line] = Field(description="every line it can see")
    points: list[int] = Field(description="each side's points from those lines")


class Observation(Strict):
    """One seat's view of a Foggy Island position (null seat: a spectator)."""

    game: str = Field(description='always "foggy_island"')
    seat: int | None = Field(description="whose view this is (null: a spectator)")
    round: int = Field(description="the round being played, from 1")
    rounds: int = Field(description="rounds in the game")
    phase: str = Field(description="the phase of the round")
    to_move: int = Field(description="the seat to move (-1: a draw, -2: the game is over)")
    first: int = Field(description="the seat that plays first this round")
    weather: str = Field(description="this round's weather card")
    offered: list[str] = Field(description="weather cards drawn, before one is kept")
    deck_bottom: list[str] = Field(description="weather cards put under the deck, in order")
    open: list[str] = Field(description="the quarters of the map not under a fog board")
    board: list[Token | None] = Field(description="the 36 tiles, a1 to f6 row by row")
    hands: list[Tokens] = Field(description="each seat's hand")
    piles: list[Tokens] = Field(description="each seat's draw pile")
    pool: list[Tokens] = Field(description="team game: each side's tokens not yet dealt")
    composition: list[dict[str, int]] = Field(description="each side's 18 tokens, by animal")
    hired: list[list[str]] = Field(description="the mercenaries each side hired")
    coins: list[int] = Field(description="each side's coins")
    points: list[list[int]] = Field(description="each side's points, round by round")
    hippo: dict[str, list[str]] = Field(description="by seat: the two tiles its Hippo spans")
    pending: list[int] = Field(description="seats owed an extra placement (Turtle), in order")
    step: dict[str, str | int | bool | list[str]] = Field(
        description="the arguments of the step in progress (a chosen token is its chooser's secret)"
    )
    live: Live = Field(description="the round's lines and points so far, as this seat sees them")
    decision: Decision | None = Field(description="what the game waits for")
    result: int | None = Field(description="the winning side, -1 for no winner; null until the end")
