"""The greedy bot: one step of lookahead over the game's evaluation.

For each legal action it plays the action on a position built from its own view
(``state.determinize(seat, rng)``: it never looks at the true hidden state), resolves
the chance that follows by expectation over ``chance_outcomes`` (or by sampling when
there are many), and scores the result with the game's ``heuristic(state, seat)``
(see ``evaluation.py``). It picks the best, breaking ties at random.

Games split a turn into small decisions (choose a token, then place it), and one
decision alone often changes nothing the heuristic can see. So the lookahead goes on
while the same seat is still to move, up to ``depth`` decisions: "one step" is one
turn of its own, never a reply of an opponent.

It never takes a move back to a position it has already moved from (what its seat saw
there), unless every move does: free moves that undo each other would otherwise loop.

It spares work that cannot change what it decides: the last move looked at from a
position is played on that position itself rather than on a copy (nothing looks at it
afterwards), and an outcome sampled again is not looked at again when its first look
drew nothing at random (its value and its cost in positions are known).

With ``seconds`` it keeps to a clock (a server's cap on a decision): once the time is
up, the moves not yet looked at are judged one decision ahead with one draw of the
chance that follows, and no further world is drawn.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from typing import ClassVar

from lapilli.core.actions import Action
from lapilli.core.loop import quiet
from lapilli.core.state import CHANCE, TERMINAL, State, sample_outcome

from .base import Agent, Param
from .evaluation import evaluation_for

WIN = 1_000.0
"""What a won game is worth over any heuristic value."""


class GreedyAgent(Agent):
    name = "greedy"
    PARAMS: ClassVar[dict[str, Param]] = {
        "depth": Param(
            int,
            2,
            "own decisions looked at in a row (a split turn: choose, then place)",
            1,
            maximum=50,
        ),
        "chance": Param(
            int,
            6,
            "chance outcomes enumerated after a move (more are sampled this many times)",
            1,
            maximum=10_000,
        ),
        "dets": Param(int, 1, "determinizations averaged per decision", 1, maximum=10_000),
        "nodes": Param(
            int, 3000, "most positions built per decision (then depth 1)", 1, maximum=10**8
        ),
        "slip": Param(
            float,
            0.0,
            "0: its favourite move; above 0: the move it ranks k-th (0: its favourite) "
            "drawn with weight slip**k, so it slips from a move to the next one down that "
            "often",
            0,
            maximum=0.99,
        ),
        "seconds": Param(
            float,
            0.0,
            "seconds per decision at most (0: no limit); past them the moves left are "
            "looked at one decision ahead, in the worlds already drawn",
            0,
            maximum=86_400,
        ),
    }
    depth: int
    chance: int
    dets: int
    nodes: int
    slip: float
    seconds: float

    def __init__(self, seed: int | None = None, **params: object) -> None:
        super().__init__(seed, **params)
        self._left: set[bytes] = set()  # what the seat saw where this bot moved
        self._deadline = math.inf
        self._late = False  # the last decision outlasted ``seconds``
        self._worlds = 0  # the worlds it was judged in

    def act(self, state: State, seat: int) -> Action:
        legal = self.choices(state)
        if len(legal) == 1:
            return legal[0]
        totals = self.values(state, seat, legal)
        best = max(totals)
        if self.slip > 0:
            return self._loose(legal, totals)
        ties = [a for a, v in zip(legal, totals, strict=True) if v >= best - 1e-9]
        choice = ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]
        if self._returns(state, seat, choice):
            # free moves can undo each other (Deeper's transfers between Inventory and
            # Storage): a lookahead of one turn may then prefer each in turn for ever
            ranked = sorted(range(len(legal)), key=totals.__getitem__, reverse=True)
            fresh = (legal[i] for i in ranked if not self._returns(state, seat, legal[i]))
            choice = next(fresh, choice)
        self._left.add(fingerprint(state, seat))
        return choice

    def _loose(self, legal: list[Action], totals: list[float]) -> Action:
        """A move drawn by its rank (the easy level): the favourite most often, the next
        best sometimes, a blunder seldom. By rank, not by value, because the games'
        heuristics tell moves apart on different scales (Deeper's best moves differ by a
        hundredth of its scale), and a draw by value was a random player there. A loose
        bot wanders, so it does not need to remember where it has been."""
        order = list(range(len(legal)))
        self.rng.shuffle(order)  # equal values in a random order
        order.sort(key=totals.__getitem__, reverse=True)
        weights = [self.slip**k for k in range(len(order))]
        return legal[self.rng.choices(order, weights=weights)[0]]

    def cut_short(self) -> str | None:
        if not self._late:
            return None
        return (
            f"cut short after {self.seconds:g} s: the last moves looked at one decision "
            f"ahead, in {self._worlds} of {self.dets} world{'s' if self.dets > 1 else ''}"
        )

    def _returns(self, state: State, seat: int, action: Action) -> bool:
        """Whether ``action`` leads back to a position this bot has already moved from."""
        return leads_back(self._left, state, seat, action)

    def values(self, state: State, seat: int, legal: list[Action]) -> list[float]:
        """What each of ``legal`` is worth to ``seat`` (summed over ``dets`` worlds)."""
        evaluation = evaluation_for(type(state.game))
        self._h = evaluation.heuristic
        self._seat = seat
        totals = [0.0] * len(legal)
        self._draws = 0  # random draws made by the lookahead
        self._deadline = time.monotonic() + self.seconds if self.seconds else math.inf
        self._late = False
        self._worlds = 0
        while self._worlds < self.dets and not self._late:
            self._worlds += 1
            world = quiet(state.determinize(seat, self.rng))  # its copies stay quiet
            # a deep lookahead that would evaluate too many positions falls back to depth 1
            self._depth = self.depth
            self._budget = self.nodes
            values = [self._after(world, a, 1) for a in legal]
            if self._budget < 0 and self.depth > 1 and not self._late:
                self._depth = 1
                self._budget = self.nodes
                values = [self._after(world, a, 1) for a in legal]
            for i, v in enumerate(values):
                totals[i] += v
        return totals

    def _after(
        self, state: State, action: Action, depth: int, spread: bool = True, spare: bool = False
    ) -> float:
        """The value of ``action`` played on a copy of ``state``, or on ``state`` itself
        when ``spare`` (the caller looks at it no more)."""
        child = state if spare else state.clone()
        child.apply(action, check=False)
        self._budget -= 1
        if not self._late and time.monotonic() > self._deadline:
            self._late = True  # from now on: one decision ahead, one draw of chance
            self._budget = min(self._budget, 0)
        return self._value(child, depth, spread)

    def _value(self, state: State, depth: int, spread: bool = True) -> float:
        player = state.current_player()
        if player == TERMINAL:
            return WIN * state.returns()[self._seat] + self._h(state, self._seat)
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            if not spread or self._budget <= 0:
                # past the first chance node (or out of budget): one sampled outcome
                self._draws += 1
                pick = sample_outcome(outcomes, self.rng)
                return self._after(state, pick, depth, False, spare=True)
            if len(outcomes) > self.chance:
                # sample (with replacement) rather than enumerate
                self._draws += 1
                picks = self.rng.choices(
                    [o for o, _ in outcomes], weights=[p for _, p in outcomes], k=self.chance
                )
                return sum(self._sampled(state, picks, depth)) / len(picks)
            last = len(outcomes) - 1
            return sum(
                p * self._after(state, o, depth, False, spare=i == last)
                for i, (o, p) in enumerate(outcomes)
            )
        if player == self._seat and depth < self._depth and self._budget > 0:
            legal = self.choices(state)
            last = len(legal) - 1
            return max(
                self._after(state, a, depth + 1, spread, spare=i == last)
                for i, a in enumerate(legal)
            )
        return self._h(state, self._seat)

    def _sampled(self, state: State, picks: list[Action], depth: int) -> list[float]:
        """The value after each of ``picks``, outcomes sampled at ``state``. An outcome
        sampled again is looked at again only if its first look drew at random (then
        another look may differ); else its value and its cost in positions are known,
        and the cost is counted again (while the budget would stay positive throughout,
        as in the first look, where it was)."""
        known: dict[Action, tuple[float, int]] = {}
        values = []
        for i, o in enumerate(picks):
            seen = known.get(o)
            if seen is not None and self._budget - seen[1] > 0:
                self._budget -= seen[1]
                values.append(seen[0])
                continue
            draws, budget = self._draws, self._budget
            values.append(self._after(state, o, depth, False, spare=i == len(picks) - 1))
            if self._draws == draws and self._budget > 0:
                known[o] = (values[-1], budget - self._budget)
        return values


def leads_back(left: set[bytes], state: State, seat: int, action: Action) -> bool:
    """Whether ``action`` leads back to a position seen in ``left`` (what ``seat`` saw
    where a bot moved from)."""
    if not left:
        return False
    child = quiet(state.clone())
    child.apply(action, check=False)
    return fingerprint(child, seat) in left


def fingerprint(state: State, seat: int) -> bytes:
    """A short fingerprint of what ``seat`` sees of ``state``."""
    view = json.dumps(state.observation(seat), sort_keys=True, default=str)
    return hashlib.blake2b(view.encode(), digest_size=16).digest()
