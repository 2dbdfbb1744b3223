"""The Fuji game: static description and the entry point for new positions."""

from __future__ import annotations

from typing import Any, ClassVar

from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import drawing, heuristics, numeric, positions, schema
from .options import FujiOptions
from .setup import new_fuji
from .state import FujiState
from .steps import STEPS


class Fuji(Game):
    id: ClassVar[str] = "fuji"
    title: ClassVar[str] = "Fuji"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    utility: ClassVar[Utility] = Utility.COOPERATIVE
    version: ClassVar[str] = "1"
    Options: ClassVar[type] = FujiOptions
    summary: ClassVar[str] = (
        "Cooperative escape from Mount Fuji (Wolfgang Warsch). Each round: roll behind "
        "your screen, place your destination marker (up to 3 steps, never over lava), "
        "reroll (2 to stay, 1 for 1-2 steps, 0 for 3), use equipment, then move only if "
        "your valid dice for your destination card total strictly more than each "
        "neighbour's; lose stamina by the level card; the lava spreads. Everybody must "
        "reach the village; one death loses the game."
    )

    parts = Parts(
        state=FujiState,
        steps=STEPS,
        setup=new_fuji,
        observe=FujiState.observation,
        observation=schema.Observation,
        action_text=FujiState.action_text,
        event_text=FujiState.event_text,
        render=FujiState.render,
        round_end=FujiState.round_end,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(
            heuristics.heuristic,
            scale=heuristics.SCALE,
            playout=heuristics.playout,
            horizon=heuristics.horizon,
        ),
        build=positions.build,
    )

    def default_players(self) -> int:
        return 3

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({"variant": "A"}, 2),
            ({"variant": "B"}, 2),
            ({}, 3),
            ({"extra_thrill": True, "level": 4}, 4),
            ({"skills": "chosen", "scenario": "1", "level": 1}, 3),
        ]
