"""The hex map: stacks of tiles, and what follows from them (biomes, where tiles fit).

Inside the engine a hex is a whole number, its *id* (``hex_id``): ids sort as the
axial coordinates ``(q, r)`` do and each neighbour is a fixed step away (``STEP``), so
the rules add and compare small integers where they would build and hash tuples.
Actions, events, frames, observations and saved positions name hexes by their
coordinates, as the rulebook's map does: ``hex_id`` and ``hex_of`` convert at that
boundary.

A ``Board`` maps hexes to stacks of tile codes (bottom first); a hex not in it is
ocean. A *region* is one colour area of a top tile, numbered ``hex * 4 + colour``
(``region_id``; ids sort as ``(q, r, colour)``): every tile holds at most one region of
each colour. A *biome* is a connected set of regions of one colour: two regions join
when their tiles are adjacent and both facing edges have that colour. Volcanic soil and
volcanoes carry no biome; lava lies on top of the land without changing the biomes
under it (it only keeps critters and tiles off).

A board is changed in place (``put``), regrouping the biomes and refreshing the fits
around the changed hex only; positions that clone share their board until one of them
changes the map (it copies it first: a clone copies nothing of the map).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Hashable
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from lapilli.core import MalformedInput, hexgrid
from lapilli.core.hexgrid import DIRECTIONS, Hex, opposite

from .components import (
    COLOURS_OF,
    DIRS_OF,
    EDGES,
    KINDS,
    NB,
    ROTATIONS,
    SIDES,
    SOIL,
    VOLCANO,
    tile_code,
)

if TYPE_CHECKING:
    from lapilli.core.actions import Action

# -- hex ids -------------------------------------------------------------------------------
SPAN = 1 << 10
"""Hex ids are ``(q + REACH) * SPAN + (r + REACH)``: a map reaches ``REACH`` spaces from
the origin each way (random games stay within 20; the 54 land tiles could not reach it)."""
REACH = SPAN // 2
STEP: tuple[int, ...] = tuple(dq * SPAN + dr for dq, dr in DIRECTIONS)
"""What moving one space in each of the core's directions adds to a hex id."""

REGION_BITS = 2
"""A region id is ``hex << 2 | colour``; a critter's spot adds 3 bits for its owner."""
OWNER_BITS = 3
COLOUR_MASK = (1 << REGION_BITS) - 1
OWNER_MASK = (1 << OWNER_BITS) - 1
SPOT_HEX = REGION_BITS + OWNER_BITS


def hex_id(h: Hex) -> int:
    """The id of the hex at axial ``(q, r)`` (ValueError beyond the map's reach)."""
    x = _IDS.get(h)
    if x is None:
        q, r = h
        if not (-REACH <= q < REACH and -REACH <= r < REACH):
            raise ValueError(f"the hex {q},{r} lies far off any map the box can build")
        x = _IDS[h] = (q + REACH) * SPAN + r + REACH
    return x


_IDS: dict[Hex, int] = {}
"""The ids of the hexes met so far (actions and frames name hexes at every step)."""


_COORDS: dict[int, Hex] = {}


def hex_of(x: int) -> Hex:
    """The axial coordinates ``(q, r)`` of a hex id (made once per hex)."""
    h = _COORDS.get(x)
    if h is None:
        h = _COORDS[x] = (x // SPAN - REACH, x % SPAN - REACH)
    return h


def xy(x: int) -> list[int]:
    """A hex as events and observations write it: ``[q, r]``."""
    h = hex_of(x)
    return [h[0], h[1]]


def region_id(region: tuple[int, int, int]) -> int:
    """The id of the region ``(q, r, colour)``."""
    return hex_id((region[0], region[1])) << REGION_BITS | region[2]


def region_of(region: int) -> tuple[int, int, int]:
    """The region ``(q, r, colour)`` of a region id, as frames and events name it."""
    q, r = hex_of(region >> REGION_BITS)
    return (q, r, region & COLOUR_MASK)


def spot_id(spot: tuple[int, int, int, int]) -> int:
    """The id of a critter's spot ``(q, r, colour, owner)``."""
    return region_id((spot[0], spot[1], spot[2])) << OWNER_BITS | spot[3]


def spot_of(spot: int) -> tuple[int, int, int, int]:
    """A critter's spot ``(q, r, colour, owner)`` from its id ``region << 3 | owner``."""
    q, r = hex_of(spot >> SPOT_HEX)
    return (q, r, spot >> OWNER_BITS & COLOUR_MASK, spot & OWNER_MASK)


_AROUND: dict[int, tuple[int, ...]] = {}


def around(x: int) -> tuple[int, ...]:
    """The six neighbours of a hex, in the order of the core's directions."""
    nbs = _AROUND.get(x)
    if nbs is None:
        nbs = _AROUND[x] = tuple(x + step for step in STEP)
    return nbs


def distance(a: int, b: int) -> int:
    """Steps between two hexes."""
    dq = a // SPAN - b // SPAN
    dr = a % SPAN - b % SPAN
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def ring_steps(radius: int) -> tuple[int, ...]:
    """What reaching each hex exactly ``radius`` steps away adds to a hex id, in the
    order of ``hexgrid.ring``'s walk."""
    centre = hex_id((0, 0))
    return tuple(hex_id(h) - centre for h in hexgrid.ring((0, 0), radius))


@cache
def disc_steps(radius: int) -> tuple[int, ...]:
    """What reaching each hex within ``radius`` steps adds to a hex id (0 included)."""
    return tuple(step for k in range(radius + 1) for step in ring_steps(k))


def ring(x: int, radius: int) -> list[int]:
    """The hexes exactly ``radius`` steps away (``hexgrid.ring``'s walk)."""
    return [x + step for step in ring_steps(radius)]


def min_distance(x: int, hexes: list[int]) -> int:
    return min(distance(x, other) for other in hexes)


# -- tiles and their edges -----------------------------------------------------------------
NO_EDGE = -1
"""A side with no biome edge to connect to (ocean, volcanic soil, a volcano)."""

FACING = tuple(opposite(d) for d in range(SIDES))
"""The side of a neighbour that faces back, per direction."""

FACES: dict[int, tuple[int, ...]] = {
    code: tuple(EDGES[code][FACING[d]] if code >= 0 else NO_EDGE for d in range(SIDES))
    for code in (*EDGES, SOIL, VOLCANO)
}
"""For a tile code on a neighbour in direction d, the colour of its edge facing back."""

FACE_BITS = 2
"""A *face* (what the six neighbours of a hex show it) is packed in a whole number,
two bits per direction: the colour facing it, or ``OPEN`` (no edge to continue), so
one neighbour's change is a change of two bits."""
OPEN = (1 << FACE_BITS) - 1
SHOWN: dict[int, tuple[int, ...]] = {
    code: tuple((OPEN if c == NO_EDGE else c) << (FACE_BITS * d) for d, c in enumerate(FACES[code]))
    for code in FACES
}
"""For a tile code on a neighbour in direction d, its bits in the face of the hex."""
SLOT = tuple(OPEN << (FACE_BITS * d) for d in range(SIDES))
"""The bits of each direction in a face (all of them set: no edge there)."""

REGIONS_OF: dict[int, tuple[int, ...]] = {
    code: tuple(COLOURS_OF[code]) if code >= 0 else () for code in (*EDGES, SOIL, VOLCANO)
}
"""The biome colours of a top tile (none for soil and volcanoes)."""


def land_height(stack: tuple[int, ...]) -> int:
    """Tiles of land in a stack (Uno, Duo, Trio, soil); a volcano on top does not count."""
    return len(stack) - 1 if stack[-1] == VOLCANO else len(stack)


@cache
def fits(face: int) -> tuple[int, ...]:
    """For each tile kind, the bitmask of its rotations that obey the connecting biome
    edge rule against ``face`` (see ``Board.facing``): at least one edge continues an
    adjacent biome."""
    shown = [face >> (FACE_BITS * d) & OPEN for d in range(SIDES)]
    masks = []
    for kind in range(len(KINDS)):
        mask = 0
        for r in ROTATIONS[kind]:
            edges = EDGES[tile_code(kind, r)]
            if any(shown[d] == edges[d] for d in range(SIDES)):
                mask |= 1 << r
        masks.append(mask)
    return tuple(masks)


@cache
def kinds_fitting(face: int) -> int:
    """The tile kinds with a rotation that fits ``face`` (a bitmask over kinds)."""
    return sum(1 << kind for kind, mask in enumerate(fits(face)) if mask)


class Biome:
    """A connected set of regions of one colour. ``members`` are sorted region ids, and
    ``tiles`` their hexes in the same order; the first member is its *anchor*, which
    orders biomes as the rules go through them. ``links`` counts the shared edges
    between its tiles (its connections for scoring)."""

    __slots__ = ("colour", "members", "tiles", "links")

    def __init__(self, colour: int, members: tuple[int, ...], links: int) -> None:
        self.colour = colour
        self.members = members
        self.tiles = tuple(m >> REGION_BITS for m in members)
        self.links = links

    @property
    def anchor(self) -> int:
        return self.members[0]

    def __repr__(self) -> str:
        return f"Biome({self.colour}, {[region_of(m) for m in self.members]})"


MemoKey = tuple[Hashable, ...]
"""What a memo entry depends on besides the shape of the land: the rule's name first,
then whatever else it reads (lava, sea critters, the winter, the starting islands)."""


class Memo:
    """What rules derive from the shape of the land (which hexes are land, not what is
    stacked there), by their key: the hexes where something may go (a summoned
    island, a sea critter, a starting island), the moves of Rift and Converging
    Tectonic Plates, and whether they have any. A board empties it when a hex becomes
    land or ocean (stacking a tile leaves it)."""

    __slots__ = ("hexes", "moves", "any_move")

    def __init__(self) -> None:
        self.hexes: dict[MemoKey, list[int]] = {}
        self.moves: dict[MemoKey, list[Action]] = {}
        self.any_move: dict[MemoKey, bool] = {}


@mypyc_attr(allow_interpreted_subclasses=True)  # its __new__ from Python skips __init__
class Board:
    """Stacks of tiles by hex id with their biomes (``biome_of`` each region;
    ``regions_on`` each hex that has any), the colours facing each land hex
    (``face_on``, see ``facing``), the rotations of each kind that fit there
    (``fits_on``) and the kinds that fit at all (``kinds_on``), and the hexes a tile
    may stack on before lava and targeting (``stackable``: land that is not a volcano,
    sorted). ``memo`` keeps what rules derive from the shape of the land (see
    ``Memo``); ``version`` counts the changes (indexes built on a board, like the
    critters' census of biomes, compare it).

    ``put`` changes the board in place, regrouping the biomes and refreshing the fits
    around the changed hex only. Positions that clone share their board until one of
    them changes the map: cloning marks it ``frozen``, and a frozen board is copied
    before it changes (``VolcaniqueState.set_stack``)."""

    __slots__ = (
        "stacks",
        "biome_of",
        "regions_on",
        "face_on",
        "fits_on",
        "kinds_on",
        "stackable",
        "memo",
        "version",
        "frozen",
    )

    def __init__(self, stacks: dict[int, tuple[int, ...]] | None = None) -> None:
        self.stacks: dict[int, tuple[int, ...]] = dict(stacks or {})
        self.biome_of: dict[int, Biome] = {}
        for h in sorted(self.stacks):
            self._regroup(list(self.regions(h)))
        self.regions_on = {h: rs for h in self.stacks if (rs := self.regions(h))}
        self.face_on = {h: self.facing(h) for h in self.stacks}
        self.fits_on = {h: fits(face) for h, face in self.face_on.items()}
        self.kinds_on = {h: kinds_fitting(face) for h, face in self.face_on.items()}
        self.stackable = sorted(h for h, stack in self.stacks.items() if stack[-1] != VOLCANO)
        self.memo = Memo()  # what rules derive from the shape of the land, by their key
        self.version = 0
        self.frozen = False

    def own(self) -> Board:
        """A copy to change (the biomes, never changed, are shared)."""
        board: Board = _new_board(Board)  # no __init__: every field is set here
        board.stacks = self.stacks.copy()
        board.biome_of = self.biome_of.copy()
        board.regions_on = self.regions_on.copy()
        board.face_on = self.face_on.copy()
        board.fits_on = self.fits_on.copy()
        board.kinds_on = self.kinds_on.copy()
        board.stackable = self.stackable[:]
        board.memo = self.memo
        board.version = self.version
        board.frozen = False
        return board

    def put(self, h: int, stack: tuple[int, ...]) -> tuple[list[Biome], list[Biome]]:
        """Put ``stack`` on ``h`` (an empty stack: back to ocean); returns the biomes
        that broke up and those formed instead (the others are unchanged)."""
        stacks, biome_of = self.stacks, self.biome_of
        was_land = h in stacks
        was_open = was_land and stacks[h][-1] != VOLCANO
        # the biomes through h break up: their other regions and h's new ones regroup
        loose = []
        gone = []
        for region in self.regions_on.get(h, ()):
            biome = biome_of[region]
            gone.append(biome)
            for member in biome.members:
                del biome_of[member]
                if member >> REGION_BITS != h:
                    loose.append(member)
        if stack:
            stacks[h] = stack
        else:
            del stacks[h]
        regions = self.regions(h)
        loose.extend(regions)
        formed = self._regroup(loose, gone)
        regions_on = self.regions_on
        regions_on.pop(h, None)
        if regions:
            regions_on[h] = regions
        # h's neighbours see one new edge each; h, its own neighbours unchanged
        face_on, fits_on, kinds_on = self.face_on, self.fits_on, self.kinds_on
        if not stack:
            face_on.pop(h, None)
            fits_on.pop(h, None)
            kinds_on.pop(h, None)
        elif h not in face_on:  # new land (a tile stacked on land keeps its neighbours)
            face = face_on[h] = self.facing(h)
            fits_on[h] = fits(face)
            kinds_on[h] = kinds_fitting(face)
        shown = SHOWN[stack[-1]] if stack else SLOT  # (the ocean shows no edge)
        for d, x in enumerate(around(h)):
            near = face_on.get(x)
            if near is not None:
                back = FACING[d]
                near = face_on[x] = near & ~SLOT[back] | shown[back]
                fits_on[x] = fits(near)
                kinds_on[x] = kinds_fitting(near)
        is_open = bool(stack) and stack[-1] != VOLCANO
        if is_open and not was_open:
            insort(self.stackable, h)
        elif was_open and not is_open:
            self.stackable.remove(h)
        if was_land != bool(stack):
            self.memo = Memo()  # the land has another shape
        self.version += 1
        return gone, formed

    # -- saving: clones share a board until one of them changes it ----------------------
    shared: ClassVar[bool] = True

    def copy(self) -> Board:
        return self

    def to_json(self) -> list[list[object]]:
        """``[q, r, [tile codes, bottom first]]`` for each land hex."""
        return [[*hex_of(h), list(st)] for h, st in sorted(self.stacks.items())]

    @classmethod
    def load(cls, data: object) -> Board:
        """A board saved by ``to_json`` (ValueError when it is not one)."""
        if not isinstance(data, list):
            raise ValueError("the map is a list of [q, r, stack]")
        stacks: dict[int, tuple[int, ...]] = {}
        for q, r, codes in data:
            stack = tuple(codes)
            if not all(type(x) is int for x in (q, r, *stack)) or not stack:
                raise ValueError(f"a stack is whole numbers on a hex, not {[q, r, codes]!r:.40}")
            try:
                stacks[hex_id((q, r))] = stack
            except ValueError as exc:  # said as it is: a far hex, not a damaged map
                raise MalformedInput(str(exc)) from None
        return cls(stacks)

    # -- what is on a hex ------------------------------------------------------------------
    def top(self, h: int) -> int | None:
        stack = self.stacks.get(h)
        return stack[-1] if stack else None

    def height(self, h: int) -> int:
        """Land height of a hex (0 for the ocean)."""
        stack = self.stacks.get(h)
        return land_height(stack) if stack else 0

    def colours(self, h: int) -> tuple[int, ...]:
        """The biome colours of the top tile (none for ocean, soil and volcanoes)."""
        stack = self.stacks.get(h)
        return REGIONS_OF[stack[-1]] if stack else ()

    def regions(self, h: int) -> tuple[int, ...]:
        """The regions of the top tile (none for ocean, soil and volcanoes)."""
        stack = self.stacks.get(h)
        if not stack:
            return ()
        base = h << REGION_BITS
        return tuple([base | c for c in REGIONS_OF[stack[-1]]])

    def facing(self, h: int) -> int:
        """The face of ``h``: for each direction, the colour of the neighbour's edge
        facing it (``OPEN`` where there is no biome to connect to), packed (see
        ``FACE_BITS``)."""
        stacks = self.stacks
        face = 0
        for d, nb in enumerate(around(h)):
            stack = stacks.get(nb)
            face |= SHOWN[stack[-1]][d] if stack is not None else SLOT[d]
        return face

    def fits_at(self, h: int, kind: int) -> int:
        """The rotations of a kind that obey the edge rule on ``h`` (land or ocean)."""
        fitting = self.fits_on.get(h)
        if fitting is None:
            fitting = fits(self.facing(h))
        return fitting[kind]

    # -- biomes ----------------------------------------------------------------------------
    def linked(self, region: int) -> list[int]:
        """The regions across the edges of ``region`` that continue its biome."""
        h, c = region >> REGION_BITS, region & COLOUR_MASK
        stacks = self.stacks
        out = []
        for d in DIRS_OF[stacks[h][-1]][c]:
            nb = h + STEP[d]
            stack = stacks.get(nb)
            if stack is not None and FACES[stack[-1]][d] == c:
                out.append(nb << REGION_BITS | c)
        return out

    def _regroup(self, regions: list[int], gone: list[Biome] | None = None) -> list[Biome]:
        """Flood a biome from each region not yet in one (joining any biome it meets:
        those are added to ``gone``): ``linked``, inlined. Returns the biomes formed."""
        formed = []
        biome_of, stacks = self.biome_of, self.stacks
        for region in regions:
            if region in biome_of:
                continue
            c = region & COLOUR_MASK
            members, todo, ends = {region}, [region], 0
            while todo:
                h = todo.pop() >> REGION_BITS
                for d in DIRS_OF[stacks[h][-1]][c]:
                    nb = h + STEP[d]
                    stack = stacks.get(nb)
                    if stack is not None and FACES[stack[-1]][d] == c:
                        ends += 1  # each shared edge is met from both of its sides
                        nxt = nb << REGION_BITS | c
                        if nxt not in members:
                            members.add(nxt)
                            todo.append(nxt)
            biome = Biome(c, tuple(sorted(members)), ends // 2)
            formed.append(biome)
            for member in members:
                joined = biome_of.get(member)
                if joined is not None and gone is not None and joined not in gone:
                    gone.append(joined)  # an unchanged biome the new one took in
                biome_of[member] = biome
        return formed


assert NB <= COLOUR_MASK + 1, "a region id keeps its colour in REGION_BITS bits"


_new_board: Callable[[type[Board]], Board] = Board.__new__
"""A board without ``__init__`` (``Board.own`` sets every field): taken once, as Python
gives it, since compiled code calling ``Board.__new__`` would run ``__init__`` too."""
