"""RULES FOR 2 PLAYERS (variants A and B) and the "extra thrill" variant."""

from lapilli.core.actions import Action
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.movement import movement_value

from .helpers import (
    act,
    new,
    no_equipment,
    no_rerolls,
    plan,
    roll,
    row_board,
    set_dice,
    steps,
    turn,
)


# ---------------------------------------------------------------- variant A
def test_variant_a_rolls_a_neutral_set_three_dice_open_three_hidden_from_both():
    s = new(2, skills=("buddy", "gatherer"), variant="A")
    assert s.neutral == 2 and s.meeple_count == 2 and s.neighbours(0) == (2, 1)
    roll(s, {2: "A1 A2 B3 B4 C5 C6"})
    neutral = [d for d in range(len(s.dice)) if s.dice[d].owner == 2]
    for seat in (0, 1, None):
        shown = [x["value"] for x in s.observation(seat)["adventurers"][2]["dice"]]
        assert sorted(v for v in shown if v is not None) == [1, 3, 5]
        assert shown.count(None) == 3
    assert len(neutral) == 6


def test_variant_a_neutral_dice_cannot_be_rerolled_and_block_in_phase_5():
    s = new(2, skills=("buddy", "gatherer"), variant="A")
    row_board(s, [16] * 4, start={0: (0, 0), 1: (3, 0)})
    roll(s, {0: "A3 A3 B3 B3 C3 C3", 1: "A1 A1 B1 B1 C1 C1", 2: "A4 A4 B4 B4 C4 C4"})
    plan(s, {0: (1, 0), 1: (3, 0)})
    # only the two players hold reroll sessions (the Buddy's and the Gatherer's)
    while s.stack[-1].step is steps.REROLL:
        assert s.stack[-1].args.adventurer in (0, 1)
        act(s, "stop")
    no_equipment(s)
    ev = turn(s, 0)
    tv = next(e for e in ev if e["type"] == "turn" and e["adventurer"] == 0)
    assert tv["value"] == 18 and not tv["moves"]  # the neutral set shows 24
    assert 2 in (tv["left"][0], tv["right"][0])


def test_variant_a_neutral_hidden_dice_are_resampled_for_everybody():
    import random

    s = new(2, skills=("buddy", "gatherer"), variant="A")
    roll(s, {})
    hidden = [d for d in range(len(s.dice)) if s.dice[d].owner == 2 and not s.dice[d].seen]
    assert len(hidden) == 3
    seen_values = set()
    for i in range(30):
        g = s.determinize(0, random.Random(i))
        seen_values.update(g.dice[d].value for d in hidden)
        assert g.observation(0) == s.observation(0)
    assert len(seen_values) > 1


# ---------------------------------------------------------------- variant B
def test_variant_b_adds_a_third_meeple_with_a_six_dice_skill_and_equipment():
    g = Fuji(variant="B", scenario="2")
    s = g.new_state(2)
    s.apply(Action("skill", skill="scout"))
    s.apply(Action("skill", skill="buddy"))
    assert s.stack[-1].step is steps.CHOOSE_SKILL and s.current_player() == 0
    assert {a[1][0][1] for a in s.legal_actions()} == {"equipment_manager", "gatherer"}
    s2 = new(2, skills=("scout", "buddy"), variant="B", third_skill="gatherer")
    assert s2.meeple_count == 3 and s2.third == 2 and s2.skill[2] == "gatherer"
    assert len(s2.equipment[2]) == 1 and s2.position[2] == s2.position[0]


def test_variant_b_each_player_sees_three_of_the_third_meeples_dice():
    s = new(2, skills=("buddy", "gatherer"), variant="B", third_skill="equipment_manager")
    roll(s, {2: "A1 A2 B3 B4 C5 C6"})
    v0 = [x["value"] for x in s.observation(0)["adventurers"][2]["dice"]]
    v1 = [x["value"] for x in s.observation(1)["adventurers"][2]["dice"]]
    assert sum(v is not None for v in v0) == 3 and sum(v is not None for v in v1) == 3
    assert all((a is None) != (b is None) for a, b in zip(v0, v1, strict=True))
    # a blue 1, a blue 2 and a blue 3 on each side: one die of each type
    third = [d for d in range(len(s.dice)) if s.dice[d].owner == 2]
    for side in (1, 2):
        assert sorted(s.dice[d].type for d in third if s.dice[d].screen == side) == [0, 1, 2]


def test_variant_b_both_players_reroll_their_side_of_the_third_meeples_dice():
    s = new(2, skills=("gatherer", "equipment_manager"), variant="B", third_skill="buddy")
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    seen = []
    while s.stack[-1].step is steps.REROLL:
        f = s.stack[-1]
        seen.append((f.args.adventurer, f.seat))
        if f.args.adventurer == 2:
            dice = {a[1][0][1] for a in s.legal_actions() if a[0] == "select"}
            assert all(s.dice[d].screen == 1 << f.seat for d in dice)
        act(s, "stop")
    assert (2, 0) in seen and (2, 1) in seen


def test_variant_b_the_third_meeple_is_planned_by_the_players_in_turn():
    s = new(2, skills=("buddy", "gatherer"), variant="B", third_skill="equipment_manager")
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll(s, {})
    act(s, "destination", x=0, y=0)
    act(s, "destination", x=4, y=0)
    assert s.stack[-1].args.adventurer == 2 and s.current_player() == 0  # round 1: seat 0 speaks


def test_variant_b_third_meeple_must_reach_the_village_too():
    s = new(2, skills=("buddy", "gatherer"), variant="B", third_skill="equipment_manager")
    row_board(s, [30, 30, 16, 30], start={0: (0, 0), 1: (1, 0), 2: (2, 0)})
    s.equipment = [[], [], []]
    roll(s, {2: "A6 A6 B6 B6 C6 C6"})
    plan(s, {0: (0, 0), 1: (1, 0), 2: (3, 0)})
    no_rerolls(s)
    no_equipment(s)
    # both players already stand on villages: no victory until the third meeple arrives
    assert not s.result
    turn(s, 2)
    assert s.result == 1 and s.victory_points() == 12


# ---------------------------------------------------------------- extra thrill
def test_extra_thrill_token_causes_two_eruptions():
    s = new(3, scenario="2", extra_thrill=True)
    assert s.eruption_tokens[cell(6, 6)] == 2
    row = {(x, 0): 16 for x in range(8)}
    row[(7, 0)] = 1  # a volcano at the far end
    from .helpers import board

    board(s, row, start={0: (0, 0), 1: (0, 0), 2: (0, 0)})
    s.eruption_tokens[cell(2, 0)] = 2
    roll(s, {0: "A6 A6 B6 B6 C6 C6"})
    plan(s, {0: (2, 0), 1: (1, 0), 2: (0, 0)})
    no_rerolls(s)
    no_equipment(s)
    ev = turn(s, 0)
    assert sum(e["type"] == "eruption" for e in ev) == 2
    assert s.lava[cell(6, 0)] and s.lava[cell(5, 0)] and not s.lava[cell(4, 0)]


def test_movement_value_counts_borrowed_dice_for_the_holder():
    s = new(3)
    set_dice(s, 0, "A6 A6 B6 B6 C6 C6")
    set_dice(s, 1, "A1 A1 B1 B1 C1 C1")
    s.dice[0].holder = 1
    assert movement_value(s, 0, 16) == 30 and movement_value(s, 1, 16) == 6 + 6
