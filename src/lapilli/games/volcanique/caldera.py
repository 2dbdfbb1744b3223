"""Playing the Caldera's cards.

A card with the lightning bolt is played at any step of its owner's own turn: revealed,
its effect resolved at once, then discarded. Rift, Converging Tectonic Plates, Carnage
and Volcanic Winter act at once (moving land, a tile of critters sent home, the winter's
spawn tile); every other lightning-bolt card lends its power to its player until the end
of the turn (a card whose power its player already holds is not offered: it would do
nothing). Magma Siphon answers another player's volcano, the moment its text names
(``eruption.py``). Cards without the bolt only score their star at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from . import eruption, tectonics
from .actions import at_hex, on_hex, refusal
from .board import around
from .components import POWERS, VOLCANO
from .events import CalderaPlayed, Events
from .powers import has_power, own_turn_step
from .winter import WINTER_SPAWN, may_spawn

if TYPE_CHECKING:
    from .state import VolcaniqueState


REACTIONS = frozenset({"magma_siphon"})
"""Cards played in another player's turn, when their text says."""


def carnage_targets(s: VolcaniqueState) -> list[int]:
    """Carnage: land tiles next to a volcano with critters on them (burrowed ones too)."""
    volcanoes = [h for h, st in s.stacks.items() if st[-1] == VOLCANO]
    near = {nb for v in volcanoes for nb in around(v) if nb in s.stacks}
    return sorted(h for h in near if s.inhabited(h))


def _now(step: Callable[..., Frame]) -> Callable[[VolcaniqueState, int], Events]:
    def effect(s: VolcaniqueState, seat: int) -> Events:
        then(s, step(seat))
        return []

    return effect


def _winter(s: VolcaniqueState, seat: int) -> Events:
    then(s, WINTER_SPAWN(seat))
    return []


NOW: dict[str, tuple[Callable[[VolcaniqueState], object], Callable[..., Events]]] = {
    "rift": (tectonics.may_rift, _now(lambda seat: tectonics.RIFT(seat))),
    "converging_tectonic_plates": (
        tectonics.may_converge,
        _now(lambda seat: tectonics.CONVERGE(seat)),
    ),
    "carnage": (carnage_targets, _now(lambda seat: CARNAGE(seat))),
    "volcanic_winter": (may_spawn, _winter),
}
"""Cards acting at once: (whether it has anything to act on, its effect)."""


def playable(s: VolcaniqueState, seat: int, card: str) -> bool:
    if not POWERS[card]["bolt"] or card in REACTIONS:
        return False
    if card in NOW:
        return bool(NOW[card][0](s))
    return not has_power(s, seat, card)


def legal_play(s: VolcaniqueState, f: Frame) -> list[Action]:
    hand = s.caldera_hands[f.seat]
    if not hand.items or not own_turn_step(s, f):  # (asked at every step: kept cheap)
        return []
    return [A.PLAY_CALDERA[card] for card in sorted(hand.items) if playable(s, f.seat, card)]


def refuse_play(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return (
        "The Caldera: only lightning-bolt cards in your own hand can be played, between "
        "the steps of your turn, when they have something to act on"
    )


def play(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Reveal the card, discard it, resolve its effect; the turn goes on where it was."""
    card, seat = a.arg("card"), f.seat
    s.unshare_caldera()
    s.caldera_hands[seat].take(card)
    s.caldera_discard.append(card)
    played: CalderaPlayed = {"type": "caldera_played", "seat": seat, "card": card, "reveal": True}
    if card in NOW:
        return [played, *NOW[card][1](s, seat)]
    s.this_turn = s.this_turn._replace(granted=(*s.this_turn.granted, card))
    return [played]


# -- Carnage -------------------------------------------------------------------------------
def legal_carnage(s: VolcaniqueState, f: Frame) -> list[Action]:
    carnage = on_hex("carnage")
    return [carnage[h] for h in carnage_targets(s)]


def refuse_carnage(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "carnage":
        return None
    return "Carnage: choose a tile with critters next to a volcano"


def carnage(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Every critter on the tile goes home; a Colossal Critter takes 1 damage instead."""
    return eruption.blast(s, at_hex(a))


# -- the steps --------------------------------------------------------------------------
PLAY_CALDERA = Step(
    "play_caldera",
    "The Caldera: play a lightning-bolt card from your hand",
    legal_play,
    refusal(legal_play, refuse_play),
    play,
    kinds=frozenset({"play_caldera"}),
    word="play a Caldera card",
)


CARNAGE: Step = Step(
    "carnage",
    "Carnage: choose a tile next to a volcano whose critters all go home",
    legal_carnage,
    refusal(legal_carnage, refuse_carnage),
    carnage,
)
