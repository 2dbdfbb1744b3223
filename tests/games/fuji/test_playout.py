"""The quick moves a search rolls out with (``heuristics.playout``) and its horizon."""

import random

from lapilli.agents.evaluation import evaluation_for
from lapilli.games.fuji import Fuji, heuristics
from lapilli.games.fuji import actions as X
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import VALID, VILLAGE, VOLCANO

from .helpers import new, plan, roll, row_board, set_dice, steps


def lava_position():
    """Seat 0 at (1,0), next to the volcano at (0,0); the village at (7,0); phase 2."""
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"), level=1)
    row_board(s, [VOLCANO] + [16] * 6 + [VILLAGE[0]], start={0: (1, 0), 1: (4, 0), 2: (6, 0)})
    roll(s, {0: "A3 A4 B3 B4 C3 C4", 1: "A3 A4 B3 B4 C3 C4", 2: "A3 A4 B3 B4 C3 C4"})
    return s


def test_fuji_supplies_a_playout_and_its_round_as_the_horizon():
    evaluation = evaluation_for(Fuji)
    assert evaluation.playout is heuristics.playout
    s = lava_position()
    assert evaluation.horizon(s) == s.round == 1


def test_the_playout_never_waits_next_to_the_lava():
    # staying at (1,0) is death at this round's eruption: any move that may succeed is
    # better, and the nearest to the village among equal chances
    s = lava_position()
    assert s.stack[-1].step is steps.PLAN and s.stack[-1].args.adventurer == 0
    aim = heuristics.playout(s, 0, random.Random(0))
    assert aim.kind == "destination" and (aim.arg("x"), aim.arg("y")) != (1, 0)
    assert heuristics.success_chance(s, 0, 0, cell(aim.arg("x"), 0)) > 0


def test_a_certain_move_goes_as_near_the_village_as_it_may():
    s = lava_position()
    roll_known = {0: "A6 A6 B6 B6 C6 C6", 1: "A1 A1 B1 B1 C1 C1", 2: "A1 A1 B1 B1 C1 C1"}
    for a, spec in roll_known.items():
        set_dice(s, a, spec)
    for die in s.dice:
        die.seen = -1  # every die known
    aims = [m for m in s.legal_actions() if m.kind == "destination"]
    cells = [cell(m.arg("x"), m.arg("y")) for m in aims]
    certain = [c for c in cells if heuristics.success_chance(s, 0, 0, c) == 1.0]
    assert len(certain) > 1
    to_village = heuristics._distances_to_village(s)
    aim = heuristics.playout(s, 0, random.Random(0))
    chosen = cell(aim.arg("x"), aim.arg("y"))
    assert chosen in certain
    assert to_village[chosen] == min(to_village[c] for c in certain) < to_village[cell(1, 0)]


def test_the_playout_rerolls_its_dice_below_an_average_roll():
    s = lava_position()
    plan(s, {0: (2, 0), 1: (5, 0), 2: (6, 0)})
    while s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer != 0:
        s.apply(heuristics.playout(s, s.current_player(), random.Random(0)))
    assert s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0
    valid, mean = VALID[16], heuristics._MEAN[16]
    low = {d for d in s.held(0) if valid[s.dice[d].type][s.dice[d].value] < mean[s.dice[d].type]}
    assert low, "the position must have dice worth rerolling"
    chosen = set()
    while True:
        move = heuristics.playout(s, 0, random.Random(0))
        if move.kind != "select":
            break
        chosen.add(move.arg("die"))
        s.apply(move)
    assert move.kind == "reroll" and chosen == low


def test_a_likely_move_keeps_its_dice():
    s = lava_position()  # the neighbours stay: only seat 0's own move counts
    set_dice(s, 0, "A6 A6 B6 B6 C6 C6")
    plan(s, {0: (2, 0), 1: (4, 0), 2: (6, 0)})
    assert s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0
    assert heuristics.success_chance(s, 0, 0) > 0.99
    assert heuristics.playout(s, 0, random.Random(0)) == X.STOP


def test_a_meeple_that_stays_keeps_its_dice():
    s = lava_position()
    set_dice(s, 0, "A1 A1 B1 B1 C1 C1")  # every die below an average roll
    plan(s, {0: (1, 0), 1: (4, 0), 2: (6, 0)})  # seat 0 stays where it is
    assert s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0
    assert any(m.kind == "select" for m in s.legal_actions())
    assert heuristics.playout(s, 0, random.Random(0)) == X.STOP


def test_lava_steps_count_the_eruptions_until_each_card_is_swallowed():
    s = lava_position()  # the volcano at (0,0), seats at (1,0), (4,0) and (6,0)
    steps_to_lava = heuristics._lava_steps(s)
    assert [steps_to_lava[cell(x, 0)] for x in (0, 1, 4, 6)] == [0, 1, 4, 6]


def test_a_seat_judges_only_the_dice_it_sees():
    s = lava_position()
    hands = heuristics.dice_seen(s, 1)
    assert hands[1] == [(d.type, d.value) for d in s.dice if d.holder == 1]
    assert hands[0] == [(d.type, 0) for d in s.dice if d.holder == 0]  # behind seat 0's screen
