"""The equipment pile: drawing a card (rulebook p. 7, "Collecting equipment"; U11).

The shuffled pile is drawn as a chance node; the cards put under it at set-up come
back in order once it is used up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as X
from .actions import Adventurer
from .components import EQ, EQUIPMENT
from .events import Events

if TYPE_CHECKING:
    from .state import FujiState


def draw(s: FujiState, f: Frame) -> Events:
    """A card from the shuffled pile (a chance node); once it is used up, the cards put
    under it come next, in order; an empty pile gives nothing (U11)."""
    a = f.args.adventurer
    pile = s.equipment_pile
    if pile.items:
        then(s, DRAW_SHUFFLED(adventurer=a))
        return []
    if not pile.under:
        return [{"type": "draw", "adventurer": a, "card": None}]
    c = pile.under[0]
    pile.draw(c)
    return receive(s, a, c)


def shuffled_outcomes(s: FujiState, f: Frame) -> list[tuple[Action, float]]:
    return X.draws(s.equipment_pile, X.DRAW_EQUIPMENT)


def draw_shuffled(s: FujiState, f: Frame, action: Action) -> Events:
    c = EQ[action[1][0][1]]
    s.equipment_pile.draw(c)
    return receive(s, f.args.adventurer, c)


def receive(s: FujiState, a: int, c: int) -> Events:
    s.equipment[a].append(c)
    if s.round > 0:
        s.drawn_this_round[a] = s.drawn_this_round[a] | {c}  # usable from the next round
    return [{"type": "draw", "adventurer": a, "card": EQUIPMENT[c]}]


# ---------------------------------------------------------------- steps
DRAW_EQUIPMENT = Step("draw_equipment", run=draw, Args=Adventurer)


DRAW_SHUFFLED = Step(
    "draw_shuffled",
    "an equipment card is drawn",
    outcomes=shuffled_outcomes,
    apply=draw_shuffled,
    Args=Adventurer,
    word="equipment draw",
)
