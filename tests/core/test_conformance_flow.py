"""The conformance suite holds a turn-flow game's ``refuse`` to be its rule.

The toy: a die sets a pile of 4-6 stones; players take turns taking 1-3 of them
("Taking: take 1 to 3 stones, no more than are left"); who takes the last one wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from lapilli.core import Action, Game, State, Utility
from lapilli.core.conformance import ConformanceFailure, check_game
from lapilli.core.flow import FlowState, Frame, Step, Steps, then
from lapilli.core.parts import Parts

TAKE = {n: Action("take", stones=n) for n in range(1, 4)}
PILE = {n: Action("pile", stones=n) for n in range(4, 7)}
Refuse = Callable[[Any, Frame, Action], "str | None"]


def the_rule(s: Any, f: Frame, a: Action) -> str | None:
    if a.kind == "take" and not 1 <= a.arg("stones") <= min(3, s.left):
        return f"Taking: take 1 to 3 stones, no more than the {s.left} left"
    return None


def stones(refuse: Refuse) -> Game:
    """The toy game with ``refuse`` as its taking rule."""

    def take(s: StonesState, f: Frame, a: Action) -> list[dict]:
        s.left -= a.arg("stones")
        s.last = f.seat
        if s.left:
            then(s, TAKING(1 - f.seat))
        return [{"type": "took", "seat": f.seat, "stones": a.arg("stones")}]

    def pile(s: StonesState, f: Frame, a: Action) -> list[dict]:
        s.left = a.arg("stones")
        then(s, TAKING(0))
        return [{"type": "pile", "stones": s.left}]

    TAKING = Step(
        "take",
        "Taking: take 1 to 3 stones",
        legal=lambda s, f: [TAKE[n] for n in range(1, min(3, s.left) + 1)],
        refuse=refuse,
        apply=take,
    )
    ROLL = Step(
        "roll",
        "a die sets the pile",
        outcomes=lambda s, f: [(PILE[n], 1 / 3) for n in PILE],
        apply=pile,
    )

    class StonesState(FlowState):
        left: int
        last: int

        def scores(self) -> list[float]:
            return [1.0 if seat == self.last and not self.stack else 0.0 for seat in (0, 1)]

    def setup(game: Game, players: int) -> StonesState:
        s = StonesState.__new__(StonesState)
        s.setup(game, players)
        s.left, s.last = 0, -1
        then(s, ROLL())
        return s

    def action_text(s: StonesState, action: Action) -> str:
        if action.kind == "pile":
            return f"a pile of {action.arg('stones')} stones"
        return f"take {action.arg('stones')} stones"

    def event_text(s: StonesState, event: dict[str, Any]) -> str:
        if event["type"] == "pile":
            return f"the die sets a pile of {event['stones']} stones"
        return f"{s.seat_label(event['seat'])} takes {event['stones']} stones"

    class Stones(Game):
        id = "stones"
        title = "Stones"
        min_players = max_players = 2
        utility = Utility.ZERO_SUM
        parts = Parts(
            state=StonesState,
            steps=Steps(ROLL, TAKING),
            setup=setup,
            observe=lambda s, seat: {"left": s.left, "decision": s.decision()},
            observation=dict,
            action_text=action_text,
            event_text=event_text,
            event=dict,
            render=lambda s, seat: f"{s.left} stones left",
        )

    return Stones()


def test_a_game_whose_refuse_is_its_rule_passes():
    runs = check_game(stones(the_rule), 2, seeds=range(6), checks_per_game=50)
    assert all(run.final.is_terminal() for run in runs)
    game = stones(the_rule)
    state = game.new_state()
    state.apply(PILE[4])
    state.apply(TAKE[3])
    with pytest.raises(Exception, match="no more than the 1 left"):
        state.apply(TAKE[2])


def test_a_refuse_that_refuses_a_listed_action_fails():
    def too_strict(s: Any, f: Frame, a: Action) -> str | None:
        return "Taking: at most 2 stones" if a.arg("stones", 0) > 2 else the_rule(s, f, a)

    with pytest.raises(ConformanceFailure, match="refuses the listed action take stones=3"):
        check_game(stones(too_strict), 2, seeds=range(3), checks_per_game=50)


def test_a_refuse_that_lets_an_unlisted_action_pass_fails():
    def forgets_the_pile(s: Any, f: Frame, a: Action) -> str | None:
        return "Taking: take 1 to 3 stones" if not 1 <= a.arg("stones", 0) <= 3 else None

    with pytest.raises(ConformanceFailure, match="is not listed, but refuse.. gives no reason"):
        check_game(stones(forgets_the_pile), 2, seeds=range(6), checks_per_game=50)


def test_actions_and_events_in_engine_notation_fail(monkeypatch):
    game = stones(the_rule)
    toy = type(game.new_state())
    with monkeypatch.context() as m:
        m.setattr(toy, "action_text", lambda s, a: str(a))
        with pytest.raises(ConformanceFailure, match="'=' is engine notation"):
            check_game(game, 2, seeds=range(1))
    with monkeypatch.context() as m:
        m.setattr(toy, "event_text", lambda s, e: f"took: stones [{e.get('stones')}]")
        with pytest.raises(ConformanceFailure, match="'\\[' is engine notation"):
            check_game(game, 2, seeds=range(1))
    with monkeypatch.context() as m:
        m.setattr(toy, "event_text", State.event_text)
        with pytest.raises(ConformanceFailure, match="event has no text of its own"):
            check_game(game, 2, seeds=range(1))
    with monkeypatch.context() as m:
        m.setattr(toy, "action_text", lambda s, a: a.kind)
        with pytest.raises(ConformanceFailure, match="several actions read 'pile'"):
            check_game(game, 2, seeds=range(1))
