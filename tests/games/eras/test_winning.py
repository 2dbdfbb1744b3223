"""Winning: start your turn on your sixth era card holding a token; at the end of the
turn you win if your path is intact, your piece stays put and you still hold a token."""

from lapilli.core import Action
from lapilli.games.eras.bidding import BID, BID_FACE_UP, GO_ON
from lapilli.games.eras.movement import STOP
from lapilli.games.eras.volcano import ERUPTION

from .helpers import BLUE, RED, die, era, play, position, thunderbolt, types

FULL = ["bacteria-1", "algae-1", "fish-1", "reptiles-1", "birds-1", "dinosaurs-2"]


def on_sixth(**kw):
    kw.setdefault("paths", {RED: FULL})
    kw.setdefault("pieces", {RED: "6L"})
    return position(**kw)


def test_you_win_at_the_end_of_a_turn_started_on_your_sixth_card():
    s = on_sixth()
    assert s.candidate == tuple(FULL)
    play(s, die("dot"), era("primates-2"), GO_ON, STOP)
    assert s.is_terminal() and s.winner == RED
    assert s.returns() == [1.0, 0.0] and s.result_text() == "Red wins"


def test_moving_sideways_on_the_sixth_card_keeps_the_piece_put():
    s = on_sixth()
    events = play(s, die("dot"), era("primates-2"), GO_ON, Action("sideways", lane=1))
    assert s.winner is None  # one sideways move left: still Red's decision
    events += play(s, STOP)
    assert types(events)[-1] == "won"


def test_arriving_on_the_sixth_card_does_not_win_at_once():
    s = position(paths={RED: FULL}, pieces={RED: "5L"}, at="move")
    play(s, Action("forward"), STOP)
    assert s.pieces[RED] == (6, 0) and not s.is_terminal() and s.turn == BLUE


def test_no_win_without_a_token_at_the_start_of_the_turn():
    # the box is empty too, so nothing is recovered
    s = on_sixth(tokens={RED: 0})
    assert s.candidate is None
    play(s, die("dot"), era("primates-2"), GO_ON, STOP)
    assert not s.is_terminal() and s.turn == BLUE


def test_no_win_if_the_piece_is_forced_back_during_the_turn():
    s = on_sixth(
        paths={RED: ["bacteria-1", "algae-1", "fish-1", "reptiles-1", "birds-1", "dinosaurs-2"]},
        pieces={RED: "6L"},
        cones={BLUE: "Red 6R"},
        start={RED: 2, BLUE: 1},
    )
    # Dinosaurs #2 has a volcano in its middle lane, next to Red's piece
    play(s, die("volcano"))
    assert s.current_player() == BLUE
    play(s, ERUPTION[6, 1])
    assert s.pieces[RED] == (5, 0)
    # Red's cone is in the centre and Blue has no path to enter: Red has nothing to do
    play(s, era("primates-2"), GO_ON, STOP)
    assert not s.is_terminal() and s.turn == BLUE


def test_no_win_if_the_path_is_broken_during_the_turn():
    path = ["bacteria-1", "algae-1", "fish-1", "reptiles-1", "birds-1", "mammals-4"]
    s = on_sixth(paths={RED: path})
    play(s, die("thunderbolt"), thunderbolt("earthquake"))  # Mammals #4 is lost
    assert len(s.paths[RED]) == 5
    play(s, era("primates-2"), GO_ON, STOP)
    assert not s.is_terminal()


def test_no_win_if_you_spend_your_last_token():
    s = on_sixth(tokens={RED: 1})
    assert s.candidate is not None and s.tokens[RED] == 2  # one recovered from the box
    play(s, die("dot"), era("primates-2"), BID_FACE_UP, BID[2], BID[0])
    assert s.tokens[RED] == 0
    play(s, Action("keep", card="primates-2"), STOP)
    assert not s.is_terminal() and s.turn == BLUE


def test_a_piece_forced_off_the_sixth_card_has_not_stayed_put_even_if_it_steps_back_on():
    s = on_sixth(cones={BLUE: "Red 6R"}, start={RED: 2, BLUE: 1})
    play(s, die("volcano"))
    events = play(s, ERUPTION[6, 1])
    assert s.pieces[RED] == (5, 0)
    assert types(events)[-2:] == ["forced_back", "no_win"] and s.candidate is None
    # back on the sixth card by the end of the turn, with tokens in hand: no win
    events = play(s, era("primates-2"), GO_ON, Action("forward"), STOP)
    assert s.pieces[RED] == (6, 0) and s.tokens[RED] >= 1
    assert not s.is_terminal() and s.turn == BLUE
    assert "won" not in types(events) and "no_win" not in types(events)  # told once
