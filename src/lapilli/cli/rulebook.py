"""A game's rules in the terminal: its rulebook (``core.rules``) as titled sections of
bullets that wrap under themselves, the current decision's rules marked."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from lapilli.core.state import Game


def rules_view(game: Game, decision: str | None = None) -> RenderableType:
    """The rules of ``game``; with ``decision`` (the pending decision's name), the rules
    governing it are marked ▶ and bold."""
    book = game.parts.rules if hasattr(game, "parts") else None
    if book is None:
        return Group(Text(game.title, style="bold"), Text(game.rules_help()))
    parts: list[RenderableType] = [Text(book.title, style="bold")]
    for section in book.sections:
        parts.append(Text(f"\n{section.title}", style="bold underline"))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        for rule in section.rules:
            now = decision is not None and decision in rule.decisions
            grid.add_row("▶" if now else "•", Text(rule.text, style="bold" if now else ""))
        parts.append(grid)
    if book.source:
        parts.append(Text(f"\nEvery reading, default and source: {book.source}", style="dim"))
    return Group(*parts)
