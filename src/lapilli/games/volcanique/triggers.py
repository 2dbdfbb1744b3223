"""The end-game triggers: the last land tile, every critter of a player deployed,
Volcanic Winter unlocked, the Super Volcanic Eruption set off. Only the state
changes here; the end sequences themselves are ``endgame.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import EndReason, Events
from .pieces import MAIN

if TYPE_CHECKING:
    from .state import VolcaniqueState


def trigger_end(s: VolcaniqueState, reason: EndReason, seat: int) -> Events:
    """Start the end-game sequence (the last land tile, every critter of a player
    deployed, Volcanic Winter unlocked, the Super Volcanic Eruption set off): this turn
    finishes, then one final turn each. Only the first trigger counts."""
    if s.stage is not MAIN or s.end_reason:
        return []
    s.end_reason = reason
    return [{"type": "end_triggered", "reason": reason, "seat": seat}]
