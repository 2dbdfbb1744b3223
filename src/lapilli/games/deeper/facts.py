"""What a finished game of Deeper tells a designer (the balance lab), and the features
restricted play may forbid.

Length: rounds and turns (the state counts both). Facts: the starting player; each
drowning (by whom, in which round, resources lost); each explore milestone; each upgrade
crafted and each blueprint and rocket card built, by whom and when; the builder's
decision of a tie. The end: the last rocket card built, or the round limit.
Per-category points come from the end-of-game tally (``score_breakdown``).
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.actions import Action
from lapilli.core.facts import Fact, Feature, GameFacts
from lapilli.core.state import Event

from .components import BLUEPRINTS, ROCKETS, UPGRADES
from .state import DeeperState

ENDS = {"rockets": "the last rocket card built", "limit": "the round limit"}


def facts(s: DeeperState, events: Sequence[Event]) -> GameFacts:
    found: list[Fact] = [Fact("first player", s.first)] if s.first >= 0 else []
    round_ = 1
    for e in events:
        kind = e["type"]
        if kind == "turn":
            round_ = e["round"]
        elif kind == "drowned":
            found.append(Fact("drowned", e["seat"], "", e["lose"], round_))
        elif kind == "milestone":
            found.append(Fact("milestone", e["seat"], f"{e['depth']}m", e["points"], round_))
        elif kind == "crafted":
            found.append(Fact(_crafted(e["card"]), e["seat"], e["card"], 1, round_))
        elif kind == "tie_decided":
            found.append(Fact("tie decided", e["seat"], "", e["winner"]))
    return GameFacts(s.round, s.turns, found, ENDS.get(s.end, s.end))


def _crafted(card: str) -> str:
    if card in UPGRADES:
        return "upgrade crafted"
    if card in ROCKETS:
        return "rocket card built"
    return "blueprint built"


def _kind(kind: str, words: str) -> Feature:
    def uses(state: DeeperState, action: Action) -> bool:
        return action.kind == kind

    return Feature(words, uses)


def _card(card: str, words: str) -> Feature:
    def uses(state: DeeperState, action: Action) -> bool:
        return action.kind == "craft" and action.arg("card") == card

    return Feature(words, uses)


FEATURES: dict[str, Feature] = {
    "scan": _kind("scan", "the Scan action"),
    "explore": _kind("explore", "the Explore action (a tile from the market)"),
    "terraform": _kind("terraform", "the Terraform action"),
    "convert": _kind("convert", "the Fabricator's conversions and the Pump"),
    **{k: _card(k, f"crafting the {u.name}") for k, u in UPGRADES.items()},
    **{k: _card(k, f"building the {c.name}") for k, c in BLUEPRINTS.items()},
    "rockets": Feature(
        "building rocket cards",
        lambda state, action: action.kind == "craft" and action.arg("card") in ROCKETS,
    ),
}
"""Restricted play: an action kind, an upgrade, a blueprint card, or every rocket card."""
