"""Foggy Island, the game: its players, variants, parts and the set-ups conformance plays."""

from __future__ import annotations

from typing import Any

from lapilli.core.data import load_toml
from lapilli.core.flow import Steps
from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import (
    abilities,
    drawing,
    facts,
    heuristics,
    hiring,
    numeric,
    positions,
    round,
    text,
    turn,
    view,
)
from .events import FoggyEvent
from .options import FoggyOptions
from .rules import RULES
from .state import FoggyState

STEPS = Steps(
    # a round's set-up
    round.ROUND,
    round.WEATHER_DRAW,
    round.WEATHER_KEEP,
    round.WEATHER_CHOOSE,
    round.FOG,
    round.FOG_OPEN,
    round.DEAL,
    round.TEAM_PILES,
    round.OPENING,
    # a turn: before placing, choosing and placing
    turn.TURN,
    turn.EXTRA,
    abilities.HIPPO_KEEP,
    turn.HIPPO_KEPT_STEP,
    turn.FOG_REMOVE,
    abilities.FROG,
    turn.CHOOSE,
    turn.PLACE,
    # the ability of a mercenary placed face up
    abilities.HIPPO_SECOND,
    abilities.TARGET,
    abilities.REPLACE,
    abilities.PRAIRIE_FIRST,
    abilities.PRAIRIE_SECOND,
    turn.PLACED,
    # after placing
    turn.DRAW,
    # the end of a round
    round.ROUND_END,
    hiring.HIRE,
    hiring.BANK,
    round.NEXT_ROUND,
)


class FoggyIsland(Game):
    id = "foggy_island"
    title = "Foggy Island"
    min_players = 2
    max_players = 4
    version = "1"
    utility = Utility.ZERO_SUM
    Options = FoggyOptions
    options: FoggyOptions
    players_text = "2 (4 in the team variant)"
    summary = (
        "Place your tokens on the 6x6 island to build lines of 3 or more (across, down or "
        "diagonal) in your colour, and block your opponent's. Rats are spies: they build "
        "your opponent's lines. Rabbits are white and break lines. A Pig doubles a line. "
        "Lines score 3:1, 4:2, 5:4, 6:6. Two rounds; the second player starts round 2. "
        "With weather cards, Cloudy and Foggy weather hide three quarters of the island "
        "under fog boards (Foggy: tokens face down). With mercenaries, points become "
        "coins that hire special tokens between the 4 rounds."
    )

    parts = Parts(
        state=FoggyState,
        steps=STEPS,
        setup=round.new_game,
        observe=view.observe,
        observation=view.Observation,
        action_text=text.action_text,
        said_text=text.said_text,
        event_text=text.event_text,
        event=FoggyEvent,
        render=text.render,
        render_all=text.render_all,
        round_end=text.round_end,
        seat_label=text.seat_label,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(
            heuristics.heuristic,
            scale=heuristics.SCALE,
            zero_sum=True,
            playout=heuristics.playout,
            horizon=heuristics.horizon,
        ),
        build=positions.build,
        rules=RULES,
        lesson=load_toml(__package__, "lesson.toml"),
        facts=facts.facts,
        features=facts.FEATURES,
    )

    def player_counts(self) -> range:
        return range(4, 5) if self.options.variant == "team" else range(2, 3)

    def default_players(self) -> int:
        return 4 if self.options.variant == "team" else 2

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"mode": "weather"}, 2),
            ({"mode": "mercenaries"}, 2),
            ({"mode": "mercenaries", "face_up_mercenaries": False}, 2),
            ({"variant": "quick"}, 2),
            ({"variant": "team"}, 4),
        ]
