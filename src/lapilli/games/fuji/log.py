"""The game log: one plain English sentence per event, with the rulebook's names.

``event_text(s, event)`` is called after the action that caused the event. A private
event (``"private": seat``) is shown to that seat alone, so it may say "you" and name
die values; a public one never names a value that is still behind a screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lapilli.core.state import Event

from .board import cell
from .components import (
    CHARACTERS,
    EQ,
    EQ_NAME,
    EXHAUSTION,
    FACE_COLOUR,
    SIGNAL_TEXT,
    SKILL_NAME,
    requirement_text,
)
from .state import FujiState, Result

INJURY_EFFECT = {
    "leg": "leg: one die fewer",
    "arm": "broken arm: no more equipment cards",
    "amnesia": "amnesia: the skill is lost",
    "eye": "eye: no rerolls in phase 3",
}


def who(s: FujiState, a: int) -> str:
    """An adventurer's label: the character and its colour."""
    if a == s.neutral:
        return "the neutral dice"
    name, colour = CHARACTERS[a]
    if a == s.third:
        return f"{name} ({colour}, third meeple)"
    return f"{name} ({colour})"


def card_name(key: str) -> str:
    return EQ_NAME[EQ[key]]


def die_face(s: FujiState, d: int, value: int) -> str:
    """``pink 5``: a die by the colour and value of the face it shows."""
    return f"{FACE_COLOUR[s.dice[d].type][value - 1]} {value}"


def faces(s: FujiState, dice: Sequence[Sequence[int]]) -> str:
    return ", ".join(die_face(s, d, v) for d, v in dice)


def at(xy: Any) -> str:
    return f"({xy[0]}, {xy[1]})"


def listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def possessive(label: str) -> str:
    return label + ("'" if label.endswith("dice") else "'s")


def whose(s: FujiState, event: Event) -> str:
    """The owner of private dice, seen from the seat the event is for."""
    a, seat = event["adventurer"], event.get("private")
    if seat is not None and a == seat:
        return "your"
    return possessive(who(s, a))


# ---------------------------------------------------------------- set-up
def _scenario(s: FujiState, e: Event) -> str:
    return f"Scenario card {e['number']} is drawn"


def _skill(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} takes the skill card {SKILL_NAME[e['skill']]}"


def _terrain(s: FujiState, e: Event) -> str:
    return ""  # the map shows every card laid during set-up


def _put_under(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} puts the {card_name(e['card'])} under the equipment pile"


def _left_out(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} leaves one die of type {e['die_type']} in the box"


# ---------------------------------------------------------------- dice
def _round(s: FujiState, e: Event) -> str:
    return f"Round {e['round']}: everybody rolls their dice behind the screens"


def _roll(s: FujiState, e: Event) -> str:
    return ""  # one per die, without its value: the "rolled" events say what matters


def _rolled(s: FujiState, e: Event) -> str:
    a, dice, seat = e["adventurer"], e["dice"], e.get("private")
    verb = "rerolled" if e.get("again") else "rolled"
    if seat is None:
        if a == s.neutral:
            return f"The neutral dice in the open show {faces(s, dice)}"
        return f"{who(s, a)} {verb} in the open: {faces(s, dice)}"
    if a == seat:
        return f"You {verb} {faces(s, dice)}"
    return f"Your side of {possessive(who(s, a))} dice: {verb} {faces(s, dice)}"


def _reroll(s: FujiState, e: Event) -> str:
    a = e["adventurer"]
    side = e.get("side")
    if side is not None:
        text = f"{CHARACTERS[side][0]} rerolls some of {possessive(who(s, a))} dice on their side"
    else:
        text = f"{who(s, a)} rerolls some dice behind the screen"
    left = e.get("left")
    if left is not None:
        text += f" ({plural(left, 'reroll')} left)" if left else " (no rerolls left)"
    return text


def _set_aside(s: FujiState, e: Event) -> str:
    by = {"buddy": " (Buddy)", "machete": " with the Machete"}.get(e.get("by", ""), "")
    face = die_face(s, e["die"], e["value"])
    return f"{who(s, e['adventurer'])} sets aside a {face}{by}: shown to all, it does not count"


def _screens_removed(s: FujiState, e: Event) -> str:
    by: dict[int, list[tuple[int, int]]] = {}
    for item in e["dice"]:
        d, v = item[0], item[1]
        holder = item[2] if len(item) > 2 else s.dice[d].holder
        by.setdefault(holder, []).append((d, v))
    parts = [f"{who(s, a)} {faces(s, dice)}" for a, dice in sorted(by.items())]
    return "Screens come down: " + "; ".join(parts)


def _radio(s: FujiState, e: Event) -> str:
    return f"Radio: {who(s, e['adventurer'])}'s screen comes down: {faces(s, e['dice'])}"


def _turn_die(s: FujiState, e: Event) -> str:
    tool = card_name(e.get("card", "duct_tape"))
    if e.get("private") is None:
        return f"{tool}: {who(s, e['adventurer'])} turns a die to {faces(s, e['dice'])}"
    return f"{tool}: you turn {whose(s, e)} die over to {faces(s, e['dice'])}"


def _shovel(s: FujiState, e: Event) -> str:
    if e.get("private") is None:
        return f"Shovel: {who(s, e['adventurer'])} turns a die to {faces(s, e['dice'])}"
    return f"Shovel: you turn {whose(s, e)} die to {faces(s, e['dice'])}"


def _give_die(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} hands one die to {who(s, e['to'])} for this round"


def _refuse_die(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} refuses to hand a die to {who(s, e['to'])}"


def _received(s: FujiState, e: Event) -> str:
    seat, to = e.get("private"), e["adventurer"]
    face = faces(s, e["dice"])
    if to == seat:
        return f"You receive a {face} from {who(s, e['from'])}"
    return f"{who(s, to)} receives a {face} from {who(s, e['from'])} (you see it)"


def _lose_die(s: FujiState, e: Event) -> str:
    face = die_face(s, e["die"], e["value"]) if "value" in e else "die"
    return f"{who(s, e['adventurer'])} loses a {face} to the leg injury, for good"


def _power_bars(s: FujiState, e: Event) -> str:
    a = e["adventurer"]
    if "spent" in e:
        mover = "their own" if e["for"] == a else possessive(who(s, e["for"]))
        return (
            f"{who(s, a)} spends {plural(e['spent'], 'power bar')}: "
            f"+{e['spent']} to {mover} movement value this turn"
        )
    return f"{who(s, a)} now has {plural(e['bars'], 'power bar')} (Gatherer)"


# ---------------------------------------------------------------- planning and equipment
def _destination(s: FujiState, e: Event) -> str:
    c = cell(e["x"], e["y"])
    req = requirement_text(s.terrain[c])
    return f"{who(s, e['adventurer'])} puts the destination marker on {at((e['x'], e['y']))}" + (
        f" ({req})" if req else ""
    )


def _signal(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} says: “{SIGNAL_TEXT[e['say']]}”"


WITH = {
    "lighter": "asking {who} for a die",
    "map": "to hand a die to {who}",
    "water": "to give {who} a reroll",
}


def _equipment(s: FujiState, e: Event) -> str:
    a, card, effect, other = e["adventurer"], e["card"], e["effect"], e.get("who")
    text = f"{who(s, a)} uses the {card_name(card)}"
    if effect != card:
        text += f" as the {card_name(effect)}"
    if effect == "water" and other == a:
        text += " for 2 rerolls"
    elif other is not None and effect in WITH:
        text += " " + WITH[effect].format(who=who(s, other))
    return text


def _tapped(s: FujiState, e: Event) -> str:
    name = card_name(e["card"])
    return f"{who(s, e['adventurer'])} taps the {name}: the Tinkerer may use it once more"


def _give_card(s: FujiState, e: Event) -> str:
    return f"{who(s, e['adventurer'])} gives the {card_name(e['card'])} to {who(s, e['to'])}"


def _draw(s: FujiState, e: Event) -> str:
    if e["card"] is None:
        return f"{who(s, e['adventurer'])} finds no equipment card: the pile is empty"
    return f"{who(s, e['adventurer'])} draws the {card_name(e['card'])}"


def _binoculars(s: FujiState, e: Event) -> str:
    first, second = e["cells"]
    return f"Binoculars: the cards at {at(first)} and {at(second)} swap places"


def _rope(s: FujiState, e: Event) -> str:
    return f"Rope: {who(s, e['adventurer'])} climbs to {at((e['x'], e['y']))}"


# ---------------------------------------------------------------- movement and eruption
def _turn(s: FujiState, e: Event) -> str:
    a = e["adventurer"]
    mine = f"{e['value']}" + (f" (with +{e['bonus']})" if e.get("bonus") else "")
    (left, vl), (right, vr) = e["left"], e["right"]
    where = f"the card at {at(e['to'])}"
    if e["moves"]:
        head = f"{who(s, a)} stays on {where}" if e.get("stay") else f"{who(s, a)} moves to {where}"
        return f"{head}: {mine} beats {vl} and {vr}"
    head = f"{who(s, a)} cannot move to {where}"
    blockers = [(b, v) for b, v in ((left, vl), (right, vr)) if v >= e["value"]]
    if blockers and not e.get("why", "").startswith(("the destination", "lava")):
        names = listing([f"{possessive(who(s, b))} {v}" for b, v in blockers])
        return f"{head}: {mine} is not higher than {names}"
    return f"{head}: {e['why']} ({mine} against {vl} and {vr})"


def _stamina(s: FujiState, e: Event) -> str:
    left = EXHAUSTION - e["total"]
    return f"{who(s, e['adventurer'])} loses {e['lost']} stamina ({left} left)"


def _injury(s: FujiState, e: Event) -> str:
    effect = INJURY_EFFECT.get(e["space"], e["space"])
    return f"{who(s, e['adventurer'])} is injured: {effect}"


def _eruption_token(s: FujiState, e: Event) -> str:
    n = e["eruptions"]
    more = "an extra eruption" if n == 1 else f"{n} extra eruptions"
    return f"The eruption token at {at((e['x'], e['y']))} goes off: {more}"


def _eruption(s: FujiState, e: Event) -> str:
    flipped = e["flipped"]
    if not flipped:
        return "Eruption: the lava finds no new card to flow onto"
    return "Eruption: lava flows onto " + listing([at(xy) for xy in flipped])


def _defeat(s: FujiState, e: Event) -> str:
    return f"Defeat: {e['cause']}"


def _victory(s: FujiState, e: Event) -> str:
    vp = e["points"]
    rating = f" ({s.rating()})" if s.result == Result.VICTORY else ""
    return f"Victory! Every meeple reached the village: {plural(vp, 'victory point')}{rating}"


TEXT: dict[str, Callable[[FujiState, Event], str]] = {
    "scenario": _scenario,
    "skill": _skill,
    "terrain": _terrain,
    "put_under": _put_under,
    "left_out": _left_out,
    "round": _round,
    "roll": _roll,
    "rolled": _rolled,
    "reroll": _reroll,
    "set_aside": _set_aside,
    "screens_removed": _screens_removed,
    "radio": _radio,
    "turn_die": _turn_die,
    "shovel": _shovel,
    "give_die": _give_die,
    "refuse_die": _refuse_die,
    "received": _received,
    "lose_die": _lose_die,
    "power_bars": _power_bars,
    "destination": _destination,
    "signal": _signal,
    "equipment": _equipment,
    "tapped": _tapped,
    "give_card": _give_card,
    "draw": _draw,
    "binoculars": _binoculars,
    "rope": _rope,
    "turn": _turn,
    "stamina": _stamina,
    "injury": _injury,
    "eruption_token": _eruption_token,
    "eruption": _eruption,
    "defeat": _defeat,
    "victory": _victory,
}


def event_text(s: FujiState, event: Event) -> str | None:
    """The log line for ``event`` ("" for none); None for an event type it does not know."""
    fn = TEXT.get(event.get("type", ""))
    if fn is None:
        return None
    try:
        return fn(s, event)
    except (KeyError, IndexError, TypeError, ValueError):
        return None  # a damaged or older event: the engine's plain form
