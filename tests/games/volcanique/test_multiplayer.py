"""3-5 players: the rules of engagement (Symbiosis, "to the left", the 5-critter rule)."""

import pytest

from lapilli.core import IllegalAction

from .helpers import A, D, M, at, blank, crit, give, hex_id, put, put_uno, tile

# target hexes: each a medium Uno with a dark Uno helper south-east of it, so a dark
# Uno may be stacked on any of them
BLUE, PURPLE, EMPTY, SOIL_HEX, OWN, MIXED = (0, 0), (3, 0), (6, 0), (9, 0), (12, 0), (15, 0)


def engagement_position(blue=3, purple=2, **options):
    s = blank(3, **options)
    for x in range(0, 18, 3):
        put_uno(s, (x, 0), M)
        put_uno(s, (x, 1), D)
    put(s, SOIL_HEX, -1)
    put(s, MIXED, tile("duo-dark-medium"))
    crit(s, BLUE, M, 1)
    crit(s, PURPLE, M, 2)
    crit(s, OWN, M, 0)
    crit(s, MIXED, D, 1)
    crit(s, MIXED, M, 2)
    # more critters far away to set the counts
    spare = [(30 + 2 * i, 5) for i in range(10)]
    for i in range(blue - 2):
        put_uno(s, spare[i], D)
        crit(s, spare[i], D, 1)
    for i in range(purple - 2):
        put_uno(s, spare[5 + i], D)
        crit(s, spare[5 + i], D, 2)
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    return s


def places(s):
    return {a.arg("at") for a in s.legal_actions()}


def test_symbiosis_targets_the_player_with_most_critters():
    s = engagement_position(blue=3, purple=2)
    got = places(s)
    assert {BLUE, EMPTY, SOIL_HEX, MIXED} <= got
    assert PURPLE not in got and OWN not in got
    with pytest.raises(IllegalAction, match="Symbiosis|symbiosis"):
        s.apply(A("place", at=PURPLE))


def test_symbiosis_ties_make_every_tied_player_a_target():
    s = engagement_position(blue=3, purple=3)
    assert {BLUE, PURPLE, MIXED} <= places(s)


def test_five_critters_makes_a_player_a_target_for_all():
    s = engagement_position(blue=6, purple=5)
    assert PURPLE in places(s)
    s = engagement_position(blue=6, purple=4)
    assert PURPLE not in places(s)


def test_volcanoes_follow_the_rules_of_engagement():
    s = blank(3)
    for x in range(0, 9, 3):
        put_uno(s, (x, 0), M)
    crit(s, (0, 0), M, 1)
    crit(s, (3, 0), M, 1)
    crit(s, (6, 0), M, 2)
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    assert {a.arg("at") for a in s.legal_actions()} == {(0, 0), (3, 0)}


def test_two_players_have_no_restriction():
    s = blank(2)
    put_uno(s, (0, 0), M)
    put_uno(s, (0, 1), D)
    crit(s, (0, 0), M, 0)
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    assert (0, 0) in places(s) or s.stacks[hex_id((0, 0))][-1] == tile("uno-dark")


def test_placed_critter_count_ignores_grid_and_crater():
    s = blank(3)
    s.unlocked[2] = ("L1", "L2a", "L3m", "L5", "L4a")
    s.crater[2] = 3
    assert s.placed() == [0, 0, 0]
