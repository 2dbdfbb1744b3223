"""The game log: one plain English sentence per event, with the rulebook's names.

``event_text(s, event)`` is called after the action that caused the event: one text per
kind of event (``events.py``), read against that kind's keys. A private
event (``"private": seat``) is shown to that seat alone, so it may say "you" and name
die values; a public one never names a value that is still behind a screen.
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.events import EventTexts

from .board import cell
from .components import (
    CHARACTERS,
    EQ,
    EQ_NAME,
    FACE_COLOUR,
    SIGNAL_TEXT,
    SKILL_NAME,
    requirement_words,
)
from .events import (
    Binoculars,
    Defeat,
    Destination,
    Draw,
    Equipment,
    Eruption,
    EruptionToken,
    GiveCard,
    GiveDie,
    Injury,
    LeftOut,
    LoseDie,
    PowerBars,
    PutUnder,
    Radio,
    Received,
    RefuseDie,
    Reroll,
    Roll,
    Rolled,
    Rope,
    Round,
    Scenario,
    ScreensRemoved,
    SetAside,
    Shovel,
    SignalGiven,
    Skill,
    Stamina,
    Tapped,
    Terrain,
    Turn,
    TurnDie,
    Victory,
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


def at(xy: Sequence[int]) -> str:
    """A card of the map by the numbers along its edges (for a listener as well)."""
    return f"column {xy[0]} row {xy[1]}"


def listing(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def possessive(label: str) -> str:
    return label + ("'" if label.endswith("dice") else "'s")


def whose(s: FujiState, a: int, seat: int | None) -> str:
    """The owner of private dice, seen from the seat the event is for (None: public)."""
    if seat is not None and a == seat:
        return "your"
    return possessive(who(s, a))


# ---------------------------------------------------------------- set-up
def _scenario(s: FujiState, e: Scenario) -> str:
    return f"Scenario card {e['number']} is drawn"


def _skill(s: FujiState, e: Skill) -> str:
    return f"{who(s, e['adventurer'])} takes the skill card {SKILL_NAME[e['skill']]}"


def _terrain(s: FujiState, e: Terrain) -> str:
    return ""  # the map shows every card laid during set-up


def _put_under(s: FujiState, e: PutUnder) -> str:
    return f"{who(s, e['adventurer'])} puts the {card_name(e['card'])} under the equipment pile"


def _left_out(s: FujiState, e: LeftOut) -> str:
    return f"{who(s, e['adventurer'])} leaves one die of type {e['die_type']} in the box"


# ---------------------------------------------------------------- dice
def _round(s: FujiState, e: Round) -> str:
    return f"Round {e['round']}: everybody rolls their dice behind the screens"


def _roll(s: FujiState, e: Roll) -> str:
    return ""  # one per die, without its value: the "rolled" events say what matters


def _rolled(s: FujiState, e: Rolled) -> str:
    a, dice, seat = e["adventurer"], e["dice"], e.get("private")
    verb = "rerolled" if e["again"] else "rolled"
    if seat is None:
        if a == s.neutral:
            return f"The neutral dice in the open show {faces(s, dice)}"
        return f"{who(s, a)} {verb} in the open: {faces(s, dice)}"
    if a == seat:
        return f"You {verb} {faces(s, dice)}"
    return f"Your side of {possessive(who(s, a))} dice: {verb} {faces(s, dice)}"


def _reroll(s: FujiState, e: Reroll) -> str:
    a, left = e["adventurer"], e["left"]
    side = e.get("side")
    if side is not None:
        text = f"{CHARACTERS[side][0]} rerolls some of {possessive(who(s, a))} dice on their side"
    else:
        text = f"{who(s, a)} rerolls some dice behind the screen"
    return text + (f" ({plural(left, 'reroll')} left)" if left else " (no rerolls left)")


def _set_aside(s: FujiState, e: SetAside) -> str:
    by = {"buddy": " (Buddy)", "machete": " with the Machete"}[e["by"]]
    face = die_face(s, e["die"], e["value"])
    return f"{who(s, e['adventurer'])} sets aside a {face}{by}: shown to all, it does not count"


def _screens_removed(s: FujiState, e: ScreensRemoved) -> str:
    by: dict[int, list[tuple[int, int]]] = {}
    for d, v, holder in e["dice"]:
        by.setdefault(holder, []).append((d, v))
    parts = [f"{who(s, a)} {faces(s, dice)}" for a, dice in sorted(by.items())]
    return "Screens come down: " + "; ".join(parts)


def _radio(s: FujiState, e: Radio) -> str:
    return f"Radio: {who(s, e['adventurer'])}'s screen comes down: {faces(s, e['dice'])}"


def _turn_die(s: FujiState, e: TurnDie) -> str:
    tool, a, seat = card_name(e["card"]), e["adventurer"], e.get("private")
    if seat is None:
        return f"{tool}: {who(s, a)} turns a die to {faces(s, e['dice'])}"
    return f"{tool}: you turn {whose(s, a, seat)} die over to {faces(s, e['dice'])}"


def _shovel(s: FujiState, e: Shovel) -> str:
    a, seat = e["adventurer"], e.get("private")
    if seat is None:
        return f"Shovel: {who(s, a)} turns a die to {faces(s, e['dice'])}"
    return f"Shovel: you turn {whose(s, a, seat)} die to {faces(s, e['dice'])}"


def _give_die(s: FujiState, e: GiveDie) -> str:
    return f"{who(s, e['adventurer'])} hands one die to {who(s, e['to'])} for this round"


def _refuse_die(s: FujiState, e: RefuseDie) -> str:
    return f"{who(s, e['adventurer'])} refuses to hand a die to {who(s, e['to'])}"


def _received(s: FujiState, e: Received) -> str:
    to, giver, face = e["adventurer"], who(s, e["from"]), faces(s, e["dice"])
    if to == e["private"]:
        return f"You receive a {face} from {giver}"
    return f"{who(s, to)} receives a {face} from {giver} (you see it)"


def _lose_die(s: FujiState, e: LoseDie) -> str:
    face = die_face(s, e["die"], e["value"])
    return f"{who(s, e['adventurer'])} loses a {face} to the leg injury, for good"


def _power_bars(s: FujiState, e: PowerBars) -> str:
    """Bars spent on a mover (``spent``, ``for``), or the bars a Gatherer now has."""
    a, spent, mover = e["adventurer"], e.get("spent"), e.get("for")
    if spent is not None and mover is not None:
        whose_value = "their own" if mover == a else possessive(who(s, mover))
        return (
            f"{who(s, a)} spends {plural(spent, 'power bar')}: "
            f"+{spent} to {whose_value} movement value this turn"
        )
    return f"{who(s, a)} now has {plural(e['bars'], 'power bar')} (Gatherer)"


# ---------------------------------------------------------------- planning and equipment
def _destination(s: FujiState, e: Destination) -> str:
    req = requirement_words(s.terrain[cell(e["x"], e["y"])])
    return f"{who(s, e['adventurer'])} puts the destination marker on {at((e['x'], e['y']))}" + (
        f" ({req})" if req else ""
    )


def _signal(s: FujiState, e: SignalGiven) -> str:
    return f"{who(s, e['adventurer'])} says: “{SIGNAL_TEXT[e['say']]}”"


WITH = {
    "lighter": "asking {who} for a die",
    "map": "to hand a die to {who}",
    "water": "to give {who} a reroll",
}


def _equipment(s: FujiState, e: Equipment) -> str:
    a, card, effect, other = e["adventurer"], e["card"], e["effect"], e["who"]
    text = f"{who(s, a)} uses the {card_name(card)}"
    if effect != card:
        text += f" as the {card_name(effect)}"
    if effect == "water" and other == a:
        text += " for 2 rerolls"
    elif other is not None and effect in WITH:
        text += " " + WITH[effect].format(who=who(s, other))
    return text


def _tapped(s: FujiState, e: Tapped) -> str:
    name = card_name(e["card"])
    return f"{who(s, e['adventurer'])} taps the {name}: the Tinkerer may use it once more"


def _give_card(s: FujiState, e: GiveCard) -> str:
    return f"{who(s, e['adventurer'])} gives the {card_name(e['card'])} to {who(s, e['to'])}"


def _draw(s: FujiState, e: Draw) -> str:
    if e["card"] is None:
        return f"{who(s, e['adventurer'])} finds no equipment card: the pile is empty"
    return f"{who(s, e['adventurer'])} draws the {card_name(e['card'])}"


def _binoculars(s: FujiState, e: Binoculars) -> str:
    first, second = e["cells"]
    return f"Binoculars: the cards at {at(first)} and {at(second)} swap places"


def _rope(s: FujiState, e: Rope) -> str:
    return f"Rope: {who(s, e['adventurer'])} climbs to {at((e['x'], e['y']))}"


# ---------------------------------------------------------------- movement and eruption
def _turn(s: FujiState, e: Turn) -> str:
    a = e["adventurer"]
    mine = f"{e['value']}" + (f" (with +{e['bonus']})" if e["bonus"] else "")
    (left, vl), (right, vr) = e["left"], e["right"]
    where = f"the card at {at(e['to'])}"
    if e["moves"]:
        head = f"{who(s, a)} stays on {where}" if e["stay"] else f"{who(s, a)} moves to {where}"
        return f"{head}: {mine} beats {vl} and {vr}"
    head = f"{who(s, a)} cannot move to {where}"
    blockers = [(b, v) for b, v in ((left, vl), (right, vr)) if v >= e["value"]]
    if blockers and not e["why"].startswith(("the destination", "lava")):
        names = listing([f"{possessive(who(s, b))} {v}" for b, v in blockers])
        return f"{head}: {mine} is not higher than {names}"
    return f"{head}: {e['why']} ({mine} against {vl} and {vr})"


def _stamina(s: FujiState, e: Stamina) -> str:
    left = s.exhaustion - e["total"]
    return f"{who(s, e['adventurer'])} loses {e['lost']} stamina ({left} left)"


def _injury(s: FujiState, e: Injury) -> str:
    return f"{who(s, e['adventurer'])} is injured: {INJURY_EFFECT[e['space']]}"


def _eruption_token(s: FujiState, e: EruptionToken) -> str:
    n = e["eruptions"]
    more = "an extra eruption" if n == 1 else f"{n} extra eruptions"
    return f"The eruption token at {at((e['x'], e['y']))} goes off: {more}"


def _eruption(s: FujiState, e: Eruption) -> str:
    flipped = e["flipped"]
    if not flipped:
        return "Eruption: the lava finds no new card to flow onto"
    return "Eruption: lava flows onto " + listing([at(xy) for xy in flipped])


def _defeat(s: FujiState, e: Defeat) -> str:
    return f"Defeat: {e['cause']}"


def _victory(s: FujiState, e: Victory) -> str:
    vp = e["points"]
    rating = f" ({s.rating()})" if s.result == Result.VICTORY else ""
    return f"Victory! Every meeple reached the village: {plural(vp, 'victory point')}{rating}"


event_text = EventTexts[FujiState]()
"""The log line for an event ("" for none: the map or a private event says it)."""
say = event_text.add
say(Scenario, _scenario)
say(Skill, _skill)
say(Terrain, _terrain)
say(PutUnder, _put_under)
say(LeftOut, _left_out)
say(Round, _round)
say(Roll, _roll)
say(Rolled, _rolled)
say(Reroll, _reroll)
say(SetAside, _set_aside)
say(ScreensRemoved, _screens_removed)
say(Radio, _radio)
say(TurnDie, _turn_die)
say(Shovel, _shovel)
say(GiveDie, _give_die)
say(RefuseDie, _refuse_die)
say(Received, _received)
say(LoseDie, _lose_die)
say(PowerBars, _power_bars)
say(Destination, _destination)
say(SignalGiven, _signal)
say(Equipment, _equipment)
say(Tapped, _tapped)
say(GiveCard, _give_card)
say(Draw, _draw)
say(Binoculars, _binoculars)
say(Rope, _rope)
say(Turn, _turn)
say(Stamina, _stamina)
say(Injury, _injury)
say(EruptionToken, _eruption_token)
say(Eruption, _eruption)
say(Defeat, _defeat)
say(Victory, _victory)
