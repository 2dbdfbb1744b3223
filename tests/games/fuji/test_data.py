"""Component data (data.toml) against the rulebook and the research notes."""

import pytest

from lapilli.games.fuji.board import NEIGH, cell
from lapilli.games.fuji.components import (
    EQUIPMENT,
    FACE_COLOUR,
    LANDSCAPE,
    REROLL_SYMBOL,
    SCENARIOS,
    SKILL_DEAL,
    SKILL_DICE,
    SKILL_KEEP,
    VALID,
    VILLAGE,
)

# research §2: landscape slots, villages (with V4), equipment tokens, eruption tokens,
# shortest walk from the white / grey start to a village
RESEARCH = {
    1: (21, 6, 7, 2, 5, 3),
    2: (23, 6, 7, 2, 11, 10),
    3: (23, 6, 7, 2, 9, 8),
    4: (19, 6, 7, 2, 10, 9),
    5: (24, 6, 7, 2, 9, 9),
    6: (21, 6, 7, 2, 10, 9),
    7: (20, 6, 7, 2, 9, 8),
}


def _walk(codes, start, goals):
    walk = {c for c, v in codes.items() if v not in ("V", "R")}
    seen = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for c in frontier:
            for n in NEIGH[c]:
                if n in walk and n not in seen:
                    seen[n] = seen[c] + 1
                    nxt.append(n)
        frontier = nxt
    return min(seen.get(g, 99) for g in goals)


@pytest.mark.parametrize("number", range(1, 8))
def test_scenario_layouts_match_the_research_counts(number):
    grid = SCENARIOS[number]["grid"]
    codes = {cell(x, y): c for y, row in enumerate(grid) for x, c in enumerate(row) if c != "."}
    land = sum(1 for c in codes.values() if c[0] in "LEXS")
    villages = {c for c, v in codes.items() if v[0] in "vV" and v != "V"}
    tokens_e = sum(1 for c in codes.values() if c.endswith("E"))
    tokens_x = sum(1 for c in codes.values() if c.endswith("X"))
    white = next(c for c, v in codes.items() if v == "S")
    grey = next(c for c, v in codes.items() if v == "S4")
    got = (
        land,
        len(villages),
        tokens_e,
        tokens_x,
        _walk(codes, white, villages),
        _walk(codes, grey, villages),
    )
    assert got == RESEARCH[number]
    assert sum(1 for v in codes.values() if v == "R") == 2
    assert sum(1 for v in codes.values() if v == "V") == 1


def test_every_die_has_two_faces_of_each_colour_and_opposite_faces_match():
    for faces in FACE_COLOUR:
        assert sorted(faces) == sorted(["yellow", "blue", "pink"] * 2)
        for v in range(1, 4):
            assert faces[v - 1] == faces[6 - v]


def test_requirements_quoted_in_the_rulebook():
    def counted(card):
        return {(t, v) for t in range(3) for v in range(1, 7) if VALID[card][t][v]}

    # "All dice with a 1, 2, or 3 (of any color)"
    assert counted(31) == {(t, v) for t in range(3) for v in (1, 2, 3)}
    # "All yellow dice and all dice that display a 4"
    assert counted(11) == {
        (t, v) for t in range(3) for v in range(1, 7) if v == 4 or FACE_COLOUR[t][v - 1] == "yellow"
    }
    # "All pink and blue dice that display an odd value"
    assert counted(14) == {
        (t, v) for t in range(3) for v in (1, 3, 5) if FACE_COLOUR[t][v - 1] in ("pink", "blue")
    }
    # "All yellow dice that display an even value"
    assert counted(9) == {
        (t, v) for t in range(3) for v in (2, 4, 6) if FACE_COLOUR[t][v - 1] == "yellow"
    }


def test_card_counts_and_reroll_symbols():
    assert len(LANDSCAPE) == 24 and len(VILLAGE) == 6
    assert [c for c in LANDSCAPE if REROLL_SYMBOL[c]] == [5, 10, 15, 18, 23]
    assert [c for c in VILLAGE if REROLL_SYMBOL[c]] == [31]


def test_skills_and_equipment_deck():
    assert SKILL_DICE == {
        "equipment_manager": 6,
        "scout": 5,
        "buddy": 6,
        "survivalist": 5,
        "gatherer": 6,
        "tinkerer": 5,
    }
    assert SKILL_DEAL["equipment_manager"] == 4 and SKILL_KEEP["equipment_manager"] == 2
    assert SKILL_DEAL["tinkerer"] == 3 and SKILL_KEEP["tinkerer"] == 1
    assert SKILL_DEAL["scout"] == 2
    assert len(EQUIPMENT) == 15
