"""Every registered game passes the engine contract, in each of its set-ups."""

import pytest

from lapilli.core.conformance import check_game
from lapilli.core.flow import FlowState
from lapilli.core.registry import game_class, games
from lapilli.core.state import Game


def configs():
    for game_id in games():
        cls = game_class(game_id)
        for options, players in cls().conformance_configs():
            yield pytest.param(game_id, options, players, id=f"{game_id}-{players}p-{options}")


@pytest.mark.parametrize("game_id, options, players", list(configs()))
def test_game_honours_the_engine_contract(game_id, options, players):
    cls: type[Game] = game_class(game_id)
    game = cls.with_options_json(options)
    runs = check_game(game, players, seeds=range(4), checks_per_game=10)
    assert all(run.final.is_terminal() for run in runs)
    if players > 1:  # something was hidden from a seat, and its views were compared
        assert sum(run.altered for run in runs) > 0


@pytest.mark.parametrize("game_id", games())
def test_every_game_declares_what_a_seat_cannot_see_for_the_no_leak_check(game_id):
    state = game_class(game_id)().new_state()
    assert isinstance(state, FlowState)
    assert type(state).unseen is not FlowState.unseen


def test_foggy_island_is_registered():
    assert "foggy_island" in games()


def test_an_action_logged_as_its_menu_text_fails_the_words_check(monkeypatch):
    import random

    from lapilli.core.conformance import ConformanceFailure, random_playthrough
    from lapilli.core.state import State

    game = game_class("eras")()
    random_playthrough(game, 2, random.Random(1))  # Eras says each of them of its maker
    monkeypatch.setattr(FlowState, "said_text", State.said_text)  # "Red: Leave your cone..."
    with pytest.raises(ConformanceFailure, match="say it of its maker"):
        random_playthrough(game, 2, random.Random(1))


def test_sides_that_split_a_win_fail_the_check(monkeypatch):
    import random

    from lapilli.core.conformance import ConformanceFailure, random_playthrough
    from lapilli.games.foggy_island.state import FoggyState

    game = game_class("foggy_island").with_options_json({"variant": "team"})
    end = random_playthrough(game, 4, random.Random(1)).final
    assert end.sides() == [[0, 2], [1, 3]] and len(end.winners()) in (0, 2)
    monkeypatch.setattr(FoggyState, "sides", lambda self: [[0, 1], [2, 3]])
    with pytest.raises(ConformanceFailure, match="split a side"):
        random_playthrough(game, 4, random.Random(1))
