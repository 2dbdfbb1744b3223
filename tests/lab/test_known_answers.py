"""The lab reproduces figures published in docs/rules/ within its intervals: Foggy
Island's hires in the quick game, and the greedy team's victories in Fuji at level 1.
(The planted difference and the identical arms are in test_stats.py.)"""

import tomllib

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("scipy")

from lapilli.lab import analysis, backends, spec, stats  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402


def summary_of(tmp_path, text, jobs=2):
    exp = spec.resolve(tomllib.loads(text))
    store = Store(tmp_path)
    store.open(exp, text)
    backends.run(exp, store, jobs=jobs)
    return analysis.summarize(exp, store.load()), store.load()


def test_foggy_islands_quick_game_greedy_hires_nearly_every_mercenary(tmp_path):
    # docs/rules/foggy_island.md, "Hire rates and results": in the quick game the greedy
    # bot hired in 24 of 24 games, 11.0 mercenaries a game (every one, both Crows)
    summary, tables = summary_of(
        tmp_path,
        'game = "foggy_island"\ngames = 2\nseats = ["greedy", "greedy"]\n'
        'options = { variant = "quick" }\nbatch = 1\n',
    )
    hires = [f for f in tables.facts.to_pylist() if f["name"] == "hired"]
    per_side = {}
    for f in hires:
        key = (f["game"], f["seat"] % 2)
        per_side[key] = per_side.get(key, 0) + 1
    assert len(per_side) == 4  # every side hired in every game: 4 of 4
    low, high = stats.wilson(24, 24)
    assert low <= len(per_side) / 4 <= high
    mean, low, high = stats.mean_interval(list(per_side.values()))
    assert low - 0.5 <= 11.0 <= high + 0.5 and 10 <= mean <= 12


def test_the_greedy_fuji_team_wins_about_half_its_games_at_level_1(tmp_path):
    # docs/rules/fuji.md: the greedy team won 233 of 460 level-1 games (50.7%) with 3
    # players (the lab plays the same games as `lapilli tournament` for the same seeds:
    # seeds 100-139 give the 26 of 40 published there)
    summary, _ = summary_of(
        tmp_path,
        'game = "fuji"\nplayers = 3\ngames = 6\nseed = 100\n'
        'seats = ["greedy", "greedy", "greedy"]\noptions = { level = 1 }\nbatch = 3\n',
    )
    victory = summary["arms"][0]["victory"]
    assert victory["low"] <= 233 / 460 <= victory["high"]
    assert summary["arms"][0]["length"]["rounds"]["mean"] >= 1
