"""What a player reads: the ocean as a hex map with depth lines, the players' boards, and
every action and event in the game's words."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text

from lapilli.core.actions import Action
from lapilli.core.events import EventTexts
from lapilli.core.hexgrid import FLAT_TOP
from lapilli.core.state import CHANCE

from .board import HATCH, NE, NW, SE, SW, N, S
from .components import (
    BLUEPRINTS,
    COLUMNS,
    CONVERSIONS,
    DECK_NAMES,
    DEEPEST,
    HALF_ROW,
    HATCH_EDGES,
    MILESTONES,
    RESOURCES,
    ROCKETS,
    ROW_METRES,
    TILES,
    UPGRADES,
    WATER,
)
from .events import (
    Blueprint,
    Breathed,
    Converted,
    Crafted,
    Discarded,
    DrewTile,
    Drowned,
    Fewer,
    GameOver,
    Gathered,
    Glided,
    Lost,
    Milestone,
    Moved,
    NoTile,
    Placed,
    Placing,
    Pumped,
    Scan,
    SeatEvent,
    Swam,
    TieDecided,
    Took,
    Trimmed,
    Turn,
)
from .habitat import card_cost

if TYPE_CHECKING:
    from .state import DeeperState

SEAT_STYLE = ("bold yellow", "bold magenta", "bold green", "bold red")
LETTER = {
    "fish": "f",
    "kelp": "k",
    "coral": "c",
    "titanium": "t",
    "quartz": "q",
    "diamond": "d",
    "food": "F",
}
RES_STYLE = {
    "fish": "yellow",
    "kelp": "green",
    "coral": "red",
    "titanium": "cyan",
    "quartz": "magenta",
    "diamond": "white",
    "food": "dark_orange",
}


def seat_label(seat: int, players: int = 0) -> str:
    return f"Player {seat + 1}"


# -- pieces of text ------------------------------------------------------------------------
def amounts(counts: list[int] | tuple[int, ...] | dict[str, int]) -> str:
    """``2 titanium, 1 fish`` (or ``nothing``)."""
    if isinstance(counts, dict):
        items = [(k, n) for k, n in counts.items() if n]
    else:
        items = [(RESOURCES[k], n) for k, n in enumerate(counts) if n]
    return ", ".join(f"{n} {k}" for k, n in items) or "nothing"


def edges_text(tile: str) -> str:
    rock = [FLAT_TOP[d] for d in (N, NE, SE, S, SW, NW) if TILES[tile].edges[d] != WATER]
    return "all water" if not rock else "rock " + " ".join(rock)


def tile_text(tile: str) -> str:
    """``40m-07 (1 titanium, 1 fish; rock SE S)``"""
    return f"{tile} ({amounts(TILES[tile].resources)}; {edges_text(tile)})"


def card_name(card: str) -> str:
    for table in (BLUEPRINTS, ROCKETS, UPGRADES):
        if card in table:
            return table[card].name
    return card


def _deck_of(tile: str) -> str:
    return DECK_NAMES[TILES[tile].level - 1]


def _where_discarded(tile: str) -> str:
    """Where a terraformed tile goes (``exploring.discard``)."""
    if TILES[tile].level:
        return f"to the bottom of the {_deck_of(tile)} deck"
    return "a starting tile, out of the game"


# -- actions -----------------------------------------------------------------------------
def action_text(s: DeeperState, a: Action) -> str:
    text = ACTION_TEXT.get(a.kind)
    return text(s, a) if text is not None else str(a)


def _top(s: DeeperState) -> str:
    """The name of the step waiting: some actions read differently in it."""
    return s.stack[-1].step.name if s.stack else ""


def _drawer(s: DeeperState) -> str:
    """Whose draw it is, at a chance step that names the seat."""
    frame = s.pending()
    if frame is not None and frame.seat == CHANCE and "seat" in frame.args._fields:
        return s.seat_label(frame.args.seat)
    return "a diver"


def _explore_text(s: DeeperState, a: Action) -> str:
    prefix = "Scanner: free Explore" if _top(s) == "free_explore" else "Explore"
    return f"{prefix}: place {tile_text(a.arg('tile'))} at {a.arg('at')}"


def _scan_text(s: DeeperState, a: Action) -> str:
    known = a.arg("deck") in DECK_NAMES
    left = len(s.decks[DECK_NAMES.index(a.arg("deck"))]) if known else 0
    return f"Scan the {a.arg('deck')} deck ({left} tile{'s' if left != 1 else ''})"


def _terraform_text(s: DeeperState, a: Action) -> str:
    cell = s.ocean.index.get(str(a.arg("at")))
    old = s.tiles[cell] if cell is not None else None
    return f"Terraform {a.arg('at')}: {tile_text(a.arg('tile'))} replaces {old}"


def _convert_text(s: DeeperState, a: Action) -> str:
    if a.arg("use") == "pump":
        return "Convert: use the Pump (move up to 2 resources onto your tile)"
    c = CONVERSIONS.get(a.arg("use"))
    if c is None:
        return f"Convert with {a.arg('use')}"
    made = a.arg("make") if c.make is None else RESOURCES[c.make]
    return f"Convert {amounts(c.pay)} -> 1 {made} (Fabricator)"


def _craft_text(s: DeeperState, a: Action) -> str:
    card = a.arg("card")
    seat = s.stack[-1].seat if s.stack and s.stack[-1].seat >= 0 else 0
    if card in UPGRADES:
        return f"Craft the {UPGRADES[card].name} ({amounts(UPGRADES[card].cost)})"
    if card in ROCKETS:
        c = ROCKETS[card]
        return f"Craft the rocket card {c.name} ({amounts(card_cost(s, seat, card))}; {c.points}*)"
    if card in BLUEPRINTS:
        c = BLUEPRINTS[card]
        return f"Craft the {c.name} ({amounts(card_cost(s, seat, card))}; {c.points}*)"
    return f"Craft {card}"


def _move_text(s: DeeperState, a: Action) -> str:
    here, there = ("Inventory", "Storage") if a.kind == "store" else ("Storage", "Inventory")
    return f"Move 1 {a.arg('resource')} from {here} to {there}"


def _place_text(s: DeeperState, a: Action) -> str:
    tile = s.stack[-1].args.tile if _top(s) == "place" else "the tile"
    return f"Place {tile} at {a.arg('at')}"


DECLINED = {
    "free_explore": "Take no free Explore",
    "knife": "Do not use the Knife",
    "breath_card": "Take nothing",
}
"""What saying no means, by the step waiting."""
DECLINED_SAID = {
    "free_explore": "takes no free Explore",
    "knife": "does not use the Knife",
    "breath_card": "takes nothing",
}
"""``DECLINED`` said of the player, for the log."""


def said_text(s: DeeperState, a: Action) -> str | None:
    """An action that showed nothing yet, said of the player: a gather into a full
    Inventory (what goes back to the supply comes first), a no."""
    who = s.seat_label(s.current_player())
    if a.kind == "gather":
        return (
            f"{who} gathers {a.arg('n')} {a.arg('resource')}: the Inventory is full, so "
            "resources go back to the supply first"
        )
    if a.kind == "decline" and _top(s) in DECLINED_SAID:
        return f"{who} {DECLINED_SAID[_top(s)]}"
    if a.kind == "stay":
        return f"{who} stays where they are"
    return None


def _glide_text(s: DeeperState, a: Action) -> str:
    at = s.stack[-1].args.at if _top(s) == "glide" else "the new tile"
    return f"Sea Glide: move into {at}"


def _take_text(s: DeeperState, a: Action) -> str:
    card = card_name(s.stack[-1].args.card) if _top(s) == "breath_card" else "Card"
    return f"{card}: take 1 {a.arg('resource')} into your {a.arg('into').capitalize()}"


ActionText = Callable[["DeeperState", Action], str]
ACTION_TEXT: dict[str, ActionText] = {
    "swim": lambda s, a: f"Swim to {a.arg('to')}",
    "gather": lambda s, a: f"Gather {a.arg('n')} {a.arg('resource')}",
    "explore": _explore_text,
    "scan": _scan_text,
    "terraform": _terraform_text,
    "convert": _convert_text,
    "craft": _craft_text,
    "done": lambda s, a: "End your actions and breathe",
    "store": _move_text,
    "unstore": _move_text,
    "discard": lambda s, a: f"Return 1 {a.arg('resource')} from your Inventory to the supply",
    "place": _place_text,
    "trim": lambda s, a: (
        f"Return {a.arg('tile')} to the bottom of the {_deck_of(a.arg('tile'))} deck"
    ),
    "decline": lambda s, a: DECLINED.get(_top(s), "Decline"),
    "glide": _glide_text,
    "stay": lambda s, a: "Stay where you are",
    "fewer": lambda s, a: f"The new tile gets 1 {a.arg('resource')} fewer",
    "knife": lambda s, a: f"Knife: gather 1 {a.arg('resource')}",
    "take": _take_text,
    "pump": lambda s, a: f"Pump 1 {a.arg('resource')} from {a.arg('at')} onto your tile",
    "stop": lambda s, a: "Stop pumping",
    "tie": lambda s, a: f"{s.seat_label(a.arg('winner'))} wins the tie",
    "first": lambda s, a: f"{s.seat_label(a.arg('seat'))} is the starting player",
    "draw": lambda s, a: f"{_drawer(s)} scans {tile_text(a.arg('tile'))}",
    "blueprint": lambda s, a: f"{_drawer(s)} draws the blueprint card {card_name(a.arg('card'))}",
    "lose": lambda s, a: f"{_drawer(s)} loses 1 {a.arg('resource')} from the Inventory",
}
"""Each action kind in words, for the position it is taken in."""


# -- events: one line per kind -------------------------------------------------------------
PLACED: dict[Placing, str] = {
    "explore": "explores",
    "scan": "scans and places",
    "terraform": "terraforms",
}


def _placed_text(s: DeeperState, e: Placed) -> str:
    who = s.seat_label(e["seat"])
    text = f"{who} {PLACED[e['how']]} {e['at']} with {tile_text(e['tile'])}"
    replaced = e.get("replaced")
    if replaced:
        text += f", replacing {replaced} ({_where_discarded(replaced)})"
    return text


def _converted_text(s: DeeperState, e: Converted) -> str:
    """What was paid and what was made: "converts 2 fish into 1 food"."""
    conversion = CONVERSIONS.get(e["use"])
    paid = amounts(conversion.pay) if conversion else e["use"]
    return f"{s.seat_label(e['seat'])} converts {paid} into 1 {e['made']}"


def _crafted_text(s: DeeperState, e: Crafted) -> str:
    who, card = s.seat_label(e["seat"]), e["card"]
    if card in ROCKETS:
        return f"{who} builds the rocket card {card_name(card)} ({ROCKETS[card].points}*)"
    if card in BLUEPRINTS:
        return f"{who} builds the {card_name(card)} ({BLUEPRINTS[card].points}*)"
    return f"{who} crafts the {card_name(card)}"


def _moved_text(s: DeeperState, e: Moved) -> str:
    here, there = ("Inventory", "Storage") if e["type"] == "stored" else ("Storage", "Inventory")
    return f"{s.seat_label(e['seat'])} moves 1 {e['resource']} from {here} to {there}"


def _breathed_text(s: DeeperState, e: Breathed) -> str:
    who = s.seat_label(e["seat"])
    if e["habitat"]:
        return f"{who} breathes in the habitat: Lungs full ({e['air']} air)"
    return f"{who} breathes: {e['air']} air left"


def _drowned_text(s: DeeperState, e: Drowned) -> str:
    """Drowning: how many random resources go (each loss follows as its own line), or
    that the Inventory held nothing to lose."""
    n = e["lose"]
    lost = f"loses {n} random resource{'s' if n != 1 else ''}" if n else "the Inventory is empty"
    return f"{s.seat_label(e['seat'])} drowns: {lost}, Lungs refilled to {e['air']} air"


def _game_over_text(s: DeeperState, e: GameOver) -> str:
    rockets = e["reason"] == "rockets"
    why = "The last rocket card is built" if rockets else "The round limit is reached"
    scores = ", ".join(f"{s.seat_label(p)} {v:g}" for p, v in enumerate(e["scores"]))
    return f"{why}: the game is over ({scores})"


def _about_seat(s: DeeperState, e: SeatEvent) -> str:
    return SEAT_EVENTS[e["type"]].format(who=s.seat_label(e["seat"]))


SEAT_EVENTS = {
    "first": "{who} is the starting player",
    "done": "{who} takes no more actions",
    "drew_blueprint": "{who} draws a blueprint card",
}

event_text = EventTexts["DeeperState"]()
"""Each kind of event in words."""
say = event_text.add
say(SeatEvent, _about_seat)
say(Turn, lambda s, e: f"Round {e['round']}: {s.seat_label(e['seat'])}'s turn")
say(Swam, lambda s, e: f"{s.seat_label(e['seat'])} swims to {e['to']}")
say(Gathered, lambda s, e: f"{s.seat_label(e['seat'])} gathers {e['n']} {e['resource']}")
say(
    Discarded,
    lambda s, e: f"{s.seat_label(e['seat'])} returns 1 {e['resource']} to the supply",
)
say(Placed, _placed_text)
say(
    Milestone,
    lambda s, e: (
        f"{s.seat_label(e['seat'])} explores {e['depth']}m for the first time: "
        f"{e['points']}* and a blueprint card"
    ),
)
say(
    Blueprint,
    lambda s, e: (
        f"{s.seat_label(e['seat'])} draws the {card_name(e['card'])} blueprint (only you see this)"
    ),
)
say(Scan, lambda s, e: f"{s.seat_label(e['seat'])} scans the {e['deck']} deck")
say(DrewTile, lambda s, e: f"{tile_text(e['tile'])} is drawn")
say(NoTile, lambda s, e: f"No drawn tile fits; to the market: {', '.join(e['tiles'])}")
say(
    Trimmed,
    lambda s, e: (
        f"{s.seat_label(e['seat'])} returns {e['tile']} to the bottom of the"
        f" {_deck_of(e['tile'])} deck"
    ),
)
say(Glided, lambda s, e: f"{s.seat_label(e['seat'])} glides into {e['to']} (Sea Glide)")
say(Fewer, lambda s, e: f"The new tile gets 1 {e['resource']} fewer")
say(Converted, _converted_text)
say(
    Pumped,
    lambda s, e: f"{s.seat_label(e['seat'])} pumps 1 {e['resource']} from {e['from']}",
)
say(Crafted, _crafted_text)
say(Moved, _moved_text)
say(Breathed, _breathed_text)
say(Drowned, _drowned_text)
say(Lost, lambda s, e: f"{s.seat_label(e['seat'])} loses 1 {e['resource']}")
say(
    Took,
    lambda s, e: (
        f"{s.seat_label(e['seat'])}'s {card_name(e['card'])} gives 1 {e['resource']}"
        f" (into {e['into']})"
    ),
)
say(GameOver, _game_over_text)
say(
    TieDecided,
    lambda s, e: f"{s.seat_label(e['seat'])} decides the tie: {s.seat_label(e['winner'])} wins",
)


def prompt(s: DeeperState) -> str:
    if not s.stack:
        return "The game is over."
    frame = s.stack[-1]
    text = frame.step.prompt
    if frame.step.name == "act":
        text += f" ({frame.args.left} left)"
    who = s.seat_label(frame.seat) if frame.seat >= 0 else "The game"
    return f"{who}: {text}"


# -- the map ---------------------------------------------------------------------------------
HEX_WIDTH = 7  # characters from one column to the next
MARGIN = 6  # the depth labels on the left
WATER_STYLE, ROCK_STYLE, SKY_STYLE = "blue", "bold dark_orange3", "grey50"


class Canvas:
    def __init__(self, width: int, height: int) -> None:
        self.cells: list[list[tuple[str, str]]] = [[(" ", "")] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: str = "") -> None:
        row = self.cells[y]
        for i, ch in enumerate(text):
            if 0 <= x + i < len(row):
                row[x + i] = (ch, style)

    def text(self) -> Text:
        out = Text()
        for row in self.cells:
            for ch, style in row:
                out.append(ch, style)
            out.append("\n")
        out.rstrip()
        return out


def _edge(kind: int, water: str, rock: str) -> tuple[str, str]:
    if kind == WATER:
        return water, WATER_STYLE
    if kind == 2:  # sky above a Hatch
        return " ", SKY_STYLE
    return rock, ROCK_STYLE


def _draw_hex(cv: Canvas, x0: int, y0: int, edges: tuple[int, ...]) -> None:
    """A flat-top hex, five lines tall, its top edge on line ``y0``."""
    ch, st = _edge(edges[N], "_", "=")
    cv.put(x0 + 2, y0, ch * 5, st)
    ch, st = _edge(edges[NW], "/", "#")
    cv.put(x0 + 1, y0 + 1, ch, st)
    cv.put(x0, y0 + 2, ch, st)
    ch, st = _edge(edges[NE], "\\", "#")
    cv.put(x0 + 7, y0 + 1, ch, st)
    cv.put(x0 + 8, y0 + 2, ch, st)
    ch, st = _edge(edges[SW], "\\", "#")
    cv.put(x0, y0 + 3, ch, st)
    cv.put(x0 + 1, y0 + 4, ch, st)
    ch, st = _edge(edges[SE], "/", "#")
    cv.put(x0 + 8, y0 + 3, ch, st)
    cv.put(x0 + 7, y0 + 4, ch, st)
    ch, st = _edge(edges[S], "_", "=")
    cv.put(x0 + 2, y0 + 4, ch * 5, st)


def _resource_text(counts: list[int]) -> Text:
    out = Text()
    total = sum(counts)
    for k, n in enumerate(counts):
        if n:
            name = RESOURCES[k]
            part = LETTER[name] * n if total <= 7 else f"{LETTER[name]}{n}"
            out.append(part, RES_STYLE[name])
    return out


def render_map(s: DeeperState, seat: int | None) -> Text:
    oc = s.ocean
    placed = [c for c, t in enumerate(s.tiles) if t is not None]
    cols = [oc.cells[c][0] for c in placed]
    first, last = max(0, min(cols) - 1), min(COLUMNS - 1, max(cols) + 1)
    height = 2 * DEEPEST + 5
    cv = Canvas(MARGIN + HEX_WIDTH * (last - first + 1) + 3, height)
    # depth lines every 20 m, through the centres of the Hatches' columns
    for half in range(0, DEEPEST + 1, 2):
        y = 2 * half + 2
        cv.put(0, y, f"{half * HALF_ROW:>4}m", "bold blue")
        cv.put(MARGIN, y, "·" * (len(cv.cells[0]) - MARGIN), "grey35")
    cv.put(MARGIN, 1, "~" * (len(cv.cells[0]) - MARGIN), "grey50")  # the sky over the surface
    to_move = s.current_player()
    spots: list[int] = []
    if to_move >= 0 and (seat is None or seat == to_move):
        spots = [n for n in oc.neighbours[s.pawn[to_move]] if n >= 0 and s.tiles[n] is None]
    for c, (col, half) in enumerate(oc.cells):
        x0, y0 = MARGIN + HEX_WIDTH * (col - first), 2 * half
        if not first <= col <= last:
            continue
        tile = s.tiles[c]
        if tile is None:
            if c in spots:
                cv.put(x0 + 2, y0 + 2, oc.names[c].center(5), "grey62")
            continue
        _draw_hex(cv, x0, y0, HATCH_EDGES if tile == HATCH else TILES[tile].edges)
        cv.put(x0 + 2, y0 + 1, oc.names[c].center(5), "bold")
        res = _resource_text(s.on_tile(c))
        if tile == HATCH and not res:
            owner = oc.hatches.index(c)
            res = Text(f"Hatch{owner + 1}".center(7), SEAT_STYLE[owner])
        pad = (7 - len(res)) // 2
        for i, span in enumerate(_chars(res)):
            cv.put(x0 + 1 + pad + i, y0 + 2, *span)
        pawns = [p for p in range(s.players) if s.pawn[p] == c]
        line = Text()
        for p in pawns:
            line.append(f"P{p + 1}" if len(pawns) < 3 else str(p + 1), SEAT_STYLE[p])
            if len(pawns) < 3:
                line.append(" ")
        line.rstrip()
        pad = (7 - len(line)) // 2
        for i, span in enumerate(_chars(line)):
            cv.put(x0 + 1 + pad + i, y0 + 3, *span)
    return cv.text()


def _chars(text: Text) -> list[tuple[str, str]]:
    out = []
    plain = text.plain
    styles = [""] * len(plain)
    for span in text.spans:
        for i in range(span.start, min(span.end, len(plain))):
            styles[i] = str(span.style)
    if text.style:
        styles = [st or str(text.style) for st in styles]
    for ch, st in zip(plain, styles, strict=True):
        out.append((ch, st))
    return out


# -- the players' boards ---------------------------------------------------------------------
def _tokens(counts: list[int], size: int) -> Text:
    out = Text()
    used = 0
    for k, n in enumerate(counts):
        for _ in range(n):
            out.append(LETTER[RESOURCES[k]], RES_STYLE[RESOURCES[k]])
            used += 1
    out.append("." * max(0, size - used), "grey50")
    return out


def render_players(s: DeeperState, seat: int | None) -> Text:
    """Three lines a player, each short enough for 80 columns: where and points; the
    boards; upgrades, cards and hand."""
    out = Text()
    to_move = s.current_player()
    scores = s.scores()
    for p in range(s.players):
        where = s.ocean.names[s.pawn[p]] + (" (habitat)" if s.in_habitat(p) else "")
        out.append("> " if to_move == p else "  ")
        out.append(s.seat_label(p), SEAT_STYLE[p])
        out.append(f" at {where}, {scores[p]:g} point{'s' * (scores[p] != 1)}\n    Lungs ")
        size = s.lungs(p)
        out.append("o" * s.air[p], "bold cyan")
        out.append("." * (size - s.air[p]), "grey50")
        out.append(f" {s.air[p]}/{size}  Inventory ")
        out.append_text(_tokens(s.inventory[p], s.inventory_size(p)))
        out.append("  Storage ")
        out.append_text(_tokens(s.storage[p], s.storage_size(p)))
        hand = s.hands[p]
        if s.hand_shown(p, seat):
            cards = ", ".join(card_name(c) for c in sorted(hand.hidden())) or "-"
        else:
            cards = f"{len(hand)} hidden"
        built = [BLUEPRINTS[c].name for c in s.built[p]]
        built += [f"{ROCKETS[c].name} (rocket)" for c in s.rocket_cards[p]]
        ups = [UPGRADES[k].name for k in UPGRADES if s.has(p, k)]
        ups += [f"{lv * ROW_METRES}m" for lv in MILESTONES if s.milestones[p] >> lv & 1]
        out.append(
            f"\n    upgrades: {', '.join(ups) or '-'}; built: {', '.join(built) or '-'}; "
            f"hand: {cards}\n"
        )
    out.rstrip()
    return out


def render(s: DeeperState, seat: int | None) -> Any:
    status = Text(f"Round {s.round}  " if s.round else "Set-up  ", "bold")
    status.append(prompt(s))
    if s.end:
        status.append(f"  GAME OVER ({'rockets built' if s.end == 'rockets' else 'round limit'})")
    market = Text("Tile market: ", "bold")
    market.append(" | ".join(tile_text(t) for t in s.market) or "empty")
    decks = Text("Decks: ", "bold")
    decks.append("  ".join(f"{name} {len(d)}" for name, d in zip(DECK_NAMES, s.decks, strict=True)))
    decks.append(f"  blueprints {len(s.blueprints)}")
    rockets = Text("Rocket cards left: ", "bold")
    rockets.append(
        ", ".join(
            f"{ROCKETS[r].name} ({amounts(ROCKETS[r].cost)}; {ROCKETS[r].points}*)"
            for r in s.rockets
        )
        or "none"
    )
    legend = Text(
        "Hexes: name, resources (f fish, k kelp, c coral, t titanium, q quartz, d diamond), "
        "pawns. Edges: water / \\ _, rock # =. Depth lines every 20 m."
    )
    return Group(
        status, render_map(s, seat), legend, market, decks, rockets, render_players(s, seat)
    )
