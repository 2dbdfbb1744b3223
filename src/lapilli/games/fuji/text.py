"""Terminal view: your screen (your dice), the map, stamina tracks and equipment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, Event

from .board import NOWHERE, H, W, cell
from .components import (
    CHARACTERS,
    EQ,
    EQ_NAME,
    EQ_TEXT,
    EQUIPMENT,
    FACE_COLOUR,
    IS_VILLAGE,
    REROLL_SYMBOL,
    RUBBLE,
    SIGNAL_TEXT,
    SKILL_NAME,
    VOLCANO,
    Injury,
    requirement_text,
    requirement_words,
)
from .helper import helper
from .log import at, listing, who
from .pile import DRAW_SHUFFLED
from .planning import PLAN
from .rerolls import REROLL
from .rolling import ROLL
from .setup import DEAL_SKILL, LAY_CARD
from .state import FujiState, Result
from .view import CardHelp, Helper

PHASE_NAMES = (
    "set-up",
    "phase 1, rolling the dice",
    "phase 2, planning and equipment cards",
    "phase 3, rerolls",
    "phase 4, equipment cards",
    "phase 5, movement and stamina",
    "phase 6, eruption",
)
FACE_STYLE = {
    "yellow": "bold black on yellow",
    "blue": "bold bright_white on blue",
    "pink": "bold bright_white on magenta",
}
"""A die drawn like its face: the value on the face's colour, with the colour's initial
(as on the terrain cards: Y4 = a yellow 4) for terminals without colour."""
MEEPLE_STYLE = ("bold blue", "bold purple", "bold green", "bold white")


def initial(a: int) -> str:
    """The letter marking a character's meeple and destination marker on the map."""
    return CHARACTERS[a][0][0]


def die_text(s: FujiState, d: int, seat: int | None) -> Text:
    die = s.dice[d]
    if not die.value:
        return Text("··", style="dim")
    v = die.view(seat)
    if v is None:
        return Text("??", style="dim")
    colour = FACE_COLOUR[die.type][v - 1]
    t = Text(f"{colour[0].upper()}{v}", style=FACE_STYLE[colour])
    if die.aside:
        t.append("*", style="bold")
    return t


def dice_row(s: FujiState, dice: list[int], seat: int | None) -> Text:
    return Text(" ").join(die_text(s, d, seat) for d in dice)


def map_table(s: FujiState) -> Table:
    table = Table(show_header=True, header_style="dim", box=None, padding=(0, 1))
    table.add_column("")
    for x in range(W):
        table.add_column(str(x), justify="center")
    markers: dict[int, list[int]] = {}
    for a in s.meeples():
        if s.destination[a] != NOWHERE:
            markers.setdefault(s.destination[a], []).append(a)
    for y in range(H):
        if not any(s.terrain[cell(x, y)] for x in range(W)):
            continue
        row = [Text(str(y), style="dim")]
        for x in range(W):
            c = cell(x, y)
            k = s.terrain[c]
            if not k:
                row.append(Text(""))
                continue
            if k == VOLCANO:
                t = Text("VOLCANO", style="bold red")
            elif s.lava[c]:
                t = Text("~lava~", style="red")
            elif k in RUBBLE:
                t = Text("rubble", style="dim red")
            else:
                village = IS_VILLAGE[k]
                t = Text("⌂" if village else "", style="bold")
                t.append(requirement_text(k), style="bold" if village else "green")
                if REROLL_SYMBOL[k]:
                    t.append("↻", style="bold")
            if s.equipment_token[c]:
                t.append(" E", style="cyan")
            tokens = s.eruption_tokens[c]
            if tokens:
                t.append(" X" if tokens == 1 else f" X{tokens}", style="bold red")
            for a in s.meeples():
                if s.position[a] == c:
                    t.append(f" ●{initial(a)}", style=MEEPLE_STYLE[a])
            for a in markers.get(c, []):
                t.append(f" ◇{initial(a)}", style=MEEPLE_STYLE[a])
            row.append(t)
        table.add_row(*row)
    return table


def legend(s: FujiState) -> Text:
    """What the abbreviations on the map and the dice mean."""
    t = Text(style="dim")
    t.append("Cards: ")
    for colour in ("yellow", "blue", "pink"):
        t.append(colour[0].upper(), style=FACE_STYLE[colour])
        t.append(" ")
    t.append(
        "= yellow, blue, pink faces; even, odd, 1-3, 2,4 = values\n"
        "  & both (B&odd = blue and odd), | either (Y|4 = yellow or 4), any = all dice\n"
        "  ↻ extra reroll, ⌂ village, E equipment token, X eruption token (X2: two)\n"
        "● meeple, ◇ destination marker: "
    )
    for i, a in enumerate(s.meeples()):
        if i:
            t.append(", ")
        t.append(initial(a), style=MEEPLE_STYLE[a])
        t.append(f" {CHARACTERS[a][0]}")
    t.append("\nDice: Y4 = a yellow 4, ?? hidden, * set aside")
    return t


def adventurer_table(s: FujiState, seat: int | None) -> Table:
    table = Table(title="Adventurers", box=None, padding=(0, 1))
    for col in ("", "skill", "stamina", "injuries", "dice", "equipment"):
        table.add_column(col)
    for a in range(s.adventurer_count):
        dice = dice_row(s, s.held(a), seat)
        if a == s.neutral:
            table.add_row("Neutral dice", "", "", "", dice, "")
            continue
        left = s.exhaustion - s.stamina_lost[a]
        bar = "█" * (left // 2)
        marks = " ".join(str(s.exhaustion - t) for t in s.injury_marks if s.stamina_lost[a] < t)
        stamina = Text(f"{left:2d} {bar}", style="green" if left > 10 else "red")
        stamina.append(f"  (injury at {marks})" if marks else "", style="dim")
        inj = ", ".join(str(space.name).lower() for space in Injury(s.injuries[a])) or "-"
        cards = (
            ", ".join(
                EQ_NAME[c] + (" (used once)" if c in s.used_once[a] else "") for c in s.equipment[a]
            )
            or "-"
        )
        skill = SKILL_NAME.get(s.skill[a], "-")
        bars = s.power_bars[a]
        if bars:
            skill += f" [{bars} power bar{'s' if bars > 1 else ''}]"
        table.add_row(who(s, a), skill, stamina, inj, dice, cards)
    return table


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def render(s: FujiState, seat: int | None) -> Any:
    phase = PHASE_NAMES[s.phase] if s.phase < len(PHASE_NAMES) else ""
    when = f"round {s.round}: {phase}" if s.round else phase  # the set-up is no round
    head = Text(f"Fuji — scenario {s.scenario}, level {s.level}, {when}", style="bold")
    parts: list[Any] = [head]
    if s.result:
        if s.result == Result.VICTORY:
            parts.append(
                Text(f"VICTORY! {s.victory_points()} VP — {s.rating()}", style="bold green")
            )
        else:
            parts.append(Text(f"DEFEAT: {s.cause}", style="bold red"))
    parts.append(map_table(s))
    parts.append(legend(s))
    parts.append(adventurer_table(s, seat))
    if seat is not None and seat < s.meeple_count:
        mine = Text("Your screen: ", style="bold")
        mine.append(dice_row(s, s.held(seat), seat))
        parts.append(mine)
    if s.signals:
        parts.append(
            Text(
                "Signals: " + "; ".join(f"{who(s, a)}: “{SIGNAL_TEXT[k]}”" for a, k in s.signals),
                style="italic",
            )
        )
    f = s.pending()
    if seat is not None and f is not None and f.step is REROLL and f.seat == seat:
        parts.append(Text(f"Rerolls left: {f.args.left}", style="bold"))
    parts.extend(helper_text(s, item) for item in helper(s, seat))
    return Group(*parts)


def _fail(card: CardHelp) -> str:
    text = f"a tie or loss costs {card['stamina_on_fail']} stamina"
    if card["exhausted_on_fail"]:
        return text + " (exhaustion: the team loses)"
    if card["injuries_on_fail"]:
        return text + f" ({card['injuries_on_fail']} injury)"
    return text


def helper_text(s: FujiState, item: Helper) -> Text:
    """The private helper of one meeple (see ``helper.py``), in sentences."""
    a = item["adventurer"]
    out = Text(f"Helper for {who(s, a)} (only you see this)", style="bold")
    dest = item["destination"]
    if dest is not None:
        x, y = dest["card"]
        req = requirement_text(s.terrain[cell(x, y)])
        out.append(
            f"\n  Destination {at((x, y))} {req}: your valid dice {dest['value']} "
            f"({dest['valid']} dice)"
            + (f", {dest['hidden']} you cannot see" if dest["hidden"] else "")
        )
        for n in dest["neighbours"]:
            hidden = f" + {n['hidden']} hidden dice" if n["hidden"] else ""
            out.append(f"\n    {who(s, n['adventurer'])}: {n['value']} known{hidden}")
        lead = dest["ahead_by"]
        verdict = f"ahead by {lead}" if lead > 0 else "not ahead (a tie fails)"
        out.append(f"\n    You are {verdict}" + ("" if dest["certain"] else " of what you know"))
        out.append(f"; {_count(dest['rerolls'], 'reroll')} in phase 3; {_fail(dest)}")
        if "warning" in dest:
            out.append(f"\n    ⚠ {dest['warning']}", style="bold yellow")
    for card in item.get("cards", []):
        x, y = card["card"]
        req = requirement_text(s.terrain[cell(x, y)])
        out.append(
            f"\n  {at((x, y))} {req}, {_count(card['steps'], 'step')}: yours {card['value']}, "
            f"{_count(card['rerolls'], 'reroll')}, {_fail(card)}"
        )
        if "warning" in card:
            out.append(" ⚠ eruption token on the way: move last", style="yellow")
    return out


def action_text(s: FujiState, action: Action) -> str:
    """The action in a menu or the log; a damaged one in its plain form."""
    try:
        return _action_text(s, action)
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action)


def _outcome_text(s: FujiState, kind: str, p: dict[str, Any]) -> str | None:
    """A roll or a draw, with what it is for: which die, which card of the map, whose
    card."""
    f = s.pending()
    step = f.step if f is not None else None
    args: Any = f.args if f is not None else None
    if kind == "face" and step is ROLL:
        die = s.dice[args.die]
        face = f"{FACE_COLOUR[die.type][p['value'] - 1]} {p['value']}"
        return f"{who(s, die.owner)}'s die {args.die} (type {'ABC'[die.type]}) shows {face}"
    if kind == "card" and step is LAY_CARD:
        where = at((args.cell % W, args.cell // W))
        card = "village" if args.village else "landscape card"
        return f"the card laid at {where} is a {card} asking for {requirement_words(p['id'])}"
    if kind == "equipment" and step is DRAW_SHUFFLED:
        return f"{who(s, args.adventurer)} draws the {EQ_NAME[EQ[p['card']]]}"
    if kind == "skill" and step is DEAL_SKILL:
        return f"{who(s, args.adventurer)} is dealt the skill card {SKILL_NAME[p['skill']]}"
    if kind == "scenario":
        return f"scenario card {p['number']} is drawn"
    return None


def _action_text(s: FujiState, action: Action) -> str:
    kind = action[0]
    p = dict(action[1])
    if s.current_player() == CHANCE:
        told = _outcome_text(s, kind, p)
        if told:
            return told
    text = ACTION_TEXT.get(kind) or (_die_text if "die" in p else None)
    if text is None:
        return TEXT.get(kind, str(action))
    return text(s, kind, p)


Params = dict[str, Any]


def card_at(s: FujiState, x: int, y: int) -> str:
    """A card of the map as a listener can find it: its column and row (the numbers
    along the map's edges), then what a sighted player reads there (the kind of card
    and what it asks for, the meeples standing on it)."""
    c = cell(x, y)
    k = s.terrain[c]
    if k == VOLCANO:
        what = "the volcano"
    elif s.lava[c]:
        what = "lava"
    elif k in RUBBLE:
        what = "rubble"
    else:
        req = requirement_words(k)
        what = ("the village" if IS_VILLAGE[k] else "a landscape card") + (
            f" asking for {req}" if req else ""
        )
    here = [who(s, a) for a in s.meeples() if s.position[a] == c]
    if not here:
        return f"{at((x, y))}, {what}"
    return f"{at((x, y))}, {what}, where {listing(here)} stand{'s' * (len(here) == 1)}"


def _destination(s: FujiState, kind: str, p: Params) -> str:
    c = cell(p["x"], p["y"])
    f = s.pending()
    stay = f is not None and f.step is PLAN and s.position[f.args.adventurer] == c
    return f"destination: {card_at(s, p['x'], p['y'])}" + (" (stay)" if stay else "")


def _use(s: FujiState, kind: str, p: Params) -> str:
    text = f"use {EQ_NAME[EQ[p['card']]]}"
    if "copy" in p:
        text += f" copying {EQ_NAME[EQ[p['copy']]]}"
    effect = p.get("copy", p["card"])
    if "who" in p:
        text += f" with {who(s, p['who'])}"
    return text + f" — {EQ_TEXT[EQUIPMENT.index(effect)]}"


DIE_VERB = {
    "select": "pick for the reroll:",
    "reroll_die": "reroll",
    "turn_die": "turn",
    "lose_die": "lose",
    "shovel_die": "shovel: pick",
    "give_die": "hand over",
}


def _die_text(s: FujiState, kind: str, p: Params) -> str:
    """A die by its face (``?`` before it is rolled)."""
    d = p["die"]
    v = s.dice[d].value
    colour = FACE_COLOUR[s.dice[d].type][v - 1] if v else "?"
    verb = DIE_VERB.get(kind, kind.replace("_", " "))
    return f"{verb} {colour} {v} (die {d})"


def _card_place(s: FujiState, kind: str, p: Params) -> str:
    verb = "rope to" if kind == "rope_to" else "binoculars: pick"
    return f"{verb} {card_at(s, p['x'], p['y'])}"


def _power_bars(s: FujiState, kind: str, p: Params) -> str:
    spend = p["spend"]
    return f"spend {_count(spend, 'power bar')} on this turn" if spend else "no power bars"


ACTION_TEXT: dict[str, Callable[[FujiState, str, Params], str]] = {
    "destination": _destination,
    "signal": lambda s, kind, p: f"say: “{SIGNAL_TEXT[p['say']]}”",
    "use": _use,
    "give_card": lambda s, kind, p: f"give {EQ_NAME[EQ[p['card']]]} to {who(s, p['to'])}",
    **dict.fromkeys((*DIE_VERB, "set_aside"), _die_text),
    "next_turn": lambda s, kind, p: f"next turn: {who(s, p['adventurer'])}",
    "rope_to": _card_place,
    "swap_card": _card_place,
    "injury": lambda s, kind, p: f"injury: {p['space']} ({INJURY_TEXT[p['space']]})",
    "power_bars": _power_bars,
    "choose_skill": lambda s, kind, p: f"skill: {SKILL_NAME[p['skill']]}",
    "put_under": lambda s, kind, p: f"put {EQ_NAME[EQ[p['card']]]} under the pile",
    "leave_out": lambda s, kind, p: f"leave out a die of type {p['die_type']}",
    "shovel_face": lambda s, kind, p: f"turn it to {p['value']}",
}
"""The text of each kind of decision (an action with a die and no kind of its own
names the die)."""


DONE_SAID = {
    "use_equipment": "uses no more equipment cards this phase",
    "turn_dice": "turns no more dice",
    "machete": "sets aside no more dice",
}
"""What saying done ends, by step."""
DIE_SAID = {
    "select": "picks {die} for the reroll",
    "reroll_die": "picks {die} for the Carabiner's reroll",
    "shovel_die": "picks {die} for the Shovel",
}
"""A die picked behind the screen, as its owner reads it in the log."""


def said_text(s: FujiState, action: Action) -> str | None:
    """An action that showed nothing yet, said of the adventurer who took it: a die
    picked behind the screen (its owner alone reads this), the Binoculars' first card,
    the next turn handed over, a done."""
    f = s.pending()
    if f is None:
        return None
    me = getattr(f.args, "adventurer", s.current_player())
    kind, p = action[0], dict(action[1])
    if kind in DIE_SAID:
        d = p["die"]
        v = s.dice[d].value
        colour = FACE_COLOUR[s.dice[d].type][v - 1] if v else "?"
        return f"{who(s, me)} " + DIE_SAID[kind].format(die=f"{colour} {v} (die {d})")
    if kind == "stop":
        return f"{who(s, me)} stops rerolling"
    if kind == "done":
        return f"{who(s, me)} {DONE_SAID.get(f.step.name, 'is done')}"
    if kind == "next_turn":
        return f"{who(s, p['adventurer'])} takes the next turn"
    if kind == "swap_card":
        return f"{who(s, me)} picks the card at {at((p['x'], p['y']))} for the Binoculars"
    return None


INJURY_TEXT: dict[str, str] = {
    "leg": "lose one die",
    "arm": "no more equipment cards",
    "amnesia": "no more skill",
    "eye": "no rerolls in phase 3",
}
TEXT: dict[str, str] = {
    "reroll": "reroll the selected dice",
    "stop": "stop (no more rerolls now)",
    "done": "done",
    "refuse": "refuse: keep your dice",
}


def round_end(s: FujiState, events: list[Event]) -> Any:
    """The mountain as a round left it, before the next round's dice are rolled behind the
    screens: where everyone stands, and the dice of the round still showing."""
    # only the "type" key, which every event has: the round begun is s.round
    if s.round <= 1 or not any(e["type"] == "round" for e in events):
        return None
    title = f"End of round {s.round - 1}: the mountain before round {s.round}'s dice are rolled"
    return Group(Text(title, style="bold"), render(s, None))


def seat_label(seat: int, players: int) -> str:
    """A seat (or an adventurer) by its character: "Name (colour)"."""
    name, colour = CHARACTERS[seat]
    return f"{name} ({colour})"
