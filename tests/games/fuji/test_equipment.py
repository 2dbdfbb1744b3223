"""EXPLANATION OF THE EQUIPMENT CARDS: a test per card, plus the general card rules."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import Injury
from lapilli.games.fuji.movement import movement_value

from .helpers import act, eq, new, no_equipment, no_rerolls, plan, roll, row_board, steps, top, turn

SKILLS = ("buddy", "gatherer", "equipment_manager")


def position(card, phase=4, spec0="A1 A2 B3 B4 C5 C6", dest0=(0, 0), extra=None):
    """Seat 0 (Buddy) holds ``card``; the others hold nothing useful. Stops at seat
    0's turn in ``phase`` (2: planning, 4: equipment)."""
    fill = [
        c for c in ("compass", "carabiner", "map", "lighter", "water", "duct_tape") if c != card
    ][:5]
    s = new(3, skills=SKILLS, equipment=[card, *fill], under=fill[1:3])
    s.equipment[1] = []
    s.equipment[2] = []
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    if extra:
        extra(s)
    roll(s, {0: spec0})
    if phase == 2:
        return s
    plan(s, {0: dest0, 1: (4, 0), 2: (7, 0)})
    no_rerolls(s)
    assert s.stack[-1].step is steps.USE_EQUIPMENT and s.stack[-1].args.adventurer == 0, top(s)
    return s


def values(s, a):
    return sorted(s.dice[d].value for d in s.counting(a))


def test_cards_are_used_once_and_discarded():
    s = position("shovel")
    act(s, "use", card="shovel")
    assert eq("shovel") not in s.equipment[0] and s.discard == [eq("shovel")]


def test_a_broken_arm_forbids_equipment():
    s = position("radio", phase=2, extra=lambda s: s.injuries.__setitem__(0, Injury.ARM))
    assert not any(a[0] == "use" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="Broken arm"):
        act(s, "use", card="radio")


def test_a_card_is_only_used_in_its_phases():
    s = position("shovel", phase=2)
    with pytest.raises(IllegalAction, match="phase 4"):
        act(s, "use", card="shovel")


# ---------------------------------------------------------------- phase 2 cards
def test_binoculars_swap_two_empty_landscape_cards():
    s = position("binoculars", phase=2)
    s.terrain[cell(2, 0)] = 5
    s.terrain[cell(5, 0)] = 27
    s.equipment_token[cell(6, 0)] = True
    s.changed()
    act(s, "use", card="binoculars")
    picks = {(a[1][0][1], a[1][1][1]) for a in s.legal_actions()}
    # not where a meeple stands, not a card with a token
    assert (0, 0) not in picks and (4, 0) not in picks and (6, 0) not in picks
    act(s, "swap_card", x=2, y=0)
    act(s, "swap_card", x=5, y=0)
    assert s.terrain[cell(2, 0)] == 27 and s.terrain[cell(5, 0)] == 5


def test_binoculars_never_swap_villages():
    s = position("binoculars", phase=2, extra=lambda s: s.terrain.__setitem__(cell(3, 0), 30))
    act(s, "use", card="binoculars")
    assert (3, 0) not in {(a[1][0][1], a[1][1][1]) for a in s.legal_actions()}


def test_radio_in_phase_2_shows_the_dice_until_the_rerolls():
    s = position("radio", phase=2)
    ev = act(s, "use", card="radio")
    assert any(e.get("reveal") for e in ev)
    assert [d["value"] for d in s.observation(1)["adventurers"][0]["dice"]] == [1, 2, 3, 4, 5, 6]
    assert s.observation(None)["adventurers"][0]["dice"][0]["value"] == 1
    plan(s, {0: (0, 0), 1: (4, 0), 2: (7, 0)})
    assert s.observation(1)["adventurers"][0]["dice"][0]["value"] is None


def test_radio_in_phase_4():
    s = position("radio")
    act(s, "use", card="radio")
    assert s.observation(2)["adventurers"][0]["dice"][5]["value"] == 6


def test_rope_in_phase_2_moves_to_an_adjacent_card_and_collects_equipment():
    s = position("rope", phase=2, extra=lambda s: s.equipment_token.__setitem__(cell(1, 0), True))
    act(s, "use", card="rope")
    assert {(a[1][0][1], a[1][1][1]) for a in s.legal_actions()} == {(1, 0)}
    act(s, "rope_to", x=1, y=0)
    assert s.position[0] == cell(1, 0) and s.current_player() == CHANCE
    act(s, "equipment", card="flash_light")
    assert eq("flash_light") in s.equipment[0] and not s.equipment_token[cell(1, 0)]
    # the new card can only be used from the next round
    assert not any(a[0] == "use" and a[1][0][1] == "flash_light" for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="next round"):
        act(s, "use", card="flash_light")
    # the marker is placed from the new position: four cards away is now in reach
    assert ("destination", (("x", 4), ("y", 0))) in s.legal_actions()


def test_rope_in_phase_4_when_the_move_would_fail():
    s = position("rope")
    act(s, "use", card="rope")
    act(s, "rope_to", x=1, y=0)
    assert s.position[0] == cell(1, 0)


def test_flash_light_rerolls_in_phase_2_and_the_marker_may_still_move():
    s = position("flash_light", phase=2)
    act(s, "use", card="flash_light")
    assert s.stack[-1].step is steps.REROLL and s.pending().args.left == 1
    act(s, "select", die=0)
    act(s, "reroll")
    s.apply(s.chance_outcomes()[5][0])
    assert s.dice[0].value == 6 and s.stack[-1].step is steps.PLAN
    act(s, "destination", x=1, y=0)


# ---------------------------------------------------------------- phase 4 cards
def test_lighter_a_teammate_gives_you_one_die_for_the_round():
    s = position("lighter")
    act(s, "use", card="lighter", who=1)
    assert s.stack[-1].step is steps.GIVE_DIE and s.current_player() == 1
    d = s.legal_actions()[0][1][0][1]
    act(s, "give_die", die=d)
    assert s.dice[d].holder == 0 and len(s.counting(0)) == 7 and len(s.counting(1)) == 5
    assert s.observation(0)["adventurers"][0]["dice"][-1]["value"] == s.dice[d].value


def test_map_gives_one_of_your_dice_to_another_player():
    s = position("map")
    act(s, "use", card="map", who=2)
    act(s, "give_die", die=5)
    assert s.dice[5].holder == 2 and movement_value(s, 2, 16) == 6 + 6  # the 6, and 6 ones


def test_carabiner_every_player_rerolls_exactly_one_die():
    s = position("carabiner")
    act(s, "use", card="carabiner")
    rerolled = []
    for seat in (0, 1, 2):
        assert s.current_player() == seat and s.stack[-1].step is steps.CARABINER
        assert all(a[0] == "reroll_die" for a in s.legal_actions())
        d = s.legal_actions()[0][1][0][1]
        act(s, "reroll_die", die=d)
        assert s.current_player() == CHANCE
        s.apply(s.chance_outcomes()[2][0])
        rerolled.append(s.dice[d].value)
    assert rerolled == [3, 3, 3]


def test_duct_tape_turns_ones_into_sixes():
    s = position("duct_tape", spec0="A1 A1 B1 B4 C5 C6")
    act(s, "use", card="duct_tape")
    act(s, "turn_die", die=0)
    act(s, "turn_die", die=1)
    act(s, "done")
    assert values(s, 0) == [1, 4, 5, 6, 6, 6]


def test_compass_turns_sixes_into_ones():
    s = position("compass", spec0="A6 A1 B6 B4 C5 C6")
    act(s, "use", card="compass")
    act(s, "turn_die", die=0)
    act(s, "done")
    assert values(s, 0) == [1, 1, 4, 5, 6, 6]


def test_machete_sets_aside_up_to_two_dice_shown_and_not_counted():
    s = position("machete")
    act(s, "use", card="machete")
    act(s, "set_aside", die=5)
    act(s, "set_aside", die=4)
    assert s.dice[4].aside == s.dice[5].aside == 2
    assert s.observation(1)["adventurers"][0]["dice"][5]["value"] == 6
    assert movement_value(s, 0, 16) == 1 + 2 + 3 + 4


def test_first_aid_kit_no_stamina_lost_but_a_failed_move_still_fails():
    s = position("first_aid_kit", dest0=(1, 0))
    act(s, "use", card="first_aid_kit")
    no_equipment(s)
    for die in s.dice[6:12]:  # the Gatherer beats seat 0 on every card
        die.value = 6
    turn(s, 0)
    assert s.position[0] == cell(0, 0) and s.stamina_lost[0] == 0


def test_shovel_turns_one_die_to_any_side():
    s = position("shovel")
    act(s, "use", card="shovel")
    act(s, "shovel_die", die=0)
    assert len(s.legal_actions()) == 5
    act(s, "shovel_face", value=6)
    assert s.dice[0].value == 6


def test_flare_gun_adds_3_on_your_own_turn_only():
    s = position("flare_gun", spec0="A1 A1 B1 B1 C1 C1", dest0=(1, 0))
    act(s, "use", card="flare_gun")
    no_equipment(s)
    ev = turn(s, 0)
    tv = next(e for e in ev if e["type"] == "turn")
    assert tv["value"] == 9 and tv["moves"]
    ev = turn(s, 1)
    tv = next(e for e in ev if e["type"] == "turn" and e["adventurer"] == 1)
    assert 6 in (tv["left"][1], tv["right"][1])  # seat 0 counts 6, not 9


def test_pocket_knife_copies_another_players_card_and_is_discarded():
    s = position("pocket_knife", extra=lambda s: s.equipment[1].append(eq("shovel")))
    act(s, "use", card="pocket_knife", copy="shovel")
    assert eq("pocket_knife") in s.discard and s.equipment[1] == [eq("shovel")]
    act(s, "shovel_die", die=0)
    act(s, "shovel_face", value=5)
    assert s.dice[0].value == 5


def test_pocket_knife_copies_only_cards_usable_in_this_phase():
    s = position("pocket_knife", phase=2)
    s.equipment[1] = [eq("shovel"), eq("radio")]
    s.changed()
    copies = {dict(a[1]).get("copy") for a in s.legal_actions() if a[0] == "use"}
    assert copies == {"radio"}


def test_water_two_rerolls_for_yourself():
    s = position("water")
    act(s, "use", card="water", who=0)
    assert (
        s.stack[-1].step is steps.REROLL and s.pending().args.left == 2 and s.current_player() == 0
    )


def test_water_one_reroll_for_another_player_taken_by_that_player():
    s = position("water")
    act(s, "use", card="water", who=2)
    assert (
        s.stack[-1].step is steps.REROLL and s.pending().args.left == 1 and s.current_player() == 2
    )
    act(s, "select", die=12)
    act(s, "reroll")
    s.apply(s.chance_outcomes()[5][0])
    assert s.dice[12].value == 6 and s.current_player() == 0


def test_eye_injury_does_not_stop_equipment_rerolls():
    s = position("water", extra=lambda s: s.injuries.__setitem__(0, Injury.EYE))
    act(s, "use", card="water", who=0)
    assert s.pending().args.left == 2


# ---------------------------------------------------------------- phase 4 stays open
def test_phase_4_ends_once_every_meeple_has_said_done_in_a_row():
    s = position("shovel")
    for a in (0, 1, 2):
        assert s.stack[-1].step is steps.USE_EQUIPMENT and s.stack[-1].args.adventurer == a
        act(s, "done")
    assert s.phase == 5 and s.stack[-1].step is not steps.USE_EQUIPMENT


def test_phase_4_a_player_who_passed_may_act_again_after_a_teammates_card():
    """Any number of cards in any order: after seat 2's Carabiner changed everyone's
    dice, seat 0, who had passed, gets the turn again and uses its Shovel."""
    s = position("shovel")
    s.equipment[2] = [eq("carabiner")]
    s.changed()
    act(s, "done")
    act(s, "done")
    act(s, "use", card="carabiner")
    for _ in range(3):
        act(s, "reroll_die", die=s.legal_actions()[0][1][0][1])
        s.apply(s.chance_outcomes()[2][0])
    assert s.stack[-1].args.adventurer == 2
    act(s, "done")
    assert s.stack[-1].step is steps.USE_EQUIPMENT and s.stack[-1].args.adventurer == 0
    act(s, "use", card="shovel")
    assert s.stack[-1].step is steps.SHOVEL_DIE


def test_phase_4_signals_one_per_adventurer_and_they_reopen_the_phase():
    s = position("shovel")
    act(s, "done")
    say = s.legal_actions()[0].arg("say")
    act(s, "signal", say=say)
    # seat 1 has nothing left to do: its done is taken for it, and seat 0, who passed
    # before the signal, gets the turn again after seat 2
    assert s.signals[-1] == (1, say) and s.stack[-1].args == (2, 1)
    s.signalled_in[2] = 4
    s.changed()
    with pytest.raises(IllegalAction, match="one signal per adventurer in phase 4"):
        act(s, "signal", say=say)
    act(s, "done")
    assert s.stack[-1].args.adventurer == 0 and s.phase == 4
    act(s, "done")
    assert s.phase == 5


def test_lighter_the_teammate_may_refuse_and_the_card_is_spent():
    s = position("lighter")
    act(s, "use", card="lighter", who=1)
    assert "refuse" in {a[0] for a in s.legal_actions()}
    events = act(s, "refuse")
    assert [e["type"] for e in events] == ["refuse_die"]
    assert "refuses to hand a die" in s.event_text(events[0])
    assert len(s.counting(0)) == 6 and len(s.counting(1)) == 6
    assert eq("lighter") not in s.equipment[0]


def test_map_the_receiver_cannot_refuse():
    s = position("map")
    act(s, "use", card="map", who=2)
    assert "refuse" not in {a[0] for a in s.legal_actions()}
    with pytest.raises(IllegalAction, match="cannot refuse"):
        act(s, "refuse")
