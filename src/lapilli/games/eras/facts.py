"""What a finished game of Eras tells a designer (the balance lab), and the features
restricted play may forbid.

Length: turns (the state counts them) and rounds (a round is every player's turn).
Facts: the starting player (the youngest); each thunderbolt card drawn, by whom and in
which round; each eruption; each era card won by sealed bids, with the tokens paid;
tokens paid for other reasons (crossings, thunderbolts), by reason; era cards lost from a
path and pieces forced back, by cause. The end: a player on their sixth era card, or the
round limit with no winner.
"""

from __future__ import annotations

from collections.abc import Sequence

from lapilli.core.actions import Action
from lapilli.core.facts import Fact, Feature, GameFacts
from lapilli.core.state import Event

from .state import ErasState


def facts(s: ErasState, events: Sequence[Event]) -> GameFacts:
    found: list[Fact] = []
    turns = 0
    end = ""
    for e in events:
        kind = e["type"]
        round_ = turns // s.players + 1 if turns else 1
        if kind == "turn":
            turns += 1
        elif kind == "youngest":
            found.append(Fact("first player", e["seat"]))
        elif kind == "thunderbolt":
            found.append(Fact("thunderbolt drawn", e["seat"], e["card"], 1, round_))
        elif kind == "eruption":
            found.append(Fact("eruption", e["seat"], "", 1, round_))
        elif kind == "bids":
            found.append(Fact("era card won by bids", e["winner"], "", e["paid"], round_))
        elif kind == "paid":
            found.append(Fact("tokens paid", e["seat"], e["why"], e["tokens"], round_))
        elif kind == "removed":
            found.append(Fact("era card lost", e["seat"], e["why"], 1, round_))
        elif kind == "forced_back":
            found.append(Fact("forced back", e["seat"], e["why"], 1, round_))
        elif kind == "round_limit":
            end = "the round limit, with no winner"
    rounds = -(-turns // s.players)  # the last round may be cut short by the win
    return GameFacts(rounds, turns, found, end)


def _kinds(words: str, *kinds: str) -> Feature:
    def uses(state: ErasState, action: Action) -> bool:
        return action.kind in kinds

    return Feature(words, uses)


FEATURES: dict[str, Feature] = {
    "bid_face_up": _kinds("bidding for the face-up era card", "bid_face_up"),
    "challenge": _kinds("bidding for an era card in another player's hand", "challenge"),
    "exchange": _kinds("offering an exchange of era cards", "exchange"),
    "replace": _kinds("replacing an era card of one's own path", "replace"),
    "cone": _kinds(
        "moving one's volcano cone", "cone_enter", "cone_forward", "cone_sideways", "cone_back"
    ),
    "erupt": _kinds("erupting one's volcano cone", "erupt"),
}
"""Restricted play: the kinds of action a bot may be forbidden."""
