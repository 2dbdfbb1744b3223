"""Volcanique's events are typed: each kind's keys are checked, and each kind reads as
one sentence of the log (kinds sharing a class read from their own table entry)."""

from __future__ import annotations

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.core.schema import check_event
from lapilli.games.volcanique import Volcanique

from .helpers import blank

GAME = Volcanique()


@pytest.mark.parametrize(
    "event",
    [
        {"type": "sacrificed", "seat": 0, "from": [1, -1]},
        {"type": "sacrificed", "seat": 0, "from": "hand"},
        {"type": "volcano", "seat": 1, "at": [0, 0], "lateral": False},
        {"type": "volcano", "seat": 1, "at": [0, 0], "ring": True},
        {"type": "contested", "counts": {"0": 2, "1": 2}, "winner": None},
        {"type": "paid", "seat": 0, "resources": [1, 0, 1], "for": "migration"},
        {"type": "end_triggered", "reason": "volcanic_winter", "seat": 1},
    ],
)
def test_the_shapes_a_kind_takes_are_documented(event):
    check_event(GAME, event)


@pytest.mark.parametrize(
    ("event", "where"),
    [
        ({"type": "sacrificed", "seat": 0, "from": "crater"}, "sacrificed.from"),
        ({"type": "volcano", "seat": 1, "at": [0, 0], "ring": False}, "volcano.ring"),
        ({"type": "contested", "counts": {"0": 2}}, "contested.winner"),
        ({"type": "paid", "seat": 0, "resources": [1, 0, 1], "for": "bribe"}, "paid.for"),
        ({"type": "end_triggered", "reason": "boredom", "seat": 1}, "end_triggered.reason"),
        ({"type": "wiped", "seat": 0, "at": [0, 0], "n": 1, "why": "lava"}, "wiped.why"),
        ({"type": "soil", "seat": 0, "at": [0, 0]}, "soil.seat"),
    ],
)
def test_an_event_off_its_documented_kind_is_refused(event, where):
    with pytest.raises(MalformedInput, match=where):
        check_event(GAME, event)


def test_kinds_sharing_a_class_read_each_as_its_own_sentence():
    s = blank()
    lines = {
        "Pink (P1) goes first (the dispute dhoobloon)": {"type": "first_player", "seat": 0},
        "Blue (P2) draws a Caldera card": {"type": "caldera_card", "seat": 1},
        "Pink (P1)'s Colossal Critter on the hex 1 east of the starting hex loses 1 HP": {
            "type": "colossal_damaged",
            "seat": 0,
            "at": [1, 0],
        },
        "Blue (P2)'s super volcano at the hex 1 north-west of the starting hex erupts": {
            "type": "super_eruption",
            "seat": 1,
            "at": [0, -1],
        },
        "Blue (P2) diverts the lava to the hex 2 east of the starting hex": {
            "type": "diversion",
            "seat": 1,
            "at": [2, 0],
        },
        "the hex 3 south-east, 2 east of the starting hex becomes volcanic soil": {
            "type": "soil",
            "at": [2, 3],
        },
        "the magma bomb lands on the hex 1 south-east of the starting hex": {
            "type": "bomb_lands",
            "at": [0, 1],
        },
    }
    for line, event in lines.items():
        assert s.event_text(event) == line


def test_the_whole_game_events_read_as_before():
    s = blank()
    contested = {"type": "contested", "counts": {"0": 3, "1": 1}, "winner": 0}
    assert s.event_text(contested) == "a contested biome (Pink (P1) 3, Blue (P2) 1): Pink (P1) wins"
    tie = {**contested, "counts": {"0": 2, "1": 2}, "winner": None}
    assert s.event_text(tie) == "a contested biome (Pink (P1) 2, Blue (P2) 2): a tie"
    over = {
        "type": "game_over",
        "scores": [12.0, 9.5],
        "caldera": [[], ["carnage"]],
        "reveal": True,
    }
    assert s.event_text(over) == (
        "the game is over: Pink (P1) 12, Blue (P2) 9.5; Caldera cards: Blue (P2) Carnage"
    )
    ring = {"type": "volcano", "seat": 1, "at": [1, 1], "ring": True}
    assert s.event_text(ring) == (
        "Blue (P2) raises a volcano on the hex 1 south-east, 1 east of the starting hex "
        "(ring of fire)"
    )
    # a tile holds up to three biomes: a move names them, not only the hex
    moved = {"type": "moved", "seat": 0, "from": [2, 4, 0], "to": [2, 4, 2]}
    assert s.event_text(moved) == (
        "Pink (P1) moves a critter from the dark biome of the hex 4 south-east, 2 east of "
        "the starting hex to the light biome of the same hex"
    )
    hand = {"type": "sacrificed", "seat": 0, "from": "hand"}
    assert s.event_text(hand) == "Pink (P1) sacrifices a critter from hand"


def test_each_wording_table_covers_exactly_its_kinds():
    from typing import get_args

    from lapilli.core.events import names_of
    from lapilli.games.volcanique import events, text

    assert set(text.END_REASONS) == set(get_args(events.EndReason))
    assert set(text.PURPOSES) == set(get_args(events.Purpose))
    assert set(text.SEAT_TEXT) == set(names_of(events.SeatEvent))
    assert set(text.SEAT_HEX_TEXT) == set(names_of(events.SeatHexEvent))
    assert set(text.HEX_TEXT) == set(names_of(events.HexEvent))
