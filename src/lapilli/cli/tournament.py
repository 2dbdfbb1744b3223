"""``lapilli tournament``: bots against each other, with win rates and ratings.

A thin layer over ``lapilli.sim.tournament``; registered on the main ``app``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from lapilli.agents import split_specs
from lapilli.core.errors import LapilliError
from lapilli.sim import tournament as T
from lapilli.sim.tournament import Tournament

from .common import OptionList, console, err, fail, progress_bar


def tournament(
    game: Annotated[str, typer.Argument(help="Game id (see `lapilli games`).")],
    bots: Annotated[
        str,
        typer.Option(
            help="Comma-separated bots, each with its parameters: "
            "random,greedy,mcts:iters=2000 (mcts:seconds=1 for a time budget)."
        ),
    ] = "random,greedy,mcts",
    n: Annotated[int, typer.Option("-n", help="Number of games in all.")] = 200,
    option: OptionList = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    jobs: Annotated[int, typer.Option(help="Processes to run in parallel.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game (game i uses seed+i).")] = 0,
    teams: Annotated[
        bool | None,
        typer.Option(
            "--teams/--no-teams",
            help="Each bot takes every seat (a team); default: yes for cooperative games.",
        ),
    ] = None,
    csv: Annotated[Path | None, typer.Option(help="Write one CSV row per game here.")] = None,
) -> None:
    """Play bots against each other with seats rotated; print win rates and ratings."""
    try:
        t = T.plan(game, split_specs(bots), option or [], players, teams)
    except LapilliError as exc:
        fail(str(exc))
    if n < 1 or jobs < 1:
        fail("-n and --jobs must be at least 1")
    if n % len(t.schedule):
        err.print(
            f"[yellow]note:[/yellow] {len(t.schedule)} seatings; -n {n} is not a multiple, "
            "so some seatings are played once more than others"
        )
    log = T.CsvLog(t, csv) if csv else None

    def on_result(result: T.TournamentGame) -> None:
        progress.advance(task)
        if log:
            log.add(result)

    with progress_bar() as progress:
        task = progress.add_task(f"{game}: {', '.join(t.bots)}", total=n)
        try:
            T.run(t, n, seed=seed, jobs=jobs, on_result=on_result)
        except LapilliError as exc:
            fail(str(exc))
        finally:
            if log:
                log.close()

    print_standings(t, n)
    if not t.teams and len(t.bots) > 2:
        print_head_to_head(t)
    rate = (
        "Victory rate: how often the bot's team won, Wilson 95% interval. "
        if t.cooperative
        else "Win rate: the bot's share of the wins (when k seats tie for first place, each "
        "gets 1/k of a win: a draw of two is 1/2 each), Wilson 95% interval. "
    )
    console.print(
        rate + "Rating: openskill Plackett-Luce mu ± sigma. s/move: thinking time per decision "
        "(search iterations per second for MCTS)."
    )
    if csv:
        console.print(f"Per-game results written to {csv}.")


def print_standings(t: Tournament, n: int) -> None:
    """Each bot's wins (or its team's victories), interval, score, rating and speed."""
    mode = "teams (every seat the same bot)" if t.teams else f"{t.players} seats, rotated"
    table = Table(title=f"{t.game}: {n} games, {mode}")
    wins = ("victories", "victory rate") if t.cooperative else ("wins", "win rate")
    columns = ("bot", "games", *wins, "95% CI", "mean score", "rating", "s/move")
    for column in columns:
        table.add_column(column, justify="left" if column == "bot" else "right")
    standings = T.standings(t)
    for s in standings:
        table.add_row(
            s.bot,
            str(s.games),
            f"{s.wins:g}",
            f"{s.rate:.1%}",
            f"{s.low:.1%} - {s.high:.1%}",
            f"{s.mean_score:.2f}",
            f"{s.mu:.1f} ± {s.sigma:.1f}",
            f"{s.seconds_per_move:.3f}"
            + (f" ({s.iterations_per_second:,.0f} it/s)" if s.iterations else ""),
        )
    console.print(table)
    if t.cooperative:
        for s in standings:
            console.print(s.team_text() + ".")


def print_head_to_head(t: Tournament) -> None:
    """How often each bot beat each other one, with intervals."""
    grid = Table(title="Head to head: how often the row bot beat the column bot")
    grid.add_column("")
    for b in t.bots:
        grid.add_column(b, justify="right")
    cells = {(p.bot, p.other): p for p in T.head_to_head(t)}
    for a in t.bots:
        row = []
        for b in t.bots:
            p = cells.get((a, b))
            if p is None:
                row.append("-")
            else:
                low, high = p.interval
                row.append(f"{p.rate:.0%} [{low:.0%}-{high:.0%}] /{p.games}")
        grid.add_row(a, *row)
    console.print(grid)
