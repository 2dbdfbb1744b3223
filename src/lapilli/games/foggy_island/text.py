"""The terminal view of Foggy Island: the island, your hand, the scores."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lapilli.core.actions import Action
from lapilli.core.events import EventTexts

from .board import COLUMNS, QUADRANT_OF, SIZE
from .components import KINDS, MERCENARIES, SIDE_NAMES, WHITE, Token
from .events import (
    Chameleon,
    Events,
    FogOpen,
    FogRemoved,
    FrogMoved,
    FromPile,
    HippoKept,
    HippoSpans,
    Hired,
    HiringDone,
    NoTarget,
    Placed,
    Replaced,
    RoundScored,
    Swapped,
    Targeted,
    TeamPile,
    Weather,
    WeatherDrawn,
)
from .state import FoggyState
from .view import Live, live

STYLE = {0: "bold white on red3", 1: "bold white on blue3", WHITE: "bold black on grey85"}
SHIELD = {0: "red3", 1: "blue3"}
LINE = {0: "R", 1: "B", WHITE: "W"}  # letters say what the colours say, for NO_COLOR
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
LEGEND = (
    "Wo:R a Wolf building Red's line (B Blue's, W neutral: breaks lines); "
    "##?B a face-down token Blue placed; Wo?B one you can see; ~~ fog."
)


def _cell(token: Token | None, fogged: bool, sees: bool) -> Text:
    """One tile, 5 characters wide; ``sees``: whether the viewer knows a face-down token.
    Letters tell whose line a token builds and who placed it, with colours or without."""
    if token is None:
        return Text("  ~~ ", style="grey50 on grey23") if fogged else Text("  .. ", style="grey62")
    kind, placer, up, colour = token
    shield = placer % 2
    if up:
        return Text(f" {ABBREV[kind]}:{LINE[colour]}", style=STYLE[colour])
    if sees:
        return Text(f" {ABBREV[kind]}?{LINE[shield]}", style=f"bold {SHIELD[shield]} on grey30")
    return Text(f" ##?{LINE[shield]}", style=f"bold white on {SHIELD[shield]}")


def _grid(
    board: list[Token | None], fogged: Callable[[int], bool], sees: Callable[[Token], bool]
) -> Text:
    grid = Text()
    grid.append("    " + "".join(f"   {c} " for c in COLUMNS) + "\n")
    for row in range(SIZE):
        grid.append(f" {row + 1}  ")
        for col in range(SIZE):
            token = board[row * SIZE + col]
            tile = row * SIZE + col
            grid.append_text(_cell(token, fogged(tile), token is not None and sees(token)))
        grid.append("\n")
    return grid


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {KINDS[k].title}" for k, n in sorted(counts.items())) or "-"


def seat_label(seat: int, players: int) -> str:
    side = SIDE_NAMES[seat % 2]
    return side if players == 2 else f"{side} {seat // 2 + 1}"


def render_all(state: FoggyState) -> Group:
    """The true position, every hand and face-down token shown (for replays)."""
    return render(state, None, everything=True)


def render(state: FoggyState, seat: int | None, everything: bool = False) -> Group:
    """What ``seat`` sees; ``everything``: the true position (hands, face-down tokens)."""
    header = Text()
    header.append(f"Foggy Island, round {state.round} of {state.rounds}", style="bold")
    header.append(f"   weather: {state.weather}")
    if state.offered():
        offered = ", ".join(state.offered())
        choosing = state.pending().step.name == "weather_choose"  # type: ignore[union-attr]
        header.append(f"   {'to choose from' if choosing else 'cards drawn'}: {offered}")
    grid = _grid(
        state.board,
        lambda tile: not state.open[QUADRANT_OF[tile]],
        lambda token: everything or token.seat == seat,
    )
    legend = Text(LEGEND, style="dim")

    table = Table(box=None, pad_edge=False)
    table.add_column("seat")
    table.add_column("hand")
    table.add_column("pile")
    table.add_column("points by round")
    if state.opts.mercenaries:
        table.add_column("coins")
        table.add_column("hired")
    for p in range(state.players):
        name = Text(state.seat_label(p) + (" (you)" if p == seat else ""), style=SHIELD[p % 2])
        if p == state.current_player():
            name.append(" *", style="bold")
        hand = (
            _counts(state.hands[p].items)
            if everything or p == seat
            else f"{len(state.hands[p])} hidden"
        )
        pile = f"{len(state.piles[p])}"
        pts = " + ".join(str(r[p % 2]) for r in state.points) or "-"
        row: list[Text | str] = [name, hand, pile, pts]
        if state.opts.mercenaries:
            row += [str(state.coins[p % 2]), ", ".join(KINDS[k].title for k in state.hired[p % 2])]
        table.add_row(*row)
    parts: list[RenderableType] = [
        header,
        grid,
        legend,
        _live(live(state, None if everything else seat)),
    ]
    parts.append(table)
    return Group(*parts)


def _live(live: Live) -> Text:
    """The lines on the map now and what they would score (as the viewer sees them)."""
    red, blue = live["points"]
    text = Text(f"Lines now score Red: {_points(red)}, Blue: {_points(blue)}")
    for line in live["lines"]:
        tiles = line["tiles"]
        text.append(
            f"\n  {SIDE_NAMES[line['side']]}: {tiles[0]}-{tiles[-1]} "
            f"({len(tiles)} tokens) {_points(line['points'])}",
            style=SHIELD[line["side"]],
        )
    return text


def round_end(state: FoggyState, events: Events) -> Group | None:
    """The map as the round was scored (every token turned up) and the lines it scored,
    before the tokens go back to the piles."""
    for event in events:
        if event["type"] == "round_scored":
            return _scored(event)
    return None


def _scored(scored: RoundScored) -> Group:
    board = [Token(t[0], t[1], True, t[3]) if t else None for t in scored["board"]]
    points = scored["points"]
    lines = Text()
    for line in scored["lines"]:
        tiles = line["tiles"]
        lines.append(
            f"  {SIDE_NAMES[line['side']]}: {tiles[0]}-{tiles[-1]} "
            f"({len(tiles)} tokens) {_points(line['points'])}\n"
        )
    title = f"End of round {scored['round']}: Red {_points(points[0])}, Blue {_points(points[1])}"
    return Group(
        Text(title, style="bold"),
        _grid(board, lambda tile: False, lambda token: True),
        lines if scored["lines"] else Text("  No line scored.\n"),
    )


# -- the log: one line per kind of event -----------------------------------------------------
def _round_scored(s: FoggyState, event: RoundScored) -> str:
    points = event["points"]
    lines = "; ".join(
        f"{SIDE_NAMES[line['side']]} {'-'.join(line['tiles'][:: len(line['tiles']) - 1])}"
        f" {line['points']}"
        for line in event["lines"]
    )
    return f"Round {event['round']} scored: Red {points[0]}, Blue {points[1]}" + (
        f" (lines: {lines})" if lines else ""
    )


def _placed(s: FoggyState, event: Placed) -> str:
    what = KINDS[event["token"]].title if event["token"] else "a face-down token"
    return f"{s.seat_label(event['seat'])} places {what} on {event['tile']}"


def _no_target(s: FoggyState, event: NoTarget) -> str:
    what = {"fox": "token to change", "snake": "token to change"}.get(
        event["token"], "opponent's token to swap with"
    )
    return (
        f"{s.seat_label(event['seat'])}'s {KINDS[event['token']].title} on {event['tile']} "
        f"has no {what}: its ability is not used"
    )


FROM_PILE = {
    "drew": "{who} draws {token} from their pile",
    "took": "{who} takes {token} into their opening hand",
    "dealt": "{who} is dealt {token}",
}


def _from_pile(s: FoggyState, event: FromPile) -> str:
    """A token drawn, taken for the opening hand or dealt (only its owner reads it)."""
    who, token = s.seat_label(event["seat"]), KINDS[event["token"]].title
    return FROM_PILE[event["type"]].format(who=who, token=token)


def _replaced(s: FoggyState, event: Replaced) -> str:
    new = KINDS[event["token"]].title if event["token"] else "a face-down token"
    who = s.seat_label(event["seat"])
    return f"{who} changes {KINDS[event['old']].title} on {event['tile']} for {new}"


def _chameleon(s: FoggyState, event: Chameleon) -> str:
    colour = "white" if event["colour"] == WHITE else SIDE_NAMES[event["colour"]].lower()
    return f"the Chameleon on {event['tile']} turns {colour}"


def _hired(s: FoggyState, event: Hired) -> str:
    merc, basic = KINDS[event["mercenary"]].title, KINDS[event["replaces"]].title
    who = s.seat_label(event["seat"])
    return f"{who} hires the {merc} for {event['cost']} coins (in place of a {basic})"


event_text = EventTexts[FoggyState]()
say = event_text.add
say(RoundScored, _round_scored)
say(Placed, _placed)
say(NoTarget, _no_target)
say(FromPile, _from_pile)
say(
    TeamPile,
    lambda s, e: f"{s.seat_label(e['seat'])} takes the rest of the team's tokens as a pile",
)
# what the mercenaries did, in the rulebook's words
say(HippoSpans, lambda s, e: f"{s.seat_label(e['seat'])}'s Hippo spans {' and '.join(e['tiles'])}")
say(HippoKept, lambda s, e: f"{s.seat_label(e['seat'])}'s Hippo stays on {e['tile']}")
say(
    FrogMoved,
    lambda s, e: f"{s.seat_label(e['seat'])}'s Frog hops from {e['from']} to {e['to']}",
)
say(Swapped, lambda s, e: f"the tokens on {' and '.join(e['tiles'])} swap places")
say(Targeted, lambda s, e: f"{s.seat_label(e['seat'])} targets the token on {e['tile']}")
say(Replaced, _replaced)
say(Chameleon, _chameleon)
# hiring, weather and fog
say(Hired, _hired)
say(HiringDone, lambda s, e: f"{s.seat_label(e['seat'])} hires no more mercenaries")
say(WeatherDrawn, lambda s, e: f"weather card drawn: {e['card']}")
say(Weather, lambda s, e: f"{s.seat_label(e['seat'])} keeps the {e['card']} weather")
say(FogOpen, lambda s, e: f"the fog lifts from the {e['board']} quarter")
say(
    FogRemoved,
    lambda s, e: f"{s.seat_label(e['seat'])} removes the fog board over the {e['board']} quarter",
)


# -- the actions offered: one small function per kind of action --------------------------------
ActionText = Callable[[FoggyState, Action], str]


def action_text(s: FoggyState, action: Action) -> str:
    text = ACTION_TEXT.get(action.kind)
    return action.kind if text is None else text(s, action)


def _title(kind: object) -> str:
    """A token's name for players (a name the game does not know is shown as it is)."""
    info = KINDS.get(kind) if isinstance(kind, str) else None
    return info.title if info is not None else str(kind)


TOKEN_VERB = {
    "choose": "play",
    "take": "take",
    "replace": "swap in",
    "draw": "draw",
    "deal": "deal",
}
TILE_VERB = {
    "target": "pick",
    "hippo": "lay Hippo across",
    "keep_hippo": "keep Hippo on",
    "move_frog": "move Frog to",
}


def _token(s: FoggyState, action: Action) -> str:
    """A token played, taken or swapped in (face down, if so)."""
    face = " face down" if action.arg("face") == "down" else ""
    if action.kind == "take":
        face = " into your opening hand"
    return f"{TOKEN_VERB[action.kind]} {_title(action.arg('token'))}{face}"


def _from_pile_action(s: FoggyState, action: Action) -> str:
    """A draw or a deal: whose, when the step names the seat."""
    top = s.pending()
    if top is None or "seat" not in top.args._fields:
        return _token(s, action)
    token, who = _title(action.arg("token")), s.seat_label(top.args.seat)
    if action.kind == "draw":
        return f"{who} draws {token} from their pile"
    return f"{who} is dealt {token}"


def _step(s: FoggyState) -> str:
    top = s.pending()
    return "" if top is None else top.step.name


def _tile(s: FoggyState, action: Action) -> str:
    """A tile picked for an ability, the Hippo or the Frog."""
    if action.kind == "target" and _step(s).startswith("prairie"):
        return f"swap the token on {action.arg('tile')}"
    return f"{TILE_VERB[action.kind]} {action.arg('tile')}"


PASSES = {"frog": "leave the Frog where it is", "prairie_first": "swap nothing"}
"""What passing gives up, by step (the Frog's move, the Prairie Dog's swap)."""


def _pass(s: FoggyState, action: Action) -> str:
    return PASSES.get(_step(s), "pass")


def said_text(s: FoggyState, action: Action) -> str | None:
    """An action that changed nothing on the map yet, said of its maker: a token chosen
    to go face down (to its chooser only), a first token picked for the Prairie Dog's
    swap, the Frog left where it is."""
    who = s.seat_label(s.current_player())
    if action.kind == "choose":
        return f"{who} chooses {_title(action.arg('token'))} to place face down"
    if action.kind == "target" and _step(s).startswith("prairie"):
        return f"{who} picks the token on {action.arg('tile')} for the Prairie Dog's swap"
    if action.kind == "pass":
        gives_up = {"frog": "leaves the Frog where it is", "prairie_first": "swaps nothing"}
        return f"{who} {gives_up.get(_step(s), 'passes')}"
    return None


def _hire(s: FoggyState, action: Action) -> str:
    info = MERCENARIES.get(action.arg("mercenary"))
    if info is None:
        return f"hire {action.arg('mercenary')}"
    cost = s.opts.price(action.arg("mercenary"))
    return f"hire {info.title} ({cost} coins, replaces a {info.replaces})"


ACTION_TEXT: dict[str, ActionText] = {
    **dict.fromkeys(("choose", "take", "replace"), _token),
    **dict.fromkeys(("draw", "deal"), _from_pile_action),
    "place": lambda s, a: f"place on {a.arg('tile')}",
    "hire": _hire,
    **dict.fromkeys(TILE_VERB, _tile),
    "remove_fog": lambda s, a: f"remove the {a.arg('board')} fog board",
    "choose_weather": lambda s, a: f"choose {a.arg('card')} weather for the whole game",
    "keep_weather": lambda s, a: f"keep {a.arg('card')} weather",
    "weather": lambda s, a: f"draw {a.arg('card')} weather",
    "open": lambda s, a: f"the {a.arg('board')} quarter is open",
    "pass": _pass,
}
