"""The terminal view of Foggy Island without colour (NO_COLOR): letters tell whose line
each token builds and who placed a face-down one, so owners stay apart."""

import io
import random
import re

from rich.console import Console

from lapilli.core.loop import play, random_policy
from lapilli.core.registry import load_game
from lapilli.games.foggy_island.board import SIZE
from lapilli.games.foggy_island.components import LINE_POINTS, WHITE
from lapilli.games.foggy_island.text import ABBREV

from .helpers import position

LETTER = {0: "R", 1: "B", WHITE: "W"}


def mid_game(seed):
    """A foggy-weather game after some placements, with face-down tokens on the map."""
    state = load_game("foggy_island", ["mode=weather"]).new_state(2)
    rng = random.Random(seed)
    policy = random_policy(rng)
    while not state.is_terminal():
        play(state, [policy, policy], rng, limit=1)
        tokens = [t for t in state.board if t]
        if len(tokens) > 8 and any(not t.face_up for t in tokens):
            return state
    return None


def map_rows(renderable) -> list[list[str]]:
    screen = io.StringIO()
    Console(file=screen, no_color=True, width=160).print(renderable)
    text = screen.getvalue()
    rows = [line for line in text.splitlines() if re.match(r" \d  ", line)]
    return [[line[4 + 5 * c : 9 + 5 * c].strip() for c in range(SIZE)] for line in rows[:SIZE]]


def expected(token, sees: bool) -> str:
    if token is None:
        return ""
    shield = LETTER[token.seat % 2]
    if token.face_up:
        return f"{ABBREV[token.kind]}:{LETTER[token.colour]}"
    return f"{ABBREV[token.kind]}?{shield}" if sees else f"##?{shield}"


def test_without_colour_every_token_names_its_line_or_its_placer():
    states = [s for s in (mid_game(seed) for seed in range(40)) if s is not None][:5]
    assert states
    for state in states:
        for seat, view in ((0, state.render(0)), (1, state.render(1)), (None, state.render_all())):
            rows = map_rows(view)
            for tile, token in enumerate(state.board):
                cell = rows[tile // SIZE][tile % SIZE]
                sees = seat is None or (token is not None and token.seat == seat)
                want = expected(token, sees)
                assert cell == want or (not want and cell in ("..", "~~")), (tile, cell, want)


def render_text(s, seat) -> str:
    screen = io.StringIO()
    Console(file=screen, no_color=True, width=160).print(s.render(seat))
    return screen.getvalue()


def test_live_lines_and_points_show_what_each_seat_can_see():
    """During a round, every line a seat can see with the points it would score; a
    face-down token the seat may not look at breaks the line (its line is unknown)."""
    layout = {
        "a1": ("wolf", 0),
        "b1": ("wolf", 0),
        "c1": ("pig", 0, False),  # Red placed it face down: Blue cannot see it
        "a3": ("wolf", 1),
        "b3": ("wolf", 1),
        "c3": ("wolf", 1),
    }
    s = position(layout, weather="foggy")
    red = s.observation(0)["live"]
    assert red["points"] == [LINE_POINTS[3] * 2, LINE_POINTS[3]]
    assert {"side": 0, "tiles": ["a1", "b1", "c1"], "points": LINE_POINTS[3] * 2} in red["lines"]
    blue = s.observation(1)["live"]
    assert blue["points"] == [0, LINE_POINTS[3]] and len(blue["lines"]) == 1
    assert s.observation(None)["live"] == blue
    shown = render_text(s, 1)
    assert f"Lines now score Red: 0 points, Blue: {LINE_POINTS[3]} point" in shown  # 1 point
    assert "Blue: a3-c3 (3 tokens)" in shown and "a1-c1" not in shown
    assert "Red: a1-c1 (3 tokens)" in render_text(s, 0)
