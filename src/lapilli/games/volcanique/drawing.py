"""The board as a player sees it, drawn as SVG from one seat's observation.

Left: the islands in the sea. Each hex shows its top tile with every region in its biome
colour (so the tile's orientation shows), its stack height, volcanoes (the super volcano
ringed in red), lava and volcanic soil, critters as pawns in their seat's colour with the
seat's number (a Colossal Critter larger, with a C; a burrowed one as a mound; sea
critters on the ocean), the spaces the Volcanic Winter has frozen, and the hex where a
new tile is being placed. Right: the Volcanic Power Grid as a tech tree (levels, links,
who unlocked what, and which slots each seat may unlock next), the supply, the tile
being placed with its possible turns, and a panel per player (critters in hand, the
Sacrificial Critter Crater, resources, powers, Caldera cards face down for everyone
else, and the final score once the game is over).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from lapilli.core.actions import Action
from lapilli.core.hexgrid import Hex, distance
from lapilli.core.svg import (
    PANEL,
    Point,
    Stack,
    Targets,
    chip,
    deciding,
    direction_vector,
    document,
    edge_corners,
    el,
    group,
    hex_center,
    hex_corners,
    joined,
    label,
    panel_frame,
    pts,
    seat_colour,
    status_line,
    text,
    title,
    to_move,
)

from .components import (
    BIOMES,
    EDGES,
    GRID,
    KINDS,
    LIMITS,
    POWERS,
    SLOT_LEVEL,
    SLOTS,
    SOIL,
    VOLCANO,
    tile_name,
)
from .powers import unlockable
from .text import DIRECTION_NAMES, SEAT_COLOURS, place_words, seat_label
from .view import Observation, critter_spots, hex_stacks

Region = tuple[int, int, int]
"""A biome region of a hex: (q, r, biome index)."""

BIOME_FILL = {"dark": "#316e37", "medium": "#8bc34a", "light": "#f0dc82"}
"""Dark forest, meadow, sand: three clearly different lightnesses, so the biomes stay
apart in grey too (the forest light enough for a critter's black edge to read 3:1)."""
SEA = "#b9def2"
SEA_LINE = "#8fc3e0"
SOIL_FILL = "#7a5a48"
VOLCANO_FILL = "#6b5a52"
CRATER = "#e0401c"
LAVA = "#f26b1d"
LAVA_DARK = "#b3330e"
FROST = "#eef7ff"
MOUND = "#8d6e63"
LINE = "#4a4a4a"

MAP_W, MAP_H = 760, 720
SIDE_X, SIDE_W = 780, 440
WIDTH = SIDE_X + SIDE_W + 10
MAX_HEX = 46
LIFT = 4  # pixels each tile of a stack raises the one above it


def seat_fill(seat: int) -> str:
    return seat_colour(SEAT_COLOURS[seat % len(SEAT_COLOURS)])


def colossal(x: float, y: float, seat: int, scale: float, count: int, name: str) -> str:
    """A Colossal Critter: a larger pawn with a C beside it."""
    fill = seat_fill(seat)
    return group(
        pawn(x, y, seat, scale * 1.3, count, name),
        el(
            "circle",
            cx=x - 10 * scale,
            cy=y - 10 * scale,
            r=6 * scale,
            fill="#ffffff",
            stroke="#111111",
            stroke_width=1,
        ),
        text(
            x - 10 * scale,
            y - 7 * scale,
            "C",
            font_size=8 * scale,
            font_weight="bold",
            text_anchor="middle",
            fill="#111111",
        ),
        el(
            "circle",
            cx=x,
            cy=y + 1 * scale,
            r=12 * scale,
            fill="none",
            stroke=fill,
            stroke_width=1.5,
        ),
    )


def mound(x: float, y: float, seat: int, scale: float, count: int, biome: str) -> str:
    """A burrowed critter: an earth mound with its seat's number, under the region."""
    s = scale
    return group(
        title(
            f"{seat_label(seat)} burrowed critter on {biome}" + (f" ({count})" if count > 1 else "")
        ),
        el(
            "ellipse",
            cx=x,
            cy=y + 9 * s,
            rx=11 * s,
            ry=5 * s,
            fill=MOUND,
            stroke=seat_fill(seat),
            stroke_width=2,
        ),
        text(
            x,
            y + 12 * s,
            seat + 1,
            font_size=7 * s,
            font_weight="bold",
            text_anchor="middle",
            fill="#ffffff",
        ),
    )


def land_height(stack: Sequence[int]) -> int:
    return len(stack) - 1 if stack[-1] == VOLCANO else len(stack)


# -- pieces ----------------------------------------------------------------------------------
def pawn(x: float, y: float, seat: int, scale: float = 1.0, count: int = 1, name: str = "") -> str:
    """A critter: a pawn in the seat's colour with the seat's number on it (a second
    number shows a pack, herd or Colossal Critter of ``count`` critters)."""
    fill = seat_fill(seat)
    s = scale
    body = (
        f"M{x - 8 * s:.1f},{y + 9 * s:.1f} Q{x - 7 * s:.1f},{y - 2 * s:.1f} {x:.1f},{y - 3 * s:.1f}"
        f" Q{x + 7 * s:.1f},{y - 2 * s:.1f} {x + 8 * s:.1f},{y + 9 * s:.1f} Z"
    )
    shape = (
        el("path", d=body, fill=fill, stroke="#111111", stroke_width=1.2),
        el("circle", cx=x, cy=y - 7 * s, r=5 * s, fill=fill, stroke="#111111", stroke_width=1.2),
    )
    pack: tuple[str, ...] = ()
    if count > 1:  # how many critters: a white disc at the shoulder
        pack = (
            el(
                "circle",
                cx=x + 9 * s,
                cy=y - 8 * s,
                r=6 * s,
                fill="#ffffff",
                stroke="#111111",
                stroke_width=1,
            ),
            label(x + 9 * s, y - 5 * s, f"{count}", 8 * s, True, text_anchor="middle"),
        )
    return chip(shape, fill, seat + 1, (x, y + 7 * s), 8 * s, name, over=pack)


def regions(code: int) -> list[tuple[int, list[int]]]:
    """The regions of a land tile: (biome, directions of its edges, counter-clockwise)."""
    edges = EDGES[code]
    if len(set(edges)) == 1:
        return [(edges[0], list(range(6)))]
    start = next(d for d in range(6) if edges[d] != edges[d - 1])
    out: list[tuple[int, list[int]]] = []
    for k in range(6):
        d = (start + k) % 6
        if out and edges[d] == out[-1][0]:
            out[-1][1].append(d)
        else:
            out.append((edges[d], [d]))
    return out


def region_shape(center: Point, size: float, dirs: list[int]) -> list[Point]:
    corners = hex_corners(center, size)
    if len(dirs) == 6:
        return corners
    first = edge_corners(dirs[0])[0]
    return [center] + [corners[(first + k) % 6] for k in range(len(dirs) + 1)]


def region_spot(center: Point, size: float, dirs: list[int]) -> Point:
    """Where a critter stands on a region: towards the middle of its edges."""
    if len(dirs) == 6:
        return center
    vx = sum(direction_vector(d)[0] for d in dirs) / len(dirs)
    vy = sum(direction_vector(d)[1] for d in dirs) / len(dirs)
    norm = (vx * vx + vy * vy) ** 0.5 or 1.0
    return (center[0] + vx / norm * size * 0.5, center[1] + vy / norm * size * 0.5)


def mini_tile(cx: float, cy: float, size: float, kind: str, rotation: int = 0) -> str:
    """A land tile of ``kind`` as it lies in the supply (rotation 0), or turned; each
    terrain carries its shape mark, as on the map (small tiles are told apart by more
    than their colours)."""
    code = KINDS.index(kind) * 6 + rotation
    return group(
        *(
            el(
                "polygon",
                points=pts(region_shape((cx, cy), size, dirs)),
                fill=BIOME_FILL[BIOMES[c]],
                stroke=BIOME_FILL[BIOMES[c]],
                stroke_width=0.6,
            )
            for c, dirs in regions(code)
        ),
        *(  # in the middle of each region: near the edge a small mark would not fit
            biome_mark(BIOMES[c], region_spot((cx, cy), size, dirs), size * 0.28)
            for c, dirs in regions(code)
        ),
        el(
            "polygon",
            points=pts(hex_corners((cx, cy), size)),
            fill="none",
            stroke=LINE,
            stroke_width=1.2,
        ),
    )


def volcano_cone(cx: float, cy: float, size: float) -> str:
    s = size
    return group(
        el(
            "polygon",
            points=pts(
                [
                    (cx - 0.62 * s, cy + 0.45 * s),
                    (cx - 0.2 * s, cy - 0.42 * s),
                    (cx + 0.2 * s, cy - 0.42 * s),
                    (cx + 0.62 * s, cy + 0.45 * s),
                ]
            ),
            fill="#4a3b35",
            stroke="#2a201c",
            stroke_width=1.2,
        ),
        el("ellipse", cx=cx, cy=cy - 0.42 * s, rx=0.22 * s, ry=0.08 * s, fill=CRATER),
        el(
            "path",
            d=f"M{cx - 0.1 * s:.1f},{cy - 0.4 * s:.1f} q{0.05 * s:.1f},{0.35 * s:.1f} "
            f"{-0.15 * s:.1f},{0.6 * s:.1f}",
            stroke=CRATER,
            stroke_width=max(2, 0.08 * s),
            fill="none",
        ),
    )


def lava_blob(cx: float, cy: float, size: float) -> str:
    s = size
    return group(
        el(
            "polygon",
            points=pts(hex_corners((cx, cy), s * 0.82)),
            fill=LAVA,
            stroke=LAVA_DARK,
            stroke_width=2,
        ),
        *(
            el(
                "path",
                d=f"M{cx - 0.5 * s:.1f},{cy + dy * s:.1f} q{0.25 * s:.1f},{-0.15 * s:.1f} "
                f"{0.5 * s:.1f},0 t{0.5 * s:.1f},0",
                stroke=LAVA_DARK,
                stroke_width=2,
                fill="none",
            )
            for dy in (-0.25, 0.05, 0.35)
        ),
    )


def resource(x: float, y: float, biome: str, count: int | None = None, size: float = 16) -> str:
    """A resource cube of ``biome`` (its initial on it), with a count beside it."""
    fill = BIOME_FILL[biome]
    cube = el(
        "rect", x=x, y=y, width=size, height=size, rx=3, fill=fill, stroke="#111111", stroke_width=1
    )
    many = () if count is None else (label(x + size + 4, y + size * 0.78, f"×{count}", 13),)
    at = (x + size / 2, y + size * 0.72)
    return chip(cube, fill, biome[0].upper(), at, size * 0.62, over=many)


def card_back(x: float, y: float, w: float = 26, h: float = 36) -> str:
    return group(
        el("rect", x=x, y=y, width=w, height=h, rx=3, fill="#5b2a1c", stroke="#111111"),
        el(
            "circle",
            cx=x + w / 2,
            cy=y + h / 2,
            r=w / 4,
            fill="none",
            stroke="#f3b23a",
            stroke_width=2,
        ),
    )


def describe(code: int) -> str:
    if code == VOLCANO:
        return "volcano"
    if code == SOIL:
        return "volcanic soil"
    return (
        tile_name(KINDS[code // 6])
        + " tile, "
        + ", ".join(
            f"{BIOMES[c]} {'/'.join(DIRECTION_NAMES[d] for d in dirs)}" for c, dirs in regions(code)
        )
    )


# -- the map ---------------------------------------------------------------------------------
class MapView:
    """Hex geometry fitted to the map area."""

    def __init__(self, hexes: set[Hex], area_height: float) -> None:
        xs = [hex_center(h, 1.0)[0] for h in hexes]
        ys = [hex_center(h, 1.0)[1] for h in hexes]
        span_x = max(xs) - min(xs) + 2 * 0.87 + 0.6
        span_y = max(ys) - min(ys) + 2 + 0.6
        self.size = min(MAX_HEX, (MAP_W - 20) / span_x, (area_height - 60) / span_y)
        self.ox = 10 + (MAP_W - 20 - (max(xs) - min(xs)) * self.size) / 2 - min(xs) * self.size
        self.oy = 50 + self.size - min(ys) * self.size  # from the top: spare sea goes below

    def center(self, h: Hex, height: int = 1) -> Point:
        x, y = hex_center(h, self.size)
        return (self.ox + x, self.oy + y - LIFT * max(0, height - 1))


def frozen(obs: Observation, h: Hex) -> bool:
    """Whether the Volcanic Winter has reached a space (as ``winter.frozen`` reads it)."""
    return any(distance(h, (q, r)) <= obs["turn"] - began for q, r, began in obs["winter"])


def draw_map(obs: Observation, t: Targets, height: float) -> str:
    stacks = hex_stacks(obs)
    lava = {(q, r) for q, r, _ in obs["lava"]}
    pieces = Pieces(obs)
    sea_critters = {(q, r): o for q, r, o in obs["sea"]}
    hex_targets = {tuple(a.arg("at")) for a in t.legal if on_hex(a)}
    land = set(stacks) | lava | hex_targets | set(sea_critters)
    sea = {
        (q + dq, r + dr)
        for q, r in land or {(0, 0)}
        for dq, dr in ((0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    }
    view = MapView(sea, height)
    size = view.size
    out = [el("rect", x=0, y=40, width=MAP_W, height=height - 40, rx=8, fill=SEA)]
    for h in sorted(sea - set(stacks)):
        out.append(
            el(
                "polygon",
                points=pts(hex_corners(view.center(h), size * 0.97)),
                fill="none",
                stroke=SEA_LINE,
                stroke_width=1,
            )
        )
    badges = []
    for h in sorted(stacks, key=lambda h: (h[1], h[0])):
        stack, badge = draw_stack(view, h, stacks[h], pieces, h in lava, t)
        out.append(stack)
        badges.append(badge)
    for h in sorted(lava - set(stacks)):
        out.append(lava_blob(*view.center(h), size))
    for h, o in sorted(sea_critters.items()):
        x, y = view.center(h)
        out.append(pawn(x, y, o, size / 30, name=f"{seat_label(o)} sea critter, {space(h)}"))
    out.append(draw_marks(obs, view, stacks, sea))
    for h in sorted(hex_targets, key=lambda h: (h[1], h[0])):
        height = land_height(stacks[h]) if h in stacks else 1
        ring = el("polygon", points=pts(hex_corners(view.center(h, height), size * 0.9)))
        out.append(t.wrap("", t.where(on_hex_at(h)), outline=ring))
    out.append(group(*badges, pointer_events="none"))  # on top, never in the way of a click
    return group(*out)


def draw_marks(obs: Observation, view: MapView, stacks: dict[Hex, list[int]], sea: set[Hex]) -> str:
    """What lies over the spaces and takes no click: frost where the winter has reached,
    the super volcano's red ring, the hex where a new tile is being placed."""
    size = view.size
    marks = []
    if obs["winter"]:
        for h in sorted(h for h in sea | set(stacks) if frozen(obs, h)):
            height = land_height(stacks[h]) if h in stacks else 1
            marks.append(frost(h, view.center(h, height), size, h in stacks))
    if obs["super_volcano"]:
        q, r, o = obs["super_volcano"]
        c = view.center((q, r), land_height(stacks[(q, r)]) + 1)
        ring = pts(hex_corners(c, size * 1.02))
        marks.append(
            group(
                title(f"the super volcano of {seat_label(o)}"),
                el("polygon", points=ring, fill="none", stroke="#d50000", stroke_width=4),
                label(
                    c[0],
                    c[1] + size * 0.72,
                    "SUPER",
                    max(9, size * 0.24),
                    True,
                    text_anchor="middle",
                    fill="#b00000",
                    stroke="#ffffff",
                    stroke_width=3,
                    paint_order="stroke",
                ),
            )
        )
    placing = obs["placing"]
    if placing and placing["at"]:
        q, r = placing["at"]
        h = (q, r)
        height = land_height(stacks[h]) if h in stacks else 1
        marks.append(
            group(
                title(
                    f"{seat_label(placing['seat'])} places a {tile_name(placing['tile'])} tile here"
                ),
                el(
                    "polygon",
                    points=pts(hex_corners(view.center(h, height), size * 0.88)),
                    fill="none",
                    stroke=seat_fill(placing["seat"]),
                    stroke_width=4,
                    stroke_dasharray="6 4",
                ),
            )
        )
    return group(*marks, pointer_events="none")


def frost(h: Hex, c: Point, size: float, land: bool) -> str:
    """A hex frozen by the Volcanic Winter: a white rim on land, a pale sheet on the sea,
    and a snowflake."""
    flake = [
        el(
            "line",
            x1=c[0] - dx * size * 0.18,
            y1=c[1] + size * 0.55 - dy * size * 0.18,
            x2=c[0] + dx * size * 0.18,
            y2=c[1] + size * 0.55 + dy * size * 0.18,
            stroke="#2a6fb0",
            stroke_width=1.6,
        )
        for dx, dy in ((1, 0), (0.5, 0.87), (0.5, -0.87))
    ]
    return group(
        title(f"{space(h)} frozen by the Volcanic Winter"),
        el(
            "polygon",
            points=pts(hex_corners(c, size * (0.9 if land else 0.96))),
            fill="none" if land else FROST,
            stroke="#ffffff",
            stroke_width=3 if land else 1,
        ),
        *flake,
    )


class Pieces:
    """The critters of each region from an observation: regular and Colossal ones by
    owner, and burrowed ones."""

    def __init__(self, obs: Observation) -> None:
        def spots(rows: list[list[int | str]]) -> dict[Region, tuple[int, int]]:
            return {(q, r, BIOMES.index(b)): (o, n) for q, r, b, o, n in critter_spots(rows)}

        self.critters = spots(obs["critters"])
        self.colossal = spots(obs["colossal"])
        self.burrowed = spots(obs["burrowed"])


def on_hex(action: Action) -> bool:
    """An action on a whole hex (place, erupt, a sea critter's space, ...)."""
    return action.arg("at") is not None and action.arg("biome") is None


def on_hex_at(h: Hex) -> Callable[[Action], bool]:
    """The test for an action on the whole hex ``h``."""
    return lambda action: on_hex(action) and action.arg("at") == h


def on_region(action: Action, h: Hex, biome: str) -> bool:
    """An action on the biome region of a hex (claim, move, sacrifice, upgrade, ...)."""
    at: Hex | None = action.arg("at")
    named: str | None = action.arg("biome")
    return at == h and named == biome


def badge_spot(c: Point, size: float, pawns: list[Point]) -> Point:
    """Where the height badge goes: towards the upper corner farthest from the critters
    on the tile (the top one when it is free)."""
    best, spot = -1.0, c
    for k in (1, 2, 0):  # top, upper left, upper right
        x, y = hex_corners(c, size * 0.74)[k]
        room = min(((x - px) ** 2 + (y - py) ** 2 for px, py in pawns), default=1e9)
        if room > best + 1e-6:
            best, spot = room, (x, y)
    return spot


def draw_stack(
    view: MapView, h: Hex, stack: list[int], pieces: Pieces, lava: bool, t: Targets
) -> tuple[str, str]:
    """A stack of tiles with its critters, and its height badge (drawn over the map
    afterwards, so no later tile hides it)."""
    size = view.size
    height = land_height(stack)
    parts = []
    for k in range(len(stack) - 1):  # the lower tiles show as edges under the top one
        corners = pts(hex_corners(view.center(h, k + 1), size))
        parts.append(el("polygon", points=corners, fill="#cfc6b8", stroke=LINE, stroke_width=1))
    top = stack[-1]
    c = view.center(h, len(stack))
    parts.append(
        title(f"{space(h)}, height {height}: {describe(top)}" + (", lava" if lava else ""))
    )
    parts.append(tile_face(top, c, size))
    if lava:
        parts.append(lava_blob(c[0], c[1], size))
    spots: list[Point] = []
    if top >= 0:
        for biome, dirs in regions(top):
            parts.append(region_critters(h, biome, dirs, c, size, pieces, spots, t))
    bx, by = badge_spot(c, size, spots)
    r = max(7, size * 0.2)
    badge = group(
        el("circle", cx=bx, cy=by, r=r, fill="#ffffff", stroke="#111111", stroke_width=1),
        label(bx, by + r * 0.45, height, max(10, size * 0.26), True, text_anchor="middle"),
    )
    return group(*parts), badge


def tile_face(top: int, c: Point, size: float) -> str:
    """The top tile: a volcano's cone, volcanic soil's stones, or a land tile's biomes."""
    outline = pts(hex_corners(c, size))
    if top == VOLCANO:
        return group(
            el("polygon", points=outline, fill=VOLCANO_FILL, stroke=LINE, stroke_width=1.2),
            volcano_cone(c[0], c[1], size),
        )
    if top == SOIL:
        stones = [
            el("circle", cx=c[0] + dx * size, cy=c[1] + dy * size, r=size * 0.05, fill="#a88572")
            for dx, dy in ((-0.3, -0.2), (0.25, -0.3), (0.0, 0.15), (-0.25, 0.35), (0.35, 0.25))
        ]
        return group(
            el("polygon", points=outline, fill=SOIL_FILL, stroke=LINE, stroke_width=1.2), *stones
        )
    parts = []
    for biome, dirs in regions(top):
        colour = BIOME_FILL[BIOMES[biome]]
        shape = pts(region_shape(c, size, dirs))
        parts.append(el("polygon", points=shape, fill=colour, stroke=colour, stroke_width=0.8))
    for biome, dirs in regions(top):  # after every region: a mark is never painted over
        parts.append(biome_mark(BIOMES[biome], mark_spot(c, size, dirs), size * 0.12))
    parts.append(el("polygon", points=outline, fill="none", stroke=LINE, stroke_width=1.2))
    return group(*parts)


def space(h: Hex) -> str:
    """A space as the moves name it: the walk to it from the starting hex."""
    return place_words(h)


def mark_spot(c: Point, size: float, dirs: list[int]) -> Point:
    """Where a region's terrain mark goes: near its edges (its critters stand nearer the
    middle), or low on a tile of one terrain."""
    if len(dirs) == 6:
        return (c[0], c[1] + size * 0.62)
    x, y = region_spot(c, size, dirs)
    return (c[0] + (x - c[0]) * 1.55, c[1] + (y - c[1]) * 1.55)


def biome_mark(biome: str, at: Point, s: float) -> str:
    """The terrain told by a shape as well as by its colour: a tree on dark, a tuft of
    grass on medium, three grains on light (each 3:1 on its own colour)."""
    x, y = at
    if biome == "dark":
        tree = [(x, y - s), (x - 0.8 * s, y + 0.6 * s), (x + 0.8 * s, y + 0.6 * s)]
        return el("polygon", points=pts(tree), fill="#ffffff")
    if biome == "medium":
        tuft = pts([(x - 0.8 * s, y - 0.6 * s), (x, y + 0.7 * s), (x + 0.8 * s, y - 0.6 * s)])
        return el(
            "polyline", points=tuft, fill="none", stroke="#111111", stroke_width=max(1.2, 0.3 * s)
        )
    return group(
        *(
            el("circle", cx=x + dx * s, cy=y + dy * s, r=max(1.0, 0.28 * s), fill="#5d4037")
            for dx, dy in ((-0.7, 0.4), (0.7, 0.4), (0, -0.5))
        )
    )


def region_critters(
    h: Hex,
    biome: int,
    dirs: list[int],
    c: Point,
    size: float,
    pieces: Pieces,
    spots: list[Point],
    t: Targets,
) -> str:
    """The critters (Colossal or not) and burrowed mounds on one biome of a tile, as the
    target of the actions on that biome; their spot is added to ``spots``."""
    x, y = region_spot(c, size, dirs)
    region = (h[0], h[1], biome)
    who = pieces.critters.get(region)
    piece = ""
    if who:
        spots.append((x, y))
        name = f"{seat_label(who[0])} critter on {BIOMES[biome]}"
        if who[1] > 1:
            name += f" ({who[1]} critters)"
        big = pieces.colossal.get(region)
        if big:
            name += f", {big[1]} of them Colossal" if who[1] > 1 else ", Colossal"
            piece = colossal(x, y, who[0], size / 32, who[1], name)
        else:
            piece = pawn(x, y, who[0], size / 32, who[1], name)
    under = pieces.burrowed.get(region)
    if under:
        spots.append((x, y))
        piece = group(mound(x, y, under[0], size / 32, under[1], BIOMES[biome]), piece)
    hit = el("polygon", points=pts(region_shape(c, size * 0.92, dirs)))
    indexes = t.where(lambda a: on_region(a, h, BIOMES[biome]))
    return t.wrap(piece, indexes, outline=hit)


# -- the Volcanic Power Grid -------------------------------------------------------------------
SLOT_COLUMN = {"a": -0.5, "b": 0.5, "l": -1.0, "m": 0.0, "r": 1.0}


def slot_xy(slot: str, x0: float, y0: float) -> Point:
    level = SLOT_LEVEL[slot]
    col = SLOT_COLUMN.get(slot[-1], 0.0) if len(slot) > 2 else 0.0
    return (x0 + SIDE_W / 2 + col * 140, y0 + (5 - level) * 62 + 30)


def wrap_words(words: str, width: int) -> list[str]:
    lines: list[str] = []
    for word in words.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def draw_grid(obs: Observation, side: Stack, t: Targets) -> None:
    """The Volcanic Power Grid as the tech tree it is: levels, edges, who holds each power
    and who may unlock it next."""
    x0, y0 = side.x, side.y
    parts = [label(x0, y0 + 14, "Volcanic Power Grid", 15, True)]
    for a, b in GRID["edges"]:
        (xa, ya), (xb, yb) = slot_xy(a, x0, y0 + 10), slot_xy(b, x0, y0 + 10)
        parts.append(el("line", x1=xa, y1=ya, x2=xb, y2=yb, stroke="#8a7f75", stroke_width=3))
    owners = {s: [p for p, marks in enumerate(obs["unlocked"]) if s in marks] for s in SLOTS}
    may_unlock: dict[str, list[int]] = {s: [] for s in SLOTS}
    for p, marks in enumerate(obs["unlocked"]):
        for slot in unlockable(marks):
            if slot not in marks:  # (a full tree: the critter goes on a held power)
                may_unlock[slot].append(p)
    for slot in SLOTS:
        x, y = slot_xy(slot, x0, y0 + 10)
        card = power_slot(slot, obs["grid"].get(slot), owners[slot], may_unlock[slot], x, y)
        outline = el("rect", x=x - 66, y=y - 27, width=132, height=54, rx=7)
        parts.append(t.wrap(card, t.find("unlock", slot=slot), outline=outline))
    side.add(group(*parts), height=5 * 62 + 20)


def power_slot(
    slot: str, power: str | None, owners: list[int], next_up: list[int], x: float, y: float
) -> str:
    """One slot of the grid centred on (x, y): its level, its power, the critters of the
    seats holding it and hollow rings for the seats that may unlock it next."""
    w, h = 128, 50
    name = POWERS[power]["name"] if power else "(empty)"
    card = [
        el(
            "rect",
            x=x - w / 2,
            y=y - h / 2,
            width=w,
            height=h,
            rx=6,
            fill="#fff3e0" if power else "#eeeeee",
            stroke="#5d4037",
            stroke_width=1.5,
        ),
        label(x - w / 2 + 5, y - h / 2 + 12, f"L{SLOT_LEVEL[slot]}", 10, True, fill="#5d4037"),
    ]
    for i, line in enumerate(wrap_words(name, 17)[:2]):
        card.append(label(x, y - 3 + i * 13, line, 11.5, text_anchor="middle"))
    for i, p in enumerate(owners):
        tip = f"{seat_label(p)} unlocked {name}"
        card.append(pawn(x - w / 2 + 12 + i * 17, y + h / 2 - 6, p, 0.62, name=tip))
    for i, p in enumerate(next_up):
        px, py = x + w / 2 - 10 - i * 15, y + h / 2 - 10
        ring = el(
            "circle",
            cx=px,
            cy=py,
            r=6,
            fill="#ffffff",
            stroke=seat_fill(p),
            stroke_width=2.5,
            stroke_dasharray="3 2",
        )
        edge = el("circle", cx=px, cy=py, r=7.6, fill="none", stroke="#5d4037", stroke_width=1)
        card.append(
            group(
                title(f"{seat_label(p)} may unlock {name} next"),
                ring,
                edge,  # the seat's colour alone reads under 3:1 on the card
                label(px, py + 3.5, p + 1, 9, True, text_anchor="middle"),
            )
        )
    return group(*card)


# -- supply and players ------------------------------------------------------------------------
def draw_supply(obs: Observation, side: Stack, t: Targets) -> None:
    """What is left in the supply: land, volcano and lava tiles, resources, the Caldera
    deck."""
    supply = side.below()
    supply.add(label(supply.x, supply.y + 14, "Supply", 15, True), height=44)
    supply.add(*supply_tiles(obs, supply.x, supply.y, t), height=2 * 46 + 32)
    supply.add(*supply_goods(obs, supply.x, supply.y, t), height=40)
    side.add(supply.markup(), height=supply.height)


def supply_tiles(obs: Observation, x0: float, y: float, t: Targets) -> list[str]:
    """The land tiles by kind, two rows of four, then the volcano and lava tiles."""
    parts = []
    for i, kind in enumerate(KINDS):
        x = x0 + 22 + (i % 4) * 104
        yy = y + (i // 4) * 46
        n = obs["tiles"].get(kind, 0)
        piece = group(
            title(f"{tile_name(kind)} tiles in the supply: {n}"),  # words, not colours alone
            mini_tile(x, yy, 17, kind),
            label(x + 22, yy + 5, f"×{n}", 13),
        )
        outline = el("rect", x=x - 20, y=yy - 20, width=70, height=40, rx=6)
        parts.append(t.wrap(piece, t.find(("buy", "choose_tile"), tile=kind), outline=outline))
    y += 2 * 46
    x = x0 + 22
    volcano = group(
        el("polygon", points=pts(hex_corners((x, y), 17)), fill=VOLCANO_FILL, stroke=LINE),
        volcano_cone(x, y, 17),
        label(x + 22, y + 5, f"×{obs['volcano_tiles']}", 13),
    )
    outline = el("rect", x=x - 20, y=y - 20, width=70, height=40, rx=6)
    parts.append(t.wrap(volcano, t.find("buy", tile="volcano"), outline=outline))
    x += 104
    lava = label(x + 22, y + 5, f"lava/soil ×{obs['lava_tiles']}", 13)
    parts.append(group(lava_blob(x, y, 19), lava))
    return parts


def supply_goods(obs: Observation, x0: float, y: float, t: Targets) -> list[str]:
    """The resources by biome and the Caldera deck, in one row."""
    parts = []
    for b, biome in enumerate(BIOMES):
        x = x0 + 10 + b * 104
        piece = resource(x, y, biome, obs["supply"][b])
        outline = el("rect", x=x - 3, y=y - 3, width=58, height=22, rx=4)
        parts.append(t.wrap(piece, t.find("bonus", resource=biome), outline=outline))
    x = x0 + 322
    deck = group(card_back(x, y - 10), label(x + 32, y + 3, f"Caldera ×{obs['caldera_deck']}", 12))
    outline = el("rect", x=x - 3, y=y - 13, width=112, height=42, rx=4)
    parts.append(t.wrap(deck, t.find("buy_caldera"), outline=outline))
    return parts


def draw_player(obs: Observation, p: int, seat: int | None, side: Stack, t: Targets) -> None:
    """A player's panel: critters in hand and in the crater, bought points, resources,
    Caldera cards, unlocked powers and (for the seat paying) the payment choices."""
    mine = p == seat
    current = obs["current"] == p
    panel = side.below()
    x0, y0 = panel.x, panel.y
    name = seat_label(p) + (" — you" if mine else "")
    panel.add(pawn(x0 + 28, y0 + 22, p, 0.9), label(x0 + 44, y0 + 25, name, 15, True))
    if "scores" in obs:
        final = f"final score {obs['scores'][p]:g}"
        panel.add(label(x0 + SIDE_W - 12, y0 + 25, final, 13, True, text_anchor="end"))
    elif current:
        panel.add(to_move(x0 + SIDE_W - 12, y0 + 25))
    panel.gap(56)
    y = panel.y
    panel.add(pawn(x0 + 26, y - 4, p, 0.75), label(x0 + 38, y, f"×{obs['hand'][p]} in hand", 13))
    panel.add(crater(obs, p, mine, x0 + 240, y, t))
    bought = f"bought points {obs['points'][p]}"
    panel.add(label(x0 + SIDE_W - 12, y, bought, 12, text_anchor="end"), height=16)
    y = panel.y
    for b, biome in enumerate(BIOMES):
        x = x0 + 18 + b * 62
        piece = resource(x, y, biome, obs["resources"][p][b])
        outline = el("rect", x=x - 3, y=y - 3, width=56, height=22, rx=4)
        panel.add(t.wrap(piece, t.find("discard", resource=biome) if mine else [], outline=outline))
    panel.add(label(x0 + 200, y + 13, "Caldera", 12))
    panel.add(*caldera_cards(obs, p, mine, x0 + 254, y), height=38)
    held = [POWERS[obs["grid"][s]]["name"] for s in obs["unlocked"][p] if s in obs["grid"]]
    for line in wrap_words("powers: " + (", ".join(held) or "none"), 70):
        panel.add(label(x0 + 18, panel.y + 6, line, 12), height=14)
    if mine:
        draw_payments(panel, t)
    h = panel.height + 6
    fill = seat_fill(p)
    frame = panel_frame(x0, y0, SIDE_W, h - 8, fill, current, PANEL)
    stripe = el("rect", x=x0, y=y0, width=10, height=h - 8, rx=4, fill=fill)
    side.add(panel.markup(frame, stripe), height=h)


def crater(obs: Observation, p: int, mine: bool, cx: float, y: float, t: Targets) -> str:
    """The Sacrificial Critter Crater: its critters, and dashed rings for the room left."""
    pieces = [
        el("ellipse", cx=cx, cy=y - 4, rx=52, ry=15, fill="#6d4c41", stroke="#111111"),
        label(cx - 58, y, "crater", 12, text_anchor="end"),
    ]
    for k in range(int(LIMITS["crater"])):
        if k < obs["crater"][p]:
            pieces.append(pawn(cx - 28 + 28 * k, y - 4, p, 0.6))
        else:
            pieces.append(
                el(
                    "circle",
                    cx=cx - 28 + 28 * k,
                    cy=y - 4,
                    r=6,
                    fill="none",
                    stroke="#d7ccc8",
                    stroke_dasharray="2 2",
                )
            )
    indexes = t.find(("sacrifice_hand", "summon_island")) if mine else []
    return t.wrap(group(*pieces), indexes, outline=el("ellipse", cx=cx, cy=y - 4, rx=56, ry=19))


def caldera_cards(obs: Observation, p: int, mine: bool, x: float, y: float) -> list[str]:
    """Caldera cards: your own face up with their stars, the others' face down."""
    cards = shown_cards(obs, p, mine)
    if not (cards if cards is not None else obs["caldera_counts"][p]):
        return [label(x, y + 13, "none", 12)]
    if cards is None:
        return [
            card_back(x + k * 28, y - 6, 24, 32) for k in range(min(obs["caldera_counts"][p], 6))
        ]
    faces = []
    for k, card in enumerate(cards[:6]):
        info = POWERS[card]
        tip = f"Caldera card: {info['name']} ★{info['caldera_vp']}"
        cx = x + k * 28
        faces.append(
            group(
                title(tip + (" ⚡ may be played in your turn" if info["bolt"] else "")),
                el(
                    "rect",
                    x=cx,
                    y=y - 6,
                    width=24,
                    height=32,
                    rx=3,
                    fill="#fff8e1",
                    stroke="#5b2a1c",
                ),
                label(cx + 12, y + 8, f"★{info['caldera_vp']}", 10, True, text_anchor="middle"),
                label(cx + 12, y + 21, "⚡" if info["bolt"] else "", 10, text_anchor="middle"),
            )
        )
    return faces


def shown_cards(obs: Observation, p: int, mine: bool) -> list[str] | None:
    """The Caldera cards of ``p`` the viewer sees: its own, or every hand once they are
    shown at the end; None: face down."""
    if mine:
        return obs.get("caldera_hand", [])
    hands = obs.get("caldera_hands")
    return None if hands is None else hands[p]


def draw_payments(panel: Stack, t: Targets) -> None:
    """Each way to pay, as a group of resource cubes to click (rows as needed)."""
    indexes = t.find("pay")
    if not indexes:
        return
    x0, y = panel.x + 18, panel.y
    parts = [label(x0, y + 15, "pay:", 13, True)]
    x = x0 + 36
    for i in indexes:
        a = t.legal[i]
        cubes = [b for b in BIOMES for _ in range(a.arg(b) or 0)]
        w = 4 + 18 * len(cubes)
        if x + w > x0 + SIDE_W - 30:
            x, y = x0 + 36, y + 26
        piece = group(*(resource(x + 2 + 18 * k, y + 2, b, size=16) for k, b in enumerate(cubes)))
        outline = el("rect", x=x - 1, y=y, width=w + 2, height=20, rx=3)
        parts.append(t.wrap(piece, [i], outline=outline))
        x += w + 10
    panel.add(group(*parts), height=y + 28 - panel.y)


def draw_placing(obs: Observation, side: Stack, t: Targets) -> None:
    """The tile being placed (by whom, where), and the turns it may take: each drawn
    as the tile would lie, with its label."""
    placing = obs["placing"]
    if not placing:
        return
    kind, seat = placing["tile"], placing["seat"]
    where = place_words(placing["at"]) if placing["at"] else ""
    news = side.below()
    x0, y0 = news.x, news.y
    news.add(
        mini_tile(x0 + 20, y0 + 20, 17, kind),
        label(x0 + 44, y0 + 18, f"{seat_label(seat)} places a tile:", 14, True),
        label(x0 + 44, y0 + 36, tile_name(kind), 12),  # a Trio's name is long: a line of its own
        label(x0 + 44, y0 + 52, where, 12),  # the walk there: a line of its own too
        height=62 if where else 48,
    )
    indexes = t.find("rotate")
    if indexes:
        news.add(label(x0, news.y + 10, "Turn the new tile:", 13), height=18)
    y = news.y
    for k, i in enumerate(indexes):
        x, yy = x0 + (k % 2) * (SIDE_W / 2), y + (k // 2) * 44
        piece = group(
            el(
                "rect",
                x=x,
                y=yy,
                width=SIDE_W / 2 - 6,
                height=40,
                rx=5,
                fill="#fff3e0",
                stroke="#5d4037",
            ),
            mini_tile(x + 22, yy + 20, 17, kind, t.legal[i].arg("rotation")),
            *(
                label(x + 44, yy + 16 + 13 * j, line, 11)
                for j, line in enumerate(wrap_words(t.labels[i], 28)[:2])
            ),
        )
        outline = el("rect", x=x, y=yy, width=SIDE_W / 2 - 6, height=40, rx=5)
        news.add(t.wrap(piece, [i], outline=outline))
    news.gap(((len(indexes) + 1) // 2) * 44)
    side.add(news.markup(), height=news.height + 4)


def status(obs: Observation) -> str:
    """The turn and the round, who must decide what, and the end sequence."""
    # rounds and turns count from 1 for players, none in set-up (as the terminal says)
    head = (
        "Set-up"
        if obs["stage"] == "setup"
        else f"Round {obs['round'] + 1} · turn {obs['turn'] + 1}"
    )
    if obs["stage"] == "over":
        return joined(head, "game over")
    end = f"end sequence: {obs['end'].replace('_', ' ')}" if obs["end"] else None
    return joined(head, deciding(obs["decision"], seat_label), end)


# -- the whole board ---------------------------------------------------------------------------
def draw(
    observation: Observation, seat: int | None, legal: Sequence[Action], labels: Sequence[str]
) -> str:
    """The board seen by ``seat`` (``None``: a spectator), legal actions clickable."""
    obs = observation
    t = Targets(legal, labels)
    side = Stack(SIDE_X, 36)
    draw_grid(obs, side, t)
    draw_supply(obs, side, t)
    draw_placing(obs, side, t)
    side.gap(6)
    for p in range(len(obs["hand"])):
        draw_player(obs, p, seat, side, t)
    height = max(MAP_H, side.y) + 10
    return document(
        WIDTH,
        height,
        status_line(12, 26, status(obs), WIDTH - 24),
        *side.parts,
        draw_map(obs, t, height - 10),
        label="Volcanique board",
        board=(0, 0, MAP_W + 10, height),
        panels=(SIDE_X - 10, 30, SIDE_W + 20, height - 30),
    )
