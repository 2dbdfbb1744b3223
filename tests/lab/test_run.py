"""The lab's experiments: specs checked before any game, games stored as they finish,
the same rows whatever the processes, and a rerun that plays only what is missing."""

import json
import shutil
from pathlib import Path

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("matplotlib")

from typer.testing import CliRunner  # noqa: E402

from lapilli.cli.main import app  # noqa: E402
from lapilli.lab import analysis, backends, runner, spec  # noqa: E402
from lapilli.lab.spec import LabError  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402

SPEC = """
game = "foggy_island"
games = 6
seed = 3
seats = ["random", "random"]
batch = 2
[arms.basic]
options = { mode = "basic" }
[arms.weather]
options = { mode = "weather" }
"""


def rows(store):
    """Every stored row, in a fixed order and without the batch ids."""
    t = store.load()
    out = {}
    for name in ("games", "seats", "facts"):
        found = getattr(t, name).drop_columns(["batch"]).to_pylist()
        for r in found:
            r.pop("seconds", None)
        out[name] = sorted(found, key=lambda r: json.dumps(r, sort_keys=True))
    return out


def run(tmp_path, text, name="out", jobs=1):
    exp = spec.resolve(__import__("tomllib").loads(text))
    store = Store(tmp_path / name)
    store.open(exp, text)
    played = backends.run(exp, store, jobs=jobs)
    return exp, store, played


def test_an_experiment_plays_every_arm_on_the_same_seeds_with_seats_rotated(tmp_path):
    exp, store, played = run(tmp_path, SPEC)
    assert played == 12
    t = store.load()
    games = t.games.to_pylist()
    assert sorted((g["arm"], g["game"]) for g in games) == [
        (a, i) for a in ("basic", "weather") for i in range(6)
    ]
    assert {g["seed"] for g in games if g["game"] == 4} == {3 + 4}
    seats = t.seats.to_pylist()
    # game 1 rotates the spec's seats: slot 0 sits in seat 1
    assert {(s["seat"], s["slot"]) for s in seats if s["game"] == 1} == {(1, 0), (0, 1)}
    for g in range(6):  # each game's shares of the win add up to 1
        assert sum(s["win"] for s in seats if s["game"] == g and s["arm"] == "basic") == 1


def test_the_rows_do_not_depend_on_the_processes_and_a_rerun_plays_only_the_missing(tmp_path):
    _, one, _ = run(tmp_path, SPEC, "one", jobs=1)
    _, two, _ = run(tmp_path, SPEC, "two", jobs=2)
    assert rows(one) == rows(two)
    exp, store, played = run(tmp_path, SPEC, "one")
    assert played == 0
    more = SPEC.replace("games = 6", "games = 8")
    exp, store, played = run(tmp_path, more, "one")
    assert played == 4 and store.load().games.num_rows == 16


def test_a_game_written_twice_is_read_once(tmp_path):
    exp, store, _ = run(tmp_path, SPEC)
    before = rows(store)
    again = runner.play_batch(exp, runner.Batch("basic", 0, 2))
    store.write(again)  # a batch played again (a run stopped, then restarted)
    assert rows(store) == before
    store.compact()
    assert rows(store) == before
    assert len(list((tmp_path / "out" / "tables" / "games").glob("*.parquet"))) == 1


def test_a_directory_holding_another_experiment_is_refused(tmp_path):
    run(tmp_path, SPEC)
    with pytest.raises(LabError, match="holds another experiment.*seed is 3, not 4"):
        run(tmp_path, SPEC.replace("seed = 3", "seed = 4"))
    changed = SPEC.replace('mode = "weather"', 'mode = "mercenaries"')
    with pytest.raises(LabError, match="its arm 'weather' has other options"):
        run(tmp_path, changed)


def test_new_arms_join_an_experiment_and_only_their_games_are_played(tmp_path):
    run(tmp_path, SPEC)
    more = SPEC + '[arms.mercenaries]\noptions = { mode = "mercenaries" }\n'
    exp, store, played = run(tmp_path, more)
    assert played == 6 and store.load().games.num_rows == 18
    # an arm left out keeps its games, and may not come back changed
    fewer = SPEC.replace('[arms.weather]\noptions = { mode = "weather" }\n', "")
    assert run(tmp_path, fewer)[2] == 0
    with pytest.raises(LabError, match="its arm 'weather' has other options"):
        run(tmp_path, SPEC.replace('mode = "weather"', 'mode = "mercenaries"'))


@pytest.mark.parametrize(
    "change, words",
    [
        (('game = "foggy_island"', 'game = "foggy"'), "no game called 'foggy'"),
        (('mode = "weather"', 'mood = "weather"'), "unknown option 'mood'"),
        (('mode = "weather"', 'mode = "rainy"'), "option mode: 'rainy' is not one of"),
        (('"random", "random"', '"random", "clever"'), "no bot called 'clever'"),
        (('"random", "random"', '"random"'), "is for 2 players, not 1"),
        (('seats = ["random", "random"]', 'players = 2\nseats = ["random"]'), "names 1 bots"),
        (("seed = 3", "seed = 3\nseed = 4"), "not valid TOML"),
        (("batch = 2", "batch = 2\nrounds = 3"), "unknown key 'rounds'"),
        (("games = 6", "games = 0"), "games: Input should be greater than or equal to 1"),
        (("batch = 2", 'batch = 2\n[restrict]\nfeatures = ["wings"]'), "no feature 'wings'"),
        (("batch = 2", 'batch = 2\n[sweep]\nmode = ["basic"]'), "give \\[arms\\] or \\[sweep\\]"),
    ],
)
def test_a_bad_spec_is_refused_in_one_sentence_before_any_game(tmp_path, change, words):
    text = SPEC.replace(*change)
    path = tmp_path / "spec.toml"
    path.write_text(text)
    with pytest.raises(LabError, match=words):
        spec.read(path)
    result = CliRunner().invoke(app, ["lab", "run", str(path), "--out", str(tmp_path / "o")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp_path / "o").exists()


BENCH = Path(__file__).parents[2] / "bench" / "lab"


@pytest.mark.parametrize("path", sorted(BENCH.rglob("*.toml")), ids=lambda p: p.stem)
def test_every_experiment_kept_in_bench_still_reads(path):
    # its game, options and bots (with their parameters) must still exist for the
    # figures in docs/ to be rerun
    exp = spec.read(path)
    assert exp.arms and all(arm.seats for arm in exp.arms)


def test_a_sweep_makes_one_arm_per_value_and_compares_with_the_rulebook_value():
    exp = spec.resolve(
        {"game": "foggy_island", "games": 2, "sweep": {"mode": ["weather", "basic", "mercenaries"]}}
    )
    assert [a.name for a in exp.arms] == ["mode=weather", "mode=basic", "mode=mercenaries"]
    assert exp.baseline == "mode=basic"  # the game's default


def test_the_command_runs_and_reports(tmp_path):
    path = tmp_path / "spec.toml"
    path.write_text(SPEC)
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["lab", "run", str(path), "--out", str(out), "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert "12 games in" in result.output
    page = (out / "report.html").read_text()
    assert page.count("<svg") >= 4 and "<script" not in page and "<img" not in page
    assert 'href="http' not in page and "src=" not in page  # nothing from the network
    summary = json.loads((out / "summary.json").read_text())
    assert [a["games"] for a in summary["arms"]] == [6, 6]
    again = CliRunner().invoke(app, ["lab", "run", str(path), "--out", str(out)])
    assert again.exit_code == 0 and "12 already played" in again.output
    shutil.rmtree(out / "tables")
    empty = CliRunner().invoke(app, ["lab", "report", str(out)])
    assert empty.exit_code == 2 and "holds no finished game" in empty.output


def summary(exp, store):
    return analysis.summarize(exp, store.load())


THREE = """
game = "eras"
players = 3
games = 9
seed = 5
seats = ["greedy", "random", "random"]
batch = 3
"""


def test_with_three_seats_a_bot_is_measured_against_each_seat_of_the_other(tmp_path):
    """One bot against two of another: how often it finished above one of theirs, each
    game's pairings counted from the stored ranks (a tie half), averaged over games."""
    exp, store, _ = run(tmp_path, THREE)
    found = summary(exp, store)
    above = found["arms"][0]["above"]
    seats = store.load().seats.to_pylist()
    shares = []
    for game in range(9):
        here = [s for s in seats if s["game"] == game]
        mine = next(s["rank"] for s in here if s["slot"] == 0)
        won = [1.0 if mine < s["rank"] else 0.5 * (mine == s["rank"]) for s in here if s["slot"]]
        shares.append(sum(won) / 2)
    assert above["rate"] == pytest.approx(sum(shares) / 9)
    assert above["low"] <= above["rate"] <= above["high"]
    assert (above["bot"], above["against"], above["games"]) == ("greedy", "random", 9)
    assert any("greedy finishes above a random seat" in line for line in found["sentences"])


def test_two_seats_or_one_bot_everywhere_have_no_pairing_figure(tmp_path):
    exp, store, _ = run(tmp_path, SPEC)
    assert [a["above"] for a in summary(exp, store)["arms"]] == [None, None]
    same = THREE.replace('"greedy", ', '"random", ').replace("games = 9", "games = 3")
    exp, store, _ = run(tmp_path, same, name="same")
    assert summary(exp, store)["arms"][0]["above"] is None


def test_the_pairing_sentence_takes_the_article_the_bots_name_asks_for(tmp_path):
    easy = THREE.replace('"random", "random"', '"easy", "easy"').replace("games = 9", "games = 3")
    exp, store, _ = run(tmp_path, easy)
    assert any("greedy finishes above an easy seat" in s for s in summary(exp, store)["sentences"])


def test_a_variant_for_four_only_is_summarised_with_its_seats_and_sides(tmp_path):
    # Foggy Island's team game is for four players only: the seats' names are taken from
    # the experiment's own variant (the default game would refuse four players)
    team = SPEC.replace("seats = [", 'players = 4\nseats = ["random", "random", ')
    team = team.split("[arms.")[0] + 'options = { variant = "team" }\n'
    exp, store, _ = run(tmp_path, team.replace("games = 6", "games = 2"))
    found = summary(exp, store)
    assert found["experiment"]["seat_labels"] == ["Red 1", "Blue 1", "Red 2", "Blue 2"]
    # the side wins: each of its seats has the whole win, against a fair share of 1/2
    assert found["experiment"]["fair_share"] == 0.5
    for game in range(2):
        here = {s["seat"]: s for s in store.load().seats.to_pylist() if s["game"] == game}
        assert here[0]["win"] == here[2]["win"] and here[1]["win"] == here[3]["win"]
        assert here[0]["win"] + here[1]["win"] == 1.0
