"""The turn: up to two actions, then breathe (drowning when the Lungs are empty), the
Knife, the next player (the game may end at the round limit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from . import diving, exploring, habitat
from .actions import DECLINE, DONE, act
from .components import BLUEPRINTS, RESOURCES
from .ending import game_over
from .events import Events

if TYPE_CHECKING:
    from .state import DeeperState


class SeatArgs(NamedTuple):
    seat: int


# -- the first player ----------------------------------------------------------------------
def _first(s: DeeperState, f: Frame, a: Action) -> Events:
    s.first = a.arg("seat")
    s.round = 1
    then(s, TURN(seat=s.first))
    return [{"type": "first", "seat": s.first}]


FIRST = Step(
    "first_player",
    "Set-up: choose the starting player at random",
    outcomes=lambda s, f: [(act("first", seat=p), 1.0 / s.players) for p in range(s.players)],
    apply=_first,
    word="first player",
)


# -- the turn ------------------------------------------------------------------------------
def _turn(s: DeeperState, f: Frame) -> Events:
    seat = f.args.seat
    s.swum = False
    s.turns += 1
    then(s, ACT(seat, left=s.options.actions), BREATHE(seat=seat), END_TURN(seat=seat))
    return [{"type": "turn", "seat": seat, "round": s.round}] if s.narrate else []


TURN = Step("turn", run=_turn, Args=SeatArgs)


Handler = Callable[["DeeperState", int, Action], Events]
Refusal = Callable[["DeeperState", int, Action], "str | None"]
Lister = Callable[["DeeperState", int], list[Action]]

OUT_AND_ABOUT: tuple[tuple[str, Lister, Refusal, Handler], ...] = (
    ("swim", diving.swims, diving.refuse_swim, diving.swim),
    ("gather", diving.gathers, diving.refuse_gather, diving.gather),
    ("explore", exploring.explores, exploring.refuse_explore, exploring.explore),
    ("scan", exploring.scans, exploring.refuse_scan, exploring.scan),
    ("terraform", exploring.terraforms, exploring.refuse_terraform, exploring.terraform),
)
IN_HABITAT: tuple[tuple[str, Lister, Refusal, Handler], ...] = (
    ("convert", habitat.converts, habitat.refuse_convert, habitat.convert),
    ("craft", habitat.crafts, habitat.refuse_craft, habitat.craft),
)
REFUSE = {kind: refuse for kind, _, refuse, _ in OUT_AND_ABOUT + IN_HABITAT}
HANDLE = {kind: handle for kind, _, _, handle in OUT_AND_ABOUT + IN_HABITAT}


class ActArgs(NamedTuple):
    left: int  # actions still allowed this turn


def _legal_act(s: DeeperState, f: Frame) -> list[Action]:
    seat = f.seat
    out: list[Action] = []
    for _, listed, _, _ in OUT_AND_ABOUT:
        out += listed(s, seat)
    if s.in_habitat(seat):
        for _, listed, _, _ in IN_HABITAT:
            out += listed(s, seat)
    out.append(DONE)
    return out


def _refuse_act(s: DeeperState, f: Frame, a: Action) -> str | None:
    refuse = REFUSE.get(a.kind)
    return refuse(s, f.seat, a) if refuse is not None else None


def _act(s: DeeperState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return [{"type": "done", "seat": f.seat}] if s.narrate else []
    if f.args.left > 1:
        then(s, ACT(f.seat, left=f.args.left - 1))
    return HANDLE[a.kind](s, f.seat, a)


ACT = Step(
    "act",
    "Your turn: take up to 2 actions (Swim, Gather, Explore, Scan, Terraform; Convert and "
    "Craft in your habitat), then breathe",
    _legal_act,
    _refuse_act,
    _act,
    Args=ActArgs,
    word="actions",
)


# -- breathing -------------------------------------------------------------------------------
def _breathe(s: DeeperState, f: Frame) -> Events:
    """In your habitat fill the Lungs; outside spend 1 air, or drown: lose 1 random
    Inventory resource per depth level (default 18) and refill half the uncovered Lungs
    (default 19), staying where you are."""
    seat = f.args.seat
    frames: list[Frame] = []
    if s.in_habitat(seat):
        s.air[seat] = s.lungs(seat)
        events: Events = [{"type": "breathed", "seat": seat, "air": s.air[seat], "habitat": True}]
        frames = [
            BREATH_CARD(seat, card=c) for c in s.built[seat] if BLUEPRINTS[c].breath is not None
        ]
    elif s.air[seat] > 0:
        s.air[seat] -= 1
        events = [{"type": "breathed", "seat": seat, "air": s.air[seat], "habitat": False}]
    else:
        lose = min(s.level(seat), sum(s.inventory[seat]))
        s.air[seat] = s.lungs(seat) // 2
        events = [{"type": "drowned", "seat": seat, "lose": lose, "air": s.air[seat]}]
        if lose:
            frames = [LOSE(seat=seat, left=lose)]
    then(s, *frames, *diving.knife_frames(s, seat))
    return events


BREATHE = Step("breathe", run=_breathe, Args=SeatArgs)


class LoseArgs(NamedTuple):
    seat: int
    left: int


_LOSE = [act("lose", resource=r) for r in RESOURCES]  # a search asks for them often


def _lose_outcomes(s: DeeperState, f: Frame) -> list[tuple[Action, float]]:
    inv = s.inventory[f.args.seat]
    total = sum(inv)
    return [(_LOSE[k], n / total) for k, n in enumerate(inv) if n]


def _lose(s: DeeperState, f: Frame, a: Action) -> Events:
    seat = f.args.seat
    s.inventory[seat][RESOURCES.index(a.arg("resource"))] -= 1
    if f.args.left > 1 and sum(s.inventory[seat]):
        then(s, LOSE(seat=seat, left=f.args.left - 1))
    return [{"type": "lost", "seat": seat, "resource": a.arg("resource")}]


LOSE = Step(
    "lose",
    "Drowning: a random resource is lost from the Inventory",
    outcomes=_lose_outcomes,
    apply=_lose,
    Args=LoseArgs,
    word="drowning",
)


class CardArgs(NamedTuple):
    card: str


def _breath_resource(f: Frame) -> int:
    breath = BLUEPRINTS[f.args.card].breath
    assert breath is not None
    return breath


def _legal_breath(s: DeeperState, f: Frame) -> list[Action]:
    name = RESOURCES[_breath_resource(f)]
    out = []
    if s.inventory_room(f.seat) > 0:
        out.append(act("take", resource=name, into="inventory"))
    if s.storage_room(f.seat) > 0:
        out.append(act("take", resource=name, into="storage"))
    return [*out, DECLINE]


def _refuse_breath(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind != "take":
        return None
    card = BLUEPRINTS[f.args.card]
    if a.arg("resource") != RESOURCES[_breath_resource(f)]:
        return f"{card.name}: it gives {RESOURCES[_breath_resource(f)]}"
    into = a.arg("into")
    if into not in ("inventory", "storage"):
        return f"{card.name}: the resource goes into your Inventory or your Storage"
    room = s.inventory_room(f.seat) if into == "inventory" else s.storage_room(f.seat)
    return None if room > 0 else f"{card.name}: your {into.capitalize()} is full"


def _breath_card(s: DeeperState, f: Frame, a: Action) -> Events:
    if a == DECLINE:
        return []
    k = _breath_resource(f)
    (s.inventory if a.arg("into") == "inventory" else s.storage)[f.seat][k] += 1
    return [
        {
            "type": "took",
            "seat": f.seat,
            "card": f.args.card,
            "resource": RESOURCES[k],
            "into": a.arg("into"),
        }
    ]


BREATH_CARD = Step(
    "breath_card",
    "When you breathe in your habitat you may take 1 resource from the supply",
    _legal_breath,
    _refuse_breath,
    _breath_card,
    Args=CardArgs,
    word="breathe",
)


# -- the next player -------------------------------------------------------------------------
def _end_turn(s: DeeperState, f: Frame) -> Events:
    nxt = (f.args.seat + 1) % s.players  # default 33: clockwise
    if nxt == s.first:
        s.round += 1
        limit = s.options.max_rounds
        if limit and s.round > limit:
            return game_over(s, "limit")
    then(s, TURN(seat=nxt))
    return []


END_TURN = Step("end_turn", run=_end_turn, Args=SeatArgs)
