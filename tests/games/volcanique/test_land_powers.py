"""Powers that move land: Erosion, Rift, Converging Tectonic Plates (and the limited
powers' uses). Landslide is with the volcano powers."""

import pytest

from lapilli.core import IllegalAction
from lapilli.games.volcanique.components import VOLCANO
from lapilli.games.volcanique.pieces import Stage
from lapilli.games.volcanique.tectonics import islands

from .helpers import (
    UNO,
    A,
    D,
    L,
    M,
    at,
    blank,
    crit,
    hex_id,
    hex_of,
    power,
    put,
    put_uno,
    spots,
    step,
)


def use(s, name):
    s.apply(A("use_power", power=name))


def options(s, kind):
    return [a for a in s.legal_actions() if a.kind == kind]


# -- Erosion -------------------------------------------------------------------------------
def test_before_claiming_erode_a_tile_and_claim_the_tile_beneath():
    s = blank()
    put(s, (0, 0), UNO[D], UNO[M])  # an uninhabited stack: dark under medium
    put_uno(s, (5, 0), L)
    power(s, 0, "erosion")
    at(s, "claim")
    assert A("erode", at=(0, 0)) in s.legal_actions()
    assert A("erode", at=(5, 0)) not in s.legal_actions()  # nothing beneath it
    s.apply(A("erode", at=(0, 0)))
    assert s.stacks[hex_id((0, 0))] == (UNO[D],) and s.removed == [UNO[M]]
    # claiming the tile beneath and the other uninhabited tiles
    s.apply(A("claim", at=(0, 0), biome=D))
    s.apply(A("claim", at=(5, 0), biome=L))
    assert {(0, 0, D, 0), (5, 0, L, 0)} <= set(spots(s.critters))


def test_erosion_only_before_claiming_once_and_on_uninhabited_tiles():
    s = blank()
    put(s, (0, 0), UNO[D], UNO[M])
    put(s, (3, 0), UNO[D], UNO[M])
    put_uno(s, (6, 0), L)
    put(s, (9, 0), UNO[D], UNO[M])
    crit(s, (9, 0), M, 1)
    power(s, 0, "erosion")
    at(s, "claim")
    assert A("erode", at=(9, 0)) not in s.legal_actions()  # inhabited
    s.apply(A("claim", at=(6, 0), biome=L))
    with pytest.raises(IllegalAction, match="only before claiming"):
        s.apply(A("erode", at=(0, 0)))


def test_eroding_a_volcano_reveals_the_tile_under_it():
    s = blank()
    put(s, (0, 0), UNO[M], VOLCANO)
    put_uno(s, (5, 0), L)
    power(s, 0, "erosion")
    at(s, "claim")
    s.apply(A("erode", at=(0, 0)))
    assert s.stacks[hex_id((0, 0))] == (UNO[M],)


# -- Rift ----------------------------------------------------------------------------------
def row(s, xs, colour=D):
    for x in xs:
        put_uno(s, (x, 0), colour)


def test_rift_splits_an_island_leaving_one_ocean_space():
    s = blank()
    row(s, range(4))
    put_uno(s, (0, 4), L)  # something to claim: the claim step waits
    power(s, 0, "rift")
    at(s, "claim")
    use(s, "rift")
    assert step(s) == "rift"
    # blue chooses a rift line: the two east tiles, shifted one space east
    s.apply(A("rift", at=(2, 0), axis="q", side=1, dir=0))
    assert {hex_of(h) for h in s.stacks} == {(0, 0), (1, 0), (3, 0), (4, 0), (0, 4)}
    assert step(s) == "claim"  # the turn goes on


def test_a_single_tile_can_be_rifted_but_never_across_land_nor_the_whole_island():
    s = blank()
    row(s, range(4))
    put_uno(s, (0, 4), L)
    power(s, 0, "rift")
    at(s, "claim")
    use(s, "rift")
    rifts = options(s, "rift")
    assert A("rift", at=(3, 0), axis="tile", side=0, dir=0) in rifts
    for a in rifts:  # one step straight out: never onto land, two islands one space apart
        t = s.clone()
        t.apply(a)
        assert len(t.stacks) == len(s.stacks)
        assert len(islands(t)) == len(islands(s)) + 1
    assert not any(a.arg("at") == (0, 4) for a in rifts)  # a one-tile island: no line


def rift_contest(players=2, user=0, **powers):
    """Pink on the east end of a dark row, blue on a dark Uno one space further east: a
    rift splits off pink's tile, which joins blue's."""
    s = blank(players)
    row(s, range(3))
    put_uno(s, (4, 0), D)
    put_uno(s, (0, 4), L)
    crit(s, (2, 0), D, 0)
    crit(s, (4, 0), D, 1)
    for seat, names in powers.items():
        power(s, int(seat[1:]), *names)
    power(s, user, "rift")
    s.player = user
    at(s, "claim")
    use(s, "rift")
    s.apply(A("rift", at=(2, 0), axis="tile", side=0, dir=0))
    return s


def test_the_player_who_enacted_rift_wins_a_tie():
    s = rift_contest()
    assert spots(s.critters) == {(3, 0, D, 0): 1} and s.hand[1] == 21


def test_a_tie_not_involving_the_rift_user_removes_all():
    s = rift_contest(players=3, user=2)
    assert not spots(s.critters)


def test_pack_herding_and_cooperative_critters_override_the_rift_advantage():
    for name in ("pack_critters", "herding_critters", "cooperative_critters"):
        s = rift_contest(p1=(name,))
        assert not spots(s.critters), name


# -- Converging Tectonic Plates ------------------------------------------------------------
def test_the_entire_island_moves_two_places():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    crit(s, (1, 0), M, 1)
    put_uno(s, (10, 0), L)
    power(s, 0, "converging_tectonic_plates")
    at(s, "claim")
    use(s, "converging_tectonic_plates")
    s.apply(A("converge", at=(0, 0), dir=5, steps=2))  # south-east, twice
    assert {hex_of(h) for h in s.stacks} == {(0, 2), (1, 2), (10, 0)}
    assert spots(s.critters) == {(1, 2, M, 1): 1}


def test_the_movement_ends_as_soon_as_the_island_connects():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (2, 0), M)  # one ocean space east
    power(s, 0, "converging_tectonic_plates")
    at(s, "claim")
    use(s, "converging_tectonic_plates")
    east = [a for a in options(s, "converge") if a.arg("at") == (0, 0) and a.arg("dir") == 0]
    assert east == [A("converge", at=(0, 0), dir=0, steps=1)]


def test_the_player_who_initiated_the_converge_has_advantage():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (3, 0), D)
    crit(s, (0, 0), D, 0)
    crit(s, (3, 0), D, 1)
    put_uno(s, (0, 5), L)
    power(s, 0, "converging_tectonic_plates")
    at(s, "claim")
    use(s, "converging_tectonic_plates")
    s.apply(A("converge", at=(0, 0), dir=0, steps=2))
    assert spots(s.critters) == {(2, 0, D, 0): 1} and s.hand[1] == 21


def test_islands_do_not_move_onto_lava_in_the_sea_or_sea_critters():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (0, 5), L)
    s.sea[hex_id((1, 0))] = 1
    s.hand[1] -= 1
    power(s, 0, "converging_tectonic_plates")
    at(s, "claim")
    use(s, "converging_tectonic_plates")
    assert not any(a.arg("at") == (0, 0) and a.arg("dir") == 0 for a in options(s, "converge"))


# -- limited powers: once in the main game, once more in the final turn --------------------
def test_a_limited_power_once_in_the_main_game_and_once_in_the_final_turn():
    s = blank()
    row(s, range(4))
    put_uno(s, (0, 4), L)
    power(s, 0, "rift")
    at(s, "claim")
    use(s, "rift")
    s.apply(A("rift", at=(3, 0), axis="tile", side=0, dir=0))
    assert A("use_power", power="rift") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="once in the main game"):
        use(s, "rift")
    s.stage = Stage.FINAL
    s.changed()
    assert A("use_power", power="rift") in s.legal_actions()
    assert s.used[0] == ("rift@main",)


def test_a_limited_power_is_not_offered_to_others_or_outside_ones_turn_steps():
    s = blank()
    row(s, range(4))
    put_uno(s, (0, 4), L)
    power(s, 1, "rift")
    at(s, "claim")
    assert A("use_power", power="rift") not in s.legal_actions()


def test_a_rift_reads_as_the_side_of_a_straight_line_through_a_tile():
    from lapilli.games.volcanique.text import action_text

    s = blank()
    row(s, range(4))
    said = {
        (axis, side): action_text(s, A("rift", at=(2, 0), axis=axis, side=side, dir=0))
        for axis in "qrs"
        for side in (1, -1)
    }
    # the row's east end: every tile with q at least 2's, east of the line that keeps q
    assert said["q", 1] == (
        "rift off the tiles on and east of the north-west/south-east line through "
        "the dark Uno, 2 east of the starting hex, 1 space E"
    )
    assert "on and west of the north-west/south-east line" in said["q", -1]
    assert "on and south of the east/west line" in said["r", 1]
    assert "on and north of the east/west line" in said["r", -1]
    assert "on and north-west of the north-east/south-west line" in said["s", 1]
    assert "on and south-east of the north-east/south-west line" in said["s", -1]
