"""Bidding for an era card (sealed bids revealed in unison) and agreed exchanges."""

import random

import pytest

from lapilli.core import IllegalAction, Match
from lapilli.games.eras import Eras
from lapilli.games.eras.bidding import ACCEPT, BID, BID_FACE_UP, CHALLENGE, GO_ON, REFUSE, exchange
from lapilli.games.eras.placement import INCLUDE, KEEP

from .helpers import BLUE, GREEN, RED, play, position, rendered, types


def bidding(players=3, turn=RED, **kw):
    kw.setdefault("offer", "birds-4")
    s = position(players, turn=turn, at="choose", **kw)
    play(s, BID_FACE_UP)
    return s


def test_the_high_bidder_pays_the_difference_to_the_next_bid():
    # the rulebook's example: highest bid 5, next highest 3, the winner pays 2
    s = bidding()
    assert s.current_player() == RED and s.pending().step.name == "sealed_bid"
    events = play(s, BID[3], BID[5], BID[0])
    assert s.tokens == [15, 13, 15]
    # any other player who takes a card by bidding adds it face up to their hand
    assert s.hands[BLUE].kinds() == ["birds-4"] and s.offer is None
    reveal = events[-1]
    assert reveal["type"] == "bids" and reveal["reveal"] is True
    assert reveal["bids"] == {"0": 3, "1": 5, "2": 0} and reveal["winner"] == BLUE
    # the turn goes on: Red moves its piece
    assert s.current_player() == RED and s.pending().step.name == "move"


def test_equal_high_bids_cost_nothing_and_the_first_in_turn_order_wins():
    s = bidding(turn=BLUE)
    # turn order from Blue: Blue, Green, Red
    assert s.current_player() == BLUE
    play(s, BID[2], BID[4], BID[4])
    assert s.hands[GREEN].kinds() == ["birds-4"]
    assert s.tokens == [15, 15, 15]


def test_unopposed_you_take_the_face_up_card_and_place_it():
    s = bidding(paths={RED: ["fish-1"]}, pieces={RED: "1M"})
    play(s, BID[0], BID[0], BID[0])
    assert s.current_player() == RED and s.pending().step.name == "place_won"
    assert s.tokens[RED] == 15
    # a card you take goes into any path, replaces one of yours, or stays in your hand
    legal = s.legal_actions()
    assert INCLUDE["birds-4", RED, 2] in legal and INCLUDE["birds-4", BLUE, 1] in legal
    assert KEEP["birds-4"] in legal
    play(s, INCLUDE["birds-4", BLUE, 1])
    assert s.paths[BLUE] == ["birds-4"] and not s.hands[RED]


def test_players_without_tokens_bid_nothing():
    s = bidding(tokens={BLUE: 0})
    play(s, BID[1])
    assert s.current_player() == GREEN  # Blue is not asked
    play(s, BID[0])
    assert s.tokens[RED] == 14  # a lone bid pays itself in full


def test_bids_are_sealed_until_revealed_in_unison():
    s = bidding()
    assert s.is_secret(BID[3])
    play(s, BID[3])
    assert s.observation(RED)["bids"][RED] == 3
    assert s.observation(BLUE)["bids"][RED] == "sealed"
    assert s.observation(None)["bids"][RED] == "sealed"
    assert "bid: sealed" in rendered(s, BLUE) and "bid: 3" not in rendered(s, BLUE)
    assert "bid: 3" in rendered(s, RED)
    # a bot of another seat guesses, it does not read
    guesses = {s.determinize(BLUE, random.Random(i)).bids[RED] for i in range(30)}
    assert len(guesses) > 1
    assert s.determinize(RED, random.Random(0)).bids[RED] == 3


def test_the_log_tells_others_only_that_a_bid_was_sealed():
    s = bidding()
    match = Match(Eras(), 3)
    match.state = s
    match.apply(BID[7])
    lines_for_blue = [e.text for e in match.log if e.visible_to(BLUE)]
    lines_for_red = [e.text for e in match.log if e.visible_to(RED)]
    assert lines_for_blue == ["Red seals a bid in their closed hand"]  # not how many
    assert lines_for_red == ["You bid 7 tokens (sealed)"]


def test_bid_for_a_card_in_another_players_hand_only_the_two_of_you_bid():
    s = position(3, hands={BLUE: ["mammals-2"]}, at="choose")
    play(s, CHALLENGE[BLUE, "mammals-2"])
    assert s.current_player() == RED
    play(s, BID[2])
    assert s.current_player() == BLUE
    play(s, BID[1])
    # Red wins, pays 1, and places the card (or keeps it)
    assert s.tokens[:2] == [14, 15] and s.pending().step.name == "place_won"
    play(s, KEEP["mammals-2"])
    assert s.hands[RED].kinds() == ["mammals-2"] and not s.hands[BLUE]


def test_the_owner_who_outbids_you_keeps_the_card():
    s = position(3, hands={BLUE: ["mammals-2"]}, at="choose")
    play(s, CHALLENGE[BLUE, "mammals-2"], BID[1], BID[4])
    assert s.hands[BLUE].kinds() == ["mammals-2"] and s.tokens[BLUE] == 12


def test_an_exchange_needs_both_players_to_agree():
    s = position(3, hands={RED: ["fish-1"], BLUE: ["mammals-2"]}, at="choose")
    offer = exchange(BLUE, "fish-1", "mammals-2")
    assert offer in s.legal_actions()
    with pytest.raises(IllegalAction, match="from your hand"):
        s.apply(exchange(BLUE, "fish-2", "mammals-2"))
    play(s, offer)
    assert s.current_player() == BLUE and s.legal_actions() == [ACCEPT, REFUSE]
    play(s, ACCEPT)
    assert s.hands[BLUE].kinds() == ["fish-1"]
    assert s.current_player() == RED and s.pending().args.card == "mammals-2"


def test_a_refused_exchange_leaves_the_hands_and_the_other_choices():
    s = position(3, hands={RED: ["fish-1"], BLUE: ["mammals-2"]}, offer="birds-4", at="choose")
    play(s, exchange(BLUE, "fish-1", "mammals-2"), REFUSE)
    assert s.hands[RED].kinds() == ["fish-1"] and s.hands[BLUE].kinds() == ["mammals-2"]
    assert s.current_player() == RED
    assert BID_FACE_UP in s.legal_actions() and GO_ON in s.legal_actions()
    assert not [a for a in s.legal_actions() if a.kind == "exchange"]
    with pytest.raises(IllegalAction, match="refused this turn"):
        s.apply(exchange(BLUE, "fish-1", "mammals-2"))


def test_bidding_reveals_are_logged_in_words():
    s = bidding()
    events = play(s, BID[3], BID[5], BID[0])
    assert types(events)[-1] == "bids"
    assert s.event_text(events[-1]) == (
        "Bids revealed: Red 3, Blue 5, Green 0. Blue wins Birds #4, paying 2 tokens"
    )
