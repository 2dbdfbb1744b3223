"""Players count rounds and turns from 1: no board or terminal view says "round 0" or
"turn 0" (the set-up and the preparation are named as such)."""

import random
import re

import pytest
from rich.console import Console

from lapilli.core.registry import games, load_game
from lapilli.core.state import CHANCE, sample_chance
from tests.games.drawing_checks import text_of

ZERO = re.compile(r"\b(round|turn) 0\b", re.IGNORECASE)


def terminal(state) -> str:
    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(state.render(0))
    return console.export_text()


@pytest.mark.parametrize("game_id", games())
def test_no_view_counts_a_round_or_turn_from_zero(game_id):
    game = load_game(game_id)
    state = game.new_state()
    rng = random.Random(2)
    for _ in range(40):  # the set-up and the first turns
        svg = text_of(game.parts.draw(state.observation(0), 0, [], []))
        assert not ZERO.search(svg), ZERO.search(svg)
        assert not ZERO.search(terminal(state)), ZERO.search(terminal(state))
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply(
            sample_chance(state, rng) if seat == CHANCE else rng.choice(state.legal_actions())
        )
