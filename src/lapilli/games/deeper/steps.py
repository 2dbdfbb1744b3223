"""Deeper's step table, in turn order (see ``core.flow``)."""

from __future__ import annotations

from lapilli.core.flow import Steps

from .diving import DISCARD, KNIFE_STEP
from .exploring import (
    DRAW_BLUEPRINT,
    FEWER,
    FREE_EXPLORE,
    GLIDE_STEP,
    PLACE,
    SCAN_DRAW,
    SCANNER_CHECK,
    TRIM,
)
from .habitat import PUMP_STEP, TRANSFER
from .turn import ACT, BREATH_CARD, BREATHE, END_TURN, FIRST, LOSE, TIE, TURN

STEPS = Steps(
    FIRST,  # set-up: a random starting player
    TURN,  # a player's turn begins
    ACT,  # up to two actions
    DISCARD,  # Gather: return resources to make room
    SCAN_DRAW,  # Scan: draw until a tile fits or four are drawn
    PLACE,  # Scan: place the tile that fits
    TRIM,  # the tile market back to four
    SCANNER_CHECK,  # Scanner: a free Explore after a Scan with no legal tile
    FREE_EXPLORE,
    FEWER,  # Terraform: one resource fewer
    DRAW_BLUEPRINT,  # an explore milestone draws a blueprint card
    GLIDE_STEP,  # Sea Glide: move into the new tile
    PUMP_STEP,  # Pump (invented card)
    BREATHE,  # after the actions
    LOSE,  # drowning: random Inventory losses
    BREATH_CARD,  # Garden, Fish Farm: take a resource when breathing in the habitat
    KNIFE_STEP,  # Knife: gather 1 resource when the turn ends
    END_TURN,  # the next player
    TIE,  # the builder of the final rocket decides a tie
    free=[TRANSFER],  # move resources between Inventory and Storage in the habitat
)
