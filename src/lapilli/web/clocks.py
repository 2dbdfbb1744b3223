"""Clocks of a table: real time (a base plus an increment per move) or turn-based (a
time for each move), and what happens to a seat whose time runs out.

Only a person's time runs: while chance or a bot is to move, every clock stands. A
clock passes on when the turn does (a seat making several decisions in a row keeps its
clock running); the increment is added as it passes. The state is plain data, kept in
the store after every change, so a restart finds every clock where it was; the time
comes from a function given to it, so tests move time by hand.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Policy = Literal["bot", "lose"]
POLICY_WORDS = {
    "bot": "a bot plays for the seat from then on",
    "lose": "the seat loses",
}


class ClockSpec(BaseModel):
    """A table's clock as asked for: ``real`` (minutes for the game, plus seconds per
    move) or ``turn`` (hours for each move); ``on_timeout``: ``bot`` or ``lose``."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["real", "turn"]
    minutes: float | None = Field(
        default=None, gt=0, le=24 * 60, description="real time: each seat's time for the game"
    )
    increment: float = Field(
        default=0, ge=0, le=3600, description="real time: seconds added after each move"
    )
    hours: float | None = Field(
        default=None, gt=0, le=24 * 14, description="turn-based: time for each move"
    )
    on_timeout: Policy = "bot"

    def rule(self) -> ClockRule:
        """The clock in seconds; ValueError names a missing time."""
        if self.kind == "real":
            if self.minutes is None or self.hours is not None:
                raise ValueError("a real-time clock takes minutes (and an increment), not hours")
            return ClockRule("real", self.minutes * 60, self.increment, self.on_timeout)
        if self.hours is None or self.minutes is not None or self.increment:
            raise ValueError("a turn-based clock takes hours per move, nothing else")
        return ClockRule("turn", self.hours * 3600, 0.0, self.on_timeout)


@dataclass(frozen=True)
class ClockRule:
    kind: Literal["real", "turn"]
    base: float  # seconds: a seat's time for the game (real) or for each move (turn)
    increment: float  # seconds added as a seat's turn ends (real time)
    on_timeout: Policy

    def words(self) -> str:
        """The clock in a sentence: "5 min + 3 s a move; out of time: the seat loses"."""
        if self.kind == "real":
            time = f"{_span(self.base)} each"
            if self.increment:
                time += f" + {self.increment:g} s a move"
        else:
            time = f"{_span(self.base)} for each move"
        return f"{time}; out of time: {POLICY_WORDS[self.on_timeout]}"


def _span(seconds: float) -> str:
    if seconds >= 3600:
        return f"{seconds / 3600:g} h"
    if seconds >= 60:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


@dataclass
class Clocks:
    rule: ClockRule
    left: list[float]  # each seat's time left when its clock last stopped or started
    running: int | None = None  # the seat whose time runs (None: a bot, chance or the end)
    since: float = 0.0  # when the running clock started
    out: list[int] = field(default_factory=list)  # seats whose time ran out, in order
    ended: str | None = None  # why the game ended before the rules' end (time ran out)
    version: int = 0  # the table's version this state follows

    @classmethod
    def start(cls, rule: ClockRule, seats: int) -> Clocks:
        return cls(rule, [rule.base] * seats)

    # -- changes -------------------------------------------------------------------
    def switch(self, to_move: int | None, now: float, version: int) -> None:
        """The table changed (to ``version``): the running clock is charged, and the clock
        of ``to_move`` (a person's seat to move, else None) runs from now."""
        passing = self.running is not None and self.running != to_move
        if self.running is not None:
            self.left[self.running] -= max(0.0, now - self.since)
            if passing and self.rule.kind == "real":
                self.left[self.running] += self.rule.increment
            elif passing:  # turn-based: a fresh allowance for the seat's next move
                self.left[self.running] = self.rule.base
        self.running, self.since, self.version = to_move, now, version

    def time_out(self, seat: int, now: float, version: int) -> None:
        """``seat``'s time ran out: its clock stops at zero for good."""
        self.left[seat] = 0.0
        self.out.append(seat)
        self.running, self.since, self.version = None, now, version

    # -- reading -----------------------------------------------------------------------
    def left_now(self, now: float) -> list[float]:
        left = list(self.left)
        if self.running is not None:
            left[self.running] -= max(0.0, now - self.since)
        return [max(0.0, t) for t in left]

    def deadline(self) -> float | None:
        """When the running clock runs out (None while none runs)."""
        if self.running is None or self.ended:
            return None
        return self.since + self.left[self.running]

    def overdue(self, now: float) -> int | None:
        """The seat whose time has run out by ``now``, if any."""
        deadline = self.deadline()
        return self.running if deadline is not None and now >= deadline else None

    def view(self, now: float) -> dict[str, Any]:
        """Every seat's time left (seconds), whose clock runs, and the rule in words."""
        return {
            "kind": self.rule.kind,
            "left": [round(t, 1) for t in self.left_now(now)],
            "running": self.running,
            "out": self.out,
            "on_timeout": self.rule.on_timeout,
            "words": self.rule.words(),
        }

    # -- kept in the store -------------------------------------------------------------
    def dumps(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def loads(cls, text: str) -> Clocks:
        data = json.loads(text)
        data["rule"] = ClockRule(**data["rule"])
        return cls(**data)
