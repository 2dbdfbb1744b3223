"""What a finished game of Foggy Island tells a designer (the balance lab), and the
features restricted play may forbid: hiring each mercenary.

Length: rounds scored (tie-break rounds included) and turns (each token placed from a
hand, a Turtle's extra placements included). Facts: each round's weather; each
mercenary hired, by whom, at what price and for which round; each mercenary placed face
up (its ability used); each side's points round by round (its categories); tie-break
rounds played.
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.actions import Action
from lapilli.core.facts import Fact, Feature, GameFacts
from lapilli.core.state import Event

from .components import KINDS, MERCENARIES
from .state import FoggyState, winning_side


def facts(s: FoggyState, events: Sequence[Event]) -> GameFacts:
    found: list[Fact] = []
    round_ = 1  # the round being played (or hired for, between rounds)
    turns = 0
    for e in events:
        kind = e["type"]
        if kind == "placed":
            turns += 1
            token = e["token"]
            if e["face_up"] and token in MERCENARIES:
                found.append(Fact("mercenary placed face up", e["seat"], token, round=round_))
        elif kind == "round_scored":
            round_ += 1
        elif kind == "weather":
            found.append(Fact("weather", None, e["card"], round=round_))
        elif kind == "hired":
            found.append(Fact("hired", e["seat"], e["mercenary"], e["cost"], round=round_))
    for r, points in enumerate(s.points, 1):
        found += [Fact("points", seat, f"round {r}", points[seat % 2]) for seat in range(s.players)]
    if s.extra_rounds:
        found.append(Fact("tie-break rounds", None, "", s.extra_rounds))
    return GameFacts(len(s.points), turns, found, _end(s))


def _end(s: FoggyState) -> str:
    """How the winner was decided, when points (or coins) alone did not."""
    tally = s.coins if s.opts.mercenaries else s.totals()
    if tally[0] != tally[1]:
        return ""
    return "a draw" if winning_side(s) is None else "the cost of hired mercenaries"


def _hires(kind: str) -> Feature:
    def uses(state: FoggyState, action: Action) -> bool:
        return action.kind == "hire" and action.arg("mercenary") == kind

    return Feature(f"hiring the {KINDS[kind].title}", uses)


FEATURES: dict[str, Feature] = {kind: _hires(kind) for kind in MERCENARIES}
"""Restricted play: a bot that may not hire one mercenary (the game with mercenaries)."""
