"""GAME END AND SCORING, and the character scoring clarification."""

from lapilli.games.foggy_island.components import LINE_POINTS
from lapilli.games.foggy_island.scoring import round_points, scored_lines

from .helpers import board_from


def points(layout):
    return round_points(board_from(layout))


def test_scoring_table_is_the_documented_default():
    assert LINE_POINTS == {3: 1, 4: 2, 5: 4, 6: 6}


def test_a_line_of_three_scores_horizontally_vertically_and_diagonally():
    assert points({"a1": ("wolf", 0), "b1": ("wolf", 0), "c1": ("wolf", 0)}) == [1, 0]
    assert points({"f2": ("wolf", 1), "f3": ("wolf", 1), "f4": ("wolf", 1)}) == [0, 1]
    assert points({"a1": ("wolf", 0), "b2": ("wolf", 0), "c3": ("wolf", 0)}) == [1, 0]
    assert points({"f1": ("wolf", 0), "e2": ("wolf", 0), "d3": ("wolf", 0)}) == [1, 0]


def test_two_tokens_are_not_a_line():
    assert points({"a1": ("wolf", 0), "b1": ("wolf", 0)}) == [0, 0]


def test_a_longer_line_scores_once_by_its_length():
    row = {f"{c}4": ("wolf", 0) for c in "abcde"}
    assert points(row) == [4, 0]
    full = {f"{c}4": ("wolf", 1) for c in "abcdef"}
    assert points(full) == [0, 6]


def test_a_token_scores_in_every_line_it_belongs_to():
    cross = {
        "b1": ("wolf", 0),
        "b2": ("wolf", 0),
        "b3": ("wolf", 0),
        "a2": ("wolf", 0),
        "c2": ("wolf", 0),
    }
    assert points(cross) == [2, 0]  # the row a2-c2 and the column b1-b3 share b2


def test_a_white_token_breaks_the_line():
    layout = {
        "a1": ("wolf", 0),
        "b1": ("wolf", 0),
        "c1": ("rabbit", 0),
        "d1": ("wolf", 0),
        "e1": ("wolf", 0),
        "f1": ("wolf", 0),
    }
    assert points(layout) == [1, 0]


def test_an_enemy_token_breaks_the_line():
    layout = {"a1": ("wolf", 0), "b1": ("wolf", 0), "c1": ("wolf", 1), "d1": ("wolf", 0)}
    assert points(layout) == [0, 0]


def test_a_rat_is_a_spy_that_builds_the_opponents_line():
    # Blue's Rat sits in Red's row: Red scores a line of 4
    layout = {"a1": ("wolf", 0), "b1": ("rat", 1), "c1": ("wolf", 0), "d1": ("wolf", 0)}
    assert points(layout) == [2, 0]
    # and a Red Rat breaks a Red line
    layout = {"a1": ("wolf", 0), "b1": ("rat", 0), "c1": ("wolf", 0), "d1": ("wolf", 0)}
    assert points(layout) == [0, 0]


def test_a_pig_doubles_and_two_pigs_still_double():
    assert points({"a1": ("pig", 0), "b1": ("wolf", 0), "c1": ("wolf", 0)}) == [2, 0]
    assert points({"a1": ("pig", 0), "b1": ("pig", 0), "c1": ("wolf", 0)}) == [2, 0]


def test_a_cat_triples_and_pig_with_cat_still_triples():
    assert points({"a1": ("cat", 0), "b1": ("wolf", 0), "c1": ("wolf", 0), "d1": ("wolf", 0)}) == [
        6,
        0,
    ]
    assert points({"a1": ("cat", 0), "b1": ("pig", 0), "c1": ("wolf", 0), "d1": ("wolf", 0)}) == [
        6,
        0,
    ]


def test_a_crow_halves_rounded_down_after_pig_or_cat():
    # the Crow is Blue's spy in Red's line of 5: 4 points, doubled by the Pig, halved
    line = {
        "a1": ("pig", 0),
        "b1": ("crow", 1),
        "c1": ("wolf", 0),
        "d1": ("wolf", 0),
        "e1": ("wolf", 0),
    }
    assert points(line) == [4, 0]
    # a line of 3 with a Crow: 1 point halved rounds down to 0
    assert points({"a1": ("wolf", 0), "b1": ("crow", 1), "c1": ("wolf", 0)}) == [0, 0]
    # Cat and Crow in a line of 4: 2 x 3 = 6, halved = 3
    cat_crow = {"a1": ("cat", 0), "b1": ("crow", 1), "c1": ("wolf", 0), "d1": ("wolf", 0)}
    assert points(cat_crow) == [3, 0]


def test_neutral_mercenaries_break_lines():
    for kind in ("prairie_dog", "hippo"):
        layout = {
            "a1": ("wolf", 0),
            "b1": (kind, 0),
            "c1": ("wolf", 0),
            "d1": ("wolf", 0),
            "e1": ("wolf", 0),
        }
        assert points(layout) == [1, 0]


def test_scored_lines_name_their_tiles():
    lines = scored_lines(board_from({"c1": ("wolf", 1), "c2": ("wolf", 1), "c3": ("wolf", 1)}))
    assert [(line.side, line.tiles, line.points) for line in lines] == [(1, (2, 8, 14), 1)]
