"""Preparation: cones, 16 tokens, start cards, two face-up era cards, the youngest starts."""

import pytest

from lapilli.core import Action, IllegalAction, OptionError
from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE
from lapilli.games.eras import Eras
from lapilli.games.eras.components import CARDS, HAND, START_NUMBERS, TOKENS
from lapilli.games.eras.setup import PIECE_ON, START_CARD, YOUNGEST

from .helpers import BLUE, GREEN, RED, era, play

STEPS = Eras.parts.steps


def test_each_player_has_fifteen_tokens_in_hand_and_a_piece():
    # 16 animal tokens, one of them mounted in a stand as the playing piece
    assert TOKENS == 15
    s = Eras().new_state(3)
    assert s.tokens == [15, 15, 15]
    assert [s.box(seat) for seat in range(3)] == [0, 0, 0]
    assert s.cones == [None, None, None]  # all cones in the centre


def _deal(s, starts=(3, 1, 5)):
    for number in starts[: s.players]:
        play(s, START_CARD[number])
    cards = iter(sorted(CARDS))
    while s.pending().step.name in ("refill", "draw"):
        play(s, era(next(cards)))
    return s


def test_a_start_card_and_two_face_up_era_cards_are_dealt_to_each_player():
    s = Eras().new_state(3)
    assert s.current_player() == CHANCE
    assert [a for a, _ in s.chance_outcomes()] == [START_CARD[k] for k in START_NUMBERS]
    _deal(s)
    assert s.start == [3, 1, 5]
    assert [len(h) for h in s.hands] == [HAND] * 3
    # the hands are face up: every seat and a spectator see them
    for seat in (None, RED, BLUE):
        assert s.observation(seat)["hands"][GREEN] == s.hands[GREEN].kinds()


def test_the_youngest_player_is_chosen_at_random_and_starts():
    s = _deal(Eras().new_state(3))
    assert s.chance_outcomes() == [(YOUNGEST[seat], pytest.approx(1 / 3)) for seat in range(3)]
    play(s, YOUNGEST[BLUE])
    # each player places their piece on a rock site of their start card, from the youngest
    assert [s.current_player()] == [BLUE]
    assert s.legal_actions() == [PIECE_ON[0], PIECE_ON[1], PIECE_ON[2]]
    play(s, PIECE_ON[0])
    assert s.current_player() == GREEN
    play(s, PIECE_ON[1], PIECE_ON[2])
    assert s.pieces == [(0, 2), (0, 0), (0, 1)]
    # then play proceeds clockwise from the youngest: Blue's turn starts
    assert s.turn == BLUE and s.turns == 1


def test_two_to_four_players_by_default_up_to_six_as_an_option():
    assert list(Eras().player_counts()) == [2, 3, 4]
    with pytest.raises(MalformedInput, match="2-4 players, not 5"):
        Eras().new_state(5)
    assert list(Eras(up_to_six=True).player_counts()) == [2, 3, 4, 5, 6]
    assert Eras(up_to_six=True).new_state(6).players == 6
    with pytest.raises(OptionError, match="round_limit"):
        Eras(round_limit=-1)


def test_placing_a_piece_off_the_start_card_is_refused_by_name():
    s = _deal(Eras().new_state(2), (1, 2))
    play(s, YOUNGEST[RED])
    with pytest.raises(IllegalAction, match="place your playing piece"):
        s.apply(Action("piece", lane=7))


def test_the_step_table_lists_every_step_once():
    assert "sealed_bid" in STEPS.by_name and "cone" in STEPS.by_name
    assert STEPS.by_name["sealed_bid"].secret is True
