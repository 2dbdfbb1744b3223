"""The hook points a later powers issue plugs effects into."""

from lapilli.core import Action
from lapilli.games.volcanique import powers
from lapilli.games.volcanique.components import POWERS

from .helpers import A, D, at, blank, give, put, put_uno


def test_a_max_tiles_field_allows_a_third_tile_after_two_on_soil(monkeypatch):
    monkeypatch.setitem(POWERS, "crafty_critters", {**POWERS["crafty_critters"], "max_tiles": 3})
    s = blank()
    s.grid["L2a"] = "crafty_critters"
    s.marks[0] = ["L1", "L2a"]
    put_uno(s, (1, 0), D)
    put(s, (0, 0), -1)
    put(s, (2, 0), -1)
    put_uno(s, (3, 0), D)
    give(s, 0, dark=6)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(0, 0)))
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(2, 0)))
    assert s.phase == "buy" and s.flags["tiles"] == 2  # a third tile may follow


def test_an_island_tiles_field_makes_bigger_islands(monkeypatch):
    monkeypatch.setitem(POWERS, "island_forger", {**POWERS["island_forger"], "island_tiles": 4})
    s = blank()
    s.grid["L4a"] = "island_forger"
    s.marks[0] = ["L4a"]
    put_uno(s, (0, 0), D)
    s.crater[0] = 3
    give(s, 0, dark=7)
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    for _ in range(4):
        s.apply(A("choose_tile", tile="uno-dark"))
        s.apply(s.legal_actions()[0])
    assert len([h for h in s.stacks if h != (0, 0)]) == 4


def test_step_actions_and_handlers_extend_a_turn(monkeypatch):
    seen = []
    monkeypatch.setitem(
        powers.STEP_ACTIONS,
        "lava_diversion",
        lambda state, seat, phase: [Action("divert")] if phase == "claim" else [],
    )
    monkeypatch.setitem(
        powers.ACTION_HANDLERS,
        "divert",
        lambda state, action: seen.append(state.phase) or [{"type": "divert"}],
    )
    s = blank()
    s.marks[0] = ["L1"]  # lava_diversion in the test grid
    put_uno(s, (0, 0), D)
    at(s, "claim")
    assert Action("divert") in s.legal_actions()
    events = s.apply(Action("divert"))
    assert seen == ["claim"] and events == [{"type": "divert"}]
    other = blank()  # without the power: no such action
    put_uno(other, (0, 0), D)
    at(other, "claim")
    assert Action("divert") not in other.legal_actions()
