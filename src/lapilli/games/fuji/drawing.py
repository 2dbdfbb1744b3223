"""The table as a player sees it, drawn as SVG from one seat's observation.

Left: the terrain cards with their dice requirements as dice icons, the extra-reroll
symbol, lava, villages, equipment and eruption tokens, meeples and destination markers.
Right: the round and phase, the stamina board with every tracker and its injury spaces,
and a panel per adventurer: skill, injuries, equipment cards and dice. Your own dice sit
behind your screen; the others' show as blank dice until the rules reveal them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from lapilli.core.actions import Action
from lapilli.core.data import load_toml
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
    text,
    title,
    to_move,
)

from .view import Adventurer, Die, Observation, signal_of

DATA = load_toml(__package__)
TERRAIN = DATA["terrain"]
CARDS = {int(k): v for k, v in DATA["cards"].items()}
FACES = {t: DATA["dice"][t] for t in DATA["dice"]["types"]}
CHARACTERS = [(c["name"], c["colour"]) for c in DATA["characters"]]
EQUIPMENT = DATA["equipment"]
EQUIPMENT_ORDER = list(EQUIPMENT)
SKILLS = DATA["skills"]
EXHAUSTION: int = DATA["stamina"]["exhaustion"]
INJURY_AT: list[int] = DATA["stamina"]["injury_at"]
INJURIES = ("leg", "arm", "amnesia", "eye")
INJURY_TEXT = {"leg": "leg", "arm": "broken arm", "amnesia": "amnesia", "eye": "eye"}
W = 8  # the terrain grid is 8 cards wide (a cell is y * 8 + x)

FACE_FILL = {"yellow": "#f6c928", "blue": "#4b8fe0", "pink": "#f27db3"}
LANDSCAPE = "#d7e8bf"
HILL = "#b9d49a"
VILLAGE_BORDER = "#e0a800"
LAVA = "#f26b1d"
LAVA_DARK = "#b3330e"
RUBBLE = "#b3aaa0"
VOLCANO = "#5b4a44"

CARD = 92
GAP = 6
MAP_X, MAP_Y = 34, 70
SIDE_W = 470

PHASES = (
    "set-up",
    "① rolling the dice",
    "② planning and equipment cards",
    "③ rerolls",
    "④ equipment cards",
    "⑤ movement and stamina",
    "⑥ eruption",
)
CARD_KINDS = ("destination", "rope_to", "swap_card")
DIE_KINDS = ("select", "set_aside", "reroll_die", "turn_die", "lose_die", "shovel_die", "give_die")
EQUIPMENT_KINDS = ("use", "give_card", "put_under")


def meeple_fill(a: int) -> str:
    return seat_colour(CHARACTERS[a % len(CHARACTERS)][1])


def initial(a: int) -> str:
    return CHARACTERS[a % len(CHARACTERS)][0].split()[-1][0] if a < len(CHARACTERS) else "?"


def name_of(a: int) -> str:
    name, colour = CHARACTERS[a % len(CHARACTERS)]
    return f"{name} ({colour})"


# -- dice --------------------------------------------------------------------------------------
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def die_face(
    x: float,
    y: float,
    s: float,
    value: int | None,
    fill: str,
    edge: str = "#111111",
    letter: str = "",
    unknown: bool = True,
) -> str:
    """A die of side ``s`` at (x, y): ``value`` pips on ``fill`` (``None``: no pips, and a
    question mark if the face is ``unknown``), its edge in the owner's colour; a colour's
    requirement shows the colour's initial ``letter`` on it."""
    edged = {"stroke": edge, "stroke_width": max(1.5, s * 0.09)}
    face = el("rect", x=x, y=y, width=s, height=s, rx=s * 0.18, fill=fill, **edged)
    pip = ink(fill)
    if value:
        r, cx, cy = s * 0.085, x + s / 2, y + s / 2
        spots = [(cx + dx * s * 0.26, cy + dy * s * 0.26) for dx, dy in PIPS[value]]
        return group(face, *(el("circle", cx=px, cy=py, r=r, fill=pip) for px, py in spots))
    marks = [face]
    if unknown:
        marks.append(
            label(x + s / 2, y + s * 0.68, "?", s * 0.55, True, text_anchor="middle", fill=pip)
        )
    if letter:
        marks.append(
            label(x + s / 2, y + s * 0.68, letter, s * 0.5, True, text_anchor="middle", fill=pip)
        )
    return group(*marks)


NEUTRAL_EDGE = "#8a8a8a"


def die(x: float, y: float, s: float, d: Die, edge: str, picked: bool = False) -> str:
    """One of the dice, its edges in its owner's colour: blank while hidden from the
    seat, else its face, the colour named under it (and whether it is set aside or
    picked for the reroll)."""
    value = d["value"]
    if value is None:
        return group(title("a hidden die"), die_face(x, y, s, None, "#e8e2d6", edge))
    colour = FACES[d["type"]][value - 1]
    note = "set aside" if d["aside"] else ("picked" if picked else "")
    return group(
        title(f"{colour} {value}" + (f", {note}" if note else "")),
        die_face(x, y - (5 if picked else 0), s, value, FACE_FILL[colour], edge),
        text(
            x + s / 2,
            y + s + 10,
            note or colour,
            font_size=9.5,
            font_weight="bold" if note else None,
            text_anchor="middle",
            fill="#111111",
        ),
    )


# -- terrain cards ------------------------------------------------------------------------------
def requirement(card: dict[str, Any], x: float, y: float, w: float) -> str:
    """The dice requirement as icons: coloured dice for colours, white dice with pips for
    values, joined by & (both) or / (either)."""
    items: list[tuple[str, Any]] = []
    colours = card.get("colours")
    values = card.get("values")
    if colours:
        items += [("colour", c) for c in colours]
    if colours and values:
        items.append(("join", "/" if card.get("combine") == "or" else "&"))
    if values:
        items += [("value", v) for v in values]
    s = min(17.0, (w - 8) / max(1, len(items)) - 2)
    total = sum(s * 0.7 if kind == "join" else s + 2 for kind, _ in items)
    cx = x + (w - total) / 2
    parts = [
        el("rect", x=x + 2, y=y, width=w - 4, height=s + 8, rx=5, fill="#ffffff", stroke="#8d8d8d")
    ]
    for kind, v in items:
        if kind == "join":
            parts.append(
                label(cx + s * 0.35, y + 4 + s * 0.8, v, s * 0.85, True, text_anchor="middle")
            )
            cx += s * 0.7
            continue
        if kind == "colour":
            parts.append(
                die_face(cx, y + 4, s, None, FACE_FILL[v], "#555555", v[0].upper(), unknown=False)
            )
        else:
            parts.append(die_face(cx, y + 4, s, v, "#ffffff", "#555555"))
        cx += s + 2
    return group(*parts)


def reroll_symbol(x: float, y: float) -> str:
    return group(
        title("extra reroll"),
        el("circle", cx=x, cy=y, r=10, fill="#ffffff", stroke="#333333"),
        el(
            "path",
            d=f"M{x + 5},{y - 3} A6,6 0 1 0 {x + 5},{y + 4}",
            fill="none",
            stroke="#111111",
            stroke_width=2,
        ),
        el("polygon", points=f"{x + 2},{y - 7} {x + 8},{y - 3} {x + 2},{y}", fill="#111111"),
    )


def card_face(card_id: int, lava: int, x: float, y: float) -> str:
    """A terrain card as it lies: the volcano, a lava back, rubble, or a landscape card."""
    if card_id == TERRAIN["volcano"]:
        return volcano_face(x, y)
    if lava:
        return lava_face(x, y)
    if card_id in TERRAIN["rubble"]:
        return rubble_face(x, y)
    return landscape_face(card_id, x, y)


def volcano_face(x: float, y: float) -> str:
    s = CARD
    return group(
        el("rect", x=x, y=y, width=s, height=s, rx=6, fill=VOLCANO),
        el(
            "polygon",
            points=f"{x + 14},{y + s - 14} {x + 38},{y + 26} {x + 54},{y + 26} "
            f"{x + s - 14},{y + s - 14}",
            fill="#3b2f2b",
        ),
        el("ellipse", cx=x + 46, cy=y + 26, rx=9, ry=4, fill=LAVA),
        el(
            "path",
            d=f"M{x + 44},{y + 28} q6,18 -6,34 M{x + 50},{y + 28} q8,14 10,30",
            stroke=LAVA,
            stroke_width=4,
            fill="none",
        ),
        label(x + s / 2, y + 16, "volcano", 11, True, text_anchor="middle", fill=ink(VOLCANO)),
    )


def lava_face(x: float, y: float) -> str:
    s = CARD
    parts = [el("rect", x=x, y=y, width=s, height=s, rx=6, fill=LAVA)]
    for dy in (0.25, 0.5, 0.75):
        wave = f"M{x + 8},{y + s * dy} q{s / 4},-10 {s / 2 - 8},0 t{s / 2 - 8},0"
        parts.append(el("path", d=wave, stroke=LAVA_DARK, stroke_width=4, fill="none"))
    parts.append(label(x + s / 2, y + s - 8, "lava", 12, True, text_anchor="middle"))
    return group(*parts)


def rubble_face(x: float, y: float) -> str:
    s = CARD
    parts = [el("rect", x=x, y=y, width=s, height=s, rx=6, fill=RUBBLE)]
    for cx, cy, r in ((0.3, 0.4, 12), (0.62, 0.35, 9), (0.5, 0.62, 14), (0.75, 0.7, 8)):
        parts.append(
            el("circle", cx=x + s * cx, cy=y + s * cy, r=r, fill="#8a8178", stroke="#5f5850")
        )
    parts.append(label(x + s / 2, y + s - 8, "rubble", 12, True, text_anchor="middle"))
    return group(*parts)


def landscape_face(card_id: int, x: float, y: float) -> str:
    """A landscape card: hills, or a village's houses inside a thick border; its dice
    requirement along the bottom and the reroll symbol where it gives one."""
    s = CARD
    village = card_id in TERRAIN["village"]
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=s,
            height=s,
            rx=6,
            fill=LANDSCAPE,
            stroke=VILLAGE_BORDER if village else "#8aa66a",
            stroke_width=6 if village else 1.5,
        )
    ]
    if village:
        for hx in (0.3, 0.62):
            bx, by = x + s * hx, y + s * 0.42
            roof = f"{bx - 12},{by} {bx},{by - 12} {bx + 12},{by}"
            parts.append(el("polygon", points=roof, fill="#b23b2a"))
            parts.append(
                el("rect", x=bx - 9, y=by, width=18, height=14, fill="#f3e2c0", stroke="#6d4c41")
            )
    else:
        parts.append(
            el(
                "path",
                d=f"M{x + 4},{y + s * 0.6} Q{x + s * 0.3},{y + s * 0.25} "
                f"{x + s * 0.55},{y + s * 0.55} Q{x + s * 0.75},{y + s * 0.3} "
                f"{x + s - 4},{y + s * 0.55} L{x + s - 4},{y + s * 0.68} "
                f"L{x + 4},{y + s * 0.68} Z",
                fill=HILL,
            )
        )
    card = CARDS.get(card_id, {})
    parts.append(requirement(card, x, y + s - 30, s))
    if card.get("reroll"):
        parts.append(reroll_symbol(x + 14, y + 14))
    return group(*parts)


def equipment_token(x: float, y: float) -> str:
    return group(
        title("equipment token: draw an equipment card here"),
        el("circle", cx=x, cy=y, r=11, fill="#f1e3c2", stroke="#6d4c41", stroke_width=1.5),
        el("rect", x=x - 6, y=y - 4, width=12, height=10, rx=2, fill="#6d4c41"),
        el(
            "path", d=f"M{x - 3},{y - 4} v-3 h6 v3", stroke="#6d4c41", stroke_width=1.5, fill="none"
        ),
    )


def eruption_token(x: float, y: float, n: int) -> str:
    return group(
        title(f"eruption token: {n} eruption{'s' if n > 1 else ''}"),
        el("circle", cx=x, cy=y, r=11, fill="#c62828", stroke="#5b0f0f", stroke_width=1.5),
        el(
            "polygon",
            points=f"{x - 6},{y + 6} {x - 2},{y - 4} {x + 2},{y - 4} {x + 6},{y + 6}",
            fill="#ffffff",
        ),
        label(x + 12, y + 14, f"×{n}", 11, True) if n > 1 else "",
    )


MEEPLE_BODY = (
    (-4, -8),
    (4, -8),
    (10, -3),
    (8, 0),
    (4, -2),
    (6, 10),
    (1, 10),
    (0, 5),
    (-1, 10),
    (-6, 10),
    (-4, -2),
    (-8, 0),
    (-10, -3),
)


def meeple(x: float, y: float, a: int, s: float = 1.0) -> str:
    """A meeple in the character's colour with its initial on the chest."""
    fill = meeple_fill(a)
    body = " ".join(f"{x + dx * s:.1f},{y + dy * s:.1f}" for dx, dy in MEEPLE_BODY)
    shape = (
        el(
            "circle",
            cx=x,
            cy=y - 12.5 * s,
            r=4.5 * s,
            fill=fill,
            stroke="#ffffff",
            stroke_width=1.2,
        ),
        el("polygon", points=body, fill=fill, stroke="#ffffff", stroke_width=1.2),
    )
    return chip(shape, fill, initial(a), (x, y + 2.5 * s), 8 * s, name_of(a))


def marker(x: float, y: float, a: int) -> str:
    """A destination marker: a flag in the character's colour with its initial."""
    fill = meeple_fill(a)
    flag = f"{x},{y - 18} {x + 18},{y - 11} {x},{y - 4}"
    shape = (
        el("line", x1=x, y1=y - 18, x2=x, y2=y + 4, stroke="#111111", stroke_width=2),
        el("polygon", points=flag, fill=fill, stroke="#111111"),
    )
    tip = f"destination of {name_of(a)}"
    return chip(shape, fill, initial(a), (x + 6, y - 8), 8.5, tip, centred=False)


class Terrain:
    """Where each cell of the terrain lies on the page (cropped to the laid cards)."""

    def __init__(self, cells: list[int]) -> None:
        xs = [c % W for c in cells] or [0]
        ys = [c // W for c in cells] or [0]
        self.x0, self.y0 = min(xs), min(ys)
        self.cols = max(xs) - self.x0 + 1
        self.rows = max(ys) - self.y0 + 1

    def xy(self, x: int, y: int) -> tuple[float, float]:
        return (MAP_X + (x - self.x0) * (CARD + GAP), MAP_Y + (y - self.y0) * (CARD + GAP))

    @property
    def width(self) -> float:
        return self.cols * (CARD + GAP)

    @property
    def height(self) -> float:
        return self.rows * (CARD + GAP)


def draw_terrain(obs: Observation, t: Targets) -> tuple[str, Terrain]:
    terrain = Terrain([c for c, *_ in obs["terrain"]])
    parts = []
    for i in range(terrain.cols):
        x, _ = terrain.xy(terrain.x0 + i, terrain.y0)
        parts.append(
            label(x + CARD / 2, MAP_Y - 10, terrain.x0 + i, 13, True, text_anchor="middle")
        )
    for j in range(terrain.rows):
        _, y = terrain.xy(terrain.x0, terrain.y0 + j)
        parts.append(
            label(MAP_X - 16, y + CARD / 2 + 5, terrain.y0 + j, 13, True, text_anchor="middle")
        )
    here: dict[tuple[int, int], list[int]] = {}
    goal: dict[tuple[int, int], list[int]] = {}
    for adv in obs["adventurers"]:
        for marks, at in ((here, adv["position"]), (goal, adv["destination"])):
            if at is not None:
                x, y = at
                marks.setdefault((x, y), []).append(adv["adventurer"])
    for cell, card_id, lava, etok, xtok in obs["terrain"]:
        cx, cy = cell % W, cell // W
        x, y = terrain.xy(cx, cy)
        piece = [card_face(card_id, lava, x, y)]
        if etok:
            piece.append(equipment_token(x + CARD - 14, y + 14))
        if xtok:
            piece.append(eruption_token(x + CARD - 14 - (24 if etok else 0), y + 14, xtok))
        for k, a in enumerate(goal.get((cx, cy), [])):
            piece.append(marker(x + 26 + k * 18, y + 30, a))
        for k, a in enumerate(here.get((cx, cy), [])):
            piece.append(meeple(x + 18 + k * 19, y + 48, a))
        outline = el("rect", x=x + 1, y=y + 1, width=CARD - 2, height=CARD - 2, rx=6)
        indexes = t.find(CARD_KINDS, x=cx, y=cy)
        parts.append(t.wrap(group(*piece), indexes, outline=outline))
    return group(*parts), terrain


# -- the side of the table ----------------------------------------------------------------------
def draw_stamina(obs: Observation, side: Stack, t: Targets) -> None:
    """The stamina board: spaces 0 to the exhaustion space, injury symbols on the spaces
    that give an injury, a tracker per adventurer, and the injuries to choose from."""
    board = side.below()
    x0 = board.x
    board.add(label(x0, board.y + 14, "Stamina board", 15, True), height=26)
    y = board.y
    exhaustion, marks = track(obs)
    step = (SIDE_W - 20) / (exhaustion + 1)
    spaces = (
        stamina_space(k, x0 + k * step, y, step, exhaustion, marks) for k in range(exhaustion + 1)
    )
    board.add(*spaces)
    trackers = [a for a in obs["adventurers"] if a["kind"] != "neutral"]
    for k, adv in enumerate(trackers):
        a = adv["adventurer"]
        x = x0 + min(adv["stamina_lost"], exhaustion) * step + step / 2 - 1
        fill = meeple_fill(a)
        tip = f"{name_of(a)}: {adv['stamina_lost']} stamina lost"
        disc = el("circle", cx=x, cy=y + 34 + k * 14, r=6.5, fill=fill, stroke="#111111")
        board.add(chip(disc, fill, initial(a), (x, y + 37.5 + k * 14), 8, tip))
    board.gap(34 + len(trackers) * 14)
    injuries = t.find("injury")
    if injuries:
        y = board.y
        board.add(label(x0, y + 14, "injury:", 13, True))
        for k, i in enumerate(injuries):
            space = t.legal[i].arg("space")
            x = x0 + 60 + k * 100
            piece = group(
                el("rect", x=x, y=y, width=92, height=22, rx=5, fill="#ffd8cc", stroke="#8b2b1a"),
                label(
                    x + 46, y + 15, INJURY_TEXT.get(space, space), 12, True, text_anchor="middle"
                ),
            )
            outline = el("rect", x=x, y=y, width=92, height=22, rx=5)
            board.add(t.wrap(piece, [i], outline=outline))
        board.gap(30)
    side.add(board.markup(), height=board.height + 6)


def track(obs: Observation) -> tuple[int, list[int]]:
    """The stamina track of the game: its exhaustion space and injury spaces (the
    rulebook's, unless the game's options tune them)."""
    tuned = obs.get("stamina_track")
    if tuned is None:
        return EXHAUSTION, INJURY_AT
    return tuned["exhaustion"], tuned["injuries"]


def stamina_space(
    k: int,
    x: float,
    y: float,
    step: float,
    exhaustion: int = EXHAUSTION,
    marks: list[int] = INJURY_AT,
) -> str:
    """Space ``k`` of the stamina board: an injury symbol where it gives an injury, a
    skull on the exhaustion space."""
    fill = "#ffffff"
    if k in marks:
        fill = "#ffd8cc"
    if k == exhaustion:
        fill = "#444444"
    space = el("rect", x=x, y=y, width=step - 2, height=24, rx=3, fill=fill, stroke="#777777")
    mark = "✚" if k in marks else ("☠" if k == exhaustion else "")
    if not mark:
        return space
    sign = text(x + step / 2 - 1, y + 17, mark, font_size=12, text_anchor="middle", fill=ink(fill))
    return space + sign


def equipment_card(x: float, y: float, name: str, used_once: bool) -> str:
    info = EQUIPMENT[name]
    phases = "/".join(str(p) for p in info["phases"])
    return group(
        title(f"{info['name']} (phase {phases}): {info['text']}"),
        el(
            "rect",
            x=x,
            y=y,
            width=98,
            height=40,
            rx=5,
            fill="#fff8e6",
            stroke="#6d4c41",
            stroke_width=1.5,
            stroke_dasharray="4 2" if used_once else None,
        ),
        label(x + 5, y + 15, info["name"], 11.5, True),
        label(x + 5, y + 32, f"phase {phases}" + (" · used once" if used_once else ""), 10),
    )


def neutral_homes(obs: Observation) -> set[int]:
    """The neutral set of dice (2-player variant A) belongs to no character."""
    return {a["adventurer"] for a in obs["adventurers"] if a["kind"] == "neutral"}


def draw_adventurer(
    obs: Observation, adv: Adventurer, seat: int | None, side: Stack, t: Targets
) -> None:
    """One adventurer's panel (or the neutral dice's): name, skill card, equipment, dice."""
    neutral = adv["kind"] == "neutral"
    mine = seat is not None and adv["seat"] == seat
    current = obs["to_move"] == adv["seat"] and not neutral
    panel = side.below()
    panel.add(*adventurer_head(adv, mine, current, panel.x, panel.y, t), height=32)
    if not neutral:
        skill_card(adv, panel, track(obs)[0])
        equipment_row(adv, panel, t)
    if adv["dice"]:
        dice_row(obs, adv, mine, panel, t)
    h = panel.height + 6
    fill = meeple_fill(adv["adventurer"]) if not neutral else "#9e9e9e"
    side.add(panel.markup(panel_frame(panel.x, panel.top, SIDE_W, h, fill, current)), height=h + 8)


def adventurer_head(
    adv: Adventurer, mine: bool, current: bool, x0: float, y0: float, t: Targets
) -> list[str]:
    """The panel's title line: meeple and name (clickable to hand the turn over)."""
    a = adv["adventurer"]
    neutral = adv["kind"] == "neutral"
    if neutral:
        head = "Neutral dice (third screen)"
    else:
        head = name_of(a)
        if adv["kind"] == "third":
            head += " — third meeple" + (", yours now" if mine else "")
        elif mine:
            head += " — you"
    y = y0 + 24
    header = [label(x0 + (34 if not neutral else 10), y, head, 14, True)]
    if not neutral:
        header.insert(0, meeple(x0 + 18, y - 2, a))
    parts = [
        t.wrap(
            group(*header),
            t.find("next_turn", adventurer=a),
            outline=el("rect", x=x0 + 2, y=y0 + 4, width=SIDE_W - 4, height=28, rx=5),
        )
    ]
    if current:
        parts.append(to_move(x0 + SIDE_W - 10, y, 12))
    return parts


def skill_card(adv: Adventurer, panel: Stack, exhaustion: int = EXHAUSTION) -> None:
    """The skill, power bars, stamina and the injury spaces (covered ones in red)."""
    skill = SKILLS.get(adv["skill"], {}).get("name", "no skill yet")
    bits = [skill]
    if adv["power_bars"]:
        bits.append(f"{adv['power_bars']} power bar{'s' if adv['power_bars'] > 1 else ''}")
    if adv["first_aid"]:
        bits.append("First Aid Kit: no stamina loss")
    if adv["flare"]:
        bits.append(f"Flare gun +{adv['flare']}")
    bits.append(f"stamina {exhaustion - adv['stamina_lost']} left")
    x0 = panel.x
    panel.add(label(x0 + 10, panel.y + 12, " · ".join(bits), 12), height=20)
    y = panel.y
    for k, space in enumerate(INJURIES):
        hurt = adv["injuries"] >> k & 1
        x = x0 + 10 + k * 88
        fill = "#c62828" if hurt else "#ffffff"
        panel.add(
            group(
                el("rect", x=x, y=y, width=82, height=18, rx=4, fill=fill, stroke="#8b2b1a"),
                text(
                    x + 41,
                    y + 13,
                    ("✚ " if hurt else "") + INJURY_TEXT[space],
                    font_size=11,
                    text_anchor="middle",
                    fill=ink(fill),
                ),
            )
        )
    panel.gap(24)


def equipment_row(adv: Adventurer, panel: Stack, t: Targets) -> None:
    """The equipment cards, four to a row, turned ones greyed."""
    x0, y = panel.x, panel.y
    for k, name in enumerate(adv["equipment"]):
        x = x0 + 10 + (k % 4) * 106
        yy = y + (k // 4) * 46
        used = bool(adv["tapped"] >> EQUIPMENT_ORDER.index(name) & 1)
        outline = el("rect", x=x - 1, y=yy - 1, width=100, height=42, rx=5)
        piece = equipment_card(x, yy, name, used)
        panel.add(t.wrap(piece, t.find(EQUIPMENT_KINDS, card=name), outline=outline))
    panel.gap(46 * ((len(adv["equipment"]) + 3) // 4))


def dice_row(obs: Observation, adv: Adventurer, mine: bool, panel: Stack, t: Targets) -> None:
    """The dice: behind your own screen, or the others' (blank until revealed)."""
    x0, y = panel.x, panel.y
    dice = adv["dice"]
    screen = mine and adv["kind"] == "player"
    reroll = obs.get("reroll")  # only during this seat's own rerolls
    picked = reroll["selected"] if reroll is not None else 0
    rerolling = reroll is not None and any(
        picked >> d["die"] & 1 or t.find(DIE_KINDS, die=d["die"]) for d in dice
    )
    panel.add(
        el(
            "rect",
            x=x0 + 6,
            y=y,
            width=SIDE_W - 12,
            height=54,
            rx=6,
            fill="#efe6d2" if screen else "#f4f4f4",
            stroke="#8d6e63" if screen else "#bdbdbd",
        )
    )
    where = "screen" if screen else ("shared dice" if adv["kind"] == "third" else "dice")
    panel.add(label(x0 + 14, y + 24, where, 11))
    if reroll is not None and rerolling:
        panel.add(label(x0 + 14, y + 40, f"rerolls left: {reroll['left']}", 11, True))
    for k, d in enumerate(dice):
        x = x0 + 112 + k * 42
        edge = NEUTRAL_EDGE if d["home"] in neutral_homes(obs) else meeple_fill(d["home"])
        piece = die(x, y + 8, 30, d, edge, bool(picked >> d["die"] & 1))
        outline = el("rect", x=x - 3, y=y + 2, width=36, height=50, rx=6)
        panel.add(t.wrap(piece, t.find(DIE_KINDS, die=d["die"]), outline=outline))
    panel.gap(62)


def status(obs: Observation) -> str:
    """The level, the round and its phase, the result, and who must decide what."""
    head = f"Fuji · level {obs['level']}" + (f" · round {obs['round']}" if obs["round"] else "")
    phase = PHASES[obs["phase"]] if 0 <= obs["phase"] < len(PHASES) else None
    if obs["result"] == 1:
        return joined(head, phase, f"VICTORY, {obs['victory_points']} VP")
    if obs["result"]:
        return joined(head, phase, f"DEFEAT: {obs['cause']}")
    return joined(head, phase, deciding(obs["decision"], character))


def character(seat: int) -> str:
    """A seat by its character's name."""
    return str(CHARACTERS[seat][0])


def draw_table_info(obs: Observation, side: Stack) -> None:
    """The equipment pile, the last discards and the last signal."""
    info = side.below()
    x0, y0 = info.x, info.y
    bottom = f", {len(obs['bottom'])} known under it" if obs["bottom"] else ""
    info.add(label(x0, y0 + 14, f"Equipment pile: {obs['deck_size']} cards{bottom}", 12))
    if obs["discard"]:
        names = ", ".join(EQUIPMENT[c]["name"] for c in obs["discard"][-4:])
        info.add(label(x0, info.y + 32, f"discarded: {names}", 12), height=18)
    if obs["signals"]:
        a, say = signal_of(obs["signals"][-1])
        signal = f"{CHARACTERS[a][0]}: “{DATA['signals'][say]}”"
        info.add(label(x0, info.y + 32, signal, 11.5), height=18)
    side.add(info.markup(), height=info.height + 24)


def draw(
    observation: Observation,
    seat: int | None,
    legal: Sequence[Action],
    labels: Sequence[str],
) -> str:
    """The table seen by ``seat`` (``None``: a spectator), legal actions clickable."""
    obs = observation
    t = Targets(legal, labels)
    terrain_svg, terrain = draw_terrain(obs, t)
    side_x = MAP_X + max(terrain.width, 4 * (CARD + GAP)) + 24
    width = side_x + SIDE_W + 12
    side = Stack(side_x, 44)
    draw_stamina(obs, side, t)
    draw_table_info(obs, side)
    order = sorted(obs["adventurers"], key=lambda adv: (adv["seat"] != seat, adv["adventurer"]))
    for adv in order:
        draw_adventurer(obs, adv, seat, side, t)
    board_h = MAP_Y + terrain.height + 20
    height = max(board_h, side.y + 6)
    return document(
        width,
        height,
        status_line(14, 30, status(obs), width - 28),
        terrain_svg,
        *side.parts,
        label="Fuji table",
        board=(0, 0, side_x - 12, board_h),
        panels=(side_x - 10, 36, SIDE_W + 22, height - 36),
    )
