"""A damaged saved position of any game is refused on load with MalformedInput, or
plays on without crashing: never a KeyError, IndexError or TypeError later."""

import pytest

from lapilli.core.registry import game_class, games

from .damage import check_damaged


def configs():
    for game_id in games():
        cls = game_class(game_id)
        for options, players in cls().conformance_configs():
            yield pytest.param(game_id, options, players, id=f"{game_id}-{players}p-{options}")


@pytest.mark.parametrize("game_id, options, players", list(configs()))
def test_damaged_positions_are_refused_or_play_on(game_id, options, players):
    game = game_class(game_id).with_options_json(options)
    refused = check_damaged(game, players, seed=7, positions=4, changes=40)
    assert refused > 0  # most damage is caught on load: the check did run
