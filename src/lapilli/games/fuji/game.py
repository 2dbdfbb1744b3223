"""The Fuji game: static description and the entry point for new positions."""

from __future__ import annotations

from typing import Any, ClassVar

from lapilli.core.data import load_toml
from lapilli.core.flow import Steps
from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import drawing, facts, heuristics, numeric, positions, text, view
from .cards import (
    BINOCULARS,
    CARABINER,
    GIVE_DIE,
    MACHETE,
    ROPE,
    SHOVEL_DIE,
    SHOVEL_FACE,
    TURN_DICE,
)
from .equipment import EQUIPMENT_CARDS, GIVE_CARD, USE_EQUIPMENT
from .eruption import ERUPTION
from .events import FujiEvent
from .log import event_text
from .movement import INJURY, LOSE_DIE, MOVE, NEXT_MOVER, NEXT_TURN, SCREENS_DOWN, SPEND_BARS
from .options import FujiOptions
from .pile import DRAW_EQUIPMENT, DRAW_SHUFFLED
from .planning import END_PLANNING, PLAN, PLANNING
from .rerolls import GATHER, REROLL
from .rolling import ROLL
from .rounds import ROUND
from .rules import RULES
from .setup import (
    CHOOSE_SKILL,
    DEAL_EQUIPMENT,
    DEAL_SKILL,
    DRAW_SCENARIO,
    KEEP,
    LAY_CARD,
    LAY_OUT,
    LEAVE_OUT,
    PUT_UNDER,
    SETUP,
    new_fuji,
)
from .state import FujiState

STEPS = Steps(
    # set-up
    SETUP,
    DRAW_SCENARIO,
    DEAL_SKILL,
    CHOOSE_SKILL,
    LAY_OUT,
    LAY_CARD,
    DEAL_EQUIPMENT,
    DRAW_EQUIPMENT,
    DRAW_SHUFFLED,
    KEEP,
    PUT_UNDER,
    LEAVE_OUT,
    # phase 1: rolling the dice
    ROUND,
    ROLL,
    # phase 2: planning
    PLANNING,
    PLAN,
    END_PLANNING,
    # phase 3: rerolls
    REROLL,
    GATHER,
    # phase 4: equipment cards
    EQUIPMENT_CARDS,
    USE_EQUIPMENT,
    # phase 5: movement and stamina
    SCREENS_DOWN,
    NEXT_MOVER,
    NEXT_TURN,
    SPEND_BARS,
    MOVE,
    INJURY,
    LOSE_DIE,
    # phase 6: eruption
    ERUPTION,
    # the equipment cards' own choices
    BINOCULARS,
    GIVE_DIE,
    CARABINER,
    TURN_DICE,
    MACHETE,
    SHOVEL_DIE,
    SHOVEL_FACE,
    ROPE,
    free=[GIVE_CARD],  # at any time: the Equipment manager gives a card
)
"""Fuji's turn flow: set-up, then rounds of six phases, then the cards' own choices."""


class Fuji(Game):
    id: ClassVar[str] = "fuji"
    title: ClassVar[str] = "Fuji"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    utility: ClassVar[Utility] = Utility.COOPERATIVE
    version: ClassVar[str] = "1"
    Options: ClassVar[type] = FujiOptions
    # greedy teams escape as often as MCTS teams and answer at once (bench/README.md)
    team_bot: ClassVar[str | None] = "greedy"
    summary: ClassVar[str] = (
        "Cooperative escape from Mount Fuji (Wolfgang Warsch). Each round: roll behind "
        "your screen, place your destination marker (up to 3 steps, never over lava), "
        "reroll (2 to stay, 1 for 1-2 steps, 0 for 3), use equipment, then move only if "
        "your valid dice for your destination card total strictly more than each "
        "neighbour's; lose stamina by the level card; the lava spreads. Everybody must "
        "reach the village; one death loses the game."
    )

    parts = Parts(
        rules=RULES,
        lesson=load_toml(__package__, "lesson.toml"),
        state=FujiState,
        steps=STEPS,
        setup=new_fuji,
        observe=view.observe,
        observation=view.Observation,
        action_text=text.action_text,
        said_text=text.said_text,
        event_text=event_text,
        event=FujiEvent,
        render=text.render,
        round_end=text.round_end,
        seat_label=text.seat_label,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(
            heuristics.heuristic,
            scale=heuristics.SCALE,
            playout=heuristics.playout,
            horizon=heuristics.horizon,
        ),
        build=positions.build,
        facts=facts.facts,
        features=facts.FEATURES,
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
