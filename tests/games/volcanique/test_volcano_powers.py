"""Powers answering a volcano or its lava: Volcanic Migration, the Colossal Critter's
escape and damage, Magma Bomb, Magma Siphon, Lateral Eruption, Landslide, Sleight of
Land, Lava Diversion (a test per rule and per picture caption)."""

import pytest

from lapilli.core import CHANCE, Action
from lapilli.core.flow import then
from lapilli.games.volcanique.components import VOLCANO
from lapilli.games.volcanique.lava import PROGRESS_LAVA

from .helpers import (
    UNO,
    A,
    D,
    L,
    M,
    at,
    blank,
    conserved,
    crit,
    give,
    hex_id,
    hold,
    lava,
    power,
    put,
    put_uno,
    spot_id,
    spots,
    step,
    tile,
)


def set_off(s, seat, target):
    """``seat`` buys a volcano (with 5 dark) and unleashes it on ``target``; a choice of
    power to unlock, if any, goes to the first slot offered."""
    s.player = seat
    give(s, seat, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    if step(s) == "pay":
        s.apply(A("pay", dark=5, medium=0, light=0))
    if step(s) == "erupt":
        s.apply(A("erupt", at=target))
    if step(s) == "unlock":
        s.apply(s.legal_actions()[0])
    return s


def duo_between_unos():
    """A Duo at the origin (dark east, medium west) between a dark Uno east and a medium
    Uno west; a far Uno is another target."""
    s = blank()
    put(s, (0, 0), tile("duo-dark-medium"))
    put_uno(s, (1, 0), D)
    put_uno(s, (-1, 0), M)
    put_uno(s, (6, 0), L)
    return s


# -- Volcanic Migration --------------------------------------------------------------------
def test_volcanic_migration_red_targets_two_blue_critters_that_migrate_for_3_each():
    s = duo_between_unos()
    crit(s, (0, 0), D, 1)
    crit(s, (0, 0), M, 1)
    power(s, 1, "volcanic_migration")
    give(s, 1, light=6)
    set_off(s, 0, (0, 0))
    # step 1: the target is chosen; blue decides for each critter before it lands
    assert step(s) == "migration" and s.current_player() == 1
    assert {a.arg("at") for a in s.legal_actions() if a.kind == "migrate"} == {(1, 0)}
    s.apply(A("migrate", at=(1, 0)))  # step 2: 3 resources (all light: paid without asking)
    s.apply(A("migrate", at=(-1, 0)))
    # step 3: both migrated; the volcano stands on the empty Duo
    assert spots(s.critters) == {(1, 0, D, 1): 1, (-1, 0, M, 1): 1}
    assert s.resources[1] == [0, 0, 0] and s.stacks[hex_id((0, 0))][-1] == VOLCANO


def test_volcanic_migration_needs_3_resources_per_critter_and_an_opponents_volcano():
    s = duo_between_unos()
    crit(s, (0, 0), D, 1)
    crit(s, (0, 0), M, 1)
    power(s, 1, "volcanic_migration")
    give(s, 1, light=3)
    set_off(s, 0, (0, 0))
    s.apply(A("migrate", at=(1, 0)))
    # the second critter cannot be paid for: wiped out with the volcano
    assert spots(s.critters) == {(1, 0, D, 1): 1} and s.hand[1] == 21 - 1 - 1
    own = duo_between_unos()
    crit(own, (0, 0), D, 0)
    power(own, 0, "volcanic_migration")
    give(own, 0, light=3)
    set_off(own, 0, (0, 0))
    assert step(own) != "migration" and not spots(own.critters)  # not from your own volcano


# -- Colossal Critter: eruption, lava, forced cooperation (movement tests) -----------------
def test_a_colossal_critter_targeted_by_a_volcano_evacuates_losing_1_hp():
    s = duo_between_unos()
    crit(s, (0, 0), D, 1)
    s.colossal[spot_id((0, 0, D, 1))] = 1
    s.hand[1] -= 1
    set_off(s, 0, (0, 0))
    # one tile to go to: no choice
    assert spots(s.critters) == {(1, 0, D, 1): 1} and spots(s.colossal) == {}
    assert s.hand[1] == 20 and conserved(s)


def test_a_colossal_critter_that_cannot_migrate_is_completely_returned():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (5, 0), M)
    crit(s, (0, 0), D, 1)
    s.colossal[spot_id((0, 0, D, 1))] = 1
    s.hand[1] -= 1
    set_off(s, 0, (0, 0))
    assert not spots(s.critters) and not spots(s.colossal) and s.hand[1] == 21


def test_volcanic_migration_lets_a_colossal_critter_escape_without_damage():
    s = duo_between_unos()
    crit(s, (0, 0), D, 1)
    s.colossal[spot_id((0, 0, D, 1))] = 1
    s.hand[1] -= 1
    power(s, 1, "volcanic_migration")
    give(s, 1, light=3)
    set_off(s, 0, (0, 0))
    assert step(s) == "colossal_escape"
    assert set(s.legal_actions()) == {A("evacuate", at=(1, 0)), A("migrate", at=(1, 0))}
    s.apply(A("migrate", at=(1, 0)))
    assert spots(s.colossal) == {(1, 0, D, 1): 1} and s.resources[1] == [0, 0, 0]


def test_lava_reaching_a_colossal_critter_takes_1_hp_and_stops():
    s = blank()
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), M)
    crit(s, (1, 0), M, 1)
    s.colossal[spot_id((1, 0, M, 1))] = 1
    s.hand[1] -= 1
    for h in [(-1, 0), (0, -1), (1, -1), (-1, 1), (0, 1)]:
        put_uno(s, h, L, 3)  # every other way is as high: the lava goes east
    s.lava = [lava((0, 0))]
    s.lava_tiles -= 1
    then(s, PROGRESS_LAVA(index=0))
    events = s.advance()  # one lower neighbour: no roll
    assert {"type": "lava_stopped", "at": [1, 0]} in events
    assert s.lava == [] and s.lava_tiles == 15  # the lava tile is removed
    assert spots(s.critters) == {(1, 0, M, 1): 1} and spots(s.colossal) == {}


# -- Magma Bomb ----------------------------------------------------------------------------
def test_magma_bomb_lands_on_a_d6_tile_next_to_the_volcano_and_wipes_it_out():
    s = duo_between_unos()
    put_uno(s, (1, -1), L, 3)  # higher than the volcano's tile: it may still be hit
    crit(s, (1, 0), D, 1)
    power(s, 0, "magma_bomb")
    set_off(s, 0, (0, 0))
    assert step(s) == "bomb" and s.current_player() == 0
    s.apply(A("magma_bomb"))
    assert s.current_player() == CHANCE
    outcomes = dict(s.chance_outcomes())
    assert len(outcomes) == 6 and all(p == pytest.approx(1 / 6) for p in outcomes.values())
    assert Action("bomb_lands", at=(1, -1)) in outcomes
    s.apply(Action("bomb_lands", at=(1, 0)))
    assert (1, 0, D, 1) not in spots(s.critters) and s.hand[1] == 21


def test_magma_bomb_takes_1_hp_from_a_colossal_critter():
    s = duo_between_unos()
    crit(s, (1, 0), D, 1)
    s.colossal[spot_id((1, 0, D, 1))] = 1
    s.hand[1] -= 1
    power(s, 0, "magma_bomb")
    set_off(s, 0, (0, 0))
    s.apply(A("magma_bomb"))
    s.apply(Action("bomb_lands", at=(1, 0)))
    assert spots(s.critters) == {(1, 0, D, 1): 1} and spots(s.colossal) == {}


def test_magma_bomb_once_per_round_by_anyone_holding_it_on_the_same_volcano():
    s = duo_between_unos()
    power(s, 0, "magma_bomb")
    power(s, 1, "magma_bomb")
    set_off(s, 0, (6, 0))
    # the volcano's owner first, then the others in turn order
    assert step(s) == "bomb" and s.current_player() == 0
    s.apply(A("magma_bomb"))
    s.apply(Action("bomb_lands", at=(7, 0)))
    assert step(s) == "bomb" and s.current_player() == 1
    s.apply(A("magma_bomb"))
    s.apply(Action("bomb_lands", at=(5, 0)))
    assert s.bombed == [s.round, s.round]
    # another volcano in the same round: no more bombs
    s2 = duo_between_unos()
    power(s2, 0, "magma_bomb")
    s2.bombed[0] = s2.round
    set_off(s2, 0, (6, 0))
    assert step(s2) != "bomb"


# -- Magma Siphon (a Caldera card) ---------------------------------------------------------
def test_magma_siphon_blue_gains_1_resource_per_critter_next_to_pinks_volcano():
    s = duo_between_unos()
    put_uno(s, (1, -1), L)
    crit(s, (1, 0), D, 1)
    crit(s, (1, -1), L, 1)
    crit(s, (0, 0), M, 1)  # on the target itself: it counts for nothing
    hold(s, 1, "magma_siphon")
    set_off(s, 0, (0, 0))
    assert step(s) == "siphon" and s.current_player() == 1
    events = s.apply(A("magma_siphon"))
    assert s.resources[1] == [1, 0, 1]
    assert "magma_siphon" in s.caldera_discard and not s.caldera_hands[1]
    assert any(e.get("reveal") for e in events)


def test_magma_siphon_pays_nothing_for_a_critter_that_migrated_off_the_target():
    """'You may not gain a resource from any of your critters on the initial volcano
    targetted tile': Blue's critter migrates from the target to a tile next to the new
    volcano; the siphon pays for the critter that stood there before, not for it."""
    from lapilli.core.positions import build
    from lapilli.games.volcanique import Volcanique

    blue = {
        "critters": {"1,0 dark": 1, "2,0 dark": 1},
        "powers": ["volcanic_migration"],
        "resources": {"light": 3},
        "caldera": ["magma_siphon"],
    }
    s = build(
        Volcanique(),
        {
            "map": {"0,0": ["duo-dark-medium"], "1,0": ["dark Uno"], "2,0": ["uno-dark"]},
            "grid": {"L1": "volcanic_migration"},
            "seats": {"Pink": {"critters": {"0,0 dark": 1}}, "Blue": blue},
            "turn": {"seat": "Pink", "at": "react"},
            "reaction": {"seat": "Blue", "power": "volcanic_migration", "volcano": "1,0"},
        },
    )
    s.apply(A("migrate", at=(2, 0)))  # next to the volcano, beside Blue's other critter
    while step(s) != "siphon":
        s.apply(s.legal_actions()[0])  # the payment, Pink's unlock
    s.apply(A("magma_siphon"))
    assert s.resources[1] == [1, 0, 0]  # one dark: the critter that was not on the target


def test_no_siphon_from_your_own_volcano():
    s = duo_between_unos()
    crit(s, (1, 0), D, 0)
    hold(s, 0, "magma_siphon")
    set_off(s, 0, (0, 0))
    assert step(s) != "siphon" and "magma_siphon" in s.caldera_hands[0]


# -- Lateral Eruption ----------------------------------------------------------------------
def test_lateral_eruption_a_d4_on_one_side_strikes_a_second_volcano():
    s = duo_between_unos()
    put_uno(s, (1, -1), L, 3)  # higher than the target: a lateral site all the same
    crit(s, (1, -1), L, 1)
    power(s, 0, "lateral_eruption")
    set_off(s, 0, (0, 0))
    assert step(s) == "lateral"
    # step 1: the side from E (directions E, NE, NW, W) holds (1,0), (1,-1), (-1,0)
    s.apply(A("lateral", side=0))
    outcomes = dict(s.chance_outcomes())
    assert {a.arg("at") for a in outcomes} == {(1, 0), (1, -1), (-1, 0)}
    assert all(p == pytest.approx(1 / 3) for p in outcomes.values())
    # step 2: the second volcano wipes out its tile; no second power is unlocked
    s.apply(Action("lateral_site", at=(1, -1)))
    assert s.stacks[hex_id((1, -1))][-1] == VOLCANO and s.hand[1] == 21
    assert s.volcano_tiles == 13 and len(s.unlocked[0]) == 2  # Lateral Eruption + L1
    # two lava flows start: the lateral one first
    assert step(s) == "lava_start" and s.pending().args.volcano == (1, -1)


# -- Landslide -----------------------------------------------------------------------------
def test_landslide_slides_an_adjacent_tile_onto_a_lower_one():
    s = blank()
    put_uno(s, (0, 0), M)  # the volcano's target
    put(s, (1, 0), UNO[D], UNO[L])  # next to it, 2 high, blue riding on the light top
    put_uno(s, (2, 0), D)  # 1 high, pink there, its biome going on east
    put_uno(s, (3, 0), D)
    crit(s, (1, 0), L, 1)
    crit(s, (2, 0), D, 0)
    power(s, 0, "landslide")
    give(s, 0, light=2)
    set_off(s, 0, (0, 0))
    assert step(s) == "landslide"
    assert A("landslide", at=(1, 0), to=(2, 0)) in s.legal_actions()
    assert A("landslide", at=(1, 0), to=(0, 0)) not in s.legal_actions()  # the volcano
    s.apply(A("landslide", at=(1, 0), to=(2, 0)))
    # the sliding tile lands with blue on top; pink, squashed, may evacuate for 2
    assert s.height(hex_id((1, 0))) == 1 and s.height(hex_id((2, 0))) == 2
    assert step(s) == "evacuate" and s.current_player() == 0
    s.apply(A("evacuate", at=(3, 0)))
    assert spots(s.critters) == {(2, 0, L, 1): 1, (3, 0, D, 0): 1}
    assert s.stacks[hex_id((1, 0))] == (UNO[D],) and s.stacks[hex_id((2, 0))] == (UNO[D], UNO[L])


# -- Sleight of Land -----------------------------------------------------------------------
def test_sleight_of_land_turns_the_target_tile_before_the_volcano_covers_it():
    s = duo_between_unos()
    crit(s, (0, 0), D, 1)
    power(s, 0, "sleight_of_land")
    set_off(s, 0, (0, 0))
    assert step(s) == "sleight"
    assert A("rotate", rotation=0) not in s.legal_actions()  # it is already so
    s.apply(A("rotate", rotation=3))
    # the critters were removed, the tile turned, the volcano on top
    assert s.stacks[hex_id((0, 0))] == (tile("duo-dark-medium", 3), VOLCANO)
    assert not spots(s.critters)


# -- Lava Diversion ------------------------------------------------------------------------
def test_lava_diversion_pinks_critter_remains():
    s = blank()
    put_uno(s, (0, 0), L, 2)  # blue's volcano goes here
    put_uno(s, (1, 0), D)  # pink's critter: the tile the roll names
    for h in [(1, -1), (0, 1)]:
        put_uno(s, h, M)  # the two tiles beside it, lower than the volcano too
    crit(s, (1, 0), D, 0)
    power(s, 0, "lava_diversion")
    set_off(s, 1, (0, 0))
    # the lava's first roll (blue's) names pink's tile
    s.apply(Action("lava", at=(1, 0)))
    assert step(s) == "divert" and s.current_player() == 0
    s.apply(A("divert_lava"))
    outcomes = dict(s.chance_outcomes())
    assert outcomes == {
        Action("lava", at=(1, 0)): pytest.approx(1 / 3),  # 3-4: on course
        Action("lava", at=(1, -1)): pytest.approx(1 / 3),  # 1-2 or 5-6: diverted
        Action("lava", at=(0, 1)): pytest.approx(1 / 3),
    }
    s.apply(Action("lava", at=(0, 1)))  # a roll of 2: diverted
    assert s.lava == [lava((0, 1))] and (1, 0, D, 0) in spots(s.critters)


def test_lava_diversion_only_to_a_side_the_lava_could_flow_to():
    s = blank()
    put_uno(s, (0, 0), L, 2)
    put_uno(s, (1, 0), D)
    put_uno(s, (1, -1), M, 3)  # higher than the volcano: lava cannot go there
    crit(s, (1, 0), D, 0)
    power(s, 0, "lava_diversion")
    set_off(s, 1, (0, 0))
    s.apply(Action("lava", at=(1, 0)))
    s.apply(A("divert_lava"))
    # the ocean south-east still takes it; the high side keeps the lava on course
    assert dict(s.chance_outcomes()) == {
        Action("lava", at=(1, 0)): pytest.approx(2 / 3),
        Action("lava", at=(0, 1)): pytest.approx(1 / 3),
    }


def test_lava_diversion_may_be_declined():
    s = blank()
    put_uno(s, (0, 0), L, 2)
    put_uno(s, (1, 0), D)
    crit(s, (1, 0), D, 0)
    power(s, 0, "lava_diversion")
    set_off(s, 1, (0, 0))
    s.apply(Action("lava", at=(1, 0)))
    s.apply(A("done"))
    # on course: pink's critter has nowhere to evacuate to
    assert s.lava == [lava((1, 0))] and not spots(s.critters)


def test_landslide_crushes_a_critter_unable_to_escape():
    s = blank()
    put_uno(s, (0, 0), M)
    put(s, (1, 0), UNO[D], UNO[L])
    put_uno(s, (2, 0), D)  # pink's biome is this tile alone: nowhere to escape
    crit(s, (2, 0), D, 0)
    power(s, 0, "landslide")
    set_off(s, 0, (0, 0))
    s.apply(A("landslide", at=(1, 0), to=(2, 0)))
    assert not spots(s.critters) and s.hand[0] == 21 - 2  # two critters on the grid


def test_a_burrowed_critter_rides_its_sliding_tile():
    s = blank()
    put_uno(s, (0, 0), M)
    put(s, (1, 0), UNO[D], UNO[L])
    put_uno(s, (2, 0), M)
    s.bury(spot_id((1, 0, L, 1)), 1)
    s.hand[1] -= 1
    power(s, 0, "landslide")
    set_off(s, 0, (0, 0))
    s.apply(A("landslide", at=(1, 0), to=(2, 0)))
    assert spots(s.burrowed) == {(2, 0, L, 1): 1} and conserved(s)
