"""The era pack: dealing and drawing cards, turning the top card face up, and shuffling
the discards into a fresh pack when it runs out."""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.zones import Zone

from .components import CARD_IDS
from .events import Events
from .state import ErasState

ERA_CARD = {card: Action("era_card", card=card) for card in CARD_IDS}
FACE_UP = -1
"""Where a drawn card goes: a seat's hand, or FACE_UP on top of the pack."""


class DrawArgs(NamedTuple):
    to: int


def _refill(s: ErasState, f: Frame) -> Events:
    """Shuffle the discards into a fresh pack if it is exhausted; then draw."""
    if f.args.to == FACE_UP and s.offer is not None:
        return []  # the top card is already face up
    events: Events = []
    if not s.era_deck and s.discard:
        s.era_deck = Zone(s.discard.clear())
        events.append({"type": "reshuffled", "cards": len(s.era_deck)})
    if s.era_deck:
        then(s, DRAW(to=f.args.to))
    return events


REFILL = Step("refill", run=_refill, Args=DrawArgs)


def _outcomes(s: ErasState, f: Frame) -> list[tuple[Action, float]]:
    return [(ERA_CARD[card], p) for card, p in s.era_deck.draws()]


def _draw(s: ErasState, f: Frame, a: Action) -> Events:
    card: str = a.arg("card")
    s.era_deck.draw(card)
    if f.args.to == FACE_UP:
        s.offer = card
        return [{"type": "turned_up", "card": card}]
    s.hands[f.args.to].put(card)
    return [{"type": "drew", "seat": f.args.to, "card": card}]


DRAW = Step("draw", "the top era card of the pack", outcomes=_outcomes, apply=_draw, Args=DrawArgs)


def draw(to: int) -> Frame:
    """The frame that draws one era card for a hand (or face up), refilling the pack."""
    return REFILL(to=to)
