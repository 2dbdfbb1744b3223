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


# -- resuming inside a turn, and between rounds ---------------------------------------------------
MERC = FoggyIsland(mode="mercenaries")


def full_open_area() -> dict[str, str]:
    """The NW quarter (a1-c3) full, the other three under fog boards."""
    tokens = ["wolf", "rat", "rabbit", "pig"]
    tiles = [f"{c}{r}" for r in "123" for c in "abc"]
    return {t: f"{('Red', 'Blue')[i % 2]} {tokens[i // 2 % 4]}" for i, t in enumerate(tiles)}


def test_a_turn_resumes_at_the_removal_of_a_fog_board():
    s = build(
        FoggyIsland(mode="weather"),
        {"map": full_open_area(), "open": ["NW"], "turn": {"seat": "Blue", "at": "fog"}},
    )
    assert s.phase == "fog_remove" and s.current_player() == 1
    assert sorted(a.arg("board") for a in s.legal_actions()) == ["NE", "SE", "SW"]
    with pytest.raises(MalformedInput, match="only when the open area has no free tile"):
        build(FoggyIsland(), {"map": {"a1": "Red wolf"}, "turn": {"at": "fog"}})


def test_a_turn_resumes_at_the_ability_of_the_mercenary_just_placed():
    layout = {"c3": "Red fox", "c4": "Blue wolf", "d3": "Blue rat", "b3": "Red rat"}
    hired = {"Red": {"hired": ["fox", "hippo"]}, "Blue": {"hired": ["fox"]}}
    s = build(
        MERC,
        {"map": layout, "seats": hired, "placed": "c3", "turn": {"seat": "Red", "at": "ability"}},
    )
    assert s.phase == "target" and s.current_player() == 0
    assert sorted(a.arg("tile") for a in s.legal_actions()) == ["c4", "d3"]  # Blue's, next to it
    s.apply(s.legal_actions()[0])  # Blue changes the targeted token, then draws: Red's turn is over
    # a Hippo just placed lies on one tile, yet to span its second
    hippo = build(
        MERC,
        {"map": {"c3": "Red hippo"}, "seats": hired, "placed": "c3", "turn": {"at": "ability"}},
    )
    assert hippo.phase == "hippo_second" and len(hippo.legal_actions()) == 4
    with pytest.raises(MalformedInput, match="the Fox on c3 has nothing to act on"):
        build(
            MERC,
            {"map": {"c3": "Red fox"}, "seats": hired, "placed": "c3", "turn": {"at": "ability"}},
        )
    with pytest.raises(MalformedInput, match="placed names the tile of Red's face-up mercenary"):
        build(
            MERC,
            {"map": {"c3": "Blue fox"}, "seats": hired, "placed": "c3", "turn": {"at": "ability"}},
        )


def test_the_hiring_between_rounds_resumes_with_the_side_that_hires_first():
    after_one = {"points": [[3, 2]], "seats": {"Red": {"coins": 3}, "Blue": {"coins": 9}}}
    s = build(MERC, {**after_one, "turn": {"seat": "Blue", "at": "hire"}})
    assert s.phase == "hire" and s.current_player() == 1 and s.round == 1
    assert not any(s.board) and not any(len(h) for h in s.hands)
    assert {a.kind for a in s.legal_actions()} == {"hire", "done"}
    s.apply(next(a for a in s.legal_actions() if a.kind == "done"))
    assert s.current_player() == 0 and s.phase == "hire"  # then Red hires
    s.apply(next(a for a in s.legal_actions() if a.kind == "done"))
    assert s.round == 2  # and the second round begins
    with pytest.raises(MalformedInput, match="part of the game with mercenaries"):
        build(FoggyIsland(), {**after_one, "turn": {"seat": "Blue", "at": "hire"}})
    with pytest.raises(MalformedInput, match="the map is empty"):
        build(MERC, {**after_one, "map": {"a1": "Red wolf"}, "turn": {"at": "hire"}})


def test_the_quick_game_hires_before_its_first_round_with_its_coins_up_front():
    s = build(FoggyIsland(variant="quick"), {"weather": "foggy", "turn": {"at": "hire"}})
    assert s.phase == "hire" and s.coins == [80, 80] and s.weather == "foggy"
