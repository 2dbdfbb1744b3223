"""The lab's statistics against known answers, and an experiment that must find a planted
difference and must not find one between identical arms."""

import math
import tomllib

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("scipy")
pytest.importorskip("pyarrow")

from scipy import stats as sps  # noqa: E402

from lapilli.lab import analysis, backends, spec, stats  # noqa: E402
from lapilli.lab.store import Store  # noqa: E402


def test_wilson_intervals_match_published_values():
    low, high = stats.wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = stats.wilson(58, 100)
    assert (low, high) == pytest.approx((0.4821, 0.6720), abs=1e-4)


def test_mcnemar_is_the_exact_binomial_test_of_the_discordant_games():
    a = [1.0] * 10 + [0.0] * 2 + [1.0] * 30 + [0.0] * 8
    b = [0.0] * 10 + [1.0] * 2 + [1.0] * 30 + [0.0] * 8
    test = stats.mcnemar(a, b)
    assert (test.only_a, test.only_b) == (10, 2)
    assert test.p == pytest.approx(0.03857, abs=1e-5)
    assert stats.mcnemar(a, a).p == 1.0


def test_a_tie_is_half_a_discordant_game():
    test = stats.mcnemar([1.0, 0.5, 0.5], [0.0, 0.0, 1.0])
    assert (test.only_a, test.only_b) == (1.5, 0.5)


def test_holm_steps_down_and_never_decreases():
    assert stats.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert stats.holm([0.5, 0.9]) == [1.0, 1.0]


def test_the_paired_t_test_is_scipys_and_handles_equal_series():
    a, b = [3.0, 5.0, 2.0, 8.0, 6.0], [2.0, 5.5, 1.0, 6.0, 6.5]
    assert stats.paired_t(a, b) == pytest.approx(sps.ttest_rel(a, b).pvalue)
    assert stats.paired_t(a, a) == 1.0
    assert stats.paired_t([x + 2 for x in a], a) == 0.0  # the same difference every game


def test_the_bootstrap_interval_holds_the_mean_and_is_reproducible():
    d = np.random.default_rng(1).normal(2.0, 3.0, 400)
    low, high = stats.bootstrap_mean(d, seed=3)
    assert low < d.mean() < high and high - low == pytest.approx(2 * 1.96 * 3 / 20, rel=0.2)
    assert stats.bootstrap_mean(d, seed=3) == (low, high)


def test_the_games_needed_for_mcnemar_give_about_80_percent_power():
    # 20% of games won only by one arm, 10% only by the other
    n = stats.games_for_mcnemar(20, 10, 100)
    rng = np.random.default_rng(0)
    hits = 0
    for _ in range(600):
        kinds = rng.choice(3, size=n, p=[0.2, 0.1, 0.7])
        b, c = int((kinds == 0).sum()), int((kinds == 1).sum())
        hits += sps.binomtest(b, b + c, 0.5).pvalue < 0.05
    assert 0.72 < hits / 600 < 0.9
    assert stats.games_for_mcnemar(10, 10, 100) == math.inf


def test_the_games_needed_for_a_mean_give_about_80_percent_power():
    rng = np.random.default_rng(2)
    seen = rng.normal(0.5, 2.0, 1000)
    n = stats.games_for_mean(seen)
    hits = sum(sps.ttest_1samp(rng.normal(0.5, 2.0, n), 0).pvalue < 0.05 for _ in range(600))
    assert 0.72 < hits / 600 < 0.9


PLANTED = """
game = "foggy_island"
games = 60
seed = 11
seats = ["random", "random"]
batch = 20
baseline = "rulebook"
[arms.rulebook]
options = {}
[arms.same]
options = { fox = "own" }   # the Fox is a mercenary: without them this changes nothing
[arms.blue_bonus]
bonus = [0, 12]
"""


def test_a_planted_difference_is_found_and_identical_arms_are_not(tmp_path):
    exp = spec.resolve(tomllib.loads(PLANTED))
    store = Store(tmp_path)
    store.open(exp, PLANTED)
    backends.run(exp, store, jobs=1)
    summary = analysis.summarize(exp, store.load())
    found = {(c["arm"], c["metric"]): c for c in summary["comparisons"]}
    same = found[("same", "win")]
    assert same["difference"] == 0 and same["p"] == 1 and not same["significant"]
    assert same["needed"] is None  # no difference seen: no number of games finds one
    planted = found[("blue_bonus", "win")]
    assert planted["words"] == "win rate of Red" and planted["difference"] < -0.15
    assert planted["significant"] and planted["p_holm"] < 0.01
    assert planted["low"] < planted["difference"] < planted["high"] < 0
    # Red's own points did not change: no difference there
    assert found[("blue_bonus", "score")]["difference"] == 0
    blue = next(a for a in summary["arms"] if a["name"] == "blue_bonus")["seats"][1]
    assert blue["low"] > 0.5  # Blue wins more than its fair share with 12 points given
    assert any(
        "blue_bonus against rulebook: win rate of Red" in s and "a difference" in s
        for s in summary["sentences"]
    )
