"""The table as a player sees it, drawn as SVG from one seat's observation.

Left: each player's path as a row of cards, forward to the right: the start card in the
player's colour, then the era cards with their three sites (lanes L, M, R from top to
bottom), the lines printed between them, the rising seas and ravines on a card's forward
edge and its hazard symbol; the animal pieces and the cones in seat colours with the
colour's initial. Right: the era pack, the face-up card, the discard pile, the
thunderbolt pack and the last thunderbolt, the die's last roll and the cones in the
centre; then a panel per player with tokens, hand and sealed bid (the number shows only
to its bidder).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from functools import lru_cache

from lapilli.core.actions import Action
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

from .components import CARDS, LANES, PATH_LENGTH, SIDEWAYS, TOKENS
from .text import COLOURS, THUNDERBOLT_TEXT, card_name, seat_label, site_name
from .view import Observation, cone_of

ERA_FILL = {
    "bacteria": ("#e08db3", "#fbeaf2"),
    "algae": ("#7cb342", "#eef6e2"),
    "fish": ("#4a98dc", "#e4f0fb"),
    "reptiles": ("#98a23a", "#f2f4de"),
    "birds": ("#5fc0d6", "#e3f5f9"),
    "dinosaurs": ("#d9822b", "#fbeedd"),
    "mammals": ("#b08968", "#f4ece4"),
    "primates": ("#9370c8", "#efe8f7"),
}
"""Each era's header colour and body tint."""
START_BODY = "#f1ede4"
LINE = "#6d6d6d"
SEA = "#3f8fd8"
RAVINE = "#4e342e"

CARD_W, CARD_H, GAP = 104, 160, 24
STRIP = 24  # above each row: where a card may be inserted
ROW_H = STRIP + CARD_H + 16
LANE_Y = (50, 86, 122)  # the sites' centres, from the card's top
SITE_DX, PIECE_DX = -10, 22
MINI_W, MINI_H = 74, 84  # a card in hand  # a site's icon and the piece or cone beside it
BOARD_X, BOARD_Y = 14, 44
BOARD_W = BOARD_X + (PATH_LENGTH + 1) * (CARD_W + GAP) + 6
SIDE_X = BOARD_W + 14
SIDE_W = 410
WIDTH = SIDE_X + SIDE_W + 12

MOVE_KINDS = ("sideways", "forward", "back")
CONE_MOVES = ("cone_sideways", "cone_back", "cone_forward", "erupt")


def seat_fill(seat: int) -> str:
    return seat_colour(COLOURS[seat % len(COLOURS)])


def initial(seat: int) -> str:
    return COLOURS[seat][0] if 0 <= seat < len(COLOURS) else str(seat + 1)


# -- pieces ------------------------------------------------------------------------------------
def piece(x: float, y: float, seat: int, r: float = 11, tip: str | None = None) -> str:
    """A playing piece: an animal token in its stand, in the seat's colour with its initial."""
    fill = seat_fill(seat)
    stand = el(
        "rect", x=x - r * 0.8, y=y + r * 0.6, width=r * 1.6, height=r * 0.6, rx=2, fill="#3b3b3b"
    )
    token = el("circle", cx=x, cy=y, r=r, fill=fill, stroke="#111111", stroke_width=1.5)
    tip = f"{seat_label(seat)}'s playing piece" if tip is None else tip
    return chip((stand, token), fill, initial(seat), (x, y + r * 0.4), r * 1.05, tip)


def cone(x: float, y: float, seat: int, s: float = 13, tip: str | None = None) -> str:
    """A cone: a triangle in the owner's colour with the initial."""
    fill = seat_fill(seat)
    corners = [(x, y - s), (x + s * 0.95, y + s * 0.8), (x - s * 0.95, y + s * 0.8)]
    shape = el("polygon", points=pts(corners), fill=fill, stroke="#111111", stroke_width=1.5)
    tip = f"{seat_label(seat)}'s cone" if tip is None else tip
    return chip(shape, fill, initial(seat), (x, y + s * 0.62), s * 0.78, tip)


# -- sites and symbols ----------------------------------------------------------------------
@lru_cache(maxsize=512)
def site_icon(kind: str, x: float, y: float, r: float = 13) -> str:
    """A site: rock, swamp, waterhole, cave or volcano, each its own shape."""
    return SITE_ICONS.get(kind, volcano_site)(x, y, r)


def rock_site(x: float, y: float, r: float) -> str:
    return group(
        el("circle", cx=x, cy=y, r=r, fill="#a5a09a", stroke="#5b5650", stroke_width=1.5),
        el("circle", cx=x - r * 0.3, cy=y - r * 0.3, r=r * 0.28, fill="#c9c4be"),
    )


def swamp_site(x: float, y: float, r: float) -> str:
    reeds = " ".join(
        f"M{x + dx:.1f},{y + r * 0.35:.1f} l{dx * 0.3:.1f},{-r * 0.9:.1f}" for dx in (-5, 0, 5)
    )
    return group(
        el("ellipse", cx=x, cy=y + 2, rx=r, ry=r * 0.75, fill="#6b7d3a", stroke="#3e4a1e"),
        el("path", d=reeds, stroke="#d9e3a5", stroke_width=2, fill="none"),
    )


def waterhole_site(x: float, y: float, r: float) -> str:
    ripple = f"M{x - r * 0.6:.1f},{y:.1f} q{r * 0.3:.1f},-4 {r * 0.6:.1f},0 t{r * 0.6:.1f},0"
    return group(
        el("circle", cx=x, cy=y, r=r, fill="#2f7fd0", stroke="#174a7e", stroke_width=1.5),
        el("path", d=ripple, stroke="#ffffff", stroke_width=2, fill="none"),
    )


def cave_site(x: float, y: float, r: float) -> str:
    rock = (
        f"M{x - r:.1f},{y + r * 0.8:.1f} v{-r * 0.6:.1f} a{r:.1f},{r:.1f} 0 0 1 "
        f"{2 * r:.1f},0 v{r * 0.6:.1f} Z"
    )
    mouth = (
        f"M{x - r * 0.45:.1f},{y + r * 0.8:.1f} v{-r * 0.4:.1f} a{r * 0.45:.1f},"
        f"{r * 0.45:.1f} 0 0 1 {r * 0.9:.1f},0 v{r * 0.4:.1f} Z"
    )
    return group(
        el("path", d=rock, fill="#8a6a50", stroke="#3e2a1c", stroke_width=1.5),
        el("path", d=mouth, fill="#1e1410"),
    )


def volcano_site(x: float, y: float, r: float) -> str:
    slopes = [
        (x - r, y + r * 0.8),
        (x - r * 0.3, y - r * 0.7),
        (x + r * 0.3, y - r * 0.7),
        (x + r, y + r * 0.8),
    ]
    flow = f"M{x:.1f},{y - r * 0.6:.1f} q-3,{r * 0.6:.1f} 2,{r * 1.1:.1f}"
    return group(
        el("polygon", points=pts(slopes), fill="#5b4a44", stroke="#2b201c", stroke_width=1.5),
        el("ellipse", cx=x, cy=y - r * 0.7, rx=r * 0.32, ry=r * 0.16, fill="#f26b1d"),
        el("path", d=flow, stroke="#f26b1d", stroke_width=2.5, fill="none"),
    )


SITE_ICONS: dict[str, Callable[[float, float, float], str]] = {
    "rock": rock_site,
    "swamp": swamp_site,
    "waterhole": waterhole_site,
    "cave": cave_site,
    "volcano": volcano_site,
}


def hazard_icon(kind: str, x: float, y: float) -> str:
    """The hazard symbol printed on a card: earthquake, twister or volcano."""
    if kind == "earthquake":
        return el(
            "polyline",
            points=pts(
                [
                    (x - 8, y - 6),
                    (x - 3, y),
                    (x - 6, y + 2),
                    (x + 2, y + 7),
                    (x, y + 1),
                    (x + 4, y - 2),
                    (x + 8, y - 7),
                ]
            ),
            stroke="#6d3b1e",
            stroke_width=2.5,
            fill="none",
        )
    if kind == "twister":
        return el(
            "path",
            d=f"M{x - 9},{y - 6} h18 M{x - 6},{y - 2} h12 M{x - 3},{y + 2} h7 M{x - 1},{y + 6} h3",
            stroke="#4f5b66",
            stroke_width=2.5,
            fill="none",
        )
    return group(
        el(
            "polygon",
            points=pts([(x - 9, y + 7), (x - 3, y - 5), (x + 3, y - 5), (x + 9, y + 7)]),
            fill="#5b4a44",
        ),
        el("ellipse", cx=x, cy=y - 5, rx=3, ry=1.5, fill="#f26b1d"),
    )


def hazard_badge(kind: str, x: float, y: float) -> str:
    """The hazard symbol as printed on a card: on a small white plate, so it is not
    mistaken for a site."""
    return group(
        title(f"{kind} symbol (a hazardous area)"),
        el("rect", x=x - 12, y=y - 10, width=24, height=20, rx=5, fill="#ffffff", stroke="#8a8a8a"),
        hazard_icon(kind, x, y),
    )


def rising_sea(x: float, y0: float, y1: float) -> str:
    """Waves across every lane of the card's forward edge."""
    waves = []
    for dx in (-6, 0, 6):
        d = f"M{x + dx:.1f},{y0:.1f}"
        y = y0
        while y < y1:
            d += " q4,5 0,10"
            y += 10
        waves.append(d)
    return group(
        title("rising sea: a token to cross forward (none with a Fish card in the path)"),
        el("rect", x=x - 10, y=y0, width=20, height=y1 - y0, rx=6, fill="#cfe6fb", stroke=SEA),
        el("path", d=" ".join(waves), stroke=SEA, stroke_width=2, fill="none"),
    )


def ravine(x: float, y0: float, y1: float) -> str:
    """A crack across the two lanes it cuts."""
    zig = [(x, y0)]
    y, side = y0, 1
    while y < y1:
        y = min(y1, y + 8)
        zig.append((x + 5 * side, y))
        side = -side
    return group(
        title("ravine: a token to advance over it"),
        el("polyline", points=pts(zig), stroke=RAVINE, stroke_width=7, fill="none"),
        el("polyline", points=pts(zig), stroke="#1b110e", stroke_width=2.5, fill="none"),
    )


# -- a path -----------------------------------------------------------------------------------
class Row:
    """Where a player's path lies on the page."""

    def __init__(self, y: float) -> None:
        self.y = y + STRIP  # the cards' top

    @staticmethod
    def x(position: int) -> float:
        return BOARD_X + position * (CARD_W + GAP)

    def site(self, position: int, lane: int) -> tuple[float, float]:
        return self.x(position) + CARD_W / 2, self.y + LANE_Y[lane]


@lru_cache(maxsize=4096)
def card_body(card_id: str | None, x: float, y: float, owner: int, start: int) -> str:
    """A card without its occupants: header, lines, sites, hazard (``None``: a start card)."""
    if card_id is None:
        head, body = seat_fill(owner), START_BODY
        heading, copy = f"Start {start}", ""
        sites: tuple[str, ...] = ("rock",) * 3
        hazard = None
    else:
        card = CARDS[card_id]
        head, body = ERA_FILL[card.era]
        heading, copy = f"{card.rank} {card.era.title()}", f"#{card.copy}"
        sites, hazard = card.sites, card.hazard
    cx = x + CARD_W / 2 + SITE_DX
    parts = [
        el("rect", x=x, y=y, width=CARD_W, height=CARD_H, rx=8, fill=body, stroke="#5a5a5a"),
        el(
            "path",
            d=f"M{x},{y + 26} v-18 a8,8 0 0 1 8,-8 h{CARD_W - 16} a8,8 0 0 1 8,8 v18 Z",
            fill=head,
        ),
        label(x + 7, y + 18, heading, 13, True, fill=ink(head)),
        label(x + CARD_W - 6, y + CARD_H - 7, copy, 11, text_anchor="end") if copy else "",
    ]
    # the printed lines: forward and back along each lane, sideways where SIDEWAYS joins
    for lane in range(len(LANES)):
        ly = y + LANE_Y[lane]
        parts.append(el("line", x1=x, y1=ly, x2=x + CARD_W, y2=ly, stroke=LINE, stroke_width=3))
        for other in SIDEWAYS[lane]:
            if other > lane:
                parts.append(
                    el(
                        "line",
                        x1=cx,
                        y1=ly,
                        x2=cx,
                        y2=y + LANE_Y[other],
                        stroke=LINE,
                        stroke_width=3,
                    )
                )
    for lane, kind in enumerate(sites):
        parts.append(site_icon(kind, cx, y + LANE_Y[lane]))
    if hazard:
        parts.append(hazard_badge(hazard, x + 16, y + CARD_H - 13))
    return group(*parts)


def site_title(path: int, card_id: str | None, position: int, lane: int) -> str:
    kind = CARDS[card_id].sites[lane] if card_id else "rock"
    return f"{seat_label(path)} {site_name(position, lane)}: {kind}"


def draw_path(obs: Observation, q: int, seat: int | None, y: float, t: Targets) -> str:
    """Player ``q``'s row: start card, era cards, crossings, occupants and targets."""
    row = Row(y)
    path = obs["paths"][q]
    cards: list[str | None] = [None, *path]
    occupants = path_occupants(obs, q, row)
    site_actions = sites_targets(obs, q, seat, t)
    parts = []
    for p, card_id in enumerate(cards):
        parts.append(crossing(card_id, row, p, last=p == len(cards) - 1))
        x = row.x(p)
        body = [card_body(card_id, x, row.y, q, obs["start_cards"][q])]
        site_parts = []
        for lane in range(len(LANES)):
            sx, sy = row.site(p, lane)
            spot = group(title(site_title(q, card_id, p, lane)), occupants.get((p, lane), ""))
            outline = el("rect", x=sx - 26, y=sy - 17, width=62, height=34, rx=8)
            site_parts.append((spot, site_actions.get((p, lane), []), outline))
        card_level = t.find("replace", at=p) if q == seat and p else []
        card_level = card_level + (t.find("meteor", path=q, at=p) if p else [])
        outline = el("rect", x=x, y=row.y, width=CARD_W, height=CARD_H, rx=8)
        name = card_name(card_id) if card_id else f"start card {obs['start_cards'][q]}"
        if card_level:  # the whole card is the target; its sites' actions join it
            merged = card_level + [i for _, ids, _ in site_parts for i in ids]
            inner = [spot for spot, _, _ in site_parts]
            parts.append(t.wrap(group(title(name), *body, *inner), merged, outline=outline))
        else:
            parts.append(group(title(name), *body))
            parts += [t.wrap(spot, ids, outline=o) for spot, ids, o in site_parts]
    parts += insert_pins(q, len(path), row, t)
    return group(*parts)


def path_occupants(obs: Observation, q: int, row: Row) -> dict[tuple[int, int], str]:
    """The piece and the cones standing on player ``q``'s path, drawn by site."""
    path = obs["paths"][q]
    marks: dict[tuple[int, int], str] = {}
    mine = obs["pieces"][q]
    if mine is not None:
        at, lane = mine
        sx, sy = row.site(at, lane)
        marks[at, lane] = piece(sx + PIECE_DX, sy, q)
    for owner in range(obs["players"]):
        c = cone_of(obs, owner)
        if c is not None and c[0] == q and c[1] in path:
            site = (path.index(c[1]) + 1, c[2])
            sx, sy = row.site(*site)
            marks[site] = cone(sx + PIECE_DX, sy, owner)
    return marks


def crossing(card_id: str | None, row: Row, p: int, last: bool) -> str:
    """The lines on to the next card (none after the last), with the crossing on this
    card's forward edge."""
    x = row.x(p)
    parts = []
    for lane in range(len(LANES) if not last else 0):
        ly = row.y + LANE_Y[lane]
        parts.append(
            el(
                "line",
                x1=x + CARD_W,
                y1=ly,
                x2=x + CARD_W + GAP,
                y2=ly,
                stroke=LINE,
                stroke_width=3,
            )
        )
    if card_id is not None:
        card = CARDS[card_id]
        gx = x + CARD_W + GAP / 2
        if card.crossing == "rising_sea":
            parts.append(rising_sea(gx, row.y + LANE_Y[0] - 18, row.y + LANE_Y[-1] + 18))
        elif card.crossing == "ravine":
            lo, hi = min(card.crossed), max(card.crossed)
            parts.append(ravine(gx, row.y + LANE_Y[lo] - 14, row.y + LANE_Y[hi] + 14))
    return "".join(parts)


def insert_pins(q: int, length: int, row: Row, t: Targets) -> list[str]:
    """Where a card may be included in the path: a pin above the gap before that place."""
    pins = []
    for at in range(1, length + 2):
        ids = t.find("include", path=q, at=at)
        if not ids:
            continue
        x = row.x(at) - GAP / 2
        pin = group(
            el("circle", cx=x, cy=row.y - 12, r=10, fill="#ffffff", stroke="#333333"),
            label(x, row.y - 7.5, "+", 14, True, text_anchor="middle"),
            el("path", d=f"M{x - 5},{row.y - 2} h10 l-5,7 Z", fill="#333333"),
        )
        pins.append(t.wrap(pin, ids, outline=el("circle", cx=x, cy=row.y - 12, r=11)))
    return pins


def sites_targets(
    obs: Observation, q: int, seat: int | None, t: Targets
) -> dict[tuple[int, int], list[int]]:
    """(position, lane) on ``q``'s path -> the legal actions of ``seat`` that put its piece
    or cone there, or erupt it."""
    out: dict[tuple[int, int], list[int]] = {}
    if seat is None or not t.legal:
        return out
    placed = obs["pieces"][q]
    if q == seat and placed is not None:
        at, lane = placed
        for i in t.find(MOVE_KINDS):
            a = t.legal[i]
            if a.kind == "sideways":
                spot = (at, a.arg("lane"))
            else:
                spot = (at + 1 if a.kind == "forward" else at - 1, lane)
            out.setdefault(spot, []).append(i)
    if q == seat and obs["pieces"][q] is None:
        for i in t.find("piece"):
            out.setdefault((0, t.legal[i].arg("lane")), []).append(i)
    for i in t.find("cone_enter", path=q):
        out.setdefault((1, t.legal[i].arg("lane")), []).append(i)
    mine = cone_of(obs, seat)
    if mine is not None and mine[0] == q and mine[1] in obs["paths"][q]:
        at, lane = obs["paths"][q].index(mine[1]) + 1, mine[2]
        for i in t.find(CONE_MOVES):
            a = t.legal[i]
            if a.kind == "cone_sideways":
                spot = (at, a.arg("lane"))
            elif a.kind == "cone_back":
                spot = (at - 1, lane)
            elif a.kind == "cone_forward":
                spot = (at + a.arg("cards"), lane)
            else:
                spot = (a.arg("at"), a.arg("lane"))
            out.setdefault(spot, []).append(i)
    return out


# -- the table: packs, face-up card, die ---------------------------------------------------------
@lru_cache(maxsize=1024)
def mini_card(card_id: str, x: float, y: float, w: float = MINI_W, h: float = MINI_H) -> str:
    """A card in hand, small: era, copy, its three sites, crossing and hazard symbol."""
    card = CARDS[card_id]
    head, body = ERA_FILL[card.era]
    parts = [
        el("rect", x=x, y=y, width=w, height=h, rx=6, fill=body, stroke="#5a5a5a"),
        el("rect", x=x, y=y, width=w, height=20, rx=6, fill=head),
        label(x + 4, y + 14, f"{card.rank} {card.era.title()}", 10.5, True, fill=ink(head)),
        label(x + 40, y + 36, f"#{card.copy}", 10, text_anchor="middle"),
    ]
    for lane, kind in enumerate(card.sites):
        parts.append(site_icon(kind, x + 14, y + 32 + lane * 19, 7.5))
    if card.crossing:  # on the forward (right) edge, across the lanes it cuts
        lo, hi = min(card.crossed), max(card.crossed)
        y0, y1 = y + 24 + lo * 19, y + 40 + hi * 19
        if card.crossing == "rising_sea":
            parts.append(
                el(
                    "rect",
                    x=x + w - 11,
                    y=y0,
                    width=8,
                    height=y1 - y0,
                    rx=3,
                    fill="#cfe6fb",
                    stroke=SEA,
                )
            )
        else:
            zig = [
                (x + w - 7 + (2.5 if k % 2 else -2.5), y0 + k * 4)
                for k in range(int((y1 - y0) / 4) + 1)
            ]
            parts.append(
                el("polyline", points=pts(zig), stroke=RAVINE, stroke_width=3, fill="none")
            )
    if card.hazard:
        parts.append(hazard_badge(card.hazard, x + 40, y + 70))
    return group(title(card_text(card_id)), *parts)


def card_text(card_id: str) -> str:
    card = CARDS[card_id]
    bits = [f"{card.name}: sites " + ", ".join(card.sites)]
    if card.crossing:
        lanes = "".join(LANES[x] for x in card.crossed)
        bits.append(f"{card.crossing.replace('_', ' ')} on its forward edge ({lanes})")
    if card.hazard:
        bits.append(f"{card.hazard} symbol")
    return "; ".join(bits)


def face_down(x: float, y: float, w: float, h: float, count: int, name: str, fill: str) -> str:
    """A face-down pack: a few offset backs and the number of cards."""
    layers = min(3, count)
    parts = [title(f"{name}: {count} cards")]
    for k in range(layers - 1, -1, -1):
        parts.append(
            el(
                "rect",
                x=x + 3 * k,
                y=y - 3 * k,
                width=w,
                height=h,
                rx=6,
                fill=fill,
                stroke="#222222",
            )
        )
    if not count:
        parts.append(
            el(
                "rect",
                x=x,
                y=y,
                width=w,
                height=h,
                rx=6,
                fill="none",
                stroke="#777777",
                stroke_dasharray="5 3",
            )
        )
    colour = ink(fill) if count else LETTERING
    parts.append(
        label(x + w / 2, y + h / 2 + 6, str(count), 18, True, text_anchor="middle", fill=colour)
    )
    parts.append(label(x + w / 2, y + h + 16, name, 11, text_anchor="middle"))
    return group(*parts)


def die_face(face: str | None, x: float, y: float, s: float = 40) -> str:
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=s,
            height=s,
            rx=8,
            fill="#ffffff",
            stroke="#222222",
            stroke_width=2,
        )
    ]
    cx, cy = x + s / 2, y + s / 2
    if face == "thunderbolt":
        parts.append(
            el(
                "polygon",
                fill="#f2b705",
                stroke="#6b4e00",
                points=pts(
                    [
                        (cx + 3, cy - 16),
                        (cx - 9, cy + 2),
                        (cx - 1, cy + 2),
                        (cx - 4, cy + 16),
                        (cx + 9, cy - 3),
                        (cx + 1, cy - 3),
                    ]
                ),
            )
        )
    elif face == "volcano":
        parts.append(hazard_icon("volcano", cx, cy + 2))
        parts.append(
            el(
                "path",
                d=f"M{cx - 2},{cy - 6} l-4,-8 M{cx + 2},{cy - 6} l4,-8",
                stroke="#f26b1d",
                stroke_width=2.5,
            )
        )
    elif face == "dot":
        parts.append(el("circle", cx=cx, cy=cy, r=7, fill="#111111"))
    words = {"thunderbolt": "thunderbolt", "volcano": "volcano", "dot": "plain", None: "not rolled"}
    return group(title(f"the die: {words[face]}"), *parts)


def draw_table(obs: Observation, side: Stack, t: Targets) -> None:
    """The packs, the face-up card, the discards, the die, the last thunderbolt and the
    cones in the centre."""
    table = side.below()
    table.add(label(table.x, table.y + 16, "The table", 15, True), height=30)
    table.add(*table_row(obs, table.x, table.y, t), height=118)
    if obs["thunderbolt"]:
        name = obs["thunderbolt"].replace("_", " ").capitalize()
        table.add(label(table.x, table.y + 12, f"Last thunderbolt: {name}", 12, True))
        for line in textwrap.wrap(THUNDERBOLT_TEXT[obs["thunderbolt"]], 62):
            table.add(label(table.x, table.y + 28, line, 11), height=14)
        table.gap(22)
    centre = [p for p, c in enumerate(obs["cones"]) if c is None]
    if centre:
        table.add(label(table.x, table.y + 16, "Cones in the centre:", 12))
        for k, p in enumerate(centre):
            table.add(cone(table.x + 140 + k * 30, table.y + 10, p, 11))
        table.gap(28)
    side.add(table.markup(), height=table.height + 6)


def table_row(obs: Observation, x0: float, y: float, t: Targets) -> list[str]:
    """The era pack, the face-up card (to bid for), the discards, the thunderbolt pack
    and the die, side by side."""
    parts = [face_down(x0, y + 6, 62, 84, obs["era_deck"], "era pack", "#3d5a80")]
    offer = obs["offer"]
    ox = x0 + 78
    if offer:
        card = mini_card(offer, ox, y + 6)
        outline = el("rect", x=ox, y=y + 6, width=MINI_W, height=MINI_H, rx=6)
        parts.append(t.wrap(card, t.find("bid_face_up"), outline=outline))
    else:
        parts.append(
            el(
                "rect",
                x=ox,
                y=y + 6,
                width=MINI_W,
                height=MINI_H,
                rx=6,
                fill="none",
                stroke="#777777",
                stroke_dasharray="5 3",
            )
        )
    parts.append(label(ox + MINI_W / 2, y + 106, "face up", 11, text_anchor="middle"))
    discard = obs["discard"]
    dx = x0 + 168
    parts.append(
        group(
            title("discard pile: " + (", ".join(card_name(c) for c in discard) or "empty")),
            el("rect", x=dx, y=y + 6, width=62, height=84, rx=6, fill="#ece6da", stroke="#777777"),
            label(dx + 31, y + 54, str(len(discard)), 18, True, text_anchor="middle"),
            label(dx + 31, y + 106, "discards", 11, text_anchor="middle"),
        )
    )
    parts.append(
        face_down(x0 + 248, y + 6, 62, 84, obs["thunderbolt_deck"], "thunderbolts", "#4a2c6b")
    )
    parts.append(die_face(obs["die"], x0 + 336, y + 20))
    parts.append(label(x0 + 356, y + 106, "the die", 11, text_anchor="middle"))
    return parts


# -- the players' panels ------------------------------------------------------------------------
def draw_player(obs: Observation, p: int, seat: int | None, side: Stack, t: Targets) -> None:
    """A player's panel: tokens, cone, sealed bid, hand and (on their bid) the bid chips."""
    fill = seat_fill(p)
    mine = p == seat
    turn = obs["turn"] == p and obs["winner"] is None and obs["pending"] is not None
    panel = side.below()
    x0, y0 = panel.x, panel.y
    head = seat_label(p) + (" — you" if mine else "") + f" · start card {obs['start_cards'][p]}"
    panel.add(piece(x0 + 18, y0 + 20, p, 10, tip=seat_label(p)))
    panel.add(label(x0 + 36, y0 + 25, head, 14, True))
    if turn:
        panel.add(to_move(x0 + SIDE_W - 10, y0 + 25, 12))
    if obs["winner"] == p:
        panel.add(label(x0 + SIDE_W - 10, y0 + 25, "★ wins", 13, True, text_anchor="end"))
    panel.gap(36)
    player_tokens(obs, p, panel)
    if turn and obs["candidate"]:
        news = "on the sixth era card: wins if nothing changes"
        panel.add(label(x0 + 10, panel.y + 12, news, 12, True), height=20)
    player_hand(obs, p, mine, panel, t)
    if mine:
        bid_chips(fill, panel, t)
    h = panel.height + 8
    side.add(panel.markup(panel_frame(x0, y0, SIDE_W, h, fill, turn)), height=h + 8)


def player_tokens(obs: Observation, p: int, panel: Stack) -> None:
    """Tokens in hand and in the box, where the cone stands, and a sealed bid."""
    x0, y = panel.x, panel.y
    tokens, box = obs["tokens"][p], obs["box"][p]
    panel.add(label(x0 + 10, y + 12, f"tokens: {tokens} in hand, {box} in the box", 12))
    for k in range(TOKENS):
        held = k < tokens
        panel.add(
            el(
                "circle",
                cx=x0 + 222 + (k % 15) * 12,
                cy=y + 8,
                r=5,
                fill=seat_fill(p) if held else "none",
                stroke="#111111" if held else "#9a9a9a",
                stroke_width=1,
            )
        )
    panel.gap(20)
    y = panel.y
    where = "in the centre"
    c = cone_of(obs, p)
    if c is not None and c[1] in obs["paths"][c[0]]:
        where = f"on {seat_label(c[0])} {site_name(obs['paths'][c[0]].index(c[1]) + 1, c[2])}"
    panel.add(label(x0 + 10, y + 12, f"cone {where}", 12))
    bid = obs["bids"][p]
    if bid is not None:
        shown = "sealed bid" if bid == "sealed" else f"sealed bid: {bid}"
        panel.add(
            group(
                title("a bid in a closed hand, revealed when all have bid"),
                el("rect", x=x0 + 230, y=y, width=170, height=18, rx=9, fill="#3b3b3b"),
                label(x0 + 315, y + 13, shown, 11, True, text_anchor="middle", fill="#ffffff"),
            )
        )
    panel.gap(20)


def player_hand(obs: Observation, p: int, mine: bool, panel: Stack, t: Targets) -> None:
    """The hand's cards, each clickable for what may be done with it now."""
    x0, y = panel.x, panel.y
    hand = obs["hands"][p]
    panel.add(label(x0 + 10, y + 14, "hand:" if hand else "hand: empty", 12))
    for k, card_id in enumerate(hand):
        x = x0 + 52 + (k % 4) * (MINI_W + 6)
        yy = y + (k // 4) * (MINI_H + 6)
        if mine:
            ids = t.where(_uses(card_id))
            ids += t.find("exchange", give=card_id)
        else:
            ids = t.find("challenge", seat=p, card=card_id)
            ids += t.find("exchange", seat=p, take=card_id)
        outline = el("rect", x=x, y=yy, width=MINI_W, height=MINI_H, rx=6)
        panel.add(t.wrap(mini_card(card_id, x, yy), ids, outline=outline))
    panel.gap((MINI_H + 6) * ((len(hand) + 3) // 4) if hand else 20)


def _uses(card: str) -> Callable[[Action], bool]:
    """Whether an action places, keeps or discards ``card``."""

    def uses(a: Action) -> bool:
        return a.arg("card") == card and a.kind in ("include", "replace", "keep", "discard")

    return uses


def bid_chips(fill: str, panel: Stack, t: Targets) -> None:
    """The bids one may make, as chips (only while bidding)."""
    bids = t.find("bid")
    if not bids:
        return
    x0, y = panel.x, panel.y
    panel.add(label(x0 + 10, y + 16, "your bid:", 12, True))
    for k, i in enumerate(bids):
        cx = x0 + 76 + (k % 12) * 27 + 11
        cy = y + 2 + (k // 12) * 26 + 11
        disc = el("circle", cx=cx, cy=cy, r=11, fill=fill, stroke="#111111")
        bid = chip(disc, fill, t.legal[i].arg("tokens"), (cx, cy + 4.5), 12)
        panel.add(t.wrap(bid, [i], outline=el("circle", cx=cx, cy=cy, r=12)))
    panel.gap(28 * ((len(bids) + 11) // 12))


def status(obs: Observation) -> str:
    """The turn, and who must decide what (the pending decision's rule)."""
    head = f"Eras · turn {obs['turns']}" if obs["turns"] else "Eras · preparation"
    if obs["winner"] is not None:
        return joined(head, f"{seat_label(obs['winner'])} wins")
    if obs["decision"] is None:
        return joined(head, "the game is over")
    who = deciding(obs["decision"], seat_label)
    if who is None and obs["turn"] >= 0:  # a roll or a draw in someone's turn
        who = f"{seat_label(obs['turn'])}'s turn"
    return joined(head, who)


def legend(x0: float, y0: float) -> str:
    """What the sites, crossings, symbols and pieces look like (two lines)."""
    parts = []
    x = x0
    for kind in ("rock", "swamp", "waterhole", "cave", "volcano"):
        parts.append(site_icon(kind, x + 10, y0, 9))
        parts.append(label(x + 24, y0 + 4, kind, 11))
        x += 34 + 7 * len(kind)
    parts.append(el("rect", x=x, y=y0 - 8, width=14, height=16, rx=4, fill="#cfe6fb", stroke=SEA))
    parts.append(label(x + 20, y0 + 4, "rising sea", 11))
    x += 90
    parts.append(el("line", x1=x, y1=y0 - 8, x2=x + 6, y2=y0 + 8, stroke=RAVINE, stroke_width=5))
    parts.append(label(x + 14, y0 + 4, "ravine (on the forward edge)", 11))
    x, y = x0, y0 + 26
    parts.append(label(x, y + 4, "hazard symbols:", 11))
    x += 96
    for kind in ("earthquake", "twister", "volcano"):
        parts.append(hazard_badge(kind, x + 10, y))
        parts.append(label(x + 26, y + 4, kind, 11))
        x += 40 + 7 * len(kind)
    parts.append(piece(x + 12, y - 1, 0, 8, tip="a playing piece"))
    parts.append(label(x + 24, y + 4, "playing piece", 11))
    x += 112
    parts.append(cone(x + 10, y, 0, 9, tip="a cone"))
    parts.append(label(x + 24, y + 4, "cone", 11))
    parts.append(label(x + 70, y + 4, "forward →", 11, True))
    return group(*parts)


def draw(
    observation: Observation,
    seat: int | None,
    legal: Sequence[Action],
    labels: Sequence[str],
) -> str:
    """The table seen by ``seat`` (``None``: a spectator), legal actions clickable."""
    obs = observation
    t = Targets(legal, labels)
    n = obs["players"]
    first = seat if seat is not None else 0
    order = [(first + k) % n for k in range(n)]  # you first, then in turn order
    board = Stack(BOARD_X, BOARD_Y)
    for q in order:
        board.add(draw_path(obs, q, seat, board.y, t), height=ROW_H)
    board.add(legend(BOARD_X, board.y + 6), height=50)
    side = Stack(SIDE_X, 40)
    draw_table(obs, side, t)
    for p in order:
        draw_player(obs, p, seat, side, t)
    height = max(board.y, side.y) + 6
    return document(
        WIDTH,
        height,
        status_line(14, 28, status(obs), WIDTH - 28),
        *board.parts,
        *side.parts,
        label="Eras table",
        board=(0, 0, BOARD_W + 4, board.y),
        panels=(SIDE_X - 8, 36, SIDE_W + 18, height - 36),
    )
