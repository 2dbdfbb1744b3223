"""Eras positions from a description (as in a position file): cards by their shown
names, sites and cones in board notation, the turn entered at a named part."""

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.games.eras import Eras
from lapilli.games.eras.positions import build


def test_a_description_names_paths_pieces_cones_and_the_part_of_the_turn():
    s = build(
        Eras(),
        {
            "players": 3,
            "turn": {"seat": "Blue", "at": "choose"},
            "seats": {
                "Red": {"path": ["Algae #1", "fish-2"], "piece": "2R", "tokens": 4},
                "Blue": {"cone": "Red 1M", "hand": ["Mammals #2"]},
            },
            "offer": "Birds #4",
        },
    )
    assert s.paths[0] == ["algae-1", "fish-2"] and s.pieces[0] == (2, 2)
    assert s.cones[1] == (0, "algae-1", 1) and s.tokens[0] == 4
    assert s.hands[1].kinds() == ["mammals-2"] and s.offer == "birds-4"
    assert "birds-4" not in s.era_deck and len(s.era_deck) == 48 - 4
    assert s.current_player() == 1 and s.pending().step.name == "choose"


@pytest.mark.parametrize(
    "description, message",
    [
        ({"seats": {"Red": {"path": ["Fish #1", "Algae #1"]}}}, "strict era order"),
        ({"seats": {"Red": {"piece": "9Q"}}}, "a site is written like SM or 3L"),
        ({"seats": {"Blue": {"cone": "Red 1M"}}}, "no era card 1 on that path"),
        ({"seats": {"Red": {"hand": ["fish-1"]}}, "offer": "fish-1"}, "in one place"),
        ({"seats": {"Red": {"tokens": 16}}}, "tokens is 16, not 0-15"),
        ({"seats": {"Red": {"wings": 2}}}, "nothing is called wings"),
    ],
)
def test_impossible_positions_are_refused(description, message):
    with pytest.raises(MalformedInput, match=message):
        build(Eras(), description)
