"""The greedy bot's evaluation."""

from lapilli.games.volcanique.heuristics import heuristic

from .helpers import D, blank, crit, give, lava, put_uno


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
