"""The three end sequences: depleted land tiles (every final-turn option), the super
volcanic eruption, the volcanic winter."""

import pytest

from lapilli.core import CHANCE, TERMINAL, Action, IllegalAction
from lapilli.core.flow import then
from lapilli.games.volcanique.components import VOLCANO
from lapilli.games.volcanique.lava import PROGRESS_LAVA
from lapilli.games.volcanique.pieces import Stage
from lapilli.games.volcanique.turn import collect
from lapilli.games.volcanique.winter import frozen

from .helpers import (
    UNO,
    A,
    D,
    L,
    M,
    at,
    blank,
    claims,
    crit,
    end_the_turn,
    give,
    hex_id,
    lava,
    power,
    put,
    put_uno,
    sea,
    spots,
    start_turn,
    step,
)


# -- depleted land tiles -------------------------------------------------------------------
def test_a_final_turn_may_upgrade_a_colossal_critter_and_use_a_limited_power_again():
    s = blank()
    for x in range(3):
        put_uno(s, (x, 0), D)
    put_uno(s, (0, 4), L)
    crit(s, (0, 0), D, 1)
    power(s, 1, "colossal_critter", "rift")
    s.used[1] = ("rift@main",)
    give(s, 1, light=4)
    s.tiles = {}
    s.end_reason = "last_land_tile"
    end_the_turn(s)
    assert s.stage == "final" and s.player == 1
    s.apply(A("done"))  # no movement
    assert step(s) == "spend"
    assert A("use_power", power="rift") in s.legal_actions()
    s.apply(A("done"))  # keep the resources for the Colossal Critter
    assert step(s) == "claim"
    s.apply(A("upgrade", at=(0, 0), biome=D))
    assert spots(s.colossal) == {(0, 0, D, 1): 1}


def test_no_collection_in_a_final_turn():
    s = blank()
    put_uno(s, (0, 0), D)
    crit(s, (0, 0), D, 1)
    s.tiles = {}
    s.end_reason = "last_land_tile"
    end_the_turn(s)
    while s.player == 1 and s.stage == "final":
        s.apply(A("done"))
    assert s.resources[1] == [0, 0, 0]


# -- the super volcanic eruption -----------------------------------------------------------
def super_position():
    """Pink holds the Super Volcanic Eruption; a Duo at the origin, blue critters next to
    it on both sides, a far Uno with pink's critter."""
    s = blank()
    put(s, (0, 0), UNO[M], UNO[M])
    put_uno(s, (1, 0), D)
    put_uno(s, (-1, 0), M)
    put_uno(s, (2, 0), D)
    put_uno(s, (8, 0), L)
    put_uno(s, (9, 0), L)  # somewhere for pink's critter to move
    crit(s, (1, 0), D, 1)
    crit(s, (-1, 0), M, 1)
    crit(s, (8, 0), L, 0)
    power(s, 0, "super_volcanic_eruption")
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    s.apply(A("erupt", at=(0, 0)))
    return s


def test_the_super_volcano_is_chosen_with_the_next_volcano_bought():
    s = super_position()
    assert step(s) == "super" and s.current_player() == 0
    s.apply(A("super_volcano"))
    assert s.super_volcano == (0, 0, 0) and s.end_reason == "super_volcanic_eruption"
    assert s.volcano_tiles == 13  # two volcano tiles stacked
    assert s.stacks[hex_id((0, 0))][-1] == VOLCANO
    # it does not erupt straight away: blue first gets a turn to escape
    while s.player == 0:
        s.apply(s.legal_actions()[-1] if s.current_player() >= 0 else s.chance_outcomes()[0][0])
    assert s.stage == "final" and s.player == 1


def test_no_super_volcano_once_an_end_sequence_has_begun():
    s = blank()
    put_uno(s, (0, 0), D)
    power(s, 0, "super_volcanic_eruption")
    s.end_reason = "last_land_tile"
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    assert step(s) != "super"


def erupting():
    """After pink set off the super volcano and blue had its final turn: pink's turn."""
    s = super_position()
    s.apply(A("super_volcano"))
    s.stack = []
    s.lava = []
    s.lava_tiles = 14
    end_the_turn(s)  # blue's final turn
    assert s.player == 1 and s.stage == "final"
    s.stack = []
    end_the_turn(s)
    return s


def test_when_play_returns_its_owner_may_only_move_then_it_erupts():
    s = erupting()
    assert s.stage == "eruption" and s.player == 0
    assert step(s) == "move"  # pink's critter far away may move; no buying, no sacrifices
    with pytest.raises(IllegalAction):
        s.apply(A("buy", tile="volcano"))


def test_the_eruption_wipes_every_critter_around_it_and_makes_a_ring_of_volcanoes():
    s = erupting()
    s.sea[hex_id((0, 1))] = 1
    s.hand[1] -= 1
    events = s.apply(A("done"))  # no movement: it erupts
    assert {"type": "super_eruption", "seat": 0, "at": [0, 0]} in events
    assert not any(spot[:2] in [(1, 0), (-1, 0)] for spot in spots(s.critters))
    assert sea(s.sea) == {} and s.hand[1] == 21
    # a ring of volcanoes on the land around it, each with its own lava
    assert s.stacks[hex_id((1, 0))][-1] == VOLCANO and s.stacks[hex_id((-1, 0))][-1] == VOLCANO
    assert s.stacks[hex_id((2, 0))][-1] != VOLCANO


def test_a_final_critter_then_the_lava_runs_to_the_sea_and_the_game_ends():
    s = erupting()
    s.apply(A("done"))
    steps = 0
    while s.current_player() == CHANCE and steps < 50:  # the ring's lava starts
        s.apply(s.chance_outcomes()[0][0])
        steps += 1
    assert step(s) == "final_critter" and s.current_player() == 0
    s.apply(A("claim", at=(2, 0), biome=D))
    assert (2, 0, D, 0) in spots(s.critters)
    while s.current_player() != TERMINAL and steps < 200:
        s.apply(s.chance_outcomes()[0][0] if s.current_player() == CHANCE else A("done"))
        steps += 1
    assert s.stage == "over" and not any(flow.flowing for flow in s.lava)


# -- the volcanic winter -------------------------------------------------------------------
def winter(spawn=(0, 0), turns=0):
    """A row of dark Unos from x=0 to 6, one more far away; the winter started at
    ``spawn`` ``turns`` turns ago."""
    s = blank()
    for x in range(7):
        put_uno(s, (x, 0), D)
    put_uno(s, (20, 0), M)
    s.winter = ((spawn, s.turn - turns),)
    s.end_reason = "volcanic_winter"
    return s


def test_the_winter_spreads_one_space_each_turn_over_land_and_sea():
    s = winter()
    assert frozen(s, hex_id((0, 0))) and not frozen(s, hex_id((1, 0)))
    s.stack = []
    end_the_turn(s)
    assert frozen(s, hex_id((1, 0))) and frozen(s, hex_id((0, 1)))
    assert not frozen(s, hex_id((2, 0)))
    assert frozen(s, hex_id((-1, 0)))  # the ocean too
    assert s.stage == "main"  # play goes on during the winter


def test_the_round_safeguard_ends_a_winter_that_has_not_frozen_every_tile():
    """A winter outrun by land far away would go on without end: the round limit (a
    digital safeguard) ends it, and the finale follows."""
    s = winter()
    s.round, s.player, s.stack = 59, 1, []  # the last turn of round 59 of 60
    end_the_turn(s)
    assert s.stage == "over" and s.is_terminal()  # the finale: no lava flows, so it ends
    again = winter()
    again.round, again.player, again.stack = 30, 1, []
    end_the_turn(again)
    assert again.stage == "main"  # well before the limit the winter goes on


def test_frozen_tiles_take_no_tiles_critters_or_volcanoes():
    s = winter(turns=2)
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    places = {a.arg("at") for a in s.legal_actions()}
    assert (2, 0) not in places and (3, 0) in places
    s2 = winter(turns=2)
    give(s2, 0, dark=5)
    at(s2, "buy")
    s2.apply(A("buy", tile="volcano"))
    assert (1, 0) not in {a.arg("at") for a in s2.legal_actions()}
    with pytest.raises(IllegalAction, match="frozen"):
        s2.apply(A("erupt", at=(1, 0)))
    assert {r[:2] for r in claims(s2, 0)} == {(x, 0) for x in range(3, 7)} | {(20, 0)}


def test_frozen_critters_do_not_move_migrate_sacrifice_or_collect():
    s = winter(turns=1)
    crit(s, (1, 0), D, 0)
    crit(s, (5, 0), D, 1)
    start_turn(s)
    assert step(s) != "move"  # pink's only critter is frozen
    s2 = winter(turns=1)
    crit(s2, (1, 0), D, 0)
    at(s2, "sacrifice")
    assert A("sacrifice", at=(1, 0), biome=D) not in s2.legal_actions()
    collect(s2, 0)
    assert s2.resources[0] == [0, 0, 0]
    # migration: a covered critter cannot migrate onto a frozen tile of its biome
    s3 = winter(turns=1)
    crit(s3, (3, 0), D, 1)
    give(s3, 0, dark=2)
    at(s3, "buy")
    s3.apply(A("buy", tile="uno-dark"))
    s3.apply(A("place", at=(3, 0)))
    assert step(s3) == "migrate"
    assert {a.arg("at") for a in s3.legal_actions()} == {(2, 0), (4, 0), (5, 0), (6, 0)}


def test_lava_still_flows_across_frozen_tiles():
    s = winter(turns=5)
    put(s, (3, 1), UNO[M], UNO[M], UNO[M])
    s.lava = [lava((3, 1))]
    s.lava_tiles -= 1
    s.stack = []
    then(s, PROGRESS_LAVA(index=0))
    s.advance()
    assert s.current_player() == CHANCE  # several frozen spaces below: a roll
    s.apply(Action("lava", at=(3, 0)))
    assert s.lava[0].at == hex_id((3, 0))


def test_further_spawn_points_by_later_unlockers():
    s = winter(turns=1)
    power(s, 1, "volcanic_winter")
    s.grid["L4b"] = "volcanic_winter"
    s.grid["L5"] = "volcanic_winter"
    s.unlocked[1] = ("L4b",)
    give(s, 1, dark=5)
    s.player = 1
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    s.apply(A("erupt", at=(6, 0)))
    s.apply(A("unlock", slot="L5"))
    assert step(s) == "winter_spawn"
    s.apply(A("freeze", at=(20, 0)))
    assert len(s.winter) == 2 and frozen(s, hex_id((20, 0)))


def test_islands_can_be_summoned_outside_the_winter():
    s = winter(turns=3)
    s.crater[0] = 3
    s.hand[0] -= 3
    give(s, 0, dark=7)
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    s.apply(A("choose_tile", tile="uno-dark"))
    places = {a.arg("at") for a in s.legal_actions()}
    assert places and not any(frozen(s, hex_id(h)) for h in places)


def test_the_game_ends_once_every_land_tile_is_frozen_and_the_lava_is_in_the_sea():
    s = winter(turns=19)
    s.stack = []
    end_the_turn(s)  # the far Uno freezes at the end of this turn
    # no lava flowing: the finale has nothing to wait for, the game is scored
    assert s.stage == Stage.OVER and s.is_terminal()
