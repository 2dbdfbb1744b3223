"""The board: flat-top hexes that never rotate, depth by rows, edges that must match."""

import pytest

from lapilli.core import hexgrid as hx
from lapilli.core.errors import IllegalAction
from lapilli.games.deeper.board import NE, NO_CELL, NW, N, ocean
from lapilli.games.deeper.components import TILES
from lapilli.games.deeper.exploring import fits, mismatch

from .helpers import A, position


def test_hexes_are_named_by_column_and_depth_and_columns_are_half_a_row_apart():
    oc = ocean(1)
    around = {
        d: oc.names[n] for d, n in zip(hx.FLAT_TOP, oc.neighbours[oc.cell("H20")], strict=True)
    }
    assert around == {"N": "H0", "NE": "I10", "SE": "I30", "S": "H40", "SW": "G30", "NW": "G10"}
    assert oc.metres(oc.cell("H40")) == 40 and oc.metres(oc.cell("G50")) == 50


def test_depth_levels_count_rows_of_20_metres_from_the_surface():
    # default 3: level = ceil(depth / 20 m); the Hatch is at the surface
    oc = ocean(1)
    levels = {
        name: oc.levels[oc.cell(name)] for name in ("H0", "G10", "H20", "G30", "H40", "G90", "H100")
    }
    assert levels == {"H0": 0, "G10": 1, "H20": 1, "G30": 2, "H40": 2, "G90": 5, "H100": 5}


def test_the_ocean_spans_15_columns_from_10_to_100_metres():
    oc = ocean(4)
    depths = {oc.metres(c) for c in range(len(oc.cells))}
    assert min(depths - {0}) == 10 and max(depths) == 100  # default 4
    assert {oc.names[c][0] for c in range(len(oc.cells))} == set("ABCDEFGHIJKLMNO")
    surface = [oc.names[c] for c in range(len(oc.cells)) if oc.metres(c) == 0]
    assert surface == ["B0", "F0", "J0", "N0"]  # only the Hatches lie on the surface
    with pytest.raises(KeyError):
        oc.cell("H120")


def test_nothing_goes_above_a_hatch_its_sky_edges():
    oc = ocean(1)
    hatch = oc.cell("H0")
    assert [oc.neighbours[hatch][d] for d in (N, NE, NW)] == [NO_CELL] * 3


def test_a_tile_fits_only_if_each_edge_matches_every_placed_neighbour():
    s = position(tiles={"H20": "40m-11"})  # a rock floor: SW, S and SE are rock
    g30 = s.ocean.cell("G30")
    # G30 touches H20's rock SW edge with its NE edge, and G10's water with its N edge
    assert not fits(s, "20m-01", g30)  # all water
    assert mismatch(s, "20m-01", g30) == (
        "Legal tile placement: its NE edge (water) would touch the rock edge of H20"
    )
    assert fits(s, "40m-08", g30)  # rock NE and SE
    assert not fits(s, "40m-10", g30)  # rock NW and SW: water NE meets rock
    # open water (no neighbour placed yet) never constrains
    assert fits(s, "60m-09", s.ocean.cell("D60"))


def test_tiles_never_rotate():
    # the same tile fits one side and not the mirror side: there is no turned version
    s = position(tiles={"H20": "40m-11"})
    assert TILES["40m-08"].edges[NE] == 1 and TILES["40m-08"].edges[NW] == 0
    assert not fits(s, "40m-08", s.ocean.cell("I30"))  # its NW edge is water, H20's SE is rock
    assert fits(s, "40m-10", s.ocean.cell("I30"))  # the mirror tile fits there


def test_water_and_rock_never_block_swimming():
    # from a rock floor down-left through a rock wall
    s = position(tiles={"H20": "40m-11", "G30": "40m-08"}, seats={0: {"hex": "H20"}})
    s.apply(A("swim", to="G30"))
    assert s.ocean.names[s.pawn[0]] == "G30"


def test_pawns_may_share_a_hex():
    s = position(2, seats={0: {"hex": "G10"}}, tiles={"H20": "20m-01"})
    s.apply(A("swim", to="H20"))
    s.apply(A("done"))
    s.apply(A("swim", to="I10"))
    s.apply(A("swim", to="H20"))
    assert s.pawn[0] == s.pawn[1]


def test_a_refused_placement_names_the_rule_and_changes_nothing():
    s = position(tiles={"H20": "40m-11"}, market=["20m-01"], seats={0: {"hex": "G10"}})
    before = s.to_json()
    with pytest.raises(IllegalAction, match="Legal tile placement: its NE edge"):
        s.apply(A("explore", tile="20m-01", at="G30"))
    assert s.to_json() == before
