"""The example position of every game (docs/positions/) loads, shows, plays to the end,
and its record replays from it; bad descriptions are refused with MalformedInput."""

import random
import tomllib
from pathlib import Path

import pytest

from lapilli.core import positions
from lapilli.core.errors import MalformedInput
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.registry import games
from tests.conformance.damage import damage, play_on, time_limit

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "positions"


def test_every_registered_game_has_an_example_position():
    assert sorted(p.stem for p in EXAMPLES.glob("*.toml")) == sorted(games())


@pytest.mark.parametrize("game_id", sorted(games()))
def test_the_example_loads_and_plays_to_the_end(game_id):
    state = positions.load(EXAMPLES / f"{game_id}.toml")
    assert state.game.id == game_id and not state.is_terminal()
    for seat in range(state.num_players):
        state.render(seat)
    # the position saves and loads like any other
    assert state.game.state_from_json(state.to_json()).to_json() == state.to_json()
    match = Match(state.game, seats=["random"] * state.num_players, start=state)
    rng = random.Random(3)
    match.play([lambda s, seat: rng.choice(s.legal_actions())] * state.num_players, rng)
    assert match.state.is_terminal()
    replayed = Record.from_json(match.record.to_json()).replay()
    assert replayed.to_json() == match.state.to_json()


def test_the_start_position_is_part_of_the_record_hash():
    state = positions.load(EXAMPLES / "foggy_island.toml")
    record = Match(state.game, start=state).record
    other = Record.from_json({**record.to_json(), "start": None})
    assert record.digest() != other.digest()


@pytest.mark.parametrize(
    "text, message",
    [
        ("players = 2\n", "names its game"),
        ('game = "volcanique"\nturn = { seat = "Teal" }\n', "no player is called 'Teal'"),
        ('game = "volcanique"\nturn = { at = "nap" }\n', "a turn resumes at one of"),
        ('game = "volcanique"\ncolour = "red"\n', "nothing is called colour"),
        ('game = "volcanique"\n[map]\n"0,0" = ["uno-purple"]\n', "is not a tile"),
        ('game = "volcanique"\n[map]\n"zero" = ["uno-dark"]\n', "a hex is written as on the map"),
        ('game = "foggy_island"\n[map]\nz9 = "Red wolf"\n', "a token on the map is like"),
        ('game = "fuji"\nlava = ["9,9"]\n', "a card is at column,row"),
        ('game = "eras"\n[seats.Red]\npath = ["Unicorns #1"]\n', "is not an era card"),
        ('game = "deeper"\n[tiles]\nG30 = "99m-01"\n', "is not a tile"),
        ('game = "nosuchgame"\n', "nosuchgame"),
        ("game = [", "is not a position file"),
    ],
)
def test_a_bad_description_is_refused_naming_what_is_wrong(tmp_path, text, message):
    file = tmp_path / "bad.toml"
    file.write_text(text)
    with pytest.raises(MalformedInput, match=message):
        positions.load(file)


def test_the_docs_show_each_example_file_as_it_is():
    text = (EXAMPLES.parent / "positions.md").read_text()
    shown = [tomllib.loads(block.split("```")[0]) for block in text.split("```toml\n")[1:]]
    files = [tomllib.loads(p.read_text()) for p in EXAMPLES.glob("*.toml")]
    assert sorted(map(str, shown)) == sorted(map(str, files))


@pytest.mark.parametrize("game_id", sorted(games()))
def test_a_damaged_description_is_refused_or_plays_on(game_id):
    example = tomllib.loads((EXAMPLES / f"{game_id}.toml").read_text())
    rng = random.Random(5)
    refused = 0
    for _ in range(80):
        bad, change = damage(example, rng)
        try:
            with time_limit(20):
                play_on(positions.load(bad), random.Random(rng.random()), steps=20)
        except MalformedInput:
            refused += 1
        except Exception as exc:
            raise AssertionError(f"{change}: {exc!r}") from exc
    assert refused > 0
