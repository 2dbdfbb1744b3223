"""Restricted play and the skill gap in an experiment: the arms they make, a restricted
bot that never uses its feature, and the figures the report gives for them."""

import tomllib

import pytest

pytest.importorskip("pyarrow")
pytest.importorskip("scipy")

from lapilli.lab import analysis, backends, spec  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402

RESTRICT = """
game = "foggy_island"
games = 30
seed = 2
seats = ["random", "random"]
options = { variant = "quick" }
batch = 15
[restrict]
features = ["crow", "cat"]
"""


def run(tmp_path, text):
    exp = spec.resolve(tomllib.loads(text))
    store = Store(tmp_path)
    store.open(exp, text)
    backends.run(exp, store, jobs=1)
    return exp, store.load()


def test_restricted_play_pits_the_bot_without_a_feature_against_the_same_bot(tmp_path):
    exp, tables = run(tmp_path, RESTRICT)
    # the plain arm already seats the same bot everywhere: it is the control
    assert [a.name for a in exp.arms] == [
        "default",
        "default / random without crow",
        "default / random without cat",
    ]
    crowless = exp.arm("default / random without crow")
    assert crowless.forbid == (("crow",), ()) and crowless.control == "default"
    seats = tables.seats.to_pylist()
    restricted = {
        (s["game"], s["seat"])
        for s in seats
        if s["arm"] == crowless.name and s["bot"] == "random without crow"
    }
    assert len(restricted) == 30  # one seat a game, rotated
    hires = [
        (f["game"], f["seat"], f["item"])
        for f in tables.facts.to_pylist()
        if f["arm"] == crowless.name and f["name"] == "hired"
    ]
    assert not [h for h in hires if (h[0], h[1]) in restricted and h[2] == "crow"]
    assert [h for h in hires if (h[0], h[1]) not in restricted and h[2] == "crow"]
    summary = analysis.summarize(exp, tables)
    found = {r["feature"]: r for r in summary["restricted"]}
    assert set(found) == {"crow", "cat"}
    crow = found["crow"]
    assert crow["help"] == "hiring the Crow" and crow["games"] == 30
    assert crow["low"] <= crow["importance"] <= crow["high"]
    assert crow["importance"] == pytest.approx(crow["control_rate"] - crow["restricted"]["rate"])
    assert "p_holm" in crow and any("random without crow wins" in s for s in summary["sentences"])


def test_the_skill_gap_sets_the_strong_bot_against_each_weaker_one(tmp_path):
    text = (
        'game = "eras"\ngames = 4\nseats = ["random", "random"]\n'
        "[arms.rulebook]\n[arms.poor]\noptions = { tokens = 5 }\n"
        '[skill]\nbot = "greedy"\nagainst = ["random"]\narms = ["poor"]\n'
    )
    exp, tables = run(tmp_path, text)
    skill = exp.arm("poor / greedy vs random")
    assert skill.seats == ("greedy", "random") and skill.options == exp.arm("poor").options
    summary = analysis.summarize(exp, tables)
    (gap,) = summary["skill"]
    assert gap["variant"] == "poor" and gap["against"] == "random" and gap["games"] == 4
    assert gap["low"] <= gap["rate"] <= gap["high"] and gap["fair"] == 0.5


def test_a_cooperative_skill_gap_compares_whole_teams():
    exp = spec.resolve({"game": "fuji", "players": 2, "games": 2, "skill": {"bot": "greedy"}})
    names = [a.name for a in exp.arms if a.kind == "skill"]
    assert names == ["default / team of greedy", "default / team of random"]
