"""Game with weather cards: the draw, Sunny, Cloudy (fog boards) and Foggy (face down)."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE
from lapilli.games.foggy_island.board import QUADRANT_TILES, TILE_NAMES
from lapilli.games.foggy_island.round import between_rounds
from lapilli.games.foggy_island.scoring import round_points

from .helpers import act, at, board_from, new, play, position, start_turn


def test_the_second_player_draws_two_weather_cards_and_keeps_one():
    s = new(mode="weather")
    assert s.phase == "weather_draw" and s.current_player() == CHANCE
    assert dict((a.arg("card"), p) for a, p in s.chance_outcomes()) == pytest.approx(
        {"sunny": 3 / 8, "cloudy": 3 / 8, "foggy": 2 / 8}
    )
    act(s, "weather", card="cloudy")
    act(s, "weather", card="foggy")
    assert s.phase == "weather_keep" and s.current_player() == 1
    assert {a.arg("card") for a in s.legal_actions()} == {"cloudy", "foggy"}
    act(s, "keep_weather", card="foggy")
    assert s.weather == "foggy"
    assert s.deck.under == ["cloudy"]  # the other card goes to the bottom of the deck
    assert s.deck.items == {"sunny": 3, "cloudy": 2, "foggy": 1}


def test_cloudy_weather_opens_one_random_quarter_of_the_island():
    s = new(mode="weather")
    act(s, "weather", card="cloudy")
    act(s, "weather", card="cloudy")
    act(s, "keep_weather", card="cloudy")
    assert s.phase == "fog_open"
    assert [p for _, p in s.chance_outcomes()] == [0.25] * 4
    act(s, "open", board="SE")
    assert s.open == [False, False, False, True]
    for _ in range(10):
        act(s, "take", token="wolf") if s.piles[s.current_player()].count("wolf") > 4 else act(
            s, "take", token="rat"
        )
    act(s, "choose", token="wolf")
    assert {a.arg("tile") for a in s.legal_actions()} == {TILE_NAMES[t] for t in QUADRANT_TILES[3]}
    with pytest.raises(IllegalAction, match="under a fog board"):
        act(s, "place", tile="a1")


def test_when_the_open_area_is_full_the_next_player_removes_a_fog_board_and_places():
    layout = {TILE_NAMES[t]: ("wolf", i % 2) for i, t in enumerate(QUADRANT_TILES[0])}
    s = position(layout, weather="cloudy")
    s.open = [True, False, False, False]
    start_turn(s, 0)
    assert s.phase == "fog_remove"
    assert {a.arg("board") for a in s.legal_actions()} == {"NE", "SW", "SE"}
    act(s, "remove_fog", board="SW")
    assert s.open == [True, False, True, False]
    assert s.phase == "choose" and s.current_player() == 0  # the same player places as usual
    play(s, "wolf", "a5")
    assert at(s, "a5")[0] == "wolf"


def test_foggy_weather_places_tokens_face_down_hidden_from_the_opponent():
    s = position(weather="foggy", hands=[{"wolf": 3, "pig": 2}, {"wolf": 5}])
    assert [str(a) for a in s.legal_actions()] == ["choose token=wolf", "choose token=pig"]
    play(s, "pig", "c3")
    assert at(s, "c3") == ("pig", 0, False, 0)
    assert s.observation(1)["board"][14] == {"token": None, "seat": 0, "face_up": False}
    assert s.observation(None)["board"][14]["token"] is None
    assert s.observation(0)["board"][14]["token"] == "pig"  # its owner knows it


def test_in_fog_a_mercenary_may_go_face_up_to_use_its_ability():
    s = position(weather="foggy", hands=[{"wolf": 4, "mouses": 1}, {"wolf": 5}], mode="mercenaries")
    texts = {s.action_text(a) for a in s.legal_actions()}
    assert texts == {"play Wolf", "play Mouses", "play Mouses face down"}
    strict = position(
        weather="foggy",
        hands=[{"mouses": 1}, {"wolf": 5}],
        mode="mercenaries",
        face_up_mercenaries=False,
    )
    assert [s.action_text(a) for a in strict.legal_actions()] == ["play Mouses"]
    play(strict, "mouses", "c3")
    assert at(strict, "c3")[2] is False  # face down: the option forbids face-up mercenaries


def test_a_face_down_mercenary_ability_is_ignored():
    layout = {"c2": ("wolf", 1)}
    s = position(
        layout, weather="foggy", hands=[{"mouses": 1, "wolf": 4}, {"wolf": 5}], mode="mercenaries"
    )
    act(s, "choose", token="mouses", face="down")
    act(s, "place", tile="c3")
    assert s.current_player() == CHANCE and s.phase == "draw"  # no swap step
    assert at(s, "c3")[0] == "mouses" and at(s, "c2")[0] == "wolf"


def test_pig_cat_and_crow_count_even_face_down():
    board = board_from(
        {"a1": ("pig", 0, False), "b1": ("wolf", 0, False), "c1": ("wolf", 0, False)}
    )
    assert round_points(board) == [2, 0]
    board = board_from(
        {
            "a1": ("cat", 0, False),
            "b1": ("crow", 1, False),
            "c1": ("wolf", 0, False),
            "d1": ("wolf", 0, False),
        }
    )
    assert round_points(board) == [3, 0]


def test_each_round_draws_new_weather_and_the_old_card_goes_under_the_deck():
    s = new(mode="weather")
    act(s, "weather", card="sunny")
    act(s, "weather", card="sunny")
    act(s, "keep_weather", card="sunny")
    assert s.weather == "sunny" and s.phase == "opening"
    s.stack = []
    between_rounds(s)
    s.advance()
    assert s.round == 2 and s.phase == "weather_draw"
    assert s.deck.under == ["sunny", "sunny"]
    act(s, "weather", card="foggy")
    act(s, "weather", card="cloudy")
    assert s.current_player() == 0  # the second player of round 2 is Red
