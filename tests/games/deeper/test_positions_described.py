"""Deeper positions from a description (as in a position file): hexes by name, seats
by label, the turn entered at its start or at an action."""

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.games.deeper import Deeper
from lapilli.games.deeper.positions import build


def test_a_turn_entered_at_its_start_runs_through_the_flow():
    s = build(Deeper(), {"players": 2, "turn": {"seat": "Player 2", "at": "turn"}})
    assert s.current_player() == 1 and s.pending().step.name == "act"
    assert s.pending().args.left == 2 and s.turns == 2  # the turn step counted it


def test_seats_and_tiles_in_the_game_words():
    s = build(
        Deeper(),
        {
            "tiles": {"G30": "40m-11"},
            "seats": {"Player 1": {"hex": "G30", "inventory": {"kelp": 1}}},
            "turn": {"at": "second action"},
        },
    )
    assert s.ocean.names[s.pawn[0]] == "G30" and s.inventory[0][1] == 1
    assert s.pending().args.left == 1


@pytest.mark.parametrize(
    "description, message",
    [
        ({"tiles": {"G30": "hatch"}}, "is not a tile"),
        ({"seats": {"Player 1": {"fins": True}}}, "nothing is called fins"),
        ({"seats": {"Player 9": {}}}, "no player is called 'Player 9'"),
        ({"turn": {"at": "third action"}}, "a turn resumes at one of"),
    ],
)
def test_impossible_descriptions_are_refused(description, message):
    with pytest.raises(MalformedInput, match=message):
        build(Deeper(), {"players": 2, **description})
