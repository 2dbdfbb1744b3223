"""Fuji's turn flow: every decision, chance node and automatic rule, in turn order.

Set-up, then rounds of six phases: 1 rolling the dice, 2 planning (destination
markers, signals, equipment cards), 3 rerolls, 4 equipment cards, 5 movement and
stamina (turn by turn, with injuries), 6 eruption. The equipment cards' own choices
(Binoculars, Lighter, ...) come last. Each decision's ``refuse`` names the rule an
action breaks; for an action of another step, the prompt is quoted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, Steps, take_if_only

from . import actions as X
from . import cards, equipment, eruption, movement, planning, rerolls, rolling, setup
from .board import NOWHERE


def refuse_unlisted(rule: str, kind: str) -> Callable[[Any, Frame, Action], str | None]:
    """A refusal quoting ``rule`` for an action of ``kind`` the step does not list."""

    def refuse(s: Any, f: Frame, action: Action) -> str | None:
        if action[0] == kind and action not in f.step.legal(s, f):  # type: ignore[misc]
            return rule
        return None

    return refuse


# ---------------------------------------------------------------- the frames' arguments
class Adventurer(NamedTuple):
    adventurer: int


class LayCard(NamedTuple):
    cell: int
    village: bool


class PutUnder(NamedTuple):
    adventurer: int
    left: int  # cards still to put under the pile


class Roll(NamedTuple):
    die: int
    tell: tuple[int, ...] = ()  # the dice of the batch whose results this roll tells


class Plan(NamedTuple):
    adventurer: int
    pass_number: int  # the first or the second time round the table


class Reroll(NamedTuple):
    adventurer: int
    left: int  # rerolls left
    selected: tuple[int, ...]  # dice selected for the next reroll
    by_card: bool = False  # Water, Flash light: not the phase-3 allowance


class Waiting(NamedTuple):
    waiting: tuple[int, ...]  # adventurers who have not taken their phase-5 turn


class SpendBars(NamedTuple):
    adventurer: int  # the Gatherer
    mover: int


class Binoculars(NamedTuple):
    adventurer: int
    first: int = NOWHERE  # the first card picked


class GiveDie(NamedTuple):
    adventurer: int  # who hands over a die
    to: int
    may_refuse: bool = False  # Lighter: the teammate may refuse; Map: no


class Phase4(NamedTuple):
    adventurer: int
    passes: int  # adventurers who said done in a row just before this turn


class TurnDice(NamedTuple):
    adventurer: int
    face: int  # the face turned over: Duct tape 1, Compass 6


class Machete(NamedTuple):
    adventurer: int
    left: int  # dice that may still be set aside


class ShovelFace(NamedTuple):
    adventurer: int
    die: int


# ---------------------------------------------------------------- set-up
SETUP = Step("setup", run=setup.start)
DRAW_SCENARIO = Step(
    "draw_scenario",
    "a scenario card is drawn",
    outcomes=setup.scenario_outcomes,
    apply=setup.draw_scenario,
    word="scenario",
)
DEAL_SKILL = Step(
    "deal_skill",
    "a skill card is dealt",
    outcomes=setup.skill_outcomes,
    apply=setup.take_skill,
    Args=Adventurer,
    word="deal skills",
)
CHOOSE_SKILL = Step(
    "choose_skill",
    "Set-up: choose a skill card still in the pile",
    setup.skills_left,
    refuse_unlisted(
        "Set-up: choose a skill card still in the pile (the third meeple's uses 6 dice)",
        "choose_skill",
    ),
    setup.take_skill,
    Args=Adventurer,
    word="choose a skill",
)
LAY_OUT = Step("lay_out", run=setup.lay_out)
LAY_CARD = Step(
    "lay_card",
    "a terrain card is laid",
    outcomes=setup.terrain_outcomes,
    apply=setup.lay_card,
    Args=LayCard,
    word="lay terrain",
)
DEAL_EQUIPMENT = Step("deal_equipment", run=setup.deal_equipment)
DRAW_EQUIPMENT = Step("draw_equipment", run=equipment.draw, Args=Adventurer)
DRAW_SHUFFLED = Step(
    "draw_shuffled",
    "an equipment card is drawn",
    outcomes=equipment.shuffled_outcomes,
    apply=equipment.draw_shuffled,
    Args=Adventurer,
    word="equipment draw",
)
KEEP = Step("keep", run=setup.keep)
PUT_UNDER = Step(
    "put_under",
    "Set-up: put one of your dealt equipment cards under the draw pile",
    setup.own_cards,
    refuse_unlisted(
        "Set-up: put one of your dealt equipment cards under the draw pile", "put_under"
    ),
    setup.put_under,
    Args=PutUnder,
    word="put a card under",
)
LEAVE_OUT = Step(
    "leave_out",
    "Set-up: a skill with 5 dice leaves one die type out (leave_out A, B or C)",
    setup.die_types,
    refuse_unlisted(
        "Set-up: a skill with 5 dice leaves one die of type A, B or C out", "leave_out"
    ),
    setup.leave_out,
    Args=Adventurer,
    word="leave a die out",
)

# ---------------------------------------------------------------- phase 1: rolling the dice
ROUND = Step("round", run=rolling.start_round)
ROLL = Step("roll", "a die is rolled", outcomes=rolling.faces, apply=rolling.roll, Args=Roll)
_ROLLS: dict[int, Frame] = {}


def roll_frame(d: int, tell: tuple[int, ...] = ()) -> Frame:
    """The roll of die d (built once for a die that tells nothing)."""
    if tell:
        return ROLL(die=d, tell=tell)
    frame = _ROLLS.get(d)
    if frame is None:
        frame = _ROLLS[d] = ROLL(die=d)
    return frame


# ---------------------------------------------------------------- phase 2: planning
PLANNING = Step("planning", run=planning.start)
PLAN = Step(
    "plan",
    "Phase 2 (planning): place your destination marker, signal or use a phase-2 equipment card",
    planning.plan_options,
    planning.refuse_plan,
    planning.plan,
    Args=Plan,
)
END_PLANNING = Step("end_planning", run=planning.end)

# ---------------------------------------------------------------- phase 3: rerolls
REROLL = Step(
    "reroll",
    "Phase 3 (rerolls): select dice behind your own screen, reroll them, or stop",
    rerolls.reroll_options,
    rerolls.refuse_reroll,
    rerolls.reroll,
    Args=Reroll,
    settle=take_if_only(X.STOP),
)
GATHER = Step("gather", run=rerolls.gather)

# ---------------------------------------------------------------- phase 4: equipment cards
EQUIPMENT_CARDS = Step("equipment_cards", run=equipment.phase4)
USE_EQUIPMENT = Step(
    "use_equipment",
    "Phase 4 (equipment cards): use a phase-4 card, signal, or say done",
    equipment.phase4_options,
    equipment.refuse_phase4,
    equipment.phase4_use,
    Args=Phase4,
    settle=take_if_only(X.DONE),
    word="equipment",
)

# ---------------------------------------------------------------- phase 5: movement and stamina
SCREENS_DOWN = Step("screens_down", run=movement.screens_down)
NEXT_MOVER = Step("next_mover", run=movement.next_mover, Args=Waiting)
NEXT_TURN = Step(
    "next_turn",
    "Phase 5: choose which adventurer who has not yet moved takes the next turn",
    movement.movers,
    refuse_unlisted("Phase 5: choose an adventurer who has not yet moved this round", "next_turn"),
    movement.next_turn,
    Args=Waiting,
    word="next turn",
)
SPEND_BARS = Step(
    "spend_bars",
    "Gatherer: spend power bars on this turn's mover, or none",
    movement.bars_to_spend,
    refuse_unlisted("Gatherer: spend at most the power bars you have", "power_bars"),
    movement.spend_bars,
    Args=SpendBars,
    word="power bars",
)
MOVE = Step("move", run=movement.move, Args=Adventurer)
INJURY = Step(
    "injury",
    "Injury: cover an injury space that is still free",
    movement.free_spaces,
    refuse_unlisted("Injury: cover an injury space that is still free", "injury"),
    movement.injure,
    Args=Adventurer,
)
LOSE_DIE = Step(
    "lose_die",
    "Leg injury: lose one of your own dice",
    movement.own_dice,
    refuse_unlisted("Leg injury: lose one of your own dice", "lose_die"),
    movement.lose_die,
    Args=Adventurer,
    word="lose a die",
)

# ---------------------------------------------------------------- phase 6: eruption
ERUPTION = Step("eruption", run=eruption.eruption)

# ---------------------------------------------------------------- the cards' own choices
BINOCULARS = Step(
    "binoculars",
    "Binoculars: pick an empty landscape card (no meeple, marker or token; not a village)",
    cards.swap_options,
    refuse_unlisted(
        "Binoculars: pick two different empty landscape cards (no meeple, marker or token; "
        "not a village)",
        "swap_card",
    ),
    cards.swap,
    Args=Binoculars,
)
GIVE_DIE = Step(
    "give_die",
    "Lighter / Map: hand over one of your own dice (Lighter: or refuse)",
    cards.dice_to_hand_over,
    cards.refuse_hand_over,
    cards.hand_over,
    Args=GiveDie,
    word="give a die",
)
CARABINER = Step(
    "carabiner",
    "Carabiner: each of you must reroll exactly 1 of your own dice",
    cards.carabiner_dice,
    refuse_unlisted("Carabiner: reroll exactly 1 of your own dice", "reroll_die"),
    cards.carabiner,
    Args=Adventurer,
)
TURN_DICE = Step(
    "turn_dice",
    "Duct tape / Compass: turn one of your dice showing the right number, or done",
    cards.dice_to_turn,
    refuse_unlisted(
        "Duct tape turns your dice showing 1 to 6, the Compass your 6s to 1", "turn_die"
    ),
    cards.turn_die,
    Args=TurnDice,
    word="turn a die",
    # no settle: whether any die still shows the number is behind its owner's screen
)
MACHETE = Step(
    "machete",
    "Machete: set aside up to 2 of your own dice, or done",
    cards.machete_dice,
    refuse_unlisted("Machete: set aside up to 2 of your own dice", "set_aside"),
    cards.machete,
    Args=Machete,
    settle=take_if_only(X.DONE),
)
SHOVEL_DIE = Step(
    "shovel_die",
    "Shovel: pick 1 of your dice to turn to another side",
    cards.shovel_dice,
    refuse_unlisted("Shovel: pick 1 of your own dice", "shovel_die"),
    cards.shovel_die,
    Args=Adventurer,
    word="shovel",
)
SHOVEL_FACE = Step(
    "shovel_face",
    "Shovel: turn the die to another side",
    cards.other_faces,
    refuse_unlisted(
        "Shovel: turn the die to another side (1-6, not the one it shows)", "shovel_face"
    ),
    cards.shovel_face,
    Args=ShovelFace,
    word="shovel",
)
ROPE = Step(
    "rope",
    "Rope: move to an orthogonally adjacent card that is not lava, rubble or the volcano",
    cards.rope_options,
    refuse_unlisted(
        "Rope: move to an orthogonally adjacent card that is not lava, rubble or the volcano",
        "rope_to",
    ),
    cards.rope,
    Args=Adventurer,
)

# ---------------------------------------------------------------- at any time
GIVE_CARD = Step(
    "give_card",
    "Equipment manager: give one of your own cards to a teammate",
    equipment.give_options,
    equipment.refuse_give,
    equipment.give,
    kinds=frozenset({"give_card"}),
    word="give a card",
)

STEPS = Steps(
    SETUP,
    DRAW_SCENARIO,
    DEAL_SKILL,
    CHOOSE_SKILL,
    LAY_OUT,
    LAY_CARD,
    DEAL_EQUIPMENT,
    DRAW_EQUIPMENT,
    DRAW_SHUFFLED,
    KEEP,
    PUT_UNDER,
    LEAVE_OUT,
    ROUND,
    ROLL,
    PLANNING,
    PLAN,
    END_PLANNING,
    REROLL,
    GATHER,
    EQUIPMENT_CARDS,
    USE_EQUIPMENT,
    SCREENS_DOWN,
    NEXT_MOVER,
    NEXT_TURN,
    SPEND_BARS,
    MOVE,
    INJURY,
    LOSE_DIE,
    ERUPTION,
    BINOCULARS,
    GIVE_DIE,
    CARABINER,
    TURN_DICE,
    MACHETE,
    SHOVEL_DIE,
    SHOVEL_FACE,
    ROPE,
    free=[GIVE_CARD],
)
