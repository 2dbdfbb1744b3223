"""Volcanique positions in the rulebook's words (see ``docs/positions.md``).

A description names the map (each hex as the map shows it, ``"q,r"``, with its stack
of tiles bottom first: ``"uno-dark"`` or ``"dark Uno"``, ``"duo-dark-light rotation
2"``, ``"soil"``, ``"volcano"``), the lava, and per seat (by colour) its critters on
regions (``"0,0 dark" = 2``), Colossal and burrowed critters, sea critters, resources,
crater, unlocked powers, Caldera cards and points. The rest follows by conservation:
each seat's hand holds the critters not on the map, in the crater or on the grid; the
supply the resources nobody holds; the tile stacks the tiles not on the map; the power
grid is dealt in data order unless given, the Caldera deck holds the powers left.
Play resumes in the main stage at ``turn = { seat = "Blue", at = "claim" }``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lapilli.core.errors import MalformedInput
from lapilli.core.hexgrid import Hex
from lapilli.core.positions import Description, enter, seat_of, turn_of

from .components import (
    BIOME_INDEX,
    BIOMES,
    CRITTERS,
    GRID_POWERS,
    KIND_COUNT,
    KIND_INDEX,
    KINDS,
    LIMITS,
    NB,
    POWER_IDS,
    SLOTS,
    SOIL,
    VOLCANO,
    fits_slot,
    kind_of,
    tile_code,
)
from .pieces import FLOWING, Stage
from .state import VolcaniqueState
from .text import seat_label, tile_name
from .turn import rest_of_turn, turn_frames

if TYPE_CHECKING:
    from lapilli.core.state import Game

TITLE = "Volcanique"
AT = dict.fromkeys(("turn", "move", "buy", "claim", "sacrifice", "caldera", "collect"))
"""Where a turn may resume: its start (the stage says what comes first), or one of the
rulebook's turn steps, in order."""
TILE_WORDS = {
    **{kind: kind for kind in KINDS},
    **{tile_name(kind).lower(): kind for kind in KINDS},
}


def dealt_grid(given: dict[str, str]) -> dict[str, str]:
    """A power grid as set-up may deal it: the slots given hold their powers, each other
    slot the first power (in data order) that fits it and is not dealt yet."""
    grid = dict(given)
    for slot in SLOTS:
        if slot not in grid:
            free = [p for p in GRID_POWERS if p not in grid.values() and fits_slot(p, slot)]
            if not free:
                raise MalformedInput(f"{TITLE} position: no power is left for the slot {slot}")
            grid[slot] = free[0]
    return grid


def hex_of(text: Any, desc: Description) -> tuple[int, int]:
    """``"-2,0"`` or ``"(-2, 0)"``: a hex as the map shows it."""
    found = re.fullmatch(r"\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*", str(text))
    if not found:
        desc.fail(f"a hex is written as on the map, like 0,0 or -2,1, not {text!r}")
    return int(found[1]), int(found[2])


def tile_of(text: Any, desc: Description) -> int:
    """A tile code from ``"soil"``, ``"volcano"``, ``"uno-dark"``, ``"dark uno"``,
    ``"duo-dark-light rotation 2"``."""
    words = str(text).strip().lower()
    if words in ("soil", "volcanic soil"):
        return SOIL
    if words == "volcano":
        return VOLCANO
    name, _, rotation = words.partition(" rotation ")
    if name not in TILE_WORDS or (rotation and rotation not in "012345"):
        desc.fail(
            f"{text!r} is not a tile: soil, volcano, or a land tile such as uno-dark, "
            "dark Uno, duo-dark-light rotation 2 (rotations 0-5)"
        )
    return tile_code(KIND_INDEX[TILE_WORDS[name]], int(rotation or 0))


def region_of(text: Any, desc: Description) -> tuple[int, int, int]:
    """``"0,0 dark"``: a biome colour of the tile on a hex."""
    where, _, colour = str(text).rpartition(" ")
    if colour not in BIOME_INDEX:
        desc.fail(f'a region is a hex and a biome colour, like "0,0 dark", not {text!r}')
    return (*hex_of(where, desc), BIOME_INDEX[colour])


def build(game: Game, description: Mapping[str, Any]) -> VolcaniqueState:
    """The position ``description`` describes (a dict, as read from TOML)."""
    desc = Description(description, "the position", TITLE)
    players = game.check_players(desc.take("players", int, game.default_players()))
    labels = [seat_label(p) for p in range(players)]
    seat, at = turn_of(desc, labels, AT, "move")
    data = game.new_state(players).to_json()
    stacks = {
        hex_of(h, desc): [tile_of(t, desc) for t in _list(tiles, h, desc)]
        for h, tiles in desc.part("map").items()
    }
    data["board"] = [[q, r, st] for (q, r), st in sorted(stacks.items())]
    lava = [hex_of(h, desc) for h in desc.take("lava", list, [])]
    data["lava"] = [[[q, r], FLOWING] for q, r in lava]
    grid = dealt_grid(desc.take("grid", dict, {}))
    data["grid"] = grid
    first = seat_of(desc.take("first", str, labels[0]), labels, TITLE)
    rounds = desc.count("round", 1, 1, 10**6)
    data.update(
        player=seat,
        first=first,
        round=rounds,
        turn=rounds * players,
        stage=Stage.MAIN.value,
        islands=[[] for _ in range(players)],
        stack=[],
    )
    tables = {seat_of(name, labels, TITLE): t for name, t in desc.part("seats").items()}
    holdings = [_seat(tables.get(p, {}), labels[p], grid) for p in range(players)]
    desc.done()
    _conserve(data, holdings, stacks, lava)
    state = VolcaniqueState.from_json(game, data)  # as game.state_from_json, typed
    if at == "turn":  # the stage's steps, the first ones may have no choice
        enter(state, *turn_frames(state), turn_of=seat)
    else:
        enter(state, *rest_of_turn(state, at))
    return state


def _list(value: Any, where: Any, desc: Description) -> list[Any]:
    if not isinstance(value, list) or not value:
        desc.fail(f"the map at {where} is a list of tiles, bottom first")
    return value


def _seat(table: Any, label: str, grid: dict[str, str]) -> dict[str, Any]:
    """One seat's holdings, from its table ``seats.<colour>``."""
    part = Description(table, f"seats, {label}", TITLE)
    held: dict[str, Any] = {}
    for key in ("critters", "colossal", "burrowed"):
        held[key] = {}
        for region, n in part.take(key, dict, {}).items():
            if type(n) is not int or n < 1:
                part.fail(f"{key} on {region}: {n!r} is not a number of critters")
            held[key][region_of(region, part)] = n
    held["sea"] = [hex_of(h, part) for h in part.take("sea", list, [])]
    res = part.take("resources", dict, {})
    if any(b not in BIOMES or type(n) is not int for b, n in res.items()):
        part.fail(f"{label}: resources are counts of {', '.join(BIOMES)}")
    held["resources"] = [res.get(b, 0) for b in BIOMES]
    held["crater"] = part.count("crater", 0, 0, LIMITS["crater"])
    held["points"] = part.count("points", 0, 0, 10**6)
    slots = {power: slot for slot, power in grid.items()}
    powers = part.names("powers", slots, "a power on the grid")
    held["unlocked"] = [slots[p] for p in powers]
    held["caldera"] = part.names("caldera", POWER_IDS, "a power card")
    part.done()
    return held


def _conserve(
    data: dict[str, Any],
    held: list[dict[str, Any]],
    stacks: dict[Hex, list[int]],
    lava: list[Hex],
) -> None:
    """Fill in what follows by conservation, then count what cannot add up."""
    spots: dict[str, list[Any]] = {key: [] for key in ("critters", "colossal", "burrowed")}
    for p, h in enumerate(held):
        for key in spots:
            spots[key] += [[[q, r, c, p], n] for (q, r, c), n in sorted(h[key].items())]
    data.update(spots)
    data["sea"] = [[[q, r], p] for p, h in enumerate(held) for q, r in h["sea"]]
    hands = []
    for p, h in enumerate(held):
        on_board = sum(h["critters"].values()) + sum(h["burrowed"].values())
        pieces = on_board + sum(h["colossal"].values()) + len(h["sea"])
        hands.append(CRITTERS - pieces - h["crater"] - len(h["unlocked"]))
        if hands[-1] < 0:
            raise MalformedInput(
                f"{TITLE} position: {seat_label(p)} has more than its {CRITTERS} critters"
            )
    data["hand"] = hands
    data["crater"] = [h["crater"] for h in held]
    data["points"] = [h["points"] for h in held]
    data["unlocked"] = [h["unlocked"] for h in held]
    data["resources"] = [h["resources"] for h in held]
    data["supply"] = [
        LIMITS["resource_supply"] - sum(r[b] for r in data["resources"]) for b in range(NB)
    ]
    codes = [c for st in stacks.values() for c in st]
    data["tiles"] = {
        k: KIND_COUNT[k] - sum(1 for c in codes if c >= 0 and KINDS[kind_of(c)] == k) for k in KINDS
    }
    data["tiles"] = {k: n for k, n in data["tiles"].items() if n}
    data["volcano_tiles"] = LIMITS["volcano_tiles"] - codes.count(VOLCANO)
    data["lava_tiles"] = LIMITS["lava_tiles"] - codes.count(SOIL) - len(lava)
    data["caldera_hands"] = [{"items": {c: 1 for c in h["caldera"]}} for h in held]
    used = {*data["grid"].values(), *(c for h in held for c in h["caldera"])}
    data["caldera_deck"] = {"items": {p: 1 for p in POWER_IDS if p not in used}}
    data["caldera_discard"] = []
