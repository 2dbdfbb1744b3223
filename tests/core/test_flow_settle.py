"""Steps that resolve themselves when there is no real choice (``Step.settle``)."""

from __future__ import annotations

from typing import Any, NamedTuple

import pytest

from lapilli.core import Action, Utility
from lapilli.core.fields import PerSeat
from lapilli.core.flow import FlowState, Step, Steps, then
from lapilli.core.parts import Parts
from lapilli.core.state import CHANCE, Game
from lapilli.core.zones import Zone

TAKE = {n: Action("take", coins=n) for n in range(1, 4)}
ROLL = {n: Action("roll", pips=n) for n in range(1, 4)}


class PileArgs(NamedTuple):
    left: int


def _legal_take(s: Any, f: Any) -> list[Action]:
    return [TAKE[n] for n in range(1, min(f.args.left, 3) + 1)]


def _take(s: Any, f: Any, a: Action) -> list[dict]:
    s.coins[f.seat] += a.arg("coins")
    left = f.args.left - a.arg("coins")
    if left:
        then(s, TAKING(1 - f.seat, left=left))
    else:
        then(s, BONUS())
    return [{"type": "took", "seat": f.seat, "coins": a.arg("coins")}]


def _settle_take(s: Any, f: Any) -> list[dict] | None:
    legal = _legal_take(s, f)
    return _take(s, f, legal[0]) if len(legal) == 1 else None


TAKING = Step(
    "take", "Take 1-3 coins", _legal_take, apply=_take, settle=_settle_take, Args=PileArgs
)


def _bonus(s: Any, f: Any, a: Action) -> list[dict]:
    s.coins[0] += a.arg("pips")
    return [{"type": "bonus", "pips": a.arg("pips")}]


BONUS = Step(
    "bonus",
    "a die for the first player",
    outcomes=lambda s, f: [(ROLL[n], 1 / s.faces) for n in range(1, s.faces + 1)],
    apply=_bonus,
    # a die with one face needs no roll
    settle=lambda s, f: _bonus(s, f, ROLL[1]) if s.faces == 1 else None,
)


class NimState(FlowState):
    coins: PerSeat[int]
    faces: int

    def __init__(self, coins: int, faces: int) -> None:
        self.setup(Nim(), 2)
        self.coins = [0, 0]
        self.faces = faces
        then(self, TAKING(0, left=coins))
        self.advance()

    def scores(self) -> list[float]:
        return [float(c) for c in self.coins]


class Nim(Game):
    id = "nim"
    title = "Nim"
    min_players = max_players = 2
    utility = Utility.ZERO_SUM
    parts = Parts(
        state=NimState,
        steps=Steps(TAKING, BONUS),
        setup=lambda game, players: NimState(coins=5, faces=3),
        observe=lambda s, seat: {"coins": s.coins},
        observation=dict,
        action_text=lambda s, a: str(a),
        event_text=lambda s, e: None,
        render=lambda s, seat: str(s.coins),
    )


def test_a_decision_with_one_choice_resolves_itself_and_the_flow_goes_on() -> None:
    s = NimState(coins=5, faces=3)
    assert s.legal_actions() == [TAKE[1], TAKE[2], TAKE[3]]
    events = s.apply(TAKE[3])
    assert s.pending() == TAKING(1, left=2) and s.legal_actions() == [TAKE[1], TAKE[2]]
    events = s.apply(TAKE[1])
    # one coin left: player 1 takes it without being asked, then the die is rolled
    assert [e["type"] for e in events] == ["took", "took"]
    assert s.coins == [4, 1] and s.current_player() == CHANCE


def test_a_chance_node_with_one_outcome_resolves_itself() -> None:
    s = NimState(coins=2, faces=1)
    events = s.apply(TAKE[2])
    assert [e["type"] for e in events] == ["took", "bonus"]
    assert s.is_terminal() and s.coins == [3, 0]


def test_a_frame_that_settles_from_the_start() -> None:
    s = NimState(coins=1, faces=1)
    assert s.is_terminal() and s.coins == [2, 0]


def test_automatic_steps_cannot_settle() -> None:
    with pytest.raises(ValueError, match="cannot settle"):
        Steps(Step("auto", run=lambda s, f: [], settle=lambda s, f: []))


def test_take_if_only_passes_when_nothing_else_is_left() -> None:
    from lapilli.core.flow import take_if_only

    from .test_flow import CASH, GAIN, PASS, Toy, ToyState

    state = ToyState.__new__(ToyState)
    state.setup(Toy(), 2)
    state.hands = [Zone(), Zone({"star": 1})]  # seat 1 could cash a star (a free action)
    taken: list[Action] = []

    class Offer(NamedTuple):
        offer: tuple[Action, ...]

    step = Step(
        "offer",
        legal=lambda s, f: list(f.args.offer),
        apply=lambda s, f, a: taken.append(a) or [{"type": "passed"}],
        Args=Offer,
        settle=take_if_only(PASS),
    )
    assert step.settle(state, step(0, offer=(GAIN, PASS))) is None
    assert step.settle(state, step(1, offer=(PASS,))) is None  # cashing is still possible
    assert not taken
    assert step.settle(state, step(0, offer=(PASS,))) == [{"type": "passed"}]
    assert taken == [PASS] and CASH not in taken
