"""Set-up (rulebook "Setup" and "Rules for 2 players"): scenario, skills, terrain,
starting meeples, tokens, equipment, dice."""

from __future__ import annotations

from typing import Any

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import actions as X
from . import frames as F
from .board import CELLS, W, cell, grid_distance
from .state import COUNTERS, PUBLIC, ROUND_FLAGS, FujiState, register
from .tables import (
    DICE_SET,
    EQUIPMENT,
    LANDSCAPE,
    RUBBLE,
    SCENARIOS,
    SKILL_DEAL,
    SKILL_DICE,
    SKILL_KEEP,
    SKILLS,
    VILLAGE,
    VISIBLE_NEUTRAL,
    VOLCANO,
)


def new_state(game: Any, players: int) -> FujiState:
    """The table before set-up; every draw of the set-up is a chance node."""
    opts = game.options
    s = FujiState.__new__(FujiState)
    s.game = game
    s.level = opts.level
    s.n = players
    two = players == 2
    s.third = 2 if two and opts.variant == "B" else -1
    s.m = 3 if s.third >= 0 else players
    s.neutral = 2 if two and opts.variant == "A" else -1
    count = s.m + (1 if s.neutral >= 0 else 0)
    s.ring = list(range(count))
    s.scenario = 0
    s.round = 0
    s.result = 0
    s.cause = ""
    s.sess_adv = s.sess_seat = -1
    s.sess_left = s.sess_sel = s.sess_kind = 0
    s.remaining = 0
    s.phase = 0  # 0 = set-up, then the phase of the round (1-6)
    s.card = [0] * CELLS
    s.lava = [0] * CELLS
    s.etok = [0] * CELLS
    s.xtok = [0] * CELLS
    for name in ("pos", "dest", "ddist"):
        setattr(s, name, [-1] * count)
    for name in COUNTERS + ROUND_FLAGS:
        setattr(s, name, [0] * count)
    s.skill = [""] * count
    s.equip = [[] for _ in range(count)]
    s.signals = []
    # dice: a set of six per adventurer (types A A B B C C)
    s.dtype, s.dval, s.dseen, s.dhold, s.dhome, s.dmask, s.daside, s.dlost = (
        [],
        [],
        [],
        [],
        [],
        [],
        [],
        [],
    )
    allp = (1 << players) - 1 | PUBLIC
    for a in range(count):
        shown = list(VISIBLE_NEUTRAL)
        for i, t in enumerate(DICE_SET):
            s.dtype.append(t)
            s.dval.append(0)
            s.dseen.append(0)
            s.dhold.append(a)
            s.dhome.append(a)
            s.daside.append(0)
            s.dlost.append(0)
            if a == s.neutral:
                # variant A (U4): one die of each type rolled in front of the screen
                if t in shown:
                    shown.remove(t)
                    s.dmask.append(allp)
                else:
                    s.dmask.append(0)
            elif a == s.third:
                # variant B: a blue 1, a blue 2 and a blue 3 on each side of the screens
                s.dmask.append(1 << (i % 2))
            else:
                s.dmask.append(1 << a)
    s.deck = list(range(len(EQUIPMENT)))
    s.bottom = []
    s.discard = []
    s.skill_pool = list(SKILLS)
    s.land_pool = list(LANDSCAPE)
    s.village_pool = list(VILLAGE)
    s.stack = [(F.A_SETUP, CHANCE, -1, 0, 0)]
    s._legal = None
    from .state import settle

    settle(s, [])
    return s


# ---------------------------------------------------------------- scenario and skills
def setup_start(s: FujiState, f: tuple, ev: list) -> None:
    opts = s.game.options
    frames_: list[tuple] = []
    if opts.scenario == "random":
        frames_.append((F.C_SCENARIO, CHANCE, -1, 0, 0))
    else:
        s.scenario = int(opts.scenario)
    for a in range(s.n):
        if opts.skills == "dealt":
            frames_.append((F.C_SKILL, CHANCE, a, 0, 0))
        else:
            frames_.append((F.D_SKILL, a, a, 0, 0))
    if s.third >= 0:
        # "Choose a skill card that uses 6 dice" for the third meeple (seat 0 speaks)
        frames_.append((F.D_SKILL, 0, s.third, 0, 0))
    frames_.append((F.A_BOARD, CHANCE, -1, 0, 0))
    s.push(*frames_)


def scenario_outcomes(s: FujiState, f: tuple) -> list:
    from .tables import RANDOM_SCENARIOS

    p = 1 / len(RANDOM_SCENARIOS)
    return [(X.SCENARIO[k], p) for k in RANDOM_SCENARIOS]


def scenario_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    s.scenario = action[1][0][1]
    ev.append({"type": "scenario", "number": s.scenario})


def skill_outcomes(s: FujiState, f: tuple) -> list:
    p = 1 / len(s.skill_pool)
    return [(X.SKILL_DRAW[k], p) for k in s.skill_pool]


def give_skill(s: FujiState, a: int, skill: str, ev: list) -> None:
    s.skill[a] = skill
    s.skill_pool.remove(skill)
    ev.append({"type": "skill", "adventurer": a, "skill": skill})


def skill_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    give_skill(s, f[2], action[1][0][1], ev)


def choose_skill_legal(s: FujiState, f: tuple) -> list:
    pool = s.skill_pool
    if f[2] == s.third:
        pool = [k for k in pool if SKILL_DICE[k] == 6]
    return [X.CHOOSE_SKILL[k] for k in pool]


# ---------------------------------------------------------------- terrain
def build_board(s: FujiState, f: tuple, ev: list) -> None:
    """Steps 1-7 of the set-up example: volcano, rubble, villages, landscape, meeples,
    equipment tokens, eruption tokens."""
    grid = SCENARIOS[s.scenario]["grid"]
    four = s.n == 4
    rubble = list(RUBBLE)
    slots: list[tuple] = []
    white = grey = -1
    xcells = []
    for y, row in enumerate(grid):
        for x, code in enumerate(row):
            c = cell(x, y)
            if code == ".":
                continue
            if code == "V":
                s.card[c] = VOLCANO
                s.lava[c] = 1
            elif code == "R":
                s.card[c] = rubble.pop(0)
            elif code[0] in "vV":  # v, vE, vX, V4
                if code == "V4" and not four:
                    continue
                slots.append((F.C_TERRAIN, CHANCE, -1, c, 1))
            else:
                slots.append((F.C_TERRAIN, CHANCE, -1, c, 0))
                if code == "S":
                    white = c
                elif code == "S4":
                    grey = c
            if code.endswith("E"):
                s.etok[c] = 1
            if code.endswith("X"):
                s.xtok[c] = 1
                xcells.append(c)
    # the rubble chain: the first rubble card is the one next to the volcano
    _order_rubble(s)
    # 5: meeples on the white start (4 players: two of them on the grey start)
    for a in s.meeples():
        s.pos[a] = grey if four and a >= 2 else white
    # extra thrill: the eruption token closest to the village shows two eruptions
    if s.game.options.extra_thrill and xcells:
        villages = {sl[3] for sl in slots if sl[4] == 1}
        best = min(xcells, key=lambda c: (grid_distance(s.card, c, villages), c))
        s.xtok[best] = 2
    s.push(*slots, (F.A_DEAL, CHANCE, -1, 0, 0))


def _order_rubble(s: FujiState) -> None:
    """Give the rubble card next to the volcano the first rubble id (display only)."""
    from .board import NEIGH

    rub = [c for c in range(CELLS) if s.card[c] in RUBBLE]
    if len(rub) == 2:
        first = next((c for c in rub if any(s.card[n] == VOLCANO for n in NEIGH[c])), rub[0])
        second = rub[1] if first == rub[0] else rub[0]
        s.card[first], s.card[second] = RUBBLE[0], RUBBLE[1]


def terrain_outcomes(s: FujiState, f: tuple) -> list:
    pool = s.village_pool if f[4] else s.land_pool
    p = 1 / len(pool)
    return [(X.CARD[k], p) for k in pool]


def terrain_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    k = action[1][0][1]
    (s.village_pool if f[4] else s.land_pool).remove(k)
    s.card[f[3]] = k
    ev.append({"type": "terrain", "x": f[3] % W, "y": f[3] // W, "card": k})


# ---------------------------------------------------------------- equipment and dice
def deal(s: FujiState, f: tuple, ev: list) -> None:
    frames_ = []
    for a in s.meeples():
        frames_.extend([(F.C_EQUIP, CHANCE, a, 0, 0)] * SKILL_DEAL[s.skill[a]])
    frames_.append((F.A_KEEP, CHANCE, -1, 0, 0))
    s.push(*frames_)


def keep(s: FujiState, f: tuple, ev: list) -> None:
    frames_ = []
    for a in s.meeples():
        extra = len(s.equip[a]) - SKILL_KEEP[s.skill[a]]
        if extra > 0:
            frames_.append((F.D_PUT_UNDER, s.controller(a), a, extra, 0))
    for a in s.meeples():
        if SKILL_DICE[s.skill[a]] == 5:
            frames_.append((F.D_LEAVE, s.controller(a), a, 0, 0))
    frames_.append((F.A_ROUND, CHANCE, -1, 0, 0))
    s.push(*frames_)


def put_under_legal(s: FujiState, f: tuple) -> list:
    return [X.PUT_UNDER[EQUIPMENT[c]] for c in s.equip[f[2]]]


def put_under_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """Equipment manager keeps 2 of 4, Tinkerer 1 of 3; the rest go under the pile."""
    a = f[2]
    c = EQUIPMENT.index(action[1][0][1])
    s.equip[a].remove(c)
    s.bottom.append(c)
    s.stack.pop()
    if f[3] > 1:
        s.stack.append((f[0], f[1], a, f[3] - 1, 0))
    ev.append({"type": "put_under", "adventurer": a, "card": EQUIPMENT[c]})


def leave_legal(s: FujiState, f: tuple) -> list:
    return list(X.LEAVE_OUT)


def leave_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """A 5-dice skill: the player picks which die of the set stays in the box (U3)."""
    a = f[2]
    t = "ABC".index(action[1][0][1])
    for d in range(len(s.dtype)):
        if s.dhome[d] == a and s.dtype[d] == t and not s.dlost[d]:
            s.dlost[d] = 2
            break
    s.stack.pop()
    ev.append({"type": "left_out", "adventurer": a, "die_type": "ABC"[t]})


def choose_skill_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    give_skill(s, f[2], action[1][0][1], ev)


register(F.A_SETUP, auto=setup_start)
register(F.C_SCENARIO, outcomes=scenario_outcomes, apply=scenario_apply)
register(F.C_SKILL, outcomes=skill_outcomes, apply=skill_apply)
register(F.D_SKILL, legal=choose_skill_legal, apply=choose_skill_apply)
register(F.A_BOARD, auto=build_board)
register(F.C_TERRAIN, outcomes=terrain_outcomes, apply=terrain_apply)
register(F.A_DEAL, auto=deal)
register(F.A_KEEP, auto=keep)
register(F.D_PUT_UNDER, legal=put_under_legal, apply=put_under_apply)
register(F.D_LEAVE, legal=leave_legal, apply=leave_apply)
