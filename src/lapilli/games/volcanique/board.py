"""The hex map: stacks of tiles, heights, and biomes.

The map is a dict ``(q, r) -> tuple of tile codes`` (bottom first); a hex not in it is
ocean. A *region* is one colour area of a top tile, written ``(q, r, colour)``: every tile
holds at most one region of each colour. A *biome* is a connected set of regions of one
colour: two regions join when their tiles are adjacent and both facing edges have that
colour. Volcanic soil and volcanoes carry no biome; lava lies on top of the land without
changing the biomes under it (it only keeps critters and tiles off that hex).
"""

from __future__ import annotations

from lapilli.core.hexgrid import DIRECTIONS, Hex, distance, neighbours, ring

from .components import DIRS_OF, EDGES, SOIL, VOLCANO

# the core's axial directions (east, north-east, north-west, west, south-west, south-east)
DQ = tuple(d[0] for d in DIRECTIONS)
DR = tuple(d[1] for d in DIRECTIONS)

Region = tuple[int, int, int]


def land_height(stack: tuple[int, ...]) -> int:
    """Tiles of land in a stack (Uno, Duo, Trio, soil); a volcano on top does not count."""
    n = len(stack)
    return n - 1 if stack[-1] == VOLCANO else n


def is_land_tile(code: int) -> bool:
    """Uno, Duo or Trio (tiles with biomes)."""
    return code >= 0


def stackable(code: int) -> bool:
    """Land tiles stack on Uno, Duo, Trio and soil, never on a volcano (nor ocean, lava)."""
    return code != VOLCANO


class Biomes:
    """The biomes of a map (computed once per map change; critters are not part of it)."""

    __slots__ = ("of", "members", "colour", "links")

    def __init__(self, stacks: dict[Hex, tuple[int, ...]]) -> None:
        of: dict[Region, int] = {}
        members: list[list[Region]] = []
        colour: list[int] = []
        links: list[int] = []
        tops = {h: s[-1] for h, s in stacks.items()}
        for (q, r), code in sorted(tops.items()):  # ids independent of insertion order
            if code < 0:
                continue
            for c in set(EDGES[code]):
                start = (q, r, c)
                if start in of:
                    continue
                bid = len(members)
                of[start] = bid
                todo = [start]
                group = [start]
                n_links = 0
                while todo:
                    x, y, _ = todo.pop()
                    dirs = DIRS_OF[tops[(x, y)]][c]
                    for d in dirs:
                        nh = (x + DQ[d], y + DR[d])
                        ncode = tops.get(nh)
                        if ncode is None or ncode < 0 or EDGES[ncode][(d + 3) % 6] != c:
                            continue
                        n_links += 1
                        reg = (nh[0], nh[1], c)
                        if reg not in of:
                            of[reg] = bid
                            todo.append(reg)
                            group.append(reg)
                members.append(group)
                colour.append(c)
                links.append(n_links // 2)
        self.of = of
        self.members = members
        self.colour = colour
        self.links = links


def facing(stacks: dict[Hex, tuple[int, ...]], h: Hex) -> list[int]:
    """For each direction from ``h``, the colour of the neighbour's edge facing ``h``
    (-1 where the neighbour is ocean, soil or a volcano: no biome to connect to)."""
    q, r = h
    out = [-1] * 6
    for d in range(6):
        st = stacks.get((q + DQ[d], r + DR[d]))
        if st is not None:
            code = st[-1]
            if code >= 0:
                out[d] = EDGES[code][(d + 3) % 6]
    return out


def _rotation_masks() -> tuple:
    from .components import BASE_EDGES, ROTATIONS

    table = []
    for k in range(len(BASE_EDGES)):
        per_dir = []
        for d in range(6):
            per_colour = []
            for c in range(3):
                mask = 0
                for r in ROTATIONS[k]:
                    if EDGES[k * 6 + r][d] == c:
                        mask |= 1 << r
                per_colour.append(mask)
            per_dir.append(tuple(per_colour))
        table.append(tuple(per_dir))
    return tuple(table)


ROT_MASK = _rotation_masks()
"""kind -> direction -> neighbour colour -> bitmask of the (distinct) rotations whose
edge in that direction has that colour."""


def rotations_mask(kind: int, face: list[int]) -> int:
    """Bitmask of the rotations of a tile kind that satisfy the connecting biome edge
    rule against ``face`` (see ``facing``)."""
    table = ROT_MASK[kind]
    mask = 0
    for d in range(6):
        c = face[d]
        if c >= 0:
            mask |= table[d][c]
    return mask


def connects(code: int, face: list[int]) -> bool:
    """The connecting biome edge rule: at least one edge continues an adjacent biome."""
    e = EDGES[code]
    return any(face[d] == e[d] for d in range(6))


def min_distance(h: Hex, hexes) -> int:
    best = 10**9
    for o in hexes:
        d = distance(h, o)
        if d < best:
            best = d
    return best


__all__ = [
    "Biomes",
    "Hex",
    "Region",
    "SOIL",
    "VOLCANO",
    "connects",
    "rotations_mask",
    "distance",
    "facing",
    "land_height",
    "min_distance",
    "neighbours",
    "ring",
]
