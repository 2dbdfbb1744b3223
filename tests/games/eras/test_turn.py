"""The turn: recover tokens, play from hand, roll the die, turn the top era card up."""

import pytest

from lapilli.core.state import CHANCE
from lapilli.games.eras.bidding import GO_ON
from lapilli.games.eras.movement import STOP
from lapilli.games.eras.placement import SKIP
from lapilli.games.eras.turn import FACE

from .helpers import BLUE, GREEN, RED, die, era, play, position, thunderbolt, types


def test_recover_one_token_from_the_box_at_the_start_of_your_turn():
    s = position(tokens={RED: 10})
    assert s.tokens[RED] == 11 and s.box(RED) == 4


def test_recover_one_further_token_with_a_waterhole_in_your_path():
    # Fish #2 has a waterhole in its middle lane
    s = position(paths={RED: ["fish-2"]}, tokens={RED: 10})
    assert s.tokens[RED] == 12


def test_nothing_to_recover_when_the_box_is_empty():
    s = position(paths={RED: ["fish-2"]}, tokens={RED: 15})
    assert s.tokens[RED] == 15
    s = position(paths={RED: ["fish-2"]}, tokens={RED: 14})
    assert s.tokens[RED] == 15  # only what is in the box comes back


def test_playing_from_hand_is_optional_and_skipped_when_impossible():
    s = position(hands={RED: ["fish-3"]})
    assert s.pending().step.name == "play" and SKIP in s.legal_actions()
    play(s, SKIP)
    assert s.pending().step.name == "roll"
    s = position()  # nothing in hand: straight to the die
    assert s.pending().step.name == "roll"


def test_the_die_has_thunderbolt_volcano_and_plain_faces():
    s = position()
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [
        (FACE["thunderbolt"], pytest.approx(2 / 6)),
        (FACE["volcano"], pytest.approx(1 / 6)),
        (FACE["dot"], pytest.approx(3 / 6)),
    ]


def test_a_plain_face_goes_straight_to_turning_up_the_top_era_card():
    s = position()
    events = play(s, die("dot"))
    assert types(events) == ["rolled"]
    assert s.current_player() == CHANCE and s.pending().step.name == "draw"
    play(s, era("birds-4"))
    assert s.offer == "birds-4"
    assert s.pending().step.name == "choose" and s.current_player() == RED


def test_a_face_up_card_nobody_takes_stays_for_the_next_turn():
    s = position(offer="birds-4", at="roll")
    play(s, die("dot"))
    # already face up: no card is turned over
    assert s.pending().step.name == "choose"
    play(s, GO_ON, STOP)
    assert s.turn == BLUE and s.offer == "birds-4"


def test_a_thunderbolt_is_carried_out_then_put_at_the_bottom_of_its_pack():
    s = position(at="roll")
    play(s, die("thunderbolt"))
    assert s.pending().step.name == "thunder"
    assert len(s.chance_outcomes()) == 12  # the kinds of card in the pack
    play(s, thunderbolt("storm"))
    assert s.thunder_deck.under == ["storm"] and len(s.thunder_deck) == 16
    assert s.thunderbolt == "storm"


def test_a_volcano_lets_players_act_in_start_card_order():
    s = position(
        3,
        paths={RED: ["fish-1"], BLUE: ["fish-2"], GREEN: ["fish-3"]},
        start={RED: 5, BLUE: 2, GREEN: 4},
        at="roll",
    )
    play(s, die("volcano"))
    order = []
    while s.pending().step.name == "cone":
        order.append(s.current_player())
        play(s, s.legal_actions()[0])  # leave the cone
    assert order == [BLUE, GREEN, RED]
    # after the cone actions, the player who threw the die goes on to the bidding
    assert s.pending().step.name == "draw"
