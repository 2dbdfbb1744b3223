"""Volcanique in numbers, for learning agents (see ``lapilli.core.numeric``).

The map has no edge, so the numeric view is a window: every hex within 20 steps of the
centre (0, 0), the centre first, then ring by ring (``hexgrid.spiral``). Random play
stays inside it; an action on a hex beyond has no id (the codec refuses it), and land
beyond the window is only counted.

The codec has an id for each action without a place (``done``, ``abandon``, buying,
choosing and turning tiles, bonus and discarded resources, the powers' own choices,
unlocking a grid slot, playing a Caldera card, ``use_power``, a lateral eruption's
side). The others are chosen in parts, each from its own range of ids: a payment is
``pay``, then the dark, medium and light amounts; an action on the map is its kind
(``place``, ``erupt``, ``claim``, ``move_from``, ...), then the hex of the window
(``at``), then what else it names: a biome colour, the hex a landslide slides onto
(``to``), the sea hex of a sea critter (``sea``), Converging Tectonic Plates' direction
and 1-2 steps, Rift's axis, side and direction. The table below gives each range.

The vector is built from ``observation(seat)`` only: my Caldera hand, the others' counts.
Seats start with "me". A hex shows its stack (land height, soil, volcano), the biome
colour of each of its six edges, lava, critters per owner and biome, and the marks of
the powers (colossal, burrowed and sea critters, winter, the super volcano).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.hexgrid import Hex, spiral
from lapilli.core.numeric import ActionCodec, Family, Layout, seats_from

from . import actions as A
from .bounds import bounds as bounds  # the set-up's promises
from .components import (
    BIOMES,
    EDGES,
    KIND_COUNT,
    KINDS,
    LIMITS,
    POWER_IDS,
    POWERS,
    SIDES,
    SLOTS,
    SOIL,
    VOLCANO,
)
from .pieces import FLOWING, Stage
from .view import Observation, critter_spots, hex_stacks, observe

if TYPE_CHECKING:
    from .game import Volcanique
    from .state import VolcaniqueState

RADIUS = 20
WINDOW = tuple(spiral((0, 0), RADIUS))
HEX_INDEX = {h: i for i, h in enumerate(WINDOW)}
STEP_NAMES = (
    *("setup_tile", "setup_place", "setup_rotate", "setup_critter", "deal", "deal_slot"),
    *("coin", "bonus", "move", "move_to", "buy", "pay", "bought", "place", "rotate"),
    *("migrate", "contests", "remove", "erupt", "super", "sleight", "escapes", "migration"),
    *("colossal_escape", "relocated", "volcano_lands", "unlock", "winter_spawn", "erupted"),
    *("siphon", "bomb", "bomb_roll", "lateral", "lateral_roll", "landslide", "lava_start"),
    *("divert", "diversion", "evacuate", "evacuated", "claim", "upgraded", "sacrifice"),
    *("from_hand", "island_tile", "island_place", "island_rotate", "caldera", "draw"),
    *("collect", "discard", "progress_lava", "lava_flow", "end_turn", "spend", "score_point"),
    *("super_erupts", "final_critter", "rift", "converge", "carnage", "play_caldera"),
    *("use_power", "over"),
)
"""The steps of the one-hot block, in a fixed order (the layout does not move when a
step is added elsewhere in the table); "over" once nothing is pending."""
STEP_INDEX = {name: i for i, name in enumerate(STEP_NAMES)}
STAGES = tuple(stage.value for stage in Stage)
BIOME_INDEX = {b: i for i, b in enumerate(BIOMES)}
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
POWER_INDEX = {p: i for i, p in enumerate(POWER_IDS)}
SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}
CRITTERS = LIMITS["critters"]
CRATER = LIMITS["crater"]
SUPPLY = LIMITS["resource_supply"]
HAND_CAP = LIMITS["hand_cap"]
VOLCANO_TILES = LIMITS["volcano_tiles"]
LAVA_TILES = LIMITS["lava_tiles"]
HEIGHT_SCALE = 20.0  # land tiles in one stack
CRITTER_SCALE = 10.0  # critters of one owner on one region
POINTS_SCALE = 30.0
ROUND_SCALE = 30.0
PRICE_SCALE = 20.0
BEYOND_SCALE = 10.0

LIMITED = ("rift", "converging_tectonic_plates")
"""The powers used through ``use_power``, each once in the main game and once in the
final turn."""
USES = tuple(f"{power}@{when}" for power in LIMITED for when in ("main", "final"))
HEX_KINDS = ("place", "erupt", "migrate", "evacuate", "erode", "freeze", "carnage", "sea_place")
REGION_KINDS = (
    *("claim", "move_from", "move_to", "sacrifice", "burrow", "emerge", "upgrade", "remove"),
)
ARGUMENT_HEXES = ("at", "to", "volcano", "source", "region", "dests", "island", "hexes")
"""Arguments of a pending step that name hexes (or regions, or lists of them)."""
ISLAND_MOST = max(LIMITS["island_tiles"], *(p.get("island_tiles", 0) for p in POWERS.values()))
ARGUMENT_NUMBERS = {
    "price": PRICE_SCALE,
    "count": PRICE_SCALE,
    "size": ISLAND_MOST,
    "height": HEIGHT_SCALE,
}

HEX_FEATURES = (
    "land",
    "land height / 20",
    "volcanic soil on top",
    "a volcano on top",
    *(f"edge {d}: {b}" for d in range(SIDES) for b in BIOMES),
    "lava",
    "lava that has reached the sea",
    "a winter spawn point",
    "the super volcano",
    "named by the pending step",
)
OWNER_FEATURES = (
    *(f"critters on its {b} region / 10" for b in BIOMES),
    *(f"colossal critters on its {b} region / 10" for b in BIOMES),
    *(f"burrowed critters under its {b} region / 10" for b in BIOMES),
    "a sea critter",
)
SEAT_FEATURES = (
    "critters in hand / 21",
    "critters in the crater / 3",
    *(f"{b} resources / 20" for b in BIOMES),
    "points / 30",
    "Caldera cards / 7",
    *(f"unlocked {s}" for s in SLOTS),
    *(f"used {use}" for use in USES),
    *(f"Caldera card {p} (if I may see it)" for p in POWER_IDS),
)

NOTES: Mapping[str, str] = {
    "me": "one-hot of my seat number (actions name seats by number)",
    "stage": f"one-hot of the stage ({', '.join(STAGES)})",
    "step": f"one-hot of the pending step ({', '.join(STEP_NAMES)})",
    "to_move": "one-hot of the seat to decide, me first (all 0 at chance and at the end)",
    "first": "one-hot of the first player, me first",
    "progress": "round / 30, turn / 30 (each at most 1); 1 once the end is triggered",
    "hexes": "per hex of the window: " + "; ".join(HEX_FEATURES),
    "owners": "per hex of the window, per seat (me first): " + "; ".join(OWNER_FEATURES),
    "beyond": "land hexes beyond the window / 10",
    "seats": "per seat (me first): " + "; ".join(SEAT_FEATURES),
    "supply": "resources in the supply, per biome / 20",
    "tiles": "land tiles left to buy, per kind / its count; volcano tiles / 15; lava tiles / 15",
    "grid": "per slot of the power grid: one-hot of its power",
    "caldera": "Caldera cards in the deck / 26; discarded Caldera cards, per card",
    "pending": "the pending step's tile kind (one-hot), power (one-hot), price / 20, "
    f"count / 20, size / {ISLAND_MOST}, height / 20",
}


def codec(game: Volcanique, players: int) -> ActionCodec:
    return _codec()


@cache
def _codec() -> ActionCodec:
    """One codec for every set-up: no action depends on the number of players."""
    plain = (
        *("done", "abandon", "sacrifice_hand", "summon_island", "buy_caldera", "buy_point"),
        *("magma_bomb", "magma_siphon", "super_volcano", "divert_lava"),
    )
    actions: list[Action | Family] = [A.act(kind) for kind in plain]
    actions += [*A.BUY.values(), *A.CHOOSE.values(), *A.ROTATE, *A.TAKE_BONUS, *A.DISCARD]
    actions += [*A.UNLOCK.values(), *A.PLAY_CALDERA.values()]
    actions += [A.act("use_power", power=p) for p in LIMITED]
    actions += [A.act("lateral", side=d) for d in range(SIDES)]
    payable = range(SUPPLY + 1)
    actions.append(Family("pay", **{b: payable for b in BIOMES}))
    actions += [Family(kind, at=WINDOW) for kind in HEX_KINDS]
    actions += [Family(kind, at=WINDOW, biome=BIOMES) for kind in REGION_KINDS]
    actions.append(Family("landslide", at=WINDOW, to=WINDOW))
    actions.append(Family("sea_land", at=WINDOW, biome=BIOMES, sea=WINDOW))
    actions.append(Family("sea_move", at=WINDOW, sea=WINDOW))
    actions.append(Family("converge", at=WINDOW, dir=range(SIDES), steps=(1, 2)))
    axes = ("q", "r", "s", "tile")
    actions.append(Family("rift", at=WINDOW, axis=axes, side=(-1, 0, 1), dir=range(SIDES)))
    return ActionCodec(actions)


def layout(game: Volcanique, players: int) -> Layout:
    return _layout(players)


@cache
def _layout(players: int) -> Layout:
    return Layout(
        me=players,
        stage=len(STAGES),
        step=len(STEP_NAMES),
        to_move=players,
        first=players,
        progress=3,
        hexes=(len(WINDOW), len(HEX_FEATURES)),
        owners=(len(WINDOW), players, len(OWNER_FEATURES)),
        beyond=1,
        seats=(players, len(SEAT_FEATURES)),
        supply=len(BIOMES),
        tiles=len(KINDS) + 2,
        grid=(len(SLOTS), len(POWER_IDS)),
        caldera=1 + len(POWER_IDS),
        pending=len(KINDS) + len(POWER_IDS) + len(ARGUMENT_NUMBERS),
    )


def _edge_row(code: int) -> np.ndarray:
    row = np.zeros(SIDES * len(BIOMES), dtype=np.float32)
    for d, colour in enumerate(EDGES[code]):
        row[d * len(BIOMES) + colour] = 1
    return row


EDGE_ROWS = {code: _edge_row(code) for code in EDGES}
EDGE_COLUMNS = slice(4, 4 + SIDES * len(BIOMES))
LAVA, SEA_LAVA, WINTER, SUPER, PENDING = range(EDGE_COLUMNS.stop, EDGE_COLUMNS.stop + 5)
COLOSSAL, BURROWED, SEA = len(BIOMES), 2 * len(BIOMES), 3 * len(BIOMES)


def encode(state: VolcaniqueState, seat: int) -> np.ndarray:
    obs = observe(state, seat)
    n = state.num_players
    shape = _layout(n)
    v = shape.zeros()
    b = shape.views(v)
    seats = seats_from(seat, n)
    rank = {p: i for i, p in enumerate(seats)}

    b["me"][seat] = 1
    b["stage"][STAGES.index(obs["stage"])] = 1
    pending = obs["step"]
    b["step"][STEP_INDEX[pending["step"] if pending else "over"]] = 1
    if obs["current"] >= 0:
        b["to_move"][rank[obs["current"]]] = 1
    if obs["first"] >= 0:
        b["first"][rank[obs["first"]]] = 1
    b["progress"][:] = (
        min(1.0, obs["round"] / ROUND_SCALE),
        min(1.0, obs["turn"] / ROUND_SCALE),
        bool(obs["end"]),
    )
    b["beyond"][0] = _map(b["hexes"], hex_stacks(obs)) / BEYOND_SCALE
    _marks(b["hexes"], b["owners"], obs, rank)
    for i, p in enumerate(seats):
        b["seats"][i] = _seat(obs, p)
    b["supply"][:] = np.array(obs["supply"]) / SUPPLY
    tiles = b["tiles"]
    for kind, left in obs["tiles"].items():
        tiles[KIND_INDEX[kind]] = left / KIND_COUNT[kind]
    tiles[-2:] = (obs["volcano_tiles"] / VOLCANO_TILES, obs["lava_tiles"] / LAVA_TILES)
    for slot, power in obs["grid"].items():
        b["grid"][SLOT_INDEX[slot], POWER_INDEX[power]] = 1
    caldera = b["caldera"]
    caldera[0] = obs["caldera_deck"] / len(POWER_IDS)
    for card in obs["caldera_discard"]:
        caldera[1 + POWER_INDEX[card]] = 1
    if pending:
        _pending(b["pending"], b["hexes"], pending.get("args", {}))
    return v


def _map(hexes: np.ndarray, stacks: dict[Hex, list[int]]) -> int:
    """Each stack of tiles in the window; returns how many lie beyond it."""
    beyond = 0
    for h, stack in stacks.items():
        i = HEX_INDEX.get(h)
        if i is None:
            beyond += 1
            continue
        row = hexes[i]
        top = stack[-1]
        land = len(stack) - 1 if top == VOLCANO else len(stack)
        row[:4] = (1, land / HEIGHT_SCALE, top == SOIL, top == VOLCANO)
        if top >= 0:
            row[EDGE_COLUMNS] = EDGE_ROWS[top]
    return beyond


def _marks(hexes: np.ndarray, owners: np.ndarray, obs: Observation, rank: dict[int, int]) -> None:
    """Lava, critters and the powers' marks on the hexes of the window."""
    index = HEX_INDEX
    for q, r, sea_turn in obs["lava"]:
        i = index.get((q, r))
        if i is not None:
            hexes[i, LAVA] = 1
            hexes[i, SEA_LAVA] = sea_turn != FLOWING
    kinds = ((obs["critters"], 0), (obs["colossal"], COLOSSAL), (obs["burrowed"], BURROWED))
    for rows, column in kinds:
        for q, r, biome, owner, count in critter_spots(rows):
            i = index.get((q, r))
            if i is not None:
                owners[i, rank[owner], column + BIOME_INDEX[biome]] += count / CRITTER_SCALE
    for q, r, owner in obs["sea"]:
        i = index.get((q, r))
        if i is not None:
            owners[i, rank[owner], SEA] = 1
    marks = [(spot[0], spot[1], WINTER) for spot in obs["winter"]]
    if obs["super_volcano"]:
        q, r, _ = obs["super_volcano"]
        marks.append((q, r, SUPER))
    for q, r, column in marks:
        i = index.get((q, r))
        if i is not None:
            hexes[i, column] = 1


def _seat(obs: Observation, p: int) -> list[float]:
    values: list[float] = [obs["hand"][p] / CRITTERS, obs["crater"][p] / CRATER]
    values += [x / SUPPLY for x in obs["resources"][p]]
    values += [obs["points"][p] / POINTS_SCALE, obs["caldera_counts"][p] / HAND_CAP]
    values += [s in obs["unlocked"][p] for s in SLOTS]
    used = obs["used"][p]
    values += [use in used for use in USES]
    if obs.get("seat") == p:
        known = obs.get("caldera_hand", [])
    else:
        known = obs["caldera_hands"][p] if "caldera_hands" in obs else []
    values += [known.count(card) for card in POWER_IDS]
    return values


def _pending(row: np.ndarray, hexes: np.ndarray, args: dict[str, Any]) -> None:
    """The pending step's arguments: its hexes marked on the map, its tile kind, power
    and numbers."""
    for key in ARGUMENT_HEXES:
        for h in _hexes(args.get(key)):
            i = HEX_INDEX.get(h)
            if i is not None:
                hexes[i, PENDING] = 1
    kind = args.get("kind")
    if isinstance(kind, int) and 0 <= kind < len(KINDS):
        row[kind] = 1
    power = args.get("power")
    if power in POWER_INDEX:
        row[len(KINDS) + POWER_INDEX[power]] = 1
    at = len(KINDS) + len(POWER_IDS)
    for offset, (key, scale) in enumerate(ARGUMENT_NUMBERS.items()):
        if isinstance(args.get(key), int):
            row[at + offset] = args[key] / scale


def _hexes(value: Any) -> list[tuple[int, int]]:
    """The hexes in an argument: a hex ``[q, r]``, a region ``[q, r, colour]``, or a
    list of them."""
    if not isinstance(value, list) or not value:
        return []
    if all(isinstance(x, int) for x in value):
        return [(value[0], value[1])]
    return [h for item in value for h in _hexes(item)]
