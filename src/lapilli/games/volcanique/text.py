"""The terminal view: the hex map (heights, biomes, critters, lava) and the players."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from .board import land_height
from .common import SEAT_COLOURS
from .components import BIOMES, COLOURS_OF, POWERS, SLOTS, SOIL, VOLCANO
from .rules import VolcaniqueState

BIOME_STYLE = ("white on dark_green", "black on green3", "black on khaki1")
BIOME_LETTER = tuple(b[0] for b in BIOMES)
SEAT_STYLE = ("bold magenta", "bold blue", "bold purple", "bold dark_orange", "bold green")
CELL = 6  # characters per hex; rows are offset by half a hex


def _cell_lines(state: VolcaniqueState, h: tuple[int, int]) -> tuple[Text, Text, Text]:
    """Three lines per hex: height and biomes; critters (or lava); the coordinates."""
    st = state.stacks.get(h)
    lava = any((q, r) == h for q, r, _ in state.lava)
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
    q, r = h
    used = 0
    for c in range(len(BIOMES)):
        v = state.critters.get((q, r, c))
        if v:
            owner, n = v
            mark = SEAT_COLOURS[owner % len(SEAT_COLOURS)][0].upper()
            label = f"{mark}{BIOME_LETTER[c]}" + (str(n) if n > 1 else "")
            bottom.append(label, SEAT_STYLE[owner % len(SEAT_STYLE)])
            used += len(label)
    bottom.append(" " * max(0, CELL - used))
    return top, bottom, coord


def render_map(state: VolcaniqueState) -> Text:
    """Pointy-top hexes, axial (q, r): each row r is shifted half a hex per step."""
    hexes = set(state.stacks) | {(q, r) for q, r, _ in state.lava}
    if not hexes:
        return Text("(no land yet)")
    rs = [r for _, r in hexes]
    rmin, rmax = min(rs) - 1, max(rs) + 1
    xmin = min(2 * q + r for q, r in hexes) - 2
    xmax = max(2 * q + r for q, r in hexes) + 2
    out = Text()
    for r in range(rmin, rmax + 1):
        lines = [Text(), Text(), Text()]
        x0 = xmin if (xmin - r) % 2 == 0 else xmin + 1
        if x0 > xmin:
            for line in lines:
                line.append(" " * (CELL // 2))
        for x in range(x0, xmax + 1, 2):
            for line, part in zip(lines, _cell_lines(state, ((x - r) // 2, r)), strict=True):
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
    for p in range(state.n):
        powers = ", ".join(POWERS[state.grid[s]]["name"] for s in state.marks[p] if s in state.grid)
        cards = (
            ", ".join(POWERS[c]["name"] for c in state.chands[p])
            if seat == p or state.stage == "over"
            else f"{len(state.chands[p])} hidden"
        )
        marker = "▶ " if state.current_player() == p else "  "
        table.add_row(
            Text(marker + state.seat_label(p), SEAT_STYLE[p % len(SEAT_STYLE)]),
            str(state.hand[p]),
            str(state.crater[p]),
            "/".join(map(str, state.res[p])),
            powers or "-",
            cards or "-",
            f"{scores[p]:g}",
        )
    return table


def render_grid(state: VolcaniqueState) -> Text:
    out = Text("Volcanic power grid: ")
    for s in SLOTS:
        power = state.grid.get(s)
        who = "".join(SEAT_COLOURS[p][0].upper() for p in range(state.n) if s in state.marks[p])
        out.append(f"[{s} {POWERS[power]['name'] if power else '?'}{' ' + who if who else ''}] ")
    return out


def render(state: VolcaniqueState, seat: int | None) -> Any:
    status = Text(
        f"Turn {state.turn}  round {state.round}  stage {state.stage}  now: {state.describe_step()}"
        + (f"  END SEQUENCE ({state.end_reason})" if state.end_reason else "")
    )
    supply = Text(
        "Supply: "
        + (", ".join(f"{k} {v}" for k, v in sorted(state.tiles.items())) or "no land tiles")
        + f"; volcanoes {state.volcanoes}, lava {state.lava_left}; resources "
        + "/".join(map(str, state.supply))
        + f"; Caldera deck {sum(state.deck.values())}"
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
    if state.stage == "over":
        parts.append(render_scores(state))
    return Group(*parts)


def render_scores(state: VolcaniqueState) -> Table:
    """The final score sheet, item by item (as the rulebook's scoring example)."""
    from .scoring import ITEMS, breakdown

    rows = breakdown(state)
    table = Table(title="Scoring")
    table.add_column("item")
    for p in range(state.n):
        table.add_column(state.seat_label(p), justify="right")
    for item in (*ITEMS, "total"):
        table.add_row(item, *(str(r[item]) for r in rows))
    return table
