"""What a player reads: the terminal view (the hex map with heights, biomes, critters
and lava; the players), the actions and the step in progress in words."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from lapilli.core import Action
from lapilli.core.hexgrid import from_pointy_top_position, pointy_top_position
from lapilli.core.state import CHANCE

from .board import land_height
from .components import (
    BIOMES,
    COLOURS_OF,
    EDGES,
    KIND_COST,
    KIND_INDEX,
    POINT_COST,
    POWERS,
    SACRIFICE_COST,
    SLOTS,
    SOIL,
    VOLCANO,
    VOLCANO_COST,
    tile_code,
)
from .pieces import Stage

if TYPE_CHECKING:
    from .state import VolcaniqueState

SEAT_COLOURS = ("pink", "blue", "purple", "orange", "green")
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DONE_TEXT = {
    "move": "don't move",
    "claim": "stop claiming",
    "sacrifice": "no (more) sacrifice",
    "caldera": "don't buy a Caldera card",
    "buy": "no second tile",
    "spend": "stop spending",
}
"""What ``done`` means at each step that offers it."""
CRITTER_VERBS = {
    "move_from": "move the critter on",
    "move_to": "move it to",
    "claim": "claim",
    "sacrifice": "sacrifice the critter on",
    "remove": "lose the critter on",
    "upgrade": "make a Colossal Critter of the critter on",
}


def seat_label(seat: int) -> str:
    return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)].title()} (P{seat + 1})"


def describe_step(state: VolcaniqueState) -> str:
    """What is being decided now, in words."""
    frame = state.pending()
    if frame is None:
        return "the game is over"
    if frame.seat == CHANCE:
        return frame.step.prompt
    return f"{seat_label(frame.seat)}: {frame.step.prompt}"


def action_text(state: VolcaniqueState, action: Action) -> str:
    kind = action.kind
    at = action.arg("at")
    where = f"({at[0]},{at[1]})" if at is not None else ""
    frame = state.pending()
    if kind == "done":
        return DONE_TEXT.get(frame.step.name, "done") if frame else "done"
    if kind in CRITTER_VERBS:
        return f"{CRITTER_VERBS[kind]} {action.arg('biome')} {where}"
    if kind in ("place", "erupt", "migrate", "evacuate", "lava"):
        return f"{kind} {where}"
    if kind == "pay":
        return "pay " + ", ".join(f"{action.arg(b)} {b}" for b in BIOMES if action.arg(b))
    if kind == "buy":
        tile = action.arg("tile")
        cost = VOLCANO_COST if tile == "volcano" else KIND_COST[KIND_INDEX[tile]]
        return f"buy {tile} ({cost} resources)"
    if kind == "rotate" and frame is not None and "kind" in frame.args._fields:
        return _rotation_text(frame.args.kind, action.arg("rotation"))
    if kind == "unlock" and action.arg("slot") in state.grid:
        slot = action.arg("slot")
        return f"unlock {slot}: {POWERS[state.grid[slot]]['name']}"
    if kind == "play_caldera":
        return f"play the Caldera card {POWERS[action.arg('card')]['name']}"
    if kind == "choose_tile":
        return f"take a {tile_name(action.arg('tile'))} tile"
    if kind in ("bonus", "discard"):
        verb = "take a bonus" if kind == "bonus" else "discard a"
        return f"{verb} {action.arg('resource')} resource"
    if kind in FIXED_TEXT:
        return FIXED_TEXT[kind]
    biome = action.arg("biome")
    return " ".join(x for x in (kind.replace("_", " "), biome, where) if x)


FIXED_TEXT = {
    "buy_caldera": "buy a Caldera card (1 of each resource)",
    "buy_point": f"buy a point ({POINT_COST} resources)",
    "sacrifice_hand": f"sacrifice a critter from your hand ({SACRIFICE_COST} resources)",
    "summon_island": "summon an island",
}


def tile_name(kind: str) -> str:
    """``uno-dark`` -> "dark Uno", ``duo-dark-light`` -> "dark/light Duo", ``trio-dml``
    -> "Trio (dark, medium, light counter-clockwise)", the order of its edges."""
    size, _, biomes = kind.partition("-")
    if size == "trio":
        order = ", ".join(BIOMES["dml".index(c)] for c in biomes)
        return f"Trio ({order} counter-clockwise)"
    return f"{biomes.replace('-', '/')} {size.title()}"


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
CELL = 6  # characters per hex; rows are offset by half a hex


def _cell_lines(state: VolcaniqueState, h: tuple[int, int]) -> tuple[Text, Text, Text]:
    """Three lines per hex: height and biomes; critters (or lava); the coordinates."""
    st = state.stacks.get(h)
    lava = any(flow.at == h for flow in state.lava)
    coord = Text(f"{h[0]},{h[1]}".center(CELL)[:CELL], "grey50")
    if st is None:
        if lava:
            return Text(" LAVA ", "bold white on red"), Text(" sea  ", "white on red"), coord
        return Text("  ~   ", "blue"), Text("      "), coord
    height = land_height(st)
    code = st[-1]
    top = Text(f"{height}", "bold")
    if code == VOLCANO:
        top.append("^VOL ", "bold white on dark_red")
    elif code == SOIL:
        top.append("soil ", "black on grey50")
    else:
        for c in COLOURS_OF[code]:
            top.append(BIOME_LETTER[c], BIOME_STYLE[c])
        top.append(" " * (5 - len(COLOURS_OF[code])))
    bottom = Text()
    if lava:
        bottom.append(" LAVA ", "bold white on red")
        return top, bottom, coord
    used = 0
    for spot in state.spots_on(h):
        c, owner, n = spot[2], spot[3], state.critters[spot]
        mark = SEAT_COLOURS[owner % len(SEAT_COLOURS)][0].upper()
        label = f"{mark}{BIOME_LETTER[c]}" + (str(n) if n > 1 else "")
        bottom.append(label, SEAT_STYLE[owner % len(SEAT_STYLE)])
        used += len(label)
    bottom.append(" " * max(0, CELL - used))
    return top, bottom, coord


def render_map(state: VolcaniqueState) -> Text:
    """Pointy-top hexes, axial (q, r): each row r is shifted half a hex per step."""
    hexes = set(state.stacks) | {flow.at for flow in state.lava}
    if not hexes:
        return Text("(no land yet)")
    drawn = [pointy_top_position(h) for h in hexes]
    rmin, rmax = min(r for _, r in drawn) - 1, max(r for _, r in drawn) + 1
    xmin, xmax = min(x for x, _ in drawn) - 2, max(x for x, _ in drawn) + 2
    out = Text()
    for r in range(rmin, rmax + 1):
        lines = [Text(), Text(), Text()]
        x0 = xmin if (xmin - r) % 2 == 0 else xmin + 1
        if x0 > xmin:
            for line in lines:
                line.append(" " * (CELL // 2))
        for x in range(x0, xmax + 1, 2):
            cell = _cell_lines(state, from_pointy_top_position(x, r))
            for line, part in zip(lines, cell, strict=True):
                line.append(part)
        for line in lines:
            out.append(line)
            out.append("\n")
    return out


def render_players(state: VolcaniqueState, seat: int | None) -> Table:
    table = Table(title="Players", show_lines=False)
    for col in ("seat", "hand", "crater", "resources d/m/l", "powers", "caldera", "points"):
        table.add_column(col)
    scores = state.scores()
    for p in range(state.players):
        powers = ", ".join(
            POWERS[state.grid[slot]]["name"] for slot in state.unlocked[p] if slot in state.grid
        )
        hand = state.caldera_hands[p]
        if hand.sees(seat):
            cards = ", ".join(POWERS[c]["name"] for c in hand.items)
        else:
            cards = f"{len(hand)} hidden"
        marker = "▶ " if state.current_player() == p else "  "
        table.add_row(
            Text(marker + seat_label(p), SEAT_STYLE[p % len(SEAT_STYLE)]),
            str(state.hand[p]),
            str(state.crater[p]),
            "/".join(map(str, state.resources[p])),
            powers or "-",
            cards or "-",
            f"{scores[p]:g}",
        )
    return table


def render_grid(state: VolcaniqueState) -> Text:
    out = Text("Volcanic power grid: ")
    for s in SLOTS:
        power = state.grid.get(s)
        who = "".join(
            SEAT_COLOURS[p][0].upper() for p in range(state.players) if s in state.unlocked[p]
        )
        name = POWERS[power]["name"] if power else "?"
        out.append(f"[{s} {name}{' ' + who if who else ''}] ")
    return out


def render(state: VolcaniqueState, seat: int | None) -> Any:
    status = Text(
        f"Turn {state.turn}  round {state.round}  stage {state.stage}  now: {describe_step(state)}"
        + (f"  END SEQUENCE ({state.end_reason})" if state.end_reason else "")
    )
    supply = Text(
        "Supply: "
        + (", ".join(f"{k} {v}" for k, v in sorted(state.tiles.items())) or "no land tiles")
        + f"; volcanoes {state.volcano_tiles}, lava {state.lava_tiles}; resources "
        + "/".join(map(str, state.supply))
        + f"; Caldera deck {len(state.caldera_deck)}"
    )
    legend = Text(
        "Each hex: height + biomes (d dark, m medium, l light); critters (seat "
        "initial + biome); coordinates q,r. ~ ocean, ^VOL volcano, LAVA lava."
    )
    parts = [
        status,
        render_map(state),
        legend,
        render_grid(state),
        supply,
        render_players(state, seat),
    ]
    if state.stage is Stage.OVER:
        parts.append(render_scores(state))
    return Group(*parts)


def render_scores(state: VolcaniqueState) -> Table:
    """The final score sheet, item by item (as the rulebook's scoring example)."""
    from .scoring import ITEMS, breakdown

    rows = breakdown(state)
    table = Table(title="Scoring")
    table.add_column("item")
    for p in range(state.players):
        table.add_column(seat_label(p), justify="right")
    for item in (*ITEMS, "total"):
        table.add_row(item, *(str(r[item]) for r in rows))
    return table
