"""The action codec and the numeric observation layout."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lapilli.core import Action, MalformedInput
from lapilli.core.numeric import ActionCodec, Layout, one_hot, seats_from
from lapilli.core.state import sample_chance

from .test_flow import BID, CASH, GAIN, NO_STEAL, PASS, STEAL, Toy

CODEC = ActionCodec([*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH])


def test_every_action_has_a_fixed_id_and_round_trips() -> None:
    assert CODEC.size == 9
    for i, action in enumerate(CODEC.actions):
        assert CODEC.encode(action) == i and CODEC.decode(i) == action
    assert ActionCodec([GAIN, GAIN, PASS]).size == 2  # duplicates keep their first id


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
    assert layout.describe() == [
        ("board", (2, 3), 0, 6),
        ("hand", (4,), 6, 10),
        ("turn", (1,), 10, 11),
    ]
    with pytest.raises(ValueError, match="positive shape"):
        Layout(empty=0)
    assert list(seats_from(2, 4)) == [2, 3, 0, 1]
