"""Step 2: buying a tile (or a volcano, ``eruption.py``), placing and turning it, the
second tile on volcanic soil. What happens to the critters under it and to contested
biomes is ``land.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from . import powers
from .actions import DONE, land_at, refusal
from .board import hex_id
from .components import (
    CRATER,
    KIND_INDEX,
    KINDS,
    ROTATIONS,
    SOIL,
    VOLCANO,
    tile_code,
)
from .eruption import ERUPT
from .events import Events
from .frames import frame
from .land import CONTESTS, may_target, stack_hexes, stack_tile, targets
from .paying import PAY
from .triggers import trigger_end
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


def placements(s: VolcaniqueState, seat: int, kind: int) -> list[int]:
    fits_on = s.board.fits_on
    return [h for h in stack_hexes(s, seat) if fits_on[h][kind]]


def buy_options(s: VolcaniqueState, seat: int) -> list[str]:
    """The tiles in the supply the seat can afford and place (land tiles need a place
    that obeys the edge rule; a volcano is the turn's only tile)."""
    total = sum(s.resources[seat])
    hexes = None
    fitting = 0  # the kinds with a place, found when a land tile is affordable
    out = []
    for kind, k in enumerate(KINDS):
        if s.options.tile_cost(kind) <= total and s.tiles.get(k, 0) > 0:
            if hexes is None:
                hexes = stack_hexes(s, seat)
                kinds_on = s.board.kinds_on
                for h in hexes:
                    fitting |= kinds_on[h]
            if fitting >> kind & 1:
                out.append(k)
    if volcano_allowed(s, seat, hexes):
        out.append("volcano")
    return out


def another_tile(s: VolcaniqueState, seat: int) -> bool:
    """The first tile of the turn, or one more when every tile so far went on volcanic
    soil (2 in all; Crafty Critters: 3)."""
    turn = s.this_turn
    return not turn.tiles or turn.on_soil == turn.tiles < powers.max_tiles(s, seat)


def volcano_allowed(s: VolcaniqueState, seat: int, land: list[int] | None = None) -> bool:
    """A volcano is the turn's tile, or the next one after tiles on soil (it ends the
    buying: it counts as the Place a Tile step). ``land``: where a land tile may go, if
    known (a volcano may go there too, and on tiles burrowed critters protect)."""
    return (
        another_tile(s, seat)
        and s.volcano_tiles > 0
        and sum(s.resources[seat]) >= s.options.volcano_cost
        and bool(land or stack_hexes(s, seat, volcano=True))
    )


# -- 2. buy --------------------------------------------------------------------------------
def legal_buy(s: VolcaniqueState, f: Frame) -> list[Action]:
    options = [A.BUY[k] for k in buy_options(s, f.seat)]
    if s.this_turn.tiles or s.options.optional_buy:
        options.append(DONE)  # the second tile is optional (the first: a variant)
    return options


def refuse_buy(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a == DONE:
        return "Buying tiles: you must buy a tile when you can afford one that has a place"
    if a.kind != "buy":
        return None
    tile = a.arg("tile")
    if tile == "volcano":
        return refuse_volcano(s, f.seat)
    if tile not in KIND_INDEX:
        return f"Buying tiles: there is no tile called {tile}"
    if s.tiles.get(tile, 0) <= 0:
        return f"Buying tiles: no {tile} tile is left in the supply"
    return (
        "Buying tiles: you cannot afford it, or it has nowhere to go (it must stack on "
        "land and connect a biome edge)"
    )


def refuse_volcano(s: VolcaniqueState, seat: int) -> str:
    if not another_tile(s, seat):
        return (
            "Volcanoes: playing a volcano counts as your one Place a Tile step (a further "
            "tile only follows tiles played on volcanic soil)"
        )
    if s.volcano_tiles <= 0:
        return "Volcanoes: no volcano tile is left in the supply"
    if sum(s.resources[seat]) < s.options.volcano_cost:
        return "Volcanoes: you cannot afford a volcano tile"
    return "Volcanoes: a volcano must be unleashed on a land tile you may target"


def buy(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []  # claiming waits under the buying (see ``turn.begin_turn``)
    tile = a.arg("tile")
    price = s.options.volcano_cost if tile == "volcano" else s.options.tile_cost(KIND_INDEX[tile])
    purpose = "volcano" if tile == "volcano" else "tile"
    then(s, frame(PAY, f.seat, price=price, purpose=purpose), frame(BOUGHT, seat=f.seat, tile=tile))
    return []


def settle_buy(s: VolcaniqueState, f: Frame) -> Events | None:
    """Nothing left to buy: on to claiming. Nothing bought at all, for want of
    resources: a critter from the hand goes to the crater instead."""
    seat = f.seat
    tiles = s.this_turn.tiles
    if tiles >= powers.max_tiles(s, seat):
        return []
    if any(a != DONE for a in s.step_legal(f)):  # a tile to buy
        return None
    if tiles:
        return []
    if s.hand[seat] > 0 and s.crater[seat] < CRATER:
        s.hand[seat] -= 1
        s.crater[seat] += 1
        return [{"type": "forced_sacrifice", "seat": seat}]
    return []


def bought(s: VolcaniqueState, f: Frame) -> Events:
    """The tile paid for leaves the supply; the buyer places it."""
    seat, tile = f.args.seat, f.args.tile
    s.this_turn = s.this_turn._replace(tiles=s.this_turn.tiles + 1)
    if tile == "volcano":
        s.volcano_tiles -= 1
        then(s, ERUPT(seat))
        return []
    s.take_tile(tile)
    events: Events = [{"type": "bought", "seat": seat, "tile": tile}]
    if not s.tiles:
        events.extend(trigger_end(s, "last_land_tile", seat))
    then(s, frame(PLACE, seat, kind=KIND_INDEX[tile]))
    return events


# -- stacking it ---------------------------------------------------------------------------
def legal_place(s: VolcaniqueState, f: Frame) -> list[Action]:
    return A.PLACE.on(placements(s, f.seat, f.args.kind))


def refuse_place(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    at = land_at(s, a)
    if at is None:
        return (
            "Placing a tile: land tiles must stack on existing land tiles, never directly "
            "in the ocean"
        )
    if s.stacks[at][-1] == VOLCANO:
        return "Placing a tile: land tiles cannot be played on volcano tiles"
    if at in s.lava_hexes():
        return "Placing a tile: land tiles cannot be played on lava"
    if s.burrowed_on(at):
        return "Burrowing Critters: a burrowed critter protects its tile from stacked tiles"
    if cold(s, at):
        return "Volcanic Winter: no tiles are placed on frozen tiles"
    if not may_target(s, at, targets(s, f.seat)):
        if s.options.engagement == "symbiosis":
            return (
                "Rules of engagement (symbiosis): you may only stack on soil, on tiles "
                "without critters, or on tiles of a player you may target"
            )
        return (
            "Rules of engagement (to the left): you may only stack on soil or on tiles "
            "with a critter of the player on your left (or of anyone with 5 critters)"
        )
    return (
        "Placing a tile: it must connect to at least one edge of an adjacent tile with a "
        "matching biome"
    )


def place(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    then(s, frame(ROTATE, f.seat, kind=f.args.kind, at=a.arg("at")))
    return []


def settle_place(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return place(s, f, legal[0]) if len(legal) == 1 else None


def legal_rotate(s: VolcaniqueState, f: Frame) -> list[Action]:
    kind = f.args.kind
    mask = s.board.fits_on[hex_id(f.args.at)][kind]
    return [A.ROTATE[r] for r in ROTATIONS[kind] if mask >> r & 1]


def refuse_rotate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rotate":
        return None
    return "Placing a tile: rotate the new tile to match the connecting biome on at least one edge"


def rotate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Stack the tile; critters on the covered tile migrate, contested biomes resolve,
    then a second tile if every tile so far went on volcanic soil (claiming waits below)."""
    seat, at = f.seat, hex_id(f.args.at)
    on_soil = s.stacks[at][-1] == SOIL
    events, migrations = stack_tile(s, at, tile_code(f.args.kind, a.arg("rotation")), seat)
    turn = s.this_turn
    if on_soil and turn.on_soil == turn.tiles - 1:
        s.this_turn = turn._replace(on_soil=turn.tiles)
    again = another_tile(s, seat)
    then(s, *migrations, frame(CONTESTS), *([frame(BUY, seat)] if again else []))
    return events


def settle_rotate(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return rotate(s, f, legal[0]) if len(legal) == 1 else None


# -- the steps --------------------------------------------------------------------------
BUY = Step(
    "buy",
    "Buy and stack a tile (step 2)",
    legal_buy,
    refusal(legal_buy, refuse_buy),
    buy,
    settle=settle_buy,
)


class Bought(NamedTuple):
    seat: int
    tile: str  # a land tile kind, or "volcano"


BOUGHT = Step("bought", run=bought, Args=Bought)


class Kind(NamedTuple):
    kind: int


class KindAt(NamedTuple):
    kind: int
    at: Hex


PLACE = Step(
    "place",
    "Buy and stack a tile: choose where to stack it",
    legal_place,
    refusal(legal_place, refuse_place),
    place,
    Args=Kind,
    settle=settle_place,
    word="stack",
)


ROTATE = Step(
    "rotate",
    "Buy and stack a tile: choose its rotation",
    legal_rotate,
    refusal(legal_rotate, refuse_rotate),
    rotate,
    Args=KindAt,
    settle=settle_rotate,
)
