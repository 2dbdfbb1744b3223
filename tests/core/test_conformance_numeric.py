"""The conformance suite checks a game's numeric view: codec, mask, shape, no leaks.

The toy of ``test_flow`` hides each player's hand from the other; its numeric view here
is the gems and the seat's own hand, or a faulty variant of it.
"""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from lapilli.core.conformance import ConformanceFailure, check_codec, check_numeric
from lapilli.core.numeric import ActionCodec, Layout
from lapilli.core.state import sample_chance

from .test_flow import BID, CASH, GAIN, NO_STEAL, PASS, STEAL, Toy

ACTIONS = [*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH]
LAYOUT = Layout(gems=2, hand=2)


def own_view(state: Any, seat: int) -> np.ndarray:
    obs = state.observation(seat)
    v = LAYOUT.zeros()
    views = LAYOUT.views(v)
    views["gems"][:] = [obs["gems"][seat] / 10, obs["gems"][1 - seat] / 10]
    items = obs["hands"][seat]["items"]
    views["hand"][:] = [items.get("star", 0), items.get("moon", 0)]
    return v


def peeking(state: Any, seat: int) -> np.ndarray:
    """The opponent's hand instead of one's own: a leak."""
    v = own_view(state, seat)
    LAYOUT.block(v, "hand")[:] = [state.hands[1 - seat].count(c) for c in ("star", "moon")]
    return v


def toy(encode: Any = own_view, actions: list = ACTIONS, size: int = LAYOUT.size) -> Toy:
    module = SimpleNamespace(
        codec=lambda game, players: ActionCodec(actions),
        layout=lambda game, players: Layout(vector=size),
        encode=encode,
    )

    class NumericToy(Toy):
        parts = replace(Toy.parts, numeric=module)

    return NumericToy()


def check_along_a_game(game: Toy, seed: int = 3) -> set:
    """``check_numeric`` at every position of a random game; the actions offered."""
    rng = random.Random(seed)
    state = game.new_state()
    pool: set = set()
    while True:
        check_numeric(state, rng)
        if state.is_terminal():
            return pool
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        else:
            pool.update(state.legal_actions())
            state.apply(rng.choice(state.legal_actions()))


def test_a_faithful_numeric_view_passes():
    game = toy()
    pool = check_along_a_game(game)
    check_codec(game, 2, pool)
    assert CASH in pool and game.action_codec(2).size == len(ACTIONS)


def test_a_vector_showing_the_opponents_hand_fails():
    with pytest.raises(ConformanceFailure, match=r"determinize\(\d\) changed numeric"):
        for seed in range(10):
            check_along_a_game(toy(encode=peeking), seed)


def test_a_codec_missing_a_legal_action_fails():
    with pytest.raises(ConformanceFailure, match="legal action cash is not in the action codec"):
        for seed in range(10):
            check_along_a_game(toy(actions=ACTIONS[:-1]), seed)
    with pytest.raises(ConformanceFailure, match="1 legal actions are not in the action codec"):
        check_codec(toy(actions=ACTIONS[:-1]), 2, {CASH, GAIN})


def test_a_vector_of_another_size_or_type_fails():
    with pytest.raises(ConformanceFailure, match="layout's size 5"):
        check_along_a_game(toy(size=5))
    as_float64 = toy(encode=lambda s, seat: own_view(s, seat).astype(np.float64))
    with pytest.raises(ConformanceFailure, match="finite float32"):
        check_along_a_game(as_float64)


def test_a_mask_that_marks_other_actions_fails():
    class LooseCodec(ActionCodec):
        def mask(self, state: Any) -> np.ndarray:
            return np.ones(self.size, dtype=np.int8)

    game = toy()
    game.__dict__["_codecs"] = {2: LooseCodec(ACTIONS)}
    with pytest.raises(ConformanceFailure, match="mask does not mark exactly"):
        check_along_a_game(game)
