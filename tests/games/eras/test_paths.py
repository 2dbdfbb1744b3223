"""Era order and paths: strict order, inserting anywhere, replacing in your own path, no
card added to a completed path, discards reshuffled when the pack runs out."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.eras.components import CARD_IDS, ERAS
from lapilli.games.eras.paths import fits, insert_positions
from lapilli.games.eras.placement import INCLUDE, KEEP, REPLACE, SKIP

from .helpers import BLUE, RED, die, era, play, position, types

PATH = ["bacteria-1", "fish-1", "birds-1"]


def test_the_eras_in_strict_order():
    assert ERAS == (
        "bacteria", "algae", "fish", "reptiles", "birds", "dinosaurs", "mammals", "primates"
    )  # fmt: skip
    assert len(CARD_IDS) == 48


def test_a_card_keeps_strict_era_order_wherever_it_goes():
    assert insert_positions(PATH, "algae-1") == [2]  # between Bacteria and Fish
    assert insert_positions(PATH, "mammals-1") == [4]  # added to the end
    assert insert_positions(PATH, "reptiles-2") == [3]
    assert insert_positions(PATH, "fish-2") == []  # six *different* eras: no second Fish
    assert insert_positions([], "primates-1") == [1]
    # a replacement must also keep the order
    assert fits(PATH, 2, "algae-3", replacing=True)
    assert not fits(PATH, 2, "dinosaurs-3", replacing=True)


def test_from_your_hand_you_include_or_replace_in_your_own_path():
    s = position(paths={RED: PATH}, pieces={RED: "3M"}, hands={RED: ["algae-1"]})
    assert s.pending().step.name == "play"
    assert s.legal_actions() == [
        INCLUDE["algae-1", RED, 2],
        REPLACE["algae-1", 1],
        REPLACE["algae-1", 2],
        SKIP,
    ]
    with pytest.raises(IllegalAction, match="your own path only"):
        s.apply(INCLUDE["algae-1", BLUE, 1])
    with pytest.raises(IllegalAction, match="strict era order"):
        s.apply(INCLUDE["algae-1", RED, 4])
    play(s, INCLUDE["algae-1", RED, 2])
    assert s.paths[RED] == ["bacteria-1", "algae-1", "fish-1", "birds-1"]
    assert not s.hands[RED]


def test_you_cannot_replace_the_card_holding_your_piece():
    s = position(paths={RED: PATH}, pieces={RED: "2L"}, hands={RED: ["algae-1"]})
    assert REPLACE["algae-1", 2] not in s.legal_actions()
    with pytest.raises(IllegalAction, match="holds your playing piece"):
        s.apply(REPLACE["algae-1", 2])


def test_a_replaced_card_goes_to_the_discard_and_its_cone_to_the_centre():
    s = position(
        paths={RED: PATH, BLUE: ["algae-1"]},
        pieces={RED: "3M"},
        hands={RED: ["algae-3"]},
        cones={BLUE: "Red 1L"},
    )
    events = play(s, REPLACE["algae-3", 1])
    assert s.paths[RED][0] == "algae-3"
    assert "bacteria-1" in s.discard
    assert s.cones[BLUE] is None
    assert types(events) == ["replaced", "discarded", "cone_home"]


def test_no_card_is_added_to_a_completed_path():
    full = ["bacteria-1", "algae-1", "fish-1", "reptiles-1", "birds-1", "primates-1"]
    s = position(paths={RED: full}, pieces={RED: "3M"}, hands={RED: ["mammals-1"]})
    assert [a for a in s.legal_actions() if a.kind == "include"] == []
    with pytest.raises(IllegalAction, match="completed path"):
        s.apply(INCLUDE["mammals-1", RED, 6])
    # but a card of a completed path may still be replaced
    assert REPLACE["mammals-1", 6] in s.legal_actions()


def test_a_card_won_goes_into_any_path_and_pushes_a_piece_behind_it_back():
    s = position(
        paths={RED: ["fish-1"], BLUE: ["bacteria-1", "fish-2", "birds-1"]},
        pieces={BLUE: "3R"},
        hands={RED: ["reptiles-1"]},
        at="choose",
    )
    s.stack[-1] = s.game.parts.steps.by_name["place_won"](RED, card="reptiles-1")
    assert INCLUDE["reptiles-1", BLUE, 3] in s.legal_actions()
    assert KEEP["reptiles-1"] in s.legal_actions()
    events = play(s, INCLUDE["reptiles-1", BLUE, 3])
    # inserted nearer the start card than Blue's piece: the piece moves back to the
    # nearest vacant site (one card back from its own card)
    assert s.paths[BLUE] == ["bacteria-1", "fish-2", "reptiles-1", "birds-1"]
    assert s.pieces[BLUE] == (3, 2)
    assert types(events) == ["included", "forced_back"]


def test_the_discards_are_shuffled_into_a_fresh_pack_when_it_runs_out():
    discard = [c for c in CARD_IDS if c not in ("fish-1",)]
    s = position(paths={RED: ["fish-1"]}, pieces={RED: "1M"}, discard=discard, at="roll")
    # the pack is empty: after the die, the discards form a fresh face-down pack
    assert len(s.era_deck) == 0
    events = play(s, die("dot"))
    assert "reshuffled" in types(events)
    assert len(s.era_deck) == 47 and not s.discard
    play(s, era("primates-2"))
    assert s.offer == "primates-2"
