"""The terminal's views every game has: the all-seats view of replays and the end of a
round (State.render_all, State.round_end), with their defaults."""

import io
import random

import pytest
from rich.console import Console

from lapilli.core.loop import play, random_policy
from lapilli.core.registry import game_classes, load_game
from lapilli.core.state import State


def text_of(renderable) -> str:
    screen = io.StringIO()
    Console(file=screen, width=200, no_color=True).print(renderable)
    return screen.getvalue()


@pytest.mark.parametrize("game_id", list(game_classes()))
def test_every_game_draws_the_position_for_all_seats(game_id):
    game = load_game(game_id)
    state = game.new_state(2 if 2 in game.player_counts() else game.default_players())
    rng = random.Random(1)
    play(state, [random_policy(rng)] * state.num_players, rng, limit=60)
    everything = text_of(state.render_all())
    if type(state).render_all is State.render_all:  # the default: each seat's view in turn
        for seat in range(state.num_players):
            assert f"What {state.seat_label(seat)} sees:" in everything
            assert text_of(state.render(seat)) in everything
    else:
        assert everything.strip()


def test_round_end_is_none_unless_a_game_says_a_round_closed():
    state = load_game("volcanique").new_state(2)
    assert state.round_end([{"type": "collected"}]) is None
    foggy = load_game("foggy_island").new_state(2)
    assert foggy.round_end([{"type": "placed", "seat": 0, "token": "wolf", "tile": "c3"}]) is None
