"""The basic game: set-up, a turn, the end of a round, two rounds, the winner."""

import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE, TERMINAL, sample_chance
from lapilli.games.foggy_island.components import Token
from lapilli.games.foggy_island.scoring import round_points

from .helpers import act, at, new, play, play_randomly, position


def take_opening(state, seat, kinds):
    assert state.current_player() == seat and state.phase == "opening"
    for kind in kinds:
        act(state, "take", token=kind)


def test_setup_gives_each_player_a_pile_of_18_basic_tokens():
    s = new()
    assert [p.items for p in s.piles] == [{"wolf": 9, "rat": 4, "rabbit": 3, "pig": 2}] * 2
    assert [h.items for h in s.hands] == [{}, {}]
    assert s.phase == "opening" and s.current_player() == 0


def test_players_choose_their_5_opening_tokens_hidden_from_the_opponent():
    s = new()
    take_opening(s, 0, ["pig", "pig", "wolf", "wolf", "rat"])
    assert s.hands[0].items == {"pig": 2, "wolf": 2, "rat": 1}
    assert s.piles[0].items == {"wolf": 7, "rat": 3, "rabbit": 3}
    assert s.current_player() == 1  # Blue chooses next
    view = s.observation(1)
    assert view["hands"][0] == {"count": 5}
    assert view["piles"][0] == {"count": 13}
    with pytest.raises(IllegalAction, match="no cat in your pile"):
        act(s, "take", token="cat")


def test_a_turn_places_one_token_on_a_free_tile_then_draws_one():
    s = new()
    take_opening(s, 0, ["wolf"] * 5)
    take_opening(s, 1, ["rat"] * 4 + ["wolf"])
    assert s.phase == "choose" and s.current_player() == 0
    play(s, "wolf", "c3")
    assert at(s, "c3") == ("wolf", 0, True, 0)
    assert s.current_player() == CHANCE
    # the draw is a chance node weighted by what is left in the pile (4 wolves of 13)
    outcomes = dict((a.arg("token"), p) for a, p in s.chance_outcomes())
    assert outcomes == pytest.approx(
        {"wolf": 4 / 13, "rat": 4 / 13, "rabbit": 3 / 13, "pig": 2 / 13}
    )
    act(s, "draw", token="pig")
    assert s.hands[0].items == {"wolf": 4, "pig": 1}
    assert s.current_player() == 1 and s.phase == "choose"
    with pytest.raises(IllegalAction, match="c3 is taken"):
        play(s, "rat", "c3")


def test_the_hand_is_always_five_at_the_start_of_a_turn():
    s = new()
    rng = random.Random(4)
    while s.round == 1:
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        if s.phase == "choose" and s.piles[s.current_player()]:
            assert len(s.hands[s.current_player()]) == 5
        s.apply(rng.choice(s.legal_actions()))


def round_one(seed):
    """Random play through round 1; returns the scoring event and the state after it."""
    s = new()
    rng = random.Random(seed)
    while True:
        if s.current_player() == CHANCE:
            events = s.apply(sample_chance(s, rng))
        else:
            events = s.apply(rng.choice(s.legal_actions()))
        for event in events:
            if event["type"] == "round_scored":
                return event, s


def test_a_round_ends_when_the_map_is_full_and_scores_every_line():
    event, s = round_one(seed=7)
    board = [Token(*t) if t else None for t in event["board"]]
    assert all(t is not None for t in board)
    assert [sum(1 for t in board if t[1] == p) for p in (0, 1)] == [18, 18]
    assert event["points"] == round_points(board) == s.points[0]
    assert event["reveal"] is True


def test_round_two_starts_with_the_second_player_and_fresh_piles():
    _, s = round_one(seed=3)
    assert s.round == 2 and s.first == 1
    assert s.board == [None] * 36
    assert [p.items for p in s.piles] == [{"wolf": 9, "rat": 4, "rabbit": 3, "pig": 2}] * 2
    assert s.phase == "opening" and s.current_player() == 1  # Blue chooses (and plays) first now


def test_the_game_lasts_two_rounds_and_more_points_win():
    for seed in range(6):
        s = play_randomly(new(), random.Random(seed))
        assert s.current_player() == TERMINAL and len(s.points) == 2
        totals = s.totals()
        assert s.scores() == [float(totals[0]), float(totals[1])]
        if totals[0] == totals[1]:
            assert s.winners() == [] and s.returns() == [0.5, 0.5]
        else:
            best = 0 if totals[0] > totals[1] else 1
            assert s.winners() == [best]
            assert s.returns()[best] == 1.0 and s.returns()[1 - best] == 0.0


def test_an_illegal_action_names_the_rule_and_leaves_the_state_alone():
    s = position(hands=[{"wolf": 3, "pig": 2}, {"wolf": 5}])
    before = s.to_json()
    with pytest.raises(IllegalAction, match="no cat in your hand"):
        act(s, "choose", token="cat")
    with pytest.raises(IllegalAction, match="face down only in Foggy"):
        act(s, "choose", token="fox", face="down")
    with pytest.raises(IllegalAction, match="Red must act now. Choose"):
        act(s, "place", tile="a1")
    assert s.to_json() == before


def test_a_seat_sees_its_own_hand_and_pile_but_only_sizes_of_the_others():
    s = position(hands=[{"wolf": 3, "pig": 2}, {"rat": 4, "rabbit": 1}])
    red, blue, spectator = s.observation(0), s.observation(1), s.observation(None)
    assert red["hands"] == [{"items": {"pig": 2, "wolf": 3}, "under": []}, {"count": 5}]
    assert blue["hands"] == [{"count": 5}, {"items": {"rabbit": 1, "rat": 4}, "under": []}]
    assert spectator["hands"] == [{"count": 5}, {"count": 5}]
    assert "items" in red["piles"][0] and red["piles"][1] == {"count": 13}


def test_the_chosen_token_is_secret_until_placed():
    s = position(hands=[{"wolf": 3, "pig": 2}, {"wolf": 5}])
    assert s.is_secret(Action("choose", token="pig"))
    act(s, "choose", token="pig")
    assert "token" not in s.observation(1)["step"]
    assert s.observation(0)["step"]["token"] == "pig"


def test_determinize_resamples_only_what_the_seat_cannot_see():
    s = position(
        {"a1": ("pig", 1, False), "b1": ("wolf", 1)},
        hands=[{"wolf": 3, "pig": 2}, {"rat": 4, "rabbit": 1}],
        weather="foggy",
    )
    seen = set()
    for seed in range(20):
        guess = s.determinize(0, random.Random(seed))
        assert guess.hands[0] == s.hands[0] and guess.piles[0] == s.piles[0]
        assert guess.board[1] == s.board[1]  # Blue's face-up Wolf is known
        assert guess.board[0][1:3] == (1, False)  # still Blue's face-down token
        assert len(guess.hands[1]) == 5
        seen.add((guess.board[0].kind, tuple(sorted(guess.hands[1].items.items()))))
    assert len(seen) > 5  # Blue's hand and face-down token really are resampled
