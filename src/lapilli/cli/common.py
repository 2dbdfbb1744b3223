"""What every command shares: the consoles, the options list, the progress bar and
the one-line failure."""

from __future__ import annotations

import time
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    TaskID,
    TimeRemainingColumn,
)

console = Console()
err = Console(stderr=True, highlight=False)

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A variant option, key=value (repeatable)."),
]


class _Progress(Progress):
    """Rich's bar on a terminal. Elsewhere (output to a log file) rich draws nothing
    until the end, so a long run says how far it is in a line at most every ``every``
    seconds, and when done."""

    def __init__(self, every: float, *columns: str | ProgressColumn, console: Console) -> None:
        super().__init__(*columns, console=console, disable=not console.is_terminal)
        self.every = every
        self.said = time.monotonic()

    def advance(self, task_id: TaskID, advance: float = 1) -> None:
        super().advance(task_id, advance)
        if not self.disable:
            return
        task = next(t for t in self.tasks if t.id == task_id)
        now = time.monotonic()
        if now - self.said < self.every and not task.finished:
            return
        self.said = now
        total = int(task.total) if task.total is not None else "?"
        line = f"{task.description}: {int(task.completed)} of {total}"
        line += f", {_minutes(task.elapsed or 0.0)} so far"
        if not task.finished and task.time_remaining is not None:
            line += f", about {_minutes(task.time_remaining)} left"
        self.console.print(line, soft_wrap=True, markup=False)


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 90 else f"{seconds / 60:.0f} min"


def progress_bar(every: float = 60.0) -> Progress:
    """The progress bar of long runs (on stderr, so tables on stdout stay clean)."""
    return _Progress(
        every,
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
    )


def fail(message: str) -> NoReturn:
    """End the command with one line on stderr (no traceback) and exit status 2."""
    err.print(f"[red]error:[/red] {escape(message)}", soft_wrap=True)
    raise typer.Exit(2)
