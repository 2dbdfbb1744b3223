"""Foggy Island in numbers, for learning agents (see ``lapilli.core.numeric``).

The codec lists, in this order: opening picks (``take``), choices (``choose``, then the
face-down choices of mercenaries in Foggy weather), placements (``place``, tiles a1..f6),
the Hippo's second tile and the tile it keeps, the Frog's moves, ability targets,
replacements (``replace``), fog boards to remove, weather cards to keep, mercenaries to
hire, then ``pass`` and ``done``. Only what the set-up can offer is listed: no mercenary
actions in a game without mercenaries, no fog or weather without weather cards.

The vector is built from ``observation(seat)`` only. Sides are "mine" and "theirs",
seats start with "me" (then play order), so one network serves either side. Counts are
divided by their largest possible value (a hand of 5, a pile of 18) so every number lies
in 0..1; coins and round points are divided by 100 and 30.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.numeric import ActionCodec, Layout, seats_from

from . import actions as A
from .board import QUADRANTS, TILE_INDEX, TILES
from .bounds import bounds as bounds  # the set-up's promises
from .components import (
    BASIC_PILE,
    EXTRA_ROUNDS,
    HAND_SIZE,
    KINDS,
    PILE_SIZE,
    ROUNDS,
    WEATHER_DECK,
    WEATHERS,
)
from .view import Observation, StepArg, Tokens, observe

if TYPE_CHECKING:
    from .game import FoggyIsland
    from .state import FoggyState

KIND_LIST = tuple(KINDS)
KIND_INDEX = {k: i for i, k in enumerate(KIND_LIST)}
STEP_NAMES = (
    *("round", "weather_draw", "weather_keep", "weather_choose", "fog", "fog_open", "deal"),
    *("team_piles", "opening", "turn", "extra", "hippo_keep", "fog_remove", "frog", "choose"),
    *("place", "hippo_second", "target", "replace", "prairie_first", "prairie_second"),
    *("draw", "round_end", "hire", "bank", "next_round", "over"),
)
"""The steps of the one-hot block, in a fixed order (the layout does not move when a
step is added)."""
STEP_INDEX = {name: i for i, name in enumerate(STEP_NAMES)}
WEATHER_INDEX = {w: i for i, w in enumerate(WEATHERS)}
MAX_ROUNDS = max(ROUNDS.values()) + EXTRA_ROUNDS
DECK_SIZE = sum(WEATHER_DECK.values())
COINS_SCALE = 100.0
POINTS_SCALE = 30.0

TILE_FEATURES = (
    "occupied",
    "placed by my side",
    "placed by me",
    "face up",
    "face down, unknown to me",
    "builds my line",
    "builds their line",
    "white (neutral)",
    "a Hippo spans it",
    *(f"token: {k}" for k in KIND_LIST),
)
UNKNOWN, MY_LINE, THEIR_LINE, WHITE_LINE, HIPPO, KIND_COLUMN = range(4, 10)

NOTES: Mapping[str, str] = {
    "step": f"one-hot of the pending step ({', '.join(STEP_NAMES)})",
    "to_move": "one-hot of the seat to move, me first (all 0 at chance and at the end)",
    "first": "one-hot of the seat who starts this round, me first",
    "progress": "round / rounds to play, rounds to play / 7",
    "weather": "one-hot of the active weather card (sunny, cloudy, foggy)",
    "offered": "weather cards drawn and waiting to be kept (quick game: the three to choose "
    "from), per card / 2",
    "deck_bottom": "weather cards known under the deck, per card / 8",
    "open": "per quarter NW, NE, SW, SE: 1 if no fog board covers it",
    "board": "per tile a1..f6 (row by row): " + "; ".join(TILE_FEATURES),
    "hands": "per seat (me first): each kind's count / 5 if I may look, then the hand's size / 5",
    "piles": "per seat (me first): each kind's count / 18 if I may look, then the size / 18",
    "pool": "per side (mine first), team game: tokens waiting to be dealt, as for piles",
    "composition": "per side (mine first): each kind's count among its 18 tokens / 18",
    "coins": "per side (mine first): coins / 100",
    "points": "per round played (up to 7), per side (mine first): points / 30",
    "owed": "per seat (me first): extra placements (Turtle) owed / 2",
    "chosen": "the token chosen for this placement, if I may know it (one-hot), then face up",
    "step_tiles": "per tile: the tile the pending ability starts from, the Prairie Dog's "
    "first pick",
}


def codec(game: FoggyIsland, players: int) -> ActionCodec:
    opts = game.options
    kinds = KIND_LIST if opts.mercenaries else tuple(BASIC_PILE)
    actions: list[Action] = [A.TAKE[k] for k in kinds]
    actions += [A.CHOOSE[k] for k in kinds]
    if opts.mercenaries and opts.weather and opts.face_up_mercenaries:
        actions += A.CHOOSE_DOWN.values()
    actions += A.PLACE
    if opts.mercenaries:
        actions += [*A.HIPPO_SECOND, *A.HIPPO_KEEP, *A.FROG, *A.TARGET]
        actions += [A.REPLACE[k] for k in kinds]
    if opts.weather:
        actions += [*A.REMOVE_FOG, *A.KEEP_WEATHER.values(), *A.CHOOSE_WEATHER.values()]
    if opts.mercenaries:
        actions += [*A.HIRE.values(), A.PASS, A.DONE]
    return ActionCodec(actions)


def layout(game: FoggyIsland, players: int) -> Layout:
    return _layout(players)


@cache
def _layout(players: int) -> Layout:
    kinds = len(KIND_LIST)
    return Layout(
        step=len(STEP_NAMES),
        to_move=players,
        first=players,
        progress=2,
        weather=len(WEATHERS),
        offered=len(WEATHERS),
        deck_bottom=len(WEATHERS),
        open=len(QUADRANTS),
        board=(len(TILES), len(TILE_FEATURES)),
        hands=(players, kinds + 1),
        piles=(players, kinds + 1),
        pool=(2, kinds + 1),
        composition=(2, kinds),
        coins=2,
        points=(MAX_ROUNDS, 2),
        owed=players,
        chosen=kinds + 1,
        step_tiles=(len(TILES), 2),
    )


def encode(state: FoggyState, seat: int) -> np.ndarray:
    obs = observe(state, seat)
    n = state.num_players
    shape = _layout(n)
    v = shape.zeros()
    b = shape.views(v)
    seats = seats_from(seat, n)
    rank = {p: i for i, p in enumerate(seats)}  # seat -> its place, me first
    mine = seat % 2
    sides = (mine, 1 - mine)

    b["step"][STEP_INDEX[obs["phase"]]] = 1
    if obs["to_move"] >= 0:
        b["to_move"][rank[obs["to_move"]]] = 1
    b["first"][rank[obs["first"]]] = 1
    b["progress"][:] = (obs["round"] / obs["rounds"], obs["rounds"] / MAX_ROUNDS)
    b["weather"][WEATHER_INDEX[obs["weather"]]] = 1
    for card in obs["offered"]:
        b["offered"][WEATHER_INDEX[card]] += 0.5
    for card in obs["deck_bottom"]:
        b["deck_bottom"][WEATHER_INDEX[card]] += 1 / DECK_SIZE
    for q in obs["open"]:
        b["open"][QUADRANTS.index(q)] = 1
    _board(b["board"], obs, seat, mine)
    for i, p in enumerate(seats):
        _zone(b["hands"][i], obs["hands"][p], HAND_SIZE)
        _zone(b["piles"][i], obs["piles"][p], PILE_SIZE)
    for i, side in enumerate(sides):
        if obs["pool"]:  # only the team game has team pools
            _zone(b["pool"][i], obs["pool"][side], PILE_SIZE)
        for kind, count in obs["composition"][side].items():
            b["composition"][i, KIND_INDEX[kind]] = count / PILE_SIZE
        b["coins"][i] = obs["coins"][side] / COINS_SCALE
    for r, points in enumerate(obs["points"][:MAX_ROUNDS]):
        b["points"][r] = (points[mine] / POINTS_SCALE, points[1 - mine] / POINTS_SCALE)
    for p in obs["pending"]:
        b["owed"][rank[p]] += 0.5
    _step(b["chosen"], b["step_tiles"], obs["step"])
    return v


def _board(board: np.ndarray, obs: Observation, seat: int, mine: int) -> None:
    for t, token in enumerate(obs["board"]):
        if token is None:
            continue
        row = board[t]
        row[:4] = (1, token["seat"] % 2 == mine, token["seat"] == seat, token["face_up"])
        if token["token"] is None:
            row[UNKNOWN] = 1
            continue
        colour = token["colour"]
        row[MY_LINE if colour == mine else WHITE_LINE if colour < 0 else THEIR_LINE] = 1
        row[KIND_COLUMN + KIND_INDEX[token["token"]]] = 1
    for tiles in obs["hippo"].values():
        for name in tiles:
            board[TILE_INDEX[name], HIPPO] = 1


def _zone(row: np.ndarray, view: Tokens, size: int) -> None:
    """A hand or pile: its contents if the seat may look, and its size."""
    if "count" in view:
        row[-1] = view["count"] / size
        return
    for kind, count in view["items"].items():
        row[KIND_INDEX[kind]] = count / size
    row[-1] = sum(view["items"].values()) / size


def _step(chosen: np.ndarray, tiles: np.ndarray, args: Mapping[str, StepArg]) -> None:
    """The pending step's arguments the seat may see (``observation`` hides the rest)."""
    token = args.get("token")
    if isinstance(token, str):
        chosen[KIND_INDEX[token]] = 1
        chosen[-1] = args.get("face_up", True)  # a targeting mercenary is face up
    for column, key in enumerate(("tile", "first")):
        name = args.get(key)
        if isinstance(name, str):
            tiles[TILE_INDEX[name], column] = 1
