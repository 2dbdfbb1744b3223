"""Powers of the claim and sacrifice steps and passive powers: Colossal Critter, Sea
Critters, Burrowing Critters, Frugal Ritual, Bountiful Resources, Exalted Sacrifices,
Crafty Critters, Island Forger."""

import pytest

from lapilli.core import IllegalAction
from lapilli.core.flow import then
from lapilli.games.volcanique.endgame import game_over
from lapilli.games.volcanique.lava import PROGRESS_LAVA
from lapilli.games.volcanique.turn import collect

from .helpers import (
    A,
    D,
    M,
    at,
    blank,
    claims,
    conserved,
    crit,
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


# -- Colossal Critter ----------------------------------------------------------------------
def test_a_regular_critter_is_upgraded_for_4_resources_in_the_claim_step():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (5, 0), M)  # uninhabited: the claim step waits
    crit(s, (0, 0), D, 0)
    power(s, 0, "colossal_critter")
    give(s, 0, light=4)
    at(s, "claim")
    s.apply(A("upgrade", at=(0, 0), biome=D))
    assert spots(s.colossal) == {(0, 0, D, 0): 1} and s.resources[0] == [0, 0, 0]
    assert s.hand[0] == 21 - 1 - 1 - 1  # grid, the critter, its top piece
    assert step(s) == "claim" and conserved(s)
    # 4 points for a placed Colossal Critter, on top of the critter itself
    row = s.score_breakdown()[0]
    assert row["colossal"] == 4 and row["critters"] == 1


def test_no_upgrade_without_the_power_or_the_resources():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (5, 0), M)
    crit(s, (0, 0), D, 0)
    give(s, 0, light=4)
    at(s, "claim")
    assert A("upgrade", at=(0, 0), biome=D) not in s.legal_actions()
    s2 = blank()
    put_uno(s2, (0, 0), D)
    put_uno(s2, (5, 0), M)
    crit(s2, (0, 0), D, 0)
    power(s2, 0, "colossal_critter")
    give(s2, 0, light=3)
    at(s2, "claim")
    with pytest.raises(IllegalAction, match="4 resources"):
        s2.apply(A("upgrade", at=(0, 0), biome=D))


# -- Sea Critters --------------------------------------------------------------------------
def sea_position():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (5, 0), M)
    return power(s, 0, "sea_critters")


def test_either_place_a_critter_in_the_ocean():
    s = sea_position()
    at(s, "claim")
    assert A("sea_place", at=(1, 0)) in s.legal_actions()
    assert A("sea_place", at=(3, 0)) not in s.legal_actions()  # not next to land
    s.apply(A("sea_place", at=(1, 0)))
    assert sea(s.sea) == {(1, 0): 0} and conserved(s)
    # once per turn
    assert not [a for a in s.legal_actions() if a.kind.startswith("sea_")]


def test_or_move_a_critter_from_ocean_to_the_land():
    s = sea_position()
    s.sea[hex_id((1, 0))] = 0
    s.hand[0] -= 1
    at(s, "claim")
    # onto the uncontrolled biome of a tile whose edge faces its space
    assert A("sea_land", at=(0, 0), biome="dark", sea=(1, 0)) in s.legal_actions()
    s.apply(A("sea_land", at=(0, 0), biome="dark", sea=(1, 0)))
    assert sea(s.sea) == {} and (0, 0, D, 0) in spots(s.critters)


def test_or_move_a_sea_critter_to_any_other_ocean_space():
    s = sea_position()
    s.sea[hex_id((1, 0))] = 0
    s.hand[0] -= 1
    at(s, "claim")
    s.apply(A("sea_move", at=(4, 0), sea=(1, 0)))
    assert sea(s.sea) == {(4, 0): 0}


def test_sea_critters_score_nothing_count_for_no_target_and_are_not_sacrificed():
    s = sea_position()
    s.sea[hex_id((1, 0))] = 0
    s.hand[0] -= 1
    assert s.placed()[0] == 0 and s.score_breakdown()[0]["critters"] == 0
    at(s, "sacrifice")
    assert not [a for a in s.legal_actions() if a.kind == "sacrifice"]


def test_lava_reaching_a_sea_critter_wipes_it_out():
    s = blank()
    put_uno(s, (0, 0), D, 2)
    for h in [(0, -1), (1, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 2)
    s.sea[hex_id((1, 0))] = 1
    s.hand[1] -= 1
    s.lava = [lava((0, 0))]
    s.lava_tiles -= 1
    then(s, PROGRESS_LAVA(index=0))
    s.advance()
    assert sea(s.sea) == {} and s.hand[1] == 21


# -- Burrowing Critters --------------------------------------------------------------------
def burrow_position():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    put_uno(s, (5, 0), M)
    crit(s, (0, 0), D, 0)
    crit(s, (5, 0), M, 0)
    return power(s, 0, "burrowing_critters")


def burrowed(s):
    at(s, "sacrifice")
    s.apply(A("burrow", at=(0, 0), biome=D))
    return s


def test_burrowing_is_a_bonus_action_of_the_sacrifice_step():
    s = burrowed(burrow_position())
    assert spots(s.burrowed) == {(0, 0, D, 0): 1} and (0, 0, D, 0) not in spots(s.critters)
    # the standard sacrifice is still there; a second burrow is not
    assert A("sacrifice", at=(5, 0), biome=M) in s.legal_actions()
    assert not [a for a in s.legal_actions() if a.kind in ("burrow", "emerge")]
    assert conserved(s)


def test_a_burrowed_critter_protects_its_tile_from_stacked_tiles_not_volcanoes():
    s = burrowed(burrow_position())
    s.stack = []
    s.this_turn = s.this_turn._replace(tiles=0)
    give(s, 1, dark=5)
    s.player = 1
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    assert (0, 0) not in {a.arg("at") for a in s.legal_actions() if a.kind == "place"}
    t = burrowed(burrow_position())
    t.stack = []
    t.player = 1
    give(t, 1, dark=5)
    at(t, "buy")
    t.apply(A("buy", tile="volcano"))
    t.apply(A("erupt", at=(0, 0)))
    assert spots(t.burrowed) == {}  # the volcano wipes it out


def test_a_burrowed_critter_does_not_move_collect_or_count():
    s = burrowed(burrow_position())
    assert s.placed()[0] == 1  # only the other critter
    s.resources[0] = [0, 0, 0]
    collect(s, 0)
    assert s.resources[0] == [0, 1, 0]  # the medium critter's biome only
    s.stack = []
    start_turn(s)
    assert A("move_from", at=(0, 0), biome=D) not in s.legal_actions()
    # its biome stays controlled: nobody claims the empty Uno next to it
    assert (1, 0, D) not in set(claims(s, 1))


def test_a_burrowed_critter_cannot_be_sacrificed_nor_evacuate_lava():
    s = burrowed(burrow_position())
    assert A("sacrifice", at=(0, 0), biome=D) not in s.legal_actions()
    s.stack = []
    put_uno(s, (-1, 0), M, 3)
    for h in [(-2, 0), (-1, -1), (0, -1), (-2, 1), (-1, 1)]:
        put_uno(s, h, M, 3)  # every other way is as high: the lava goes to (0, 0)
    s.lava = [lava((-1, 0))]
    s.lava_tiles -= 1
    then(s, PROGRESS_LAVA(index=0))
    s.advance()
    assert spots(s.burrowed) == {} and s.lava == [lava((0, 0))]


def test_a_burrowed_critter_emerges_in_a_later_burrow_step():
    s = burrowed(burrow_position())
    s.stack = []
    s.this_turn = s.this_turn._replace(burrowed=False)
    at(s, "sacrifice")
    s.apply(A("emerge", at=(0, 0), biome=D))
    assert spots(s.burrowed) == {} and (0, 0, D, 0) in spots(s.critters)


def test_an_outnumbered_critter_emerging_where_a_pack_is_goes_home():
    s = burrowed(burrow_position())
    crit(s, (1, 0), D, 1, n=2)  # blue's pack moved in meanwhile
    s.stack = []
    s.this_turn = s.this_turn._replace(burrowed=False)
    at(s, "sacrifice")
    s.apply(A("emerge", at=(0, 0), biome=D))
    assert (0, 0, D, 0) not in spots(s.critters) and spots(s.critters)[(1, 0, D, 1)] == 2


def test_all_burrowed_critters_emerge_at_the_end_and_score():
    s = burrowed(burrow_position())
    assert s.score_breakdown()[0]["critters"] == 1
    game_over(s)
    assert spots(s.burrowed) == {} and s.score_breakdown()[0]["critters"] == 2


# -- Frugal Ritual, Bountiful Resources, Exalted Sacrifices --------------------------------
def test_frugal_ritual_trades_2_different_resources_for_one_sacrifice():
    s = blank()
    put_uno(s, (0, 0), D)
    crit(s, (0, 0), D, 0)
    power(s, 0, "frugal_ritual")
    give(s, 0, dark=1, light=1)
    at(s, "sacrifice")
    s.apply(A("sacrifice_hand"))
    assert s.crater[0] == 1 and s.resources[0] == [0, 0, 0]
    # once per turn, in addition to a board sacrifice
    assert A("sacrifice_hand") not in s.legal_actions()
    s.apply(A("sacrifice", at=(0, 0), biome=D))
    assert s.crater[0] == 2


def test_frugal_ritual_pays_one_each_of_two_kinds():
    s = blank()
    power(s, 0, "frugal_ritual")
    give(s, 0, dark=2, medium=1, light=1)
    at(s, "sacrifice")
    s.apply(A("sacrifice_hand"))
    paid = {(a.arg("dark"), a.arg("medium"), a.arg("light")) for a in s.legal_actions()}
    assert paid == {(1, 1, 0), (1, 0, 1), (0, 1, 1)}


def test_bountiful_resources_hold_up_to_8():
    s = blank()
    for x in range(0, 20, 2):
        put_uno(s, (x, 0), D)
        crit(s, (x, 0), D, 0)
    power(s, 0, "bountiful_resources")
    _, discards = collect(s, 0)
    assert discards[0].args.count == 10 - 8


def test_exalted_sacrifices_score_2_per_crater_critter():
    s = blank()
    s.crater[0] = 3
    s.hand[0] -= 3
    assert s.score_breakdown()[0]["sacrifices"] == 3
    power(s, 0, "exalted_sacrifices")
    assert s.score_breakdown()[0]["sacrifices"] == 6


# -- Crafty Critters, Island Forger --------------------------------------------------------
def test_crafty_critters_buy_3_placing_a_third_land_tile():
    s = blank()
    put(s, (0, 0), -1)
    put(s, (2, 0), -1)
    put_uno(s, (1, 0), D)
    put_uno(s, (3, 0), D)
    put_uno(s, (6, 0), D)
    put_uno(s, (7, 0), D)
    give(s, 0, dark=6)
    power(s, 0, "crafty_critters")
    at(s, "buy")
    for h in [(0, 0), (2, 0), (6, 0)]:
        s.apply(A("buy", tile="uno-dark"))
        if step(s) == "place":
            s.apply(A("place", at=h))
    assert s.this_turn.tiles == 3 and step(s) != "buy"


def test_without_crafty_critters_two_tiles_at_most():
    s = blank()
    put(s, (0, 0), -1)
    put(s, (2, 0), -1)
    put_uno(s, (1, 0), D)
    put_uno(s, (3, 0), D)
    give(s, 0, dark=6)
    at(s, "buy")
    for h in [(0, 0), (2, 0)]:
        s.apply(A("buy", tile="uno-dark"))
        if step(s) == "place":
            s.apply(A("place", at=h))
    assert s.this_turn.tiles == 2 and step(s) != "buy"


def test_island_forger_a_4_tile_island_the_4th_optional():
    for fourth in (True, False):
        s = blank()
        put_uno(s, (0, 0), D)
        s.crater[0] = 3
        s.hand[0] -= 3
        give(s, 0, dark=7)
        power(s, 0, "island_forger")
        at(s, "sacrifice")
        s.apply(A("summon_island"))
        for _ in range(3):
            s.apply(A("choose_tile", tile="uno-dark"))
            s.apply(s.legal_actions()[0])
        assert A("done") in s.legal_actions()  # the 4th tile is a choice
        if fourth:
            s.apply(A("choose_tile", tile="uno-medium"))
            s.apply(s.legal_actions()[0])
        else:
            s.apply(A("done"))
        assert len(s.stacks) == (5 if fourth else 4)


def test_a_sea_critter_on_a_frozen_space_does_not_move():
    s = sea_position()
    s.sea[hex_id((1, 0))] = 0
    s.hand[0] -= 1
    s.winter = (((1, 0), s.turn),)
    at(s, "claim")
    assert not [a for a in s.legal_actions() if a.kind in ("sea_move", "sea_land")]
