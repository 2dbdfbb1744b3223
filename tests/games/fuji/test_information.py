"""Hidden dice: what each seat sees, determinize, positions as JSON, rule messages."""

import json
import random

import pytest

from lapilli.core.errors import IllegalAction, MalformedInput
from lapilli.games.fuji import Fuji

from .helpers import act, new, no_equipment, no_rerolls, plan, roll, row_board, steps


def dice_values(view, a):
    return [d["value"] for d in view["adventurers"][a]["dice"]]


def test_each_seat_sees_only_its_own_dice_behind_the_screens():
    s = new(3)
    roll(s, {0: "A1 A2 B3 B4 C5 C6", 1: "A6 A6 B6 B6 C6 C6", 2: "A3 A3 B3 B3 C3 C3"})
    assert dice_values(s.observation(0), 0) == [1, 2, 3, 4, 5, 6]
    assert dice_values(s.observation(0), 1) == [None] * 6
    assert dice_values(s.observation(1), 0) == [None] * 6
    assert dice_values(s.observation(None), 2) == [None] * 6


def test_determinize_resamples_exactly_what_the_seat_cannot_see():
    s = new(3)
    roll(s, {0: "A1 A2 B3 B4 C5 C6", 1: "A6 A6 B6 B6 C6 C6", 2: "A6 A6 B6 B6 C6 C6"})
    changed = set()
    for i in range(20):
        g = s.determinize(0, random.Random(i))
        assert g.observation(0) == s.observation(0)
        assert [die.value for die in g.dice[:6]] == [die.value for die in s.dice[:6]]
        changed.update(d for d in range(6, 18) if g.dice[d].value != s.dice[d].value)
        assert g.terrain == s.terrain and g.position == s.position and g.equipment == s.equipment
    assert changed == set(range(6, 18))


def test_phase_5_shows_every_die_to_everybody():
    s = new(3)
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll(s, {1: "A6 A6 B6 B6 C6 C6"})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    no_rerolls(s)
    no_equipment(s)
    assert dice_values(s.observation(0), 1) == [6] * 6
    assert dice_values(s.observation(None), 1) == [6] * 6


def test_a_position_round_trips_through_json_and_damage_is_refused():
    s = new(3)
    roll(s, {})
    data = json.loads(json.dumps(s.to_json()))
    back = Fuji(scenario="2").state_from_json(data)
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()
    broken = dict(data)
    del broken["stack"]
    with pytest.raises(MalformedInput):
        Fuji().state_from_json(broken)
    with pytest.raises(MalformedInput):
        Fuji().state_from_json({**data, "terrain": [0, 1]})
    with pytest.raises(MalformedInput):
        Fuji().state_from_json("not a position")


def test_clones_are_independent():
    s = new(3)
    roll(s, {})
    c = s.clone()
    act(c, "destination", x=1, y=3)
    assert s.destination[0] == -1 and c.destination[0] != -1


def test_illegal_actions_name_the_rule_and_change_nothing():
    s = new(3)
    roll(s, {})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Movement rules"):
        act(s, "destination", x=7, y=7)
    with pytest.raises(IllegalAction, match="not lying in front of you"):
        act(s, "use", card="shovel")
    with pytest.raises(IllegalAction, match="must act now. Phase 2"):
        act(s, "face", value=3)
    assert s.to_json() == before


def test_the_six_phases_follow_in_order():
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"))
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.phase == 1
    roll(s, {})
    assert s.phase == 2 and s.observation(0)["phase"] == 2
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.phase == 3
    no_rerolls(s)
    assert s.phase in (4, 5)
    no_equipment(s)
    assert s.phase == 5
    while s.stack[-1].step is not steps.ROLL:  # until the next round's first roll
        s.apply(s.legal_actions()[0])
    assert s.round == 2 and s.phase == 1
