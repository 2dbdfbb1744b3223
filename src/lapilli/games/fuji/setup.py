"""Set-up (rulebook "Setup" and "Rules for 2 players"): scenario, skills, terrain,
starting meeples, tokens, equipment, dice."""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.state import Game
from lapilli.core.zones import Zone

from . import actions as X
from .actions import Adventurer, refuse_unlisted
from .board import CELLS, NEIGH, NOWHERE, W, cell
from .components import (
    EQ,
    EQUIPMENT,
    LANDSCAPE,
    RANDOM_SCENARIOS,
    RUBBLE,
    SCENARIOS,
    SKILL_DEAL,
    SKILL_DICE,
    SKILL_KEEP,
    SKILLS,
    VILLAGE,
    VOLCANO,
)
from .events import Events
from .pile import DRAW_EQUIPMENT
from .rounds import ROUND
from .state import FujiState, Result


# ---------------------------------------------------------------- the table
def new_fuji(game: Game, players: int) -> FujiState:
    """The table before set-up; every draw of the set-up is a chance node."""
    s = FujiState.__new__(FujiState)
    s.setup(game, players)
    count = s.adventurer_count
    s.scenario = s.round = s.phase = 0
    s.result, s.cause = Result.PLAYING, ""
    s.terrain, s.eruption_tokens = [0] * CELLS, [0] * CELLS
    s.lava, s.equipment_token = [False] * CELLS, [False] * CELLS
    s.position, s.destination, s.marker_steps = (
        [NOWHERE] * count,
        [NOWHERE] * count,
        [NOWHERE] * count,
    )
    s.stamina_lost, s.power_bars, s.dice_to_lose = [0] * count, [0] * count, [0] * count
    s.skill = [""] * count
    s.injuries = [0] * count
    s.equipment = [[] for _ in range(count)]
    s.used_once = [frozenset[int]()] * count
    s.clear_round_effects()
    s.signals = []
    s.dice = s.new_dice()
    s.equipment_pile = Zone(range(len(EQUIPMENT)))
    s.discard = []
    s.skill_pile = Zone(range(len(SKILLS)))
    s.landscape_pile = Zone(LANDSCAPE)
    s.village_pile = Zone(VILLAGE)
    then(s, SETUP())
    s.advance()
    return s


# ---------------------------------------------------------------- scenario and skills
def start(s: FujiState, f: Frame) -> Events:
    """Draw the scenario card (or take the chosen one), then the skill cards."""
    opts = s.options
    frames = []
    if opts.scenario == "random":
        frames.append(DRAW_SCENARIO())
    else:
        s.scenario = int(opts.scenario)
    for a in range(s.players):
        if opts.skills == "dealt":
            frames.append(DEAL_SKILL(adventurer=a))
        else:
            frames.append(CHOOSE_SKILL(a, adventurer=a))
    if s.third is not None:
        # "Choose a skill card that uses 6 dice" for the third meeple (seat 0 speaks)
        frames.append(CHOOSE_SKILL(0, adventurer=s.third))
    then(s, *frames, LAY_OUT())
    return []


def scenario_outcomes(s: FujiState, f: Frame) -> list[tuple[Action, float]]:
    p = 1 / len(RANDOM_SCENARIOS)
    return [(X.SCENARIO[k], p) for k in RANDOM_SCENARIOS]


def draw_scenario(s: FujiState, f: Frame, action: Action) -> Events:
    s.scenario = action.arg("number")
    return [{"type": "scenario", "number": s.scenario}]


def skill_outcomes(s: FujiState, f: Frame) -> list[tuple[Action, float]]:
    return X.draws(s.skill_pile, X.DEAL_SKILL)


def take_skill(s: FujiState, f: Frame, action: Action) -> Events:
    """A skill card dealt (a chance node) or chosen."""
    a, skill = f.args.adventurer, action.arg("skill")
    s.skill[a] = skill
    s.skill_pile.take(SKILLS.index(skill))
    return [{"type": "skill", "adventurer": a, "skill": skill}]


def skills_left(s: FujiState, f: Frame) -> list[Action]:
    names = [SKILLS[k] for k in s.skill_pile.kinds()]
    if f.args.adventurer == s.third:
        names = [k for k in names if SKILL_DICE[k] == 6]
    return [X.CHOOSE_SKILL[k] for k in names]


# ---------------------------------------------------------------- terrain
def lay_out(s: FujiState, f: Frame) -> Events:
    """Steps 1-7 of the set-up example: volcano, rubble, villages, landscape, meeples,
    equipment tokens, eruption tokens."""
    four = s.players == 4
    rubble = list(RUBBLE)
    slots: list[Frame] = []
    villages = []
    starts = {}
    eruption_cells = []
    for y, row in enumerate(SCENARIOS[s.scenario]["grid"]):
        for x, code in enumerate(row):
            c = cell(x, y)
            if code == "." or (code == "V4" and not four):
                continue
            if code == "V":
                s.terrain[c] = VOLCANO
                s.lava[c] = True
            elif code == "R":
                s.terrain[c] = rubble.pop(0)
            else:
                village = code[0] in "vV"  # v, vE, vX, V4
                slots.append(LAY_CARD(cell=c, village=village))
                if village:
                    villages.append(c)
                if code in ("S", "S4"):
                    starts[code] = c
            if code.endswith("E"):
                s.equipment_token[c] = True
            if code.endswith("X"):
                s.eruption_tokens[c] = 1
                eruption_cells.append(c)
    _order_rubble(s)
    # 5: meeples on the white start (4 players: two of them on the grey start)
    for a in s.meeples():
        s.position[a] = starts["S4"] if four and a >= 2 else starts["S"]
    if s.options.extra_thrill and eruption_cells:
        s.eruption_tokens[_extra_thrill_token(eruption_cells, villages)] = 2
    then(s, *slots, DEAL_EQUIPMENT())
    return []


def _extra_thrill_token(tokens: list[int], villages: list[int]) -> int:
    """Extra thrill: the eruption token closest to the village shows two eruptions. As
    played so far: a token lying on a village slot, else the first in reading order
    (steps are counted before the landscape is laid; see docs/rules/fuji.md)."""
    return min(tokens, key=lambda c: (c not in villages, c))


def _order_rubble(s: FujiState) -> None:
    """Give the rubble card next to the volcano the first rubble id (display only)."""
    rubble = [c for c in range(CELLS) if s.terrain[c] in RUBBLE]
    if len(rubble) == 2:
        near = [c for c in rubble if any(s.terrain[n] == VOLCANO for n in NEIGH[c])]
        first = near[0] if near else rubble[0]
        second = rubble[1] if first == rubble[0] else rubble[0]
        s.terrain[first], s.terrain[second] = RUBBLE[0], RUBBLE[1]


def terrain_outcomes(s: FujiState, f: Frame) -> list[tuple[Action, float]]:
    pile = s.village_pile if f.args.village else s.landscape_pile
    return X.draws(pile, X.CARD)


def lay_card(s: FujiState, f: Frame, action: Action) -> Events:
    k, c = action.arg("id"), f.args.cell
    (s.village_pile if f.args.village else s.landscape_pile).draw(k)
    s.terrain[c] = k
    return [{"type": "terrain", "x": c % W, "y": c // W, "card": k}]


# ---------------------------------------------------------------- equipment and dice
def deal_equipment(s: FujiState, f: Frame) -> Events:
    """Each skill card says how many equipment cards its player is dealt."""
    draws = [
        DRAW_EQUIPMENT(adventurer=a) for a in s.meeples() for _ in range(SKILL_DEAL[s.skill[a]])
    ]
    then(s, *draws, KEEP())
    return []


def keep(s: FujiState, f: Frame) -> Events:
    """The Equipment manager and the Tinkerer keep some of their cards; the 5-dice
    skills leave one die in the box."""
    frames = []
    for a in s.meeples():
        extra = len(s.equipment[a]) - SKILL_KEEP[s.skill[a]]
        if extra > 0:
            frames.append(PUT_UNDER(s.controller(a), adventurer=a, left=extra))
    for a in s.meeples():
        if SKILL_DICE[s.skill[a]] == 5:
            frames.append(LEAVE_OUT(s.controller(a), adventurer=a))
    then(s, *frames, ROUND())
    return []


def own_cards(s: FujiState, f: Frame) -> list[Action]:
    return [X.PUT_UNDER[EQUIPMENT[c]] for c in s.equipment[f.args.adventurer]]


def put_under(s: FujiState, f: Frame, action: Action) -> Events:
    """Equipment manager keeps 2 of 4, Tinkerer 1 of 3; the rest go under the pile."""
    a, name = f.args.adventurer, action.arg("card")
    s.equipment[a].remove(EQ[name])
    s.equipment_pile.put_under(EQ[name])
    if f.args.left > 1:
        then(s, f._replace(args=f.args._replace(left=f.args.left - 1)))
    return [{"type": "put_under", "adventurer": a, "card": name}]


def die_types(s: FujiState, f: Frame) -> list[Action]:
    return list(X.LEAVE_OUT)


def leave_out(s: FujiState, f: Frame, action: Action) -> Events:
    """A 5-dice skill: the player picks which die of the set stays in the box (U3)."""
    a, t = f.args.adventurer, action.arg("die_type")
    die_type = "ABC".index(t)
    for die in s.dice:
        if die.owner == a and die.type == die_type and not die.lost:
            die.lost = True
            break
    return [{"type": "left_out", "adventurer": a, "die_type": t}]


# ---------------------------------------------------------------- steps
class LayCard(NamedTuple):
    cell: int
    village: bool


class PutUnder(NamedTuple):
    adventurer: int
    left: int


SETUP = Step("setup", run=start)


DRAW_SCENARIO = Step(
    "draw_scenario",
    "a scenario card is drawn",
    outcomes=scenario_outcomes,
    apply=draw_scenario,
    word="scenario",
)


DEAL_SKILL = Step(
    "deal_skill",
    "a skill card is dealt",
    outcomes=skill_outcomes,
    apply=take_skill,
    Args=Adventurer,
    word="deal skills",
)


CHOOSE_SKILL = Step(
    "choose_skill",
    "Set-up: choose a skill card still in the pile",
    skills_left,
    refuse_unlisted(
        "Set-up: choose a skill card still in the pile (the third meeple's uses 6 dice)",
        "choose_skill",
    ),
    take_skill,
    Args=Adventurer,
    word="choose a skill",
)


LAY_OUT = Step("lay_out", run=lay_out)


LAY_CARD = Step(
    "lay_card",
    "a terrain card is laid",
    outcomes=terrain_outcomes,
    apply=lay_card,
    Args=LayCard,
    word="lay terrain",
)


DEAL_EQUIPMENT = Step("deal_equipment", run=deal_equipment)


KEEP = Step("keep", run=keep)


PUT_UNDER = Step(
    "put_under",
    "Set-up: put one of your dealt equipment cards under the draw pile",
    own_cards,
    refuse_unlisted(
        "Set-up: put one of your dealt equipment cards under the draw pile", "put_under"
    ),
    put_under,
    Args=PutUnder,
    word="put a card under",
)


LEAVE_OUT = Step(
    "leave_out",
    "Set-up: a skill with 5 dice leaves one die type out (leave_out A, B or C)",
    die_types,
    refuse_unlisted(
        "Set-up: a skill with 5 dice leaves one die of type A, B or C out", "leave_out"
    ),
    leave_out,
    Args=Adventurer,
    word="leave a die out",
)
