"""The team variant (4 players) and the quick variant."""

import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction, MalformedInput, OptionError
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.components import MERCENARIES

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


def test_the_rest_of_the_team_tokens_become_the_mates_pile_shown_to_that_mate_alone():
    s = new(4, variant="team")
    rng = random.Random(2)
    events: list = []
    while s.phase == "deal":
        outcomes = s.chance_outcomes()
        events = s.apply(outcomes[rng.randrange(len(outcomes))][0])
    # the last deal ends the deal: the rest of each team's tokens is the other mate's pile
    piles = [e for e in events if e["type"] == "team_pile"]
    assert [e["seat"] for e in piles] == [e["private"] for e in piles] and len(piles) == 2
    assert all(e["reveal"] for e in piles)  # new to that seat: undo never crosses it
    assert all(len(s.piles[e["seat"]]) == 9 and not s.pool[s.side(e["seat"])] for e in piles)
    mate = piles[0]["seat"]
    assert (
        s.event_text(piles[0])
        == f"{s.seat_label(mate)} takes the rest of the team's tokens as a pile"
    )


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


def test_in_the_team_game_a_side_wins_and_the_result_says_so():
    s = play_randomly(new(4, variant="team"), random.Random(9), lambda s: s.is_terminal())
    assert s.sides() == [[0, 2], [1, 3]]
    side = s.result
    assert side in (0, 1)  # this game has a winner
    mates = " and ".join(s.seat_label(p) for p in s.side_seats(side))
    assert s.result_text() == f"{('Red', 'Blue')[side]} wins ({mates})"
    two = play_randomly(new(2), random.Random(9), lambda s: s.is_terminal())
    assert two.sides() == [[0], [1]] and two.result_text().endswith(("wins", "A draw"))


def test_the_quick_variant_hires_with_80_coins_then_plays_two_rounds():
    s = new(variant="quick")
    act(s, "choose_weather", card="cloudy")
    assert s.phase == "hire" and s.coins == [80, 80] and s.rounds == 2
    act(s, "hire", mercenary="cat")
    act(s, "hire", mercenary="fox")
    assert s.coins[0] == 60
    act(s, "done")
    act(s, "hire", mercenary="snake")
    act(s, "done")
    assert s.coins == [0, 0]  # the coins left go back to the bank
    assert s.phase in ("fog_open", "opening") and s.weather == "cloudy"  # no weather draw
    assert "cat" in s.piles[0] and "fox" in s.piles[0] and "snake" in s.piles[1]
    s = play_randomly(s, random.Random(1), lambda s: s.round == 2 and s.phase == "opening")
    assert s.offered() == () and s.weather == "cloudy"  # one weather for the whole game
    s = play_randomly(s, random.Random(1), lambda s: s.is_terminal())
    assert len(s.points) == 2


def test_team_and_quick_imply_the_mercenary_rules():
    assert FoggyIsland(variant="quick").options.mercenaries
    assert FoggyIsland(variant="team").options.mercenaries
    assert not FoggyIsland(variant="team").options.weather
    assert FoggyIsland(variant="quick").options.weather


def test_the_quick_variant_offers_all_three_weathers_before_the_hiring():
    """ "Players should choose one weather for the entire game": a choice of every
    weather (not a draw of two), made by the second player before anyone hires."""
    s = new(variant="quick")
    assert s.phase == "weather_choose" and s.current_player() == 1
    assert {a.arg("card") for a in s.legal_actions()} == {"sunny", "cloudy", "foggy"}
    assert s.offered() == ("sunny", "cloudy", "foggy")
    assert "to choose from" in str(s.render(0).renderables[0])
    events = act(s, "choose_weather", card="foggy")
    assert s.weather == "foggy" and events[0]["chosen"]
    with pytest.raises(IllegalAction, match="Quick game: choose one weather"):
        new(variant="quick").apply(Action("choose_weather", card="stormy"))


def test_the_team_variant_refuses_weather_cards():
    with pytest.raises(OptionError, match="only Sunny Weather is possible"):
        FoggyIsland(mode="weather", variant="team")
    assert FoggyIsland(mode="mercenaries", variant="team").options.weather is False


def test_the_team_deal_shares_the_hired_mercenaries_out_evenly():
    """ "Shuffle all hired mercenary characters and divide a pile between players": of
    3 hired, the team-mate who plays first in the round gets 2, the other 1, whatever
    the shuffle."""
    for seed in range(4):
        s = play_randomly(new(4, variant="team"), random.Random(seed), lambda s: s.phase == "hire")
        s.coins = [40, 40]
        wanted = ["fox", "cat", "snake"]
        while s.phase == "hire":
            if s.side(s.current_player()) == 0 and wanted:
                act(s, "hire", mercenary=wanted.pop())
            else:
                act(s, "done")
        play_randomly(s, random.Random(seed), lambda s: s.phase not in ("deal", "team_piles"))
        assert s.round == 2 and s.first == 1  # seat 2 plays before seat 0 in round 2
        mercs = [sum(n for k, n in s.piles[p].items.items() if k in MERCENARIES) for p in (2, 0)]
        assert mercs == [2, 1] and [len(s.piles[p]) for p in (2, 0)] == [9, 9]
