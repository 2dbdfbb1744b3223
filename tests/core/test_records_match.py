import json
import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction, RecordError
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE


def played_match(seed=1, steps=60):
    match = Match(load_game("foggy_island"), 2, ["random", "random"])
    rng = random.Random(seed)
    for _ in range(steps):
        if match.state.current_player() == CHANCE:
            match.play_chance(rng)
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match


def test_a_record_saves_loads_and_replays_to_the_same_position(tmp_path):
    match = played_match()
    path = tmp_path / "game.lapilli.json"
    match.record.save(path)
    loaded = Record.load(path)
    assert loaded.actions == match.record.actions
    assert loaded.replay().to_json() == match.state.to_json()
    resumed = Match.from_record(loaded)
    assert resumed.state.to_json() == match.state.to_json()


@pytest.mark.parametrize(
    "mutate, words",
    [
        (lambda d: d.pop("actions"), "no 'actions' field"),
        (lambda d: d.update(format="chess"), "not a lapilli game record"),
        (lambda d: d.update(game="tetris"), "no game called 'tetris'"),
        (lambda d: d.update(seats=["x"]), "seats do not match"),
        (lambda d: d["actions"].__setitem__(3, {"kind": "take", "token": "dragon"}), "step 4"),
        (lambda d: d["actions"].__setitem__(0, "garbage"), "step 1 is damaged"),
        (lambda d: d.update(options={"mode": "chaos"}), "cannot set up"),
    ],
)
def test_a_damaged_record_is_refused_with_a_message(mutate, words):
    data = played_match().record.to_json()
    data = json.loads(json.dumps(data))
    mutate(data)
    with pytest.raises(RecordError, match=words):
        Record.from_json(data).replay()


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{not json")
    with pytest.raises(RecordError, match="not valid JSON"):
        Record.load(path)
    with pytest.raises(RecordError, match="cannot read"):
        Record.load(tmp_path / "missing.json")


def opening_done(match):
    """Both players pick five Wolves; Red is then to choose a token."""
    for _ in range(10):
        match.apply(Action("take", token="wolf"))
    assert match.state.phase == "choose"


def test_undo_takes_back_a_decision_within_the_turn():
    match = Match(load_game("foggy_island"), 2)
    opening_done(match)
    before = match.state.to_json()
    match.apply(Action("choose", token="wolf"))
    assert match.can_undo(0)
    match.undo(0)
    assert match.state.to_json() == before
    assert len(match.record.actions) == 10


def test_undo_never_crosses_a_draw_or_another_players_decision():
    match = Match(load_game("foggy_island"), 2)
    for _ in range(5):
        match.apply(Action("take", token="wolf"))
    # Blue is to choose now: Red's opening choices are final
    assert not match.can_undo(0)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        match.undo(0)
    for _ in range(5):
        match.apply(Action("take", token="wolf"))
    match.apply(Action("choose", token="wolf"))
    match.apply(Action("place", tile="c3"))
    assert match.state.current_player() == CHANCE  # Red draws a token
    assert not match.can_undo(0)
    match.apply(Action("draw", token="rat"))
    assert not match.can_undo(0) and not match.can_undo(1)


def test_an_illegal_action_names_the_rule_and_changes_nothing():
    match = Match(load_game("foggy_island"), 2)
    opening_done(match)
    match.apply(Action("choose", token="wolf"))
    match.apply(Action("place", tile="c3"))
    match.apply(Action("draw", token="wolf"))
    match.apply(Action("choose", token="wolf"))
    before = match.state.to_json()
    with pytest.raises(IllegalAction, match="c3 is taken"):
        match.apply(Action("place", tile="c3"))
    with pytest.raises(IllegalAction, match="must act"):
        match.apply(Action("hire", mercenary="fox"))
    assert match.state.to_json() == before
    assert len(match.record.actions) == 14
