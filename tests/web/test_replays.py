"""A replay shows a seat's view to anyone: only that seat's own player is "you"."""

import re

import pytest

import lapilli
from lapilli.core.registry import games
from lapilli.web.replays import seen_as
from tests.games.drawing_checks import positions, text_of

# what a seat's own drawing may say to it, never to someone watching its view
SAID_TO_THE_SEAT = re.compile(r"\u2014 you\b|\byours\b|your screen|your sealed bid")


@pytest.mark.parametrize("game_id", games())
def test_a_watcher_of_a_seats_view_is_never_called_you(game_id):
    game = lapilli.load_game(game_id)
    configs = game.conformance_configs()[:1]
    seen = 0
    for state in positions(game_id, configs, range(1), every=7):
        for seat in range(state.num_players):
            svg = game.parts.draw(state.observation(seat), seat, [], [])
            watched = text_of(seen_as(svg))
            assert not SAID_TO_THE_SEAT.search(watched), (seat, SAID_TO_THE_SEAT.findall(watched))
            seen += "their view" in watched
    assert seen, "some seat's panel said whose view it is"
