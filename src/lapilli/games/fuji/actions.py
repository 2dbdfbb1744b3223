"""Every Fuji action, built once at import time (interned) and reused."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame
from lapilli.core.zones import Zone

from .board import H, W
from .components import (
    CARD_IDS,
    CHARACTERS,
    DICE_SET,
    DIE_TYPES,
    EQUIPMENT,
    FACES,
    INJURIES,
    MAX_POWER_BARS,
    SCENARIOS,
    SIGNALS,
    SKILLS,
)

MAX_DICE = len(CHARACTERS) * len(DICE_SET)  # a set for each of the four characters

# chance outcomes
FACE = {v: Action("face", value=v) for v in FACES}
FACE_OUTCOMES = [(FACE[v], 1 / len(FACES)) for v in FACES]
SCENARIO = {n: Action("scenario", number=n) for n in SCENARIOS}
CARD = tuple(Action("card", id=i) for i in CARD_IDS)
EQUIP = {name: Action("equipment", card=name) for name in EQUIPMENT}
SKILL_DRAW = {name: Action("skill", skill=name) for name in SKILLS}
DRAW_EQUIPMENT = tuple(EQUIP[name] for name in EQUIPMENT)  # by card id
DEAL_SKILL = tuple(SKILL_DRAW[name] for name in SKILLS)  # by skill index


def draws(pile: Zone[int], outcomes: Sequence[Action]) -> list[tuple[Action, float]]:
    """The chance outcomes of a draw from a pile of distinct cards (Fuji has one of
    each): every card left in the shuffled part is as likely."""
    p = 1 / len(pile.items)
    return [(outcomes[k], p) for k in pile.kinds()]


# decisions
CHOOSE_SKILL = {name: Action("choose_skill", skill=name) for name in SKILLS}
PUT_UNDER = {name: Action("put_under", card=name) for name in EQUIPMENT}
LEAVE_OUT = tuple(Action("leave_out", die_type=t) for t in DIE_TYPES)
SIGNAL = {name: Action("signal", say=name) for name in SIGNALS}
DEST = {(x, y): Action("destination", x=x, y=y) for x in range(W) for y in range(H)}
ROPE_TO = {(x, y): Action("rope_to", x=x, y=y) for x in range(W) for y in range(H)}
SWAP_PICK = {(x, y): Action("swap_card", x=x, y=y) for x in range(W) for y in range(H)}
SELECT = tuple(Action("select", die=d) for d in range(MAX_DICE))
ASIDE = tuple(Action("set_aside", die=d) for d in range(MAX_DICE))
REROLL = Action("reroll")
STOP = Action("stop")
DONE = Action("done")
REFUSE = Action("refuse")
GIVE_DIE = tuple(Action("give_die", die=d) for d in range(MAX_DICE))
CARABINER_DIE = tuple(Action("reroll_die", die=d) for d in range(MAX_DICE))
TURN_DIE = tuple(Action("turn_die", die=d) for d in range(MAX_DICE))
MACHETE_DIE = tuple(Action("set_aside", die=d) for d in range(MAX_DICE))
SHOVEL_DIE = tuple(Action("shovel_die", die=d) for d in range(MAX_DICE))
SHOVEL_FACE = {v: Action("shovel_face", value=v) for v in FACES}
NEXT_TURN = tuple(Action("next_turn", adventurer=a) for a in range(len(CHARACTERS)))
BOOST = tuple(Action("power_bars", spend=k) for k in range(MAX_POWER_BARS + 1))
INJURY = {name: Action("injury", space=name) for name in INJURIES}
LOSE_DIE = tuple(Action("lose_die", die=d) for d in range(MAX_DICE))

_GIVE_CARD: dict[tuple[str, int], Action] = {}
_USE: dict[tuple[str, str | None, int | None], Action] = {}


def give_card(card: str, to: int) -> Action:
    key = (card, to)
    act = _GIVE_CARD.get(key)
    if act is None:
        act = _GIVE_CARD[key] = Action("give_card", card=card, to=to)
    return act


def use(card: str, copy: str | None = None, who: int | None = None) -> Action:
    """Use an equipment card (``copy``: the card a pocket knife copies; ``who``: the
    teammate a Lighter takes a die from, a Map gives to, a Water gives a reroll to)."""
    key = (card, copy, who)
    act = _USE.get(key)
    if act is None:
        params: dict[str, str | int] = {"card": card}
        if copy is not None:
            params["copy"] = copy
        if who is not None:
            params["who"] = who
        act = _USE[key] = Action("use", **params)
    return act


# ---------------------------------------------------------------- steps
def refuse_unlisted(rule: str, kind: str) -> Callable[[Any, Frame, Action], str | None]:
    """A refusal quoting ``rule`` for an action of ``kind`` the step does not list."""

    def refuse(s: Any, f: Frame, action: Action) -> str | None:
        if action[0] == kind and action not in f.step.legal(s, f):  # type: ignore[misc]
            return rule
        return None

    return refuse


class Adventurer(NamedTuple):
    adventurer: int
