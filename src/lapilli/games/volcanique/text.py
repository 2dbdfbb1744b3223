"""What a player reads: the terminal view (the hex map with heights, biomes, critters,
lava, the tiles it may reach next and the winter; the power grid as a tech tree; who
may be targeted; the players), the actions and the step in progress in words."""

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
    POWERS,
    SLOT_LEVEL,
    SLOT_NEIGHBOURS,
    SLOTS,
    SOIL,
    VOLCANO,
    VOLCANO_COST,
    tile_code,
)
from .pieces import Stage
from .powers import unlockable

if TYPE_CHECKING:
    from .state import VolcaniqueState

SEAT_COLOURS = ("pink", "blue", "purple", "orange", "green")
SEAT_MARKS = ("P", "B", "U", "O", "G")
"""Each seat's letter on the map (pUrple, as Pink takes the P)."""
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
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
    "move_from": "move the critter on",
    "move_to": "move it to",
    "claim": "claim",
    "sacrifice": "sacrifice the critter on",
    "remove": "lose the critter on",
    "upgrade": "upgrade to a Colossal Critter (4 resources) the critter on",
    "burrow": "burrow the critter on",
    "emerge": "let emerge the burrowed critter on",
}
HEX_VERBS = {
    "place": "place",
    "erupt": "erupt",
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
    if kind in HEX_VERBS:
        return f"{HEX_VERBS[kind]} {where}"
    if kind in WORDS:
        return WORDS[kind]
    if kind in ("sea_move", "sea_land", "rift", "converge", "landslide", "lateral"):
        return _moving_text(action, where)
    if kind == "use_power":
        return f"use {POWERS[action.arg('power')]['name']}"
    if kind == "choose_tile":
        return f"take a {tile_name(action.arg('tile'))} tile"
    if kind in ("bonus", "discard"):
        verb = "take a bonus" if kind == "bonus" else "discard a"
        return f"{verb} {action.arg('resource')} resource"
    if kind == "pay":
        return "pay " + ", ".join(f"{action.arg(b)} {b}" for b in BIOMES if action.arg(b))
    if kind == "buy":
        tile = action.arg("tile")
        cost = VOLCANO_COST if tile == "volcano" else KIND_COST[KIND_INDEX[tile]]
        return f"buy {tile} ({cost} resources)"
    if kind == "rotate" and frame is not None and "kind" in frame.args._fields:
        return _rotation_text(frame.args.kind, action.arg("rotation"))
    if kind == "rotate" and frame is not None and frame.step.name == "sleight":
        code = state.stacks[frame.args.volcano][-1]
        return "turn the tile: " + _rotation_text(code // 6, action.arg("rotation"))
    if kind == "unlock" and action.arg("slot") in state.grid:
        slot = action.arg("slot")
        return f"unlock {slot}: {POWERS[state.grid[slot]]['name']}"
    if kind == "play_caldera":
        return f"play the Caldera card {POWERS[action.arg('card')]['name']}"
    return " ".join(x for x in (kind.replace("_", " "), action.arg("biome"), where) if x)


def tile_name(kind: str) -> str:
    """``uno-dark`` -> "dark Uno", ``duo-dark-light`` -> "dark/light Duo", ``trio-dml``
    -> "Trio (dark, medium, light counter-clockwise)", the order of its edges."""
    size, _, biomes = kind.partition("-")
    if size == "trio":
        order = ", ".join(BIOMES["dml".index(c)] for c in biomes)
        return f"Trio ({order} counter-clockwise)"
    return f"{biomes.replace('-', '/')} {size.title()}"


def _moving_text(action: Action, where: str) -> str:
    """Sea critters, Rift, Converging, Landslide and Lateral Eruption in words."""
    kind = action.kind
    if kind in ("sea_move", "sea_land"):
        sea = action.arg("sea")
        onto = f"the {action.arg('biome')} biome of " if kind == "sea_land" else ""
        return f"move the sea critter at ({sea[0]},{sea[1]}) onto {onto}{where}"
    if kind == "landslide":
        to = action.arg("to")
        return f"slide the top tile of {where} onto ({to[0]},{to[1]})"
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
    sign = ">=" if action.arg("side") > 0 else "<="
    q, r = action.arg("at")
    value = {"q": q, "r": r, "s": -q - r}[axis]
    return (
        f"rift off the tiles with {axis} {sign} {value} of the island at {where}, "
        f"1 space {direction}"
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
CELL = 6  # characters per hex; rows are offset by half a hex


def _cell_lines(
    state: VolcaniqueState, h: tuple[int, int], risk: set, cold: bool
) -> tuple[Text, Text, Text]:
    """Three lines per hex: height and biomes; critters (or lava); the coordinates (red
    with a ! where flowing lava may go next, * where the winter has frozen it)."""
    st = state.stacks.get(h)
    lava = any(flow.at == h for flow in state.lava)
    mark = "!" if h in risk else "*" if cold else ""
    style = "bold red" if h in risk else "bold cyan" if cold else "grey50"
    coord = Text(f"{mark}{h[0]},{h[1]}".center(CELL)[:CELL], style)
    if st is None:
        if lava:
            return Text(" LAVA ", "bold white on red"), Text(" sea  ", "white on red"), coord
        sea = state.sea.get(h)
        if sea is not None:
            label = f" {SEAT_MARKS[sea % 5]}sea ".ljust(CELL)
            return Text("  ~   ", "blue"), Text(label, SEAT_STYLE[sea % len(SEAT_STYLE)]), coord
        return Text("  ~   ", "blue"), Text("      "), coord
    height = land_height(st)
    code = st[-1]
    top = Text(f"{height}", "bold")
    if code == VOLCANO and state.super_volcano[:2] == h:
        top.append("^SUP ", "bold white on dark_red")
    elif code == VOLCANO:
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
        label = f"{SEAT_MARKS[owner % 5]}{BIOME_LETTER[c]}" + (str(n) if n > 1 else "")
        label += "C" * state.colossal.get(spot, 0)
        bottom.append(label, SEAT_STYLE[owner % len(SEAT_STYLE)])
        used += len(label)
    for spot in [x for x in state.burrowed if x[:2] == h]:
        label = f"{SEAT_MARKS[spot[3] % 5].lower()}{BIOME_LETTER[spot[2]]}_"
        bottom.append(label, SEAT_STYLE[spot[3] % len(SEAT_STYLE)])
        used += len(label)
    bottom.append(" " * max(0, CELL - used))
    return top, bottom, coord


def render_map(state: VolcaniqueState) -> Text:
    """Pointy-top hexes, axial (q, r): each row r is shifted half a hex per step."""
    from .winter import frozen  # (the rule modules import the step table: late)

    hexes = set(state.stacks) | {flow.at for flow in state.lava} | set(state.sea)
    if not hexes:
        return Text("(no land yet)")
    risk = set(tiles_at_risk(state))

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
            h = from_pointy_top_position(x, r)
            cell = _cell_lines(state, h, risk, bool(state.winter) and frozen(state, h))
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
    limited = {"rift": "Rift", "converging_tectonic_plates": "Converging"}
    scores = state.scores()
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


def render_grid(state: VolcaniqueState) -> Group:
    """The Volcanic Power Grid as the tech tree it is: its levels from the top, each
    slot's power, who holds it and the slots it links to; then what each seat may
    unlock next."""
    table = Table(title="Volcanic power grid (unlock L1 first, then a slot linked to one you hold)")
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
        nexts.append(f"\n  {seat_label(p)}: {names}")
    return Group(table, nexts)


def tiles_at_risk(state: VolcaniqueState) -> list[tuple[int, int]]:
    """Spaces a flowing lava tile may move onto at the next lava step."""
    from .lava import lower_neighbours  # (the rule modules import the step table: late)

    out: set = set()
    for flow in state.lava:
        if flow.flowing:
            out.update(lower_neighbours(state, flow.at, state.height(flow.at)))
    return sorted(out)


def render_threats(state: VolcaniqueState) -> Text:
    """Who the player to move may target (3-5 players), and the tiles lava may reach."""
    from .stacking import targets

    out = Text()
    p = state.player
    valid = targets(state, p) if state.stage is not Stage.SETUP else None
    if valid is not None:
        mode = state.game.options.engagement
        names = ", ".join(seat_label(o) for o in sorted(valid)) or "nobody"
        empty = " and tiles without critters" if mode == "symbiosis" else ""
        out.append(
            f"Rules of engagement ({mode.replace('_', ' ')}): {seat_label(p)} may stack on "
            f"tiles of {names}, on volcanic soil{empty}.\n"
        )
    risk = tiles_at_risk(state)
    if risk:
        lines = []
        for h in risk:
            who = sorted({seat_label(o) for o in state.owners_on(h)})
            lines.append(f"({h[0]},{h[1]})" + (f" [{', '.join(who)}]" if who else ""))
        out.append("Tiles at risk from lava (marked !): " + ", ".join(lines) + "\n")
    if state.winter:
        spawns = ", ".join(f"({h[0]},{h[1]})" for h, _ in state.winter)
        out.append(f"Volcanic Winter from {spawns}: frozen spaces marked *\n")
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
        "Each hex: height + biomes (d dark, m medium, l light); critters (seat P pink, B "
        "blue, U purple, O orange, G green + biome; C a Colossal Critter, lower case + _ "
        "burrowed, sea: a sea critter); "
        "coordinates q,r. ~ ocean, ^VOL volcano, ^SUP super volcano, LAVA lava."
    )
    parts = [
        status,
        render_map(state),
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
    from .scoring import ITEMS, breakdown

    rows = breakdown(state)
    table = Table(title="Scoring")
    table.add_column("item")
    for p in range(state.players):
        table.add_column(seat_label(p), justify="right")
    for item in (*ITEMS, "total"):
        table.add_row(item, *(str(r[item]) for r in rows))
    return table
