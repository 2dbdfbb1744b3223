"""PHASE 5: comparing results, moving, stamina, injuries; the rulebook's examples."""

import pytest

from lapilli.core.state import CHANCE
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import Injury, stamina_loss
from lapilli.games.fuji.movement import movement_value
from lapilli.games.fuji.state import Result

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
    top,
    turn,
)

# seats: 0 = Clara, 1 = Jona, 2 = Steve (three players: everybody neighbours everybody)
CLARA, JONA, STEVE = 0, 1, 2


def test_clara_jona_steve_yellow_or_4_totals_16_10_18():
    s = new(3)
    set_dice(s, CLARA, "A5 A1 B4 B2 C3 C4")
    set_dice(s, JONA, "A1 A3 B4 B6 C1 C2")
    set_dice(s, STEVE, "A5 A2 B4 B2 C3 C4")
    card = 11  # yellow or 4
    assert movement_value(s, CLARA, card) == 16
    assert movement_value(s, JONA, card) == 10
    assert movement_value(s, STEVE, card) == 18


def clara_example_position(level=2):
    """The phase-5 example: Steve aims at a pink-or-4 card, Clara stays on her
    yellow-or-6 card, Jona aims at an odd pink/blue card."""
    s = new(3, skills=("buddy", "gatherer", "equipment_manager"), level=level)
    # x: 0 Clara's yellow|6 card, 1 Steve's target P|4, 2 Jona's target PB&odd
    row_board(s, [4, 26, 14, 8], start={CLARA: (0, 0), JONA: (3, 0), STEVE: (0, 0)})
    roll(s, {STEVE: "A1 A4 B4 B5 C1 C5", CLARA: "A1 A6 B1 B2 C2 C3", JONA: "A2 A6 B1 B5 C1 C5"})
    plan(s, {CLARA: (0, 0), JONA: (2, 0), STEVE: (1, 0)})
    no_rerolls(s)
    no_equipment(s)
    return s


def test_phase_5_example_steve_14_moves_clara_10_stays_jona_11_fails():
    s = clara_example_position()
    assert top(s) == "next_turn"
    ev = turn(s, STEVE)
    tv = next(e for e in ev if e["type"] == "turn")
    assert (tv["value"], tv["moves"]) == (14, True)
    assert sorted([tv["left"][1], tv["right"][1]]) == [2, 6]
    assert s.position[STEVE] == cell(1, 0)
    ev = turn(s, CLARA)
    tv = next(e for e in ev if e["type"] == "turn")
    assert (tv["value"], tv["moves"]) == (10, True)
    assert sorted([tv["left"][1], tv["right"][1]]) == [0, 9]
    assert s.position[CLARA] == cell(0, 0)
    tv = next(e for e in ev if e["type"] == "turn" and e["adventurer"] == JONA)
    assert (tv["value"], tv["moves"]) == (11, False)
    assert 12 in (tv["left"][1], tv["right"][1])
    assert s.position[JONA] == cell(3, 0)


def test_stamina_example_level_2_lead_1_loses_3_lead_8_loses_0_failure_loses_4():
    s = clara_example_position(level=2)
    turn(s, STEVE)
    turn(s, CLARA)
    assert s.stamina_lost[CLARA] == 3  # 10 - 9 = 1
    assert s.stamina_lost[STEVE] == 0  # 14 - 6 = 8
    assert s.stamina_lost[JONA] == 4  # failed: the top row


@pytest.mark.parametrize(
    "level,table",
    [
        (1, [3, 2, 2, 1, 1, 0, 0]),
        (2, [4, 3, 3, 2, 2, 1, 1, 0]),
        (3, [5, 4, 4, 3, 3, 2, 2, 1, 1, 0]),
        (4, [6, 5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0]),
    ],
)
def test_level_cards(level, table):
    assert stamina_loss(level, None) == table[0]
    for lead in range(1, len(table)):
        assert stamina_loss(level, lead) == table[lead]
    assert stamina_loss(level, 30) == 0


def test_a_tie_is_not_enough_to_move():
    s = new(3)
    row_board(s, [16, 16, 16], start={0: (0, 0), 1: (2, 0), 2: (2, 0)})
    roll(s, {0: "A1 A1 B1 B1 C1 C1", 1: "A1 A1 B1 B1 C1 C1", 2: "A1 A1 B1 B1 C1 C1"})
    plan(s, {0: (1, 0), 1: (2, 0), 2: (0, 0)})
    no_rerolls(s)
    no_equipment(s)
    ev = turn(s, 0)
    tv = next(e for e in ev if e["type"] == "turn")
    assert tv["value"] == 6 and not tv["moves"]
    assert s.position[0] == cell(0, 0) and s.stamina_lost[0] == 4


def test_staying_still_needs_the_higher_total():
    s = new(3)
    row_board(s, [16, 16, 16], start={0: (0, 0), 1: (2, 0), 2: (2, 0)})
    roll(s, {0: "A1 A1 B1 B1 C1 C1", 1: "A6 A6 B6 B6 C6 C6"})
    plan(s, {0: (0, 0), 1: (2, 0), 2: (1, 0)})
    no_rerolls(s)
    no_equipment(s)
    turn(s, 0)
    assert s.position[0] == cell(0, 0) and s.stamina_lost[0] == 4


def injured_position(lost_before, loss_level=2):
    s = clara_example_position(level=loss_level)
    s.stamina_lost[JONA] = lost_before
    return s


def test_an_injury_for_passing_an_injury_mark():
    s = injured_position(3)  # Jona fails: 4 more -> 7 passes the mark at 5
    turn(s, JONA)
    assert s.stamina_lost[JONA] == 7
    assert top(s) == "injury" and s.current_player() == JONA
    act(s, "injury", space="arm")
    assert s.injuries[JONA] == 2


def test_an_injury_for_landing_on_a_mark():
    s = injured_position(1)  # 1 + 4 = 5: onto the mark
    turn(s, JONA)
    assert top(s) == "injury"


def test_two_marks_in_one_loss_give_two_injuries():
    s = new(3, level=4)
    row_board(s, [16, 16, 16], start={0: (0, 0), 1: (2, 0), 2: (2, 0)})
    roll(s, {})
    plan(s, {0: (1, 0), 1: (2, 0), 2: (0, 0)})
    no_rerolls(s)
    no_equipment(s)
    s.stamina_lost[0] = 4  # fails at level 4: 6 -> 10, passing 5 and reaching 10
    turn(s, 0)
    assert s.stamina_lost[0] == 10
    act(s, "injury", space="eye")
    assert top(s) == "injury"
    with pytest.raises(Exception, match="Injury"):
        act(s, "injury", space="eye")
    act(s, "injury", space="amnesia")
    assert s.injuries[0] == 8 | 4


def test_exhaustion_on_the_last_space_loses_the_game():
    s = injured_position(21)
    turn(s, JONA)
    assert s.is_terminal() and s.result == -1 and "exhaustion" in s.cause
    assert s.returns() == [0.0, 0.0, 0.0] and s.scores() == [0.0] * 3


def test_leg_injury_removes_a_die_after_every_stamina_is_adjusted():
    s = injured_position(3)
    turn(s, JONA)
    act(s, "injury", space="leg")
    before = len(s.counting(JONA))
    assert before == 6  # still there for the teammates' turns
    turn(s, STEVE)
    assert top(s) == "lose_die" and s.current_player() == JONA
    d = s.legal_actions()[0][1][0][1]
    act(s, "lose_die", die=d)
    assert (
        s.dice[d].lost == 1
        and len([x for x in range(18) if s.dice[x].owner == JONA and not s.dice[x].lost]) == 5
    )


def test_the_team_chooses_the_order_of_turns():
    s = clara_example_position()
    assert s.current_player() == CLARA
    assert {a[1][0][1] for a in s.legal_actions()} == {0, 1, 2}
    turn(s, JONA)
    assert {a[1][0][1] for a in s.legal_actions()} == {0, 2}


def test_collecting_an_equipment_token_draws_a_card_for_next_round():
    s = clara_example_position()
    s.equipment_token[cell(1, 0)] = True
    turn(s, STEVE)
    assert s.current_player() == CHANCE and s.stack[-1].step is steps.DRAW_SHUFFLED
    deck = len(s.equipment_pile)
    act(s, "equipment", card="shovel")
    assert not s.equipment_token[cell(1, 0)] and len(s.equipment_pile) == deck - 1
    assert 9 in s.equipment[STEVE] and 9 in s.drawn_this_round[STEVE]  # shovel is card 9


def test_eruption_token_erupts_at_once_when_a_meeple_moves_onto_it():
    s = clara_example_position()
    row = [1] + [0] * 7
    # put a volcano below the first card so an eruption flips (0,0)'s neighbours
    s.terrain[cell(3, 1)] = 1
    s.lava[cell(3, 1)] = True
    s.eruption_tokens[cell(1, 0)] = 1
    ev = turn(s, STEVE)
    assert any(e["type"] == "eruption_token" for e in ev)
    assert s.eruption_tokens[cell(1, 0)] == 0
    # Jona stood on (3,0), next to the volcano: swallowed at once
    assert s.result == -1 and "lava" in s.cause
    assert s.result_text() == f"Defeat: the team loses ({s.cause})"
    del row


def test_victory_the_moment_every_meeple_stands_on_a_village():
    s = new(3, skills=("buddy", "gatherer", "survivalist"), leave="A")
    row_board(s, [16, 30, 30, 30], start={0: (1, 0), 1: (2, 0), 2: (0, 0)})
    roll(s, {2: "A6 B6 B6 C6 C6"})
    plan(s, {0: (1, 0), 1: (2, 0), 2: (3, 0)})
    no_rerolls(s)
    no_equipment(s)
    ev = turn(s, 2)
    assert s.is_terminal() and s.result == 1
    assert any(e["type"] == "victory" for e in ev)
    # 4 VP per player, +1 per unused card (one each), no injuries
    assert s.victory_points() == 12 + 3 and s.scores() == [15.0] * 3
    assert s.returns() == [1.0, 1.0, 1.0] and s.winners() == [0, 1, 2]
    assert s.result_text() == f"Victory: the team wins with 15 victory points ({s.rating()})"


def test_victory_points_and_rating_bands():
    s = new(3)
    s.result = Result.VICTORY
    s.injuries = [
        Injury.LEG | Injury.ARM | Injury.AMNESIA | Injury.EYE,
        Injury.LEG | Injury.ARM | Injury.AMNESIA,
        Injury(0),
    ]
    s.equipment = [[], [], []]
    assert s.victory_points() == 12 - 7 == 5
    assert s.rating().startswith("Rest and enjoy")
    s.injuries = [Injury(15)] * 3
    assert s.victory_points() == 0 and "hospital" in s.rating()


def test_illegal_order_names_the_rule():
    s = clara_example_position()
    turn(s, STEVE)
    with pytest.raises(Exception, match="Phase 5"):
        act(s, "next_turn", adventurer=STEVE)


def test_a_destination_swallowed_earlier_in_phase_5_fails_with_the_top_row():
    s = new(3, skills=("buddy", "equipment_manager", "survivalist"), leave="A")
    from .helpers import board

    # one row: the volcano at x0, an eruption token at x4; seat 1 aims at (2,0)
    cards = {(x, 0): 16 for x in range(1, 8)}
    cards[(0, 0)] = 1
    cards[(2, 0)] = 8  # even
    board(s, cards, start={0: (7, 0), 1: (5, 0), 2: (7, 0)})
    s.eruption_tokens[cell(4, 0)] = 1
    roll(s, {0: "A5 A5 B5 B5 C5 C5", 1: "A4 A4 B4 B4 C4 C4"})  # seat 2: ones
    s.lava[cell(1, 0)] = True  # lava already next to (2,0)
    plan(s, {0: (4, 0), 1: (2, 0), 2: (7, 0)})
    no_rerolls(s)
    no_equipment(s)
    ev = turn(s, 0)  # onto the eruption token: (2,0) flips at once
    assert s.lava[cell(2, 0)] and s.position[0] == cell(4, 0)
    ev = turn(s, 1)
    tv = next(e for e in ev if e["type"] == "turn" and e["adventurer"] == 1)
    assert not tv["moves"] and "lava" in tv["why"]
    assert s.position[1] == cell(5, 0) and s.stamina_lost[1] == 4


def test_when_neighbours_took_every_reachable_card_you_may_still_stay():
    s = new(3)
    from .helpers import board

    board(s, {(0, 0): 16, (1, 0): 16}, start={0: (0, 0), 1: (1, 0), 2: (1, 0)})
    roll(s, {})
    act(s, "destination", x=1, y=0)
    act(s, "destination", x=0, y=0)
    dests = [a for a in s.legal_actions() if a[0] == "destination"]
    assert dests == [("destination", (("x", 1), ("y", 0)))]  # its own card
