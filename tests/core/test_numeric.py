"""The action codec and the numeric observation layout."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lapilli.core import Action, MalformedInput
from lapilli.core.numeric import ActionCodec, Family, Layout, one_hot, seats_from
from lapilli.core.state import sample_chance

from .test_flow import BID, CASH, GAIN, NO_STEAL, PASS, STEAL, Toy

CODEC = ActionCodec([*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH])


def test_every_action_has_a_fixed_id_and_round_trips() -> None:
    assert CODEC.size == 9
    for i, action in enumerate([*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH]):
        assert CODEC.encode(action) == i and CODEC.decode(i) == action and action in CODEC
    assert ActionCodec([GAIN, GAIN, PASS]).size == 2  # duplicates keep their first id
    assert Action("fly") not in CODEC


def test_a_family_numbers_a_product_without_listing_it() -> None:
    hexes = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]
    codec = ActionCodec([PASS, Family("move", at=hexes, to=hexes), GAIN, Family("bid", gems=[7])])
    assert codec.size == 1 + 25 * 25 + 1 + 1
    move = Action("move", at=(0, 1), to=(-2, -2))
    assert codec.encode(move) == 1 + hexes.index((0, 1)) * 25 + hexes.index((-2, -2))
    assert codec.decode(codec.encode(move)) == move
    assert codec.encode(GAIN) == 626 and codec.decode(627) == Action("bid", gems=7)
    assert [codec.encode(codec.decode(i)) for i in range(codec.size)] == list(range(codec.size))
    for stranger in (Action("move", at=(0, 1)), Action("move", at=(9, 9), to=(0, 0))):
        assert stranger not in codec
    assert Action("move", at=(0, 1), to=(0, 0), by=1) not in codec
    assert codec.describe() == [
        ("pass", 0, 1),
        ("move (at x to)", 1, 626),
        ("gain", 626, 627),
        ("bid (gems)", 627, 628),
    ]
    with pytest.raises(ValueError, match="both alone and in a family"):
        ActionCodec([BID[1], Family("bid", gems=range(4))])
    with pytest.raises(ValueError, match="needs parameters"):
        Family("move", at=[])


def test_the_codec_refuses_what_is_not_an_action_id() -> None:
    with pytest.raises(MalformedInput, match="not an action of this game"):
        CODEC.encode(Action("fly"))
    with pytest.raises(MalformedInput, match="from 0 to 8, not 9"):
        CODEC.decode(9)
    with pytest.raises(MalformedInput, match="whole number"):
        CODEC.decode("1")  # type: ignore[arg-type]


def test_the_mask_marks_exactly_the_legal_actions_along_a_game() -> None:
    rng = random.Random(5)
    state = Toy().new_state()
    while not state.is_terminal():
        mask = CODEC.mask(state)
        if state.is_chance_node():
            assert not mask.any()
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        assert [CODEC.decode(int(i)) for i in np.flatnonzero(mask)] == sorted(
            legal, key=CODEC.encode
        )
        state.apply(rng.choice(legal))


def test_layout_blocks_are_named_views_of_one_vector() -> None:
    layout = Layout(board=(2, 3), hand=4, turn=1)
    assert layout.size == 11
    v = layout.zeros()
    layout.block(v, "board")[1, 2] = 5
    layout.block(v, "hand")[:] = one_hot(2, 4)
    assert v[5] == 5 and v[8] == 1 and v.dtype == np.float32
    views = layout.views(v)
    views["turn"][0] = 7
    assert list(views) == ["board", "hand", "turn"] and views["board"][1, 2] == 5 and v[10] == 7
    assert layout.describe() == [
        ("board", (2, 3), 0, 6),
        ("hand", (4,), 6, 10),
        ("turn", (1,), 10, 11),
    ]
    with pytest.raises(ValueError, match="positive shape"):
        Layout(empty=0)
    assert list(seats_from(2, 4)) == [2, 3, 0, 1]
