"""Foggy Island's evaluation for the bots: ``heuristic(state, seat)``, higher is better.

Points banked in earlier rounds (coins with mercenaries), plus the lines already on
the map this round (scored exactly as at the end of the round), plus the potential of
open runs: every stretch of three tiles in a row, column or diagonal that holds only
one side's tokens and empty tiles could still become (part of) a line. Such a window
is worth more the fuller it is, and is multiplied like a line when it holds a Pig
(x2), a Cat (x3) or a Crow (halved). Placing into the opponent's window (a Rabbit, or
one of your own tokens) kills its potential, so blocking is valued for free.

With mercenaries the coins are the final score, so a hire costs coins at once and pays
back in the rounds still to come: each hired mercenary adds its measured worth per round
(``[bots.hire_value]`` in the data, made by ``bench/foggy_hire_values.py``) times the
rounds not yet scored. A bot hires when that beats the price (in the quick game the 80
coins are worth nothing unless spent: what is left goes back to the bank).

The result is mine minus the opponent's side, so it is zero-sum for two sides. The
bots call it only on positions built from their own view (``determinize``), so it may
read the whole board.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from lapilli.core.actions import Action
from lapilli.core.playouts import best_by, looks

from .board import LINES
from .components import DATA, LINE_POINTS, WHITE, Token
from .scoring import line_value
from .state import NO_WINNER

if TYPE_CHECKING:
    from .state import FoggyState

SCALE = 3.0
"""About 3 points of advantage make a clear favourite (for MCTS's leaf values)."""
ZERO_SUM = True
"""``heuristic(state, 1) == -heuristic(state, 0)``: the bots evaluate once per position."""

TWO_OF_THREE = 0.45
"""A window with two of a side's tokens and one empty tile."""
ONE_OF_THREE = 0.12
"""A window with one of a side's tokens and two empty tiles."""
TO_MOVE_BONUS = 0.25
"""The side to move can complete one of its two-of-three windows right away."""
HIRE_VALUE: dict[str, float] = dict(DATA["bots"]["hire_value"])
"""Points a hired mercenary adds to its side in each later round (measured)."""

WINDOWS: tuple[tuple[int, int, int], ...] = tuple(
    (line[i], line[i + 1], line[i + 2]) for line in LINES for i in range(len(line) - 2)
)

_MULTIPLIER = {"pig": 2.0, "cat": 3.0}
_PLAIN = {"wolf", "rat", "fox", "turtle", "mouses", "snake", "chameleon", "mole", "frog"}
_LONGEST = max(LINE_POINTS)


def round_points(board: list[Token | None]) -> list[int]:
    """The points each side's lines on the map would score now (as ``scoring`` counts them).

    The same rule as ``scoring.round_points``, without building objects: it runs on
    every leaf of a search.
    """
    points = [0, 0]
    for line in LINES:
        colour = WHITE  # of the run (WHITE: no run)
        length = 0
        start = 0
        for i, tile in enumerate(line):
            token = board[tile]
            c = token.colour if token is not None else WHITE
            if c != WHITE and c == colour:
                length += 1
            else:
                if length >= 3:
                    points[colour] += _run_value(board, line, start, length)
                if c != WHITE:
                    colour, length, start = c, 1, i
                else:
                    colour, length = WHITE, 0
        if length >= 3:
            points[colour] += _run_value(board, line, start, length)
    return points


def _run_value(board: list[Token | None], line: tuple[int, ...], start: int, length: int) -> int:
    kinds = [t.kind for t in (board[line[j]] for j in range(start, start + length)) if t]
    if all(k in _PLAIN for k in kinds):
        return LINE_POINTS[min(length, _LONGEST)]
    return line_value(length, kinds)


def side_potential(board: list[Token | None]) -> tuple[list[float], list[int]]:
    """Potential of open windows per side, and each side's count of two-of-three windows."""
    pot = [0.0, 0.0]
    twos = [0, 0]
    for a, b, c in WINDOWS:
        ta, tb, tc = board[a], board[b], board[c]
        colour = -2
        count = 0
        mult = 1.0
        half = False
        dead = False
        for t in (ta, tb, tc):
            if t is None:
                continue
            col = t.colour
            if col == WHITE or (colour != -2 and col != colour):
                dead = True
                break
            colour = col
            count += 1
            m = _MULTIPLIER.get(t.kind)
            if m is not None and m > mult:
                mult = m
            elif t.kind == "crow":
                half = True
        if dead or count == 0 or count == 3:
            continue
        value = TWO_OF_THREE if count == 2 else ONE_OF_THREE
        if half:
            mult *= 0.5
        pot[colour] += value * mult
        if count == 2:
            twos[colour] += 1
    return pot, twos


def banked(state: FoggyState) -> list[float]:
    """Points of the rounds already played (coins, with mercenaries, and what the hired
    mercenaries are worth in the rounds not yet scored)."""
    if state.opts.mercenaries:
        # quick game: the coins left after the first hiring go back to the bank
        spend_or_lose = state.opts.variant == "quick" and not state.points
        coins = [0, 0] if spend_or_lose else state.coins
        return [coins[side] + hire_worth(state, side) for side in (0, 1)]
    totals = state.totals()
    return [float(totals[0]), float(totals[1])]


def hire_worth(state: FoggyState, side: int) -> float:
    """What a side's hired mercenaries will still add: their worth per round times the
    rounds not yet scored (the round in play included, so the value does not jump when
    a round starts; nothing once the game is over)."""
    if state.result is not None:
        return 0.0
    rounds = state.rounds - len(state.points)
    return rounds * sum((HIRE_VALUE[k] for k in state.hired[side]), 0.0)


def side_values(state: FoggyState) -> list[float]:
    """Each side's banked points + lines on the map + potential of open windows."""
    values = banked(state)
    board = state.board
    if any(t is not None for t in board):
        now = round_points(board)
        pot, twos = side_potential(board)
        values[0] += now[0] + pot[0]
        values[1] += now[1] + pot[1]
        mover = state.current_player()
        if mover >= 0 and twos[mover % 2]:
            values[mover % 2] += TO_MOVE_BONUS
    return values


def heuristic(state: FoggyState, seat: int) -> float:
    """My side's value minus the other side's (a won game counts 100 more)."""
    side = seat % 2
    result = state.result
    if result is not None:
        bonus = 0.0 if result == NO_WINNER else (100.0 if result == side else -100.0)
        values = banked(state)
        return bonus + values[side] - values[1 - side]
    values = side_values(state)
    return values[side] - values[1 - side]


# ---------------------------------------------------------------- playouts
def horizon(state: FoggyState) -> int:
    """The placements: every token placed from a hand moves it on by one (each round
    deals anew, so a round counts a hundred), so a search rolling out a few of them
    scores the position after the other side's reply."""
    left = sum(len(h) for h in state.hands) + sum(len(p) for p in state.piles)
    return 100 * state.round - left


PLACES = 3
"""Tiles a quick move tries each token on when choosing which to place."""
PLAYOUT_LOOKS = 8
"""Actions a quick move looks at for any other decision (the best of them is played)."""


def playout(state: FoggyState, seat: int, rng: random.Random) -> Action:
    """A quick move for a search's rollouts: a token chosen for what it makes on the
    best of a few free tiles drawn at random (the same tiles for every token), a tile
    or any other decision the best by the heuristic of a few drawn at random."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if legal[0].kind != "choose":
        return best_by(heuristic, state, seat, looks([], legal, PLAYOUT_LOOKS, rng))
    mover = state.current_player()
    tiles: set[Action] = set()
    best, best_v = legal[0], -1e9
    for choice in legal:
        chosen = state.clone()
        chosen.apply(choice, False)
        if chosen.current_player() != mover:  # nothing to place after all
            tried = [chosen]
        else:
            places = chosen.legal_actions()
            # the same tiles for every token, drawn once
            tiles = tiles or set(looks([], places, PLACES, rng))
            tried = []
            for tile in [a for a in places if a in tiles] or places[:PLACES]:
                child = chosen.clone()
                child.apply(tile, False)
                tried.append(child)
        for child in tried:
            v = heuristic(child, seat)
            if v > best_v:
                best, best_v = choice, v
    return best
