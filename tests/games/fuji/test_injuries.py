"""Injury tokens: the four injury spaces and their effects."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.games.fuji.components import Injury

from .helpers import act, eq, new, plan, roll, row_board, steps


def line_position(skills, inj0=None, equipment=None):
    s = new(3, skills=skills, equipment=equipment)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    s.injuries[0] = inj0 or Injury(0)
    roll(s, {})
    return s


def test_eye_injury_no_rerolls_in_phase_3():
    s = line_position(("gatherer", "equipment_manager", "buddy"), inj0=Injury.EYE)
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})  # staying would give 2 rerolls
    assert not (s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0)
    assert s.rerolls_allowed[0] == 0


def test_eye_injury_also_cancels_the_reroll_symbol():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    row_board(s, [5] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    s.injuries[0] = Injury.EYE
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.rerolls_allowed[0] == 0 and s.rerolls_allowed[1] == 3


def test_broken_arm_no_equipment_cards():
    s = line_position(("buddy", "gatherer", "survivalist"), inj0=Injury.ARM, equipment=["radio"])
    assert eq("radio") in s.equipment[0]
    assert not any(a[0] == "use" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="Broken arm"):
        act(s, "use", card="radio")


def test_amnesia_no_skill_ability():
    s = line_position(
        ("survivalist", "gatherer", "buddy"), inj0=Injury.AMNESIA, equipment=["radio"]
    )
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.pending().args.left == 2  # the Survivalist's extra reroll is gone


def test_leg_injury_loses_a_die_for_good():
    s = line_position(("buddy", "gatherer", "equipment_manager"))
    s.dice[3].lost = True
    from lapilli.games.fuji.eruption import end_round

    end_round(s)
    assert 3 not in s.counting(0) and len(s.counting(0)) == 5


def test_an_injury_space_is_covered_only_once():
    s = line_position(("buddy", "gatherer", "equipment_manager"))
    s.injuries[0] = Injury.LEG | Injury.ARM | Injury.EYE
    s.stack.append(steps.INJURY(0, adventurer=0))
    s.changed()
    assert [a[1][0][1] for a in s.legal_actions()] == ["amnesia"]
