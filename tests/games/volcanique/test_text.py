"""The terminal view."""

from rich.console import Console

from lapilli.core.flow import then
from lapilli.games.volcanique.steps import CLAIM

from .helpers import D, L, blank, crit, hold, lava, put_uno


def text(state, seat):
    console = Console(width=160, record=True)
    console.print(state.render(seat))
    return console.export_text()


def test_the_view_shows_heights_biomes_critters_lava_and_hides_other_hands():
    s = blank()
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), L, 1)
    crit(s, (0, 0), D, 0)
    s.lava = [lava((1, 0))]
    hold(s, 0, "carnage")
    then(s, CLAIM(0))
    mine, theirs = text(s, 0), text(s, 1)
    assert "3d" in mine and "Pd" in mine and "LAVA" in mine and "0,0" in mine
    assert "Carnage" in mine and "Carnage" not in theirs and "1 hidden" in theirs
