"""The end: the last rocket card built or the round limit, and the builder's tie
decision. Below the turn and the habitat, which both end the game."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .actions import act
from .events import End, Events
from .state import DeeperState


def game_over(s: DeeperState, reason: End, builder: int = -1) -> Events:
    """The last rocket card built ends the game at once (default 31): nobody breathes or
    plays on. On a tie for the most points the builder decides who wins."""
    s.stack.clear()
    s.end, s.builder = reason, builder
    tied = s.tied()
    if builder >= 0 and len(tied) > 1:
        then(s, TIE(builder))
    # every hand of blueprints is shown once the game is over
    return [
        {
            "type": "game_over",
            "reason": reason,
            "scores": s.scores(),
            "builder": builder,
            "reveal": True,
        }
    ]


def _refuse_tie(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind == "tie":
        return (
            f"Tie: choose one of the tied players ({', '.join(s.seat_label(p) for p in s.tied())})"
        )
    return None


def _tie(s: DeeperState, f: Frame, a: Action) -> Events:
    s.tie_winner = a.arg("winner")
    return [{"type": "tie_decided", "seat": f.seat, "winner": s.tie_winner}]


TIE = Step(
    "tie",
    "Tie: you completed the final rocket card, so you decide which tied player wins",
    lambda s, f: [act("tie", winner=p) for p in s.tied()],
    _refuse_tie,
    _tie,
)
