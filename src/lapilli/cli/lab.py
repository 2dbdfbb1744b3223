"""``lapilli lab``: run an experiment from a spec file, and write its report.

A thin layer over ``lapilli.lab``; registered on the main ``app`` as a group.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from lapilli.core.errors import LapilliError

from .common import OptionList, console, fail, progress_bar

lab_app = typer.Typer(
    help="The balance lab: experiments on rule variants, with statistics and a report "
    "(docs/lab.md).",
    no_args_is_help=True,
)


def _lab() -> Any:
    """The lab's modules, or one line saying which extra they need."""
    try:
        from lapilli.lab import runner, spec, store
    except ImportError as exc:
        fail(f"the lab needs its extra ({exc.name} is missing): pip install 'lapilli[lab]'")
    return spec, runner, store


@lab_app.command("run")
def run(
    spec_file: Annotated[Path, typer.Argument(metavar="SPEC", help="The experiment (TOML).")],
    out: Annotated[Path, typer.Option(help="Directory for the tables and the report.")],
    jobs: Annotated[int, typer.Option(min=1, help="Processes (or Ray tasks) at once.")] = 1,
    backend: Annotated[
        str, typer.Option(help="Where games are played: local (processes) or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(help="A Ray cluster to join (ray backend; default: a local Ray)."),
    ] = None,
    report: Annotated[
        bool, typer.Option("--report/--no-report", help="Write the report when done.")
    ] = True,
) -> None:
    """Play an experiment's games (a rerun plays only those not yet done)."""
    spec, runner, store = _lab()
    from lapilli.lab import backends

    if backend not in ("local", "ray"):
        fail(f"--backend is local or ray, not {backend!r}")
    if address is not None and backend != "ray":
        fail("--address joins a Ray cluster: give --backend ray with it")
    try:
        exp = spec.read(spec_file)
        st = store.Store(out)
        st.open(exp, spec_file.read_text(encoding="utf-8"))
        todo = runner.batches(exp, st.done())
    except LapilliError as exc:
        fail(str(exc))
    total = sum(b.size for b in todo)
    done = exp.games * len(exp.arms) - total
    console.print(
        f"{exp.title}: {len(exp.arms)} arm(s) x {exp.games} games each"
        + (f"; {done} already played in {out}" if done else "")
    )
    start = time.perf_counter()
    with progress_bar() as progress:
        task = progress.add_task(f"{exp.game} ({backend})", total=total)
        try:
            played = backends.run(
                exp,
                st,
                jobs=jobs,
                backend=backend,
                address=address,
                on_batch=lambda b: progress.advance(task, b.size),
            )
        except LapilliError as exc:
            fail(str(exc))
    elapsed = time.perf_counter() - start
    if played:
        console.print(f"{played} games in {elapsed:.1f} s; tables in {out / 'tables'}.")
    st.compact()
    if report:
        _write_report(out)
    else:
        console.print(f"The report: lapilli lab report {out}")


@lab_app.command("report")
def report_command(
    out: Annotated[Path, typer.Argument(metavar="DIR", help="An experiment's directory.")],
) -> None:
    """Write DIR/report.html and DIR/summary.json from the games played so far."""
    _lab()
    _write_report(out)


def _write_report(out: Path) -> None:
    try:
        from lapilli.lab import report
    except ImportError as exc:
        fail(f"the report needs the lab extra ({exc.name} is missing): pip install 'lapilli[lab]'")
    try:
        summary = report.write(out)
    except LapilliError as exc:
        fail(str(exc))
    for line in summary["sentences"]:
        console.print(line, soft_wrap=True)
    console.print(f"Report: {out / 'report.html'}; every figure: {out / 'summary.json'}.")


@lab_app.command("tune")
def tune_command(
    game: Annotated[str, typer.Argument(help="Game id (see `lapilli games`).")],
    players: Annotated[
        int | None, typer.Option(help="Players (default: the game's usual count).")
    ] = None,
    option: OptionList = None,
    opponent: Annotated[
        str, typer.Option(help="The fixed opponent in every other seat (not in Fuji).")
    ] = "greedy",
    candidates: Annotated[
        int, typer.Option(min=2, max=64, help="Parameter sets: the present one and others.")
    ] = 8,
    games: Annotated[
        int, typer.Option(min=1, help="Games per candidate in the first round (then doubled).")
    ] = 8,
    iters: Annotated[int, typer.Option(min=1, help="Search iterations a move.")] = 100,
    seed: Annotated[int, typer.Option(min=0, help="The first game's seed.")] = 1000,
    jobs: Annotated[int, typer.Option(min=1, help="Processes at once.")] = 1,
    write: Annotated[
        bool, typer.Option("--write/--no-write", help="Write the winner as the hard level.")
    ] = False,
) -> None:
    """Tune the hard level's search for GAME: sequential halving over parameter sets
    against a fixed opponent (docs/bots.md); --write puts the winner in levels.toml,
    as the hard level of the variant asked for with -o where one is."""
    _lab()
    from lapilli.core.options import options_to_json, parse_options
    from lapilli.core.registry import game_class
    from lapilli.lab import tune

    def said(rnd: int, alive: list[tune.Candidate]) -> None:
        for c in alive:
            low, high = tune.wilson(c.wins, c.games)
            console.print(
                f"round {rnd}: {c.rate:.0%} ({low:.0%}-{high:.0%}) of {c.games}  {c.spec}",
                highlight=False,
            )

    try:
        typed = options_to_json(parse_options(game_class(game).Options, option or []))
        asked = {k: typed[k] for k in (o.partition("=")[0].strip() for o in option or [])}
        with progress_bar() as progress:
            task = progress.add_task(f"tuning {game}", total=tune.total_games(candidates, games))
            found = tune.tune(
                game,
                players=players,
                opponent=opponent,
                count=candidates,
                games=games,
                iters=iters,
                seed=seed,
                jobs=jobs,
                options=asked,
                on_round=said,
                on_games=lambda n: progress.advance(task, n),
            )
        console.print(f"chosen: {found.best.spec}", highlight=False)
        console.print(found.summary(), highlight=False)
        if write:
            tune.write_hard(found)
            console.print(f"written to {tune.LEVELS_FILE}", highlight=False)
    except LapilliError as exc:
        fail(str(exc))
