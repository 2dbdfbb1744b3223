"""Foggy Island positions in the rulebook's words: piles by conservation, the turn
entered through the flow, impossible positions refused."""

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.board import TILE_INDEX
from lapilli.games.foggy_island.components import PILE_SIZE
from lapilli.games.foggy_island.positions import build


def test_piles_hold_what_is_neither_in_hand_nor_on_the_map():
    s = build(
        FoggyIsland(),
        {
            "map": {"a1": "Red wolf", "b1": "Blue rat face down"},
            "seats": {"Red": {"hand": ["pig", "rat", "rat", "wolf", "rabbit"]}},
            "turn": {"seat": "Blue"},
        },
    )
    assert s.board[TILE_INDEX["b1"]].face_up is False
    assert len(s.piles[0]) == PILE_SIZE - 1 - 5
    assert len(s.hands[1]) == 5 and len(s.piles[1]) == PILE_SIZE - 1 - 5
    assert s.current_player() == 1 and s.phase == "choose"


def test_the_weather_card_in_play_leaves_the_deck_and_the_fog_stays_on():
    s = build(
        FoggyIsland(mode="weather"),
        {"weather": "foggy", "open": ["NW"], "turn": {"seat": "Red"}},
    )
    assert s.weather == "foggy" and s.open == [True, False, False, False]
    assert s.deck.count("foggy") == 1  # two in the box, one in play


def test_a_hired_mercenary_replaces_its_basic_token():
    s = build(
        FoggyIsland(mode="mercenaries"),
        {
            "seats": {"Blue": {"hired": ["fox"], "coins": 3, "hand": ["fox"]}},
            "round": 2,
            "points": [[3, 4]],
        },
    )
    assert s.hired == [[], ["fox"]] and s.coins == [0, 3] and s.round == 2
    assert len(s.hands[1]) + len(s.piles[1]) == PILE_SIZE


@pytest.mark.parametrize(
    "description, message",
    [
        ({"seats": {"Red": {"hand": ["pig", "pig", "pig", "pig"]}}}, "Red has not that many pig"),
        ({"map": {"a1": "Red frog"}}, "Red has not that many frog"),
        ({"seats": {"Red": {"hand": ["wolf"] * 6}}}, "at most 5 tokens"),
        ({"map": {"a1": "Red hippo"}}, "a Hippo lies on two tiles"),
        ({"map": {"a1": "Red hippo", "c1": "Red hippo"}}, "a Hippo lies on two tiles"),
        ({"seats": {"Red": {"hired": ["wolf"]}}}, "'wolf' is not a mercenary"),
        ({"map": {"a1": "Green wolf"}}, "no player is called 'Green'"),
        ({"map": {"a1": "Red wolf sideways"}}, "face up or face down"),
        ({"open": ["N"]}, "'N' is not a quarter"),
        ({"seats": {"Red": {"hand": ["unicorn"]}}}, "'unicorn' is not a token"),
    ],
)
def test_impossible_positions_are_refused(description, message):
    with pytest.raises(MalformedInput, match=message):
        build(FoggyIsland(), description)


def test_a_hippo_lies_on_two_neighbouring_tiles_as_one_token():
    s = build(
        FoggyIsland(mode="mercenaries"),
        {"map": {"a1": "Red hippo", "b1": "Red hippo"}, "seats": {"Red": {"hired": ["hippo"]}}},
    )
    assert s.hippo == {0: (TILE_INDEX["a1"], TILE_INDEX["b1"])}
    assert len(s.hands[0]) + len(s.piles[0]) == PILE_SIZE - 1
