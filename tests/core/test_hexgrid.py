import pytest

from lapilli.core import hexgrid as hx


def test_neighbours_are_at_distance_one_and_directions_invert():
    for d in range(6):
        h = hx.neighbour((2, -1), d)
        assert hx.distance((2, -1), h) == 1
        assert hx.direction_to((2, -1), h) == d
        assert hx.neighbour(h, hx.opposite(d)) == (2, -1)
    assert hx.direction_to((0, 0), (2, 0)) is None


def test_pointy_top_positions_put_neighbours_side_by_side_and_read_back():
    east, south_east = hx.DIRECTIONS[0], hx.DIRECTIONS[5]
    assert hx.pointy_top_position(east) == (2, 0)  # two half-hexes to the right
    assert hx.pointy_top_position(south_east) == (1, 1)  # half a hex right, a row down
    for h in hx.spiral((1, -2), 2):
        assert hx.from_pointy_top_position(*hx.pointy_top_position(h)) == h
    with pytest.raises(ValueError):
        hx.from_pointy_top_position(1, 0)


def test_rotation_turns_each_direction_into_the_next():
    for d in range(6):
        assert hx.rotate(hx.DIRECTIONS[d]) == hx.DIRECTIONS[(d + 1) % 6]
    assert hx.rotate((3, -2), 6) == (3, -2)
    assert hx.rotate((1, 1), 2, about=(1, 1)) == (1, 1)
    assert hx.distance((0, 0), hx.rotate((3, -1), 1)) == hx.distance((0, 0), (3, -1))


def test_rings_and_spirals():
    assert hx.ring((0, 0), 0) == [(0, 0)]
    for radius in (1, 2, 3):
        ring = hx.ring((1, -1), radius)
        assert len(ring) == 6 * radius == len(set(ring))
        assert all(hx.distance((1, -1), h) == radius for h in ring)
    assert len(set(hx.spiral((0, 0), 3))) == 1 + 6 + 12 + 18


def test_flat_top_positions_name_the_compass_directions():
    # a flat-top hex: north is one whole hex up its column, the side neighbours half a hex
    offsets = {
        "N": (0, -2),
        "NE": (1, -1),
        "SE": (1, 1),
        "S": (0, 2),
        "SW": (-1, 1),
        "NW": (-1, -1),
    }
    h = (3, -1)
    col, half = hx.flat_top_position(h)
    for d, name in enumerate(hx.FLAT_TOP):
        dc, dh = offsets[name]
        assert hx.flat_top_position(hx.neighbour(h, d)) == (col + dc, half + dh)
        assert (
            hx.FLAT_TOP[hx.opposite(d)]
            == {"N": "S", "S": "N", "NE": "SW", "SW": "NE", "SE": "NW", "NW": "SE"}[name]
        )
    assert hx.from_flat_top_position(col, half) == h
    with pytest.raises(ValueError):
        hx.from_flat_top_position(0, 1)
