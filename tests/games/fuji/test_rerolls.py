"""PHASE 1 and PHASE 3: rolling behind the screens and rerolls."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE
from lapilli.games.fuji.board import cell

from .helpers import act, new, plan, roll, row_board, steps, top


def sessions(s):
    """Walk phase 3, stopping every session; returns {adventurer: rerolls offered}."""
    out = {}
    while s.stack[-1].step is steps.REROLL:
        out[s.stack[-1].args.adventurer] = s.pending().args.left
        act(s, "stop")
    return out


def line(s, ids=(16, 16, 16, 16, 16, 16, 16, 16)):
    row_board(s, list(ids), start={0: (0, 0), 1: (4, 0), 2: (7, 0), 3: (7, 0)})


def test_phase_1_rolls_every_die_one_chance_node_at_a_time():
    s = new(3)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert [a[1][0][1] for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    n = 0
    while s.current_player() == CHANCE:
        s.apply(outcomes[2][0])
        n += 1
    assert n == 18 and top(s) == "plan"


def test_rerolls_by_distance_2_to_stay_1_for_one_or_two_steps_0_for_three():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {})
    plan(s, {0: (0, 0), 1: (6, 0), 2: (4, 0)})
    got = sessions(s)
    assert got[0] == 2 and got[1] == 1 and got[2] == 0  # buddy: a session for set-aside


def test_two_steps_still_give_one_reroll():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {})
    plan(s, {0: (2, 0), 1: (4, 0), 2: (7, 0)})
    got = sessions(s)
    assert got[0] == 1 and got[1] == 2


def test_three_steps_give_no_reroll():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {})
    plan(s, {0: (3, 0), 1: (4, 0), 2: (7, 0)})
    got = sessions(s)
    assert 0 not in got


def test_a_card_with_the_reroll_symbol_gives_one_more():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s, (16, 16, 16, 5, 16, 16, 16, 16))  # card 5 (1 or 3) has the symbol
    roll(s, {})
    plan(s, {0: (3, 0), 1: (4, 0), 2: (7, 0)})
    assert sessions(s)[0] == 1


def test_reroll_any_subset_together_and_only_those_dice_are_rolled():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {0: "A1 A2 B3 B4 C5 C6"})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.current_player() == 0
    act(s, "select", die=0)
    act(s, "select", die=5)
    assert not any(a == ("select", (("die", 0),)) for a in s.legal_actions())
    act(s, "reroll")
    assert s.current_player() == CHANCE and s.stack[-1].args.die == 0
    s.apply(s.chance_outcomes()[5][0])  # die 0 shows 6
    assert s.stack[-1].args.die == 5
    s.apply(s.chance_outcomes()[3][0])  # die 5 shows 4
    assert [s.dice[d].value for d in range(6)] == [6, 2, 3, 4, 5, 4]
    assert s.pending().args.left == 1 and s.current_player() == 0
    act(s, "select", die=1)
    act(s, "reroll")
    s.apply(s.chance_outcomes()[0][0])
    # no rerolls left: the session ends by itself
    assert s.stack[-1].args.adventurer != 0 or s.stack[-1].step is not steps.REROLL


def test_rerolls_are_hidden_from_the_other_seats():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {0: "A1 A2 B3 B4 C5 C6"})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    act(s, "select", die=0)
    assert "reroll" in s.observation(0) and "reroll" not in s.observation(1)
    assert s.observation(1)["adventurers"][0]["dice"][0]["value"] is None


def test_no_reroll_beyond_the_allowance_and_the_reason_names_the_rule():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {})
    plan(s, {0: (1, 0), 1: (4, 0), 2: (7, 0)})
    act(s, "select", die=0)
    act(s, "reroll")
    s.apply(s.chance_outcomes()[0][0])
    assert not (s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0)


def test_markers_are_binding_once_rerolls_begin():
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    with pytest.raises(IllegalAction, match="Phase 3"):
        act(s, "destination", x=1, y=0)
    assert s.destination[0] == cell(0, 0)


def test_rulebook_example_clara_stays_2_rerolls_steve_2_cards_1_jona_3_cards_none():
    clara, jona, steve = 0, 1, 2
    s = new(3, skills=("gatherer", "equipment_manager", "buddy"))
    line(s)
    s.position[steve] = cell(4, 0)
    s.position[jona] = cell(4, 0)
    roll(s, {})
    plan(s, {clara: (0, 0), steve: (6, 0), jona: (1, 0)})
    assert s.marker_steps == [0, 3, 2]
    got = sessions(s)
    assert got[clara] == 2
    assert got[steve] == 1
    assert jona not in got
