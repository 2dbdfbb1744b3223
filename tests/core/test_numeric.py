"""The action codec and the numeric observation layout."""

from __future__ import annotations

import random

import numpy as np
import pytest

from lapilli.core import Action, MalformedInput
from lapilli.core.numeric import ActionCodec, Choice, Family, Layout, one_hot, seats_from
from lapilli.core.state import sample_chance

from .test_flow import BID, CASH, GAIN, NO_STEAL, PASS, STEAL, Toy

CODEC = ActionCodec([*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH])


def test_every_action_has_a_fixed_id_and_round_trips() -> None:
    assert CODEC.size == 9 and CODEC.longest == 1 and CODEC.choice_size == 0
    for i, action in enumerate([*BID.values(), GAIN, PASS, STEAL, NO_STEAL, CASH]):
        assert CODEC.encode(action) == (i,) and CODEC.decode([i]) == action and action in CODEC
    assert ActionCodec([GAIN, GAIN, PASS]).size == 2  # duplicates keep their first id
    assert Action("fly") not in CODEC


HEXES = [(q, r) for q in range(-2, 3) for r in range(-2, 3)]
MOVES = ActionCodec(
    [
        PASS,
        Family("move", at=HEXES, to=HEXES),
        GAIN,
        Family("bid", gems=[7]),
        Family("jump", at=HEXES),
    ]
)


def test_a_family_is_chosen_part_by_part_from_ranges_its_parameters_share() -> None:
    codec = MOVES
    # the actions alone and the kinds, then a range per parameter: "at" is shared
    assert codec.size == 5 + 25 + 25 + 1 and codec.longest == 3
    move = Action("move", at=(0, 1), to=(-2, -2))
    assert codec.encode(move) == (1, 5 + HEXES.index((0, 1)), 30 + HEXES.index((-2, -2)))
    assert codec.decode(codec.encode(move)) == move
    assert codec.encode(Action("jump", at=(0, 1))) == (4, 5 + HEXES.index((0, 1)))
    assert codec.encode(GAIN) == (2,) and codec.decode([3, 55]) == Action("bid", gems=7)
    for stranger in (Action("move", at=(0, 1)), Action("move", at=(9, 9), to=(0, 0))):
        assert stranger not in codec
    assert Action("move", at=(0, 1), to=(0, 0), by=1) not in codec
    assert codec.describe() == [
        ("pass", 0, 1),
        ("move (at x to)", 1, 2),
        ("gain", 2, 3),
        ("bid (gems)", 3, 4),
        ("jump (at)", 4, 5),
        ("at (of move, jump)", 5, 30),
        ("to (of move)", 30, 55),
        ("gems (of bid)", 55, 56),
    ]
    # a choice in progress is told by the kinds and the values more may follow
    assert codec.choice_size == 3 + 25
    with pytest.raises(ValueError, match="both alone and in a family"):
        ActionCodec([BID[1], Family("bid", gems=range(4))])
    with pytest.raises(ValueError, match="needs parameters"):
        Family("move", at=[])


def test_the_codec_refuses_what_is_not_an_action_id() -> None:
    with pytest.raises(MalformedInput, match="not an action of this game"):
        CODEC.encode(Action("fly"))
    with pytest.raises(MalformedInput, match="from 0 to 8, not 9"):
        CODEC.decode([9])
    with pytest.raises(MalformedInput, match="whole number"):
        CODEC.decode(["1"])  # type: ignore[list-item]
    with pytest.raises(MalformedInput, match="not an action of this game"):
        CODEC.decode([1, 2])
    with pytest.raises(MalformedInput, match=r"move \(at x to\) takes 3 ids, not 2"):
        MOVES.decode([1, 5])
    with pytest.raises(MalformedInput, match="not a value of move's to"):
        MOVES.decode([1, 5, 6])
    with pytest.raises(MalformedInput, match="at least one id"):
        MOVES.decode([])


def test_the_mask_marks_the_ids_the_legal_actions_start_from_along_a_game() -> None:
    rng = random.Random(5)
    state = Toy().new_state()
    while not state.is_terminal():
        mask = CODEC.mask(state)
        if state.is_chance_node():
            assert not mask.any()
            state.apply(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        assert [CODEC.decode([int(i)]) for i in np.flatnonzero(mask)] == sorted(
            legal, key=CODEC.encode
        )
        state.apply(rng.choice(legal))


class Table:
    """A position reduced to what a choice reads: the seat to move and its actions."""

    def __init__(self, legal: list[Action]) -> None:
        self.legal = legal

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[Action]:
        return self.legal


def move(a: tuple[int, int], b: tuple[int, int]) -> Action:
    return Action("move", at=a, to=b)


A, B, C = (0, 0), (0, 1), (1, 1)


def test_a_choice_takes_an_action_one_part_at_a_time() -> None:
    table = Table([move(A, B), move(A, C), move(B, A), PASS])
    choice = Choice(MOVES)
    at, to = 5, 30
    assert choice.legal_ids(table) == [0, 1]  # pass, or a move
    assert choice.pick(table, 1) is None and choice.chosen == (1,)
    assert choice.legal_ids(table) == [at + HEXES.index(A), at + HEXES.index(B)]
    assert not choice.vector()[MOVES.choice_index[at + HEXES.index(B)]]
    assert choice.pick(table, at + HEXES.index(A)) is None
    assert choice.legal_ids(table) == sorted(to + HEXES.index(h) for h in (B, C))
    picked = choice.vector()
    assert picked.sum() == 2 and picked[MOVES.choice_index[at + HEXES.index(A)]] == 1
    assert choice.mask(table).sum() == 2
    assert choice.taken == 0
    assert choice.pick(table, to + HEXES.index(C)) == move(A, C)
    assert choice.chosen == () and not choice.vector().any() and choice.taken == 1
    with pytest.raises(MalformedInput, match="not one of the choices now"):
        choice.pick(table, to + HEXES.index(C))  # a hex to go to, before a move is chosen


def test_a_choice_takes_at_once_the_parts_every_legal_action_agrees_on() -> None:
    choice = Choice(MOVES)
    table = Table([move(A, B), move(A, C)])
    assert choice.legal_ids(table) == sorted(30 + HEXES.index(h) for h in (B, C))
    assert choice.chosen == (1, 5 + HEXES.index(A))  # the move, from A: no choice there
    lone = Table([Action("jump", at=C)])  # one action: its last part is still asked
    choice.applied(move(A, B))
    assert choice.legal_ids(lone) == [5 + HEXES.index(C)]
    assert choice.pick(lone, 5 + HEXES.index(C)) == Action("jump", at=C)


def test_a_choice_allows_a_run_of_free_actions_only_so_long() -> None:
    store = Action("store", resource="fish")
    codec = ActionCodec([store, PASS])
    table = Table([store, PASS])
    choice = Choice(codec, free_kinds={"store"}, free_run=2)
    for _ in range(2):
        assert choice.legal_ids(table) == [0, 1]
        choice.applied(choice.pick(table, 0))  # type: ignore[arg-type]
    assert choice.legal_ids(table) == [1]  # a third free move in a row is not offered
    choice.applied(PASS)
    assert choice.legal_ids(table) == [0, 1]
    only_free = Table([store])
    choice.run = 5
    assert choice.legal_ids(only_free) == [0]  # a step whose only moves are free keeps them


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
