import json
import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction, MalformedInput, RecordError
from lapilli.core.loop import random_policy
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


def test_the_hash_is_the_same_for_full_and_compact_actions_and_changes_with_any_field():
    record = played_match().record
    full = Record.from_json(json.loads(json.dumps(record.to_json())))
    compact = Record.from_json(json.loads(json.dumps(record.to_json(compact=True))))
    assert record.to_json()["hash"] == record.to_json(compact=True)["hash"] == full.digest()
    assert compact.digest() == full.digest()
    digests = {full.digest()}
    for change in (
        lambda r: r.actions.pop(),
        lambda r: r.seats.__setitem__(0, "human"),
        lambda r: r.options.update(mode="weather"),
        lambda r: setattr(r, "game_version", "0"),
        lambda r: setattr(r, "result", {"scores": [], "returns": [], "winners": []}),
    ):
        changed = Record.from_json(json.loads(json.dumps(record.to_json())))
        change(changed)
        digests.add(changed.digest())
    assert len(digests) == 6


def test_a_file_record_is_checked_against_its_hash(tmp_path):
    record = played_match().record
    path = tmp_path / "g.json"
    record.save(path)
    assert Record.load(path).notes == []
    data = json.loads(path.read_text())
    data["actions"][-1], data["actions"][-2] = data["actions"][-2], data["actions"][-1]
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError, match="changed after it was saved"):
        Record.load(path)
    del data["hash"]
    path.write_text(json.dumps(data))
    assert "before records carried an integrity hash" in Record.load(path).notes[0]


def test_a_recorded_result_must_be_the_end_the_actions_reach():
    match = Match(load_game("foggy_island"), 2)
    rng = random.Random(2)
    while not match.state.is_terminal():
        legal = match.state.legal_actions()
        match.apply(rng.choice(legal) if legal else match.state.chance_outcomes()[0][0])
    record = match.record
    assert record.result["scores"] == match.state.scores()
    record.replay()
    record.result = dict(record.result, winners=[1 - record.result["winners"][0]])
    with pytest.raises(RecordError, match="result is not the end its actions reach"):
        record.replay()


def test_a_compact_action_cannot_name_a_parameter_kind():
    with pytest.raises(MalformedInput, match="compact action"):
        Action.from_list(["take", "kind", "wolf"])
    with pytest.raises(MalformedInput) as refused:
        Action.from_list(["take", "token", "x" * 10_000, "extra"])
    assert len(str(refused.value)) < 200  # the bad input is quoted short


def test_game_versions_newer_refused_older_noted():
    record = played_match().record
    record.game_version = "2"
    with pytest.raises(RecordError, match="version 2 of Foggy Island's rules, newer"):
        record.replay()
    record.game_version = "0"
    record.replay()
    assert record.notes == [
        "this record was saved with version 0 of Foggy Island's rules and this lapilli plays "
        "version 1: it replays only if those rules did not change"
    ]
    for damaged in ("one", 1, "1.x"):
        data = dict(record.to_json(), version=damaged)
        with pytest.raises(RecordError, match="game version .* is damaged"):
            Record.from_json(data)


def _mutated(data, rng):
    """``data`` with one value somewhere replaced by a value of another type."""
    wrong = [None, 0, -5, 10**9, 1.5, "", "zz", [], {}, [1, [2]], True, {"kind": "x"}]
    value, depth = data, 0
    while True:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        if not keys:
            return data
        key = rng.choice(keys)
        inner = value[key]
        if depth > 3 or rng.random() < 0.3 or not isinstance(inner, dict | list):
            value[key] = rng.choice(wrong)
            return data
        value, depth = inner, depth + 1


@pytest.mark.parametrize("game_id", ["foggy_island", "fuji", "volcanique", "eras", "deeper"])
def test_random_damage_is_always_a_record_error(tmp_path, game_id):
    """Fields of the wrong type anywhere, stray bytes, files cut short: every one is
    refused with a RecordError, nothing else escapes."""
    game = load_game(game_id)
    players = 2 if 2 in game.player_counts() else game.default_players()
    match = Match(game, players, ["random"] * players)
    rng = random.Random(5)
    match.play([random_policy(rng)] * players, rng, limit=80)
    text = json.dumps(match.record.to_json())
    path = tmp_path / "damaged.json"
    refused = []
    for trial in range(60):
        if trial % 3 == 0:
            data = json.loads(text)
            del data["hash"]  # so that the fields' own checks speak
            damaged = json.dumps(_mutated(data, rng)).encode()
        elif trial % 3 == 1:
            damaged = bytearray(text.encode())
            for _ in range(3):
                damaged[rng.randrange(len(damaged))] = rng.randrange(256)
        else:
            damaged = text.encode()[: rng.randrange(len(text))]
        path.write_bytes(bytes(damaged))
        try:
            Record.load(path).replay()
        except RecordError:
            refused.append(trial)
    cut_short = range(2, 60, 3)
    assert set(cut_short) <= set(refused)
    assert len(refused) >= 45  # a few changes are harmless (a new value a field may hold)
