"""Volcanique positions in the rulebook's words (see ``docs/positions.md``).

A description names the map (each hex as the map shows it, ``"q,r"``, with its stack
of tiles bottom first: ``"uno-dark"`` or ``"dark Uno"``, ``"duo-dark-light rotation
2"``, ``"soil"``, ``"volcano"``), the lava, and per seat (by colour) its critters on
regions (``"0,0 dark" = 2``), Colossal and burrowed critters, sea critters, resources,
crater, unlocked powers, Caldera cards and points. The rest follows by conservation:
each seat's hand holds the critters not on the map, in the crater or on the grid; the
supply the resources nobody holds; the tile stacks the tiles not on the map; the power
grid is dealt in data order unless given, the Caldera deck holds the powers left.
The ``supply`` of tiles, volcanoes and lava may hold fewer than that (the last land
tiles). The stage of the game (``stage``, ``end``, ``final``), the super volcano, the
Volcanic Winter's spawn points and how far it has spread, the limited powers used and
the Magma Bomb thrown this round are named when they matter. Play resumes at a step of
a seat's turn (``turn = { seat = "Blue", at = "claim" }``), at the target of the volcano
it just bought (``at = "erupt"``) or at another seat's reaction to it (``at =
"react"`` with ``reaction = { seat = "Pink", power = "magma_siphon", volcano = "1,0"
}``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from lapilli.core.errors import MalformedInput
from lapilli.core.flow import Frame
from lapilli.core.hexgrid import Hex
from lapilli.core.positions import Description, enter, seat_of, turn_of

from .board import hex_id
from .components import (
    BIOME_INDEX,
    BIOMES,
    CRITTERS,
    FIRST_SLOT,
    GRID_POWERS,
    KIND_COUNT,
    KIND_INDEX,
    KINDS,
    LIMITS,
    NB,
    POWER_IDS,
    POWERS,
    SLOT_NEIGHBOURS,
    SLOTS,
    SOIL,
    VOLCANO,
    fits_slot,
    kind_of,
    tile_code,
    tile_name,
)
from .eruption import ERUPT, ERUPTED, ESCAPES, erupted, escapes
from .pieces import FLOWING, Stage, ThisTurn
from .powers import LIMITED
from .state import VolcaniqueState
from .text import END_REASONS, seat_label
from .turn import rest_of_turn, turn_frames

if TYPE_CHECKING:
    from lapilli.core.state import Game

TITLE = "Volcanique"
AT = dict.fromkeys(
    ("turn", "move", "buy", "spend", "claim", "sacrifice", "caldera", "collect", "erupt", "react")
)
"""Where a turn may resume: its start (the stage says what comes first), one of the
rulebook's turn steps, in order (a final turn spends instead of buying), the target of
the volcano just bought, or another seat's reaction to it."""
STAGES = ("main", "final", "eruption", "finale")
"""The stages a description may name (``pieces.Stage``): the main game, a final turn of
the end-game sequence, the super volcano owner's last turn, the finale."""
REASONS = {r.replace("_", " "): r for r in END_REASONS}
"""The end-game triggers, in words ("last land tile") or by id (``last_land_tile``)."""
REACTIONS = ("magma_siphon", "magma_bomb", "volcanic_migration")
"""The powers another seat answers a volcano with, as a pending reaction."""
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
    _end_game(desc, data, stacks, labels, seat)
    reaction = desc.part("reaction") if at == "react" else None
    supply = desc.part("supply") if "supply" in desc else None
    tables = {seat_of(name, labels, TITLE): t for name, t in desc.part("seats").items()}
    holdings = [_seat(tables.get(p, {}), labels[p], grid, rounds) for p in range(players)]
    for key in ("used", "bombed"):
        data[key] = [h.pop(key) for h in holdings]
    desc.done()
    _conserve(data, holdings, stacks, lava)
    if supply is not None:
        _supply(supply, data)
    if at in ("erupt", "react"):  # the volcano bought is in the air
        data["volcano_tiles"] -= 1
    state = VolcaniqueState.from_json(game, data)  # as game.state_from_json, typed
    if at == "turn":  # the stage's steps, the first ones may have no choice
        decides = any(f.seat == seat for f in turn_frames(state))
        enter(state, *turn_frames(state), turn_of=seat if decides else None)
    elif at in ("erupt", "react"):
        state.this_turn = ThisTurn(tiles=1)  # the volcano is this turn's tile
        enter(state, *_volcano_frames(state, desc, reaction, labels))
    else:
        names = [f.step.name for f in turn_frames(state)]
        if at not in names:
            steps = ", ".join(n for n in names if n in AT)
            desc.fail(f"a {state.stage.value} turn has no {at} step (its steps: {steps})")
        enter(state, *rest_of_turn(state, at))
    return state


def _end_game(
    desc: Description,
    data: dict[str, Any],
    stacks: dict[Hex, list[int]],
    labels: list[str],
    seat: int,
) -> None:
    """The stage of the game and what set off the end: ``stage`` (main, final, eruption,
    finale), ``end`` (the trigger, in words or by id), ``final`` (the seats still to
    play their final turn), ``super_volcano = { at = "2,0", seat = "Blue" }`` and
    ``winter = { "0,0" = 2 }`` (a spawn point and how far the winter has spread)."""
    stage = desc.take("stage", str, "main")
    if stage not in STAGES:
        desc.fail(f"the stage is one of {', '.join(STAGES)}, not {stage!r}")
    winter = {hex_of(h, desc): n for h, n in desc.take("winter", dict, {}).items()}
    for (q, r), n in winter.items():
        if type(n) is not int or not 0 <= n <= data["turn"]:
            desc.fail(f"winter: from {q},{r} it has spread 0-{data['turn']} spaces, not {n!r}")
        if (q, r) not in stacks:
            desc.fail(f"winter: it starts from a land tile, not from the ocean at {q},{r}")
    data["winter"] = [[[q, r], data["turn"] - n] for (q, r), n in winter.items()]
    sv = desc.part("super_volcano") if "super_volcano" in desc else None
    reason_default = "volcanic_winter" if winter else ""
    if sv is not None:
        q, r = hex_of(sv.take("at", str), sv)
        owner = seat_of(sv.take("seat", str), labels, TITLE)
        sv.done()
        if stacks.get((q, r), [None])[-1] != VOLCANO:
            desc.fail(f"the super volcano is a volcano: there is none at {q},{r}")
        data["super_volcano"] = [q, r, owner]
        reason_default = "super_volcanic_eruption"
    words = desc.take("end", str, reason_default)
    reason = REASONS.get(words.lower().replace("_", " ")) if words else ""
    if reason is None:
        desc.fail(f"the end is set off by {', '.join(r.replace('_', ' ') for r in END_REASONS)}")
    final = [seat_of(x, labels, TITLE) for x in desc.take("final", list, [])]
    if stage != "main" and reason in ("", "volcanic_winter") and stage != "finale":
        desc.fail(f'the {stage} stage follows an end trigger: give end = "last land tile" ...')
    if stage == "finale" and not reason:
        desc.fail("the finale follows an end trigger: give end")
    if stage == "eruption" and (sv is None or data["super_volcano"][2] != seat):
        desc.fail("the eruption stage is the super volcano owner's last turn: name it and its seat")
    if final and (stage != "final" or seat in final or len(set(final)) != len(final)):
        desc.fail("final names the other seats still to play their final turn (stage final)")
    data.update(stage=stage, end_reason=reason, final_left=final)


def _supply(part: Description, data: dict[str, Any]) -> None:
    """``supply = { "dark Uno" = 1, volcanoes = 2, lava = 5 }``: the land tiles left
    (kinds not named: none left), the volcano and lava tiles (by default what is not on
    the map); never more than the box holds beside the map."""
    box = dict(data["tiles"])
    tiles: dict[str, int] = {}
    for key in ("volcanoes", "lava"):
        field = "volcano_tiles" if key == "volcanoes" else "lava_tiles"
        n = part.count(key, data[field], 0, data[field])
        data[field] = n
    for name, n in part.items():
        kind = TILE_WORDS.get(str(name).lower())
        if kind is None:
            part.fail(f"{name!r} is not a land tile (like dark Uno, duo-dark-light)")
        if type(n) is not int or not 0 <= n <= box.get(kind, 0):
            left = box.get(kind, 0)
            part.fail(
                f"{tile_name(kind)}: {n!r} left, but the box holds {KIND_COUNT[kind]} and the "
                f"map {KIND_COUNT[kind] - left}, so at most {left}"
            )
        tiles[kind] = n
    data["tiles"] = {k: n for k, n in tiles.items() if n}


def _volcano_frames(
    s: VolcaniqueState, desc: Description, reaction: Description | None, labels: list[str]
) -> list[Frame]:
    """The volcano just bought: its target to choose (``erupt``), or a seat's reaction
    to it (``react``): Volcanic Migration off the target before it lands, Magma Siphon
    or Magma Bomb once it has landed. The reactions before it in turn order passed."""
    p = s.player
    rest = list(rest_of_turn(s, "claim"))
    if reaction is None:
        return [ERUPT(p), *rest]
    who = seat_of(reaction.take("seat", str), labels, TITLE)
    power = reaction.take("power", str)
    q, r = hex_of(reaction.take("volcano", str), reaction)
    reaction.done()
    if power not in REACTIONS:
        desc.fail(f"reaction: a volcano is answered with {', '.join(REACTIONS)}, not {power!r}")
    top = s.stacks.get(hex_id((q, r)), ())
    landed = power != "volcanic_migration"
    if not top or (top[-1] == VOLCANO) != landed:
        where = "has landed on" if landed else "is about to land on (no volcano there yet)"
        desc.fail(f"reaction: {POWERS[power]['name']} answers a volcano that {where} {q},{r}")
    s.stack = []
    if landed:
        erupted(s, ERUPTED(volcano=(q, r), seat=p, main=True))
    else:
        escapes(s, ESCAPES(volcano=(q, r), seat=p, main=True))
    pending = s.stack[::-1]  # the reactions, the first one first
    mine = [
        i for i, f in enumerate(pending) if f.seat == who and power.split("_")[-1] in f.step.name
    ]
    if not mine or who == p:
        desc.fail(
            f"reaction: {labels[who]} has no {POWERS[power]['name']} to use here (it holds "
            "none, has used it this round, has no critter it would act on, or bought the volcano)"
        )
    return [*pending[mine[0] :], *rest]


def _list(value: Any, where: Any, desc: Description) -> list[Any]:
    if not isinstance(value, list) or not value:
        desc.fail(f"the map at {where} is a list of tiles, bottom first")
    return value


def _seat(table: Any, label: str, grid: dict[str, str], rounds: int) -> dict[str, Any]:
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
    _unlock_order(part, [slots[p] for p in powers], grid)
    held["caldera"] = part.names("caldera", POWER_IDS, "a power card")
    used = part.names("used", LIMITED, "a limited power (rift, converging_tectonic_plates)")
    final = part.names("used_final", LIMITED, "a limited power")
    held["used"] = [f"{u}@main" for u in used] + [f"{u}@final" for u in final]
    held["bombed"] = rounds if part.take("magma_bomb_thrown", bool, False) else -1
    part.done()
    return held


def _unlock_order(part: Description, held: list[str], grid: dict[str, str]) -> None:
    """Powers are unlocked the Level 1 power first, then a slot sharing an edge with
    one held: the slots held are L1 and those linked to it through slots held."""
    if not held:
        return
    reached, todo = set(), [FIRST_SLOT] if FIRST_SLOT in held else []
    while todo:
        slot = todo.pop()
        reached.add(slot)
        todo += [n for n in SLOT_NEIGHBOURS[slot] if n in held and n not in reached]
    cut = [slot for slot in held if slot not in reached]
    if cut:
        names = ", ".join(f"{POWERS[grid[x]]['name']} ({x})" for x in cut)
        first = "" if FIRST_SLOT in held else f": the Level 1 power ({FIRST_SLOT}) comes first"
        part.fail(f"{names} cannot be unlocked without a power next to it on the grid held{first}")


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
