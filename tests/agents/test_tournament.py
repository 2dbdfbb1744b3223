"""Tournaments: fair seating, Wilson intervals, ratings, CSV and the command."""

import csv

import pytest
from typer.testing import CliRunner

from lapilli.cli.main import app
from lapilli.core.errors import LapilliError
from lapilli.sim import tournament as T


def test_wilson_interval():
    low, high = T.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    low, high = T.wilson(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    low, high = T.wilson(10, 10)
    assert high == 1.0 and 0.65 < low < 0.75
    assert T.wilson(0, 0) == (0.0, 1.0)


def test_every_bot_meets_every_other_in_every_seat():
    lineups = T.schedule(["a", "b", "c"], 2, teams=False)
    assert sorted(lineups) == sorted(
        [("a", "b"), ("b", "a"), ("a", "c"), ("c", "a"), ("b", "c"), ("c", "b")]
    )
    three = T.schedule(["a", "b", "c", "d"], 3, teams=False)
    assert len(three) == 4 * 3
    for seat in range(3):
        assert sorted(lineup[seat] for lineup in three).count("a") == 3
    # fewer bots than seats: they alternate round the table, every bot in every seat
    few = T.schedule(["a", "b"], 3, teams=False)
    for seat in range(3):
        assert {lineup[seat] for lineup in few} == {"a", "b"}
    assert T.schedule(["a", "b"], 3, teams=True) == [("a", "a", "a"), ("b", "b", "b")]


def test_plan_checks_bots_and_finds_cooperation():
    with pytest.raises(LapilliError, match="no bot called"):
        T.plan("foggy_island", ["random", "nobody"])
    with pytest.raises(LapilliError, match="named twice"):
        T.plan("foggy_island", ["random", "random"])
    with pytest.raises(LapilliError, match="two bots"):
        T.plan("foggy_island", ["random"])
    t = T.plan("foggy_island", ["random", "greedy"])
    assert not t.teams and not t.cooperative and t.players == 2 and len(t.schedule) == 2
    # Fuji declares itself cooperative: every bot plays as a whole team
    fuji = T.plan("fuji", ["random", "greedy"], players=3)
    assert fuji.teams and fuji.cooperative
    assert fuji.schedule == [("random",) * 3, ("greedy",) * 3]


def test_a_cooperative_tournament_counts_team_victories():
    t = T.plan("fuji", ["random", "greedy:depth=1"], players=2)
    results = T.run(t, 4, seed=2)
    table = {s.bot: s for s in T.standings(t)}
    for bot in t.bots:
        won = sum(1 for r in results if r.seats[0] == bot and r.winners)
        assert table[bot].wins == won and table[bot].games == 2
        assert table[bot].team_text() == f"{bot}: the team won {won} of 2 games"
    assert all(r.winners in ([], [0, 1]) for r in results)


def test_a_small_tournament(tmp_path):
    t = T.plan("foggy_island", ["random", "greedy:depth=1", "mcts:iters=10,cutoff=0"])
    seen = []
    results = T.run(t, 6, seed=3, on_result=seen.append)
    assert [r.index for r in results] == list(range(6)) and len(seen) == 6
    table = T.standings(t)
    assert {s.bot for s in table} == set(t.bots)
    assert sum(s.games for s in table) == 12  # two bots a game
    assert sum(s.wins for s in table) == pytest.approx(6)
    for s in table:
        assert 0 <= s.low <= s.rate <= s.high <= 1 and s.sigma > 0
    pairs = T.head_to_head(t)
    assert len(pairs) == 6 and all(p.games == 2 for p in pairs)
    out = tmp_path / "games.csv"
    T.write_csv(t, out)
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 6
    assert rows[0]["bot_0"] == "random" and rows[0]["bot_1"] == "greedy:depth=1"
    assert {rows[i]["return_0"] for i in range(6)} <= {"0", "0.5", "1"}


def test_results_do_not_depend_on_jobs():
    t1 = T.plan("foggy_island", ["random", "greedy:depth=1"])
    t2 = T.plan("foggy_island", ["random", "greedy:depth=1"])
    a = T.run(t1, 4, seed=1, jobs=1)
    b = T.run(t2, 4, seed=1, jobs=2)
    assert [(r.seats, r.scores) for r in a] == [(r.seats, r.scores) for r in b]


def test_team_play_rates_against_the_game():
    t = T.plan("foggy_island", ["random", "greedy:depth=1"], teams=True)
    T.run(t, 2, seed=0)
    assert t.schedule == [("random", "random"), ("greedy:depth=1", "greedy:depth=1")]
    assert {s.bot for s in T.standings(t)} == {"random", "greedy:depth=1"}
    assert T.head_to_head(t) == []


def test_the_tournament_command(tmp_path):
    out = tmp_path / "t.csv"
    result = CliRunner().invoke(
        app,
        [
            "tournament",
            "foggy_island",
            "--bots",
            "random,mcts:iters=8,cutoff=0,greedy:depth=1",
            "-n",
            "3",
            "--csv",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output and "rating" in result.output
    assert "mcts:iters=8,cutoff=0" in out.read_text()
    assert len(out.read_text().splitlines()) == 4


def test_the_tournament_command_rejects_bad_bots():
    result = CliRunner().invoke(app, ["tournament", "foggy_island", "--bots", "random,mcts:x=1"])
    assert result.exit_code == 2
    assert "no parameter x" in result.output


def test_the_csv_log_grows_as_games_finish(tmp_path):
    t = T.plan("foggy_island", ["random", "greedy:depth=1"])
    out = tmp_path / "live.csv"
    log = T.CsvLog(t, out)
    sizes = []

    def seen(result):
        log.add(result)
        sizes.append(len(out.read_text().splitlines()))

    T.run(t, 3, on_result=seen)
    log.close()
    assert sizes == [2, 3, 4]
    rows = list(csv.DictReader(out.open()))
    assert [r["index"] for r in rows] == ["0", "1", "2"]
