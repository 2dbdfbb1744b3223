"""What a finished game of Fuji tells a designer (the balance lab), and the features
restricted play may forbid.

Length: rounds and turns (each adventurer's move in phase 5 is a turn). Facts: the cause
of a defeat and its round; each injury, by whose adventurer and which space; each
eruption and its round; the stamina each adventurer lost in all; each equipment card
used. The end: the victory, or the defeat's cause (the lava, exhaustion...).
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.actions import Action
from lapilli.core.facts import Fact, Feature, GameFacts
from lapilli.core.state import Event

from .components import EQ_NAME, EQUIPMENT
from .state import FujiState

CAUSES = (
    ("swallowed by the lava", "swallowed by the lava"),
    ("collapsed from exhaustion", "an adventurer collapsed from exhaustion"),
    ("village card", "every meeple on a village card"),
)
"""The kinds of defeat, read from the cause's words (which name the adventurer)."""


def cause_kind(cause: str) -> str:
    return next((kind for words, kind in CAUSES if words in cause), cause)


def facts(s: FujiState, events: Sequence[Event]) -> GameFacts:
    found: list[Fact] = []
    round_ = 0
    turns = 0
    end = ""
    for e in events:
        kind = e["type"]
        if kind == "round":
            round_ = e["round"]
        elif kind == "turn":
            turns += 1
        elif kind == "injury":
            seat = _seat(s, e["adventurer"])
            found.append(Fact("injury", seat, e["space"], 1, round_))
        elif kind == "eruption":
            found.append(Fact("eruption", None, "", 1, round_))
        elif kind == "equipment":
            found.append(Fact("equipment used", _seat(s, e["adventurer"]), e["card"], 1, round_))
        elif kind == "defeat":
            end = f"defeat: {cause_kind(e['cause'])}"
            found.append(Fact("defeat", None, cause_kind(e["cause"]), 1, round_))
        elif kind == "victory":
            end = "victory"
    for a in s.meeples():
        found.append(Fact("stamina lost", _seat(s, a), s.name(a), s.stamina_lost[a]))
    return GameFacts(s.round, turns, found, end)


def _seat(s: FujiState, adventurer: int) -> int | None:
    """The seat of an adventurer's player (None: the third meeple of variant B)."""
    return adventurer if adventurer < s.players else None


def _equipment(card: str, name: str) -> Feature:
    def uses(state: FujiState, action: Action) -> bool:
        return action.kind == "use" and action.arg("card") == card

    return Feature(f"using the {name} equipment card", uses)


def _kinds(words: str, *kinds: str) -> Feature:
    def uses(state: FujiState, action: Action) -> bool:
        return action.kind in kinds

    return Feature(words, uses)


FEATURES: dict[str, Feature] = {
    **{card: _equipment(card, name) for card, name in zip(EQUIPMENT, EQ_NAME, strict=True)},
    "signal": _kinds("giving signals to the team", "signal"),
    "reroll": _kinds("rerolling dice in phase 3", "reroll"),
    "power_bars": _kinds("spending power bars", "power_bars"),
}
"""Restricted play: an equipment card, signals, rerolls or power bars, forbidden to one
adventurer's player (the others play as usual)."""
