"""The Caldera: the cards and their stars, lightning-bolt cards played during their
owner's turn (lending their power for the turn, or acting at once), Magma Siphon in
another player's turn, other cards worth their star at the end."""

from collections import Counter

import pytest

from lapilli.core import IllegalAction
from lapilli.games.volcanique.components import POWERS, VOLCANO
from lapilli.games.volcanique.endgame import game_over

from .helpers import (
    A,
    D,
    L,
    M,
    at,
    blank,
    crit,
    hex_id,
    hold,
    power,
    put,
    put_uno,
    spots,
    start_turn,
    step,
)


def play(card):
    return A("play_caldera", card=card)


def test_the_caldera_cards_and_their_stars():
    stars = Counter(int(p["caldera_vp"]) for p in POWERS.values())
    # every power has a card; the designer's spread 0/1/2/3/4 (docs/rules/volcanique.md)
    assert len(POWERS) == 26 and stars == {0: 3, 1: 7, 2: 9, 3: 5, 4: 2}
    passive = {k for k, p in POWERS.items() if not p["bolt"]}
    assert passive == {
        "bountiful_resources",
        "exalted_sacrifices",
        "herding_critters",
        "pack_critters",
        "cooperative_critters",
        "island_forger",
        "volcanic_migration",
    }


def test_cards_without_the_bolt_cannot_be_played_and_score_their_star():
    s = blank()
    put_uno(s, (0, 0), D)
    hold(s, 0, "volcanic_migration", "island_forger")
    at(s, "claim")
    assert not [a for a in s.legal_actions() if a.kind == "play_caldera"]
    with pytest.raises(IllegalAction, match="lightning-bolt"):
        s.apply(play("island_forger"))
    game_over(s)
    assert s.score_breakdown()[0]["caldera"] == 4 + 3


def test_a_lightning_bolt_card_lends_its_power_for_the_rest_of_the_turn():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    put_uno(s, (2, 0), L)
    crit(s, (0, 0), D, 0)
    put_uno(s, (0, 1), D)  # somewhere to move: the move step waits
    hold(s, 0, "agile_critters")
    start_turn(s)
    assert step(s) == "move"
    events = s.apply(play("agile_critters"))
    assert events[0]["reveal"] and s.caldera_discard == ["agile_critters"]
    assert not s.caldera_hands[0] and step(s) == "move"  # the turn goes on where it was
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(1, 0), biome=M))  # an adjacent tile: Agile Critters
    s.apply(A("move_from", at=(1, 0), biome=M))
    s.apply(A("move_to", at=(2, 0), biome=L))  # and a second movement
    assert (2, 0, L, 0) in spots(s.critters)
    # the next turn has none of it
    from .helpers import end_the_turn

    s.stack = []
    s.player = 1
    end_the_turn(s)
    assert s.this_turn.granted == ()


def test_a_card_is_played_only_in_its_owners_turn_steps_and_not_when_it_would_do_nothing():
    s = blank()
    put_uno(s, (0, 0), D)
    hold(s, 1, "flying_critters")
    at(s, "claim")
    assert play("flying_critters") not in s.legal_actions()  # pink's turn, blue's card
    s2 = blank()
    put_uno(s2, (0, 0), D)
    power(s2, 0, "flying_critters")
    hold(s2, 0, "flying_critters", "carnage")
    at(s2, "claim")
    cards = {a.arg("card") for a in s2.legal_actions() if a.kind == "play_caldera"}
    assert cards == set()  # already holds Flying Critters; no volcano for Carnage


def test_the_rift_card_acts_at_once_without_spending_the_limited_use():
    s = blank()
    for x in range(3):
        put_uno(s, (x, 0), D)
    put_uno(s, (0, 4), L)
    hold(s, 0, "rift")
    at(s, "claim")
    s.apply(play("rift"))
    assert step(s) == "rift"
    s.apply(A("rift", at=(2, 0), axis="tile", side=0, dir=0))
    assert hex_id((3, 0)) in s.stacks and s.used[0] == ()


def test_carnage_sends_home_the_critters_of_a_tile_next_to_a_volcano():
    s = blank()
    put(s, (0, 0), 0, VOLCANO)
    put_uno(s, (1, 0), D)
    put_uno(s, (5, 0), M)
    crit(s, (1, 0), D, 1)
    crit(s, (5, 0), M, 1)  # not next to a volcano
    put_uno(s, (8, 0), L)  # uninhabited: the claim step waits
    hold(s, 0, "carnage")
    at(s, "claim")
    s.apply(play("carnage"))
    assert [a.arg("at") for a in s.legal_actions()] == [(1, 0)]
    s.apply(A("carnage", at=(1, 0)))
    assert spots(s.critters) == {(5, 0, M, 1): 1} and s.hand[1] == 20


def test_the_volcanic_winter_card_starts_the_winter():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (4, 0), M)
    hold(s, 0, "volcanic_winter")
    at(s, "claim")
    s.apply(play("volcanic_winter"))
    assert step(s) == "winter_spawn"
    s.apply(A("freeze", at=(4, 0)))
    assert s.winter == (((4, 0), s.turn),) and s.end_reason == "volcanic_winter"


def test_every_unplayed_card_is_revealed_at_the_end():
    s = blank()
    hold(s, 1, "carnage", "sleight_of_land")
    assert "sleight_of_land" not in str(s.observation(0))
    events = game_over(s)
    assert events[-1]["reveal"] and events[-1]["caldera"] == [[], ["carnage", "sleight_of_land"]]
    assert s.score_breakdown()[1]["caldera"] == 0 + 1
