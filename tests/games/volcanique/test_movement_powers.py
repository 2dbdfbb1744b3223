"""Powers of step 1: Agile, Flying, Cooperative, Pack and Herding Critters (a test per
rule of their text and per caption of their pictures)."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.volcanique.turn import collect

from .helpers import (
    A,
    D,
    L,
    M,
    blank,
    claims,
    crit,
    power,
    put,
    put_uno,
    region_id,
    spot_id,
    spots,
    start_turn,
    step,
    tile,
)


def targets(s, at, colour):
    """Where the critter on ``at`` may move (entering the choice, then backing out)."""
    t = s.clone()
    t.apply(A("move_from", at=at, biome=colour))
    return {(a.arg("at"), a.arg("biome")) for a in t.legal_actions()}


def mover(s):
    return {(a.arg("at"), a.arg("biome")) for a in s.legal_actions() if a.kind == "move_from"}


# -- Agile Critters ------------------------------------------------------------------------
def three_unos():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    put_uno(s, (2, 0), L)
    crit(s, (0, 0), D, 0)
    return s


def test_agile_critters_reach_an_uncontrolled_biome_on_a_connecting_tile():
    s = start_turn(three_unos())
    assert step(s) != "move"  # alone on a one-tile biome: nowhere to go without the power
    s = start_turn(power(three_unos(), 0, "agile_critters"))
    assert targets(s, (0, 0), D) == {((1, 0), "medium")}


def test_agile_critters_one_critter_two_moves():
    s = start_turn(power(three_unos(), 0, "agile_critters"))
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(1, 0), biome=M))
    assert step(s) == "move" and s.this_turn.moves == 1
    s.apply(A("move_from", at=(1, 0), biome=M))
    s.apply(A("move_to", at=(2, 0), biome=L))
    assert spots(s.critters) == {(2, 0, L, 0): 1} and step(s) != "move"


def test_agile_critters_two_critters_one_move_each():
    s = three_unos()
    put_uno(s, (5, 0), D)
    put_uno(s, (6, 0), M)
    crit(s, (5, 0), D, 0)
    s = start_turn(power(s, 0, "agile_critters"))
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(1, 0), biome=M))
    s.apply(A("move_from", at=(5, 0), biome=D))
    s.apply(A("move_to", at=(6, 0), biome=M))
    assert set(spots(s.critters)) == {(1, 0, M, 0), (6, 0, M, 0)} and step(s) != "move"
    with pytest.raises(IllegalAction):
        s.apply(A("move_from", at=(1, 0), biome=M))


def test_without_agile_critters_one_movement():
    s = blank()
    for x in range(3):
        put_uno(s, (x, 0), D)
    crit(s, (0, 0), D, 0)
    s = start_turn(s)
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(1, 0), biome=D))
    assert step(s) != "move"


# -- Flying Critters -----------------------------------------------------------------------
def test_flying_critters_relocate_to_any_uncontrolled_biome_even_on_an_inhabited_tile():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (10, 0), M)  # far away, uncontrolled
    put_uno(s, (13, 0), L)  # controlled by blue
    crit(s, (13, 0), L, 1)
    put(s, (20, 0), tile("duo-dark-medium"))  # blue on its dark side: the tile is inhabited
    crit(s, (20, 0), D, 1)
    crit(s, (0, 0), D, 0)
    s = start_turn(power(s, 0, "flying_critters"))
    got = targets(s, (0, 0), D)
    assert {((10, 0), "medium"), ((20, 0), "medium")} <= got
    assert ((13, 0), "light") not in got and ((20, 0), "dark") not in got
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(20, 0), biome=M))
    assert (20, 0, M, 0) in spots(s.critters) and (20, 0, D, 1) in spots(s.critters)


# -- Cooperative Critters ------------------------------------------------------------------
def shared_duo(blue_powers=(), blue_colossal=False, pink_powers=("cooperative_critters",)):
    """A Duo (dark east, medium west) with pink on its dark side and blue on its medium
    side, blue's medium biome going on west onto an Uno with another blue critter."""
    s = blank()
    put(s, (0, 0), tile("duo-dark-medium"))
    put_uno(s, (-1, 0), M)
    crit(s, (0, 0), D, 0)
    crit(s, (0, 0), M, 1)
    crit(s, (-1, 0), M, 1)
    if blue_colossal:
        s.colossal[spot_id((0, 0, M, 1))] = 1
        s.hand[1] -= 1
    power(s, 1, *blue_powers)
    return start_turn(power(s, 0, *pink_powers))


def test_cooperative_critters_move_onto_another_players_biome_of_the_same_tile():
    s = shared_duo(pink_powers=())
    assert step(s) != "move"  # without the power blue's biome is closed to pink
    s = shared_duo()
    assert targets(s, (0, 0), D) == {((0, 0), "medium")}


def test_takeover_when_the_other_player_does_not_cooperate():
    s = shared_duo()
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))
    # blue's critters in that biome go home; pink now controls it
    assert spots(s.critters) == {(0, 0, M, 0): 1} and s.hand[1] == 21


def test_cooperative_cooperation_shares_the_biome():
    s = shared_duo(blue_powers=("cooperative_critters",))
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))
    assert spots(s.critters) == {(0, 0, M, 0): 1, (0, 0, M, 1): 1, (-1, 0, M, 1): 1}
    # both control it and collect one resource for it
    collect(s, 0)
    collect(s, 1)
    assert s.resources[0][M] == 1 and s.resources[1][M] == 1


def test_forced_cooperation_damages_a_colossal_critter_and_removes_the_mover():
    s = shared_duo(blue_colossal=True)
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))
    assert spots(s.colossal) == {}  # it lost 1 HP: a regular critter now
    assert spots(s.critters) == {(0, 0, M, 1): 1, (-1, 0, M, 1): 1}
    # the mover went home: all pink's critters but the one on the grid are off the board
    assert s.hand[0] + s.crater[0] == 21 - 1


def test_a_cooperative_colossal_owner_takes_no_damage_and_shares():
    s = shared_duo(blue_powers=("cooperative_critters",), blue_colossal=True)
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))
    assert spots(s.colossal) == {(0, 0, M, 1): 1} and (0, 0, M, 0) in spots(s.critters)


def test_cooperative_critters_do_not_place_a_critter_onto_a_populated_tile():
    s = blank()
    put(s, (0, 0), tile("duo-dark-medium"))
    crit(s, (0, 0), D, 1)
    power(s, 0, "cooperative_critters")
    s.stack = []
    assert claims(s, 0) == []  # the medium side is free, the tile is not


# -- Pack Critters -------------------------------------------------------------------------
def pack_position(blue=1, powers=("pack_critters",)):
    """Pink: a critter on a Duo's dark side and one on the Uno west of it (the Duo's
    medium biome); blue: ``blue`` critters on a dark Uno east of the Duo (its dark
    biome)."""
    s = blank()
    put(s, (0, 0), tile("duo-dark-medium"))
    put_uno(s, (-1, 0), M)
    put_uno(s, (1, 0), D)
    crit(s, (0, 0), D, 0)
    crit(s, (-1, 0), M, 0)
    if blue:
        crit(s, (1, 0), D, 1, n=blue)
    return power(s, 0, *powers)


def test_move_a_critter_to_form_a_pack():
    s = start_turn(pack_position(blue=0, powers=()))
    assert ((0, 0), "medium") not in targets(s, (0, 0), D)  # its own controlled biome
    s = start_turn(pack_position(blue=0))
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))
    assert spots(s.critters) == {(0, 0, M, 0): 1, (-1, 0, M, 0): 1}


def test_the_pack_moves_as_one_critter_and_takes_over_a_biome():
    s = pack_position()
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)  # the pack of two, formed last turn
    s = start_turn(s)
    assert mover(s) == {((-1, 0), "medium")}  # one entry for the whole pack
    assert targets(s, (-1, 0), M) == {((0, 0), "dark")}
    s.apply(A("move_from", at=(-1, 0), biome=M))
    s.apply(A("move_to", at=(0, 0), biome=D))
    assert spots(s.critters) == {(0, 0, D, 0): 2} and s.hand[1] == 21
    assert s.this_turn.moves == 1  # moving a pack counts as moving 1 critter


def test_larger_packs_overwhelm_smaller_ones_only():
    s = pack_position(blue=2)
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)
    s = start_turn(s)
    assert step(s) != "move"  # 2 against 2: the pack has nowhere to go
    s = pack_position(blue=2)
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0, 2)
    s.hand[0] -= 1
    s = start_turn(s)
    assert ((0, 0), "dark") in targets(s, (-1, 0), M)  # 3 against 2


def test_a_pack_collects_one_resource_per_critter():
    s = pack_position(blue=0)
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)
    collect(s, 0)
    assert s.resources[0] == [0, 2, 0]


def test_a_pack_does_not_wipe_out_a_burrowed_critter_but_owns_its_biome():
    s = pack_position(blue=0)
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)
    s.bury(spot_id((1, 0, D, 1)), 1)
    s.hand[1] -= 1
    s = start_turn(s)
    s.apply(A("move_from", at=(-1, 0), biome=M))
    s.apply(A("move_to", at=(0, 0), biome=D))
    assert spots(s.burrowed) == {(1, 0, D, 1): 1} and spots(s.critters) == {(0, 0, D, 0): 2}
    s.resources[0] = [0, 0, 0]
    collect(s, 0)
    assert s.resources[0] == [2, 0, 0]


# -- Herding Critters (text lost: the research default, see the docs) ---------------------
def test_a_herd_forms_like_a_pack_and_moves_as_one_only_onto_uncontrolled_biomes():
    s = pack_position(blue=1, powers=("herding_critters",))
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)
    put(s, (0, 1), tile("duo-medium-light", 2))  # south-east of the Duo: medium faces it
    s = start_turn(s)
    got = targets(s, (-1, 0), M)
    assert ((0, 0), "dark") not in got  # blue controls it: a herd does not attack
    assert ((0, 1), "light") in got
    s.apply(A("move_from", at=(-1, 0), biome=M))
    s.apply(A("move_to", at=(0, 1), biome=L))
    assert spots(s.critters)[(0, 1, L, 0)] == 2 and spots(s.critters)[(1, 0, D, 1)] == 1


def test_herding_critters_generate_extra_resources_and_points():
    s = pack_position(blue=0, powers=("herding_critters",))
    s.take_critter(region_id((0, 0, D)), 0)
    s.add_critter(region_id((0, 0, M)), 0)
    collect(s, 0)
    assert s.resources[0] == [0, 2, 0]
    assert s.score_breakdown()[0]["herds"] == 1
    s2 = pack_position(blue=0, powers=())  # no power: no herd points
    s2.take_critter(region_id((0, 0, D)), 0)
    s2.add_critter(region_id((0, 0, M)), 0)
    assert s2.score_breakdown()[0]["herds"] == 0


def test_agile_critters_first_form_a_pack_then_move_it():
    s = start_turn(pack_position(powers=("pack_critters", "agile_critters")))
    s.apply(A("move_from", at=(0, 0), biome=D))
    s.apply(A("move_to", at=(0, 0), biome=M))  # the first movement forms the pack
    assert step(s) == "move"
    s.apply(A("move_from", at=(-1, 0), biome=M))
    s.apply(A("move_to", at=(0, 0), biome=D))  # the second moves it, taking blue's biome
    assert spots(s.critters) == {(0, 0, D, 0): 2} and s.hand[1] == 21
