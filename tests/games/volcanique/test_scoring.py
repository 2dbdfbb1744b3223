"""Scoring: every item, the bonus objectives and their ties, and the rulebook's final
example (Pink 20, Blue 25)."""

from .helpers import D, L, M, blank, crit, hold, put, put_uno, tile

PINK, BLUE = 0, 1


def rulebook_example():
    """7 critters and 8 connections for Blue, 9 critters and 5 connections for Pink;
    4 volcanoes each; 2 sacrificed critters for Blue, 1 for Pink; the tallest stack is a
    tie (one 3-high peak each), Blue has the largest biome; no herds, no Colossal."""
    s = blank()
    # Blue: a dark biome of 9 tiles in a row (8 connections), 7 critters on it
    for x in range(9):
        put_uno(s, (x, 0), D, 3 if x == 6 else 1)
    for x in range(7):
        crit(s, (x, 0), D, BLUE)
    # Pink: a medium biome of 6 tiles (5 connections), 6 critters on it...
    for x in range(6):
        put_uno(s, (x, 3), M, 3 if x == 5 else 1)
        crit(s, (x, 3), M, PINK)
    # ...and three separate light Unos with a critter each
    for x in (0, 3, 6):
        put_uno(s, (x, 6), L)
        crit(s, (x, 6), L, PINK)
    for seat, sacrificed in ((PINK, 1), (BLUE, 2)):
        s.unlocked[seat] = ("L1", "L2a", "L3m", "L4a")
        s.crater[seat] = sacrificed
        s.hand[seat] -= 4 + sacrificed
    return s


def test_rulebook_final_example_pink_20_blue_25():
    s = rulebook_example()
    pink, blue = s.score_breakdown()
    assert (pink["critters"], pink["connections"], pink["volcanoes"], pink["sacrifices"]) == (
        9,
        5,
        4,
        1,
    )
    assert (blue["critters"], blue["connections"], blue["volcanoes"], blue["sacrifices"]) == (
        7,
        8,
        4,
        2,
    )
    assert pink["tallest"] + pink["largest"] == 1  # tallest biome tie: 1 pt each
    assert blue["tallest"] + blue["largest"] == 4  # ... and the largest biome: 3
    assert pink["total"] == 20 and blue["total"] == 25
    assert s.scores() == [20.0, 25.0]


def test_connections_count_each_shared_edge_of_controlled_biomes():
    s = blank()
    for h in [(0, 0), (1, 0), (0, 1)]:  # a triangle: three shared edges
        put_uno(s, h, D)
    for h in [(5, 0), (6, 0)]:  # uncontrolled: no points
        put_uno(s, h, D)
    crit(s, (0, 0), D, PINK)
    assert s.score_breakdown()[PINK]["connections"] == 3


def test_connections_across_a_duo_count_per_colour():
    s = blank()
    put(s, (0, 0), tile("duo-dark-medium", 0))  # dark E/NE/NW, medium W/SW/SE
    put_uno(s, (1, 0), D)
    put_uno(s, (-1, 0), M)
    crit(s, (0, 0), D, PINK)
    crit(s, (-1, 0), M, BLUE)
    rows = s.score_breakdown()
    assert rows[PINK]["connections"] == 1 and rows[BLUE]["connections"] == 1


def test_tallest_biome_more_equal_peaks_wins():
    s = blank()
    put_uno(s, (0, 0), D, 4)
    put_uno(s, (3, 0), D, 4)
    put_uno(s, (6, 0), M, 4)
    crit(s, (0, 0), D, PINK)
    crit(s, (3, 0), D, PINK)
    crit(s, (6, 0), M, BLUE)
    rows = s.score_breakdown()
    assert rows[PINK]["tallest"] == 3 and rows[BLUE]["tallest"] == 0


def test_tallest_biome_higher_wins_and_volcanoes_do_not_count():
    s = blank()
    put_uno(s, (0, 0), D, 2)
    put(s, (3, 0), tile("uno-medium"), tile("uno-medium"), tile("uno-medium"), -2)
    put_uno(s, (6, 0), M, 3)
    crit(s, (0, 0), D, PINK)
    crit(s, (6, 0), M, BLUE)
    rows = s.score_breakdown()
    assert rows[BLUE]["tallest"] == 3 and rows[PINK]["tallest"] == 0


def test_largest_biome_tie_broken_by_number_then_exact_tie_one_each():
    s = blank()
    for x in range(3):
        put_uno(s, (x, 0), D)
        put_uno(s, (x, 3), D)
        put_uno(s, (x, 6), M)
    crit(s, (0, 0), D, PINK)
    crit(s, (0, 3), D, PINK)
    crit(s, (0, 6), M, BLUE)
    rows = s.score_breakdown()
    assert rows[PINK]["largest"] == 3 and rows[BLUE]["largest"] == 0
    s2 = blank()
    for x in range(3):
        put_uno(s2, (x, 0), D)
        put_uno(s2, (x, 6), M)
    crit(s2, (0, 0), D, PINK)
    crit(s2, (0, 6), M, BLUE)
    rows = s2.score_breakdown()
    assert rows[PINK]["largest"] == 1 and rows[BLUE]["largest"] == 1


def test_diversified_biomes_one_point_per_full_set():
    s = blank(diversified_bonus=True)
    spots = [((0, 0), D), ((3, 0), D), ((6, 0), M), ((9, 0), M), ((12, 0), L)]
    for h, c in spots:
        put_uno(s, h, c)
        crit(s, h, c, PINK)
    assert s.score_breakdown()[PINK]["diversified"] == 1
    put_uno(s, (15, 0), L)
    crit(s, (15, 0), L, PINK)
    assert s.score_breakdown()[PINK]["diversified"] == 2
    s2 = blank(diversified_bonus=False)
    for h, c in spots:
        put_uno(s2, h, c)
        crit(s2, h, c, PINK)
    assert s2.score_breakdown()[PINK]["diversified"] == 0


def test_volcanoes_sacrifices_exalted_and_caldera_points():
    s = blank()
    s.unlocked[PINK] = ("L1", "L2b")
    s.crater[PINK] = 3
    hold(s, PINK, "volcanic_migration", "carnage", "rift")  # 4 + 0 + 2
    row = s.score_breakdown()[PINK]
    assert (row["volcanoes"], row["sacrifices"], row["caldera"]) == (2, 3, 6)
    s.grid["L2b"] = "exalted_sacrifices"
    assert s.score_breakdown()[PINK]["sacrifices"] == 6


def test_bought_points_count():
    s = blank()
    s.points[BLUE] = 3
    assert s.score_breakdown()[BLUE]["points"] == 3 and s.scores()[BLUE] == 3.0
