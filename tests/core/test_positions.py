"""The shared parts of position builders and loading: descriptions read once, seat
names, frame arguments checked against their declared types."""

from typing import NamedTuple

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.core.flow import Step, Steps
from lapilli.core.positions import Description, seat_of


def test_a_key_nobody_reads_is_refused():
    desc = Description({"players": 2, "colour": "red"}, "the position", "Toy")
    assert desc.take("players", int) == 2
    with pytest.raises(MalformedInput, match="nothing is called colour here"):
        desc.done()


def test_values_are_checked_for_type_and_range():
    desc = Description({"round": True, "crater": 9}, "the position", "Toy")
    with pytest.raises(MalformedInput, match="round is True"):
        desc.take("round", int)  # true is not a number
    with pytest.raises(MalformedInput, match="crater is 9, not 0-3"):
        desc.count("crater", 0, 0, 3)


def test_seats_are_named_as_the_game_names_them():
    labels = ["Pink (P1)", "Blue (P2)", "Hiromi (green)"]
    assert seat_of("blue", labels, "Toy") == 1
    assert seat_of("P1", labels, "Toy") == 0
    assert seat_of("Hiromi", labels, "Toy") == 2
    assert seat_of("Blue (P2)", labels, "Toy") == 1
    with pytest.raises(MalformedInput, match="no player is called 'Teal'"):
        seat_of("Teal", labels, "Toy")


class Args(NamedTuple):
    seat: int
    at: tuple[int, int]
    island: tuple[tuple[int, int], ...] | None = None


TOY = Steps(Step("go", "Go", legal=lambda s, f: [], apply=lambda s, f, a: [], Args=Args))


def test_saved_frame_arguments_have_their_declared_types():
    frame = TOY.frame_from_json({"step": "go", "seat": 0, "args": {"seat": 1, "at": [0, 2]}}, 2)
    assert frame.args == Args(1, (0, 2))
    for args, wrong in [
        ({"seat": 1, "at": [0]}, "at must be a list of 2"),
        ({"seat": "1", "at": [0, 2]}, "seat must be a whole number, not '1'"),
        ({"seat": True, "at": [0, 2]}, "seat must be a whole number, not True"),
        ({"seat": 1, "at": [0, 2.0]}, r"at\[1\] must be a whole number, not 2.0"),
        ({"seat": 5, "at": [0, 2]}, "seat must be a whole number 0-1, not 5"),  # 2 players
        ({"seat": 1, "at": [0, 2], "island": [[0, "x"]]}, r"island\[0\]\[1\] must be"),
        ({"seat": 1, "at": [0, 2], "colour": "red"}, "the step go takes no colour"),
    ]:
        with pytest.raises(MalformedInput, match=wrong):
            TOY.frame_from_json({"step": "go", "seat": 0, "args": args}, 2)
    with pytest.raises(MalformedInput, match="no step called"):
        TOY.frame_from_json({"step": ["go"], "seat": 0}, 2)


# -- a position is shown where it was entered, never after -----------------------------------
@pytest.mark.parametrize(
    ("game_id", "description", "message"),
    [
        # Pink has nothing to claim: the claim would pass by itself, to the sacrifice
        (
            "volcanique",
            {
                "map": {"0,0": ["uno-dark"]},
                "seats": {"Pink": {"critters": {"0,0 dark": 1}}},
                "turn": {"seat": "Pink", "at": "claim"},
            },
            r"Pink \(P1\)'s claim has nothing to choose here, so play would go on to Pink \(P1\)'s "
            "sacrifice before the position is shown",
        ),
        # Red's hand is empty: its turn would pass at once, to Blue's
        (
            "foggy_island",
            {"seats": {"Red": {"hand": []}}, "turn": {"seat": "Red"}},
            "Red's turn has nothing to choose here, so play would go on to Blue's choose",
        ),
    ],
)
def test_a_position_never_plays_on_past_the_step_it_names(game_id, description, message):
    from lapilli.core.positions import build
    from lapilli.core.registry import load_game

    with pytest.raises(MalformedInput, match=message):
        build(load_game(game_id), description)


def test_a_position_at_a_step_with_a_choice_waits_there():
    from lapilli.core.positions import build
    from lapilli.core.registry import load_game

    s = build(load_game("eras"), {"seats": {"Red": {"hand": ["Fish #1"]}}, "turn": {"at": "play"}})
    assert s.decision()["name"] == "play a card" and s.current_player() == 0
