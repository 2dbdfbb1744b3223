"""Game end and scoring: every line of 3+ tokens of one colour scores by its length.

A line is a maximal run in a row, column or diagonal; white tokens and the other
side's tokens break it. A token scores in every line it belongs to. Multipliers:
a Pig doubles, a Cat triples (with a Pig too: still triple; two Pigs: still double);
a Crow halves the result, rounded down, after the Pig or Cat.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import LINES
from .components import LINE_POINTS, WHITE, Token


@dataclass(frozen=True)
class ScoredLine:
    side: int
    tiles: tuple[int, ...]
    points: int


def line_value(length: int, kinds: list[str]) -> int:
    points = LINE_POINTS[min(length, max(LINE_POINTS))]
    if "cat" in kinds:
        points *= 3
    elif "pig" in kinds:
        points *= 2
    if "crow" in kinds:
        points //= 2
    return points


def scored_lines(board: list[Token | None]) -> list[ScoredLine]:
    """Every scoring line on a full (or partial) map."""
    found = []
    for line in LINES:
        run: list[int] = []
        colour = WHITE  # of the run (WHITE: no run)
        for tile in (*line, -1):  # -1: past the end of the line
            token = board[tile] if tile >= 0 else None
            c = token.colour if token is not None else WHITE
            if c != WHITE and c == colour:
                run.append(tile)
                continue
            if len(run) >= 3:
                kinds = [t.kind for t in (board[i] for i in run) if t is not None]
                found.append(ScoredLine(colour, tuple(run), line_value(len(run), kinds)))
            run = [tile] if c != WHITE else []
            colour = c
    return found


def round_points(board: list[Token | None]) -> list[int]:
    """Victory points of side 0 and side 1 for one round."""
    points = [0, 0]
    for line in scored_lines(board):
        points[line.side] += line.points
    return points
