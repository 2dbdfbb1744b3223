"""Deeper: the declaration (id, players, utility, options) and new positions."""

from __future__ import annotations

from typing import Any, ClassVar

from lapilli.core.data import load_toml
from lapilli.core.flow import Steps
from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import drawing, facts, heuristics, numeric, positions, text, view
from .diving import DISCARD, KNIFE_STEP
from .ending import TIE
from .events import DeeperEvent
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
from .options import DeeperOptions
from .rules import RULES
from .setup import new_state
from .state import DeeperState
from .turn import ACT, BREATH_CARD, BREATHE, END_TURN, FIRST, LOSE, TURN

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
"""Every step Deeper may wait for, in turn order."""


class Deeper(Game):
    id: ClassVar[str] = "deeper"
    title: ClassVar[str] = "Deeper"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 4
    utility: ClassVar[Utility] = Utility.GENERAL_SUM
    Options: ClassVar[type] = DeeperOptions
    summary: ClassVar[str] = (
        "Underwater exploration (Chris Glein, prototype), 1-4 players. Crash-landed on an ocean "
        "planet, you dive from your Hatch. Each turn take up to 2 actions, then breathe: Swim "
        "to an adjacent tile; Gather up to 2 resources of one type; Explore (place a market "
        "tile next to you); Scan (draw from your depth's deck or a shallower one until a tile "
        "fits, or 4 are drawn); Terraform (replace an adjacent tile); in your habitat Convert "
        "(Fabricator: 2 fish -> food, 2 titanium -> quartz, diamond -> any) and Craft "
        "(blueprints, upgrades, and rocket cards once your Radio is built). Tile edges are "
        "water or rock and must match every neighbour. Breathing outside the habitat spends "
        "1 air; with none left you drown, losing 1 random resource per depth level. The "
        "first tile you place at 40m, 60m, 80m, 100m scores a milestone and draws a "
        "blueprint. Building the last rocket card ends the game: blueprints, rockets, "
        "milestones and food in Storage score; the builder decides a tie."
    )

    parts = Parts(
        state=DeeperState,
        steps=STEPS,
        setup=new_state,
        observe=view.observe,
        observation=view.Observation,
        action_text=text.action_text,
        said_text=text.said_text,
        event_text=text.event_text,
        event=DeeperEvent,
        render=text.render,
        seat_label=text.seat_label,
        draw=drawing.draw,
        numeric=numeric.Numeric(STEPS),
        evaluation=Evaluation(
            heuristics.heuristic,
            scale=heuristics.SCALE,
            playout=heuristics.playout,
            horizon=heuristics.horizon,
        ),
        build=positions.build,
        rules=RULES,
        lesson=load_toml(__package__, "lesson.toml"),
        facts=facts.facts,
        features=facts.FEATURES,
    )

    def default_players(self) -> int:
        return 2

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 1),
            ({}, 2),
            ({"habitat": "any"}, 3),
            ({"milestones": "enter"}, 4),
        ]
