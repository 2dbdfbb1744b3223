"""What every command shares: the consoles, the options list, the progress bar and
the one-line failure."""

from __future__ import annotations

from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

console = Console()
err = Console(stderr=True, highlight=False)

OptionList = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help="A variant option, key=value (repeatable)."),
]


def progress_bar() -> Progress:
    """The progress bar of long runs (on stderr, so tables on stdout stay clean)."""
    return Progress(
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
