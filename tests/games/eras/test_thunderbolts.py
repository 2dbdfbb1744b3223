"""The thunderbolt deck (the research's 16 cards): each card's effect."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.eras.components import THUNDERBOLTS
from lapilli.games.eras.thunderbolts import DISCARD, METEOR_AT

from .helpers import BLUE, GREEN, RED, die, era, play, position, thunderbolt, types


def drawn(name, players=2, **kw):
    """Red rolls a thunderbolt and draws ``name``."""
    s = position(players, at="roll", **kw)
    events = play(s, die("thunderbolt"))
    events += play(s, thunderbolt(name))
    return s, events


def test_the_deck_has_sixteen_cards():
    assert sum(THUNDERBOLTS.values()) == 16
    s, _ = drawn("storm")
    assert len(s.thunder_deck) == 16 and s.thunder_deck.under == ["storm"]


def test_earthquake_removes_the_earthquake_card_furthest_along():
    # Bacteria #4 and Mammals #4 carry the earthquake symbol
    path = ["bacteria-4", "fish-1", "mammals-4"]
    s, events = drawn(
        "earthquake",
        paths={RED: path, BLUE: ["fish-2", "mammals-1"]},
        pieces={RED: "3R", BLUE: "2M"},
        cones={BLUE: "Red 3M"},
    )
    assert s.paths[RED] == ["bacteria-4", "fish-1"]
    assert s.pieces[RED] == (2, 2)  # the piece on it goes back one card
    assert s.cones[BLUE] is None  # the cone on it returns to the centre
    assert s.paths[BLUE] == ["fish-2", "mammals-1"]
    assert "mammals-4" in s.discard
    assert types(events)[2:] == ["removed", "cone_home", "forced_back"]


def test_later_cards_close_up_and_a_piece_on_them_stays_on_its_card():
    s, _ = drawn("earthquake", paths={RED: ["bacteria-4", "fish-1"]}, pieces={RED: "2L"})
    assert s.paths[RED] == ["fish-1"] and s.pieces[RED] == (1, 0)


def test_twister_costs_a_token_per_twister_card_at_most_two():
    # Algae #4, Fish #4 and Birds #4 carry twisters
    s, _ = drawn(
        "twister",
        paths={RED: ["algae-4", "fish-4", "birds-4"], BLUE: ["fish-5"]},
    )
    assert s.tokens == [13, 14]


def test_a_player_who_cannot_pay_pays_what_they_have():
    s, _ = drawn("twister", paths={RED: ["algae-4", "fish-4"]}, tokens={RED: 1})
    assert s.tokens[RED] == 0


def test_eruption_sends_pieces_on_volcano_cards_back_and_costs_a_token():
    # Reptiles #4 carries the volcano symbol
    s, _ = drawn(
        "eruption",
        paths={RED: ["fish-1", "reptiles-4"], BLUE: ["fish-2", "reptiles-5"]},
        pieces={RED: "2L", BLUE: "1L"},
    )
    assert s.pieces[RED] == (1, 0) and s.tokens[RED] == 14
    assert s.pieces[BLUE] == (1, 0) and s.tokens[BLUE] == 15


def test_flood_sends_back_pieces_on_rising_sea_cards_unless_the_path_has_fish():
    s, _ = drawn(
        "flood",
        paths={RED: ["algae-3", "birds-1"], BLUE: ["algae-5", "fish-1"]},
        pieces={RED: "1M", BLUE: "1M"},
    )
    assert s.pieces[RED] == (0, 1)
    assert s.pieces[BLUE] == (1, 1)


def test_tremor_sends_every_piece_off_its_start_card_back():
    s, _ = drawn("tremor", paths={RED: ["fish-1", "birds-1"]}, pieces={RED: "2R", BLUE: "SL"})
    assert s.pieces == [(1, 2), (0, 0)]


def test_meteor_lets_the_drawer_remove_a_card_without_a_piece_from_another_path():
    s, _ = drawn(
        "meteor",
        paths={RED: ["fish-1"], BLUE: ["bacteria-1", "fish-2", "birds-1"]},
        pieces={BLUE: "2M"},
    )
    assert s.current_player() == RED
    assert s.legal_actions() == [METEOR_AT[BLUE, 1], METEOR_AT[BLUE, 3]]
    with pytest.raises(IllegalAction, match="without a piece"):
        s.apply(METEOR_AT[BLUE, 2])
    play(s, METEOR_AT[BLUE, 1])
    assert s.paths[BLUE] == ["fish-2", "birds-1"] and s.pieces[BLUE] == (1, 1)


def test_meteor_without_a_target_does_nothing():
    s, events = drawn("meteor", paths={RED: ["fish-1"]})
    assert types(events)[-1] == "no_target" and s.pending().step.name != "meteor"


def test_extinction_removes_a_last_dinosaurs_card_unless_the_piece_is_on_it():
    s, _ = drawn(
        "extinction",
        paths={RED: ["fish-1", "dinosaurs-1"], BLUE: ["fish-2", "dinosaurs-2"]},
        pieces={RED: "1M", BLUE: "2M"},
    )
    assert s.paths[RED] == ["fish-1"]
    assert s.paths[BLUE] == ["fish-2", "dinosaurs-2"]


def test_drought_costs_a_token_without_a_waterhole():
    s, _ = drawn("drought", paths={RED: ["fish-2"], BLUE: ["fish-1"]})
    assert s.tokens == [15, 14]


def test_ice_age_discards_a_card_from_hand_or_costs_a_token():
    s, _ = drawn("ice_age", 3, hands={RED: ["fish-1", "birds-1"], GREEN: ["mammals-1"]})
    assert s.tokens[BLUE] == 14  # no era card in hand
    assert s.current_player() == RED
    assert s.legal_actions() == [DISCARD["birds-1"], DISCARD["fish-1"]]
    play(s, DISCARD["fish-1"])
    assert s.current_player() == GREEN
    with pytest.raises(IllegalAction, match="your own hand"):
        s.apply(DISCARD["birds-1"])
    play(s, DISCARD["mammals-1"])
    assert sorted(s.discard.kinds()) == ["fish-1", "mammals-1"]


def test_storm_returns_all_cones_to_the_centre():
    s, _ = drawn(
        "storm", paths={RED: ["fish-1"], BLUE: ["fish-2"]}, cones={RED: "Blue 1L", BLUE: "Red 1R"}
    )
    assert s.cones == [None, None]


def test_mutation_gives_the_drawer_the_top_era_card():
    s, _ = drawn("mutation")
    assert s.pending().step.name == "draw"
    play(s, era("primates-6"))
    assert s.hands[RED].kinds() == ["primates-6"]


def test_fertile_age_gives_every_player_a_token_back_from_the_box():
    s, _ = drawn("fertile_age", tokens={RED: 10, BLUE: 15})
    assert s.tokens == [11, 15]
