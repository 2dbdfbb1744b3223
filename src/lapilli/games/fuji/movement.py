"""Phase 5: movement and stamina, turn by turn, in an order the team chooses.

A. The mover and both neighbours total their dice valid for the mover's destination
card; the mover goes only if strictly higher than both. B. Stamina: the level card's
loss for the lead, the top row on failure; injuries on each mark reached or passed;
death on the last space.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.zones import EVERYONE

from . import actions as X
from .actions import Adventurer, refuse_unlisted
from .board import NOWHERE, XY, path
from .components import (
    INJURIES,
    INJURY_SPACES,
    IS_VILLAGE,
    VALID,
    injuries_marked,
    stamina_loss,
)
from .eruption import ERUPTION, erupt
from .events import Events
from .pile import DRAW_EQUIPMENT

if TYPE_CHECKING:
    from .state import FujiState

MOVE_LIMIT = 3
"""Movement rules: up to 3 orthogonal steps; the Scout up to 4."""
SCOUT_LIMIT = 4


def step_limit(s: FujiState, a: int) -> int:
    return SCOUT_LIMIT if s.has_skill(a, "scout") else MOVE_LIMIT


def movement_value(s: FujiState, b: int, card: int) -> int:
    """Total of b's valid dice for ``card`` (dice set aside do not count)."""
    valid = VALID[card]
    total = 0
    for die in s.dice:
        if die.holder == b and not die.lost and not die.aside:
            total += valid[die.type][die.value]
    return total


def screens_down(s: FujiState, f: Frame) -> Events:
    """Everybody removes their screen (variant A: the third screen too)."""
    s.phase = 5
    shown = []
    for d, die in enumerate(s.dice):
        if not die.lost:
            die.seen = EVERYONE
            shown.append([d, die.value, die.holder])
    then(s, NEXT_MOVER(waiting=tuple(s.meeples())))
    return [{"type": "screens_removed", "dice": shown, "reveal": True}]


def next_mover(s: FujiState, f: Frame) -> Events:
    """The next turn: chosen by the team, the last one by itself; after every turn, the
    dice lost to leg injuries, then the eruption."""
    waiting = f.args.waiting
    if not waiting:
        legs = [
            LOSE_DIE(s.controller(a), adventurer=a)
            for a in s.meeples()
            for _ in range(s.dice_to_lose[a])
        ]
        then(s, *legs, ERUPTION())
    elif len(waiting) == 1:
        start_turn(s, waiting[0], ())
    else:
        then(s, NEXT_TURN(s.controller(waiting[0]), waiting=waiting))
    return []


def movers(s: FujiState, f: Frame) -> list[Action]:
    return [X.NEXT_TURN[a] for a in f.args.waiting]


def next_turn(s: FujiState, f: Frame, action: Action) -> Events:
    start_turn(s, action[1][0][1], f.args.waiting)
    return []


def start_turn(s: FujiState, a: int, waiting: tuple[int, ...]) -> None:
    """Before a's turn any Gatherer with power bars may spend some on it."""
    boosts = [
        SPEND_BARS(s.controller(g), adventurer=g, mover=a)
        for g in s.meeples()
        if s.power_bars[g] > 0 and s.has_skill(g, "gatherer")
    ]
    rest = tuple(b for b in waiting if b != a)
    then(s, *boosts, MOVE(adventurer=a), NEXT_MOVER(waiting=rest))


def bars_to_spend(s: FujiState, f: Frame) -> list[Action]:
    return list(X.BOOST[: s.power_bars[f.args.adventurer] + 1])


def spend_bars(s: FujiState, f: Frame, action: Action) -> Events:
    """Gatherer: each power bar spent adds 1 to this turn's mover's movement value."""
    g, mover, k = f.args.adventurer, f.args.mover, action[1][0][1]
    if not k:
        return []
    s.power_bars[g] -= k
    s.power_bonus[mover] += k
    return [{"type": "power_bars", "adventurer": g, "for": mover, "spent": k}]


def move(s: FujiState, f: Frame) -> Events:
    """Steps A and B of one adventurer's turn."""
    a = f.args.adventurer
    d = s.destination[a]
    card = s.terrain[d]
    bonus = s.flare[a] + s.power_bonus[a]
    mine = movement_value(s, a, card) + bonus
    s.power_bonus[a] = 0
    left, right = s.neighbours(a)
    vl = movement_value(s, left, card)
    vr = movement_value(s, right, card)
    best = max(vl, vr)
    route = _route(s, a) if mine > best else None
    why = "" if mine > best else "not higher than both neighbours"
    if mine > best and s.lava[d]:
        why = "the destination has turned to lava"
    elif mine > best and route is None:
        why = "lava blocks every path to the destination"
    ok = not why
    ev: Events = [
        {
            "type": "turn",
            "adventurer": a,
            "value": mine,
            "left": [left, vl],
            "right": [right, vr],
            "moves": ok,
            "why": why,
            "to": list(XY[d]),
            "stay": d == s.position[a],
            "bonus": bonus,
        }
    ]
    s.destination[a] = NOWHERE
    if ok and route:
        s.position[a] = d
        arrive(s, a, route, ev)
        check_victory(s, ev)
        if s.result:
            return ev
    # B. stamina
    loss = 0 if s.first_aid[a] else stamina_loss(s.level, mine - best if ok else None)
    lose_stamina(s, a, loss, ev)
    return ev


def _route(s: FujiState, a: int) -> list[int] | None:
    """The path to a's marker: of the allowed length (a Rope in phase 4 adds a step),
    around eruption tokens if it can be; ``[]`` to stay."""
    start, goal = s.position[a], s.destination[a]
    limit = step_limit(s, a) + s.roped[a]
    route = path(s.terrain, s.lava, start, goal, limit, s.eruption_tokens)
    return route if route is not None else path(s.terrain, s.lava, start, goal, limit)


def lose_stamina(s: FujiState, a: int, loss: int, ev: Events) -> None:
    old = s.stamina_lost[a]
    new = old + loss
    s.stamina_lost[a] = min(new, s.exhaustion)
    if loss:
        ev.append({"type": "stamina", "adventurer": a, "lost": loss, "total": s.stamina_lost[a]})
    if new >= s.exhaustion:
        s.lose(f"{s.name(a)} collapsed from exhaustion", ev)
        return
    marks = injuries_marked(old, new, s.injury_marks)
    if marks:
        free = len(INJURIES) - s.injuries[a].bit_count()
        then(s, *[INJURY(s.controller(a), adventurer=a)] * min(marks, free))


def arrive(s: FujiState, a: int, route: list[int], ev: Events) -> None:
    """Eruption tokens on the way or at the end erupt at once (U8); an equipment
    token where the meeple ends up is collected."""
    for c in route:
        n = s.eruption_tokens[c]
        if n:
            s.eruption_tokens[c] = 0
            ev.append({"type": "eruption_token", "x": XY[c][0], "y": XY[c][1], "eruptions": n})
            for _ in range(n):
                erupt(s, ev)
                if s.result:
                    return
    c = s.position[a]
    if s.equipment_token[c]:
        s.equipment_token[c] = False
        then(s, DRAW_EQUIPMENT(adventurer=a))


def check_victory(s: FujiState, ev: Events) -> None:
    """The game is won the moment every meeple stands on a village card (not lava)."""
    for a in s.meeples():
        c = s.position[a]
        if not IS_VILLAGE[s.terrain[c]] or s.lava[c]:
            return
    s.win(ev)


def free_spaces(s: FujiState, f: Frame) -> list[Action]:
    injuries = s.injuries[f.args.adventurer]
    return [X.INJURY[name] for name, space in INJURY_SPACES.items() if not injuries & space]


def injure(s: FujiState, f: Frame, action: Action) -> Events:
    a, space = f.args.adventurer, action[1][0][1]
    s.injuries[a] |= int(INJURY_SPACES[space])
    if space == "leg":
        s.dice_to_lose[a] += 1  # the die goes once every stamina is adjusted
    elif space == "amnesia" and s.skill[a] == "tinkerer":
        # the Tinkerer loses the double use: discard every card used once
        for c in [c for c in s.equipment[a] if c in s.used_once[a]]:
            s.equipment[a].remove(c)
            s.discard.append(c)
        s.used_once[a] = frozenset()
    return [{"type": "injury", "adventurer": a, "space": space}]


def own_dice(s: FujiState, f: Frame) -> list[Action]:
    a = f.args.adventurer
    return [X.LOSE_DIE[d] for d, die in enumerate(s.dice) if die.owner == a and not die.lost]


def lose_die(s: FujiState, f: Frame, action: Action) -> Events:
    a, d = f.args.adventurer, action[1][0][1]
    s.dice[d].lost = True
    s.dice_to_lose[a] -= 1
    return [{"type": "lose_die", "adventurer": a, "die": d, "value": s.dice[d].value}]


# ---------------------------------------------------------------- steps
class Waiting(NamedTuple):
    waiting: tuple[int, ...]


class SpendBars(NamedTuple):
    adventurer: int  # the Gatherer
    mover: int


SCREENS_DOWN = Step("screens_down", run=screens_down)


NEXT_MOVER = Step("next_mover", run=next_mover, Args=Waiting)


NEXT_TURN = Step(
    "next_turn",
    "Phase 5: choose which adventurer who has not yet moved takes the next turn",
    movers,
    refuse_unlisted("Phase 5: choose an adventurer who has not yet moved this round", "next_turn"),
    next_turn,
    Args=Waiting,
    word="next turn",
)


SPEND_BARS = Step(
    "spend_bars",
    "Gatherer: spend power bars on this turn's mover, or none",
    bars_to_spend,
    refuse_unlisted("Gatherer: spend at most the power bars you have", "power_bars"),
    spend_bars,
    Args=SpendBars,
    word="power bars",
)


MOVE = Step("move", run=move, Args=Adventurer)


INJURY = Step(
    "injury",
    "Injury: cover an injury space that is still free",
    free_spaces,
    refuse_unlisted("Injury: cover an injury space that is still free", "injury"),
    injure,
    Args=Adventurer,
)


LOSE_DIE = Step(
    "lose_die",
    "Leg injury: lose one of your own dice",
    own_dice,
    refuse_unlisted("Leg injury: lose one of your own dice", "lose_die"),
    lose_die,
    Args=Adventurer,
    word="lose a die",
)
