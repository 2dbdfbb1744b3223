"""The ``lapilli`` command: games, play, replay, sim, bench, tournament, lab.

A thin layer over the engine: nothing a game knows lives here.
"""

from __future__ import annotations

import json
import sys
import time
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from lapilli import ENGINE, __version__
from lapilli.agents import AGENTS, LEVELS, agent_names, make_agent, split_specs
from lapilli.agents.levels import HARD_SECONDS, LEVEL_AGENTS, game_levels
from lapilli.agents.policy import PolicyAgent
from lapilli.agents.table import HUMAN, POLICY, filler_words, seat_filler, seat_spec
from lapilli.core import log, positions
from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError, MalformedInput
from lapilli.core.match import Match
from lapilli.core.options import describe_options
from lapilli.core.records import Record
from lapilli.core.registry import game_class, game_classes, load_game
from lapilli.core.state import Event, Game, State
from lapilli.sim.runner import GameResult, Setup, Summary, run_games

from .common import OptionList, console, err, fail, progress_bar
from .lab import lab_app
from .tournament import tournament

app = typer.Typer(
    help="lapilli: volcano-themed tabletop games, bots and a balance lab.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def filled_note(game: Game, seats: list[str], named: int, state: State) -> str | None:
    """The line saying which seats the command filled, and with which bot."""
    if named >= len(seats):
        return None
    who = ", ".join(state.seat_label(i) for i in range(named, len(seats)))
    return f"Seats not named ({who}) are played by {filler_words(game)}."


def show_version(asked: bool) -> None:
    if asked:
        console.print(f"lapilli {__version__}, engine: {ENGINE}", soft_wrap=True)
        raise typer.Exit()


@app.callback()
def options(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=show_version,
            is_eager=True,
            help="Show the version and the engine in use (compiled or pure Python).",
        ),
    ] = False,
) -> None:
    """lapilli: volcano-themed tabletop games, bots and a balance lab."""


def seats_from(text: str | None, players: int | None, game: Game) -> list[str]:
    """The seats named (by default one human), then the filler bot in every seat left
    up to the player count: ``players``, else as many as named and at least the game's
    usual number. A count the game does not allow is refused in the game's words, and
    more seats named than players is refused too."""
    named = split_specs(text) if text else ["human"]  # "mcts:iters=500,c=0.5" keeps its comma
    count = game.check_players(
        players if players is not None else max(len(named), game.default_players())
    )
    if len(named) > count:
        raise MalformedInput(
            f"--seats names {len(named)} seats ({', '.join(named)}) but --players is {count}: "
            f"name at most one seat per player (unnamed seats get the {seat_filler(game)} bot)"
        )
    named = [seat_spec(spec, files=True) for spec in named]  # a bad bot fails now, not mid-game
    for spec in named:
        if spec.startswith(POLICY):
            PolicyAgent(file=spec[len(POLICY) :]).check(game, count)
    return named + [seat_filler(game)] * (count - len(named))


def load_record(file: Path, index: int | None = None) -> Record:
    """The record in ``file``, replayed once so that any damage ends the command with one
    line before anything is shown; what a reader should know about it goes to stderr."""
    try:
        record = Record.load(file, index=index)
    except LapilliError as exc:
        fail(str(exc))
    try:
        record.replay()
    except LapilliError as exc:
        fail(f"{file}: {exc}")
    for note in record.notes:
        err.print(f"note: {escape(str(file))}: {escape(note)}", soft_wrap=True)
    return record


def start_position(file: Path, game: str | None, options: list[str]) -> State:
    """The position a position file describes. Its game is the file's (``GAME``, if
    named too, must agree); its options the file's ``options`` table or ``--option``,
    not both."""
    description = positions.read(file)
    named = description.pop("game", None)
    game = game or named
    if game is None:
        raise MalformedInput(f'{file} names no game: add game = "..." or give GAME')
    if named is not None and named != game:
        raise MalformedInput(f"{file} is a position of {named}, not {game}")
    table = description.pop("options", None)
    if table is not None and options:
        raise MalformedInput(f"{file} has its options: give them there or with --option, not both")
    if table is not None and not isinstance(table, dict):
        raise MalformedInput(f"{file}: the options are a table, options = {{ ... }}")
    g = game_class(game).with_options_json(table) if table else load_game(game, options)
    return positions.build(g, description)


@app.command()
def games() -> None:
    """List the games with their player counts and variant options."""
    for game_id, cls in game_classes().items():
        console.print(
            Text.assemble((game_id, "bold"), f"  {cls.title}; players: {cls.players_summary()}")
        )
        grid = Table.grid(padding=(0, 2))
        grid.add_column(no_wrap=True, style="cyan")  # name=default: never cut
        grid.add_column(overflow="fold")  # the help wraps; a long word folds, never "…"
        for name, default, help_ in describe_options(cls.Options):
            grid.add_row(f"  {name}={default}", help_)
        console.print(grid if grid.row_count else Text("  no variant options", style="dim"))
    console.print(f"Bots: {', '.join(agent_names())} (human for a person at the keyboard).")
    console.print("Levels easy, normal and hard are a bot each per game: `lapilli bots`.")
    console.print("Options are given as -o name=value; `lapilli learn GAME` teaches a game.")


@app.command()
def bots() -> None:
    """List the levels (easy, normal, hard: the bot each is in every game) and the bots
    with their parameters."""
    console.print(Text("Levels: the same three names in every game", style="bold"))
    for name, level in LEVEL_AGENTS.items():
        console.print(f"  {name}: {level.summary}")
    grid = Table(title="The bot behind each level (docs/bots.md)")
    for column in ("game", *LEVELS):
        grid.add_column(column, overflow="fold")  # a spec folds, never cut to "…"
    for game_id, levels in game_levels().items():
        grid.add_row(game_id, *(levels.spec(level) for level in LEVELS))
        for variant in levels.variants:  # hard tuned apart where these options are set
            grid.add_row(f"{game_id} {variant.key}", "", "", variant.hard)
    console.print(grid)
    console.print(
        f"hard thinks {HARD_SECONDS:g} s a move: hard:seconds=0.5 asks less; "
        "hard:iters=300,seconds=0 gives it an iteration budget (the same moves from the "
        "same --seed). Its parameters:"
    )
    for line in LEVEL_AGENTS["hard"].describe().splitlines():
        console.print(f"    {line}", highlight=False)
    console.print(Text("Bots", style="bold"))
    for name, agent in AGENTS.items():
        if name in LEVEL_AGENTS:
            continue
        console.print(f"  {name}")
        for line in agent.describe().splitlines():
            console.print(f"    {line}", highlight=False)
    console.print("A bot's parameters are written name:key=value,key=value, e.g. mcts:iters=500.")


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game id (see `lapilli games`).")] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Comma-separated seats: human, a level (easy, normal, hard: `lapilli bots`) or "
            "a bot, e.g. human,hard or human,greedy (default: one human), "
            "or a learned policy, policy:FILE (see examples/). Seats not named get the random bot "
            "(in a cooperative game, its strongest team bot), and the game says so."
        ),
    ] = None,
    option: OptionList = None,
    players: Annotated[
        int | None,
        typer.Option(
            help="Number of players (default: the seats named, at least the game's usual "
            "number); seats beyond --seats get the random bot (in a cooperative game, its "
            "strongest team bot)."
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for dice, draws and bots.")] = None,
    resume: Annotated[Path | None, typer.Option(help="Resume a saved game.")] = None,
    position: Annotated[
        Path | None,
        typer.Option(
            help="Start from a position file (TOML, see docs/positions.md) instead of the "
            "game's set-up."
        ),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Where to save the game record.")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds to pause after a bot's move.")] = 0.0,
) -> None:
    """Play a game in the terminal against bots or other people (hot seat)."""
    from .play import TerminalGame, default_save_path

    named = len(split_specs(seats)) if seats else 1
    try:
        if resume is not None:
            match = Match.from_record(load_record(resume))
            seat_list, save, named = match.record.seats, save or resume, len(match.record.seats)
        elif position is not None:
            start = start_position(position, game, option or [])
            if players is not None and players != start.num_players:
                fail(f"{position} is a position of {start.num_players} players, not {players}")
            seat_list = seats_from(seats, start.num_players, start.game)
            match = Match(start.game, len(seat_list), seat_list, start=start)
        elif game is None:
            fail("name a game (see `lapilli games`) or give --resume FILE")
        else:
            g = load_game(game, option or [])
            seat_list = seats_from(seats, players, g)
            match = Match(g, len(seat_list), seat_list)
        session = TerminalGame(
            match,
            seat_list,
            seed,
            console,
            save or default_save_path(match.game.id),
            bot_delay=bot_delay,
        )
    except LapilliError as exc:
        fail(str(exc))
    note = filled_note(match.game, seat_list, named, match.state)
    if note:
        console.print(note)  # wrapped between words at the terminal's width
    session.run()


@app.command()
def replay(
    file: Annotated[
        Path, typer.Argument(help="A game record (.lapilli.json) or a records file of `sim`.")
    ],
    game: Annotated[
        int | None, typer.Option(help="The game to show from a records file (default: its first).")
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show only what this seat saw and was told (0 is the first seat). Default: "
            "all seats, the true position with every hand, face-down token and hidden die, "
            "and every draw."
        ),
    ] = None,
    step: Annotated[
        bool, typer.Option("--step/--no-step", help="Step through with Enter (default on a TTY).")
    ] = sys.stdin.isatty(),
    at: Annotated[
        int | None, typer.Option(min=0, help="Show the position after this many actions.")
    ] = None,
) -> None:
    """Step through a recorded game, or print its log."""
    record = load_record(file, game)
    if seat is not None and not 0 <= seat < record.players:
        fail(f"--seat is a seat number from 0 to {record.players - 1}")
    state = record.replay(upto=0)
    who = "all seats" if seat is None else f"as {state.seat_label(seat)} saw it"
    console.print(
        f"[bold]{escape(record.game)}[/bold], {record.players} players: "
        f"{escape(', '.join(record.seats))}; {len(record.actions)} actions; {who}",
        soft_wrap=True,
    )

    def view(state: State) -> object:
        return state.render_all() if seat is None else state.render(seat)

    for i, action in enumerate(record.actions[:at], 1):
        lines, events = _replay_step(state, action, seat)
        if step:
            console.print(view(state))
        for line in lines:
            console.print(f"[bold]{i:>4}.[/bold] {escape(line)}", soft_wrap=True)
        end = state.round_end(events)
        if end is not None and not state.is_terminal():
            console.print(end)
        if step and not _next():
            return
    console.print(view(state))
    if state.is_terminal():
        scores = ", ".join(f"{state.seat_label(i)} {s:g}" for i, s in enumerate(state.scores()))
        console.print(f"[bold]Final scores:[/bold] {scores}. {state.result_text()}.")


def _next() -> bool:
    """Wait for Enter; False when the reader quits (q or the end of input)."""
    try:
        return console.input("Enter: next, q: quit > ").strip().lower() != "q"
    except EOFError:
        return False


def _replay_step(state: State, action: Action, seat: int | None) -> tuple[list[str], list[Event]]:
    """Apply a recorded action; the lines a replay shows for it (everything: who did
    what, chance included, or only what ``seat`` was told) and its events."""
    if seat is not None:
        events, entries = log.play(state, action)
        return [e.text for e in entries if e.visible_to(seat)], events
    actor = state.current_player()
    who = "chance" if actor < 0 else state.seat_label(actor)
    line = f"{who}: {state.action_text(action)}"
    return [line], state.apply(action)


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="Game id.")],
    n: Annotated[int, typer.Option("-n", help="Number of games.")] = 100,
    seats: Annotated[
        str, typer.Option(help="Comma-separated bots, one per seat.")
    ] = "random,random",
    option: OptionList = None,
    jobs: Annotated[int, typer.Option(help="Processes to run in parallel.")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the first game (game i uses seed+i).")] = 0,
    records: Annotated[
        Path | None,
        typer.Option(
            help="Keep every game's record in this file, one game per line (gzip if it ends "
            ".gz); `lapilli replay FILE --game N` shows one."
        ),
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Write per-game facts as JSON lines.")] = None,
) -> None:
    """Play many bot games and print who wins, mean scores and game length."""
    from lapilli.core.records import open_text

    try:
        g = load_game(game, option or [])
        seat_list = seats_from(seats, None, g)
    except LapilliError as exc:
        fail(str(exc))
    if HUMAN in seat_list:
        fail("a simulation is played by bots only: name a bot for every seat, not human")
    if n < 1 or jobs < 1:
        fail("-n and --jobs must be at least 1")
    setup = Setup(g.id, tuple(option or []), tuple(seat_list), records=records is not None)
    summary = Summary(len(seat_list), g.utility)
    with ExitStack() as files, progress_bar() as progress:
        kept = files.enter_context(open_text(records, "w")) if records else None
        facts = files.enter_context(out.open("w")) if out else None
        task = progress.add_task(f"{g.title}", total=n)
        start = time.perf_counter()
        for result in run_games(setup, n, seed=seed, jobs=jobs):
            summary.add(result)
            progress.advance(task)
            if kept and result.record:
                kept.write(result.record)
            if facts:
                facts.write(json.dumps(_facts_row(result)) + "\n")
        elapsed = time.perf_counter() - start
    print_summary(g, seat_list, summary)
    console.print(
        f"{summary.length_text()} "
        f"{summary.games} games in {elapsed:.1f} s ({summary.games / elapsed:,.0f} games/s)."
    )
    if records:
        console.print(f"Records written to {records} (lapilli replay {records} --game N).")


def _facts_row(result: GameResult) -> dict[str, object]:
    """One game of ``sim --out`` as a JSON object: its results, each seat's share of
    the win, and its length in rounds and turns when the game reports them."""
    row: dict[str, object] = {
        k: v for k, v in vars(result).items() if k not in ("record", "facts", "breakdown")
    }
    if result.facts is not None:
        row["rounds"], row["turns"] = result.facts.rounds, result.facts.turns
    return row


def print_summary(g: Game, seat_list: list[str], summary: Summary) -> None:
    """The table of a simulation: each seat's bot, wins (or the team's) and mean score."""
    table = Table(title=f"{g.title}: {summary.games} games")
    table.add_column("seat")
    table.add_column("bot")
    if not summary.cooperative:
        table.add_column("wins", justify="right")
        table.add_column("win rate", justify="right")
    table.add_column("mean score", justify="right")
    state = g.new_state(len(seat_list))
    for i, spec in enumerate(seat_list):
        wins = [f"{summary.wins[i]:g}", f"{summary.wins[i] / summary.games:.1%}"]
        table.add_row(
            state.seat_label(i),
            spec,
            *([] if summary.cooperative else wins),
            f"{summary.mean_scores[i]:.2f}",
        )
    console.print(table)
    console.print(summary.result_text())


@app.command()
def bench(
    game: Annotated[str | None, typer.Argument(help="Game id (default: every game).")] = None,
    seconds: Annotated[float, typer.Option(help="Seconds of playouts per game.")] = 3.0,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: OptionList = None,
    bot: Annotated[
        str | None,
        typer.Option(help="Also time this bot's decisions, e.g. mcts:iters=500 or greedy."),
    ] = None,
    peer: Annotated[
        bool,
        typer.Option(
            help="Also time OpenSpiel's pure-Python tic-tac-toe in the same run (half "
            "before, half after each game) and print each game's steps/s as a multiple "
            "of it (needs the rl extra)."
        ),
    ] = False,
) -> None:
    """Measure random-playout throughput: games/s, steps/s and clones/s (one core)."""
    from lapilli.sim.bench import bench as run_bench
    from lapilli.sim.bench import bot_rate, peer_rate

    try:
        ids = [game] if game else list(game_classes())
        # options belong to one game, so they apply only when a game is named
        targets = [(load_game(i, (option or []) if game else []), i) for i in ids]
        for g, _ in targets:
            g.check_players(players or g.default_players())
        if bot:
            make_agent(bot)
    except LapilliError as exc:
        fail(str(exc))
    title = f"Random playouts, {seconds:g} s of CPU time per game, one core, engine {ENGINE}"
    if peer:
        title += "; peer: OpenSpiel python_tic_tac_toe"
    table = Table(title=title + (f"; bot: {bot}" if bot else ""))
    columns = ["game", "players", "games/s", "steps/s", "clones/s"]
    if peer:
        if peer_rate(0.01) is None:
            fail("--peer needs OpenSpiel: pip install 'lapilli[rl]'")
        columns += ["peer steps/s", "x peer"]
    if bot:
        columns += ["bot moves/s", "bot iters/s"]
    for column in columns:
        table.add_column(column, justify="right" if column != "game" else "left")
    for g, game_id in targets:
        n = players or g.default_players()
        with console.status(f"benchmarking {game_id}..."):
            before = peer_rate(seconds / 2) if peer else None
            result = run_bench(g, n, seconds)
            row = [
                game_id,
                str(result.players),
                f"{result.games_per_s:,.1f}",
                f"{result.steps_per_s:,.0f}",
                f"{result.clones_per_s:,.0f}",
            ]
            if before is not None:
                rate = (before + (peer_rate(seconds / 2) or before)) / 2
                row += [f"{rate:,.0f}", f"{result.steps_per_s / rate:.2f}"]
            if bot:
                bots = bot_rate(g, n, bot, seconds)
                row += [f"{bots.decisions_per_s:,.1f}", f"{bots.iterations_per_s:,.0f}"]
        table.add_row(*row)
    console.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str, typer.Option(help="Database URL: SQLite file (default) or PostgreSQL.")
    ] = "sqlite:///lapilli.db",
) -> None:
    """Serve the games in the browser: create tables, share seat links, play, watch, replay."""
    try:
        import uvicorn

        from lapilli.web.server import create_app
        from lapilli.web.settings import Settings
    except ImportError:
        fail("the web server needs its extra: pip install 'lapilli[web]'")
    try:
        settings = Settings.from_env().answering_at(host)
    except ValueError as exc:
        fail(str(exc))
    console.print(f"lapilli on http://{host}:{port}/ (tables kept in {db})")
    if host in ("0.0.0.0", "::") and "*" not in settings.hosts:
        names = ", ".join(settings.hosts)
        console.print(f"answering to the names {names} only: set LAPILLI_HOSTS to the others")
    # a websocket only carries versions: compressing them would cost more than it saves
    uvicorn.run(
        create_app(db, settings),
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
    )


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game id.")]) -> None:
    """A game's rules in brief: set-up, a turn, scoring, the end, variants, our readings."""
    from .rulebook import rules_view

    try:
        cls = game_class(game)
    except LapilliError as exc:
        fail(str(exc))
    console.print(rules_view(cls()))


@app.command()
def learn(game: Annotated[str, typer.Argument(help="Game id (see `lapilli games`).")]) -> None:
    """A guided first game: each step teaches one rule and asks for one move."""
    from lapilli.core.lessons import lesson_of

    from .learn import TerminalLesson

    try:
        lesson = lesson_of(load_game(game, []))
    except LapilliError as exc:
        fail(str(exc))
    if lesson is None:
        fail(f"{game} has no lesson yet: `lapilli rules {game}` gives its rules")
    TerminalLesson(lesson, console, console.input).run()


def main() -> None:
    try:
        app()
    except LapilliError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", soft_wrap=True)
        sys.exit(2)


app.command()(tournament)
app.add_typer(lab_app, name="lab")

if __name__ == "__main__":
    main()
