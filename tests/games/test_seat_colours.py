"""Every game paints its seats from the one palette in core.svg, by the colour names its
rulebook gives them."""

import pytest

from lapilli.core.svg import SEAT_PALETTE
from lapilli.games.deeper import drawing as deeper
from lapilli.games.eras import drawing as eras
from lapilli.games.eras.text import COLOURS
from lapilli.games.foggy_island import drawing as foggy_island
from lapilli.games.foggy_island.components import SIDE_NAMES
from lapilli.games.fuji import drawing as fuji
from lapilli.games.volcanique import drawing as volcanique
from lapilli.games.volcanique.text import SEAT_COLOURS

SEATS = {
    "eras": (eras.seat_fill, COLOURS),
    "deeper": (deeper.seat_fill, deeper.DIVER_COLOURS),
    "foggy_island": (foggy_island.SIDE_FILL.__getitem__, SIDE_NAMES),
    "fuji": (fuji.meeple_fill, [colour for _, colour in fuji.CHARACTERS]),
    "volcanique": (volcanique.seat_fill, SEAT_COLOURS),
}
"""Per game: the paint of seat (or side, or character) ``k``, and the colour names."""


@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_seat_is_painted_in_the_palette_colour_of_its_name(game):
    paint, names = SEATS[game]
    assert names
    for seat, name in enumerate(names):
        assert paint(seat) == SEAT_PALETTE[name.lower()], (seat, name)
