"""The hex map: stacks of tiles, and what follows from them (biomes, where tiles fit).

A ``Board`` maps hexes ``(q, r)`` to stacks of tile codes (bottom first); a hex not in
it is ocean. A *region* is one colour area of a top tile, ``(q, r, colour)``: every
tile holds at most one region of each colour. A *biome* is a connected set of regions
of one colour: two regions join when their tiles are adjacent and both facing edges
have that colour. Volcanic soil and volcanoes carry no biome; lava lies on top of the
land without changing the biomes under it (it only keeps critters and tiles off).

A board is never changed in place: ``with_stack`` gives the next one, regrouping the
biomes and refreshing the fits around the changed hex only, so positions share their
boards (a clone copies nothing of the map).
"""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache
from typing import TYPE_CHECKING, ClassVar

from mypy_extensions import mypyc_attr

from lapilli.core.hexgrid import Hex, distance, neighbours, opposite

from .components import (
    COLOURS_OF,
    DIRS_OF,
    EDGES,
    KINDS,
    ROTATIONS,
    SIDES,
    SOIL,
    VOLCANO,
    tile_code,
)

if TYPE_CHECKING:
    from lapilli.core.actions import Action

Region = tuple[int, int, int]
"""One colour area of a tile: ``(q, r, colour)``."""

NO_EDGE = -1
"""A side with no biome edge to connect to (ocean, volcanic soil, a volcano)."""

FACING = tuple(opposite(d) for d in range(SIDES))
"""The side of a neighbour that faces back, per direction."""

FACES: dict[int, tuple[int, ...]] = {
    code: tuple(EDGES[code][FACING[d]] if code >= 0 else NO_EDGE for d in range(SIDES))
    for code in (*EDGES, SOIL, VOLCANO)
}
"""For a tile code on a neighbour in direction d, the colour of its edge facing back."""

NO_FACES = (NO_EDGE,) * SIDES
"""What the ocean shows in every direction."""


@cache
def around(h: Hex) -> tuple[Hex, ...]:
    """The six neighbours of a hex, in the order of the core's directions."""
    return tuple(neighbours(h))


def land_height(stack: tuple[int, ...]) -> int:
    """Tiles of land in a stack (Uno, Duo, Trio, soil); a volcano on top does not count."""
    return len(stack) - 1 if stack[-1] == VOLCANO else len(stack)


def min_distance(h: Hex, hexes: list[Hex]) -> int:
    return min(distance(h, other) for other in hexes)


@cache
def fits(face: tuple[int, ...]) -> tuple[int, ...]:
    """For each tile kind, the bitmask of its rotations that obey the connecting biome
    edge rule against ``face`` (the colour each neighbour shows, see ``Board.facing``):
    at least one edge continues an adjacent biome."""
    masks = []
    for kind in range(len(KINDS)):
        mask = 0
        for r in ROTATIONS[kind]:
            edges = EDGES[tile_code(kind, r)]
            if any(face[d] == edges[d] for d in range(SIDES)):
                mask |= 1 << r
        masks.append(mask)
    return tuple(masks)


class Biome:
    """A connected set of regions of one colour. ``members`` are sorted: the first is
    its *anchor*, which orders biomes as the rules go through them. ``links`` counts
    the shared edges between its tiles (its connections for scoring)."""

    __slots__ = ("colour", "members", "links")

    def __init__(self, colour: int, members: tuple[Region, ...], links: int) -> None:
        self.colour = colour
        self.members = members
        self.links = links

    @property
    def anchor(self) -> Region:
        return self.members[0]

    def __repr__(self) -> str:
        return f"Biome({self.colour}, {self.members})"


MemoKey = tuple[Hashable, ...]
"""What a memo entry depends on besides the board: the rule's name first."""


class Memo:
    """What rules derive from one board, by their key (a board never changes, so they
    never go stale): the hexes where something may go, the moves of a power, and
    whether a power has any move."""

    __slots__ = ("hexes", "moves", "any_move")

    def __init__(self) -> None:
        self.hexes: dict[MemoKey, list[Hex]] = {}
        self.moves: dict[MemoKey, list[Action]] = {}
        self.any_move: dict[MemoKey, bool] = {}


@mypyc_attr(native_class=False)  # compiled, a Python class: with_stack skips __init__
class Board:
    """Stacks of tiles with their biomes (``biome_of`` each region; ``regions_on`` each
    hex that has any), the colours facing each land hex (``face_on``, see ``facing``)
    and the rotations of each kind that fit there (``fits_on``), and the hexes a tile
    may stack on before lava and targeting (``stackable``: land that is not a volcano,
    sorted). ``memo`` keeps what rules derive from this board alone (it is never
    changed)."""

    __slots__ = ("stacks", "biome_of", "regions_on", "face_on", "fits_on", "stackable", "memo")

    def __init__(self, stacks: dict[Hex, tuple[int, ...]] | None = None) -> None:
        self.stacks: dict[Hex, tuple[int, ...]] = dict(stacks or {})
        self.biome_of: dict[Region, Biome] = {}
        for h in sorted(self.stacks):
            self._regroup([(h[0], h[1], c) for c in self.colours(h)])
        self.regions_on = {h: rs for h in self.stacks if (rs := self.regions(h))}
        self.face_on = {h: self.facing(h) for h in self.stacks}
        self.fits_on = {h: fits(face) for h, face in self.face_on.items()}
        self.stackable = self._stackable()
        self.memo = Memo()  # what rules derive from this board, by their key

    def with_stack(self, h: Hex, stack: tuple[int, ...]) -> Board:
        """The board with ``stack`` on ``h`` (an empty stack: back to ocean)."""
        board = Board.__new__(Board)
        board.memo = Memo()
        stacks = board.stacks = dict(self.stacks)
        biome_of = board.biome_of = dict(self.biome_of)
        # the biomes through h break up: their other regions and h's new ones regroup
        loose = []
        for c in self.colours(h):
            for member in biome_of[(h[0], h[1], c)].members:
                del biome_of[member]
                if member[:2] != h:
                    loose.append(member)
        if stack:
            stacks[h] = stack
        else:
            del stacks[h]
        board._regroup(loose + [(h[0], h[1], c) for c in board.colours(h)])
        regions_on = board.regions_on = dict(self.regions_on)
        regions_on.pop(h, None)
        if regions := board.regions(h):
            regions_on[h] = regions
        # h's neighbours see one new edge each; h, its own neighbours unchanged
        face_on = board.face_on = dict(self.face_on)
        fits_on = board.fits_on = dict(self.fits_on)
        face_on.pop(h, None)
        fits_on.pop(h, None)
        if stack:
            face = face_on[h] = board.facing(h)
            fits_on[h] = fits(face)
        shown = FACES[stack[-1]] if stack else NO_FACES
        for d, x in enumerate(around(h)):
            near = face_on.get(x)
            if near is not None:
                back = FACING[d]
                near = face_on[x] = (*near[:back], shown[back], *near[back + 1 :])
                fits_on[x] = fits(near)
        was_open = h in self.stacks and self.stacks[h][-1] != VOLCANO
        is_open = bool(stack) and stack[-1] != VOLCANO
        board.stackable = board._stackable() if was_open != is_open else self.stackable
        return board

    # -- saving: a board is never changed in place, so clones share it --------------------
    shared: ClassVar[bool] = True

    def copy(self) -> Board:
        return self

    def to_json(self) -> list[list[object]]:
        """``[q, r, [tile codes, bottom first]]`` for each land hex."""
        return [[q, r, list(st)] for (q, r), st in sorted(self.stacks.items())]

    @classmethod
    def load(cls, data: object) -> Board:
        """A board saved by ``to_json`` (ValueError when it is not one)."""
        if not isinstance(data, list):
            raise ValueError("the map is a list of [q, r, stack]")
        stacks: dict[Hex, tuple[int, ...]] = {}
        for q, r, codes in data:
            stack = tuple(codes)
            if not all(type(x) is int for x in (q, r, *stack)) or not stack:
                raise ValueError(f"a stack is whole numbers on a hex, not {[q, r, codes]!r:.40}")
            stacks[(q, r)] = stack
        return cls(stacks)

    # -- what is on a hex ------------------------------------------------------------------
    def top(self, h: Hex) -> int | None:
        stack = self.stacks.get(h)
        return stack[-1] if stack else None

    def height(self, h: Hex) -> int:
        """Land height of a hex (0 for the ocean)."""
        stack = self.stacks.get(h)
        return land_height(stack) if stack else 0

    def colours(self, h: Hex) -> tuple[int, ...]:
        """The biome colours of the top tile (none for ocean, soil and volcanoes)."""
        stack = self.stacks.get(h)
        return COLOURS_OF[stack[-1]] if stack and stack[-1] >= 0 else ()

    def regions(self, h: Hex) -> tuple[Region, ...]:
        """The regions of the top tile (none for ocean, soil and volcanoes)."""
        return tuple((h[0], h[1], c) for c in self.colours(h))

    def facing(self, h: Hex) -> tuple[int, ...]:
        """For each direction from ``h``, the colour of the neighbour's edge facing it
        (``NO_EDGE`` where there is no biome to connect to)."""
        stacks = self.stacks
        face = []
        for d, nb in enumerate(around(h)):
            stack = stacks.get(nb)
            face.append(FACES[stack[-1]][d] if stack is not None else NO_EDGE)
        return tuple(face)

    def fits_at(self, h: Hex, kind: int) -> int:
        """The rotations of a kind that obey the edge rule on ``h`` (land or ocean)."""
        fitting = self.fits_on.get(h)
        if fitting is None:
            fitting = fits(self.facing(h))
        return fitting[kind]

    # -- biomes ----------------------------------------------------------------------------
    def linked(self, region: Region) -> list[Region]:
        """The regions across the edges of ``region`` that continue its biome."""
        q, r, c = region
        stacks = self.stacks
        nbs = around((q, r))
        out = []
        for d in DIRS_OF[stacks[(q, r)][-1]][c]:
            nb = nbs[d]
            stack = stacks.get(nb)
            if stack is not None and stack[-1] >= 0 and EDGES[stack[-1]][FACING[d]] == c:
                out.append((nb[0], nb[1], c))
        return out

    def _regroup(self, regions: list[Region]) -> None:
        """Flood a biome from each region not yet in one (joining any biome it meets)."""
        biome_of, linked = self.biome_of, self.linked
        for region in regions:
            if region in biome_of:
                continue
            members, todo, ends = {region}, [region], 0
            while todo:
                for nxt in linked(todo.pop()):
                    ends += 1  # each shared edge is met from both of its sides
                    if nxt not in members:
                        members.add(nxt)
                        todo.append(nxt)
            biome = Biome(region[2], tuple(sorted(members)), ends // 2)
            for member in members:
                biome_of[member] = biome

    def _stackable(self) -> tuple[Hex, ...]:
        return tuple(sorted(h for h, stack in self.stacks.items() if stack[-1] != VOLCANO))
