"""The greedy bot's evaluation."""

from lapilli.games.volcanique.heuristics import heuristic

from .helpers import UNO, A, D, M, at, blank, crit, give, hex_id, lava, put_uno, region_id, step


def test_more_points_and_resources_are_better():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (3, 0), D)
    crit(s, (0, 0), D, 0)
    base = heuristic(s, 0)
    crit(s, (3, 0), D, 0)
    assert heuristic(s, 0) > base
    more = heuristic(s, 0)
    give(s, 0, dark=3)
    assert heuristic(s, 0) > more
    assert heuristic(s, 1) < heuristic(s, 0)


def test_critters_below_active_lava_are_at_risk():
    s = blank()
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), D, 1)
    crit(s, (1, 0), D, 0)
    safe = heuristic(s, 0)
    s.lava = [lava((0, 0))]
    assert heuristic(s, 0) < safe


def test_an_unlocked_power_is_worth_more_than_its_volcano_point():
    s = blank()
    base = heuristic(s, 0)
    s.unlocked[0] = ("L2a",)  # Agile Critters in the test grid
    s.hand[0] -= 1
    # 1 volcano point (half of it counted as points, half as the lead) + the power
    assert heuristic(s, 0) > base + 1.0
    s2 = blank()
    s2.unlocked[0] = ("L3l",)  # Rift: a limited power, its use still to spend
    s2.hand[0] -= 1
    fresh = heuristic(s2, 0)
    s2.used[0] = ("rift@main",)
    assert heuristic(s2, 0) < fresh


def test_a_position_with_critters_waiting_to_migrate_can_be_evaluated():
    from lapilli.games.volcanique.powers import has_power

    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    crit(s, (0, 0), D, 0, n=2)
    s.grid["L5"] = "herding_critters"
    s.unlocked[0] = ("L5",)
    assert has_power(s, 0, "herding_critters")
    h = hex_id((0, 0))
    s.set_stack(h, (*s.stacks[h], UNO[M]))  # covered: their region is gone
    assert region_id((0, 0, D)) not in s.board.biome_of
    assert heuristic(s, 0) == heuristic(s, 0)  # evaluated (no herd counted there)
    assert s.score_breakdown()[0]["herds"] == 0


def test_an_island_being_summoned_is_worth_its_tiles():
    s = blank()
    put_uno(s, (0, 0), D)
    s.crater[0] = 3
    s.hand[0] -= 3
    before = heuristic(s, 0)
    at(s, "sacrifice")
    s.apply(A("summon_island"))  # free: no resources, no critter on land
    # the crater's 3 points are gone, the island's 3 tiles to come count for more
    assert step(s) == "island_tile" and heuristic(s, 0) > before
