"""What each equipment card does (rulebook p. 12), and the choices it asks for."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, take_if_only, then
from lapilli.core.zones import EVERYONE

from . import actions as X
from .actions import Adventurer, refuse_unlisted
from .board import CELLS, NEIGH, NOWHERE, XY, cell, walkable
from .components import FACES, IS_LANDSCAPE
from .dice import Aside
from .events import Events, Shovel, TurnDie
from .movement import arrive, check_victory
from .rerolls import card_session
from .rolling import roll_frame

if TYPE_CHECKING:
    from .state import FujiState

FLARE_BONUS = 3
"""Flare gun: +3 to your movement value on your own turn."""
MACHETE_DICE = 2
"""Machete: set aside up to 2 of your dice."""


# ---------------------------------------------------------------- when a card is of use
def empty_landscape(s: FujiState) -> list[int]:
    """Binoculars: landscape cards (not villages, not lava) with nothing on them."""
    taken = set(s.position) | set(s.destination)
    return [
        c
        for c in range(CELLS)
        if IS_LANDSCAPE[s.terrain[c]]
        and not s.lava[c]
        and not s.equipment_token[c]
        and not s.eruption_tokens[c]
        and c not in taken
    ]


def rope_cells(s: FujiState, a: int) -> list[int]:
    return [n for n in NEIGH[s.position[a]] if walkable(s.terrain, s.lava, n)]


def targets(s: FujiState, a: int, name: str, seat: int) -> list[int | None]:
    """The ``who`` values with which adventurer a may use the card ``name`` now
    (``[None]`` for a card without a target, ``[]`` when it is of no use now)."""
    if name == "binoculars":
        return [None] if len(empty_landscape(s)) >= 2 else []
    if name == "lighter":
        return [b for b in s.meeples() if b != a and s.counting(b)]
    if name == "map":
        return [b for b in s.meeples() if b != a] if s.visible_own(a, seat) else []
    if name == "water":
        return [b for b in s.meeples() if b == a or s.counting(b)]
    if name == "duct_tape":
        return [None] if any(s.dice[d].value == 1 for d in s.visible_own(a, seat)) else []
    if name == "compass":
        return [None] if any(s.dice[d].value == 6 for d in s.visible_own(a, seat)) else []
    if name in ("machete", "shovel", "flash_light"):
        return [None] if s.visible_own(a, seat) else []
    if name == "radio":
        return [] if s.screen_down[a] else [None]
    if name == "first_aid_kit":
        return [] if s.first_aid[a] else [None]
    if name == "rope":
        return [None] if rope_cells(s, a) else []
    if name in ("carabiner", "flare_gun"):
        return [None]
    return []  # the pocket knife copies another card (see ``equipment_actions``)


# ---------------------------------------------------------------- the effects
Effect = Callable[["FujiState", int, int, "int | None", Events], list[Frame]]
"""``effect(state, user, seat, who, events)``: does what the card says at once and
returns the choices it asks for (frames to push)."""


def _radio(s: FujiState, a: int, seat: int, who: int | None, ev: Events) -> list[Frame]:
    s.screen_down[a] = True
    shown = []
    for d in s.held(a):
        s.dice[d].seen = EVERYONE
        shown.append([d, s.dice[d].value])
    ev.append({"type": "radio", "adventurer": a, "dice": shown, "reveal": True})
    return []


def _first_aid(s: FujiState, a: int, seat: int, who: int | None, ev: Events) -> list[Frame]:
    s.first_aid[a] = True
    return []


def _lighter(s: FujiState, a: int, seat: int, who: int | None, ev: Events) -> list[Frame]:
    """Lighter: the teammate hands over one die of their choice, or refuses."""
    assert who is not None  # a Lighter is used naming a teammate
    return [GIVE_DIE(s.controller(who), adventurer=who, to=a, may_refuse=True)]


def _flare(s: FujiState, a: int, seat: int, who: int | None, ev: Events) -> list[Frame]:
    s.flare[a] += FLARE_BONUS
    return []


def _water(s: FujiState, a: int, seat: int, who: int | None, ev: Events) -> list[Frame]:
    """Water: 2 rerolls for yourself, or 1 for a teammate."""
    assert who is not None
    return [card_session(s, a, 2)] if who == a else [card_session(s, who, 1)]


# ---------------------------------------------------------------- the choices they ask for
def swap_options(s: FujiState, f: Frame) -> list[Action]:
    return [X.SWAP_PICK[XY[c]] for c in empty_landscape(s) if c != f.args.first]


def swap(s: FujiState, f: Frame, action: Action) -> Events:
    """Binoculars: pick two empty landscape cards; they swap places."""
    c = cell(action.arg("x"), action.arg("y"))
    first = f.args.first
    if first == NOWHERE:
        then(s, f._replace(args=f.args._replace(first=c)))
        return []
    s.terrain[first], s.terrain[c] = s.terrain[c], s.terrain[first]
    return [{"type": "binoculars", "cells": [list(XY[first]), list(XY[c])]}]


def dice_to_hand_over(s: FujiState, f: Frame) -> list[Action]:
    """Lighter: "a teammate *may* give you 1 die", so it may refuse; the Map's receiver
    "cannot refuse", and its giver is the card's user."""
    a = f.args.adventurer
    out = [X.GIVE_DIE[d] for d in s.visible_own(a, f.seat) or s.counting(a)]
    if f.args.may_refuse:
        out.append(X.REFUSE)
    return out


def refuse_hand_over(s: FujiState, f: Frame, action: Action) -> str | None:
    if action in dice_to_hand_over(s, f):
        return None
    if action[0] == "refuse":
        return "Map: the other player cannot refuse (only a Lighter's teammate may)"
    if action[0] == "give_die":
        return "Lighter / Map: hand over one of your own dice"
    return None


def hand_over(s: FujiState, f: Frame, action: Action) -> Events:
    """Lighter / Map: the die changes hands unturned until the end of the round."""
    giver, to = f.args.adventurer, f.args.to
    if action[0] == "refuse":
        return [{"type": "refuse_die", "adventurer": giver, "to": to}]
    d = action[1][0][1]
    die = s.dice[d]
    before = die.seen
    die.holder = to
    die.seen |= s.screen_of(to)
    ev: Events = [{"type": "give_die", "adventurer": giver, "to": to, "die": d}]
    if before != EVERYONE:
        # the receiver looks at it behind the screen (undo may not take that back)
        for seat in range(s.players):
            if s.screen_of(to) >> seat & 1:
                ev.append(
                    {
                        "type": "received",
                        "adventurer": to,
                        "from": giver,
                        "dice": [[d, die.value]],
                        "private": seat,
                        "reveal": not before >> seat & 1,
                    }
                )
    return ev


def carabiner_dice(s: FujiState, f: Frame) -> list[Action]:
    a = f.args.adventurer
    return [X.CARABINER_DIE[d] for d in s.visible_own(a, f.seat) or s.counting(a)]


def carabiner(s: FujiState, f: Frame, action: Action) -> Events:
    d = action[1][0][1]
    then(s, roll_frame(d, (d,)))
    return []


def hide_again(s: FujiState, d: int) -> None:
    """A die turned behind a screen: only those behind that screen see its new face
    (a lender no longer does); a die shown openly (Radio) stays open."""
    die = s.dice[d]
    if die.seen != EVERYONE:
        die.seen = s.home_screen(die)


def dice_to_turn(s: FujiState, f: Frame) -> list[Action]:
    a, showing = f.args.adventurer, f.args.face
    out = [X.TURN_DIE[d] for d in s.visible_own(a, f.seat) if s.dice[d].value == showing]
    out.append(X.DONE)
    return out


def turn_die(s: FujiState, f: Frame, action: Action) -> Events:
    """Duct tape 1 -> 6, Compass 6 -> 1: the opposite face, so the colour stays."""
    if action[0] == "done":
        return []
    d = action[1][0][1]
    s.dice[d].value = 7 - s.dice[d].value  # opposite faces add up to 7
    hide_again(s, d)
    then(s, f)
    ev: Events = []
    for seat, shown in s.dice_told([d]):
        told: TurnDie = {
            "type": "turn_die",
            "adventurer": f.args.adventurer,
            "dice": shown,
            "card": "duct_tape" if f.args.face == 1 else "compass",
        }
        ev.append(told if seat is None else {**told, "private": seat})
    return ev


def machete_dice(s: FujiState, f: Frame) -> list[Action]:
    out = [X.MACHETE_DIE[d] for d in s.visible_own(f.args.adventurer, f.seat)]
    out.append(X.DONE)
    return out


def machete(s: FujiState, f: Frame, action: Action) -> Events:
    if action[0] == "done":
        return []
    d, a = action[1][0][1], f.args.adventurer
    die = s.dice[d]
    die.aside = Aside.MACHETE
    die.seen = EVERYONE
    if f.args.left > 1:
        then(s, f._replace(args=f.args._replace(left=f.args.left - 1)))
    return [
        {
            "type": "set_aside",
            "adventurer": a,
            "die": d,
            "value": die.value,
            "by": "machete",
            "reveal": True,
        }
    ]


def shovel_dice(s: FujiState, f: Frame) -> list[Action]:
    return [X.SHOVEL_DIE[d] for d in s.visible_own(f.args.adventurer, f.seat)]


def shovel_die(s: FujiState, f: Frame, action: Action) -> Events:
    then(s, SHOVEL_FACE(f.seat, adventurer=f.args.adventurer, die=action[1][0][1]))
    return []


def other_faces(s: FujiState, f: Frame) -> list[Action]:
    current = s.dice[f.args.die].value
    return [X.SHOVEL_FACE[v] for v in FACES if v != current]


def shovel_face(s: FujiState, f: Frame, action: Action) -> Events:
    """Shovel: turn 1 of your dice to any other side."""
    d = f.args.die
    s.dice[d].value = action[1][0][1]
    hide_again(s, d)
    ev: Events = []
    for seat, shown in s.dice_told([d]):
        told: Shovel = {"type": "shovel", "adventurer": f.args.adventurer, "dice": shown}
        ev.append(told if seat is None else {**told, "private": seat})
    return ev


def rope_options(s: FujiState, f: Frame) -> list[Action]:
    return [X.ROPE_TO[XY[c]] for c in rope_cells(s, f.args.adventurer)]


def rope(s: FujiState, f: Frame, action: Action) -> Events:
    """Rope: move at once to an adjacent card; collect its equipment token, trigger its
    eruption token. In phase 2 the destination marker must be placed again."""
    x, y, a = action.arg("x"), action.arg("y"), f.args.adventurer
    c = cell(x, y)
    s.position[a] = c
    ev: Events = [{"type": "rope", "adventurer": a, "x": x, "y": y}]
    if s.phase == 4:
        s.roped[a] = True
    else:
        s.destination[a] = NOWHERE
    arrive(s, a, [c], ev)
    check_victory(s, ev)
    return ev


# ---------------------------------------------------------------- steps
class Binoculars(NamedTuple):
    adventurer: int
    first: int = NOWHERE


class GiveDie(NamedTuple):
    adventurer: int  # who hands over a die
    to: int
    may_refuse: bool = False


class TurnDice(NamedTuple):
    adventurer: int
    face: int


class Machete(NamedTuple):
    adventurer: int
    left: int


class ShovelFace(NamedTuple):
    adventurer: int
    die: int


BINOCULARS = Step(
    "binoculars",
    "Binoculars: pick an empty landscape card (no meeple, marker or token; not a village)",
    swap_options,
    refuse_unlisted(
        "Binoculars: pick two different empty landscape cards (no meeple, marker or token; "
        "not a village)",
        "swap_card",
    ),
    swap,
    Args=Binoculars,
)


GIVE_DIE = Step(
    "give_die",
    "Lighter / Map: hand over one of your own dice (Lighter: or refuse)",
    dice_to_hand_over,
    refuse_hand_over,
    hand_over,
    Args=GiveDie,
    word="give a die",
)


CARABINER = Step(
    "carabiner",
    "Carabiner: each of you must reroll exactly 1 of your own dice",
    carabiner_dice,
    refuse_unlisted("Carabiner: reroll exactly 1 of your own dice", "reroll_die"),
    carabiner,
    Args=Adventurer,
)


TURN_DICE = Step(
    "turn_dice",
    "Duct tape / Compass: turn one of your dice showing the right number, or done",
    dice_to_turn,
    refuse_unlisted(
        "Duct tape turns your dice showing 1 to 6, the Compass your 6s to 1", "turn_die"
    ),
    turn_die,
    Args=TurnDice,
    word="turn a die",
    # no settle: whether any die still shows the number is behind its owner's screen
)


MACHETE = Step(
    "machete",
    "Machete: set aside up to 2 of your own dice, or done",
    machete_dice,
    refuse_unlisted("Machete: set aside up to 2 of your own dice", "set_aside"),
    machete,
    Args=Machete,
    settle=take_if_only(X.DONE),
)


SHOVEL_DIE = Step(
    "shovel_die",
    "Shovel: pick 1 of your dice to turn to another side",
    shovel_dice,
    refuse_unlisted("Shovel: pick 1 of your own dice", "shovel_die"),
    shovel_die,
    Args=Adventurer,
    word="shovel",
)


SHOVEL_FACE = Step(
    "shovel_face",
    "Shovel: turn the die to another side",
    other_faces,
    refuse_unlisted(
        "Shovel: turn the die to another side (1-6, not the one it shows)", "shovel_face"
    ),
    shovel_face,
    Args=ShovelFace,
    word="shovel",
)


ROPE = Step(
    "rope",
    "Rope: move to an orthogonally adjacent card that is not lava, rubble or the volcano",
    rope_options,
    refuse_unlisted(
        "Rope: move to an orthogonally adjacent card that is not lava, rubble or the volcano",
        "rope_to",
    ),
    rope,
    Args=Adventurer,
)


EFFECTS: dict[str, Effect] = {
    "binoculars": lambda s, a, seat, who, ev: [BINOCULARS(seat, adventurer=a)],
    # the teammate hands over one die of their choice
    "lighter": _lighter,
    "map": lambda s, a, seat, who, ev: [GIVE_DIE(seat, adventurer=a, to=who)],
    "carabiner": lambda s, a, seat, who, ev: [
        CARABINER(s.controller(b), adventurer=b) for b in s.meeples() if s.counting(b)
    ],
    "duct_tape": lambda s, a, seat, who, ev: [TURN_DICE(seat, adventurer=a, face=1)],
    "compass": lambda s, a, seat, who, ev: [TURN_DICE(seat, adventurer=a, face=6)],
    "machete": lambda s, a, seat, who, ev: [MACHETE(seat, adventurer=a, left=MACHETE_DICE)],
    "radio": _radio,
    "first_aid_kit": _first_aid,
    "shovel": lambda s, a, seat, who, ev: [SHOVEL_DIE(seat, adventurer=a)],
    "rope": lambda s, a, seat, who, ev: [ROPE(seat, adventurer=a)],
    "flare_gun": _flare,
    "flash_light": lambda s, a, seat, who, ev: [card_session(s, a, 1)],
    "water": _water,
}
