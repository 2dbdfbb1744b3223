"""What a player reads: the terminal view (the hex map with heights, biomes, critters,
lava, the tiles it may reach next and the winter; the power grid as a tech tree; who
may be targeted; the players), the actions and the step in progress in words."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from lapilli.core import Action
from lapilli.core.events import EventTexts
from lapilli.core.flow import Frame
from lapilli.core.hexgrid import DIRECTIONS, Hex, from_pointy_top_position, pointy_top_position
from lapilli.core.state import CHANCE

from .board import hex_id, hex_of, land_height, spot_of
from .components import (
    BIOMES,
    COLOURS_OF,
    EDGES,
    KIND_INDEX,
    KINDS,
    POWERS,
    SLOT_LEVEL,
    SLOT_NEIGHBOURS,
    SLOTS,
    SOIL,
    VOLCANO,
    tile_code,
    tile_name,
)
from .events import (
    Bonus,
    Bought,
    CalderaPlayed,
    Casualties,
    Claimed,
    Collected,
    Contested,
    Converge,
    Dealt,
    Discarded,
    EndTriggered,
    Evacuated,
    GameOver,
    GroupMoved,
    HexEvent,
    IslandTile,
    Landed,
    Landslide,
    LavaMoved,
    Migrated,
    Moved,
    Paid,
    PowerDiscarded,
    PowerUsed,
    Purpose,
    Returned,
    Rift,
    Sacrificed,
    SeatEvent,
    SeatHexEvent,
    Siphoned,
    Stacked,
    SummonIsland,
    Turned,
    Unlocked,
    Volcano,
    WinterComplete,
    Wiped,
)
from .land import targets
from .lava import lower_neighbours
from .pieces import Stage
from .powers import unlockable
from .scoring import ITEMS, breakdown
from .state import VolcaniqueState
from .winter import frozen

SEAT_COLOURS = ("pink", "blue", "purple", "orange", "green")
SEAT_MARKS = ("P", "B", "U", "O", "G")
"""Each seat's letter on the map (pUrple, as Pink takes the P)."""
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
DONE_TEXT = {
    "move": "don't move",
    "claim": "stop claiming",
    "sacrifice": "no (more) sacrifice",
    "caldera": "don't buy a Caldera card",
    "buy": "no second tile",
    "spend": "stop spending",
    "super": "keep it an ordinary volcano",
    "sleight": "leave the tile as it is",
    "siphon": "keep the Magma Siphon card",
    "bomb": "keep your magma bomb",
    "lateral": "no lateral eruption",
    "landslide": "no landslide",
    "divert": "let the lava flow",
    "final_critter": "place no final critter",
    "island_tile": "stop: a 3-tile island",
}
"""What ``done`` means at each step that offers it."""
CRITTER_VERBS = {
    "move_from": "move the critter on {on}",
    "move_to": "move it to {on}",
    "claim": "claim {on}",
    "sacrifice": "sacrifice the critter on {on}",
    "remove": "lose the critter on {on}",
    "upgrade": "upgrade the critter on {on} to a Colossal Critter (4 resources)",
    "burrow": "burrow the critter on {on}",
    "emerge": "let the burrowed critter on {on} emerge",
}
HEX_VERBS = {
    "place": "place the tile on",
    "erupt": "erupt on",
    "migrate": "migrate to",
    "evacuate": "evacuate to",
    "lava": "lava flows to",
    "bomb_lands": "the magma bomb lands on",
    "lateral_site": "the lateral volcano strikes",
    "erode": "erode the top tile of",
    "freeze": "start the Volcanic Winter from",
    "carnage": "Carnage on",
    "sea_place": "place a sea critter in the ocean at",
}
WORDS = {
    "abandon": "abandon the critter",
    "magma_bomb": "throw your magma bomb",
    "magma_siphon": "play Magma Siphon",
    "super_volcano": "set off the super volcano",
    "divert_lava": "roll to divert the lava",
    "sacrifice_hand": "sacrifice a critter from your hand",
    "summon_island": "summon an island",
    "buy_caldera": "buy a Caldera card",
    "buy_point": "buy a point (3 resources)",
}


def seat_label(seat: int, players: int = 0) -> str:
    """A seat's colour (the same whatever the number of players)."""
    return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)].title()} (P{seat + 1})"


def describe_step(state: VolcaniqueState) -> str:
    """What is being decided now, in words."""
    frame = state.pending()
    if frame is None:
        return "the game is over"
    if frame.seat == CHANCE:
        return frame.step.prompt
    return f"{seat_label(frame.seat)}: {frame.step.prompt}"


DONE_SAID = {
    "move": "moves no critter",
    "claim": "stops claiming",
    "sacrifice": "sacrifices no (more) critters",
    "caldera": "buys no Caldera card",
    "buy": "buys no second tile",
    "spend": "stops spending",
    "super": "keeps it an ordinary volcano",
    "sleight": "leaves the tile as it is",
    "siphon": "keeps the Magma Siphon card",
    "bomb": "keeps their magma bomb",
    "lateral": "makes no lateral eruption",
    "landslide": "makes no landslide",
    "divert": "lets the lava flow",
    "final_critter": "places no final critter",
    "island_tile": "stops at a 3-tile island",
}
"""``DONE_TEXT`` said of the seat that chose it, for the log."""
SAID_VERBS = {
    "buy": "buys",
    "claim": "claims",
    "take": "takes",
    "evacuate": "evacuates",
    "migrate": "migrates",
    "upgrade": "upgrades",
    "sacrifice": "sacrifices",
    "burrow": "burrows",
    "erupt": "erupts",
    "pay": "pays",
    "unlock": "unlocks",
    "use": "uses",
    "play": "plays",
    "throw": "throws",
    "discard": "discards",
    "abandon": "abandons",
    "summon": "summons",
    "erode": "erodes",
    "lose": "loses",
    "roll": "rolls",
    "set": "sets",
}
"""The menu's verbs (``buy a volcano``) said of the seat (``Blue (P2) buys a volcano``)."""


def said_text(state: VolcaniqueState, action: Action) -> str | None:
    """An action that showed nothing yet, said of the seat that took it: a tile bought
    or taken before it is laid, a critter picked before it moves, a hex chosen before
    the tile's turn, a step passed."""
    frame = state.pending()
    if frame is None or frame.seat < 0:
        return None
    who = seat_label(frame.seat)
    if action.kind == "done":
        said = DONE_SAID.get(frame.step.name)
        return None if said is None else f"{who} {said}"
    if action.kind == "move_from":
        return f"{who} picks the critter on {_on(state, action)} to move"
    if action.kind == "place":
        return f"{who} chooses {_where(state, action)} for the tile"
    if action.kind == "claim":
        return f"{who} claims {_on(state, action)}"
    if action.kind == "evacuate":
        return f"{who} evacuates a critter to {_where(state, action)}"
    verb, _, rest = action_text(state, action).partition(" ")
    return f"{who} {SAID_VERBS[verb]} {rest}" if verb in SAID_VERBS else None


def action_text(state: VolcaniqueState, action: Action) -> str:
    frame = state.pending()
    if frame is not None and frame.seat == CHANCE and action.kind in OUTCOMES:
        return OUTCOMES[action.kind](frame, action)
    return ACTION_TEXT.get(action.kind, _plain)(state, frame, action)


ActionText = Callable[["VolcaniqueState", Frame | None, Action], str]
"""An action in words, given the position and its pending step."""


def place_words(h: Sequence[int]) -> str:
    """A space as a listener can find it on a map without numbers: the walk to it from
    the starting hex (the first Uno of the set-up, where the map begins), along at most
    two neighbouring directions ("2 east, 1 north-east of the starting hex")."""
    q, r = h[0], h[1]
    if (q, r) == (0, 0):
        return "the starting hex"
    for d in range(6):
        (aq, ar), (bq, br) = DIRECTIONS[d], DIRECTIONS[(d + 1) % 6]
        det = aq * br - ar * bq  # ±1 for neighbouring directions: whole steps
        a, b = (q * br - r * bq) * det, (aq * r - ar * q) * det
        if a > 0 and b >= 0:
            legs = sorted(((a, d), (b, (d + 1) % 6)), key=lambda leg: -leg[0])  # longer first
            walk = ", ".join(f"{n} {DIRECTION_WORDS[way]}" for n, way in legs if n)
            return f"{walk} of the starting hex"
    raise ValueError(f"no walk to {h}")  # every hex lies in one of the six sextants


def hex_words(state: VolcaniqueState, h: Sequence[int]) -> str:
    """A space by what lies there (the sea, a tile and its height, a volcano) and where
    it is (``place_words``)."""
    stack = state.stacks.get(hex_id((h[0], h[1])))
    if not stack:
        what = "the sea"
    elif stack[-1] == VOLCANO:
        what = "the volcano"
    elif stack[-1] == SOIL:
        what = "volcanic soil"
    else:
        kind = KINDS[stack[-1] // 6]  # a Trio has every terrain: its order is too long
        what = "the " + ("Trio" if kind.startswith("trio") else tile_name(kind))
    height = land_height(stack) if stack else 0
    if height > 1:
        what += f" (height {height})"
    return f"{what}, {place_words(h)}"


def _where(state: VolcaniqueState, action: Action) -> str:
    at = action.arg("at")
    return hex_words(state, at) if at is not None else ""


def _on(state: VolcaniqueState, action: Action) -> str:
    """A biome of a tile: "the medium biome of the Trio, 1 east of the starting hex"."""
    return f"the {action.arg('biome')} biome of {_where(state, action)}"


def _plain(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    """The kind in words, with its biome and hex if it has them."""
    where = _on(state, action) if action.arg("biome") else _where(state, action)
    return " ".join(x for x in (action.kind.replace("_", " "), where) if x)


def _done(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return DONE_TEXT.get(frame.step.name, "done") if frame else "done"


def _on_region(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return CRITTER_VERBS[action.kind].format(on=_on(state, action))


def _on_hex(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    if action.kind == "sea_place":  # always the sea: where alone
        return f"{HEX_VERBS[action.kind]} {place_words(action.arg('at'))}"
    return f"{HEX_VERBS[action.kind]} {_where(state, action)}"


def _words(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return WORDS[action.kind]


def _moving(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return _moving_text(state, action)


def _use_power(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return f"use {POWERS[action.arg('power')]['name']}"


def _choose_tile(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return f"take a {tile_name(action.arg('tile'))} tile"


def _resource(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    verb = "take a bonus" if action.kind == "bonus" else "discard a"
    return f"{verb} {action.arg('resource')} resource"


def _pay(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return "pay " + ", ".join(f"{action.arg(b)} {b}" for b in BIOMES if action.arg(b))


def _buy(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    tile = action.arg("tile")
    opts = state.options
    cost = opts.volcano_cost if tile == "volcano" else opts.tile_cost(KIND_INDEX[tile])
    what = "a volcano" if tile == "volcano" else f"a {tile_name(tile)} tile"
    return f"buy {what} ({cost} resources)"


def _rotate(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    """A new tile's turn (its kind is in the step), or the Sleight of Hand's turn of
    the tile under the volcano."""
    if frame is not None and "kind" in frame.args._fields:
        return _rotation_text(frame.args.kind, action.arg("rotation"))
    if frame is not None and frame.step.name == "sleight":
        code = state.stacks[hex_id(frame.args.volcano)][-1]
        return "turn the tile: " + _rotation_text(code // 6, action.arg("rotation"))
    return _plain(state, frame, action)


def _unlock(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    slot = action.arg("slot")
    if slot not in state.grid:
        return _plain(state, frame, action)
    return f"unlock {slot}: {POWERS[state.grid[slot]]['name']}"


def _play_caldera(state: VolcaniqueState, frame: Frame | None, action: Action) -> str:
    return f"play the Caldera card {POWERS[action.arg('card')]['name']}"


ACTION_TEXT: dict[str, ActionText] = {
    "done": _done,
    **dict.fromkeys(CRITTER_VERBS, _on_region),
    **dict.fromkeys(HEX_VERBS, _on_hex),
    **dict.fromkeys(WORDS, _words),
    **dict.fromkeys(("sea_move", "sea_land", "rift", "converge", "landslide", "lateral"), _moving),
    "use_power": _use_power,
    "choose_tile": _choose_tile,
    "bonus": _resource,
    "discard": _resource,
    "pay": _pay,
    "buy": _buy,
    "rotate": _rotate,
    "unlock": _unlock,
    "play_caldera": _play_caldera,
}
"""Each kind of action in words (the rest: ``_plain``); chance outcomes are in
``OUTCOMES``."""


OUTCOMES: dict[str, Callable[[Frame, Action], str]] = {
    "deal": lambda f, a: f"the power drawn for the grid is {_power(a.arg('power'))}",
    "deal_slot": lambda f, a: f"{_power(f.args.power)} goes to slot {a.arg('slot')}",
    "first_player": lambda f, a: (
        f"the dispute dhoobloon picks {seat_label(a.arg('seat'))} to go first"
    ),
    "draw": lambda f, a: (
        f"{seat_label(f.args.seat)} draws the Caldera card {_power(a.arg('card'))}"
    ),
}
"""A deal, a coin or a draw, with what it is for."""


RIFT_SIDES: dict[tuple[str, bool], tuple[str, str]] = {
    ("q", True): ("east", "north-west/south-east"),
    ("q", False): ("west", "north-west/south-east"),
    ("r", True): ("south", "east/west"),
    ("r", False): ("north", "east/west"),
    ("s", True): ("north-west", "north-east/south-west"),
    ("s", False): ("south-east", "north-east/south-west"),
}
"""A rift's part in words: (its axis, the coordinate at least the line's) -> the side
of the straight line it lies on, and the line's run (the line keeps that coordinate:
q along north-west/south-east, r along east/west, s along north-east/south-west)."""


def _moving_text(state: VolcaniqueState, action: Action) -> str:
    """Sea critters, Rift, Converging, Landslide and Lateral Eruption in words."""
    kind = action.kind
    where = _where(state, action)
    if kind in ("sea_move", "sea_land"):
        sea = place_words(action.arg("sea"))
        onto = _on(state, action) if kind == "sea_land" else where
        return f"move the sea critter {sea} onto {onto}"
    if kind == "landslide":
        return f"slide the top tile of {where} onto {hex_words(state, action.arg('to'))}"
    if kind == "lateral":
        first = action.arg("side")
        names = "/".join(DIRECTION_NAMES[(first + i) % 6] for i in range(4))
        return f"lateral eruption on the {names} side"
    direction = DIRECTION_NAMES[action.arg("dir")]
    if kind == "converge":
        n = action.arg("steps")
        return f"move the island at {where} {n} space{'s' * (n > 1)} {direction}"
    axis = action.arg("axis")
    if axis == "tile":
        return f"rift off the tile {where}, 1 space {direction}"
    side, line = RIFT_SIDES[axis, action.arg("side") > 0]
    return (
        f"rift off the tiles on and {side} of the {line} line through {where}, 1 space {direction}"
    )


def _rotation_text(kind: int, rotation: int) -> str:
    code = tile_code(kind, rotation)
    edges = EDGES[code]
    parts = []
    for c in COLOURS_OF[code]:
        sides = "/".join(DIRECTION_NAMES[d] for d in range(len(edges)) if edges[d] == c)
        parts.append(f"{BIOMES[c]} {sides}")
    return f"rotation {rotation}: " + ", ".join(parts)


BIOME_STYLE = ("white on dark_green", "black on green3", "black on khaki1")
BIOME_LETTER = tuple(b[0] for b in BIOMES)
SEAT_STYLE = ("bold magenta", "bold blue", "bold purple", "bold dark_orange", "bold green")
CELL = 8  # characters per hex (an edge letter on each side); rows are offset by half a hex
INSIDE = CELL - 2
SIDE_EDGES = ((2, 1), (3, 0), (4, 5))
"""The edges shown left and right on each line of a hex: NW/NE, W/E, SW/SE (as the
directions of ``hexgrid.DIRECTIONS``), so a tile reads as it lies."""


def _cell_lines(
    state: VolcaniqueState, h: Hex, risk: set[Hex], cold: bool
) -> tuple[Text, Text, Text]:
    """Three lines per hex, framed by the biome of each of its six edges: the height;
    critters (or lava); the coordinates (red with a ! where flowing lava may go next, *
    where the winter has frozen it)."""
    x = hex_id(h)
    st = state.stacks.get(x)
    lava = any(flow.at == x for flow in state.lava)
    mark = "!" if h in risk else "*" if cold else ""
    style = "bold red" if h in risk else "bold cyan" if cold else "grey50"
    coord = Text(f"{mark}{h[0]},{h[1]}".center(INSIDE)[:INSIDE], style)
    if st is None:
        if lava:
            top, middle = Text(" LAVA ", "bold white on red"), Text(" sea  ", "white on red")
        elif x in state.sea:
            sea = state.sea[x]
            label = f" {SEAT_MARKS[sea % 5]}sea ".ljust(INSIDE)
            top, middle = Text("  ~   ", "blue"), Text(label, SEAT_STYLE[sea % len(SEAT_STYLE)])
        else:
            top, middle = Text("  ~   ", "blue"), Text(" " * INSIDE)
        return _framed(None, (top, middle, coord))
    code = st[-1]
    top = Text(f" {land_height(st)} ", "bold")
    if code == VOLCANO:
        top.append("SUP" if state.super_volcano[:2] == h else "VOL", "bold white on dark_red")
    elif code == SOIL:
        top.append("soil", "black on grey50")
    top.append(" " * max(0, INSIDE - len(top)))
    bottom = Text()
    if lava:
        bottom.append(" LAVA ", "bold white on red")
    else:
        for spot in state.spots_on(x):
            _q, _r, c, owner = spot_of(spot)
            n = state.critters[spot]
            label = f"{SEAT_MARKS[owner % 5]}{BIOME_LETTER[c]}" + (str(n) if n > 1 else "")
            label += "C" * state.colossal.get(spot, 0)
            bottom.append(label, SEAT_STYLE[owner % len(SEAT_STYLE)])
        for spot in state.burrowed_on(x):
            _q, _r, c, owner = spot_of(spot)
            label = f"{SEAT_MARKS[owner % 5].lower()}{BIOME_LETTER[c]}_"
            bottom.append(label, SEAT_STYLE[owner % len(SEAT_STYLE)])
        bottom.append(" " * max(0, INSIDE - len(bottom)))
    edges = None if code in (VOLCANO, SOIL) else EDGES[code]
    return _framed(edges, (top, bottom, coord))


def _framed(
    edges: tuple[int, ...] | None, lines: tuple[Text, Text, Text]
) -> tuple[Text, Text, Text]:
    """Each line between the biome letters of the hex's edges on its left and right."""
    top, middle, bottom = (
        _framed_line(edges, sides, line) for sides, line in zip(SIDE_EDGES, lines, strict=True)
    )
    return top, middle, bottom


def _framed_line(edges: tuple[int, ...] | None, sides: tuple[int, int], line: Text) -> Text:
    framed = Text()
    left, right = sides
    _append_edge(framed, edges, left)
    framed.append_text(line)
    _append_edge(framed, edges, right)
    return framed


def _append_edge(framed: Text, edges: tuple[int, ...] | None, d: int) -> None:
    """The biome letter of the edge in direction ``d`` (a space on a hex without them)."""
    if edges is None:
        framed.append(" ")
    else:
        framed.append(BIOME_LETTER[edges[d]], BIOME_STYLE[edges[d]])


def _map_span(state: VolcaniqueState) -> tuple[int, int, int, int] | None:
    """The drawn columns and rows of the map (a ring of sea around the land), or None."""
    hexes = {hex_of(x) for x in (*state.stacks, *state.lava_hexes(), *state.sea)}
    if not hexes:
        return None
    drawn = [pointy_top_position(h) for h in hexes]
    rmin, rmax = min(r for _, r in drawn) - 1, max(r for _, r in drawn) + 1
    xmin, xmax = min(x for x, _ in drawn) - 2, max(x for x, _ in drawn) + 2
    return xmin, xmax, rmin, rmax


def render_map(state: VolcaniqueState, band: tuple[int, int] | None = None) -> Text:
    """Pointy-top hexes, axial (q, r): each row r is shifted half a hex per step; with
    ``band``, only the hexes drawn in those columns (a part of a map too wide)."""
    span = _map_span(state)
    if span is None:
        return Text("(no land yet)")
    xmin, xmax, rmin, rmax = span
    lo, hi = band or (xmin, xmax)
    risk = set(tiles_at_risk(state))
    out = Text()
    for r in range(rmin, rmax + 1):
        lines = [Text(), Text(), Text()]
        x0 = lo if (lo - r) % 2 == 0 else lo + 1
        if x0 > lo:
            for line in lines:
                line.append(" " * (CELL // 2))
        for x in range(x0, hi + 1, 2):
            h = from_pointy_top_position(x, r)
            cell = _cell_lines(state, h, risk, bool(state.winter) and frozen(state, hex_id(h)))
            for line, part in zip(lines, cell, strict=True):
                line.append(part)
        for line in lines:
            out.append(line)
            out.append("\n")
    return out


class MapView:
    """The map as wide as the terminal allows: whole when it fits, else in parts from
    west to east, each as wide as the terminal, so no line wraps into noise."""

    def __init__(self, state: VolcaniqueState) -> None:
        self.state = state

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        span = _map_span(self.state)
        if span is None:
            yield render_map(self.state)
            return
        xmin, xmax = span[:2]
        half = CELL // 2  # a column of the drawing is half a hex wide
        per = max(2, (options.max_width - CELL) // half + 1)  # columns in one part
        if xmax - xmin < per:
            yield render_map(self.state)
            return
        parts = range(xmin, xmax + 1, per)
        for n, lo in enumerate(parts, 1):
            yield Text(f"The map, part {n} of {len(parts)} from west to east:", style="dim")
            yield render_map(self.state, (lo, min(lo + per - 1, xmax)))


def render_players(state: VolcaniqueState, seat: int | None) -> Table:
    table = Table(title="Players", show_lines=False)
    for col in ("seat", "hand", "crater", "resources d/m/l", "powers", "caldera", "points"):
        table.add_column(col)
    limited = {"rift": "Rift", "converging_tectonic_plates": "Converging"}
    rows = state.score_breakdown()
    for p in range(state.players):
        powers = ", ".join(
            POWERS[state.grid[slot]]["name"] for slot in state.unlocked[p] if slot in state.grid
        )
        used = [
            f"{limited[u.split('@')[0]]} used ({u.split('@')[1]})"
            for u in state.used[p]
            if u.split("@")[0] in limited
        ]
        if used:
            powers += "; " + ", ".join(used)
        hand = state.caldera_hands[p]
        points = f"{rows[p]['total']:g}"
        if hand.sees(seat) or state.stage is Stage.OVER:  # the hands are shown at the end
            cards = ", ".join(POWERS[c]["name"] for c in hand.items)
        else:
            cards = f"{len(hand)} hidden"
            # the stars of hidden Caldera cards are the owner's secret until the end
            points = f"{rows[p]['total'] - rows[p]['caldera']:g}" + (" + ?" if hand else "")
        marker = "▶ " if state.current_player() == p else "  "
        table.add_row(
            Text(marker + seat_label(p), SEAT_STYLE[p % len(SEAT_STYLE)]),
            str(state.hand[p]),
            str(state.crater[p]),
            "/".join(map(str, state.resources[p])),
            powers or "-",
            cards or "-",
            points,
        )
    return table


def render_grid(state: VolcaniqueState) -> Group:
    """The Volcanic Power Grid as the tech tree it is: its levels from the top, each
    slot's power, who holds it and the slots it links to; then what each seat may
    unlock next."""
    table = Table(
        title="Volcanic power grid",
        caption="Unlock L1 first, then a slot linked to one you hold.",
        caption_justify="left",
    )
    for col in ("level", "slot", "power", "held by", "links to"):
        table.add_column(col)
    for level in sorted(set(SLOT_LEVEL.values()), reverse=True):
        for slot in (x for x in SLOTS if SLOT_LEVEL[x] == level):
            power = state.grid.get(slot)
            holders = [p for p in range(state.players) if slot in state.unlocked[p]]
            who = Text(", ".join(seat_label(p) for p in holders) or "-")
            table.add_row(
                f"L{level}",
                slot,
                POWERS[power]["name"] if power else "?",
                who,
                ", ".join(SLOT_NEIGHBOURS[slot]),
            )
    nexts = Text("May unlock next:")
    for p in range(state.players):
        slots = unlockable(state.unlocked[p])
        names = ", ".join(f"{x} {POWERS[state.grid[x]]['name']}" for x in slots if x in state.grid)
        nexts.append(f"\n  {seat_label(p)}: {names or 'nothing yet'}")
    return Group(table, nexts)


def tiles_at_risk(state: VolcaniqueState) -> list[Hex]:
    """Spaces a flowing lava tile may move onto at the next lava step."""

    out: set[int] = set()
    for flow in state.lava:
        if flow.flowing:
            out.update(lower_neighbours(state, flow.at, state.height(flow.at)))
    return [hex_of(x) for x in sorted(out)]


def render_threats(state: VolcaniqueState) -> Text:
    """Who the player to move may target (3-5 players), and the tiles lava may reach."""

    out = Text()
    p = state.player
    valid = targets(state, p) if state.stage is not Stage.SETUP else None
    if valid is not None:
        mode = state.options.engagement
        names = ", ".join(seat_label(o) for o in range(state.players) if valid >> o & 1)
        names = names or "nobody"
        empty = " and tiles without critters" if mode == "symbiosis" else ""
        out.append(
            f"Rules of engagement ({mode.replace('_', ' ')}): {seat_label(p)} may stack on "
            f"tiles of {names}, on volcanic soil{empty}.\n"
        )
    risk = tiles_at_risk(state)
    if risk:
        lines = []
        for h in risk:
            who = sorted({seat_label(o) for o in state.owners_on(hex_id(h))})
            lines.append(f"({h[0]},{h[1]})" + (f" [{', '.join(who)}]" if who else ""))
        out.append("Tiles at risk from lava (marked !): " + ", ".join(lines) + "\n")
    if state.winter:
        spawns = ", ".join(f"({h[0]},{h[1]})" for h, _ in state.winter)
        out.append(f"Volcanic Winter from {spawns}: frozen spaces marked *\n")
    return out


STAGES = {
    Stage.SETUP: "set-up",
    Stage.MAIN: "main game",
    Stage.FINAL: "end-game sequence",
    Stage.ERUPTION: "the super volcano's last turn",
    Stage.FINALE: "claiming until the lava reaches the sea",
    Stage.OVER: "game over",
}


def render(state: VolcaniqueState, seat: int | None) -> Group:
    # rounds and turns count from 1 for players (the state counts from 0), none in set-up
    counted = (
        "Set-up"
        if state.stage is Stage.SETUP
        else f"Round {state.round + 1}, turn {state.turn + 1} ({STAGES[state.stage]})"
    )
    now = describe_step(state).replace(": Set-up: ", ": ")  # "Set-up" is said once
    status = Text(
        f"{counted}. Now {now}"
        + (f"; the end is near: {END_REASONS[state.end_reason]}" if state.end_reason else "")
        + (
            "; final turns to come: " + ", ".join(seat_label(p) for p in state.final_left)
            if state.final_left
            else ""
        )
    )
    supply = Text(
        "Supply: "
        + (
            ", ".join(f"{tile_name(k)} ×{v}" for k, v in sorted(state.tiles.items()))
            or "no land tiles"
        )
        + f"; volcanoes {state.volcano_tiles}, lava {state.lava_tiles}; resources "
        + "/".join(map(str, state.supply))
        + f"; Caldera deck {len(state.caldera_deck)}"
    )
    legend = Text(
        "Each hex: the biome of each of its six edges at its sides (d dark, m medium, l "
        "light: NW and NE on the first line, W and E on the second, SW and SE on the third) "
        "around its height; critters (seat P pink, B blue, U purple, O orange, G green + "
        "biome; C a Colossal Critter, lower case + _ burrowed, sea: a sea critter); "
        "coordinates q,r. ~ ocean, VOL volcano, SUP super volcano, LAVA lava."
    )
    parts: list[RenderableType] = [
        status,
        MapView(state),
        legend,
        render_threats(state),
        render_grid(state),
        supply,
        render_players(state, seat),
    ]
    if state.stage is Stage.OVER:
        parts.append(render_scores(state))
    return Group(*parts)


def render_scores(state: VolcaniqueState) -> Table:
    """The final score sheet, item by item (as the rulebook's scoring example)."""

    rows = breakdown(state)
    table = Table(title="Scoring")
    table.add_column("item")
    for p in range(state.players):
        table.add_column(seat_label(p), justify="right")
    for item in (*ITEMS, "total"):
        table.add_row(item, *(str(r[item]) for r in rows))
    return table


# -- the log -------------------------------------------------------------------------------
END_REASONS: dict[str, str] = {
    "all_critters_deployed": "a player has deployed all their critters",
    "round_limit": "the last round is over",
    "super_volcanic_eruption": "the super volcano erupted",
    "last_land_tile": "the last land tile is taken",
    "volcanic_winter": "the Volcanic Winter covers the island",
}
PURPOSES: dict[Purpose, str] = {
    "tile": "a tile",
    "volcano": "a volcano",
    "colossal": "a Colossal Critter",
    "point": "a point",
    "migration": "a Volcanic Migration",
    "evacuate": "an evacuation",
    "sacrifice_hand": "a sacrifice from hand",
    "island": "an island",
}


def _hex(h: Sequence[int]) -> str:
    """A space in the log, found as the moves find it: "the hex 1 east of the starting
    hex" (the board is drawn without numbers)."""
    words = place_words(h)
    return words if words == "the starting hex" else f"the hex {words}"


def _biome(region: Sequence[int]) -> str:
    """A biome of a tile, ``[q, r, biome]``: "the dark biome of the hex 2 east of the
    starting hex" (a tile holds up to three, so the hex alone may name the same place
    twice)."""
    return f"the {BIOMES[region[2]]} biome of {_hex(region)}"


def _resources(amounts: Iterable[int]) -> str:
    told = [f"{n} {BIOMES[i]}" for i, n in enumerate(amounts) if n]
    return ", ".join(told) or "nothing"


def _power(power: str) -> str:
    return str(POWERS[power]["name"])


def _plural(n: int) -> str:
    return "s" * (n > 1)


def _placed_tile(tile: str, at: Sequence[int], rotation: int) -> str:
    facing = _rotation_text(KIND_INDEX[tile], rotation)
    return f"a {tile_name(tile)} on {_hex(at)}, {facing}"


SEAT_TEXT = {
    "first_player": "{who} goes first (the dispute dhoobloon)",
    "starting_critters": "{who} places the starting critters",
    "forced_sacrifice": "{who} must sacrifice a critter",
    "caldera_bought": "{who} buys a Caldera card",
    "caldera_card": "{who} draws a Caldera card",
    "lateral_eruption": "{who} sets off a lateral eruption",
}
SEAT_HEX_TEXT = {
    "colossal": "{who} raises a Colossal Critter on {at}",
    "colossal_damaged": "{who}'s Colossal Critter on {at} loses 1 HP",
    "burrowed": "{who} burrows a critter on {at}",
    "emerged": "{who}'s burrowed critter emerges on {at}",
    "sea_critter": "{who} moves a sea critter to {at}",
    "eroded": "{who} erodes the top tile of {at}",
    "magma_bomb": "{who} throws a magma bomb from the volcano at {at}",
    "diversion": "{who} diverts the lava to {at}",
    "winter": "{who} starts the Volcanic Winter from {at}",
    "super_volcano": "{who} sets off a super volcano at {at}",
    "super_eruption": "{who}'s super volcano at {at} erupts",
}
HEX_TEXT = {
    "bomb_lands": "the magma bomb lands on {at}",
    "no_lava": "no lava flows from the volcano at {at}",
    "lava_stopped": "the lava stops on {at}",
    "lava_cooled": "the lava on {at} cools",
    "soil": "{at} becomes volcanic soil",
}


def _contested(s: VolcaniqueState, e: Contested) -> str:
    counts = ", ".join(f"{seat_label(int(p))} {n}" for p, n in e["counts"].items())
    won = seat_label(e["winner"]) + " wins" if e["winner"] is not None else "a tie"
    return f"a contested biome ({counts}): {won}"


def _game_over(s: VolcaniqueState, e: GameOver) -> str:
    scores = ", ".join(f"{seat_label(p)} {score:g}" for p, score in enumerate(e["scores"]))
    shown = [
        f"{seat_label(p)} {', '.join(_power(c) for c in cards)}"
        for p, cards in enumerate(e["caldera"])
        if cards
    ]
    caldera = f"; Caldera cards: {'; '.join(shown)}" if shown else ""
    return f"the game is over: {scores}{caldera}"


def _volcano(s: VolcaniqueState, e: Volcano) -> str:
    return (
        f"{seat_label(e['seat'])} raises a volcano on {_hex(e['at'])}"
        + (" (lateral eruption)" if e.get("lateral") else "")
        + (" (ring of fire)" if e.get("ring") else "")
    )


def _lava(s: VolcaniqueState, e: LavaMoved) -> str:
    if e["ocean"]:
        return f"the lava flows into the sea at {_hex(e['at'])}"
    return f"the lava flows onto {_hex(e['at'])}"


def _sacrificed(s: VolcaniqueState, e: Sacrificed) -> str:
    who, at = seat_label(e["seat"]), e["from"]
    if at == "hand":
        return f"{who} sacrifices a critter from hand"
    return f"{who} sacrifices the critter on {_hex(at)}"


def _rift(s: VolcaniqueState, e: Rift) -> str:
    n = len(e["tiles"])
    tiles = ", ".join(_hex(h) for h in e["tiles"])
    them = "them" if n > 1 else "it"
    return (
        f"{seat_label(e['seat'])} splits off {n} tile{_plural(n)}, {tiles}, and moves {them} "
        f"1 space {DIRECTION_NAMES[e['dir']]}"
    )


def _end_triggered(s: VolcaniqueState, e: EndTriggered) -> str:
    """Why the end sequence begins, and in whose turn."""
    who = seat_label(e["seat"])
    if e["reason"] == "all_critters_deployed":
        return f"the end is near: {who} has deployed all their critters"
    return f"the end is near, in {who}'s turn: {END_REASONS[e['reason']]}"


def _converge(s: VolcaniqueState, e: Converge) -> str:
    return (
        f"{seat_label(e['seat'])} moves the island at {_hex(e['at'])} {e['steps']} "
        f"space{_plural(e['steps'])} {DIRECTION_NAMES[e['dir']]}"
    )


def _bought(s: VolcaniqueState, e: Bought) -> str:
    tile = f"a {tile_name(e['tile'])} tile" if e["tile"] != "volcano" else "a volcano"
    return f"{seat_label(e['seat'])} buys {tile}"


event_text = EventTexts[VolcaniqueState]()
"""Each event in words; a player's event reads as that player's sentence."""
say = event_text.add
say(PowerDiscarded, lambda s, e: f"{_power(e['power'])} is left out of the power grid")
say(Dealt, lambda s, e: f"the power grid's slot {e['slot']} gets {_power(e['power'])}")
say(
    IslandTile,
    lambda s, e: f"{seat_label(e['seat'])} lays {_placed_tile(e['tile'], e['at'], e['rotation'])}",
)
say(
    Bonus,
    lambda s, e: f"{seat_label(e['seat'])} takes a bonus {e['resource']} resource",
)
say(SeatEvent, lambda s, e: SEAT_TEXT[e["type"]].format(who=seat_label(e["seat"])))
say(
    SeatHexEvent,
    lambda s, e: SEAT_HEX_TEXT[e["type"]].format(who=seat_label(e["seat"]), at=_hex(e["at"])),
)
say(HexEvent, lambda s, e: HEX_TEXT[e["type"]].format(at=_hex(e["at"])))
say(Bought, _bought)
say(
    Paid,
    lambda s, e: (
        f"{seat_label(e['seat'])} pays {_resources(e['resources'])} for {PURPOSES[e['for']]}"
    ),
)
say(
    Stacked,
    lambda s, e: (
        f"{seat_label(e['seat'])} stacks {_placed_tile(e['tile'], e['at'], e['rotation'])}"
    ),
)
say(Migrated, lambda s, e: f"{seat_label(e['seat'])} migrates a critter to {_hex(e['to'])}")
say(
    Returned,
    lambda s, e: f"{seat_label(e['seat'])} takes back the critter on {_hex(e['from'])}",
)
say(Contested, _contested)
say(
    Casualties,
    lambda s, e: (
        f"{seat_label(e['seat'])} must lose {e['n']} critter{_plural(e['n'])} in a contested biome"
    ),
)
say(Volcano, _volcano)
say(
    Turned,
    lambda s, e: (
        f"{seat_label(e['seat'])} turns the tile on {_hex(e['at'])} to rotation {e['rotation']}"
    ),
)
say(
    Evacuated,
    lambda s, e: (
        f"{seat_label(e['seat'])} evacuates a critter from {_hex(e['from'])} to {_hex(e['to'])}"
    ),
)
say(
    Wiped,
    lambda s, e: (
        f"{seat_label(e['seat'])} loses {e['n']} critter{_plural(e['n'])} on {_hex(e['at'])}"
    ),
)
say(
    Unlocked,
    lambda s, e: f"{seat_label(e['seat'])} unlocks {_power(e['power'])} (slot {e['slot']})",
)
say(
    CalderaPlayed,
    lambda s, e: f"{seat_label(e['seat'])} plays the Caldera card {_power(e['card'])}",
)
say(
    Siphoned,
    lambda s, e: f"{seat_label(e['seat'])} siphons {_resources(e['resources'])}",
)
say(LavaMoved, _lava)
say(Moved, lambda s, e: _moved(e))


def _moved(e: Moved) -> str:
    """A critter moved between biomes, within a tile ("the same hex") or to another."""
    start, end = e["from"], e["to"]
    there = f"the {BIOMES[end[2]]} biome of the same hex" if start[:2] == end[:2] else _biome(end)
    return f"{seat_label(e['seat'])} moves a critter from {_biome(start)} to {there}"


say(
    GroupMoved,
    lambda s, e: f"{seat_label(e['seat'])} moves {e['n']} critters to {_biome(e['to'])}",
)
say(
    Claimed,
    lambda s, e: f"{seat_label(e['seat'])} claims the {e['biome']} biome of {_hex(e['at'])}",
)
say(
    Landed,
    lambda s, e: (
        f"{seat_label(e['seat'])} lands a sea critter on the {e['biome']} biome of {_hex(e['at'])}"
    ),
)
say(Sacrificed, _sacrificed)
say(
    SummonIsland,
    lambda s, e: f"{seat_label(e['seat'])} summons an island" + (" for free" if e["free"] else ""),
)
say(
    Collected,
    lambda s, e: f"{seat_label(e['seat'])} collects {_resources(e['resources'])}",
)
say(
    Discarded,
    lambda s, e: (
        f"{seat_label(e['seat'])} discards {e['n']} {e['resource']} resource{_plural(e['n'])}"
    ),
)
say(PowerUsed, lambda s, e: f"{seat_label(e['seat'])} uses {_power(e['power'])}")
say(
    Landslide,
    lambda s, e: (
        f"{seat_label(e['seat'])} slides the top tile of {_hex(e['from'])} onto {_hex(e['to'])}"
    ),
)
say(Rift, _rift)
say(Converge, _converge)
say(EndTriggered, _end_triggered)
say(WinterComplete, lambda s, e: "the Volcanic Winter is complete")
say(GameOver, _game_over)
