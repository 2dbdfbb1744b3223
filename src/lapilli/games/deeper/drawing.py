"""The table as a player sees it, drawn as SVG from one seat's observation.

Left: the ocean of flat-top hexes under the sky, the depth lines every 20 m, each tile in
its deck's blue (darker with depth) with its rock edges in brown, its resources as
coloured tokens and the pawns in seat colours with the seat's number; the Hatches on the
surface; below, the tile market, the five depth decks, the blueprint deck and the
communal rocket cards. Right: a panel per player with the Lungs and the Inventory (their
covering tiles on the columns not yet crafted), the Storage, the Upgrades board with the
explore milestones, the habitat (Fabricator and built cards) and the blueprint hand,
face up for its owner and as backs for everyone else.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache, partial
from typing import Any

from lapilli.core.actions import Action
from lapilli.core.hexgrid import FLAT_TOP
from lapilli.core.svg import (
    LETTERING,
    Stack,
    Targets,
    chip,
    deciding,
    document,
    el,
    group,
    ink,
    joined,
    label,
    panel_frame,
    pts,
    seat_colour,
    status_line,
    title,
    to_move,
)

from .board import HATCH, ocean
from .components import (
    BLUEPRINTS,
    CONVERSIONS,
    DECK_NAMES,
    MILESTONES,
    RESOURCES,
    ROCKETS,
    ROW_METRES,
    TILES,
    UPGRADES,
    WATER,
)
from .text import edges_text, seat_label
from .view import Deck, Diver, Observation

SQRT3 = math.sqrt(3.0)
DIVER_COLOURS = ("yellow", "magenta", "green", "red")
"""The divers' pawns, seat by seat (the seats are numbered, not named)."""
RES_FILL = {
    "fish": "#f4c430",
    "kelp": "#3f9b3f",
    "coral": "#f05a28",
    "titanium": "#1e78d2",
    "quartz": "#8e3fb0",
    "diamond": "#1c1c1c",
    "food": "#9c5a2c",
}
"""The tokens' colours (the prototype's cubes): yellow fish, green kelp, orange-red coral,
blue titanium, purple quartz, black diamond, brown food cans."""
RES_LETTER = {
    "fish": "f",
    "kelp": "k",
    "coral": "c",
    "titanium": "t",
    "quartz": "q",
    "diamond": "d",
    "food": "F",
}
DECK_FILL = ("#cfeaf8", "#a6d5ef", "#74b4e0", "#3f80bf", "#1f4e8c", "#173a6b")
"""A tile's water by its deck: starting tiles, then 20m ... 100m, darker with depth."""
ROCK = "#8a6a4c"
ROCK_EDGE = "#4e3a28"
SKY_FILL = "#e4f3fb"
SEA_FILL = ("#dcecf5", "#cfe3ef", "#c1d9e9", "#b3cfe3", "#a6c5dd", "#98bbd6")
"""The empty ocean between the depth lines, a little darker with each level."""
AIR = "#8fd3f4"

S = 38  # a hex: centre to corner
MAP_X, MAP_Y = 52, 96  # the left end of the depth lines, and the surface (0 m)
ROW = SQRT3 * S  # one row, 20 m
COLS = 15
DEEPEST = 100
OCEAN_TOP = MAP_Y - ROW / 2 - 30  # the column letters
OCEAN_BOTTOM = MAP_Y + DEEPEST / ROW_METRES * ROW + ROW / 2 + 6
BOARD_W = MAP_X + S + (COLS - 1) * 1.5 * S + S + 14
SIDE_X = BOARD_W + 12
SIDE_W = 450
WIDTH = SIDE_X + SIDE_W + 12

DIRECTION_CORNERS = {
    "NE": (0, 1),
    "N": (1, 2),
    "NW": (2, 3),
    "SW": (3, 4),
    "S": (4, 5),
    "SE": (5, 0),
}
"""A flat-top hex's edge as the corners bounding it (corner k at 60k degrees)."""
HEX_KINDS = ("swim", "explore", "terraform", "place")
TOKEN_KINDS = ("gather", "knife", "fewer", "pump")


def player(seat: int) -> str:
    return seat_label(seat)


def seat_fill(seat: int) -> str:
    return seat_colour(DIVER_COLOURS[seat % len(DIVER_COLOURS)])


# -- geometry ------------------------------------------------------------------------------------
def place_of(name: str) -> tuple[float, float]:
    """A hex's centre from its name: ``H20`` is column H, 20 m deep."""
    column, metres = ord(name[0]) - ord("A"), int(name[1:])
    return MAP_X + S + column * 1.5 * S, MAP_Y + metres / ROW_METRES * ROW


def corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [
        (cx + s * math.cos(math.radians(60 * k)), cy - s * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


@lru_cache(maxsize=1024)
def outline_hex(cx: float, cy: float, s: float) -> str:
    return el("polygon", points=pts(corners(cx, cy, s)))


# -- tokens and pieces ------------------------------------------------------------------------
@lru_cache(maxsize=2048)
def token(kind: str, x: float, y: float, size: float = 10) -> str:
    """A resource token: a square in the resource's colour with its letter, edged in
    near-black (a yellow fish reads 3:1 on a pale panel by its edge, a dark token by its
    fill)."""
    fill = RES_FILL[kind]
    square = el(
        "rect",
        x=x,
        y=y,
        width=size,
        height=size,
        rx=2,
        fill=fill,
        stroke="#111111",
        stroke_width=1,
    )
    return chip(square, fill, RES_LETTER[kind], (x + size / 2, y + size * 0.8), size * 0.8)


def cost_tokens(cost: tuple[int, ...] | list[int], x: float, y: float, size: float = 10) -> str:
    """A cost as a row of tokens."""
    kinds = [RESOURCES[k] for k, n in enumerate(cost) for _ in range(n)]
    return group(*(token(kind, x + i * (size + 2), y, size) for i, kind in enumerate(kinds)))


def counted(resources: dict[str, int]) -> list[str]:
    return [kind for kind in RESOURCES for _ in range(resources.get(kind, 0))]


def pawn(x: float, y: float, seat: int, s: float = 1.0, tip: str | None = None) -> str:
    """A diver's pawn in the seat's colour with the seat's number; (x, y) its foot."""
    fill = seat_fill(seat)
    body = [(x - 6 * s, y), (x - 3.5 * s, y - 11 * s), (x + 3.5 * s, y - 11 * s), (x + 6 * s, y)]
    shape = (
        el("circle", cx=x, cy=y - 14 * s, r=4 * s, fill=fill, stroke="#111111", stroke_width=1),
        el("polygon", points=pts(body), fill=fill, stroke="#111111", stroke_width=1),
    )
    tip = f"{player(seat)}'s pawn" if tip is None else tip
    return chip(shape, fill, seat + 1, (x, y - 2.5 * s), 8 * s, tip)


# -- tiles -------------------------------------------------------------------------------------
def water_of(tile: str) -> str:
    return DECK_FILL[TILES[tile].level]


@lru_cache(maxsize=4096)
def tile_face(tile: str, cx: float, cy: float, s: float) -> str:
    """A tile without what stands on it: its water, rock edges and dashed centre line
    (a Hatch: sky above the surface, the round hatch below it)."""
    ring = corners(cx, cy, s)
    if tile == HATCH:
        return hatch_face(ring, cx, cy, s)
    fill = water_of(tile)
    parts = [el("polygon", points=pts(ring), fill=fill)]
    for d, kind in enumerate(TILES[tile].edges):
        if kind != WATER:
            a, b = DIRECTION_CORNERS[FLAT_TOP[d]]
            parts.append(
                el(
                    "polygon",
                    points=pts([(cx, cy), ring[a], ring[b]]),
                    fill=ROCK,
                    stroke=ROCK_EDGE,
                    stroke_width=0.8,
                )
            )
    parts.append(
        el(
            "line",
            x1=cx - s,
            y1=cy,
            x2=cx + s,
            y2=cy,
            stroke="#ffffff",
            stroke_width=1,
            stroke_dasharray="4 3",
            stroke_opacity=0.7,
        )
    )
    parts.append(el("polygon", points=pts(ring), fill="none", stroke="#1d3a52", stroke_width=1.2))
    return group(*parts)


def hatch_face(ring: list[tuple[float, float]], cx: float, cy: float, s: float) -> str:
    """A Hatch: sky above the surface, the round hatch below it."""
    hatch = {"fill": "#90a4ae", "stroke": "#37474f", "stroke_width": 2}
    rim = {"fill": "none", "stroke": "#37474f", "stroke_width": 1.5}
    return group(
        el("polygon", points=pts(ring), fill=DECK_FILL[0], stroke="#37474f", stroke_width=1.5),
        el("polygon", points=pts(ring[:4]), fill=SKY_FILL),
        el("circle", cx=cx, cy=cy + s * 0.5, r=s * 0.26, **hatch),
        el("circle", cx=cx, cy=cy + s * 0.5, r=s * 0.15, **rim),
    )


def tile_title(name: str, tile: str, resources: dict[str, int], owner: int | None) -> str:
    if tile == HATCH:
        whose = f"{player(owner)}'s Hatch" if owner is not None else "a Hatch"
        return f"{name}: {whose} (the habitat; sky above)"
    held = ", ".join(f"{n} {k}" for k, n in resources.items()) or "no resources"
    return f"{name}: {tile}, {held}; {edges_text(tile)}"


def token_rows(
    kinds: list[str], cx: float, y: float, size: float = 10
) -> list[tuple[str, float, float]]:
    """Where each token lies: rows of 4 centred on ``cx``, a kind never split over rows."""
    out = []
    rows: list[list[str]] = [[]]
    for kind in RESOURCES:
        group_ = [k for k in kinds if k == kind]
        if not group_:
            continue
        if rows[-1] and len(rows[-1]) + len(group_) > 4:
            rows.append([])
        rows[-1].extend(group_)
    for r, row in enumerate(rows):
        x0 = cx - (len(row) * (size + 2) - 2) / 2
        for i, kind in enumerate(row):
            out.append((kind, x0 + i * (size + 2), y + r * (size + 2)))
    return out


def resources_on(
    resources: dict[str, int],
    cx: float,
    cy: float,
    token_ids: dict[str, list[int]],
    t: Targets,
) -> str:
    """A tile's tokens, each kind a target when an action takes it."""
    kinds = counted(resources)
    if len(kinds) > 8:  # many tokens: one per kind with its count
        parts = []
        present = [k for k in RESOURCES if resources.get(k)]
        x0 = cx - (len(present) * 14 - 2) / 2
        for i, kind in enumerate(present):
            x = x0 + i * 14
            chip = group(
                token(kind, x, cy + 4, 12),
                label(x + 6, cy + 26, resources[kind], 9, True, text_anchor="middle"),
            )
            parts.append(
                t.wrap(
                    chip,
                    token_ids.get(kind, []),
                    outline=el("rect", x=x - 1, y=cy + 3, width=14, height=14, rx=2),
                )
            )
        return group(*parts)
    placed = token_rows(kinds, cx, cy + 4)
    parts = []
    for kind in RESOURCES:
        mine = [(x, y) for k, x, y in placed if k == kind]
        if not mine:
            continue
        chips = group(*(token(kind, x, y) for x, y in mine))
        xs, ys = [x for x, _ in mine], [y for _, y in mine]
        box = el(
            "rect",
            x=min(xs) - 1.5,
            y=min(ys) - 1.5,
            width=max(xs) - min(xs) + 13,
            height=max(ys) - min(ys) + 13,
            rx=2,
        )
        parts.append(t.wrap(chips, token_ids.get(kind, []), outline=box))
    return group(*parts)


# -- the ocean -----------------------------------------------------------------------------------
@lru_cache(maxsize=4)
def ocean_background(top: float, bottom: float) -> str:
    """Sky, the ocean in bands between the depth lines, and the lines with their depths."""
    right = BOARD_W - 6
    parts = [el("rect", x=6, y=top, width=right - 6, height=MAP_Y - top, fill=SKY_FILL)]
    for level in range(DEEPEST // ROW_METRES + 1):
        y0 = MAP_Y + level * ROW
        y1 = min(bottom, y0 + ROW)
        parts.append(
            el(
                "rect",
                x=6,
                y=y0,
                width=right - 6,
                height=y1 - y0,
                fill=SEA_FILL[min(level, len(SEA_FILL) - 1)],
            )
        )
    for level in range(DEEPEST // ROW_METRES + 1):
        y = MAP_Y + level * ROW
        parts.append(
            el(
                "line",
                x1=MAP_X - 4,
                y1=y,
                x2=right,
                y2=y,
                stroke="#1d3a52",
                stroke_width=1.2 if level else 2,
                stroke_dasharray="8 5" if level else None,
                fill="none",  # a line paints no fill: a label on it reads against the sea
            )
        )
        parts.append(label(MAP_X - 8, y + 4, f"{level * ROW_METRES}m", 11, True, text_anchor="end"))
    parts.append(label(MAP_X - 8, MAP_Y - 10, "surface", 10, text_anchor="end"))
    return group(*parts)


@lru_cache(maxsize=4)
def column_letters(top: float) -> str:
    parts = []
    for c in range(COLS):
        x, _ = place_of(f"{chr(ord('A') + c)}0")
        parts.append(label(x, top + 14, chr(ord("A") + c), 11, True, text_anchor="middle"))
    return group(*parts)


def draw_ocean(obs: Observation, t: Targets) -> str:
    """The sea, its tiles and the open water around them, the pawns and the tokens, each
    hex and token the target of the actions on it."""
    parts = [ocean_background(OCEAN_TOP, OCEAN_BOTTOM), column_letters(OCEAN_TOP)]
    placed = {cell["hex"]: cell for cell in obs["board"]}
    hatches = {d["hatch"]: k for k, d in enumerate(obs["seats"])}
    pawns: dict[str, list[int]] = {}
    for k, diver in enumerate(obs["seats"]):
        pawns.setdefault(diver["hex"], []).append(k)
    hex_ids, token_ids = hex_targets(obs, t)
    for name in ocean(obs["players"]).names:
        cx, cy = place_of(name)
        cell = placed.get(name)
        ids = hex_ids.get(name, [])
        if cell is None:
            parts.append(
                t.wrap(open_water(name, bool(ids)), ids, outline=outline_hex(cx, cy, S - 1))
            )
            continue
        tile = cell["tile"]
        owner = hatches.get(name)
        body = [title(tile_title(name, tile, cell["resources"], owner)), tile_face(tile, cx, cy, S)]
        fill = SKY_FILL if tile == HATCH else water_of(tile)
        body.append(label(cx, cy - S * 0.63, name, 9, True, text_anchor="middle", fill=ink(fill)))
        if tile == HATCH and owner is not None:
            body.append(hatch_mark(cx, cy, owner))
        here = pawns.get(name, [])
        for i, p in enumerate(here):
            px = cx + (i - (len(here) - 1) / 2) * 15
            body.append(pawn(px, cy + 1, p, 1.1))
        by_kind = {kind: v for (where, kind), v in token_ids.items() if where == name}
        if ids:  # the hex is the target: its tokens' actions join it
            ids = ids + [i for v in by_kind.values() for i in v]
            by_kind = {}
        body.append(resources_on(cell["resources"], cx, cy, by_kind, t))
        parts.append(t.wrap(group(*body), ids, outline=outline_hex(cx, cy, S - 1)))
    return group(*parts)


@lru_cache(maxsize=512)
def open_water(name: str, named: bool) -> str:
    """A hex of the board with no tile yet: a dashed outline (named when it is a spot
    to explore)."""
    cx, cy = place_of(name)
    spot = el(
        "polygon",
        points=pts(corners(cx, cy, S - 1)),
        fill="none",
        stroke="#7ea4bf",
        stroke_width=0.8,
        stroke_dasharray="3 3",
    )
    return group(spot, label(cx, cy + 4, name, 10, text_anchor="middle")) if named else spot


def hatch_mark(cx: float, cy: float, owner: int) -> str:
    fill = seat_fill(owner)
    disc = el("circle", cx=cx, cy=cy + S * 0.5, r=S * 0.16, fill=fill, stroke="#111111")
    return chip(disc, fill, owner + 1, (cx, cy + S * 0.5 + 4), 10)


def hex_targets(
    obs: Observation, t: Targets
) -> tuple[dict[str, list[int]], dict[tuple[str, str], list[int]]]:
    """Legal actions by the hex they happen at, and by (hex, resource) for tokens."""
    pending = obs["pending"] or {}
    args = pending.get("args") or {}
    hexes: dict[str, list[int]] = {}
    tokens: dict[tuple[str, str], list[int]] = {}
    mover = pending.get("seat")
    here = (
        obs["seats"][mover]["hex"] if isinstance(mover, int) and 0 <= mover < obs["players"] else ""
    )
    for i, a in enumerate(t.legal):
        if a.kind in HEX_KINDS:
            hexes.setdefault(a.arg("to") or a.arg("at"), []).append(i)
        elif a.kind == "glide" and args.get("at"):
            hexes.setdefault(args["at"], []).append(i)
        elif a.kind in ("gather", "knife"):
            tokens.setdefault((here, a.arg("resource")), []).append(i)
        elif a.kind == "fewer" and args.get("at"):
            tokens.setdefault((args["at"], a.arg("resource")), []).append(i)
        elif a.kind == "pump":
            tokens.setdefault((a.arg("at"), a.arg("resource")), []).append(i)
    return hexes, tokens


# -- under the ocean: market, decks, rocket cards --------------------------------------------------
def small_tile(tile: str, cx: float, cy: float, s: float = 30) -> str:
    kinds = counted({RESOURCES[k]: n for k, n in enumerate(TILES[tile].resources) if n})
    parts = [tile_face(tile, cx, cy, s)]
    parts.append(label(cx, cy + s + 12, tile, 10, True, text_anchor="middle"))
    for kind, x, y in token_rows(kinds, cx, cy + 3, 9):
        parts.append(token(kind, x, y, 9))
    return group(title(f"{tile}: " + ", ".join(kinds) + f"; {edges_text(tile)}"), *parts)


def _uses_tile(tile: str, a: Action) -> bool:
    return bool(a.arg("tile") == tile and a.kind in ("trim", "explore", "terraform"))


def draw_market(obs: Observation, x0: float, y0: float, t: Targets) -> str:
    parts = [label(x0, y0 + 14, "Tile market", 14, True)]
    pending = obs["pending"] or {}
    for k, tile in enumerate(obs["market"]):
        cx, cy = x0 + 34 + k * 64, y0 + 58
        ids = t.where(partial(_uses_tile, tile))
        parts.append(t.wrap(small_tile(tile, cx, cy), ids, outline=outline_hex(cx, cy, 30)))
    if not obs["market"]:
        parts.append(label(x0, y0 + 40, "empty", 12))
    if pending.get("step") == "place":
        drawn = (pending.get("args") or {}).get("tile")
        if drawn in TILES:
            cx, cy = x0 + 34 + max(1, len(obs["market"])) * 64, y0 + 58
            parts.append(label(cx, y0 + 22, "Scan drew:", 11, True, text_anchor="middle"))
            parts.append(small_tile(drawn, cx, cy))
    return group(*parts)


def draw_decks(obs: Observation, x0: float, y0: float, t: Targets) -> str:
    """The five depth decks (each the target of a Scan of it) and the blueprint deck."""
    parts = [label(x0, y0 + 14, "Depth decks", 14, True)]
    for k, name in enumerate(DECK_NAMES):
        cx, cy = x0 + 34 + k * 64, y0 + 56
        deck = depth_deck(name, obs["decks"][name], cx, cy, DECK_FILL[k + 1])
        parts.append(t.wrap(deck, t.find("scan", deck=name), outline=outline_hex(cx, cy, 27)))
    parts.append(blueprint_deck(obs["blueprint_deck"], x0 + 34 + 5 * 64, y0))
    return group(*parts)


def depth_deck(name: str, deck: Deck, cx: float, cy: float, fill: str) -> str:
    """A depth deck: a few offset tiles face down (a dashed hex once it is empty), its
    name and how many tiles are left."""
    known = f", {len(deck['bottom'])} known at the bottom" if deck["bottom"] else ""
    stack = [title(f"the {name} deck: {deck['count']} tiles face down{known}")]
    for layer in range(min(3, deck["count"]) - 1, -1, -1):
        back = corners(cx + layer * 2, cy - layer * 2, 26)
        stack.append(el("polygon", points=pts(back), fill=fill, stroke="#0d2238"))
    if not deck["count"]:
        stack.append(
            el(
                "polygon",
                points=pts(corners(cx, cy, 26)),
                fill="none",
                stroke="#7a7a7a",
                stroke_dasharray="4 3",
            )
        )
    colour = ink(fill) if deck["count"] else LETTERING
    stack.append(label(cx, cy - 4, name, 10, True, text_anchor="middle", fill=colour))
    stack.append(label(cx, cy + 12, deck["count"], 13, True, text_anchor="middle", fill=colour))
    return group(*stack)


def blueprint_deck(count: int, x: float, y0: float) -> str:
    """The blueprint deck, face down, with how many cards are left."""
    return group(
        title(f"the blueprint deck: {count} cards face down"),
        el(
            "rect", x=x - 20, y=y0 + 28, width=44, height=58, rx=5, fill="#35495e", stroke="#111111"
        ),
        label(x + 2, y0 + 62, count, 14, True, text_anchor="middle", fill="#ffffff"),
        label(x + 2, y0 + 100, "blueprints", 10, text_anchor="middle"),
    )


def card_box(
    x: float,
    y: float,
    w: float,
    h: float,
    name: str,
    cost: Any,
    points: int,
    fill: str,
    note: str = "",
) -> str:
    """A blueprint or rocket card: name, cost as tokens, its stars."""
    return group(
        el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill, stroke="#37474f"),
        label(x + 5, y + 14, name, 11, True, fill=ink(fill)),
        cost_tokens(cost, x + 5, y + 20),
        label(x + w - 5, y + h - 6, f"{points}★", 12, True, text_anchor="end", fill=ink(fill)),
        label(x + 5, y + h - 6, note, 9.5, fill=ink(fill)) if note else "",
    )


def draw_rockets(obs: Observation, x0: float, y0: float, t: Targets) -> str:
    parts = [
        label(x0, y0 + 14, "Rocket cards (communal: build them once your Radio is built)", 14, True)
    ]
    builders = {c: p for p, s in enumerate(obs["seats"]) for c in s["rockets"]}
    for k, card in enumerate(ROCKETS):
        x, y = x0 + k * 176, y0 + 22
        info = ROCKETS[card]
        built = card in builders
        note = f"built by {player(builders[card])}" if built else ""
        body = card_box(
            x,
            y,
            168,
            54,
            info.name,
            info.cost,
            info.points,
            "#e0e0e0" if built else "#fff4e0",
            note,
        )
        body = group(title(f"{info.name}: {info.text}" + (f" ({note})" if note else "")), body)
        parts.append(
            t.wrap(
                body,
                t.find("craft", card=card),
                outline=el("rect", x=x, y=y, width=168, height=54, rx=5),
            )
        )
    return group(*parts)


# -- the players' boards -----------------------------------------------------------------------
CELL = 20
BOARD_H = 16 + 2 * CELL + 2  # the Lungs, the Inventory, the Storage: name and two rows


def grid_board(
    x0: float,
    y0: float,
    name: str,
    covers: list[str],
    crafted: list[str],
    content: list[str],
    t: Targets,
    kind_ids: dict[str, list[int]],
    air: bool = False,
) -> str:
    """A 2 x 4 grid (Lungs or Inventory): 2 open columns and one per covering tile, which
    lies on its column until crafted. ``content``: air or a resource per open cell."""
    parts = [label(x0, y0 + 11, name, 11, True)]
    y = y0 + 16
    cells = []
    for c, what in enumerate(["open", "open", *covers]):
        x = x0 + c * (CELL + 2)
        if what != "open" and what not in crafted:
            parts.append(covering_tile(what, x, y, t))
        else:
            cells += [(x, y), (x, y + CELL + 2)]
    for i, (x, yy) in enumerate(cells):
        parts.append(
            el("rect", x=x, y=yy, width=CELL, height=CELL, rx=3, fill="#ffffff", stroke="#90a4ae")
        )
        if i >= len(content):
            continue
        if air:
            bubble = el(
                "circle", cx=x + CELL / 2, cy=yy + CELL / 2, r=7, fill=AIR, stroke="#2b7fae"
            )
            parts.append(bubble)
        else:
            parts.append(cell_token(content[i], x, yy, kind_ids, t))
    return group(*parts)


def covering_tile(upgrade: str, x: float, y: float, t: Targets) -> str:
    """An upgrade tile covering a column of the Lungs or the Inventory, with its cost
    (the target of crafting it)."""
    up = UPGRADES[upgrade]
    cost = counted(_named(up.cost))
    tile = group(
        title(f"{up.name} (cost: {', '.join(cost)}): {up.text}"),
        el(
            "rect",
            x=x,
            y=y,
            width=CELL,
            height=2 * CELL + 2,
            rx=3,
            fill="#b08d57",
            stroke="#5d4527",
        ),
        *(token(kind, x + 5, y + 6 + i * 12) for i, kind in enumerate(cost)),
    )
    outline = el("rect", x=x, y=y, width=CELL, height=2 * CELL + 2, rx=3)
    return t.wrap(tile, t.find("craft", card=upgrade), outline=outline)


def cell_token(kind: str, x: float, y: float, kind_ids: dict[str, list[int]], t: Targets) -> str:
    """A resource in a cell of the Inventory or the Storage (the target of moving it)."""
    outline = el("rect", x=x + 2, y=y + 2, width=16, height=16, rx=2)
    return t.wrap(token(kind, x + 3, y + 3, 14), kind_ids.get(kind, []), outline=outline)


def _named(cost: tuple[int, ...] | list[int]) -> dict[str, int]:
    return {RESOURCES[k]: n for k, n in enumerate(cost) if n}


def storage_board(
    x0: float, y0: float, seat_view: Diver, t: Targets, kind_ids: dict[str, list[int]]
) -> str:
    size = seat_view["storage_size"]
    content = counted(seat_view["storage"])
    parts = [label(x0, y0 + 11, "Storage (1★ a food)", 11, True)]
    y = y0 + 16
    for i in range(size):
        block, j = divmod(i, 4)  # 2 x 2 cells a card
        x = x0 + block * 50 + (j % 2) * (CELL + 2)
        yy = y + (j // 2) * (CELL + 2)
        parts.append(
            el("rect", x=x, y=yy, width=CELL, height=CELL, rx=3, fill="#fff8e1", stroke="#a1887f")
        )
        if i < len(content):
            parts.append(cell_token(content[i], x, yy, kind_ids, t))
    return group(*parts)


def draw_seat(obs: Observation, p: int, seat: int | None, side: Stack, t: Targets) -> None:
    """A diver's panel: name and place, the Lungs, Inventory and Storage, the Upgrades
    board, the habitat and the blueprint hand."""
    pending = obs["pending"] or {}
    current = pending.get("seat") == p
    view = obs["seats"][p]
    panel = side.below()
    panel.add(seat_head(obs, p, p == seat, current, panel.x, panel.y, t), height=32)
    seat_boards(view, panel, t)
    upgrades_row(view, panel, t)
    breathing = (pending.get("args") or {}).get("card") if current else None
    cards_rows(p, view, breathing, panel, t)
    h = panel.height + 6
    frame = panel_frame(panel.x, panel.top, SIDE_W, h, seat_fill(p), current)
    side.add(panel.markup(frame), height=h + 8)


def seat_head(
    obs: Observation, p: int, mine: bool, current: bool, x0: float, y0: float, t: Targets
) -> str:
    """The panel's title line: pawn, name, where the diver is and the stars."""
    view = obs["seats"][p]
    where = view["hex"] + (" (habitat)" if view["hex"] == view["hatch"] else "")
    head = [
        pawn(x0 + 16, y0 + 26, p, 1.0, tip=player(p)),
        label(x0 + 30, y0 + 22, player(p) + (" — you" if mine else ""), 14, True),
        label(x0 + 160, y0 + 22, f"at {where} · {view['score']}★", 12),
    ]
    if current:
        head.append(to_move(x0 + SIDE_W - 10, y0 + 22, 12))
    if p in winners(obs):
        head.append(label(x0 + SIDE_W - 10, y0 + 22, "★ wins", 13, True, text_anchor="end"))
    # on a tie the builder of the final rocket names the winner: click their name
    outline = el("rect", x=x0 + 4, y=y0 + 5, width=SIDE_W - 8, height=26, rx=5)
    return t.wrap(group(*head), t.find("tie", winner=p), outline=outline)


def seat_boards(view: Diver, panel: Stack, t: Targets) -> None:
    """The Lungs, the Inventory and the Storage side by side, and where a taken
    resource may go."""
    x0, y = panel.x, panel.y
    lungs_covers = [k for k, u in UPGRADES.items() if u.lungs]
    inv_covers = [k for k, u in UPGRADES.items() if u.inventory]
    crafted = view["upgrades"]
    breaths = ["air"] * view["air"]
    held = counted(view["inventory"])
    store = by_resource(t, ("store", "discard"))
    lungs = f"Lungs {view['air']}/{view['lungs']}"
    panel.add(
        grid_board(x0 + 10, y, lungs, lungs_covers, crafted, breaths, t, {}, air=True),
        grid_board(x0 + 120, y, "Inventory", inv_covers, crafted, held, t, store),
        storage_board(x0 + 230, y, view, t, by_resource(t, ("unstore",))),
        height=BOARD_H,
    )
    bottom = panel.y
    for into, x, w in (("inventory", x0 + 120, 100), ("storage", x0 + 230, 96)):
        take = t.find("take", into=into)
        if take:
            button = label(x, bottom + 14, f"+ into {into.title()}", 11, True)
            outline = el("rect", x=x - 4, y=bottom + 2, width=w, height=17, rx=4)
            panel.add(t.wrap(button, take, outline=outline))
    panel.gap(22 if t.find("take") else 8)


def winners(obs: Observation) -> list[int]:
    """At the end: the most points, or the one the builder named on a tie."""
    if not obs["end"] or obs["pending"]:
        return []
    if obs["tie_winner"] >= 0:
        return [obs["tie_winner"]]
    best = max(view["score"] for view in obs["seats"])
    return [p for p, view in enumerate(obs["seats"]) if view["score"] == best]


def by_resource(t: Targets, kinds: tuple[str, ...]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    for i in t.find(kinds):
        out.setdefault(t.legal[i].arg("resource"), []).append(i)
    return out


def upgrades_row(view: Diver, panel: Stack, t: Targets) -> None:
    """The Upgrades board (crafted ones in green) and the explore milestones."""
    x0, y = panel.x, panel.y
    panel.add(label(x0 + 10, y + 12, "Upgrades", 11, True))
    x = x0 + 76
    for key, up in UPGRADES.items():
        if up.lungs or up.inventory:
            continue
        done = key in view["upgrades"]
        if done:
            body = group(
                title(f"{up.name}: {up.text}"),
                el("rect", x=x, y=y, width=76, height=34, rx=4, fill="#e8f5e9", stroke="#2e7d32"),
                label(x + 4, y + 13, up.name, 10.5, True),
                label(x + 4, y + 27, "crafted", 9.5),
            )
        else:
            body = group(
                title(f"{up.name} (cost: {', '.join(counted(_named(up.cost)))}): {up.text}"),
                el("rect", x=x, y=y, width=76, height=34, rx=4, fill="#b08d57", stroke="#5d4527"),
                label(x + 4, y + 13, up.name, 10.5, True, fill=ink("#b08d57")),
                cost_tokens(up.cost, x + 4, y + 19, 10),
            )
        outline = el("rect", x=x, y=y, width=76, height=34, rx=4)
        panel.add(t.wrap(body, t.find("craft", card=key), outline=outline))
        x += 82
    for k, (level, stars) in enumerate(MILESTONES.items()):
        name = f"{level * ROW_METRES}m"
        got = name in view["milestones"]
        mx = x + k * 29
        fill = "#2e7d32" if got else "#eeeeee"
        panel.add(
            group(
                title(
                    f"explore {name}: {stars}★ and a blueprint card" + (" (claimed)" if got else "")
                ),
                el("rect", x=mx, y=y, width=28, height=34, rx=4, fill=fill, stroke="#555555"),
                label(mx + 14, y + 14, name, 8.5, True, text_anchor="middle", fill=ink(fill)),
                label(mx + 14, y + 28, f"{stars}★", 10, True, text_anchor="middle", fill=ink(fill)),
            )
        )
    panel.gap(40)


Item = tuple[float, float, Callable[[float, float], str]]
"""Something laid out in a row: its width, its height, and how to draw it at (x, y)."""


def lay_out(panel: Stack, name: str, items: list[Item]) -> None:
    """``items`` left to right after the row's name, wrapping at the panel's edge."""
    x0 = panel.x
    panel.add(label(x0 + 10, panel.y + 12, name, 11, True))
    x, line = x0 + 76, 0.0
    for w, h, drawing in items:
        if x + w > x0 + SIDE_W - 6 and x > x0 + 76:  # on to the next line
            panel.gap(line + 6)
            x, line = x0 + 76, 0.0
        panel.add(drawing(x, panel.y))
        x += w + 6
        line = max(line, h)
    panel.gap(max(line, 16) + 8)


def fabricator(x: float, y: float, t: Targets) -> str:
    parts = [
        el("rect", x=x, y=y, width=104, height=58, rx=5, fill="#eceff1", stroke="#546e7a"),
        label(x + 4, y + 12, "Fabricator", 10.5, True),
    ]
    for k, conv in enumerate(CONVERSIONS.values()):
        yy = y + 16 + k * 14
        made = (
            token(RESOURCES[conv.make], x + 46, yy, 10)
            if conv.make is not None
            else label(x + 50, yy + 9, "?", 10, True)
        )
        row = group(
            title(f"Fabricator: {conv.name}"),
            cost_tokens(conv.pay, x + 4, yy, 10),
            label(x + 32, yy + 9, "→", 10, True),
            made,
        )
        outline = el("rect", x=x + 2, y=yy - 1, width=60, height=13, rx=2)
        parts.append(t.wrap(row, t.find("convert", use=conv.id), outline=outline))
    return group(*parts)


def built_card(card: str, breathing: str | None, t: Targets) -> Item:
    info = BLUEPRINTS[card]

    def drawing(x: float, y: float) -> str:
        body = group(
            title(f"{info.name} (built): {info.text}"),
            card_box(x, y, 84, 58, info.name, (), info.points, "#e3f2fd", "built"),
        )
        ids = t.find("convert", use=card) + (t.find("take") if breathing == card else [])
        return t.wrap(body, ids, outline=el("rect", x=x, y=y, width=84, height=58, rx=5))

    return 84, 58, drawing


def hand_card(card: str, t: Targets) -> Item:
    info = BLUEPRINTS[card]

    def drawing(x: float, y: float) -> str:
        body = group(
            title(f"{info.name}: {info.text}"),
            card_box(x, y, 84, 52, info.name, info.cost, info.points, "#fffde7"),
        )
        outline = el("rect", x=x, y=y, width=84, height=52, rx=5)
        return t.wrap(body, t.find("craft", card=card), outline=outline)

    return 84, 52, drawing


def hand_backs(p: int, count: int) -> Item:
    """Someone else's blueprint cards: their backs, and how many."""
    width = 40 + 8 * (count - 1)

    def drawing(x: float, y: float) -> str:
        backs = [
            el(
                "rect",
                x=x + 8 * k,
                y=y + 3,
                width=40,
                height=52,
                rx=4,
                fill="#35495e",
                stroke="#ffffff",
            )
            for k in range(count)
        ]
        return group(
            title(f"{player(p)}'s hand: {count} blueprint card{'s' if count > 1 else ''}"),
            *backs,
            label(x + width - 20, y + 35, count, 15, True, text_anchor="middle", fill="#ffffff"),
        )

    return width, 58, drawing


def cards_rows(p: int, view: Diver, breathing: str | None, panel: Stack, t: Targets) -> None:
    """The habitat (Fabricator, built cards) and the blueprint hand: face up for its owner
    (a row of its own), else backs beside the habitat."""
    items: list[Item] = [(104, 58, lambda x, yy: fabricator(x, yy, t))]
    items += [built_card(card, breathing, t) for card in view["built"]]
    hand = view["hand"]
    if hand is None and view["hand_count"]:
        items.append(hand_backs(p, view["hand_count"]))
    lay_out(panel, "Habitat", items)
    if hand is not None:
        lay_out(panel, "Hand" if hand else "Hand: empty", [hand_card(card, t) for card in hand])


def status(obs: Observation) -> str:
    """The round, the end and its scores, and who must decide what (with the actions
    left in a turn)."""
    over = None
    if obs["end"]:
        scores = ", ".join(f"{player(p)} {s['score']}★" for p, s in enumerate(obs["seats"]))
        why = "the last rocket card is built" if obs["end"] == "rockets" else "the round limit"
        over = f"game over ({why}): {scores}"
    decision = obs["decision"]
    who = deciding(decision, player)
    left = ((obs["pending"] or {}).get("args") or {}).get("left")
    if who and decision and decision["name"] == "actions" and left is not None:
        who += f" ({left} left)"
    when = f"round {obs['round']}" if obs["round"] else "set-up"  # rounds count from 1
    return joined(f"Deeper · {when}", over, who)


def draw(
    observation: Observation, seat: int | None, legal: Sequence[Action], labels: Sequence[str]
) -> str:
    """The table seen by ``seat`` (``None``: a spectator), legal actions clickable."""
    obs = observation
    t = Targets(legal, labels)
    board = Stack(14, OCEAN_BOTTOM)
    board.gap(8)
    board.add(draw_market(obs, board.x, board.y, t), draw_decks(obs, 14 + 8 * 64 + 12, board.y, t))
    board.gap(118)
    board.add(draw_rockets(obs, board.x, board.y, t), height=84)
    side = Stack(SIDE_X, 40.0)
    n = obs["players"]
    first = seat if seat is not None else 0
    for k in range(n):
        draw_seat(obs, (first + k) % n, seat, side, t)
    height = max(board.y, side.y) + 6
    return document(
        WIDTH,
        height,
        status_line(14, 26, status(obs), WIDTH - 28),
        draw_ocean(obs, t),
        *board.parts,
        *side.parts,
        label="Deeper table",
        board=(0, 0, BOARD_W, board.y),
        panels=(SIDE_X - 8, 34, SIDE_W + 18, height - 34),
    )
