"""Powers that move land: Erosion, Landslide, Rift, Converging Tectonic Plates.

- Erosion: before claiming, remove 1 uninhabited top tile from the game (a volcano
  too), revealing the tile beneath.
- Landslide: when its holder activates a volcano, the top tile of a stack next to it
  slides onto a lower neighbouring stack; critters riding it survive, critters it lands
  on evacuate (2 resources each) or are crushed.
- Rift: split an island along a straight line (or split off one tile) and shift the
  section one space away, leaving one ocean space between the parts.
- Converging Tectonic Plates: shift a whole island up to 2 spaces in one direction,
  stopping as soon as it touches other land.
Rift and Converging are limited powers (once in the main game, once in the final
turn); the contested biomes they create are resolved with their user's advantage.
Nothing moves onto lava, a sea critter or other land.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.grid import connected
from lapilli.core.hexgrid import DIRECTIONS

from .actions import act, at_hex, on_hex, refusal
from .args import Target
from .board import (
    COLOUR_MASK,
    OWNER_BITS,
    OWNER_MASK,
    REGION_BITS,
    SPOT_HEX,
    STEP,
    Board,
    around,
    hex_id,
    hex_of,
    land_height,
    region_of,
    xy,
)
from .components import VOLCANO
from .events import Events
from .frames import frame
from .land import CONTESTS
from .lava import EVACUATE
from .pieces import Lava
from .powers import LIMITED, has_power, limited_use, own_turn_step
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


EROSION_KINDS = frozenset({"erode"})
RIFT_POWER, CONVERGE_POWER = LIMITED
USE = {power: act("use_power", power=power) for power in LIMITED}
CONVERGE_REACH = 2
"""Converging Tectonic Plates: an island moves up to this many spaces."""
RIFT_GAP = 2
"""Rift: the split parts end this far apart (one ocean space between: ``_rifts`` keeps
the moved part off the rest and its neighbours)."""


def _inhabited(s: VolcaniqueState) -> set[int]:
    census = s.census()
    return {*census.on_hex, *census.under_hex}


# -- Erosion -------------------------------------------------------------------------------
def erosion_options(s: VolcaniqueState, seat: int) -> list[Action]:
    turn = s.this_turn
    if not has_power(s, seat, "erosion") or turn.eroded or turn.claimed:
        return []
    inhabited = _inhabited(s)
    lava = s.lava_hexes()
    # the super volcano waits for its eruption
    kept = {hex_id((s.super_volcano[0], s.super_volcano[1]))} if s.super_volcano else set()
    erode = on_hex("erode")
    return [
        erode[h]
        for h, stack in sorted(s.stacks.items())
        if len(stack) >= 2 and h not in inhabited and h not in lava and h not in kept
    ]


def refuse_erosion(s: VolcaniqueState, seat: int, a: Action) -> str:
    if s.this_turn.claimed:
        return "Erosion: only before claiming uninhabited tiles"
    if s.this_turn.eroded:
        return "Erosion: one tile per turn"
    return "Erosion: remove an uninhabited tile (not lava) that has a tile beneath it"


def erode(s: VolcaniqueState, seat: int, a: Action, again: Frame) -> Events:
    """The top tile leaves the game; biomes the revealed tile joins are contested."""
    at = at_hex(a)
    stack = s.stacks[at]
    s.removed = [*s.removed, stack[-1]]
    s.set_stack(at, stack[:-1])
    s.this_turn = s.this_turn._replace(eroded=True)
    then(s, frame(CONTESTS), again)
    return [{"type": "eroded", "seat": seat, "at": xy(at)}]


# -- Landslide -----------------------------------------------------------------------------
def slides(s: VolcaniqueState, volcano: int) -> list[tuple[int, int]]:
    """(from, onto): the top land tile of a stack next to the volcano onto a lower
    neighbouring stack (land or soil, not a volcano, lava, a frozen tile or a tile a
    burrowed critter protects)."""
    lava = s.lava_hexes()
    protected = s.census().under_hex
    out = []
    for src in around(volcano):
        stack = s.stacks.get(src)
        if not stack or stack[-1] < 0 or src in lava or cold(s, src):
            continue
        height = land_height(stack)
        for dst in around(src):
            below = s.stacks.get(dst)
            if (
                below
                and dst != volcano
                and below[-1] != VOLCANO
                and land_height(below) < height
                and dst not in lava
                and dst not in protected
                and not cold(s, dst)
            ):
                out.append((src, dst))
    return out


def legal_landslide(s: VolcaniqueState, f: Frame) -> list[Action]:
    options = [
        act("landslide", at=hex_of(a), to=hex_of(b)) for a, b in slides(s, hex_id(f.args.volcano))
    ]
    return options + [act("done")]


def refuse_landslide(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "landslide":
        return None
    return (
        "Landslide: slide the top tile of a stack next to the volcano onto a lower "
        "neighbouring stack (not a volcano, lava, frozen or burrowed tile)"
    )


def landslide(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The tile slides with its riders; critters it lands on evacuate or are crushed."""
    if a.kind == "done":
        return []
    src, dst = at_hex(a), hex_id(a.arg("to"))
    lava = s.lava_hexes()
    biome_of = s.board.biome_of
    crushed = []
    moving = (src, dst, *lava)  # both tiles change: a refuge is elsewhere in the biome
    for spot in s.spots_on(dst):
        region = spot >> OWNER_BITS
        tiles = biome_of[region].tiles
        dests = tuple(
            hex_of(h) for h in sorted(h for h in tiles if h not in moving and not cold(s, h))
        )
        evacuation = EVACUATE(spot & OWNER_MASK, region=region_of(region), dests=dests)
        crushed += [evacuation] * s.critters[spot]
    riders = []
    for spot in s.spots_on(src):
        n = s.critters[spot]
        region, owner = spot >> OWNER_BITS, spot & OWNER_MASK
        riders.append((region & COLOUR_MASK, owner, n, s.take_critter(region, owner, n)))
    burrowed = [(x, s.unbury(x)) for x in s.burrowed_on(src)]
    stack = s.stacks[src]
    s.set_stack(src, stack[:-1])
    s.set_stack(dst, (*s.stacks[dst], stack[-1]))
    for colour, owner, n, big in riders:
        s.add_critter(dst << REGION_BITS | colour, owner, n, big)
    for x, n in burrowed:  # burrowed ones ride in the tile too
        s.bury(dst << SPOT_HEX | x & ((1 << SPOT_HEX) - 1), n)
    then(s, *crushed, frame(CONTESTS))
    return [{"type": "landslide", "seat": f.seat, "from": xy(src), "to": xy(dst)}]


# -- moving whole sections of land ---------------------------------------------------------
def islands(s: VolcaniqueState) -> list[tuple[int, ...]]:
    """The land masses: groups of land spaces joined edge to edge, in order."""
    stacks = s.stacks
    seen: set[int] = set()
    out = []
    for h in sorted(stacks):
        if h not in seen:
            group = connected(h, around, lambda x: x in stacks)
            seen |= group
            out.append(tuple(sorted(group)))
    return out


def _shifted(hexes: tuple[int, ...], d: int, k: int) -> list[int]:
    step = STEP[d] * k
    return [h + step for h in hexes]


def _blocked(s: VolcaniqueState) -> set[int]:
    """Spaces moving land may not enter: lava in the sea and sea critters."""
    return {flow.at for flow in s.lava if flow.at not in s.stacks} | set(s.sea)


def shift(s: VolcaniqueState, hexes: tuple[int, ...], d: int, k: int) -> None:
    """Move land spaces ``k`` steps in direction ``d`` with all they carry (critters,
    burrowed and Colossal critters, lava on them). The critters' dicts are new ones:
    the position counts its census again."""
    step = STEP[d] * k
    moving = set(hexes)

    def moved(h: int) -> int:
        return h + step if h in moving else h

    stacks = {moved(h): st for h, st in s.stacks.items()}
    s.board = Board(stacks)

    def carried(spots: dict[int, int]) -> dict[int, int]:
        return {
            (spot + (step << SPOT_HEX) if spot >> SPOT_HEX in moving else spot): n
            for spot, n in spots.items()
        }

    s.critters = carried(s.critters)
    s.colossal = carried(s.colossal)
    s.burrowed = carried(s.burrowed)
    s.lava = [Lava(moved(flow.at), flow.sea_turn) for flow in s.lava]
    if s.super_volcano:
        q, r, seat = s.super_volcano
        s.super_volcano = (*hex_of(moved(hex_id((q, r)))), seat)


Moves = Callable[[set[int]], Iterator[Action]]
"""A tectonic power's moves, given the spaces land may not enter."""


def _all_moves(s: VolcaniqueState, name: str, moves: Moves) -> list[Action]:
    """The moves of a tectonic power with its blocked spaces, kept while the land keeps
    its shape (``board.Memo``: they depend on nothing else)."""
    blocked = _blocked(s)
    key = (name, tuple(sorted(blocked)))
    memo = s.board.memo.moves
    if key not in memo:
        memo[key] = list(moves(blocked))
    return memo[key]


def _any_move(s: VolcaniqueState, name: str, moves: Moves) -> bool:
    """Whether a tectonic power has any move here (it stops at the first), kept like
    ``_all_moves``."""
    blocked = _blocked(s)
    key = (name, tuple(sorted(blocked)))
    memo = s.board.memo.any_move
    if key not in memo:
        memo[key] = next(moves(blocked), None) is not None
    return memo[key]


def converge_options(s: VolcaniqueState) -> list[Action]:
    """Each island, each direction, 1 or 2 spaces; it stops once it touches land."""
    return _all_moves(s, "converge", lambda blocked: _converges(s, blocked))


def _converges(s: VolcaniqueState, blocked: set[int]) -> Iterator[Action]:
    for island in islands(s):
        others = [h for h in s.stacks if h not in island]
        near = {nb for h in others for nb in around(h)} | set(others)
        for d in range(len(DIRECTIONS)):
            for k in range(1, CONVERGE_REACH + 1):
                to = _shifted(island, d, k)
                if any(h in blocked or h in others for h in to):
                    break
                yield act("converge", at=hex_of(island[0]), dir=d, steps=k)
                if any(h in near for h in to):
                    break  # it touches another island: the movement ends


def may_converge(s: VolcaniqueState) -> bool:
    return _any_move(s, "converge", lambda blocked: _converges(s, blocked))


def rift_options(s: VolcaniqueState) -> list[Action]:
    return _all_moves(s, "rift", lambda blocked: _rifts(s, blocked))


def may_rift(s: VolcaniqueState) -> bool:
    return _any_move(s, "rift", lambda blocked: _rifts(s, blocked))


AXES: dict[str, Callable[[int], int]] = {
    "q": lambda h: hex_of(h)[0],
    "r": lambda h: hex_of(h)[1],
    "s": lambda h: -hex_of(h)[0] - hex_of(h)[1],
}
"""The three straight lines of a hex map: a rift line runs along one of them."""


def section(island: tuple[int, ...], at: int, axis: str, side: int) -> tuple[int, ...]:
    """The part of an island a rift splits off: the tile ``at`` alone (axis "tile"), or
    every tile on ``at``'s side of a line along ``axis`` (side 1: that coordinate at least
    ``at``'s, side -1: at most), ``at`` included."""
    if axis == "tile":
        return (at,)
    key = AXES[axis]
    v = key(at)
    return tuple(h for h in island if (key(h) - v) * side >= 0)


def _sections(island: tuple[int, ...]) -> list[tuple[int, str, int, tuple[int, ...]]]:
    """The (at, axis, side, part) a rift may split off an island: one side of a straight
    line, or a single tile; both the part and the rest stay in one piece."""
    whole = set(island)
    found: dict[tuple[int, ...], tuple[int, str, int]] = {}
    for h in island:
        found.setdefault((h,), (h, "tile", 0))
    for axis, key in AXES.items():
        value = {h: key(h) for h in island}
        values = sorted(set(value.values()))
        for low, high in zip(values, values[1:], strict=False):
            for v, side in ((high, 1), (low, -1)):
                at = min(h for h in island if value[h] == v)
                part = tuple(h for h in island if (value[h] - v) * side >= 0)  # ``section``
                found.setdefault(part, (at, axis, side))
    out = []
    for part, (at, axis, side) in sorted(found.items()):
        rest = whole.difference(part)
        if rest and _whole(set(part)) and _whole(rest):
            out.append((at, axis, side, part))
    return out


def _whole(group: set[int]) -> bool:
    """Whether a group of hexes is in one piece (``grid.connected``, inlined: asked for
    every section of every island)."""
    start = next(iter(group))
    seen, todo = {start}, [start]
    while todo:
        for nb in around(todo.pop()):
            if nb in group and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    return len(seen) == len(group)


def _rifts(s: VolcaniqueState, blocked: set[int]) -> Iterator[Action]:
    for island in islands(s):
        if len(island) < 2:
            continue
        others = {h for h in s.stacks if h not in island}
        for at, axis, side, part in _sections(island):
            rest = [h for h in island if h not in part]
            # one ocean space between: no tile of the part next to the rest (nor on it)
            near_rest = {nb for h in rest for nb in around(h)}.union(rest)
            for d in range(len(DIRECTIONS)):
                step = STEP[d]
                if any(
                    h + step in blocked or h + step in others or h + step in near_rest for h in part
                ):
                    continue
                yield _rift_act(at, axis, side, d)


_RIFTS: dict[tuple[int, str, int, int], Action] = {}


def _rift_act(at: int, axis: str, side: int, d: int) -> Action:
    key = (at, axis, side, d)
    a = _RIFTS.get(key)
    if a is None:
        a = _RIFTS[key] = act("rift", at=hex_of(at), axis=axis, side=side, dir=d)
    return a


def legal_limited(s: VolcaniqueState, f: Frame) -> list[Action]:
    """The free steps of Rift and Converging Tectonic Plates, at any step of the
    holder's own turn while a use is left."""
    seat = f.seat
    if not (s.unlocked[seat] or s.this_turn.granted) or not own_turn_step(s, f):
        return []  # (asked at every step: the common case first)
    grid = s.grid
    held = {grid.get(slot) for slot in s.unlocked[seat]}  # (one look at the seat's slots)
    held.update(s.this_turn.granted)  # (its own turn: own_turn_step)
    out = []
    if RIFT_POWER in held and _unused(s, seat, RIFT_POWER) and may_rift(s):
        out.append(USE[RIFT_POWER])
    if CONVERGE_POWER in held and _unused(s, seat, CONVERGE_POWER) and may_converge(s):
        out.append(USE[CONVERGE_POWER])
    return out


def _unused(s: VolcaniqueState, seat: int, power: str) -> bool:
    """The seat has not used the limited power yet in this part of the game (see
    ``powers.may_use_limited``)."""
    return not s.used[seat] or limited_use(s, power) not in s.used[seat]


def refuse_limited(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return (
        "Limited powers: Rift and Converging Tectonic Plates are used once in the main "
        "game and once more in your final turn, during your own turn, by their holder"
    )


def use_limited(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The use is spent; its holder chooses how the land moves."""
    power = a.arg("power")
    s.used[f.seat] = (*s.used[f.seat], limited_use(s, power))
    step = RIFT if power == "rift" else CONVERGE
    then(s, step(f.seat))
    return [{"type": "power_used", "seat": f.seat, "power": power}]


def legal_rift(s: VolcaniqueState, f: Frame) -> list[Action]:
    return rift_options(s)


def refuse_rift(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rift":
        return None
    return (
        "Rift: split off one side of a straight line across an island (or one tile) and "
        "move it one space straight out, leaving one ocean space between the parts"
    )


def rift(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    at, d = at_hex(a), a.arg("dir")
    island = next(i for i in islands(s) if at in i)
    part = section(island, at, a.arg("axis"), a.arg("side"))
    shift(s, part, d, 1)
    then(s, CONTESTS(favoured=f.seat))
    return [{"type": "rift", "seat": f.seat, "tiles": [xy(h) for h in part], "dir": d}]


def legal_converge(s: VolcaniqueState, f: Frame) -> list[Action]:
    return converge_options(s)


def refuse_converge(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "converge":
        return None
    return (
        "Converging Tectonic Plates: move a whole island up to 2 spaces in one direction "
        "through open sea; it stops as soon as it touches another island"
    )


def converge(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    at, d, k = at_hex(a), a.arg("dir"), a.arg("steps")
    island = next(i for i in islands(s) if at in i)
    shift(s, island, d, k)
    then(s, CONTESTS(favoured=f.seat))
    return [{"type": "converge", "seat": f.seat, "at": xy(at), "dir": d, "steps": k}]


# -- the steps --------------------------------------------------------------------------
LANDSLIDE = Step(
    "landslide",
    "Landslide: slide a tile next to the volcano onto a lower neighbour?",
    legal_landslide,
    refusal(legal_landslide, refuse_landslide),
    landslide,
    Args=Target,
)


USE_POWER = Step(
    "use_power",
    "Limited powers: use Rift or Converging Tectonic Plates",
    legal_limited,
    refusal(legal_limited, refuse_limited),
    use_limited,
    kinds=frozenset({"use_power"}),
    word="use a power",
)


RIFT: Step = Step(
    "rift",
    "Rift: choose the section of an island to split off and where it moves",
    legal_rift,
    refusal(legal_rift, refuse_rift),
    rift,
)


CONVERGE: Step = Step(
    "converge",
    "Converging Tectonic Plates: choose an island, a direction and 1 or 2 spaces",
    legal_converge,
    refusal(legal_converge, refuse_converge),
    converge,
    word="converging tectonic plates",
)
