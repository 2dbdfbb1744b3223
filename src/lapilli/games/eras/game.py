"""Eras (listed elsewhere as "Evolution"): lay a path of six era cards in strict species
order from your start card and be first to advance your playing piece onto the sixth."""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import playable
from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import drawing, heuristics, numeric, positions, schema
from .components import MAX_PLAYERS, MAX_PLAYERS_OPTION, MIN_PLAYERS
from .options import ErasOptions
from .setup import new_eras_state
from .state import ErasState, from_json
from .steps import STEPS


class Eras(Game):
    id = "eras"
    title = "Eras"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS_OPTION
    players_text = f"{MIN_PLAYERS}-{MAX_PLAYERS} (up to {MAX_PLAYERS_OPTION} as an option)"
    utility = Utility.GENERAL_SUM
    Options = ErasOptions
    summary = (
        "Lay a path of six era cards from your start card, in strict era order (Bacteria, "
        "Algae, Fish, Reptiles, Birds, Dinosaurs, Mammals, Primates), and be first to "
        "advance your playing piece onto your sixth era card."
    )

    parts = Parts(
        state=ErasState,
        steps=STEPS,
        setup=new_eras_state,
        observe=ErasState.observation,
        observation=schema.Observation,
        action_text=ErasState.action_text,
        event_text=ErasState.event_text,
        render=ErasState.render,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(heuristics.heuristic, scale=heuristics.SCALE),
        build=positions.build,
    )

    def player_counts(self) -> range:
        top = MAX_PLAYERS_OPTION if self.options.up_to_six else MAX_PLAYERS
        return range(MIN_PLAYERS, top + 1)

    def state_from_json(self, data: Any) -> ErasState:
        return playable(from_json(self, data), self.title)

    def rules_help(self) -> str:
        from .text import rules_help

        return rules_help()

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        configs: list[tuple[dict[str, Any], int]] = [({}, n) for n in self.player_counts()]
        six = type(self)(up_to_six=True)
        configs += [({"up_to_six": True}, n) for n in six.player_counts() if n > MAX_PLAYERS]
        return configs
