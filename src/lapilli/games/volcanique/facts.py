"""What a finished game of Volcanique tells a designer (the balance lab), and the features
restricted play may forbid: each volcanic power.

Length: turns (the state counts them) and rounds (every player's turn once). Facts: the
first player; each power unlocked on the grid, by whom and in which round (counted from
the turns that ended in the main game); each Caldera card bought and played; each
volcano and land tile bought; each forced sacrifice; each limited power used; who
started the end-game sequence, why and when. The end: the sequence's reason.
Per-category points come from the end screen's tally (``score_breakdown``).
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.actions import Action
from lapilli.core.facts import Fact, Feature, GameFacts
from lapilli.core.state import Event

from .components import POWER_IDS, POWERS
from .state import VolcaniqueState

ENDS = {
    "all_critters_deployed": "all critters deployed",
    "round_limit": "the round limit",
    "super_volcanic_eruption": "a super volcanic eruption",
    "last_land_tile": "the last land tile",
    "volcanic_winter": "the Volcanic Winter",
}


def facts(s: VolcaniqueState, events: Sequence[Event]) -> GameFacts:
    found: list[Fact] = []
    ended = 0  # main-game turns ended (each ends with the collection step)
    end = ""
    for e in events:
        kind = e["type"]
        round_ = ended // s.players + 1
        if kind == "collected":
            ended += 1
        elif kind == "first_player":
            found.append(Fact("first player", e["seat"]))
        elif kind == "unlocked" and e["power"]:
            found.append(Fact("power unlocked", e["seat"], _name(e["power"]), 1, round_))
        elif kind == "caldera_bought":
            found.append(Fact("Caldera card bought", e["seat"], "", 1, round_))
        elif kind == "caldera_played":
            found.append(Fact("Caldera card played", e["seat"], _name(e["card"]), 1, round_))
        elif kind == "bought":
            found.append(Fact("tile bought", e["seat"], e["tile"], 1, round_))
        elif kind == "forced_sacrifice":
            found.append(Fact("forced sacrifice", e["seat"], "", 1, round_))
        elif kind == "power_used":
            found.append(Fact("power used", e["seat"], _name(e["power"]), 1, round_))
        elif kind == "end_triggered":
            end = ENDS.get(e["reason"], str(e["reason"]))
            found.append(Fact("end triggered", e["seat"], end, 1, round_))
    rounds = -(-s.turn // s.players)
    return GameFacts(rounds, s.turn, found, end)


def _name(power: str) -> str:
    info = POWERS.get(power)
    return str(info["name"]) if info else power


def _power(power: str) -> Feature:
    def uses(state: VolcaniqueState, action: Action) -> bool:
        kind = action.kind
        if kind == "unlock":
            return state.grid.get(action.arg("slot")) == power
        return kind == "play_caldera" and action.arg("card") == power

    return Feature(f"the power {_name(power)}: unlocking it on the grid, playing its card", uses)


FEATURES: dict[str, Feature] = {power: _power(power) for power in POWER_IDS}
"""Restricted play: a bot that may not take one volcanic power (when the rules leave it
no other slot to unlock, it must)."""
