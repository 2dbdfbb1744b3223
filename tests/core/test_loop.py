"""The one game loop and what is built on it: a Match, records files."""

import gzip
import json
import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput, RecordError
from lapilli.core.loop import play, quiet, random_policy
from lapilli.core.match import Match
from lapilli.core.records import Record, read_records, record_line
from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE


def test_the_loop_tells_every_step_chance_included():
    game = load_game("foggy_island")
    rng = random.Random(5)
    state = game.new_state(2)
    taken = []
    steps = play(
        state, [random_policy(rng)] * 2, rng, on_step=lambda s, seat, a, e: taken.append(a)
    )
    assert state.is_terminal() and steps == len(taken)
    record = Record("foggy_island", 2, ["random"] * 2, {}, taken)
    assert record.replay() == state


def test_the_loop_stops_after_a_limit_and_goes_on_from_there():
    game = load_game("foggy_island")
    rng = random.Random(2)
    state = game.new_state(2)
    seats = []
    assert play(
        state, [random_policy(rng)] * 2, rng, limit=7, on_step=lambda *a: seats.append(a[1])
    )
    assert len(seats) == 7 and not state.is_terminal()
    assert play(state, [random_policy(rng)] * 2, rng) > 0 and state.is_terminal()


def test_a_checked_loop_refuses_a_policy_that_breaks_the_rules():
    state = load_game("foggy_island").new_state(2)
    before = state.to_json()
    with pytest.raises(Exception, match="wolf|dragon|take"):
        play(state, [lambda s, seat: Action("take", token="dragon")] * 2, random.Random(0))
    assert state.to_json() == before


def test_a_match_plays_its_policies_recording_and_logging_every_step():
    match = Match(load_game("foggy_island"), 2, ["random", "random"])
    rng = random.Random(1)
    steps = match.play([random_policy(rng), None], rng)
    # Red's five opening choices, then Blue (no policy) is to move
    assert steps == 5 and match.state.current_player() == 1
    assert len(match.record.actions) == 5 and match.log
    assert not match.can_undo(0)
    match.play([None, random_policy(rng)], rng, limit=1)
    assert match.can_undo(1)
    match.undo(1)
    assert len(match.record.actions) == 5 and match.state.current_player() == 1
    match.play([random_policy(rng)] * 2, rng)
    assert match.state.is_terminal() and match.record.result["winners"] == match.state.winners()
    assert Record.from_json(match.record.to_json()).replay() == match.state


def test_a_match_resolves_chance_ahead():
    match = Match(load_game("foggy_island"), 2)
    for _ in range(10):
        match.apply(Action("take", token="wolf"))
    match.apply(Action("choose", token="wolf"))
    match.apply(Action("place", tile="c3"))
    assert match.state.current_player() == CHANCE
    assert match.play_chance(random.Random(0)) == 1
    assert match.state.current_player() == 1  # Red drew; Blue's turn


def test_compact_actions_round_trip():
    a = Action("place_tile", at=(2, -1), tile="duo-3")
    assert a.to_list() == ["place_tile", "at", [2, -1], "tile", "duo-3"]
    assert Action.from_list(a.to_list()) == a
    assert Action.from_list(["pass"]) == Action("pass")
    for bad in (["x", "y"], [], [3], "pass", ["x", 1, 2]):
        with pytest.raises(MalformedInput, match="compact action"):
            Action.from_list(bad)


def _finished_record(seed: int) -> Record:
    match = Match(load_game("foggy_island"), 2, ["random", "random"])
    rng = random.Random(seed)
    match.play([random_policy(rng)] * 2, rng)
    return match.record


@pytest.mark.parametrize("name", ["games.jsonl", "games.jsonl.gz"])
def test_a_records_file_holds_one_compact_game_a_line(tmp_path, name):
    path = tmp_path / name
    records = {i: _finished_record(i) for i in (3, 4, 7)}
    opener = gzip.open if name.endswith(".gz") else open
    with opener(path, "wt") as fh:
        for i, record in records.items():
            fh.write(record_line(record, i, seed=100 + i))
    lines = list(opener(path, "rt"))
    first = json.loads(lines[0])
    assert len(lines) == 3 and first["index"] == 3 and first["seed"] == 103
    assert first["actions"][0] == records[3].actions[0].to_list()
    assert [i for i, _ in read_records(path)] == [3, 4, 7]
    assert Record.load(path, index=4).actions == records[4].actions
    assert Record.load(path).actions == records[3].actions  # the first game
    assert Record.load(path, index=7).replay() == records[7].replay()
    with pytest.raises(RecordError, match="no game 5"):
        Record.load(path, index=5)


def test_a_single_record_file_has_no_numbered_games(tmp_path):
    path = tmp_path / "one.json"
    record = _finished_record(1)
    record.save(path)
    assert Record.load(path).actions == record.actions
    with pytest.raises(RecordError, match="holds a single game"):
        Record.load(path, index=2)


def test_quiet_tells_a_turn_flow_state_that_nobody_reads_its_events():
    from .test_flow import Toy

    toy = Toy().new_state()
    assert toy.narrate and quiet(toy) is toy and not toy.narrate
    plain = load_game("foggy_island").new_state(2)
    assert quiet(plain) is plain  # a state without the flag is left as it is
