"""Eras (listed elsewhere as "Evolution"): lay a path of six era cards in strict species
order from your start card and be first to advance your playing piece onto the sixth."""

from __future__ import annotations

from typing import Any, cast

from lapilli.core.data import load_toml
from lapilli.core.flow import Steps
from lapilli.core.parts import Evaluation, Parts
from lapilli.core.state import Game, Utility

from . import (
    bidding,
    deck,
    drawing,
    facts,
    heuristics,
    movement,
    numeric,
    placement,
    positions,
    setup,
    text,
    thunderbolts,
    turn,
    view,
    volcano,
)
from .components import MAX_PLAYERS, MAX_PLAYERS_OPTION, MIN_PLAYERS
from .events import ErasEvent
from .options import ErasOptions
from .rules import RULES
from .state import ErasState

STEPS = Steps(
    # preparation: deal start cards and hands, find the youngest, place the pieces
    setup.DEAL_START,
    deck.REFILL,
    deck.DRAW,
    setup.CHOOSE_YOUNGEST,
    setup.PLACE_PIECE,
    # the turn: recover tokens, play from hand, roll the die (a thunderbolt, every
    # player's cone action, or nothing), turn up the top era card, bid or exchange
    # (sealed bids revealed together), place a card won, move, see whether you won
    turn.TURN,
    placement.PLAY,
    turn.ROLL,
    thunderbolts.THUNDER,
    thunderbolts.METEOR,
    thunderbolts.ICE_AGE,
    volcano.VOLCANO,
    volcano.CONE,
    bidding.CHOOSE,
    bidding.SEALED_BID,
    bidding.REVEAL_BIDS,
    bidding.ANSWER,
    placement.PLACE_WON,
    movement.START_MOVING,
    movement.MOVE,
    turn.END_TURN,
)


class Eras(Game):
    id = "eras"
    title = "Eras"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS_OPTION
    players_text = f"{MIN_PLAYERS}-{MAX_PLAYERS} (up to {MAX_PLAYERS_OPTION} as an option)"
    utility = Utility.GENERAL_SUM
    points_decide = False  # a score only says who won (1) and who did not (0)
    Options = ErasOptions
    summary = (
        "Lay a path of six era cards from your start card, in strict era order (Bacteria, "
        "Algae, Fish, Reptiles, Birds, Dinosaurs, Mammals, Primates), and be first to "
        "advance your playing piece onto your sixth era card."
    )

    parts = Parts(
        state=ErasState,
        steps=STEPS,
        setup=setup.new_eras_state,
        observe=view.observe,
        observation=view.Observation,
        action_text=text.action_text,
        said_text=text.said_text,
        event_text=text.event_text,
        event=ErasEvent,
        render=text.render,
        seat_label=text.seat_label,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(heuristics.heuristic, scale=heuristics.SCALE),
        build=positions.build,
        rules=RULES,
        lesson=load_toml(__package__, "lesson.toml"),
        facts=facts.facts,
        features=facts.FEATURES,
    )

    def player_counts(self) -> range:
        options = cast(ErasOptions, self.options)
        top = MAX_PLAYERS_OPTION if options.up_to_six else MAX_PLAYERS
        return range(MIN_PLAYERS, top + 1)

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        configs: list[tuple[dict[str, Any], int]] = [({}, n) for n in self.player_counts()]
        six = type(self)(up_to_six=True)
        configs += [({"up_to_six": True}, n) for n in six.player_counts() if n > MAX_PLAYERS]
        return configs
