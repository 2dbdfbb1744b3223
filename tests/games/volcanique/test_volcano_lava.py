"""Step 3 (volcanoes) and step 8 (lava): wiping, unlocking, the first direction by d6,
downhill flow on each height case, evacuation, volcanic soil."""

import pytest

from lapilli.core import CHANCE, Action, IllegalAction
from lapilli.core.flow import then
from lapilli.games.volcanique.components import SOIL, VOLCANO
from lapilli.games.volcanique.land import stack_hexes
from lapilli.games.volcanique.lava import PROGRESS_LAVA, lower_neighbours

from .helpers import (
    A,
    D,
    L,
    M,
    at,
    blank,
    claims,
    conserved,
    crit,
    give,
    hex_id,
    lava,
    put,
    put_uno,
    spots,
)


def volcano_position():
    """(0, 0) two tiles high with a blue critter; around it, clockwise from east:
    (1, 0) three high, (1, -1) two high, (0, -1) one high, then three ocean spaces."""
    s = blank()
    put_uno(s, (0, 0), D, 2)
    put_uno(s, (1, 0), D, 3)
    put_uno(s, (1, -1), D, 2)
    put_uno(s, (0, -1), D, 1)
    crit(s, (0, 0), D, 1)
    return s


def test_volcano_wipes_critters_unlocks_level_one_and_rolls_only_lower_spaces():
    s = volcano_position()
    give(s, 0, dark=5)
    at(s, "buy")
    assert A("buy", tile="volcano") in s.legal_actions()
    s.apply(A("buy", tile="volcano"))
    s.apply(A("erupt", at=(0, 0)))
    # the critters on the target go back to their owner's hand, no migration
    assert not spots(s.critters) and s.hand[1] == 21
    assert s.stacks[hex_id((0, 0))][-1] == VOLCANO and s.volcano_tiles == 14
    # the first unlock is the level 1 power: a critter from the hand on the grid
    assert list(s.unlocked[0]) == ["L1"] and s.hand[0] == 20
    # d6 with re-rolls of same-height or higher spaces = uniform over the lower ones
    assert s.current_player() == CHANCE
    outcomes = dict(s.chance_outcomes())
    assert set(a.arg("at") for a in outcomes) == {(0, -1), (-1, 0), (-1, 1), (0, 1)}
    assert all(p == pytest.approx(0.25) for p in outcomes.values())
    s.apply(Action("lava", at=(0, -1)))
    assert s.lava == [lava((0, -1))]
    assert conserved(s)


def test_later_unlocks_must_share_an_edge_with_an_unlocked_power():
    s = volcano_position()
    s.unlocked[0] = ("L1",)
    s.hand[0] -= 1
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    s.apply(A("erupt", at=(0, 0)))
    assert [a.arg("slot") for a in s.legal_actions()] == ["L2a", "L2b", "L3m"]
    with pytest.raises(IllegalAction, match="sharing an edge"):
        s.apply(A("unlock", slot="L5"))
    s.apply(A("unlock", slot="L3m"))
    assert list(s.unlocked[0]) == ["L1", "L3m"]


def test_volcano_with_no_lower_neighbour_sends_no_lava():
    s = blank()
    put_uno(s, (0, 0), D, 1)
    for h in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, D, 1)
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))
    s.apply(A("erupt", at=(0, 0)))
    assert not s.lava and s.lava_tiles == 15


def lava_at(s, h):
    s.lava = [lava(h)]
    s.lava_tiles -= 1
    return progress(s)


def progress(s):
    """Run step 8 alone (and stop there rather than end the turn)."""
    s.stack = []
    then(s, PROGRESS_LAVA(index=0))
    s.advance()
    return s


def test_lava_flows_downhill_only_die_sized_to_the_lower_spaces():
    s = blank()
    put_uno(s, (0, 0), M, 3)
    put_uno(s, (1, 0), M, 4)  # higher: never
    put_uno(s, (1, -1), M, 3)  # same height: never
    put_uno(s, (0, -1), M, 2)  # lower
    put_uno(s, (-1, 0), M, 1)  # lower
    lava_at(s, (0, 0))
    outcomes = s.chance_outcomes()
    # two lower land spaces and two ocean spaces: a 4-sided die
    assert {a.arg("at") for a, _ in outcomes} == {(0, -1), (-1, 0), (-1, 1), (0, 1)}
    assert all(p == pytest.approx(0.25) for _, p in outcomes)


def test_lava_with_one_lower_space_needs_no_roll():
    s = blank()
    put_uno(s, (0, 0), M, 2)
    for h in [(1, 0), (1, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 2)
    put_uno(s, (0, -1), M, 1)
    lava_at(s, (0, 0))
    assert s.lava == [lava((0, -1))]


def test_lava_with_nowhere_lower_cools_and_the_tile_returns():
    s = blank()
    put_uno(s, (0, 0), M, 1)
    for h in [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 1)
    left = s.lava_tiles
    lava_at(s, (0, 0))
    assert not s.lava and s.lava_tiles == left


def test_evacuation_pays_two_resources_to_a_tile_of_the_connected_biome():
    s = blank()
    put_uno(s, (0, 0), D, 2)
    put_uno(s, (1, 0), D, 3)  # higher: the evacuee can go there
    for h in [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 2)
    put_uno(s, (-1, 2), M, 1)
    put_uno(s, (0, 2), M, 1)
    crit(s, (0, 0), D, 1)
    give(s, 1, light=3)
    s.lava = [lava((0, -1))]
    put(s, (0, -1), *s.stacks[hex_id((0, -1))] * 2)  # four high: lava source
    progress(s)
    assert s.current_player() == CHANCE
    s.apply(Action("lava", at=(0, 0)))
    # blue decides: evacuate to (1, 0) for 2 resources, or abandon the critter
    assert s.current_player() == 1
    assert s.legal_actions() == [A("evacuate", at=(1, 0)), A("abandon")]
    s.apply(A("evacuate", at=(1, 0)))
    assert spots(s.critters) == {(1, 0, D, 1): 1}
    assert s.resources[1] == [0, 0, 1]
    assert conserved(s)


def lava_onto_critter(blue_resources):
    s = blank()
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), D, 1)
    put_uno(s, (2, 0), D, 1)
    for h in [(1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 3)
    crit(s, (1, 0), D, 1)
    give(s, 1, light=blue_resources)
    return lava_at(s, (0, 0))  # (1, 0) is the only lower space


def test_critter_that_cannot_pay_is_wiped_out():
    s = lava_onto_critter(1)
    assert not spots(s.critters) and s.hand[1] == 21


def test_critter_may_be_abandoned_to_the_lava():
    s = lava_onto_critter(2)
    assert s.current_player() == 1
    s.apply(A("abandon"))
    assert not spots(s.critters) and s.hand[1] == 21 and s.resources[1] == [0, 0, 2]


def test_lava_in_the_ocean_becomes_volcanic_soil_the_next_turn():
    s = blank()
    put_uno(s, (0, 0), D, 1)
    lava_at(s, (0, 0))
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 6
    s.apply(Action("lava", at=(1, 0)))
    # it stays lava in the ocean for the rest of this turn
    assert s.lava == [lava((1, 0), 10)] and (1, 0) not in s.stacks
    # the next turn's lava step flips it to volcanic soil
    s.turn = 11
    progress(s)
    assert s.stacks[hex_id((1, 0))] == (SOIL,) and not s.lava


def test_volcanic_soil_takes_tiles_but_no_critters():
    s = blank()
    put_uno(s, (0, 0), L, 1)
    put(s, (1, 0), SOIL)
    assert (1, 0, L) not in claims(s, 0)
    give(s, 0, light=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-light"))
    # soil has no biome edge, so only the soil (next to the light Uno) takes the tile
    assert s.stacks[hex_id((1, 0))] == (SOIL, s.stacks[hex_id((0, 0))][0])
    assert s.this_turn.on_soil == 1  # the first tile went on soil: a second was offered


def test_no_tile_or_critter_on_lava():
    s = blank()
    put_uno(s, (0, 0), L, 1)
    put_uno(s, (1, 0), L, 1)
    s.lava = [lava((1, 0))]
    assert [(q, r) for q, r, _ in claims(s, 0)] == [(0, 0)]
    assert hex_id((1, 0)) not in stack_hexes(s, 0)


def test_with_every_neighbour_unlocked_the_critter_goes_on_a_held_power():
    from lapilli.games.volcanique.powers import unlockable

    everything = ["L1", "L2a", "L2b", "L3l", "L3m", "L3r", "L4a", "L4b", "L5"]
    assert unlockable(everything) == everything
    assert unlockable(["L1", "L3m"]) == ["L2a", "L2b", "L4a", "L4b", "L5"]


def test_lava_never_flows_onto_a_volcano_or_other_lava_but_may_onto_soil():
    s = blank()
    put_uno(s, (0, 0), M, 3)
    put_uno(s, (1, 0), M, 1)
    put(s, (1, 0), *s.stacks[hex_id((1, 0))], VOLCANO)  # a volcano on a 1-high stack
    put_uno(s, (1, -1), M, 1)
    put(s, (0, -1), SOIL)  # volcanic soil, 1 high
    for h in [(-1, 0), (-1, 1), (0, 1)]:
        put_uno(s, h, M, 3)
    s.lava = [lava((0, 0)), lava((1, -1))]  # another flow sits on (1, -1)
    assert lower_neighbours(s, hex_id((0, 0)), 3) == [hex_id((0, -1))]
