"""Injury tokens: the four injury spaces and their effects."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.games.fuji import frames as F

from .helpers import act, eq, new, plan, roll, row_board


def line_position(skills, inj0=0, equipment=None):
    s = new(3, skills=skills, equipment=equipment)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    s.inj[0] = inj0
    roll(s, {})
    return s


def test_eye_injury_no_rerolls_in_phase_3():
    s = line_position(("gatherer", "equipment_manager", "buddy"), inj0=8)
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})  # staying would give 2 rerolls
    assert not (s.stack[-1][0] == F.D_REROLL and s.stack[-1][2] == 0)
    assert s.p3_allowed[0] == 0


def test_eye_injury_also_cancels_the_reroll_symbol():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    row_board(s, [5] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    s.inj[0] = 8
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.p3_allowed[0] == 0 and s.p3_allowed[1] == 3


def test_broken_arm_no_equipment_cards():
    s = line_position(("buddy", "gatherer", "survivalist"), inj0=2, equipment=["radio"])
    assert eq("radio") in s.equip[0]
    assert not any(a[0] == "use" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="Broken arm"):
        act(s, "use", card="radio")


def test_amnesia_no_skill_ability():
    s = line_position(("survivalist", "gatherer", "buddy"), inj0=4, equipment=["radio"])
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.sess_left == 2  # the Survivalist's extra reroll is gone


def test_leg_injury_loses_a_die_for_good():
    s = line_position(("buddy", "gatherer", "equipment_manager"))
    s.dlost[3] = 1
    from lapilli.games.fuji.eruption import end_round

    end_round(s)
    assert 3 not in s.counting(0) and len(s.counting(0)) == 5


def test_an_injury_space_is_covered_only_once():
    s = line_position(("buddy", "gatherer", "equipment_manager"))
    s.inj[0] = 1 | 2 | 8
    s.stack.append((F.D_INJURY, 0, 0, 0, 0))
    s._legal = None
    assert [a[1][0][1] for a in s.legal_actions()] == ["amnesia"]
