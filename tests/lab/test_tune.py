"""The hard level's tuning: sequential halving through the lab, end to end on a tiny budget."""

import shutil

from typer.testing import CliRunner

from lapilli.agents.base import parse_spec
from lapilli.agents.levels import LEVELS_FILE, read_levels
from lapilli.cli.main import app
from lapilli.lab import tune
from lapilli.lab.spec import resolve


def test_tuning_halves_the_candidates_and_writes_the_winner_as_the_hard_level(tmp_path):
    levels = tmp_path / "levels.toml"
    shutil.copy(LEVELS_FILE, levels)
    rounds, heard = [], []
    found = tune.tune(
        "eras",
        count=4,
        games=2,
        iters=5,
        levels_file=levels,
        on_round=lambda r, a: rounds.append(len(a)),
        on_games=heard.append,
    )
    assert rounds == [4, 2]  # four candidates, then the better two
    assert found.played == 4 * 2 + 2 * 4  # the survivors play twice as many new games
    assert sum(heard) == found.played == tune.total_games(4, 2)  # the progress bar's count
    assert tune.total_games(8, 8) == 8 * 8 + 4 * 16 + 2 * 32
    assert found.best.games == 6 and len(found.candidates) == 4
    present = read_levels(levels)["eras"].hard
    assert present in [c.spec for c in found.candidates]  # the present one competes too
    tune.write_hard(found, levels)
    after = read_levels(levels)
    assert after["eras"].hard == found.best.spec
    assert "sequential halving over 4 candidates against greedy" in after["eras"].tuned
    assert after["fuji"] == read_levels(LEVELS_FILE)["fuji"]  # other games unchanged


def test_a_variant_is_tuned_and_written_apart(tmp_path):
    levels = tmp_path / "levels.toml"
    shutil.copy(LEVELS_FILE, levels)
    before = read_levels(levels)["eras"]
    found = tune.tune(
        "eras", count=2, games=1, iters=3, options={"up_to_six": True}, levels_file=levels
    )
    tune.write_hard(found, levels)
    after = read_levels(levels)["eras"]
    assert after.hard == before.hard and after.tuned == before.tuned  # the game's own stays
    (variant,) = after.variants
    assert variant.options == (("up_to_six", "true"),) and variant.hard == found.best.spec
    assert after.spec("hard", {"up_to_six": True}) == found.best.spec
    tune.write_hard(found, levels)  # tuned again, the variant is replaced, not added
    assert len(read_levels(levels)["eras"].variants) == 1


def test_a_cooperative_game_tunes_its_team():
    found = tune.tune("fuji", count=2, games=1, iters=3, levels_file=LEVELS_FILE)
    assert "as a team" in found.summary()
    assert all("rounds=" in c.spec for c in found.candidates)  # its horizon is searched


def test_the_tuning_command_runs_and_refuses_a_bad_game_in_words():
    runner = CliRunner()
    result = runner.invoke(
        app, ["lab", "tune", "eras", "--candidates", "2", "--games", "2", "--iters", "5"]
    )
    assert result.exit_code == 0, result.output
    assert "chosen: mcts:" in result.output and "round 1:" in result.output
    bad = runner.invoke(app, ["lab", "tune", "chess"])
    assert bad.exit_code != 0 and "chess" in bad.output


def test_deeper_searches_its_own_horizons_and_scales():
    # its horizon is the turn: the candidates play out 2 or 3 turns, at scale 1 or 3;
    # greedy's opinion inside the tree can cost minutes a game there, so at the root only
    specs = tune.candidates(
        "deeper", "mcts:centre=true,playout=true,rounds=2", 8, tune.SEED, horizon=True
    )
    drawn = [parse_spec(s)[1] for s in specs[1:]]
    assert {d["rounds"] for d in drawn} <= {"2", "3"} and {d["scale"] for d in drawn} <= {"1", "3"}
    assert all(d["centre"] == "true" and d["playout"] == "true" for d in drawn)
    assert len({d["rounds"] for d in drawn}) == 2
    assert {d["guide"] for d in drawn} == {"root"}


def test_greedy_is_asked_at_the_root_unless_a_game_asks_for_more():
    # greedy's opinion at every decision of its own costs fifty times the time in
    # Volcanique: only Eras and Fuji, where it was not seen to cost much, search it
    specs = tune.candidates("volcanique", "mcts:prior=5", 8, tune.SEED, horizon=False)
    drawn = [parse_spec(s)[1] for s in specs[1:]]
    assert {d["guide"] for d in drawn} == {"root"}
    eras = tune.candidates("eras", "mcts:prior=5", 8, tune.SEED, horizon=False)
    assert any("guide=own" in s for s in eras)
    fuji = tune.candidates("fuji", "mcts:prior=5,rounds=2", 8, tune.SEED, horizon=True)
    assert any("guide=own" in s for s in fuji)


def test_the_levels_file_is_as_the_tuning_writes_it():
    # a hand edit in another layout would be lost at the next --write
    assert tune.levels_text(read_levels(LEVELS_FILE)) == LEVELS_FILE.read_text(encoding="utf-8")


def test_a_side_is_tuned_whole_and_foggy_island_searches_its_trees():
    # in the team game the candidate plays both seats of its side, not beside a greedy
    def mine(game, players, options=None):
        probe = resolve({"game": game, "games": 1, "players": players, "options": options or {}})
        return tune.candidate_seats(probe, options)

    assert mine("foggy_island", 4, {"variant": "team"}) == {0, 2}
    assert mine("foggy_island", 2) == {0} and mine("volcanique", 4) == {0}
    assert mine("fuji", 3) == {0, 1, 2}  # cooperative: the candidate is the whole team
    specs = tune.candidates("foggy_island", "mcts:prior=5,tree=100", 8, tune.SEED, horizon=False)
    drawn = [parse_spec(s)[1] for s in specs[1:]]
    assert {d["guide"] for d in drawn} == {"root"} and len({d["tree"] for d in drawn}) > 1
    found = tune.tune(
        "foggy_island",
        count=2,
        games=1,
        iters=3,
        options={"variant": "team"},
        levels_file=LEVELS_FILE,
    )
    assert found.played == 2 and found.options == {"variant": "team"}
    assert "candidates as a side of 2 against greedy" in found.summary()
