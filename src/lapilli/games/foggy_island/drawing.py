"""The table as a player sees it, drawn as SVG from one seat's observation.

Left: the 6x6 Island Map with its tokens (face up with their animal, face down as a
shield back), the fog boards over closed quarters and the lines that would score now.
Right: the weather card, and per player the hand (yours face up, others' as backs), the
pile, coins, hired mercenaries and the points of each round; the mercenary board when
mercenaries are hired.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from lapilli.core.actions import Action
from lapilli.core.svg import (
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
    seat_colour,
    status_line,
    title,
    to_move,
)

from .board import COLUMNS, QUADRANT_TILES, QUADRANTS, SIZE, TILE_INDEX, TILE_NAMES
from .components import KINDS, MERCENARIES, SIDE_NAMES, WHITE, colour_of
from .pictures import animal, weather
from .text import seat_label
from .view import Observation, Tokens
from .view import Token as Cell

SIDE_FILL = {0: seat_colour(SIDE_NAMES[0]), 1: seat_colour(SIDE_NAMES[1]), WHITE: "#f6f2e8"}
"""A token's background: the colour of the line it builds (white breaks lines)."""
BACK = "#e3d3ad"
SEA = "#b9def2"
LAND = ("#d9e8b0", "#cfe0a2")
FOG = "#9aa5ad"
LINE = "#3a3a3a"

TILE = 84
BOARD_X, BOARD_Y = 44, 76
SIDE_X = BOARD_X + SIZE * TILE + 40
SIDE_W = 470
WIDTH = SIDE_X + SIDE_W + 12

PANEL_H = 176  # a seat's panel, with the room under it
TILE_KINDS = ("place", "hippo", "keep_hippo", "move_frog", "target")


def tile_xy(tile: int) -> tuple[float, float]:
    """The centre of a tile (a1 top left, f6 bottom right)."""
    row, col = divmod(tile, SIZE)
    return (BOARD_X + col * TILE + TILE / 2, BOARD_Y + row * TILE + TILE / 2)


# -- tokens ----------------------------------------------------------------------------------
def shield(x: float, y: float, s: float, side: int) -> str:
    """The shield of a side's tokens, with its initial (R or B)."""
    fill = SIDE_FILL[side]
    d = (
        f"M{x - 9 * s:.1f},{y - 10 * s:.1f} h{18 * s:.1f} v{11 * s:.1f} "
        f"q{-1 * s:.1f},{8 * s:.1f} {-9 * s:.1f},{12 * s:.1f} "
        f"q{-8 * s:.1f},{-4 * s:.1f} {-9 * s:.1f},{-12 * s:.1f} Z"
    )
    outline = el("path", d=d, fill=fill, stroke="#111111", stroke_width=1.2)
    return chip(outline, fill, SIDE_NAMES[side][0], (x, y + 4 * s), 11 * s)


@lru_cache(maxsize=4096)  # the same tokens lie at the same places from view to view
def token(
    x: float, y: float, r: float, kind: str, colour: int, side: int, face_down: bool = False
) -> str:
    """A face-up token: its animal on the colour of the line it builds, the owner's
    shield in the corner; ``face_down`` marks one of your own tokens lying face down."""
    fill = SIDE_FILL[colour]
    parts = [
        el(
            "circle",
            cx=x,
            cy=y,
            r=r,
            fill=fill,
            stroke="#111111",
            stroke_width=1.5,
            stroke_dasharray="5 3" if face_down else None,
        ),
        animal(kind, x - r * 0.62, y - r * 0.7, r * 1.24, ink(fill), fill),
        shield(x + r * 0.72, y + r * 0.62, r / 30, side),
    ]
    if face_down:
        parts.append(el("circle", cx=x, cy=y, r=r, fill=BACK, fill_opacity=0.35))
    return group(title(KINDS[kind].title + (" (face down)" if face_down else "")), *parts)


def back(x: float, y: float, r: float, side: int) -> str:
    """A token face down: the back with its side's shield."""
    return group(
        el("circle", cx=x, cy=y, r=r, fill=BACK, stroke="#111111", stroke_width=1.5),
        shield(x, y - r * 0.05, r / 16, side),
    )


# -- the island --------------------------------------------------------------------------------
def draw_island(obs: Observation, t: Targets) -> str:
    """The island: sea, sand and tiles with their tokens, the scoring lines under them,
    hippos, fog over the closed quadrants, and the lines' points on top."""
    parts = island_frame()
    hippo_tiles = {tile for tiles in obs["hippo"].values() for tile in tiles}
    pieces = []
    for tile, name in enumerate(TILE_NAMES):
        x, y = tile_xy(tile)
        row, col = divmod(tile, SIZE)
        parts.append(
            el(
                "rect",
                x=x - TILE / 2,
                y=y - TILE / 2,
                width=TILE,
                height=TILE,
                fill=LAND[(row + col) % 2],
                stroke="#9fb27a",
                stroke_width=1,
            )
        )
        cell = obs["board"][tile]
        piece = ""
        if cell is not None and name not in hippo_tiles:
            piece = draw_cell(cell, x, y)
        outline = el(
            "rect", x=x - TILE / 2 + 3, y=y - TILE / 2 + 3, width=TILE - 6, height=TILE - 6, rx=6
        )
        pieces.append(t.wrap(piece, t.find(TILE_KINDS, tile=name), outline=outline))
    lines, badges = draw_lines(obs)
    parts += [lines, *pieces]  # the lines run under the tokens, between them
    for seat, tiles in obs["hippo"].items():
        parts.append(draw_hippo(int(seat), tiles))
    for q, name in enumerate(QUADRANTS):
        if name not in obs["open"]:
            parts.append(draw_fog(q, name, t))
    parts.append(badges)
    return group(*parts)


def island_frame() -> list[str]:
    """The sea, the sand around the tiles and the coordinates (columns a-f, rows 1-6)."""
    side = SIZE * TILE
    parts = [
        el(
            "rect",
            x=BOARD_X - 26,
            y=BOARD_Y - 26,
            width=side + 52,
            height=side + 52,
            rx=22,
            fill=SEA,
        ),
        el(
            "rect",
            x=BOARD_X - 8,
            y=BOARD_Y - 8,
            width=side + 16,
            height=side + 16,
            rx=14,
            fill="#ecd9a0",
        ),
    ]
    for i in range(SIZE):
        x, y = BOARD_X + i * TILE + TILE / 2, BOARD_Y + i * TILE + TILE / 2 + 5
        parts.append(label(x, BOARD_Y - 32, COLUMNS[i], 14, True, text_anchor="middle"))
        parts.append(label(BOARD_X - 34, y, str(i + 1), 14, True, text_anchor="middle"))
    return parts


def draw_cell(cell: Cell, x: float, y: float) -> str:
    side = cell["seat"] % 2
    if cell["token"] is None:
        return back(x, y, TILE * 0.4, side)
    return token(
        x, y, TILE * 0.4, cell["token"], cell["colour"], side, face_down=not cell["face_up"]
    )


def draw_hippo(seat: int, tiles: list[str]) -> str:
    """A Hippo lying across two tiles."""
    (x1, y1), (x2, y2) = (tile_xy(TILE_NAMES.index(name)) for name in tiles)
    x, y = (x1 + x2) / 2, (y1 + y2) / 2
    w, h = abs(x2 - x1) + TILE * 0.8, abs(y2 - y1) + TILE * 0.8
    fill = SIDE_FILL[WHITE]
    piece = group(
        el(
            "rect",
            x=x - w / 2,
            y=y - h / 2,
            width=w,
            height=h,
            rx=TILE * 0.4,
            fill=fill,
            stroke="#111111",
            stroke_width=1.5,
        ),
        animal("hippo", x - TILE * 0.3, y - TILE * 0.3, TILE * 0.6, ink(fill), fill),
        shield(x + w / 2 - 16, y + h / 2 - 16, 1.0, seat % 2),
    )
    return group(title("Hippo"), piece)


def draw_lines(obs: Observation) -> tuple[str, str]:
    """The lines of 3 or more that would score if the round ended now (tokens the seat
    cannot see break them): a band through the tokens, and a badge with the side's
    initial and the points at the end of the line."""
    bands, badges = [], []
    for line in obs["live"]["lines"]:
        tiles, side, points = line["tiles"], line["side"], line["points"]
        (x1, y1), (x2, y2) = tile_xy(TILE_INDEX[tiles[0]]), tile_xy(TILE_INDEX[tiles[-1]])
        fill = SIDE_FILL[side]
        bands.append(
            el(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=fill,
                stroke_width=12,
                stroke_linecap="round",
            )
        )
        steps = len(tiles) - 1
        bx, by = x2 + (x2 - x1) / steps * 0.42, y2 + (y2 - y1) / steps * 0.42
        badge = el(
            "rect",
            x=bx - 19,
            y=by - 11,
            width=38,
            height=22,
            rx=11,
            fill=fill,
            stroke="#ffffff",
            stroke_width=2,
        )
        tip = f"{SIDE_NAMES[side]} line of {len(tiles)}: {points} point{'s' * (points != 1)}"
        badges.append(chip(badge, fill, f"{SIDE_NAMES[side][0]} {points}", (bx, by + 5), 13, tip))
    return group(*bands), group(*badges, pointer_events="none")


def draw_fog(q: int, name: str, t: Targets) -> str:
    tiles = QUADRANT_TILES[q]
    x, y = tile_xy(tiles[0])
    x, y = x - TILE / 2 + 4, y - TILE / 2 + 4
    w = 3 * TILE - 8
    puffs = "".join(
        el("circle", cx=x + w * fx, cy=y + w * fy, r=w * 0.16, fill="#c3cbd1")
        for fx, fy in ((0.25, 0.3), (0.45, 0.22), (0.7, 0.35), (0.3, 0.7), (0.6, 0.68))
    )
    board = group(
        el("rect", x=x, y=y, width=w, height=w, rx=12, fill=FOG, stroke="#5f6b73", stroke_width=2),
        puffs,
        el("rect", x=x + w / 2 - 52, y=y + w / 2 - 16, width=104, height=30, rx=6, fill="#ffffff"),
        label(x + w / 2, y + w / 2 + 5, f"fog ({name})", 14, True, text_anchor="middle"),
    )
    outline = el("rect", x=x, y=y, width=w, height=w, rx=12)
    return t.wrap(board, t.find("remove_fog", board=name), outline=outline)


# -- the side of the table ----------------------------------------------------------------------
def draw_weather(obs: Observation, side: Stack, t: Targets) -> None:
    """The weather card (the cards to keep one of, when they are offered) and the round."""
    x0, y0 = side.x, side.y
    parts = [label(x0, y0 + 14, "Weather", 15, True)]
    cards: list[tuple[str, list[int]]] = [(obs["weather"], [])] if obs.get("weather") else []
    if obs["offered"]:
        kinds = ("keep_weather", "choose_weather")
        cards = [(c, t.find(kinds, card=c)) for c in obs["offered"]]
    x = x0
    for card, indexes in cards:
        piece = group(
            el(
                "rect",
                x=x,
                y=y0 + 24,
                width=96,
                height=120,
                rx=8,
                fill="#ffffff",
                stroke="#455a64",
                stroke_width=2,
            ),
            weather(card, x + 8, y0 + 30, 80),
            label(x + 48, y0 + 134, card.title(), 14, True, text_anchor="middle"),
        )
        outline = el("rect", x=x - 2, y=y0 + 22, width=100, height=124, rx=9)
        parts.append(t.wrap(piece, indexes, outline=outline))
        x += 110
    info = f"round {obs['round']} of {obs['rounds']}"
    parts.append(label(x + 8, y0 + 60, info, 14, True))
    if obs["offered"]:
        parts.append(label(x + 8, y0 + 82, "keep one card", 13))
    side.add(group(*parts), height=156)


def hand_tokens(counts: dict[str, int]) -> list[str]:
    return [k for k in KINDS for _ in range(counts.get(k, 0))]


def draw_seat(obs: Observation, p: int, seat: int | None, side: Stack, t: Targets) -> None:
    """A seat's panel: its hand, its pile, its coins and points by round."""
    n = len(obs["hands"])
    team = p % 2
    mine = p == seat
    current = obs["to_move"] == p
    panel = side.below()
    x0, y0 = panel.x, panel.y
    panel.add(shield(x0 + 18, y0 + 20, 1.2, team))
    panel.add(label(x0 + 36, y0 + 25, seat_label(p, n) + (" — you" if mine else ""), 15, True))
    if current:
        panel.add(to_move(x0 + SIDE_W - 12, y0 + 25))
    panel.gap(38)
    panel.add(label(x0 + 12, panel.y + 26, "hand", 12))
    chosen = obs["step"].get("token")  # the place step's token, seen by its chooser only
    playing = chosen if isinstance(chosen, str) and obs["phase"] == "place" and current else None
    panel.add(*seat_hand(obs["hands"][p], team, mine, playing, x0 + 70, panel.y, t), height=64)
    panel.add(label(x0 + 12, panel.y + 20, "pile", 12))
    panel.add(*seat_pile(obs["piles"][p], team, mine, x0 + 70, panel.y, t), height=38)
    extra = []
    if any(obs["coins"]) or any(obs["hired"]):
        extra.append(f"coins {obs['coins'][team]}")
    points = [str(rp[team]) for rp in obs["points"]]
    extra.append("points by round: " + (" + ".join(points) if points else "none yet"))
    panel.add(label(x0 + 12, panel.y + 14, " · ".join(extra), 12))
    frame = panel_frame(x0, y0, SIDE_W, PANEL_H - 8, SIDE_FILL[team], current)
    side.add(panel.markup(frame), height=PANEL_H)


def seat_hand(
    hand: Tokens, side: int, mine: bool, playing: str | None, x: float, y: float, t: Targets
) -> list[str]:
    """The hand: backs for the others; for its owner the tokens, the one being played
    (still in the hand until it is placed) ringed."""
    r = 24
    if "count" in hand:  # a zone's view: its "items", or only their "count"
        return [back(x + k * (2 * r + 6), y + r, r, side) for k in range(hand["count"])]
    parts = []
    for k, kind in enumerate(hand_tokens(hand["items"])):
        cx = x + k * (2 * r + 6)
        piece = token(cx, y + r, r, kind, colour_of(kind, side), side)
        if kind == playing:
            playing = None
            ring = el(
                "circle", cx=cx, cy=y + r, r=r + 3, fill="none", stroke="#111111", stroke_width=3
            )
            piece = group(
                ring,
                piece,
                label(cx, y + 2 * r + 12, "playing", 10, True, text_anchor="middle"),
            )
        indexes = t.find(("choose", "replace"), token=kind) if mine else []
        parts.append(t.wrap(piece, indexes, outline=el("circle", cx=cx, cy=y + r, r=r + 2)))
    return parts


def seat_pile(pile: Tokens, side: int, mine: bool, x: float, y: float, t: Targets) -> list[str]:
    """The pile: a stack of backs; its owner knows what is in it."""
    if "count" in pile:
        return [back(x, y + 15, 16, side), label(x + 22, y + 20, f"×{pile['count']}", 13)]
    parts = []
    for kind in KINDS:
        if not pile["items"].get(kind):
            continue
        piece = group(
            token(x, y + 15, 16, kind, colour_of(kind, side), side),
            label(x + 20, y + 20, f"×{pile['items'][kind]}", 12),
        )
        outline = el("circle", cx=x, cy=y + 15, r=18)
        parts.append(t.wrap(piece, t.find("take", token=kind) if mine else [], outline=outline))
        x += 60
    return parts


def draw_mercenaries(obs: Observation, column: Stack, t: Targets) -> None:
    """The Weather and Mercenary Board: each side's mercenaries, with their cost and the
    basic token they replace; hired ones are gone from it."""
    if not (any(obs["coins"]) or any(obs["hired"]) or t.find("hire")):
        return
    board = column.below()
    x0 = board.x
    board.add(label(x0, board.y + 14, "Mercenaries", 15, True), height=24)
    for side in (0, 1):
        y = board.y
        board.add(shield(x0 + 10, y + 22, 1.0, side))
        hired = obs["hired"][side]
        for k, kind in enumerate(MERCENARIES):
            info = MERCENARIES[kind]
            x = x0 + 40 + (k % 6) * 72
            yy = y + (k // 6) * 62
            left = info.count - hired.count(kind)
            indexes = t.find("hire", mercenary=kind) if obs["to_move"] % 2 == side else []
            piece = [token(x + 18, yy + 20, 18, kind, colour_of(kind, side), side)]
            if left <= 0:
                piece.append(
                    el("circle", cx=x + 18, cy=yy + 20, r=19, fill="#ffffff", fill_opacity=0.75)
                )
                piece.append(label(x + 18, yy + 25, "hired", 11, True, text_anchor="middle"))
            piece.append(
                label(
                    x + 18,
                    yy + 54,
                    f"{obs.get('prices', {}).get(kind, info.cost)}¢ ({info.replaces})",
                    10.5,
                    text_anchor="middle",
                )
            )
            outline = el("rect", x=x - 4, y=yy - 2, width=46, height=62, rx=6)
            board.add(t.wrap(group(*piece), indexes, outline=outline))
        board.gap(2 * 62 + 8)
    column.add(board.markup(), height=board.height)


def status(obs: Observation) -> str:
    """The round and the weather, and who must decide what (with the token being placed,
    for its chooser)."""
    n = len(obs["hands"])
    head = f"Foggy Island · round {obs['round']} of {obs['rounds']}"
    weather = obs["weather"].title() if obs.get("weather") else None
    if obs.get("result") is not None or obs["phase"] == "over":
        return joined(head, weather, "game over")
    decision = obs["decision"]
    who = deciding(decision, lambda seat: seat_label(seat, n))
    token = obs["step"].get("token")  # the chosen token, seen by its chooser only
    if who and decision and decision["name"] == "place" and token in KINDS:
        face = "" if obs["step"].get("face_up", True) else ", face down"
        who += f" ({KINDS[token].title}{face})"
    return joined(head, weather, who)


def draw(
    observation: Observation,
    seat: int | None,
    legal: Sequence[Action],
    labels: Sequence[str],
) -> str:
    """The table seen by ``seat`` (``None``: a spectator), legal actions clickable."""
    obs = observation
    t = Targets(legal, labels)
    side = Stack(SIDE_X, 44)
    draw_weather(obs, side, t)
    order = list(range(len(obs["hands"])))
    if seat is not None and seat in order:  # your own panel first
        order.remove(seat)
        order.insert(0, seat)
    for p in order:
        draw_seat(obs, p, seat, side, t)
    side.gap(4)
    draw_mercenaries(obs, side, t)
    board_h = BOARD_Y + SIZE * TILE + 40
    height = max(board_h, side.y + 10)
    return document(
        WIDTH,
        height,
        status_line(14, 28, status(obs), WIDTH - 28),
        draw_island(obs, t),
        *side.parts,
        label="Foggy Island table",
        board=(0, 0, SIDE_X - 8, board_h),
        panels=(SIDE_X - 8, 36, SIDE_W + 20, height - 36),
    )
