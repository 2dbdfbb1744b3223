"""Step 5: sacrificing critters to the crater (Frugal Ritual: 2 different resources
for one from the hand), burrowing (Burrowing Critters), and summoning an island
(Island Forger: up to 4 tiles). Nothing is sacrificed from a frozen tile."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.grid import distances
from lapilli.core.hexgrid import Hex

from . import critters, powers
from .actions import (
    CHOOSE,
    DONE,
    ROTATE,
    SACRIFICE_HAND,
    SUMMON_ISLAND,
    at_region,
    land_at,
    on_hex,
    on_region,
    refusal,
)
from .args import Seat
from .board import OWNER_BITS, SPOT_HEX, around, hex_id, ring_steps
from .claiming import CLAIM
from .components import (
    CRATER,
    FREE_ISLAND_CRITTERS,
    FREE_ISLAND_RESOURCES,
    ISLAND_COST,
    ISLAND_TILES,
    KIND_INDEX,
    KINDS,
    ROTATIONS,
    SACRIFICE_COST,
    tile_code,
)
from .events import Events
from .frames import frame
from .paying import PAY
from .pieces import FINAL, MAIN, Stage
from .triggers import trigger_end
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


FRUGAL_KINDS = 2
"""Frugal Ritual: a sacrifice from the hand for this many different resources."""

ISLAND_GAP = 2
"""A summoned island's first tile is this far from all land: one empty space between."""


# -- sacrifices ----------------------------------------------------------------------------
def sacrifice_options(s: VolcaniqueState, p: int) -> list[Action]:
    """Once per turn a critter from the board, and once (main stage, for 5 resources)
    one from the hand, while the crater has room; in a final turn only one of them.
    With 3 in the crater: summon an island."""
    turn = s.this_turn
    out: list[Action] = []
    if s.crater[p] < CRATER:
        board_done = turn.sacrificed_from_board or (s.stage is FINAL and turn.sacrificed_from_hand)
        if not board_done:
            out += on_region("sacrifice").on(
                spot >> OWNER_BITS
                for spot in sorted(s.census().mine[p])
                if not cold(s, spot >> SPOT_HEX)
            )
        if _may_sacrifice_from_hand(s, p):
            out.append(SACRIFICE_HAND)
    out += critters.burrow_options(s, p)
    if (
        s.stage is MAIN
        and s.crater[p] >= CRATER
        and s.tiles
        and (sum(s.resources[p]) >= ISLAND_COST or free_island(s, p))
    ):
        out.append(SUMMON_ISLAND)
    return out


def legal_sacrifice(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [*sacrifice_options(s, f.seat), DONE]


def _may_sacrifice_from_hand(s: VolcaniqueState, p: int) -> bool:
    return (
        s.stage is MAIN
        and not s.this_turn.sacrificed_from_hand
        and s.hand[p] > 0
        and (sum(s.resources[p]) >= SACRIFICE_COST or _frugal(s, p))
    )


def _frugal(s: VolcaniqueState, p: int) -> bool:
    """Frugal Ritual: 2 different resources instead of 5 (when the seat holds them)."""
    kinds = sum(1 for n in s.resources[p] if n)
    return powers.has_power(s, p, "frugal_ritual") and kinds >= FRUGAL_KINDS


def free_island(s: VolcaniqueState, p: int) -> bool:
    """Re-entry: 0 or 1 resources, fewer than 3 critters on land and 3 sacrifices."""
    return (
        sum(s.resources[p]) <= FREE_ISLAND_RESOURCES
        and s.census().placed[p] < FREE_ISLAND_CRITTERS
        and s.crater[p] >= CRATER
    )


def refuse_sacrifice(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    p = f.seat
    if a.kind in critters.BURROW_KINDS:
        return critters.refuse_burrow(s, p, a)
    if a.kind in ("sacrifice", "sacrifice_hand") and s.crater[p] >= CRATER:
        return "Sacrificial critter crater: it holds at most 3 critters"
    if a.kind == "sacrifice":
        if s.this_turn.sacrificed_from_board:
            return "Sacrifices: one critter from the play area per turn"
        if s.stage is Stage.FINAL and s.this_turn.sacrificed_from_hand:
            return "End-game sequence: one sacrifice in your final turn"
        at = land_at(s, a)
        if at is not None and cold(s, at):
            return "Volcanic Winter: no sacrifices from frozen tiles"
        return "Sacrifices: you may only sacrifice your own critters (not sea critters)"
    if a.kind == "sacrifice_hand":
        if s.stage is not Stage.MAIN:
            return "End-game sequence: no sacrifice from the hand for resources"
        if s.this_turn.sacrificed_from_hand:
            return "Sacrifices: one critter from the hand for resources per turn"
        if s.hand[p] <= 0:
            return "Sacrifices: you have no critter left in your hand"
        return (
            "Sacrifices: a critter from the hand costs 5 resources (Frugal Ritual: 2 "
            "different resources)"
        )
    if a.kind == "summon_island":
        return (
            "Summoning an island: costs 7 resources and 3 sacrifices in the crater "
            "(free with 0-1 resources and fewer than 3 critters on land), while land "
            "tiles are left"
        )
    return None


def sacrifice(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    p = f.seat
    if a == DONE:
        return []  # step 6 waits below
    if a.kind in critters.BURROW_KINDS:
        events = critters.burrow(s, p, a)
        then(s, f)  # the step goes on
        return events
    if a == SACRIFICE_HAND:
        s.this_turn = s.this_turn._replace(sacrificed_from_hand=True)
        frugal = _frugal(s, p)
        price = FRUGAL_KINDS if frugal else SACRIFICE_COST
        then(
            s,
            frame(PAY, p, price=price, purpose="sacrifice_hand", distinct=frugal),
            frame(FROM_HAND, seat=p),
            f,
        )
        return []
    if a == SUMMON_ISLAND:
        return _summon(s, p)
    region = at_region(a)
    s.hand[p] += s.take_critter(region, p)  # a Colossal's top piece
    s.crater[p] += 1
    s.this_turn = s.this_turn._replace(sacrificed_from_board=True)
    then(s, f)
    return [{"type": "sacrificed", "seat": p, "from": list(a.arg("at"))}]


def settle_sacrifice(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if len(s.step_legal(f)) > 1 else []  # more than "done"


def from_hand(s: VolcaniqueState, f: Frame) -> Events:
    seat = f.args.seat
    s.hand[seat] -= 1
    s.crater[seat] += 1
    return [{"type": "sacrificed", "seat": seat, "from": "hand"}]


# -- summoning an island -------------------------------------------------------------------
def _summon(s: VolcaniqueState, p: int) -> Events:
    """The 3 sacrificed critters go back to the hand; the island's tiles are placed one
    by one, then its uninhabited tiles may be claimed; then the sacrifice step goes on."""
    free = free_island(s, p)
    s.hand[p] += s.crater[p]
    s.crater[p] = 0
    size = min(powers.island_tiles(s, p), sum(s.tiles.values()))
    payment = [] if free else [PAY(p, price=ISLAND_COST, purpose="island")]
    then(s, *payment, ISLAND_TILE(p, island=(), size=size), SACRIFICE(p))
    return [{"type": "summon_island", "seat": p, "free": free}]


def island_hexes(s: VolcaniqueState, island: tuple[Hex, ...], size: int) -> list[int]:
    """The first island tile goes one empty space away from all land; the others join
    the island, still one space away from every other land tile. Only spots from which
    the whole island can be completed are offered."""
    lava = tuple(sorted(s.lava_hexes()))
    key = ("island", island, size, lava, tuple(sorted(s.sea)), s.winter and (s.winter, s.turn))
    memo = s.board.memo.hexes  # kept while the land keeps its shape (``board.Memo``)
    if key not in memo:
        memo[key] = _island_hexes(s, tuple(hex_id(h) for h in island), size)
    return memo[key]


def _island_hexes(s: VolcaniqueState, island: tuple[int, ...], size: int) -> list[int]:
    # no tile next to other land, nor on lava cooling in the sea or a sea critter
    other = [h for h in s.stacks if h not in island]
    blocked = set(other)
    for h in other:
        blocked.update(around(h))
    blocked.update(s.lava_hexes(), s.sea)
    near: set[int] = set()
    if island:
        for h in island:
            near.update(around(h))
    else:
        gap = ring_steps(ISLAND_GAP)
        near = {h + step for h in other for step in gap}
    spots = near.difference(blocked, island)
    if s.winter:  # summoned outside the winter's area
        spots = {c for c in spots if not cold(s, c)}
    need = min(size, ISLAND_TILES) - len(island) - 1  # Island Forger's 4th tile is optional
    if need <= 0:
        return sorted(spots)
    closed = blocked.union(island)
    return sorted(c for c in spots if _room_for((*island, c), need, closed))


def _room_for(island: tuple[int, ...], need: int, closed: set[int]) -> bool:
    """Whether ``need`` more tiles can join the island one by one: the free spaces
    (not ``closed``, nor the island) connected to it number at least ``need``."""
    if len(island) == 1:  # a first tile: its free neighbours, counted at once
        edge = set(around(island[0])).difference(closed)
    else:
        edge = set()
        for h in island:
            edge.update(around(h))
        edge.difference_update(closed, island)
    if len(edge) >= need:  # the usual case: room right beside it
        return True

    def free(h: int) -> bool:
        return h not in closed and h not in island

    return len(distances(edge, around, free, limit=need - 1)) >= need


def legal_island_tile(s: VolcaniqueState, f: Frame) -> list[Action]:
    extra = [DONE] if len(f.args.island) >= ISLAND_TILES else []  # Island Forger's 4th
    return [CHOOSE[k] for k in KINDS if s.tiles.get(k, 0) > 0] + extra


def refuse_island_tile(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "choose_tile":
        return None
    return f"Supply: no {a.arg('tile')} tile is left"


def choose_island_tile(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    island, size = f.args
    if a == DONE:
        return _island_done(s, f)
    then(s, ISLAND_PLACE(f.seat, island=island, size=size, kind=KIND_INDEX[a.arg("tile")]))
    return []


def settle_island_tile(s: VolcaniqueState, f: Frame) -> Events | None:
    """The island is complete (or the land tiles have run out): claim its tiles."""
    island, size = f.args
    room = len(island) < ISLAND_TILES or island_hexes(s, island, size)
    if len(island) < size and s.tiles and room:
        return None
    return _island_done(s, f)


def _island_done(s: VolcaniqueState, f: Frame) -> Events:
    events = [] if s.tiles else trigger_end(s, "last_land_tile", f.seat)
    then(s, CLAIM(f.seat, island=f.args.island))
    return events


def legal_island_place(s: VolcaniqueState, f: Frame) -> list[Action]:
    return on_hex("place").on(island_hexes(s, f.args.island, f.args.size))


def refuse_island_place(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    if not f.args.island:
        return "Summoning an island: its first tile goes one empty space away from all land"
    return (
        "Summoning an island: each tile joins the island, one empty space away from any "
        "other land and not on lava"
    )


def place_island_tile(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    then(s, ISLAND_ROTATE(f.seat, **f.args._asdict(), at=a.arg("at")))
    return []


def legal_island_rotate(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [ROTATE[r] for r in ROTATIONS[f.args.kind]]  # no edge rule for islands


def refuse_island_rotate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rotate":
        return None
    return "Summoning an island: turn the tile to one of its own rotations"


def rotate_island_tile(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    island, size, kind, at = f.args
    rotation = a.arg("rotation")
    s.take_tile(KINDS[kind])
    s.set_stack(hex_id(at), (tile_code(kind, rotation),))
    then(s, ISLAND_TILE(f.seat, island=(*island, at), size=size))
    return [
        {
            "type": "island_tile",
            "seat": f.seat,
            "tile": KINDS[kind],
            "at": list(at),
            "rotation": rotation,
        }
    ]


def settle_island_rotate(s: VolcaniqueState, f: Frame) -> Events | None:
    """An Uno looks the same every way round."""
    if len(ROTATIONS[f.args.kind]) > 1:
        return None
    return rotate_island_tile(s, f, ROTATE[ROTATIONS[f.args.kind][0]])


# -- the steps --------------------------------------------------------------------------
SACRIFICE = Step(
    "sacrifice",
    "Sacrifice (step 5)",
    legal_sacrifice,
    refusal(legal_sacrifice, refuse_sacrifice),
    sacrifice,
    settle=settle_sacrifice,
)


FROM_HAND = Step("from_hand", run=from_hand, Args=Seat)


class Summoning(NamedTuple):
    island: tuple[Hex, ...]  # its tiles so far
    size: int  # its tiles in all


class SummoningKind(NamedTuple):
    island: tuple[Hex, ...]
    size: int
    kind: int


class SummoningAt(NamedTuple):
    island: tuple[Hex, ...]
    size: int
    kind: int
    at: Hex


ISLAND_TILE = Step(
    "island_tile",
    "Summoning an island: choose a tile",
    legal_island_tile,
    refusal(legal_island_tile, refuse_island_tile),
    choose_island_tile,
    Args=Summoning,
    settle=settle_island_tile,
    word="summon island tile",
)


ISLAND_PLACE = Step(
    "island_place",
    "Summoning an island: place the tile",
    legal_island_place,
    refusal(legal_island_place, refuse_island_place),
    place_island_tile,
    Args=SummoningKind,
    word="summon island place",
)


ISLAND_ROTATE = Step(
    "island_rotate",
    "Summoning an island: rotate the tile",
    legal_island_rotate,
    refusal(legal_island_rotate, refuse_island_rotate),
    rotate_island_tile,
    Args=SummoningAt,
    settle=settle_island_rotate,
    word="summon island rotate",
)
