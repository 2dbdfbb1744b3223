"""From an experiment's tables to its figures: every number the report shows.

``summarize`` reads the three tables and returns one JSON-able dict (written as
``summary.json``): per arm the win rate of each seat and each bot with intervals, scores,
margins, lengths, points by category and the game's facts; the comparisons of each arm
with the baseline on the shared seeds, Holm-corrected together; restricted play's
importance per feature; the skill gap; and the summary in sentences. The statistics are
``stats``'s; docs/lab.md says what each one means.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from lapilli.core.registry import game_class

from . import stats
from .spec import Arm, Experiment
from .store import Tables

TIES = (
    "A win counts as a seat's share of it: when k seats share first place (a shared win, "
    "a draw, a game stopped with no winner) each gets 1/k, so the shares of a game add up "
    "to 1 and a seat's win rate compares with its fair share 1/n. Where the seats play in "
    "sides (Foggy Island's team game), a side's win is each of its seats' and the fair "
    "share is 1 over the sides. In a cooperative game every seat has the team's result."
)
ALPHA = 0.05


@dataclass
class ArmData:
    """One arm's rows as arrays, games in index order."""

    arm: Arm
    games: np.ndarray  # game indexes
    rounds: np.ndarray
    turns: np.ndarray
    decisions: np.ndarray
    tied: np.ndarray
    victory: np.ndarray
    ends: list[str]
    seat_win: np.ndarray  # [game, seat]
    seat_score: np.ndarray
    seat_margin: np.ndarray
    seat_slot: np.ndarray
    seat_rank: np.ndarray
    facts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def n(self) -> int:
        return int(self.games.size)

    def slot_values(self, values: np.ndarray, slot: int) -> np.ndarray:
        """Per game, the mean of ``values`` over the seats the slot's bot held."""
        held = self.seat_slot == slot
        mean: np.ndarray = (values * held).sum(axis=1) / np.maximum(1, held.sum(axis=1))
        return mean


def arm_data(exp: Experiment, tables: Tables) -> dict[str, ArmData]:
    """Each arm's games (only those below the spec's count) as arrays."""
    games = tables.games.to_pydict()
    seats = tables.seats.to_pydict()
    facts = tables.facts.to_pylist()
    n = exp.players
    by_arm: dict[str, list[int]] = defaultdict(list)
    for row, (arm, index) in enumerate(zip(games["arm"], games["game"], strict=True)):
        if index < exp.games:
            by_arm[arm].append(row)
    seat_rows: dict[tuple[str, int], list[int]] = defaultdict(list)
    for row, key in enumerate(zip(seats["arm"], seats["game"], strict=True)):
        seat_rows[key].append(row)
    fact_rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for fact in facts:
        if fact["game"] < exp.games:
            fact_rows[fact["arm"]].append(fact)
    data: dict[str, ArmData] = {}
    for arm in exp.arms:
        rows = sorted(by_arm.get(arm.name, []), key=lambda r: games["game"][r])
        index = np.array([games["game"][r] for r in rows], dtype=int)

        def column(name: str, rows: list[int] = rows) -> np.ndarray:
            return np.array([_number(games[name][r]) for r in rows], dtype=float)

        grid = {k: np.zeros((len(rows), n)) for k in ("win", "score", "margin", "slot", "rank")}
        for g, r in enumerate(rows):
            for s in seat_rows[(arm.name, games["game"][r])]:
                for k in grid:
                    grid[k][g, seats["seat"][s]] = seats[k][s]
        data[arm.name] = ArmData(
            arm,
            index,
            column("rounds"),
            column("turns"),
            column("decisions"),
            column("tied"),
            column("victory"),
            [games["end"][r] or "" for r in rows],
            grid["win"],
            grid["score"],
            grid["margin"],
            grid["slot"].astype(int),
            grid["rank"],
            fact_rows.get(arm.name, []),
        )
    return data


def _number(value: Any) -> float:
    return math.nan if value is None else float(value)


# -- one arm ---------------------------------------------------------------------------
def _rate(successes: float, n: int) -> dict[str, float]:
    low, high = stats.wilson(successes, n)
    return {"rate": successes / n if n else math.nan, "low": low, "high": high, "games": n}


def _mean(values: np.ndarray) -> dict[str, float]:
    values = values[~np.isnan(values)]
    mean, low, high = stats.mean_interval(values)
    return {"mean": mean, "low": low, "high": high}


def seats_and_share(exp: Experiment) -> tuple[list[str], float]:
    """Each seat's name in the game's words (a colour, a character), and a seat's fair
    share of the wins: one over the sides (the seats, unless they play in sides). Read
    from a game set up in the first arm's variant (Foggy Island's team game is only for
    four)."""
    game = game_class(exp.game).with_options_json(dict(exp.arms[0].options))
    state = game.new_state(exp.players)
    return [state.seat_label(i) for i in range(exp.players)], 1 / len(state.sides())


def _arm_summary(exp: Experiment, d: ArmData, labels: list[str]) -> dict[str, Any]:
    arm = d.arm
    n = d.n
    out: dict[str, Any] = {
        "name": arm.name,
        "kind": arm.kind,
        "variant": arm.variant,
        "feature": arm.feature,
        "options": dict(arm.options),
        "changed": _changed(exp, arm),
        "bots": [arm.label(s) for s in range(exp.players)],
        "bonus": list(arm.bonus),
        "games": n,
    }
    if n == 0:
        return out
    out["seats"] = [
        {
            "seat": s,
            "label": labels[s],
            **_rate(float(d.seat_win[:, s].sum()), n),
            "score": _mean(d.seat_score[:, s]),
        }
        for s in range(exp.players)
    ]
    out["slots"] = [
        {
            "slot": s,
            "bot": arm.label(s),
            **_rate(float(d.slot_values(d.seat_win, s).sum()), n),
            "score": _mean(d.slot_values(d.seat_score, s)),
        }
        for s in range(exp.players)
    ]
    if exp.cooperative:
        out["victory"] = _rate(float(np.nansum(d.victory)), n)
    else:
        out["ties"] = int((d.tied > 1).sum())
        winners = d.seat_win.argmax(axis=1)
        out["margin"] = _mean(d.seat_margin[np.arange(n), winners])
    out["score"] = _mean(d.seat_score.mean(axis=1))
    out["length"] = {
        "rounds": _mean(d.rounds),
        "turns": _mean(d.turns),
        "decisions": _mean(d.decisions),
    }
    ends: dict[str, int] = defaultdict(int)
    for e in d.ends:
        if e:
            ends[e] += 1
    out["ends"] = [{"end": e, **_rate(c, n)} for e, c in sorted(ends.items(), key=lambda x: -x[1])]
    out["first_player"] = _first_player(d)
    out["above"] = None if exp.cooperative else _above(d, exp.players)
    out["categories"] = _categories(d, exp.players)
    out["facts"] = _facts(d, exp.players)
    return out


def _changed(exp: Experiment, arm: Arm) -> dict[str, Any]:
    """The options an arm sets away from the game's defaults."""
    from lapilli.core.options import options_to_json

    default = options_to_json(game_class(exp.game).Options())
    return {k: v for k, v in arm.options if default.get(k) != v}


def _above(d: ArmData, players: int) -> dict[str, Any] | None:
    """With three or more seats and one bot in slot 0 against other bots: how often it
    finished above one of theirs, over every pairing of its seat with another bot's (a
    tie counts half). Each game gives the share of its pairings it won; the interval
    resamples games, since a game's pairings are not independent."""
    mine = d.arm.label(0)
    theirs = [s for s in range(players) if d.arm.label(s) != mine]
    if players < 3 or len(theirs) != players - 1 or not d.n:
        return None
    own = d.seat_slot == 0
    rank = (d.seat_rank * own).sum(axis=1, keepdims=True)
    other = ~own
    beaten = np.where(d.seat_rank > rank, 1.0, np.where(d.seat_rank == rank, 0.5, 0.0))
    per_game = (beaten * other).sum(axis=1) / other.sum(axis=1)
    low, high = stats.bootstrap_mean(per_game)
    return {
        "bot": mine,
        "against": d.arm.label(theirs[0]),
        "rate": float(per_game.mean()),
        "low": low,
        "high": high,
        "games": d.n,
    }


def _first_player(d: ArmData) -> dict[str, float] | None:
    """The win rate of the seat that played first, where the game reports it (a fact
    ``first player``) and it is not always the same seat."""
    first = {f["game"]: f["seat"] for f in d.facts if f["name"] == "first player"}
    if not first:
        return None
    row = {int(g): i for i, g in enumerate(d.games)}
    wins = [d.seat_win[row[g], s] for g, s in first.items() if g in row and s is not None]
    return _rate(float(sum(wins)), len(wins)) if wins else None


def _categories(d: ArmData, players: int) -> list[dict[str, Any]]:
    """Mean points per seat in each scoring category, the share of a seat's points it
    makes, and how much more the winners made of it than the others."""
    points: dict[str, np.ndarray] = {}
    row = {int(g): i for i, g in enumerate(d.games)}
    for f in d.facts:
        if f["name"] != "points" or f["seat"] is None or f["game"] not in row:
            continue
        grid = points.setdefault(f["item"], np.zeros((d.n, players)))
        grid[row[f["game"]], f["seat"]] += f["value"]
    total = sum((abs(g).mean() for g in points.values()), 0.0) or 1.0
    won = d.seat_win > 0
    out = []
    for category, grid in points.items():
        winners = grid[won].mean() if won.any() else math.nan
        others = grid[~won].mean() if (~won).any() else math.nan
        out.append(
            {
                "category": category,
                "mean": float(grid.mean()),
                "share": float(abs(grid).mean() / total),
                "winners": float(winners),
                "others": float(others),
            }
        )
    return out


def _facts(d: ArmData, players: int) -> list[dict[str, Any]]:
    """Each kind of fact (name and item): how many games and seats had it, its mean
    value and round, and the win rate of the seats that had it against those that did
    not."""
    row = {int(g): i for i, g in enumerate(d.games)}
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for f in d.facts:
        if f["name"] not in ("points", "first player") and f["game"] in row:
            groups[(f["name"], f["item"] or "")].append(f)
    out = []
    for (name, item), found in sorted(groups.items()):
        games = {f["game"] for f in found}
        values = np.array([f["value"] for f in found], dtype=float)
        rounds = np.array([f["round"] for f in found if f["round"] is not None], dtype=float)
        entry: dict[str, Any] = {
            "name": name,
            "item": item,
            "games_with": len(games),
            "game_rate": len(games) / d.n,
            "per_game": len(found) / d.n,
            "value_per_game": float(values.sum() / d.n),
            "mean_value": float(values.mean()),
            "mean_round": float(rounds.mean()) if rounds.size else None,
        }
        held = np.zeros((d.n, players), dtype=bool)
        for f in found:
            if f["seat"] is not None:
                held[row[f["game"]], f["seat"]] = True
        if held.any():
            with_, without = d.seat_win[held], d.seat_win[~held]
            entry["seat_rate"] = float(held.mean())
            entry["win_with"] = _rate(float(with_.sum()), int(with_.size))
            entry["win_without"] = _rate(float(without.sum()), int(without.size))
        out.append(entry)
    return out


# -- comparisons -------------------------------------------------------------------------
def _subject(exp: Experiment, arm: Arm, labels: list[str]) -> tuple[str, str, int]:
    """What an arm is compared on: ("seat", label, 0) the first seat when every seat
    has the same bot, else ("slot", bot, 0) the spec's first bot."""
    if len(set(arm.seats)) == 1 and not any(arm.forbid):
        return "seat", labels[0], 0
    return "slot", arm.label(0), 0


def _series(exp: Experiment, d: ArmData, kind: str, where: int) -> dict[str, np.ndarray]:
    """Per game: the subject's win share and score, and the length."""
    if kind == "seat":
        win, score = d.seat_win[:, where], d.seat_score[:, where]
    else:
        win, score = d.slot_values(d.seat_win, where), d.slot_values(d.seat_score, where)
    if exp.cooperative:
        win = np.nan_to_num(d.victory)
    length = d.rounds if not np.isnan(d.rounds).all() else d.decisions
    return {"win": win, "score": score, "length": length}


def _compare(
    exp: Experiment, a: ArmData, b: ArmData, labels: list[str], seed: int
) -> list[dict[str, Any]]:
    """Arm ``a`` against ``b`` on the games both played: win rate (McNemar), mean score
    and length (paired t), each with its paired bootstrap interval."""
    kind, who, where = _subject(exp, b.arm, labels)
    common = np.intersect1d(a.games, b.games)
    if common.size == 0:
        return []
    ia, ib = np.searchsorted(a.games, common), np.searchsorted(b.games, common)
    sa, sb = _series(exp, a, kind, where), _series(exp, b, kind, where)
    rounds = not np.isnan(b.rounds).all()
    whose = "the team's" if exp.cooperative else f"{who}'s"
    metrics = [
        ("win", "victory rate" if exp.cooperative else f"win rate of {who}"),
        ("score", f"mean score ({whose})"),
        ("length", "length in rounds" if rounds else "length in decisions"),
    ]
    if not game_class(exp.game).points_decide:
        metrics.pop(1)  # the score only says who won: the win rate is compared already
    out = []
    for i, (key, words) in enumerate(metrics):
        x, y = sa[key][ia], sb[key][ib]
        d = x - y
        low, high = stats.bootstrap_mean(d, seed=seed + i)
        entry: dict[str, Any] = {
            "arm": a.arm.name,
            "against": b.arm.name,
            "metric": key,
            "words": words,
            "games": int(common.size),
            "value": float(x.mean()),
            "baseline": float(y.mean()),
            "difference": float(d.mean()),
            "low": low,
            "high": high,
        }
        if key == "win":
            test = stats.mcnemar(x, y)
            entry |= {
                "test": "McNemar exact",
                "p": test.p,
                "only_arm": test.only_a,
                "only_baseline": test.only_b,
                "needed": stats.games_for_mcnemar(test.only_a, test.only_b, int(common.size)),
            }
        else:
            entry |= {
                "test": "paired t",
                "p": stats.paired_t(x, y),
                "effect": stats.cohens_dz(d),
                "needed": stats.games_for_mean(d),
            }
        out.append(entry)
    return out


def _restricted(
    exp: Experiment, data: dict[str, ArmData], labels: list[str]
) -> list[dict[str, Any]]:
    """Each restricted arm against its control: the restricted bot's win rate, the
    control's (the same seat, the same games), and the importance: their difference."""
    out: list[dict[str, Any]] = []
    for arm in exp.arms:
        if arm.kind != "restrict" or not arm.feature:
            continue
        d, c = data[arm.name], data[arm.control]
        if not d.n or not c.n:
            continue
        rows = _compare(exp, c, d, labels, seed=len(out) * 7 + 101)
        if not rows:
            continue
        win = rows[0]
        x = _series(exp, d, "slot", 0)["win"]
        out.append(
            {
                "arm": arm.name,
                "variant": arm.variant,
                "feature": arm.feature,
                "bot": arm.seats[0],
                "control": arm.control,
                "restricted": _rate(float(x.sum()), d.n),
                "control_rate": win["value"],
                "importance": win["difference"],
                "low": win["low"],
                "high": win["high"],
                "p": win["p"],
                "games": win["games"],
                "needed": win["needed"],
                "help": _feature_help(exp, arm.feature),
            }
        )
    return out


def _feature_help(exp: Experiment, name: str) -> str:
    features = game_class(exp.game).parts.features or {}
    feature = features.get(name)
    return feature.help if feature is not None else ""


def _skill(exp: Experiment, data: dict[str, ArmData], fair: float) -> list[dict[str, Any]]:
    """The skill gap: the strongest bot's win rate against each weaker one (a
    cooperative game: each team's victory rate), per variant."""
    out = []
    for arm in exp.arms:
        d = data[arm.name]
        if arm.kind != "skill" or not d.n:
            continue
        if exp.cooperative:
            rate = _rate(float(np.nansum(d.victory)), d.n)
            out.append(
                {
                    "arm": arm.name,
                    "variant": arm.variant,
                    "bot": arm.seats[0],
                    "against": "",
                    **rate,
                }
            )
        else:
            x = d.slot_values(d.seat_win, 0)
            out.append(
                {
                    "arm": arm.name,
                    "variant": arm.variant,
                    "bot": arm.seats[0],
                    "against": arm.seats[1],
                    "fair": fair,
                    **_rate(float(x.sum()), d.n),
                }
            )
    return out


# -- the whole -------------------------------------------------------------------------
def summarize(exp: Experiment, tables: Tables) -> dict[str, Any]:
    """Every figure of the experiment, with the summary in sentences."""
    data = arm_data(exp, tables)
    labels, fair = seats_and_share(exp)
    arms = [_arm_summary(exp, data[a.name], labels) for a in exp.arms]
    comparisons: list[dict[str, Any]] = []
    base = data[exp.baseline]
    for k, arm in enumerate(exp.arms):
        if arm.kind == "arm" and arm.name != exp.baseline and data[arm.name].n and base.n:
            comparisons += _compare(exp, data[arm.name], base, labels, seed=k * 11)
    restricted = _restricted(exp, data, labels)
    tested = comparisons + restricted
    for entry, adjusted in zip(tested, stats.holm([t["p"] for t in tested]), strict=True):
        entry["p_holm"] = adjusted
        entry["significant"] = adjusted < ALPHA
        if entry["significant"]:
            entry["needed"] = None
    summary: dict[str, Any] = {
        "experiment": {
            "title": exp.title,
            "game": exp.game,
            "players": exp.players,
            "fair_share": fair,
            "games_per_arm": exp.games,
            "seed": exp.seed,
            "baseline": exp.baseline,
            "cooperative": exp.cooperative,
            "seat_labels": labels,
            "points_decide": game_class(exp.game).points_decide,
            "ties": TIES,
            "intervals": "95%: Wilson for rates, t for means, paired bootstrap for differences",
            "alpha": ALPHA,
        },
        "arms": arms,
        "comparisons": comparisons,
        "restricted": restricted,
        "skill": _skill(exp, data, fair),
    }
    summary["sentences"] = sentences(summary)
    cleaned: dict[str, Any] = _clean(summary)
    return cleaned


def _clean(value: Any) -> Any:
    """JSON's values: NaN and infinity become null."""
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clean(v) for v in value]
    if isinstance(value, float | np.floating):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.bool_):
        return bool(value)
    return value


# -- in words -----------------------------------------------------------------------------
def pct(x: float | None) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.0f}%"


def interval(entry: dict[str, Any]) -> str:
    """``58% (54-62%)``."""
    return f"{pct(entry['rate'])} ({100 * entry['low']:.0f}-{100 * entry['high']:.0f}%)"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def sentences(summary: dict[str, Any]) -> list[str]:
    """The summary a designer reads first, one finding a sentence."""
    exp = summary["experiment"]
    out: list[str] = []
    fair = exp["fair_share"]
    for arm in summary["arms"]:
        if arm["kind"] != "arm" or not arm["games"]:
            continue
        where = f"{arm['name']}: " if len(summary["arms"]) > 1 else ""
        if exp["cooperative"]:
            out.append(f"{where}the team wins {interval(arm['victory'])} of {arm['games']} games.")
        elif exp["players"] > 1:
            first = arm["seats"][0]
            same = len(set(arm["bots"])) == 1
            subject = f"the first seat ({first['label']})" if same else f"{arm['bots'][0]}"
            rate = first if same else arm["slots"][0]
            verdict = _against_fair(rate, fair)
            out.append(
                f"{where}{subject} wins {interval(rate)} of {arm['games']} games, {verdict}."
            )
            above = arm.get("above")
            if above:
                out.append(
                    f"{where}{above['bot']} finishes above {_a(above['against'])} seat "
                    f"{interval(above)} of the time (every pairing of the two in "
                    f"{above['games']} games), {_against_fair(above, 0.5, 'even')}."
                )
            if arm.get("first_player"):
                first_player = arm["first_player"]
                out.append(
                    f"{where}the seat that plays first wins {interval(first_player)}, "
                    f"{_against_fair(first_player, fair)}."
                )
        length = arm["length"]["rounds"]
        if length["mean"] is not None and not math.isnan(length["mean"]):
            out.append(
                f"{where}a game lasts {length['mean']:.1f} rounds "
                f"({length['low']:.1f}-{length['high']:.1f}) and "
                f"{arm['length']['turns']['mean']:.0f} turns."
            )
    for c in summary["comparisons"]:
        if c["metric"] == "length" and not c["significant"]:
            continue
        out.append(_comparison_sentence(c))
    for r in summary["restricted"]:
        verdict = "it matters" if r["significant"] else "not shown to matter"
        who = (
            f"a team of {r['bot']} with one player without {r['feature']}"
            if exp["cooperative"]
            else f"{r['bot']} without {r['feature']}"
        )
        against = (
            "; the team without restriction wins"
            if exp["cooperative"]
            else " against the same bot, which wins"
        )
        seat = "" if exp["cooperative"] else " in its seat unrestricted"
        out.append(
            f"{r['variant']}: {who} wins {interval(r['restricted'])}"
            f"{against} {pct(r['control_rate'])}{seat}: "
            f"importance {100 * r['importance']:+.0f} percentage points "
            f"({100 * r['low']:+.0f} to {100 * r['high']:+.0f}), {_p(r['p_holm'])} after Holm: "
            f"{verdict}."
        )
    for s in summary["skill"]:
        against = f" against {s['against']}" if s["against"] else " as a team"
        out.append(f"{s['variant']}: {s['bot']}{against} wins {interval(s)}.")
    return out


def _a(word: str) -> str:
    """``word`` with its article: "a greedy", "an easy"."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def _against_fair(rate: dict[str, float], fair: float, name: str = "the fair share") -> str:
    """Where a win rate's interval stands against the fair share (or another mark)."""
    if rate["low"] > fair:
        return f"above {name} {pct(fair)}"
    if rate["high"] < fair:
        return f"below {name} {pct(fair)}"
    return f"not shown to differ from {name} {pct(fair)}"


def _comparison_sentence(c: dict[str, Any]) -> str:
    unit = 100 if c["metric"] == "win" else 1
    what = "percentage points" if c["metric"] == "win" else ""
    diff = f"{unit * c['difference']:+.1f}{' ' + what if what else ''}"
    span = f"{unit * c['low']:+.1f} to {unit * c['high']:+.1f}"
    head = f"{c['arm']} against {c['against']}: {c['words']} {diff} ({span}), {c['test']} "
    head += f"{_p(c['p'])}, {_p(c['p_holm'])} after Holm"
    if c["significant"]:
        return head + ": a difference."
    needed = c.get("needed")
    if needed is None or not math.isfinite(needed):
        return head + ": no difference seen."
    return (
        head
        + f": not significant; about {needed:,} games per arm would detect a difference this size."
    )
