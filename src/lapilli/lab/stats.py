"""The lab's statistics: intervals, paired tests, multiple comparisons, sample sizes.

Every interval is 95%. A win counts as a seat's share of it (``core.state.win_shares``:
k seats tied first get 1/k each), so a proportion may be fractional; the Wilson interval
takes it as it is. Arms share their seeds game by game, so arms are compared pair by
pair over the same games:

- win rates: McNemar's exact test, a binomial test of the games one arm won and the
  other did not. A game's outcome is the seat's share of the win, so a game one arm won
  and the other tied is half a discordant pair; the two discordant counts are rounded
  to whole games for the binomial test (without ties it is McNemar's test exactly);
- scores and lengths: the paired t-test;
- effect sizes: the mean paired difference with a paired bootstrap interval (2,000
  resamples of the games, percentile; seeded, so a report is reproducible), and for
  scores Cohen's d_z (mean difference over its standard deviation);
- Holm's step-down correction over every comparison of an experiment;
- for a comparison that is not significant: the games per arm that would detect the
  difference seen with 80% power at the two-sided 5% level (Connor's formula for
  McNemar's test, the normal approximation for paired means).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import stats as sps

Z95 = 1.959963984540054
Z80 = 0.8416212335729143  # the normal quantile of 80% power
RESAMPLES = 2_000


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (a fractional count is taken as is)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def mean_interval(values: Sequence[float] | np.ndarray) -> tuple[float, float, float]:
    """The mean and its t interval; (mean, mean, mean) with fewer than two values or
    none spread."""
    x = np.asarray(values, dtype=float)
    if x.size == 0:
        return math.nan, math.nan, math.nan
    mean = float(x.mean())
    if x.size < 2:
        return mean, mean, mean
    sd = float(x.std(ddof=1))
    half = float(sps.t.ppf(0.975, x.size - 1)) * sd / math.sqrt(x.size)
    return mean, mean - half, mean + half


def bootstrap_mean(
    differences: Sequence[float] | np.ndarray, seed: int = 0, resamples: int = RESAMPLES
) -> tuple[float, float]:
    """The 95% percentile interval of a mean by resampling its values (paired: the
    values are per-game differences between two arms)."""
    d = np.asarray(differences, dtype=float)
    if d.size == 0:
        return math.nan, math.nan
    rng = np.random.default_rng(seed)
    means = np.empty(resamples)
    chunk = max(1, 20_000_000 // max(1, d.size))  # memory stays bounded
    for start in range(0, resamples, chunk):
        stop = min(resamples, start + chunk)
        idx = rng.integers(0, d.size, size=(stop - start, d.size))
        means[start:stop] = d[idx].mean(axis=1)
    low, high = np.percentile(means, [2.5, 97.5])
    return float(low), float(high)


@dataclass(frozen=True)
class McNemar:
    only_a: float  # games (shares) arm A won and arm B did not
    only_b: float
    p: float


def mcnemar(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> McNemar:
    """McNemar's exact test of two paired series of win shares (see the module)."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    only_a, only_b = float(d[d > 0].sum()), float(-d[d < 0].sum())
    k, n = round(only_a), round(only_a) + round(only_b)
    p = 1.0 if n == 0 else float(sps.binomtest(k, n, 0.5).pvalue)
    return McNemar(only_a, only_b, p)


def paired_t(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    """The two-sided p-value of the paired t-test (1 when no pair differs; 0 when every
    pair differs by the same amount)."""
    d = np.asarray(a, dtype=float) - np.asarray(b, dtype=float)
    if d.size < 2 or not np.any(d):
        return 1.0
    if np.all(d == d[0]):
        return 0.0
    return float(sps.ttest_rel(a, b).pvalue)


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (each at most 1, never below an earlier one)."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def games_for_mcnemar(only_a: float, only_b: float, n: int) -> float:
    """Paired games needed to find the difference seen significant by McNemar's test,
    80% power, two-sided 5% (Connor 1987); infinite when no difference was seen."""
    if n <= 0:
        return math.inf
    discordant = (only_a + only_b) / n
    delta = abs(only_a - only_b) / n
    if delta == 0:
        return math.inf
    spread = max(0.0, discordant - delta * delta)
    root = Z95 * math.sqrt(discordant) + Z80 * math.sqrt(spread)
    return math.ceil(root * root / (delta * delta))


def games_for_mean(differences: Sequence[float] | np.ndarray) -> float:
    """Paired games needed to find the mean difference seen significant by a paired
    test, 80% power, two-sided 5% (normal approximation); infinite when none was seen."""
    d = np.asarray(differences, dtype=float)
    if d.size < 2:
        return math.inf
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    if mean == 0:
        return math.inf
    return math.ceil(((Z95 + Z80) * sd / abs(mean)) ** 2)


def cohens_dz(differences: Sequence[float] | np.ndarray) -> float:
    """The standardised mean of paired differences (0 when they do not vary)."""
    d = np.asarray(differences, dtype=float)
    if d.size < 2:
        return 0.0
    sd = float(d.std(ddof=1))
    return float(d.mean()) / sd if sd > 0 else 0.0
