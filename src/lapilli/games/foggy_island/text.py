"""The terminal view of Foggy Island: the island, your hand, the scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from lapilli.core.actions import Action
from lapilli.core.state import Event

from .board import COLUMNS, QUADRANT_OF, SIZE
from .components import KINDS, MERCENARIES, WHITE

SIDE_NAMES = ("Red", "Blue")

if TYPE_CHECKING:
    from .state import FoggyState

STYLE = {0: "bold white on red3", 1: "bold white on blue3", WHITE: "bold black on grey85"}
SHIELD = {0: "red3", 1: "blue3"}
ABBREV = {
    "wolf": "Wo",
    "rat": "Ra",
    "rabbit": "Rb",
    "pig": "Pi",
    "fox": "Fx",
    "turtle": "Tu",
    "cat": "Ca",
    "mouses": "Ms",
    "snake": "Sn",
    "chameleon": "Ch",
    "crow": "Cr",
    "mole": "Mo",
    "prairie_dog": "PD",
    "hippo": "Hi",
    "frog": "Fr",
}


def _cell(state: FoggyState, tile: int, seat: int | None) -> Text:
    token = state.board[tile]
    if token is None:
        if not state.open[QUADRANT_OF[tile]]:
            return Text(" ~~ ", style="grey50 on grey23")
        return Text(" .. ", style="grey62")
    kind, placer, up, colour = token
    if up or seat == placer:
        # the background is the colour of the line it builds; the letters its owner
        label = f" {ABBREV[kind]}{'' if up else '?'}"
        label = label.ljust(4)
        style = STYLE[colour] if up else f"bold {SHIELD[placer % 2]} on grey30"
        return Text(label, style=style)
    return Text(" ## ", style=f"bold white on {SHIELD[placer % 2]}")


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {KINDS[k].title}" for k, n in sorted(counts.items())) or "-"


def render(state: FoggyState, seat: int | None) -> Group:
    header = Text()
    header.append(f"Foggy Island, round {state.round} of {state.rounds}", style="bold")
    header.append(f"   weather: {state.weather}")
    if state.offered():
        header.append(f"   cards drawn: {', '.join(state.offered())}")
    grid = Text()
    grid.append("    " + "".join(f" {c}  " for c in COLUMNS) + "\n")
    for row in range(SIZE):
        grid.append(f" {row + 1}  ")
        for col in range(SIZE):
            grid.append_text(_cell(state, row * SIZE + col, seat))
        grid.append("\n")
    legend = Text(
        "Background = whose line the token builds (red/blue, grey: neutral). "
        "## face-down token (shield colour), ~~ fog, ? face down (yours).",
        style="dim",
    )

    table = Table(box=None, pad_edge=False)
    table.add_column("seat")
    table.add_column("hand")
    table.add_column("pile")
    table.add_column("points by round")
    if state.opts.mercenaries:
        table.add_column("coins")
        table.add_column("hired")
    for p in range(state.n):
        name = Text(state.seat_label(p), style=SHIELD[p % 2])
        if p == state.current_player():
            name.append(" *", style="bold")
        hand = _counts(state.hands[p].items) if p == seat else f"{len(state.hands[p])} hidden"
        pile = f"{len(state.piles[p])}"
        pts = " + ".join(str(r[p % 2]) for r in state.points) or "-"
        row = [name, hand, pile, pts]
        if state.opts.mercenaries:
            row += [str(state.coins[p % 2]), ", ".join(KINDS[k].title for k in state.hired[p % 2])]
        table.add_row(*row)
    parts = [header, grid, legend, table]
    if state.is_terminal():
        winners = state.winners()
        verdict = (
            "A draw."
            if not winners
            else " and ".join(state.seat_label(w) for w in winners)
            + (" win." if len(winners) > 1 else " wins.")
        )
        parts.append(Text(f"Game over. {verdict}", style="bold green"))
    return Group(*parts)


def event_text(s: FoggyState, event: Event) -> str | None:
    kind = event["type"]
    if kind == "round_scored":
        points = event["points"]
        lines = "; ".join(
            f"{SIDE_NAMES[line['side']]} {'-'.join(line['tiles'][:: len(line['tiles']) - 1])}"
            f" {line['points']}"
            for line in event["lines"]
        )
        return f"Round {event['round']} scored: Red {points[0]}, Blue {points[1]}" + (
            f" (lines: {lines})" if lines else ""
        )
    if kind == "placed":
        what = KINDS[event["token"]].title if event["token"] else "a face-down token"
        return f"{s.seat_label(event['seat'])} placed {what} on {event['tile']}"
    if kind in ("drew", "took", "dealt"):
        return f"{s.seat_label(event['seat'])} {kind} {KINDS[event['token']].title}"
    return None


def _title(kind: object) -> str:
    """A token's name for players (a name the game does not know is shown as it is)."""
    info = KINDS.get(kind)  # type: ignore[call-overload]
    return info.title if info is not None else str(kind)


def action_text(s: FoggyState, action: Action) -> str:
    kind = action.kind
    if kind in ("choose", "take", "replace", "draw", "deal"):
        token = _title(action.arg("token"))
        face = " face down" if action.arg("face") == "down" else ""
        verb = {
            "choose": "play",
            "take": "take",
            "replace": "swap in",
            "draw": "draw",
            "deal": "deal",
        }[kind]
        return f"{verb} {token}{face}"
    if kind == "place":
        return f"place on {action.arg('tile')}"
    if kind == "hire":
        info = MERCENARIES.get(action.arg("mercenary"))
        if info is None:
            return f"hire {action.arg('mercenary')}"
        return f"hire {info.title} ({info.cost} coins, replaces a {info.replaces})"
    if kind in ("target", "hippo", "keep_hippo", "move_frog"):
        verb = {
            "target": "pick",
            "hippo": "lay Hippo across",
            "keep_hippo": "keep Hippo on",
            "move_frog": "move Frog to",
        }[kind]
        return f"{verb} {action.arg('tile')}"
    if kind == "remove_fog":
        return f"remove the {action.arg('board')} fog board"
    if kind in ("keep_weather", "weather"):
        return f"{'keep' if kind == 'keep_weather' else 'draw'} {action.arg('card')} weather"
    if kind == "open":
        return f"the {action.arg('board')} quarter is open"
    return kind
