"""Damaged, tampered and foreign records at the command line: `lapilli replay` and
`lapilli play --resume` end with one line on stderr and a non-zero exit, never a
traceback; a record saved before the integrity hash still loads, with a note."""

import gzip
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lapilli.cli.main import app
from lapilli.core.actions import Action
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE

LAPILLI = str(Path(sys.executable).parent / "lapilli")
runner = CliRunner()


def unfinished_record() -> Record:
    """Red (a human) against the random bot, some way into the first round."""
    match = Match(load_game("foggy_island"), 2, ["human", "random"])
    rng = random.Random(7)
    while len(match.record.actions) < 40 or match.state.current_player() != 0:
        if match.state.current_player() == CHANCE:
            match.play_chance(rng)
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    return match.record


def saved(tmp_path: Path) -> dict:
    return json.loads(json.dumps(unfinished_record().to_json()))


def write(tmp_path: Path, data, name="game.lapilli.json") -> Path:
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1))
    return path


def refused(path: Path, *words: str) -> None:
    """Both commands refuse the file: exit 2, one line on stderr naming the problem."""
    for args, keys in (
        (["replay", str(path), "--no-step"], None),
        (["play", "--resume", str(path)], "quit\n"),
    ):
        result = runner.invoke(app, args, input=keys, catch_exceptions=False)
        assert result.exit_code == 2, result.output
        assert "Traceback" not in result.output
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
        for word in words:
            assert word in lines[0], lines[0]
        assert result.stdout == ""  # nothing shown before the refusal


def test_a_byte_that_is_not_utf8(tmp_path):
    text = json.dumps(saved(tmp_path)).encode().replace(b'"human"', b'"hu\xffman"')
    refused(write(tmp_path, text), "not UTF-8 text (byte 0xff)")


@pytest.mark.parametrize("depth", [40, 100_000])
def test_deep_nesting(tmp_path, depth):
    data = saved(tmp_path)
    text = json.dumps(data).replace(
        '"actions": [', '"actions": [' + "[" * depth + "]" * depth + ","
    )
    refused(write(tmp_path, text), "nest")


def test_a_number_of_5000_digits(tmp_path):
    text = json.dumps(saved(tmp_path)).replace('"players": 2', '"players": ' + "9" * 5000)
    refused(write(tmp_path, text), "a number of 5000 digits")


@pytest.mark.parametrize("text", ["NaN", "Infinity", "1e999"])
def test_numbers_that_are_not_real(tmp_path, text):
    data = json.dumps(saved(tmp_path)).replace('"players": 2', f'"players": {text}')
    refused(write(tmp_path, data), "not a number" if text[0] != "1" else "too large")


def test_truncated_json(tmp_path):
    text = json.dumps(saved(tmp_path), indent=1)
    refused(write(tmp_path, text[: len(text) // 2]), "not valid JSON: it ends too soon")
    refused(write(tmp_path, text.replace('"seats"', '"seats" "', 1)), "not valid JSON", "line")


def test_gzip_garbage_and_cut_gzip(tmp_path):
    refused(write(tmp_path, b"\x1f\x8b\x08\x00garbage" * 20, "g.jsonl.gz"), "gzip")
    refused(write(tmp_path, b"not gzip at all", "h.jsonl.gz"), "cannot read")
    whole = gzip.compress(json.dumps(saved(tmp_path)).encode())
    refused(write(tmp_path, whole[: len(whole) // 2], "cut.jsonl.gz"), "gzip data is cut short")


FINE = {"result": ("None",), "options": ("{}",), "actions": ("[]",)}  # not even damaged
WRONG = [None, 3, -1, 2.5, True, "x", [], {}, [1, "a"], {"kind": 5}]


@pytest.mark.parametrize(
    "field",
    ["format", "engine", "game", "version", "players", "seats", "options", "actions", "result"],
)
def test_wrong_types_in_every_field(tmp_path, field):
    base = saved(tmp_path)
    del base["hash"]  # as if saved before hashes, so that every field's own check speaks
    for wrong in WRONG:
        data = dict(base, **{field: wrong})
        if repr(wrong) in FINE.get(field, ()):
            continue
        refused(write(tmp_path, data))


@pytest.mark.parametrize("wrong", WRONG + [[["take", "kind", "wolf"]], ["take", "token"]])
def test_wrong_types_inside_actions(tmp_path, wrong):
    data = saved(tmp_path)
    del data["hash"]
    data["actions"][3] = wrong
    refused(write(tmp_path, data), "step 4")
    data["actions"][3] = {"kind": "take", "token": wrong}
    refused(write(tmp_path, data), "step 4")


def test_an_unknown_game(tmp_path):
    record = unfinished_record()
    record.game = "tetris"  # saved so, its hash right
    refused(write(tmp_path, record.to_json()), "no game called 'tetris'")


def test_an_action_that_does_not_replay_names_its_step(tmp_path):
    record = unfinished_record()
    record.actions[12] = Action("place", tile="z9")
    refused(write(tmp_path, record.to_json()), "step 13 (place on z9) does not replay")


def test_a_record_from_a_newer_lapilli_or_newer_rules_is_refused(tmp_path):
    data = saved(tmp_path)
    refused(write(tmp_path, dict(data, engine="2")), "saved by a newer lapilli", "format 2")
    refused(write(tmp_path, dict(data, engine="one")), "engine field 'one' is damaged")
    record = unfinished_record()
    record.game_version = "2"  # the hash stays right: only the version speaks
    refused(write(tmp_path, record.to_json()), "version 2 of Foggy Island's rules, newer")


def test_a_record_from_older_rules_replays_with_a_warning(tmp_path):
    record = unfinished_record()
    record.game_version = "0"
    path = write(tmp_path, record.to_json())
    result = runner.invoke(app, ["replay", str(path), "--no-step"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "saved with version 0 of Foggy Island's rules" in result.stderr
    assert "replays only if those rules did not change" in result.stderr
    # and if it does not replay, the refusal says the versions differ
    record.actions[12] = Action("place", tile="z9")
    refused(write(tmp_path, record.to_json()), "step 13", "from version 0", "plays version 1")


def test_a_tampered_record_is_flagged(tmp_path):
    data = saved(tmp_path)
    data["actions"][0] = {"kind": "take", "token": "rat"}  # another token picked, hash kept
    refused(write(tmp_path, data), "this record was changed after it was saved")
    data = saved(tmp_path)
    data["seats"] = ["random", "random"]
    refused(write(tmp_path, data), "changed after it was saved")
    data = saved(tmp_path)
    data["hash"] = 12
    refused(write(tmp_path, data), "changed after it was saved")


def test_a_record_saved_before_hashes_still_loads_with_a_note(tmp_path):
    data = saved(tmp_path)
    del data["hash"]
    path = write(tmp_path, data)
    shown = runner.invoke(app, ["replay", str(path), "--no-step"], catch_exceptions=False)
    assert shown.exit_code == 0 and "  40. " in shown.stdout
    assert "before records carried an integrity hash" in shown.stderr
    resumed = runner.invoke(app, ["play", "--resume", str(path)], input="quit\n")
    assert resumed.exit_code == 0 and "Game saved" in resumed.stdout
    assert "before records carried an integrity hash" in resumed.stderr
    assert "hash" in json.loads(path.read_text())  # saved again: with its hash now


def test_a_records_file_line_is_checked_too(tmp_path):
    good = unfinished_record()
    line = json.dumps(dict(good.to_json(compact=True), index=0))
    tampered = json.loads(line)
    tampered["actions"][0] = ["take", "token", "rat"]
    path = write(tmp_path, line + "\n" + json.dumps(dict(tampered, index=1)) + "\n", "g.jsonl")
    first = runner.invoke(app, ["replay", str(path), "--game", "0", "--no-step"])
    assert first.exit_code == 0, first.output
    second = runner.invoke(app, ["replay", str(path), "--game", "1", "--no-step"])
    assert second.exit_code == 2 and "line 2: this record was changed" in second.stderr


@pytest.mark.parametrize(
    "content", [b"\xff\xfe{", b"[" * 50_000, b'{"players": ' + b"7" * 5000 + b"}"]
)
def test_the_installed_command_prints_no_traceback(tmp_path, content):
    path = write(tmp_path, content)
    for args in (["replay", str(path)], ["play", "--resume", str(path)]):
        done = subprocess.run(
            [LAPILLI, *args], capture_output=True, text=True, input="quit\n", timeout=60
        )
        assert done.returncode == 2
        assert "Traceback" not in done.stderr + done.stdout
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def _retyped(game_id: str, seed: int = 3) -> list[tuple[Record, int, str]]:
    """A record of ``game_id`` with one whole number of one action written as a float,
    and, where it is 0 or 1, as a boolean (its hash recomputed: only the types speak)."""
    match = Match(load_game(game_id), 2, ["random", "random"])
    rng = random.Random(seed)
    while not match.state.is_terminal() and len(match.record.actions) < 400:
        if match.state.current_player() == CHANCE:
            match.play_chance(rng)
        else:
            match.apply(rng.choice(match.state.legal_actions()))
    found = []
    for step, action in enumerate(match.record.actions):
        whole = [(k, v) for k, v in action[1] if type(v) is int]
        if step < 5 or not whole:
            continue
        key, value = whole[0]
        for odd in [float(value)] + ([bool(value)] if value in (0, 1) else []):
            record = Record.from_json(match.record.to_json())
            record.actions[step] = Action(action.kind, **(action.params | {key: odd}))
            found.append((record, step, json.dumps(odd)))
        if len(found) >= 2:
            return found
    return found


@pytest.mark.parametrize(
    "game_id", ["eras", "fuji", "deeper", "volcanique"]
)  # (Foggy Island: none)
def test_a_number_written_as_another_type_is_refused_in_one_line(tmp_path, game_id):
    """1.0 or true where the rules have 1 compare equal in Python; the record is refused
    all the same, naming the step, instead of crashing later."""
    cases = _retyped(game_id)
    assert cases, "the game offered no action with a whole number"
    for record, step, _ in cases:
        refused(write(tmp_path, record.to_json()), f"step {step + 1}", "of another type")


def test_the_engine_plays_the_rules_own_form_of_an_equal_action():
    state = load_game("eras").new_state(2)
    rng = random.Random(5)
    while True:
        if state.current_player() == CHANCE:
            state.apply(rng.choice([o for o, _ in state.chance_outcomes()]))
            continue
        whole = [a for a in state.legal_actions() if any(type(v) is int for _, v in a[1])]
        if whole:
            break
        state.apply(rng.choice(state.legal_actions()))
    action = whole[0]
    key = next(k for k, v in action[1] if type(v) is int)
    state.apply(Action(action.kind, **(action.params | {key: float(action.arg(key))})))
    data = json.loads(json.dumps(state.to_json()))
    assert state.game.state_from_json(data).to_json() == data  # saves and reloads
