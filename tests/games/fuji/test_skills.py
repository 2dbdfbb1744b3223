"""EXPLANATION OF THE SKILL CARDS: one test (or more) per skill."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import Injury

from .helpers import act, eq, new, no_equipment, no_rerolls, plan, roll, row_board, steps, turn


def line(s, ids=(16,) * 8, start=None):
    row_board(s, list(ids), start=start or {0: (0, 0), 1: (4, 0), 2: (7, 0)})


# ---------------------------------------------------------------- Equipment manager
def test_equipment_manager_gives_cards_to_a_teammate_anywhere():
    s = new(
        3,
        skills=("equipment_manager", "buddy", "gatherer"),
        equipment=["rope", "water", "radio", "shovel"],
        under=["radio", "shovel"],
    )
    line(s)
    roll(s, {})
    act(s, "give_card", card="water", to=2)
    assert s.equipment[0] == [eq("rope")] and eq("water") in s.equipment[2]


def test_equipment_manager_still_gives_with_a_broken_arm_but_not_with_amnesia():
    s = new(
        3,
        skills=("equipment_manager", "buddy", "gatherer"),
        equipment=["rope", "water", "radio", "shovel"],
        under=["radio", "shovel"],
    )
    line(s)
    roll(s, {})
    s.injuries[0] = Injury.ARM  # broken arm
    s.changed()
    kinds = {a[0] for a in s.legal_actions()}
    assert "give_card" in kinds and "use" not in kinds
    s.injuries[0] = Injury.AMNESIA  # amnesia
    s.changed()
    assert "give_card" not in {a[0] for a in s.legal_actions()}
    with pytest.raises(IllegalAction, match="Equipment manager"):
        act(s, "give_card", card="water", to=2)


def test_only_the_equipment_manager_gives_cards():
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"), equipment=["rope"])
    roll(s, {})
    with pytest.raises(IllegalAction, match="Equipment manager"):
        act(s, "give_card", card="rope", to=1)


# ---------------------------------------------------------------- Scout
def test_scout_moves_up_to_4_cards_and_then_gets_no_reroll():
    s = new(3, skills=("scout", "gatherer", "buddy"), equipment=["rope", "water"])
    line(s)
    roll(s, {})
    dests = {(a[1][0][1], a[1][1][1]) for a in s.legal_actions() if a[0] == "destination"}
    assert (4, 0) in dests and (5, 0) not in dests
    plan(s, {0: (4, 0), 1: (3, 0), 2: (7, 0)})
    assert not (s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0)
    assert s.rerolls_allowed[0] == 0


def test_scout_with_amnesia_moves_3():
    s = new(3, skills=("scout", "gatherer", "buddy"), equipment=["rope", "water"])
    line(s)
    s.injuries[0] = Injury.AMNESIA
    roll(s, {})
    dests = {(a[1][0][1], a[1][1][1]) for a in s.legal_actions() if a[0] == "destination"}
    assert (4, 0) not in dests and (3, 0) in dests


def test_scout_moving_4_succeeds_in_phase_5():
    s = new(3, skills=("scout", "equipment_manager", "buddy"), equipment=["rope", "water"])
    line(s)
    roll(s, {0: "A6 B6 B6 C6 C6"})  # the Scout left out an A die
    plan(s, {0: (4, 0), 1: (3, 0), 2: (7, 0)})
    no_rerolls(s)
    no_equipment(s)
    turn(s, 0)
    assert s.position[0] == cell(4, 0)


# ---------------------------------------------------------------- Buddy
def test_buddy_sets_aside_one_die_shown_to_all_not_counted_and_returned():
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"))
    line(s)
    roll(s, {0: "A6 A6 B6 B6 C6 C6"})
    plan(s, {0: (3, 0), 1: (4, 0), 2: (7, 0)})  # 3 steps: no reroll, still a set-aside
    assert s.stack[-1].step is steps.REROLL and s.stack[-1].args.adventurer == 0
    act(s, "set_aside", die=0)
    assert s.dice[0].aside == 1
    for seat in (None, 1, 2):
        die = s.observation(seat)["adventurers"][0]["dice"][0]
        assert die["value"] == 6 and die["aside"] == "buddy"
        assert s.observation(seat)["adventurers"][0]["dice"][1]["value"] is None
    assert not any(a[0] == "set_aside" for a in s.legal_actions())  # one die only
    act(s, "stop")
    from lapilli.games.fuji.movement import movement_value

    assert movement_value(s, 0, 16) == 30


def test_buddy_with_amnesia_cannot_set_aside():
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"))
    line(s)
    s.injuries[0] = Injury.AMNESIA
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert not any(a[0] == "set_aside" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="Buddy"):
        act(s, "set_aside", die=0)


# ---------------------------------------------------------------- Survivalist
def test_survivalist_gets_one_more_reroll_even_with_an_eye_injury():
    s = new(3, skills=("survivalist", "gatherer", "equipment_manager"))
    line(s)
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.pending().args.left == 3
    s2 = new(3, skills=("survivalist", "gatherer", "equipment_manager"))
    line(s2)
    s2.injuries[0] = Injury.EYE  # eye
    roll(s2, {})
    plan(s2, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s2.stack[-1].args.adventurer == 0 and s2.pending().args.left == 1


# ---------------------------------------------------------------- Gatherer
def test_gatherer_gets_a_power_bar_per_reroll_passed_at_most_3():
    s = new(3, skills=("gatherer", "buddy", "equipment_manager"))
    line(s)
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    act(s, "select", die=0)
    act(s, "reroll")
    s.apply(s.chance_outcomes()[0][0])
    act(s, "stop")  # one of two rerolls passed
    no_rerolls(s)
    assert s.power_bars[0] == 1
    s.power_bars[0] = 2
    s.rerolls_allowed[0], s.rerolls_used[0] = 2, 0
    from lapilli.games.fuji.rerolls import gather

    gather(s, s.pending())  # the frame is not read
    assert s.power_bars[0] == 3


def test_gatherer_spends_bars_on_a_teammates_turn_only():
    s = new(3, skills=("gatherer", "buddy", "equipment_manager"))
    line(s, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll(s, {})  # all ones: everybody ties on "any" cards
    plan(s, {0: (0, 0), 1: (5, 0), 2: (7, 0)})
    no_rerolls(s)
    no_equipment(s)
    s.power_bars[0] = 3
    act(s, "next_turn", adventurer=1)
    assert s.stack[-1].step is steps.SPEND_BARS and s.current_player() == 0
    assert len(s.legal_actions()) == 4
    ev = act(s, "power_bars", spend=1)
    tv = next(e for e in ev if e["type"] == "turn")
    assert tv["value"] == 7 and tv["moves"] and s.position[1] == cell(5, 0)
    assert s.power_bars[0] == 2 and s.power_bonus == [0, 0, 0]


def test_gatherer_with_amnesia_gets_no_bars():
    s = new(3, skills=("gatherer", "buddy", "equipment_manager"))
    line(s)
    s.injuries[0] = Injury.AMNESIA
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    no_rerolls(s)
    assert s.power_bars[0] == 0


# ---------------------------------------------------------------- Tinkerer
def test_tinkerer_uses_a_card_twice_then_discards_it():
    s = new(
        3,
        skills=("tinkerer", "buddy", "gatherer"),
        equipment=["radio", "rope", "water"],
        under=["rope", "water"],
    )
    line(s)
    roll(s, {})
    act(s, "use", card="radio")
    assert s.equipment[0] == [eq("radio")] and eq("radio") in s.used_once[0]
    s.screen_down[0] = False
    s.changed()
    act(s, "use", card="radio")
    assert s.equipment[0] == [] and eq("radio") in s.discard


def test_tinkerer_losing_the_skill_discards_cards_used_once():
    s = new(
        3,
        skills=("tinkerer", "buddy", "gatherer"),
        equipment=["radio", "rope", "water"],
        under=["rope", "water"],
    )
    line(s)
    roll(s, {})
    act(s, "use", card="radio")
    s.stack.append(steps.INJURY(0, adventurer=0))
    s.changed()
    act(s, "injury", space="amnesia")
    assert s.equipment[0] == [] and eq("radio") in s.discard and not s.used_once[0]


def test_equipment_manager_gives_at_any_time_beside_any_own_decision():
    """Not only in phase 2 and 4: during the rerolls and phase 5 too; never during
    set-up, and only at the manager's own decisions (the cards are the seat's)."""
    s = new(
        3,
        skills=("equipment_manager", "buddy", "gatherer"),
        equipment=["rope", "water", "radio", "shovel"],
        under=["radio", "shovel"],
    )
    line(s)
    roll(s, {})
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.stack[-1].step is steps.REROLL and s.current_player() == 0
    act(s, "give_card", card="rope", to=1)
    assert eq("rope") in s.equipment[1] and s.stack[-1].step is steps.REROLL
    act(s, "stop")
    assert s.current_player() == 1
    with pytest.raises(IllegalAction, match="only Mr Iain Jones"):
        act(s, "give_card", card="water", to=2)


def test_equipment_manager_cannot_give_during_set_up():
    s = Fuji(scenario="2").new_state(3)
    decisions = 0
    while s.round == 0:
        if s.current_player() >= 0:
            decisions += 1
            assert not any(a[0] == "give_card" for a in s.legal_actions())
            s.apply(s.legal_actions()[0])
        else:
            outcomes = [o for o, _ in s.chance_outcomes()]
            manager = [o for o in outcomes if o.arg("skill") == "equipment_manager"]
            s.apply((manager or outcomes)[0])
    assert s.skill[0] == "equipment_manager" and decisions >= 2  # the cards put under
