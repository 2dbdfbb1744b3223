"""Deeper in numbers, for learning agents: ``Numeric(steps)`` (see ``lapilli.core.numeric``)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.flow import Steps
from lapilli.core.hexgrid import FLAT_TOP
from lapilli.core.numeric import ActionCodec, Bounds, Family, Layout, seats_from

from .actions import DECLINE, DONE, GLIDE, STAY, act
from .board import Ocean, ocean
from .bounds import bounds
from .components import (
    BLUEPRINT_DECK,
    BLUEPRINTS,
    CONVERSIONS,
    DECK_NAMES,
    DECKS,
    GATHER_MOST,
    INVENTORY_OPEN,
    LUNGS_OPEN,
    MARKET_SIZE,
    MILESTONES,
    PUMP,
    RESOURCES,
    ROCK,
    ROCKETS,
    ROW_METRES,
    SCAN_DRAWS,
    STORAGE_CELLS,
    TILES,
    UPGRADES,
)
from .habitat import STOP
from .view import Diver, Tile, observe

if TYPE_CHECKING:
    from .game import Deeper
    from .state import DeeperState

TILE_IDS = tuple(TILES)
TILE_INDEX = {t: i for i, t in enumerate(TILE_IDS)}
RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
CARDS = (*BLUEPRINTS, *ROCKETS, *UPGRADES)
BLUEPRINT_LIST = tuple(BLUEPRINTS)
MILESTONE_NAMES = tuple(f"{lv * ROW_METRES}m" for lv in MILESTONES)
DECK_SIZE = max(len(d) for d in DECKS)
LEVELS = len(DECK_NAMES) + 1  # a start tile's level is 0
MOST_ON_TILE = max(max(t.resources) for t in TILES.values())
MARKET_SLOTS = MARKET_SIZE + SCAN_DRAWS  # the market before it is trimmed back
MOST_LUNGS = LUNGS_OPEN + sum(u.lungs for u in UPGRADES.values())
MOST_INVENTORY = INVENTORY_OPEN + sum(u.inventory for u in UPGRADES.values())
MOST_STORAGE = STORAGE_CELLS + sum(BLUEPRINTS[c].storage * n for c, n in BLUEPRINT_DECK.items())
MOST_COPIES = max(BLUEPRINT_DECK.values())
SCORE_SCALE = 40.0
HAND_SCALE = 8.0

TILE_FEATURES = (
    *(f"rock edge {d}" for d in FLAT_TOP),
    *(f"{r} / {MOST_ON_TILE}" for r in RESOURCES),
    *(f"deck: {name}" for name in ("start", *DECK_NAMES)),
)
CELL_FEATURES = (
    "a tile lies here",
    "a Hatch",
    *TILE_FEATURES,
    "depth level / 5",
    "the hex named by the pending step",
)
SEAT_FEATURES = (
    "air / 8",
    "uncovered Lungs / 8",
    *(f"Inventory {r} / 8" for r in RESOURCES),
    "Inventory size / 8",
    *(f"Storage {r} / 12" for r in RESOURCES),
    "Storage size / 12",
    *(f"upgrade: {u}" for u in UPGRADES),
    *(f"milestone {m}" for m in MILESTONE_NAMES),
    *(f"built: {c} / 2" for c in BLUEPRINTS),
    *(f"rocket card: {c}" for c in ROCKETS),
    *(f"in hand: {c} / 2 (if I may look)" for c in BLUEPRINTS),
    "cards in hand / 8",
    f"points / {SCORE_SCALE:.0f}",
)

NOTES = {
    "me": "one-hot of my seat number (the tie action names seats by number)",
    "step": "one-hot of the pending step ({steps})",
    "to_move": "one-hot of the seat to decide, me first (all 0 at chance and at the end)",
    "cells": "per hex of the board (Hatches, then the ocean by column and depth): "
    + "; ".join(CELL_FEATURES),
    "pawns": "per seat (me first), per hex: 1 where its pawn is",
    "hatches": "per seat (me first), per hex: 1 on its Hatch",
    "seats": "per seat (me first): " + "; ".join(SEAT_FEATURES),
    "market": "1 for each tile in the market (tile data order)",
    "market_tiles": f"per market place (up to {MARKET_SLOTS}, in arrival order): "
    + "; ".join(TILE_FEATURES),
    "removed": "1 for each starting tile terraformed out of the game",
    "decks": "per depth deck (20m ... 100m): tiles left / 12, tiles known at its bottom / 12",
    "blueprint_deck": "blueprint cards left in the deck / 14",
    "rockets": "1 for each rocket card not yet built",
    "turn": "one-hot of the first player (me first); round / round limit; 1 if the player "
    "to move has swum this turn",
    "pending": "the pending step's count left / 5, tiles it has drawn / 4, the resource it "
    "gathers (one-hot) and how many / 2",
    "pending_tile": "the tile drawn by a Scan, waiting to be placed: " + "; ".join(TILE_FEATURES),
    "pending_card": "one-hot of the blueprint card whose breath gift waits",
    "end": "1 if the game ended by the last rocket card, 1 if by the round limit; one-hot of "
    "the builder (me first); one-hot of the tie winner (me first)",
}


def _tile_features(tile: str) -> np.ndarray:
    info = TILES[tile]
    row = np.zeros(len(TILE_FEATURES), dtype=np.float32)
    row[: len(FLAT_TOP)] = [edge == ROCK for edge in info.edges]
    at = len(FLAT_TOP)
    row[at : at + len(RESOURCES)] = np.array(info.resources) / MOST_ON_TILE
    row[at + len(RESOURCES) + info.level] = 1
    return row


FEATURES = {tile: _tile_features(tile) for tile in TILE_IDS}
CELL_ROWS = {
    tile: np.concatenate(([1, 0], row, [0, 0])).astype(np.float32) for tile, row in FEATURES.items()
}
HATCH_ROW = np.zeros(len(CELL_FEATURES), dtype=np.float32)
HATCH_ROW[:2] = 1
RES_COLUMNS = slice(2 + len(FLAT_TOP), 2 + len(FLAT_TOP) + len(RESOURCES))


def codec(game: Deeper, players: int) -> ActionCodec:
    board = ocean(players)
    cells = board.names
    sea = cells[players:]  # every hex but the Hatches
    actions: list[Action | Family] = [DONE, DECLINE, GLIDE, STAY, STOP]
    actions += [act("swim", to=c) for c in cells]
    actions += [
        act("gather", resource=r, n=n) for r in RESOURCES for n in range(1, GATHER_MOST + 1)
    ]
    actions += [act("scan", deck=d) for d in DECK_NAMES]
    actions += [Family(kind, tile=TILE_IDS, at=sea) for kind in ("explore", "terraform")]
    actions += [act("place", at=c) for c in sea]
    actions += [act("trim", tile=t) for t in TILE_IDS]
    for kind in ("fewer", "knife", "discard", "store", "unstore"):
        actions += [act(kind, resource=r) for r in RESOURCES]
    actions += [
        act("take", resource=r, into=i) for i in ("inventory", "storage") for r in RESOURCES
    ]
    for c in CONVERSIONS.values():
        if c.make is None:
            actions += [act("convert", use=c.id, make=r) for r in RESOURCES]
        else:
            actions.append(act("convert", use=c.id))
    actions.append(act("convert", use=PUMP))
    actions.append(Family("pump", resource=RESOURCES, at=sea))
    actions += [act("craft", card=c) for c in CARDS]
    actions += [act("tie", winner=p) for p in range(players)]
    return ActionCodec(actions)


@cache
def _layout(players: int, steps: int) -> Layout:
    cells = len(ocean(players).cells)
    return Layout(
        me=players,
        step=steps,
        to_move=players,
        cells=(cells, len(CELL_FEATURES)),
        pawns=(players, cells),
        hatches=(players, cells),
        seats=(players, len(SEAT_FEATURES)),
        market=len(TILE_IDS),
        market_tiles=(MARKET_SLOTS, len(TILE_FEATURES)),
        removed=len(TILE_IDS),
        decks=(len(DECK_NAMES), 2),
        blueprint_deck=1,
        rockets=len(ROCKETS),
        turn=players + 2,
        pending=3 + len(RESOURCES),
        pending_tile=len(TILE_FEATURES),
        pending_card=len(BLUEPRINTS),
        end=2 + 2 * players,
    )


def _encode(state: DeeperState, seat: int, step_index: dict[str, int]) -> np.ndarray:
    obs = observe(state, seat)
    n = state.num_players
    shape = _layout(n, len(step_index))
    v = shape.zeros()
    b = shape.views(v)
    board = ocean(n)
    seats = seats_from(seat, n)
    rank = {p: i for i, p in enumerate(seats)}

    b["me"][seat] = 1
    pending = obs["pending"]
    b["step"][step_index[pending["step"] if pending else "over"]] = 1
    if pending and pending["seat"] >= 0:
        b["to_move"][rank[pending["seat"]]] = 1
    _cells(b["cells"], obs["board"], board)
    for i, p in enumerate(seats):
        view = obs["seats"][p]
        b["pawns"][i, board.index[view["hex"]]] = 1
        b["hatches"][i, board.index[view["hatch"]]] = 1
        _seat(b["seats"][i], view)
    for slot, tile in enumerate(obs["market"]):
        b["market"][TILE_INDEX[tile]] = 1
        if slot < MARKET_SLOTS:
            b["market_tiles"][slot] = FEATURES[tile]
    for tile in obs["removed"]:
        b["removed"][TILE_INDEX[tile]] = 1
    for d, name in enumerate(DECK_NAMES):
        deck = obs["decks"][name]
        b["decks"][d] = (deck["count"] / DECK_SIZE, len(deck["bottom"]) / DECK_SIZE)
    b["blueprint_deck"][0] = obs["blueprint_deck"] / sum(BLUEPRINT_DECK.values())
    for card in obs["rockets"]:
        b["rockets"][list(ROCKETS).index(card)] = 1
    turn = b["turn"]
    if obs["first"] >= 0:
        turn[rank[obs["first"]]] = 1
    limit = state.options.max_rounds
    turn[n] = min(1.0, obs["round"] / limit) if limit else 0.0
    turn[n + 1] = obs["swum"]
    if pending:
        _pending(b, pending.get("args", {}), board)
    end = b["end"]
    end[:2] = (obs["end"] == "rockets", obs["end"] == "limit")
    for offset, who in ((2, obs["builder"]), (2 + n, obs["tie_winner"])):
        if who >= 0:
            end[offset + rank[who]] = 1
    return v


def _cells(cells: np.ndarray, tiles: list[Tile], board: Ocean) -> None:
    cells[:] = _depths(len(board.hatches))
    index = board.index
    at = [index[place["hex"]] for place in tiles]
    cells[at] += [CELL_ROWS.get(place["tile"], HATCH_ROW) for place in tiles]
    # the resources on the board now, in place of those printed on the tiles
    cells[at, RES_COLUMNS] = 0
    where = [
        (c, RES_COLUMNS.start + RES_INDEX[name], count / MOST_ON_TILE)
        for c, place in zip(at, tiles, strict=True)
        for name, count in place["resources"].items()
    ]
    if where:
        rows, columns, values = zip(*where, strict=True)
        cells[list(rows), list(columns)] = values


@cache
def _depths(players: int) -> np.ndarray:
    """The cell rows before any tile: only each hex's depth level."""
    cells = np.zeros((len(ocean(players).cells), len(CELL_FEATURES)), dtype=np.float32)
    cells[:, -2] = np.array(ocean(players).levels) / len(DECK_NAMES)
    return cells


def _seat(row: np.ndarray, view: Diver) -> None:
    values: list[float] = [view["air"] / MOST_LUNGS, view["lungs"] / MOST_LUNGS]
    values += _counts(view["inventory"], MOST_INVENTORY)
    values.append(view["inventory_size"] / MOST_INVENTORY)
    values += _counts(view["storage"], MOST_STORAGE)
    values.append(view["storage_size"] / MOST_STORAGE)
    values += [u in view["upgrades"] for u in UPGRADES]
    values += [m in view["milestones"] for m in MILESTONE_NAMES]
    values += [view["built"].count(c) / MOST_COPIES for c in BLUEPRINTS]
    values += [c in view["rockets"] for c in ROCKETS]
    hand = view["hand"] or []
    values += [hand.count(c) / MOST_COPIES for c in BLUEPRINTS]
    values += [view["hand_count"] / HAND_SCALE, view["score"] / SCORE_SCALE]
    row[:] = values


def _counts(named: dict[str, int], scale: int) -> list[float]:
    return [named.get(r, 0) / scale for r in RESOURCES]


def _pending(b: dict[str, np.ndarray], args: dict[str, Any], board: Ocean) -> None:
    """The arguments of the pending step (every one public in Deeper)."""
    row = b["pending"]
    row[0] = args.get("left", 0) / 5
    row[1] = len(args.get("drawn", ())) / SCAN_DRAWS
    if "resource" in args and "n" in args:  # a Gather waiting for room
        row[2 + args["resource"]] = 1
        row[2 + len(RESOURCES)] = args["n"] / GATHER_MOST
    tile = args.get("tile")
    if tile is not None:
        b["pending_tile"][:] = FEATURES[tile]
    card = args.get("card")
    if card is not None:
        b["pending_card"][BLUEPRINT_LIST.index(card)] = 1
    at = args.get("at")
    if at is not None:
        b["cells"][board.index[at], -1] = 1


class Numeric:
    """Deeper in numbers, for learning agents (see ``lapilli.core.numeric``).

    The codec lists, in this order: ``done``, ``decline``, ``glide``, ``stay``, ``stop``;
    ``swim`` to every hex of the board (Hatches first, then the ocean by column and depth);
    ``gather`` per resource and amount (1-2); ``scan`` per deck (20m ... 100m);
    ``explore`` and ``terraform`` (each in parts: the kind, then a tile, then an ocean hex);
    ``place`` per ocean hex; ``trim`` per tile; ``fewer``, ``knife``, ``discard``,
    ``store``, ``unstore`` per resource; ``take`` per resource into the Inventory, then the
    Storage; ``convert`` (food, quartz, the "?" token per resource made, the Pump); ``pump``
    (in parts: a resource, then an ocean hex); ``craft`` per blueprint, rocket card and
    upgrade; ``tie`` per seat (seats as they are: the vector holds the seat's own number);
    then the parts' ranges: tiles (data order: the depth decks, then the start tiles),
    ocean hexes, resources.

    The vector is built from ``observation(seat)`` only; seats start with "me". A tile is
    described by its rock edges (N, NE, SE, S, SW, NW), its resources and its deck. Counts
    are divided by their largest value (4 resources on a tile, Lungs, Inventory and Storage
    at their largest, 12 tiles a deck).
    """

    def __init__(self, steps: Steps) -> None:
        names = (*steps.by_name, "over")  # the steps in turn order, then the end
        self.step_index = {name: i for i, name in enumerate(names)}
        self.NOTES: Mapping[str, str] = {
            **NOTES,
            "step": NOTES["step"].format(steps=", ".join(names)),
        }

    def codec(self, game: Deeper, players: int) -> ActionCodec:
        return codec(game, players)

    def layout(self, game: Deeper, players: int) -> Layout:
        return _layout(players, len(self.step_index))

    def encode(self, state: DeeperState, seat: int) -> np.ndarray:
        return _encode(state, seat, self.step_index)

    def bounds(self, game: Deeper, players: int) -> Bounds:
        return bounds(game, players)
