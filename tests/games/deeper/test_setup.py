"""Set-up: the designer's 15 steps (research A3) and the starting tiles (default 6)."""

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE
from lapilli.games.deeper.components import BLUEPRINT_DECK, DECKS, RADIO, ROCKETS, TILES

from .helpers import A, at, game, on, step


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_each_player_starts_with_habitat_radio_boards_and_four_air(players):
    s = game().new_state(players)
    for p in range(players):
        assert sorted(s.hands[p].hidden()) == [RADIO]  # 2. the Radio is the starting hand
        assert list(s.built[p]) == [] and list(s.rocket_cards[p]) == []
        assert s.upgrades[p] == 0 and s.milestones[p] == 0  # 3.-4. every tile covering
        assert s.lungs(p) == 4 and s.air[p] == 4  # 6. 4 air fill the uncovered Lungs
        assert s.inventory_size(p) == 4 and s.storage_size(p) == 4
        assert sum(s.inventory[p]) == 0 and sum(s.storage[p]) == 0
        assert s.pawn[p] == s.ocean.hatches[p]  # 14. pawns in their Hatches
        assert s.in_habitat(p)


def test_decks_market_blueprints_and_rockets():
    s = game().new_state(2)
    for deck, tiles in zip(s.decks, DECKS, strict=True):  # 7.-8. five shuffled depth decks
        assert sorted(deck.hidden()) == sorted(tiles) and len(deck) == 12
    assert s.market == []  # 9. the market starts empty
    assert s.blueprints.items == BLUEPRINT_DECK and len(s.blueprints) == 14  # 10.
    assert list(s.rockets) == list(ROCKETS)  # 11. the rocket cards set aside


@pytest.mark.parametrize(
    "players, hatches",
    [(1, ["H0"]), (2, ["F0", "J0"]), (3, ["D0", "H0", "L0"]), (4, ["B0", "F0", "J0", "N0"])],
)
def test_starting_tiles_with_their_resources_beside_each_hatch(players, hatches):
    s = game().new_state(players)
    assert [s.ocean.names[h] for h in s.ocean.hatches] == hatches
    for p, name in enumerate(hatches):
        col = ord(name[0])
        for side in (chr(col - 1) + "10", chr(col + 1) + "10"):
            tile = s.tiles[s.ocean.cell(side)]
            assert TILES[tile].pattern == "water"
            assert on(s, side) == {"fish": 1, "kelp": 1}  # 13.1 their resources on them
        assert at(s, p) == name
    placed = [t for t in s.tiles if t is not None]
    assert len(placed) == 3 * players


def test_the_starting_player_is_drawn_at_random():
    s = game().new_state(3)
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(A("first", seat=p), pytest.approx(1 / 3)) for p in range(3)]
    s.apply(A("first", seat=2))
    assert s.first == 2 and s.current_player() == 2 and step(s) == "act"
    assert s.round == 1


def test_one_to_four_players():
    for n in (0, 5):
        with pytest.raises(MalformedInput, match="1-4 players"):
            game().new_state(n)
