"""PHASE 6: the eruption."""

from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import RUBBLE

from .helpers import new, no_equipment, no_rerolls, plan, roll, steps, turn


def play_round(s, dests):
    roll(s, {})
    plan(s, dests)
    no_rerolls(s)
    no_equipment(s)
    while s.stack and s.stack[-1].step in (steps.NEXT_TURN, steps.SPEND_BARS):
        turn(s, s.legal_actions()[0][1][0][1])
    while s.stack and s.stack[-1].step is steps.INJURY:  # injuries
        s.apply(s.legal_actions()[0])


def test_round_1_flips_only_the_first_rubble_card():
    s = new(3, scenario="2")
    start = (1, 4)
    before = [c for c in range(64) if s.lava[c]]
    play_round(s, {0: start, 1: (1, 3), 2: (2, 3)})
    flipped = [c for c in range(64) if s.lava[c] and c not in before]
    assert flipped == [cell(0, 5)] and s.terrain[cell(0, 5)] == RUBBLE[0]
    assert s.round == 2 and not s.result


def test_later_rounds_flip_every_card_next_to_lava_at_once():
    s = new(3, scenario="2")
    s.lava[cell(0, 5)] = True
    s.lava[cell(1, 5)] = True
    for a in range(3):
        s.position[a] = cell(2, 2)
    play_round(s, {0: (2, 2), 1: (3, 2), 2: (4, 2)})
    # next to the rubble: the start card (1,4) ; (1,6) has no card
    assert s.lava[cell(1, 4)] and not s.lava[cell(1, 3)]


def test_a_meeple_on_a_flipped_card_is_swallowed():
    s = new(3, scenario="2")
    s.lava[cell(0, 5)] = True
    s.lava[cell(1, 5)] = True
    play_round(s, {0: (1, 4), 1: (1, 3), 2: (2, 3)})  # all 1s: ties, nobody moves
    assert s.result == -1 and "lava" in s.cause and s.is_terminal()


def test_village_cards_have_no_lava_side_and_never_flip():
    s = new(3, scenario="2")
    s.lava[cell(5, 6)] = True  # next to the village at (6,6)
    for a in range(3):
        s.position[a] = cell(2, 2)
    s.position[0] = cell(6, 6)  # a meeple waits in the village, beside the lava
    play_round(s, {0: (6, 6), 1: (3, 2), 2: (4, 2)})
    assert not s.lava[cell(6, 6)] and not s.result and s.round == 2
    # the lava spreads to the landscape cards beside it, not to the village
    assert all(s.lava[n] for n in (cell(5, 5), cell(4, 6)) if s.terrain[n])


def test_end_of_round_returns_lent_dice_and_markers():
    s = new(3, scenario="2")
    for a in range(3):
        s.position[a] = cell(2, 2)
    s.dice[0].holder = 1
    play_round(s, {0: (2, 2), 1: (3, 2), 2: (4, 2)})
    assert s.dice[0].holder == 0 and s.destination == [-1, -1, -1]
