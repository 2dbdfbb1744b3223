"""What a seat may see of a Foggy Island position: ``observe(state, seat)`` and its
type, ``Observation`` (generated into docs/schemas/foggy_island.json).

A face-down token shows only its owner to the others; hands and piles show their
tokens to their owner only (their count to the others); a chosen token waiting to be
placed is its chooser's secret. Tiles are named as on the Island Map, ``a1`` to
``f6``; tokens by their animal (``wolf``, ``prairie_dog``); seats from 0 (even seats
play the first side, odd the second); a side is 0 or 1.
"""

from __future__ import annotations

from typing import (
    Annotated,
    NotRequired,  # pydantic reads typing's from 3.12 only
)

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict

from lapilli.core.decision import Decision
from lapilli.core.zones import Zone

from .board import QUADRANTS, TILE_NAMES
from .scoring import scored_lines
from .state import FoggyState

STRICT = ConfigDict(extra="forbid", strict=True)
"""Every key documented, nothing coerced."""

StepArg = str | int | bool | list[str]
"""A pending step's argument as shown: tiles by name, tuples as lists."""


@with_config(STRICT)
class Token(TypedDict):
    """A token on the map; a face-down token shows only its owner."""

    token: Annotated[str | None, Field(description="its animal; null when face down and not yours")]
    seat: Annotated[int, Field(description="the seat that placed it")]
    face_up: Annotated[bool, Field(description="whether it lies face up")]
    colour: NotRequired[
        Annotated[int, Field(description="the side whose colour it shows (absent when hidden)")]
    ]


@with_config(STRICT)
class Tokens(TypedDict):
    """A hand, pile or pool: its tokens if you may look, else only how many."""

    items: NotRequired[Annotated[dict[str, int], Field(description="tokens by animal")]]
    under: NotRequired[Annotated[list[str], Field(description="tokens put under, in order")]]
    count: NotRequired[Annotated[int, Field(description="how many, when you may not look")]]


@with_config(STRICT)
class Line(TypedDict):
    """A line of one side's tokens on the map now (see the rulebook's scoring)."""

    side: Annotated[int, Field(description="the side whose line it is")]
    tiles: Annotated[list[str], Field(description="its tiles, in order")]
    points: Annotated[int, Field(description="what it would score if the round ended now")]


@with_config(STRICT)
class Live(TypedDict):
    """The lines on the map as this seat sees them: a face-down token it cannot look at
    breaks a line."""

    lines: Annotated[list[Line], Field(description="every line it can see")]
    points: Annotated[list[int], Field(description="each side's points from those lines")]


@with_config(STRICT)
class Observation(TypedDict):
    """One seat's view of a Foggy Island position (null seat: a spectator)."""

    game: Annotated[str, Field(description='always "foggy_island"')]
    seat: Annotated[int | None, Field(description="whose view this is (null: a spectator)")]
    round: Annotated[int, Field(description="the round being played, from 1")]
    rounds: Annotated[int, Field(description="rounds in the game")]
    phase: Annotated[str, Field(description="the phase of the round")]
    to_move: Annotated[
        int, Field(description="the seat to move (-1: a draw, -2: the game is over)")
    ]
    first: Annotated[int, Field(description="the seat that plays first this round")]
    weather: Annotated[str, Field(description="this round's weather card")]
    offered: Annotated[list[str], Field(description="weather cards drawn, before one is kept")]
    deck_bottom: Annotated[
        list[str], Field(description="weather cards put under the deck, in order")
    ]
    open: Annotated[list[str], Field(description="the quarters of the map not under a fog board")]
    board: Annotated[list[Token | None], Field(description="the 36 tiles, a1 to f6 row by row")]
    hands: Annotated[list[Tokens], Field(description="each seat's hand")]
    piles: Annotated[list[Tokens], Field(description="each seat's draw pile")]
    pool: Annotated[list[Tokens], Field(description="team game: each side's tokens not yet dealt")]
    composition: Annotated[
        list[dict[str, int]], Field(description="each side's 18 tokens, by animal")
    ]
    hired: Annotated[list[list[str]], Field(description="the mercenaries each side hired")]
    coins: Annotated[list[int], Field(description="each side's coins")]
    prices: NotRequired[
        Annotated[
            dict[str, int],
            Field(description="mercenaries whose price this game sets away from the rulebook's"),
        ]
    ]
    points: Annotated[list[list[int]], Field(description="each side's points, round by round")]
    hippo: Annotated[
        dict[str, list[str]], Field(description="by seat: the two tiles its Hippo spans")
    ]
    pending: Annotated[
        list[int], Field(description="seats owed an extra placement (Turtle), in order")
    ]
    step: Annotated[
        dict[str, StepArg],
        Field(
            description="the arguments of the step in progress "
            "(a chosen token is its chooser's secret)"
        ),
    ]
    live: Annotated[
        Live, Field(description="the round's lines and points so far, as this seat sees them")
    ]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]
    result: Annotated[
        int | None,
        Field(description="the winning side, -1 for no winner; null until the end"),
    ]


def observe(s: FoggyState, seat: int | None) -> Observation:
    view = _observe(s, seat)
    prices = s.opts.prices()
    if prices:  # only a game with tuned prices says so: the rulebook's are known
        view["prices"] = prices
    return view


def _observe(s: FoggyState, seat: int | None) -> Observation:
    return {
        "game": "foggy_island",
        "seat": seat,
        "round": s.round,
        "rounds": s.rounds,
        "phase": s.phase,
        "to_move": s.current_player(),
        "first": s.first,
        "weather": s.weather,
        "offered": list(s.offered()),
        "deck_bottom": list(s.deck.under),
        "open": [QUADRANTS[q] for q in range(len(QUADRANTS)) if s.open[q]],
        "board": board_view(s, seat),
        "hands": [tokens(h, seat) for h in s.hands],
        "piles": [tokens(p, seat) for p in s.piles],
        "pool": [tokens(p, seat) for p in s.pool],
        "composition": [s.composition(0), s.composition(1)],
        "hired": [list(h) for h in s.hired],
        "coins": list(s.coins),
        "points": [list(p) for p in s.points],
        "hippo": {str(p): [TILE_NAMES[t] for t in ts] for p, ts in s.hippo.items()},
        "pending": s.owed(),
        "live": live(s, seat),
        "decision": s.decision(),
        "step": step_view(s, seat),
        "result": s.result,
    }


def board_view(s: FoggyState, seat: int | None) -> list[Token | None]:
    """The 36 tiles: a token the seat may not look at shows only who placed it."""
    board: list[Token | None] = []
    for token in s.board:
        if token is None:
            board.append(None)
        elif s.visible_to(token, seat):
            board.append(
                {
                    "token": token.kind,
                    "seat": token.seat,
                    "face_up": token.face_up,
                    "colour": token.colour,
                }
            )
        else:
            board.append({"token": None, "seat": token.seat, "face_up": False})
    return board


def tokens(zone: Zone[str], seat: int | None) -> Tokens:
    """A hand, pile or pool as ``seat`` knows it (``Zone.view``, typed): its tokens if
    it may look, else only how many."""
    if zone.sees(seat):
        return {"items": dict(sorted(zone.items.items())), "under": list(zone.under)}
    return {"count": len(zone)}


def live(s: FoggyState, seat: int | None) -> Live:
    """The lines on the map now, and the points they would score, as ``seat`` sees
    them: a face-down token it cannot look at breaks a line (its line is unknown)."""
    seen = [t if t is None or s.visible_to(t, seat) else None for t in s.board]
    lines = scored_lines(seen)
    return {
        "lines": [
            {"side": ln.side, "tiles": [TILE_NAMES[t] for t in ln.tiles], "points": ln.points}
            for ln in lines
        ],
        "points": [sum(ln.points for ln in lines if ln.side == side) for side in (0, 1)],
    }


def step_view(s: FoggyState, seat: int | None) -> dict[str, StepArg]:
    """The arguments of the step in progress (the chosen token is its chooser's secret)."""
    top = s.pending()
    if top is None or (top.step.name == "place" and seat != top.seat):
        return {}
    return {key: _shown(key, value) for key, value in top.args._asdict().items()}


def _shown(key: str, value: str | int | bool | tuple[str, ...]) -> StepArg:
    """A step argument in the observation's words: a tile by its name, a tuple as a
    list."""
    if isinstance(value, tuple):
        return list(value)
    if key in ("tile", "first") and isinstance(value, int):
        return TILE_NAMES[value]
    return value
