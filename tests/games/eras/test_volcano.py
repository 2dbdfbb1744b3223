"""The volcano roll: cones move or erupt once each, in start card order, for tokens."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.eras.volcano import BACK, ENTER, ERUPTION, FORWARD, LEAVE, SIDEWAYS_TO

from .helpers import BLUE, GREEN, RED, die, play, position, types

# Blue's path: 1 Bacteria (rock rock rock), 2 Reptiles (rock VOLCANO rock),
# 3 Birds (rock cave rock), 4 Dinosaurs (rock rock rock)
BLUE_PATH = ["bacteria-1", "reptiles-2", "birds-2", "dinosaurs-1"]


def volcano(**kw):
    """Roll the volcano on Red's turn; Red (start card 1) acts first."""
    kw.setdefault("start", {RED: 1, BLUE: 2, GREEN: 3})
    s = position(3, at="roll", **kw)
    play(s, die("volcano"))
    return s


def test_a_cone_enters_another_players_first_era_card_on_a_vacant_rock_site_for_a_token():
    s = volcano(paths={BLUE: BLUE_PATH, GREEN: ["algae-2"]}, pieces={BLUE: "1L"})
    assert s.current_player() == RED
    # Blue's piece holds 1L; Algae #2 has a swamp in its middle lane; Red has no path
    assert [a for a in s.legal_actions() if a.kind == "cone_enter"] == [
        ENTER[BLUE, 1],
        ENTER[BLUE, 2],
        ENTER[GREEN, 0],
        ENTER[GREEN, 2],
    ]
    with pytest.raises(IllegalAction, match="vacant rock site"):
        s.apply(ENTER[GREEN, 1])
    with pytest.raises(IllegalAction, match="another player's path"):
        s.apply(ENTER[RED, 0])
    play(s, ENTER[BLUE, 2])
    assert s.cones[RED] == (BLUE, "bacteria-1", 2) and s.tokens[RED] == 14
    # one action each: Blue acts next
    assert s.current_player() == BLUE


def test_only_one_cone_is_allowed_on_a_path():
    s = volcano(paths={BLUE: BLUE_PATH, GREEN: ["algae-2"]}, cones={GREEN: "Blue 4M"})
    assert not [a for a in s.legal_actions() if a.kind == "cone_enter" and a.arg("path") == BLUE]
    with pytest.raises(IllegalAction, match="only one cone is allowed on a path"):
        s.apply(ENTER[BLUE, 0])


def test_cone_moves_sideways_and_back_are_free_forward_costs_a_token_per_card():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 3L"}, pieces={BLUE: "4L"})
    legal = s.legal_actions()
    assert SIDEWAYS_TO[1] not in legal  # 3M is a cave, not a rock site
    assert BACK in legal  # 2L is rock
    assert FORWARD[1] not in legal  # 4L holds Blue's piece
    play(s, BACK)
    assert s.cones[RED] == (BLUE, "reptiles-2", 0) and s.tokens[RED] == 15
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1R"}, pieces={BLUE: "SM"})
    # forward several cards in one go: one token for each
    assert FORWARD[1] in s.legal_actions() and FORWARD[3] in s.legal_actions()
    play(s, FORWARD[3])
    assert s.cones[RED] == (BLUE, "dinosaurs-1", 2) and s.tokens[RED] == 12


def test_forward_cone_moves_need_a_token_each():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1R"}, tokens={RED: 1})
    assert FORWARD[1] in s.legal_actions() and FORWARD[3] not in s.legal_actions()
    with pytest.raises(IllegalAction, match="1 token for each forward move"):
        s.apply(FORWARD[3])


def test_an_eruption_forces_back_a_piece_on_an_adjoining_site():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1M"}, pieces={BLUE: "2L"})
    assert ERUPTION[2, 1] in s.legal_actions()  # the volcano site of card 2
    events = play(s, ERUPTION[2, 1])
    assert s.tokens[RED] == 14
    # forced back to the nearest vacant site: 1L (1M holds the cone)
    assert s.pieces[BLUE] == (1, 0)
    assert types(events) == ["eruption", "forced_back"]


def test_a_piece_forced_back_avoids_the_cone_site():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1L"}, pieces={BLUE: "2L"})
    play(s, ERUPTION[2, 1])
    assert s.pieces[BLUE] == (1, 1)


def test_an_eruption_also_forces_back_a_piece_on_the_erupted_volcano_site():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1L"}, pieces={BLUE: "2M"})
    play(s, ERUPTION[2, 1])
    assert s.pieces[BLUE] == (1, 1)


def test_a_piece_two_lanes_away_is_not_adjoining():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 2L"}, pieces={BLUE: "2R"})
    play(s, ERUPTION[2, 0])  # erupting the cone itself
    assert s.pieces[BLUE] == (2, 2)


def test_a_piece_on_a_cave_is_safe_from_eruptions():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 3L"}, pieces={BLUE: "3M"})
    events = play(s, ERUPTION[3, 0])  # the cone erupts next to the cave
    assert s.pieces[BLUE] == (3, 1)
    assert types(events) == ["eruption", "cave_safe"]


def test_players_with_nothing_they_can_do_are_passed_over():
    s = volcano(paths={BLUE: BLUE_PATH}, tokens={GREEN: 0, BLUE: 0})
    assert s.current_player() == RED
    play(s, LEAVE)
    # Blue and Green hold no token and their cones are in the centre: nothing to do
    assert s.pending().step.name == "draw"


def test_a_cone_may_move_from_one_path_onto_another_players_first_card():
    s = volcano(paths={BLUE: BLUE_PATH, GREEN: ["algae-1"]}, cones={RED: "Blue 4M"})
    assert ENTER[GREEN, 0] in s.legal_actions()
    assert ENTER[BLUE, 0] not in s.legal_actions()  # it is already on Blue's path
    play(s, ENTER[GREEN, 0])
    assert s.cones[RED] == (GREEN, "algae-1", 0) and s.tokens[RED] == 14


def test_a_cone_never_goes_back_onto_a_start_card():
    s = volcano(paths={BLUE: BLUE_PATH}, cones={RED: "Blue 1L"}, pieces={BLUE: "3M"})
    assert BACK not in s.legal_actions()
    with pytest.raises(IllegalAction, match="vacant rock site"):
        s.apply(BACK)
