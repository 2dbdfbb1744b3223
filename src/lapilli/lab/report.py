"""``DIR/report.html`` and ``DIR/summary.json``: an experiment's findings for a designer.

One self-contained HTML file (no script, no network: the plots are inline SVG drawn
by matplotlib): the summary in sentences, then the plots (win rate by seat, scores,
margins, lengths, points by category, the game's facts against the win rate, the
comparisons, restricted play and the skill gap) and the tables behind them.
``summary.json`` holds every figure of the report.
"""

from __future__ import annotations

import html
import io
import json
import math
import tomllib
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never a window
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from . import analysis, spec  # noqa: E402
from .analysis import ArmData, interval, pct  # noqa: E402
from .store import Store  # noqa: E402

plt.rcParams.update(
    {
        "svg.fonttype": "none",  # text stays text: small files, searchable
        "svg.hashsalt": "lapilli-lab",  # the same figures give the same file
        "font.size": 9,
        "axes.spines.top": False,
        "axes.spines.right": False,
    }
)
COLOURS = plt.rcParams["axes.prop_cycle"].by_key()["color"]


def write(out: Path) -> dict[str, Any]:
    """Read the experiment in ``out``, write its report and summary; return the summary."""
    store = Store(out)
    meta = store.meta()
    try:
        exp = spec.resolve(tomllib.loads(meta.get("spec", "")), where=str(out / "experiment.json"))
    except tomllib.TOMLDecodeError as exc:
        raise spec.LabError(f"{out / 'experiment.json'}: its spec is not TOML ({exc})") from None
    tables = store.load()
    if not tables.games.num_rows:
        raise spec.LabError(f"{out} holds no finished game yet: run the experiment first")
    summary = analysis.summarize(exp, tables)
    data = analysis.arm_data(exp, tables)
    (Path(out) / "summary.json").write_text(json.dumps(summary, indent=1))
    (Path(out) / "report.html").write_text(page(exp, summary, data), encoding="utf-8")
    return summary


# -- the page ------------------------------------------------------------------------------
STYLE = """
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 1rem auto; padding: 0 1rem;
       color: #222; line-height: 1.4; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.85rem; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.5rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.plots { display: flex; flex-wrap: wrap; gap: 1rem; } .plot svg { max-width: 100%; height: auto; }
.note { color: #555; font-size: 0.85rem; }
"""


def page(exp: spec.Experiment, summary: dict[str, Any], data: dict[str, ArmData]) -> str:
    e = summary["experiment"]
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{_h(e['title'])}</title><style>{STYLE}</style></head><body>",
        f"<h1>{_h(e['title'])}</h1>",
        f"<p class='note'>{_h(e['game'])}, {e['players']} players, {e['games_per_arm']} games "
        f"per arm from seed {e['seed']} (the arms share their seeds game by game); baseline: "
        f"{_h(e['baseline'])}. {_h(e['ties'])} Intervals are {_h(e['intervals'])}.</p>",
        "<h2>Summary</h2><ul>",
        *(f"<li>{_h(s)}</li>" for s in summary["sentences"]),
        "</ul>",
        "<h2>Plots</h2><div class='plots'>",
        *(f"<div class='plot'>{svg}</div>" for svg in plots(exp, summary, data)),
        "</div>",
        "<h2>Tables</h2>",
        arms_table(summary),
        comparisons_table(summary),
        restricted_table(summary),
        skill_table(summary),
        categories_table(summary),
        facts_table(summary),
        ends_table(summary),
        "<p class='note'>Every figure is also in summary.json; the games are in tables/ "
        "(Parquet: games, seats, facts). docs/lab.md explains every statistic.</p>",
        "</body></html>",
    ]
    return "\n".join(parts)


def _h(text: Any) -> str:
    return html.escape(str(text))


def _table(title: str, head: list[str], rows: list[list[Any]], note: str = "") -> str:
    if not rows:
        return ""
    out = [f"<h3>{_h(title)}</h3>"]
    if note:
        out.append(f"<p class='note'>{_h(note)}</p>")
    out.append("<table><tr>" + "".join(f"<th>{_h(h)}</th>" for h in head) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{_h(c)}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "\n".join(out)


def _num(x: float | None, digits: int = 1) -> str:
    return "n/a" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def _signed(unit: float, value: float, low: float, high: float) -> str:
    """A difference with its interval: ``+4.0 (+1.2 to +6.8)``."""
    return f"{unit * value:+.1f} ({unit * low:+.1f} to {unit * high:+.1f})"


def _mean(m: dict[str, Any], digits: int = 1) -> str:
    if m.get("mean") is None:
        return "n/a"
    return f"{_num(m['mean'], digits)} ({_num(m['low'], digits)}-{_num(m['high'], digits)})"


def arms_table(summary: dict[str, Any]) -> str:
    e = summary["experiment"]
    labels = e["seat_labels"]
    head = ["arm", "options changed", "bots", "games"]
    points = e["points_decide"]
    if e["cooperative"]:
        head += ["victory rate"]
    else:
        head += [f"{label} wins" for label in labels] + ["ties"]
        head += ["winner's margin"] if points else []
    head += ["mean score"] if points else []
    head += ["rounds", "turns"]
    rows = []
    for a in summary["arms"]:
        if not a["games"]:
            continue
        changed = ", ".join(f"{k}={v}" for k, v in a["changed"].items()) or "none"
        if a["bonus"]:
            changed += "; bonus " + ", ".join(f"{b:g}" for b in a["bonus"])
        row = [a["name"], changed, ", ".join(a["bots"]), a["games"]]
        if e["cooperative"]:
            row += [interval(a["victory"])]
        else:
            row += [interval(s) for s in a["seats"]] + [a["ties"]]
            row += [_mean(a["margin"])] if points else []
        row += [_mean(a["score"])] if points else []
        row += [_mean(a["length"]["rounds"]), _mean(a["length"]["turns"], 0)]
        rows.append(row)
    return _table(
        "Arms",
        head,
        rows,
        "Win rates with Wilson 95% intervals; means with t intervals. The winner's margin is "
        "the winner's points minus the best other seat's.",
    )


def comparisons_table(summary: dict[str, Any]) -> str:
    rows = []
    for c in summary["comparisons"]:
        unit = 100 if c["metric"] == "win" else 1
        needed = c.get("needed")
        rows.append(
            [
                f"{c['arm']} vs {c['against']}",
                c["words"],
                c["games"],
                f"{unit * c['value']:.1f} / {unit * c['baseline']:.1f}",
                _signed(unit, c["difference"], c["low"], c["high"]),
                _num(c.get("effect"), 2) if "effect" in c else "",
                c["test"],
                f"{c['p']:.4f}",
                f"{c['p_holm']:.4f}",
                "yes" if c["significant"] else "no",
                "" if needed is None else f"{needed:,}",
            ]
        )
    return _table(
        "Arms against the baseline (paired on the shared seeds)",
        [
            "comparison",
            "measure",
            "games",
            "arm / baseline",
            "difference (95%)",
            "d_z",
            "test",
            "p",
            "p (Holm)",
            "significant",
            "games needed",
        ],
        rows,
        "Win rates in percentage points. Holm's correction runs over every comparison and "
        "restricted arm of the experiment. 'Games needed': games per arm that would find the "
        "difference seen significant with 80% power at the 5% level (empty when it is "
        "significant, or when no difference was seen).",
    )


def restricted_table(summary: dict[str, Any]) -> str:
    rows = [
        [
            r["variant"],
            r["feature"],
            r["help"],
            interval(r["restricted"]),
            pct(r["control_rate"]),
            _signed(100, r["importance"], r["low"], r["high"]),
            f"{r['p_holm']:.4f}",
            "" if r.get("needed") is None else f"{r['needed']:,}",
        ]
        for r in summary["restricted"]
    ]
    return _table(
        "Restricted play: each feature's importance",
        [
            "variant",
            "feature",
            "what it forbids",
            "restricted bot wins",
            "same bot unrestricted",
            "importance (points)",
            "p (Holm)",
            "games needed",
        ],
        rows,
        "The restricted bot may not use the feature; it plays against the same bot, seats "
        "rotated, on the same seeds as the unrestricted control. Importance: the control's win "
        "rate minus the restricted bot's (McNemar exact test, paired bootstrap interval).",
    )


def skill_table(summary: dict[str, Any]) -> str:
    rows = [
        [s["variant"], s["bot"], s["against"] or "(team)", interval(s), s["games"]]
        for s in summary["skill"]
    ]
    return _table(
        "Skill gap",
        ["variant", "bot", "against", "win rate", "games"],
        rows,
        "How much skill decides the game against luck: a strong bot's win rate against weaker "
        "ones (fair share 1/players, or 1 over the sides, when luck decides alone); in a "
        "cooperative game, each team's victory rate.",
    )


def categories_table(summary: dict[str, Any]) -> str:
    rows = []
    for a in summary["arms"]:
        for c in a.get("categories", []):
            rows.append(
                [
                    a["name"],
                    c["category"],
                    _num(c["mean"], 2),
                    pct(c["share"]),
                    _num(c["winners"], 2),
                    _num(c["others"], 2),
                ]
            )
    return _table(
        "Points by category (per seat and game)",
        ["arm", "category", "mean points", "share of points", "winners' mean", "others' mean"],
        rows,
    )


def facts_table(summary: dict[str, Any]) -> str:
    rows = []
    for a in summary["arms"]:
        for f in a.get("facts", []):
            rows.append(
                [
                    a["name"],
                    f["name"],
                    f["item"],
                    f"{f['games_with']} ({pct(f['game_rate'])})",
                    _num(f["per_game"], 2),
                    _num(f["mean_value"], 2),
                    _num(f["value_per_game"], 2),
                    _num(f["mean_round"], 1) if f["mean_round"] is not None else "",
                    pct(f["seat_rate"]) if "seat_rate" in f else "",
                    interval(f["win_with"]) if "win_with" in f else "",
                    interval(f["win_without"]) if "win_without" in f else "",
                ]
            )
    return _table(
        "The game's facts",
        [
            "arm",
            "fact",
            "which",
            "games with it",
            "per game",
            "mean value",
            "value per game",
            "mean round",
            "seats with it",
            "their win rate",
            "others' win rate",
        ],
        rows,
        "'Per game': how often it happened in a game; 'mean value': its value (a price, a "
        "count, points; 1 for a plain occurrence); 'value per game': the values summed, per "
        "game. 'Seats with it': the share of seats (in all games) that had it at least once.",
    )


def ends_table(summary: dict[str, Any]) -> str:
    rows = [[a["name"], e["end"], interval(e)] for a in summary["arms"] for e in a.get("ends", [])]
    return _table("How games ended", ["arm", "end", "share of games"], rows)


# -- plots -------------------------------------------------------------------------------
def _svg(fig: Figure) -> str:
    buf = io.StringIO()
    quiet = {"Date": None, "Creator": None, "Format": None, "Type": None}  # no metadata block
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata=quiet)
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def _plain(summary: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in summary["arms"] if a["kind"] == "arm" and a["games"]]


def plots(exp: spec.Experiment, summary: dict[str, Any], data: dict[str, ArmData]) -> list[str]:
    arms = _plain(summary)
    e = summary["experiment"]
    found = [win_plot(summary, arms), bots_plot(arms)]
    if e["points_decide"]:
        found.append(histograms(arms, data, "score", "Score per seat"))
        if not e["cooperative"]:
            found.append(histograms(arms, data, "margin", "Winner's margin"))
    found.append(histograms(arms, data, "length", "Length"))
    found.append(categories_plot(arms))
    found += facts_plots(arms)
    found.append(comparisons_plot(summary["comparisons"]))
    found.append(restricted_plot(summary["restricted"]))
    found.append(skill_plot(summary["skill"]))
    return [f for f in found if f]


def _errors(entries: list[dict[str, Any]], key: str = "rate") -> np.ndarray:
    rates = np.array([e[key] for e in entries], dtype=float)
    return np.array(
        [rates - [e["low"] for e in entries], [e["high"] for e in entries] - rates], dtype=float
    )


def win_plot(summary: dict[str, Any], arms: list[dict[str, Any]]) -> str:
    """Win rate by seat (or the team's victory rate) per arm, with intervals."""
    e = summary["experiment"]
    if not arms:
        return ""
    fig, ax = plt.subplots(figsize=(6, 3.2))
    if e["cooperative"]:
        entries = [a["victory"] for a in arms]
        x = np.arange(len(arms))
        ax.bar(x, [v["rate"] for v in entries], yerr=_errors(entries), capsize=3, color=COLOURS[0])
        ax.set_xticks(x, [a["name"] for a in arms], rotation=20, ha="right")
        ax.set_ylabel("victory rate")
        ax.set_title("The team's victory rate (95% Wilson)")
    else:
        labels = e["seat_labels"]
        width = 0.8 / len(arms)
        x = np.arange(len(labels))
        for k, a in enumerate(arms):
            ax.bar(
                x + k * width - 0.4 + width / 2,
                [s["rate"] for s in a["seats"]],
                width,
                yerr=_errors(a["seats"]),
                capsize=2,
                label=a["name"],
                color=COLOURS[k % len(COLOURS)],
            )
        ax.axhline(e["fair_share"], color="#555", linestyle="--", linewidth=1, label="fair share")
        ax.set_xticks(x, labels)
        ax.set_ylabel("win rate")
        ax.set_title("Win rate by seat (95% Wilson)")
        ax.legend(fontsize=7, frameon=False)
    ax.set_ylim(0, 1)
    return _svg(fig)


def _series(d: ArmData, what: str) -> np.ndarray:
    if what == "score":
        return d.seat_score.ravel()
    if what == "margin":
        winners = d.seat_win.argmax(axis=1)
        margins: np.ndarray = d.seat_margin[np.arange(d.n), winners]
        return margins
    return d.rounds if not np.isnan(d.rounds).all() else d.decisions


def histograms(arms: list[dict[str, Any]], data: dict[str, ArmData], what: str, title: str) -> str:
    """One distribution per arm, drawn as outlines over shared bins."""
    series = {a["name"]: _series(data[a["name"]], what) for a in arms}
    series = {k: v[~np.isnan(v)] for k, v in series.items() if v.size}
    series = {k: v for k, v in series.items() if v.size}
    if not series:
        return ""
    everything = np.concatenate(list(series.values()))
    bins = [float(b) for b in _bins(everything)]
    fig, ax = plt.subplots(figsize=(6, 3.2))
    for k, (name, values) in enumerate(series.items()):
        ax.hist(
            values,
            bins=bins,
            histtype="step",
            linewidth=1.5,
            label=name,
            color=COLOURS[k % len(COLOURS)],
            density=True,
        )
    unit = (
        "rounds"
        if what == "length" and not all(np.isnan(data[a["name"]].rounds).all() for a in arms)
        else ""
    )
    ax.set_xlabel(unit or ("decisions" if what == "length" else "points"))
    ax.set_ylabel("share of games" if what != "score" else "share of seats")
    ax.set_title(title)
    ax.legend(fontsize=7, frameon=False)
    return _svg(fig)


def _bins(values: np.ndarray) -> np.ndarray:
    low, high = float(values.min()), float(values.max())
    if high - low <= 40 and np.all(values == np.round(values)):
        return np.arange(low - 0.5, high + 1.5)  # whole numbers: one bin each
    return np.histogram_bin_edges(values, bins=30)


def bots_plot(arms: list[dict[str, Any]]) -> str:
    """Each bot's win rate, per arm where the bots differ (their seats rotated)."""
    mixed = [a for a in arms if len(set(a["bots"])) > 1 and "slots" in a]
    if not mixed:
        return ""
    fig, ax = plt.subplots(figsize=(6, 0.8 + 0.3 * sum(len(a["slots"]) for a in mixed)))
    labels, rates, entries = [], [], []
    for a in mixed:
        for slot in a["slots"]:
            labels.append(f"{a['name']}: {slot['bot']}")
            rates.append(slot["rate"])
            entries.append(slot)
    y = np.arange(len(labels))
    ax.barh(y, rates, xerr=_errors(entries), capsize=2, color=COLOURS[2])
    ax.set_yticks(y, labels)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (its seats rotated)")
    ax.set_title("Win rate by bot (95% Wilson)")
    return _svg(fig)


def categories_plot(arms: list[dict[str, Any]]) -> str:
    """Mean points per seat by category, stacked, per arm."""
    cats = [c["category"] for c in arms[0].get("categories", [])] if arms else []
    if not cats:
        return ""
    fig, ax = plt.subplots(figsize=(6, 0.6 + 0.45 * len(arms)))
    left = np.zeros(len(arms))
    for k, cat in enumerate(cats):
        means = np.array(
            [next((c["mean"] for c in a["categories"] if c["category"] == cat), 0.0) for a in arms]
        )
        ax.barh(
            [a["name"] for a in arms], means, left=left, label=cat, color=COLOURS[k % len(COLOURS)]
        )
        left += means
    ax.set_xlabel("mean points per seat")
    ax.set_title("Points by category")
    ax.legend(fontsize=7, frameon=False, loc="upper left", bbox_to_anchor=(1, 1))
    return _svg(fig)


FACT_ITEMS = 12
"""The most frequent items a facts plot shows (the tables list them all)."""


def facts_plots(arms: list[dict[str, Any]]) -> list[str]:
    """For each kind of seat fact: how often a seat has it against the win rate of the
    seats that do, per item (a power, a mercenary), with intervals; the most frequent
    items only, and only facts that some seats have and others not."""
    names = sorted({f["name"] for a in arms for f in a.get("facts", []) if "win_with" in f})
    out = []
    for name in names:
        every = [f for a in arms for f in a["facts"] if f["name"] == name and "win_with" in f]
        if all(f["seat_rate"] in (0.0, 1.0) for f in every):
            continue  # every seat or none: nothing to set against the others
        fig, ax = plt.subplots(figsize=(6, 3.6))
        for k, a in enumerate(arms):
            found = [f for f in a["facts"] if f["name"] == name and "win_with" in f]
            found = sorted(found, key=lambda f: -f["seat_rate"])[:FACT_ITEMS]
            if not found:
                continue
            x = [f["seat_rate"] for f in found]
            y = [f["win_with"]["rate"] for f in found]
            ax.errorbar(
                x,
                y,
                yerr=_errors([f["win_with"] for f in found]),
                fmt="o",
                color=COLOURS[k % len(COLOURS)],
                label=a["name"],
                capsize=2,
                markersize=4,
            )
            for f, xi, yi in zip(found, x, y, strict=True):
                if f["item"]:
                    ax.annotate(
                        f["item"], (xi, yi), fontsize=6, xytext=(3, 3), textcoords="offset points"
                    )
        ax.set_xlabel(f"share of seats with it ({name})")
        ax.set_ylabel("win rate of those seats")
        ax.set_title(f"{name}: how often, and the win rate with it")
        ax.set_ylim(0, 1)
        ax.legend(fontsize=7, frameon=False)
        out.append(_svg(fig))
    return out


def comparisons_plot(comparisons: list[dict[str, Any]]) -> str:
    """Each arm's difference from the baseline, per measure, with its interval."""
    if not comparisons:
        return ""
    metrics = list(dict.fromkeys(c["metric"] for c in comparisons))
    fig, axes = plt.subplots(
        1,
        len(metrics),
        figsize=(3 * len(metrics) + 1, 0.8 + 0.35 * len(comparisons) / len(metrics)),
        squeeze=False,
    )
    for ax, metric in zip(axes[0], metrics, strict=True):
        rows = [c for c in comparisons if c["metric"] == metric]
        unit = 100 if metric == "win" else 1
        y = np.arange(len(rows))
        diff = np.array([unit * c["difference"] for c in rows])
        err = np.array(
            [diff - [unit * c["low"] for c in rows], [unit * c["high"] for c in rows] - diff]
        )
        for k, c in enumerate(rows):
            colour = "#c0392b" if c["significant"] else "#555"
            ax.errorbar(
                diff[k],
                y[k],
                xerr=err[:, k : k + 1],
                fmt="o",
                color=colour,
                capsize=2,
                markersize=3,
            )
        ax.axvline(0, color="#999", linewidth=1)
        ax.set_yticks(y, [c["arm"] for c in rows])
        words = rows[0]["words"] + (" (points)" if metric == "win" else "")
        ax.set_title(f"{words}\nagainst the baseline (red: significant)", fontsize=8)
    return _svg(fig)


def restricted_plot(restricted: list[dict[str, Any]]) -> str:
    """Each feature's importance with its interval."""
    if not restricted:
        return ""
    fig, ax = plt.subplots(figsize=(6, 0.8 + 0.3 * len(restricted)))
    y = np.arange(len(restricted))
    imp = np.array([100 * r["importance"] for r in restricted])
    err = np.array(
        [imp - [100 * r["low"] for r in restricted], [100 * r["high"] for r in restricted] - imp]
    )
    colours = ["#c0392b" if r["significant"] else "#555" for r in restricted]
    ax.barh(y, imp, xerr=err, color=colours, capsize=2)
    ax.axvline(0, color="#999", linewidth=1)
    ax.set_yticks(y, [f"{r['variant']}: {r['feature']}" for r in restricted])
    ax.set_xlabel("importance: win rate lost without it (percentage points)")
    ax.set_title("Restricted play (red: significant after Holm)")
    return _svg(fig)


def skill_plot(skill: list[dict[str, Any]]) -> str:
    """The strong bot's win rate against each weaker one, per variant."""
    if not skill:
        return ""
    fig, ax = plt.subplots(figsize=(6, 0.8 + 0.3 * len(skill)))
    y = np.arange(len(skill))
    ax.barh(y, [s["rate"] for s in skill], xerr=_errors(skill), capsize=2, color=COLOURS[1])
    fair = skill[0].get("fair")
    if fair:
        ax.axvline(fair, color="#555", linestyle="--", linewidth=1, label="fair share")
        ax.legend(fontsize=7, frameon=False)
    ax.set_yticks(y, [s["arm"] for s in skill])
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate" if fair else "victory rate")
    ax.set_title("Skill gap (95% Wilson)")
    return _svg(fig)
