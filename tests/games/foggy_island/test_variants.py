"""The team variant (4 players) and the quick variant."""

import random

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.games.foggy_island import FoggyIsland

from .helpers import act, new, play_randomly


def test_the_team_variant_is_for_four_players_only():
    game = FoggyIsland(variant="team")
    assert list(game.player_counts()) == [4]
    with pytest.raises(MalformedInput, match="for 4 players, not 2"):
        game.new_state(2)
    with pytest.raises(MalformedInput):
        FoggyIsland().new_state(4)


def test_teams_sit_opposite_and_split_their_18_tokens_nine_each():
    s = new(4, variant="team")
    assert s.weather == "sunny" and s.phase == "deal"  # the team variant is always Sunny
    assert [s.side(p) for p in range(4)] == [0, 1, 0, 1]  # team-mates never play in a row
    play_randomly(s, random.Random(2), lambda s: s.phase != "deal")
    assert [len(p) for p in s.piles] == [9, 9, 9, 9]
    for side in (0, 1):
        a, b = s.side_seats(side)
        pile = s.composition(side)
        assert {k: s.piles[a].count(k) + s.piles[b].count(k) for k in pile} == pile
    # each player picks 5 from their own pile only
    assert s.phase == "opening"
    seat = s.current_player()
    assert {a.arg("token") for a in s.legal_actions()} == set(s.piles[seat].items)


def test_team_mates_share_coins_and_take_turns_at_hiring():
    s = new(4, variant="team")
    s = play_randomly(s, random.Random(5), lambda s: s.phase == "hire")
    assert s.round == 1 and s.points
    assert s.coins == s.points[0]  # one purse per team
    hirers = [s.current_player()]
    while s.phase == "hire":
        act(s, "done")
        if s.phase == "hire":
            hirers.append(s.current_player())
    assert sorted(hirers) == [0, 1]  # round 1: the first player of each team hires
    s = play_randomly(s, random.Random(6), lambda s: s.phase == "hire")
    assert s.round == 2
    hirers = [s.current_player()]
    act(s, "done")
    hirers.append(s.current_player())
    assert sorted(hirers) == [2, 3]  # round 2: the team-mates


def test_team_game_scores_per_team():
    s = play_randomly(new(4, variant="team"), random.Random(9), lambda s: s.is_terminal())
    scores = s.scores()
    assert scores[0] == scores[2] and scores[1] == scores[3]
    if s.winners():
        assert s.winners() in ([0, 2], [1, 3])


def test_the_quick_variant_hires_with_80_coins_then_plays_two_rounds():
    s = new(variant="quick")
    assert s.phase == "hire" and s.coins == [80, 80] and s.rounds == 2
    act(s, "hire", mercenary="cat")
    act(s, "hire", mercenary="fox")
    assert s.coins[0] == 60
    act(s, "done")
    act(s, "hire", mercenary="snake")
    act(s, "done")
    assert s.coins == [0, 0]  # the coins left go back to the bank
    assert s.phase == "weather_draw"  # one weather for the whole game
    assert "cat" in s.piles[0] and "fox" in s.piles[0] and "snake" in s.piles[1]
    s = play_randomly(s, random.Random(1), lambda s: s.round == 2 and s.phase == "opening")
    assert s.offered() == ()  # no new weather in round 2
    s = play_randomly(s, random.Random(1), lambda s: s.is_terminal())
    assert len(s.points) == 2


def test_team_and_quick_imply_the_mercenary_rules():
    assert FoggyIsland(variant="quick").options.mercenaries
    assert FoggyIsland(variant="team").options.mercenaries
    assert not FoggyIsland(variant="team").options.weather
    assert FoggyIsland(variant="quick").options.weather
