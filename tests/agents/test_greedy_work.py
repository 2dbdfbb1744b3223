"""The greedy bot spares work without changing what it decides."""

from __future__ import annotations

from typing import Any

import pytest

from lapilli.agents.greedy import GreedyAgent
from lapilli.core.actions import Action
from lapilli.core.state import State

from .helpers import position


class CopiesEverything(GreedyAgent):
    """Plays every move on a copy of the position, the last one too."""

    def _after(
        self, state: State, action: Action, depth: int, spread: bool = True, spare: bool = False
    ) -> float:
        return super()._after(state, action, depth, spread, spare=False)


class LooksAgain(GreedyAgent):
    """Looks again at every outcome sampled again."""

    def _sampled(self, state: State, picks: list[Action], depth: int) -> list[float]:
        last = len(picks) - 1
        return [self._after(state, o, depth, False, spare=i == last) for i, o in enumerate(picks)]


@pytest.mark.parametrize("wasteful", [CopiesEverything, LooksAgain])
@pytest.mark.parametrize(("players", "seed", "steps"), [(2, 2, 20), (3, 3, 40)])
def test_the_greedy_bot_values_moves_as_if_it_did_all_the_work(
    wasteful: type[GreedyAgent], players: int, seed: int, steps: int, monkeypatch: Any
) -> None:
    # Deeper positions where a Scan samples its draws: some are sampled twice
    state = position("deeper", players=players, seed=seed, steps=steps)
    copies = {"made": 0}
    clone = type(state).clone

    def counted(self: State) -> State:
        copies["made"] += 1
        return clone(self)

    monkeypatch.setattr(type(state), "clone", counted)
    legal, seat = state.legal_actions(), state.current_player()
    made, values = [], []
    for bot in (GreedyAgent(seed=5), wasteful(seed=5)):
        copies["made"] = 0
        values.append((bot.values(state, seat, legal), bot.rng.getstate()))
        made.append(copies["made"])
    assert values[0] == values[1]  # the same values, and the same random draws made
    assert made[0] < made[1]


def test_a_greedy_bot_on_a_clock_stops_looking_deep_and_says_so() -> None:
    state = position("volcanique", players=4, seed=1, steps=30)
    seat = state.current_player()
    late = GreedyAgent(seed=1, dets=8, depth=4, nodes=20_000, seconds=1e-6)
    action = late.act(state.clone(), seat)
    assert action in state.legal_actions()
    assert late.cut_short() == (
        "cut short after 1e-06 s: the last moves looked at one decision ahead, in 1 of 8 worlds"
    )
    # a clock it never reaches changes nothing: the same move as without one
    timed = GreedyAgent(seed=1, seconds=600)
    assert timed.act(state.clone(), seat) == GreedyAgent(seed=1).act(state.clone(), seat)
    assert timed.cut_short() is None
