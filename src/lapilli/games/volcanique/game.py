"""Volcanique (seed 000): the game's declaration.

Read the package in this order: ``game.py`` (this: the step table in turn order),
``options.py``, ``data.toml`` and ``components.py``, ``board.py`` (the hex map and its
biomes, hexes as integer ids), ``pieces.py``, ``census.py`` (who stands where, kept as
critters move) and ``state.py`` (the position), ``actions.py`` and ``frames.py`` (the
actions and frames made once), the rules from the bottom up
(``paying.py``, ``winter.py``, ``critters.py``, ``lava.py``, ``land.py``,
``tectonics.py``, ``claiming.py``, ``eruption.py``, ``stacking.py``, ``caldera.py``,
``sacrifice.py``, ``endgame.py``, ``movement.py``, ``turn.py``, ``setup.py``), each
with its steps; ``scoring.py``, ``powers.py``, then ``view.py``, ``text.py`` and
``heuristics.py``.

Set-up builds the starting islands seat by seat, deals the power grid, tosses the
dispute dhoobloon and hands out bonus resources. A turn is then: 1 move, 2 buy and
stack a tile (or 3 a volcano, its power and its lava), 4 claim, 5 sacrifice (and
summon an island), 6 the Caldera, 7 collect, 8 lava: ``turn.begin_turn`` pushes them
together. Decisions that belong to other seats (migrating or evacuating their
critters, choosing the casualties of a contested biome) and small ones of the
player's own (how to pay, what to discard) are frames pushed on top of the turn; the
turn goes on below them. A rule module pushes its own steps and lower ones, never a
higher module's: what follows a step waits below it.

A step that has no real choice resolves itself (``settle``): a tile with one place,
a turn step with nothing to do, a payment with one mix of resources, a lava flow with
one lower neighbour. Each decision's ``refuse`` names the rule an action breaks.

Powers: one used "at any time during your turn" (Caldera cards, Rift, Converging
Tectonic Plates) is a free step (``FREE``), offered beside the choices of the turn's
own steps; one used at a point of the turn is an action of that step (Agile Critters
in step 1, Erosion and Colossal upgrades in step 4, burrowing in step 5) or a decision
of its own pushed where the rule fires (Landslide, Lateral Eruption); a reaction in
another player's turn (Lava Diversion, Magma Bomb, Volcanic Migration, Magma Siphon)
is a decision frame for its holder, pushed on top where the rule it answers fires.
"""

from __future__ import annotations

from typing import Any

from lapilli.core import Game, Utility
from lapilli.core.data import load_toml
from lapilli.core.flow import Steps
from lapilli.core.parts import Evaluation, Parts

from . import (
    caldera,
    claiming,
    critters,
    drawing,
    endgame,
    eruption,
    facts,
    heuristics,
    land,
    lava,
    movement,
    numeric,
    paying,
    positions,
    sacrifice,
    setup,
    stacking,
    tectonics,
    text,
    turn,
    view,
    winter,
)
from .events import VolcaniqueEvent
from .options import VolcaniqueOptions
from .rules import RULES
from .state import VolcaniqueState

ORDER = (
    # set-up
    setup.SETUP_TILE,
    setup.SETUP_PLACE,
    setup.SETUP_ROTATE,
    setup.SETUP_CRITTER,
    setup.DEAL,
    setup.DEAL_SLOT,
    setup.COIN,
    setup.BONUS,
    # 1. move
    movement.MOVE,
    movement.MOVE_TO,
    # 2. buy and stack a tile
    stacking.BUY,
    paying.PAY,
    stacking.BOUGHT,
    stacking.PLACE,
    stacking.ROTATE,
    land.MIGRATE,
    land.CONTESTS,
    land.REMOVE,
    # 3. volcanoes
    eruption.ERUPT,
    eruption.SUPER,
    eruption.SLEIGHT,
    eruption.ESCAPES,
    eruption.MIGRATION,
    eruption.COLOSSAL_ESCAPE,
    eruption.RELOCATED,
    eruption.VOLCANO_LANDS,
    eruption.UNLOCK,
    winter.WINTER_SPAWN,
    eruption.ERUPTED,
    eruption.SIPHON,
    eruption.BOMB,
    eruption.BOMB_ROLL,
    eruption.LATERAL,
    eruption.LATERAL_ROLL,
    tectonics.LANDSLIDE,
    lava.LAVA_START,
    lava.DIVERT,
    lava.DIVERSION,
    lava.EVACUATE,
    lava.EVACUATED,
    # 4. claim
    claiming.CLAIM,
    critters.UPGRADED,
    # 5. sacrifice, summoning an island
    sacrifice.SACRIFICE,
    sacrifice.FROM_HAND,
    sacrifice.ISLAND_TILE,
    sacrifice.ISLAND_PLACE,
    sacrifice.ISLAND_ROTATE,
    # 6. the Caldera
    turn.CALDERA,
    turn.DRAW,
    # 7. collect, and discard down to the cap
    turn.COLLECT,
    paying.DISCARD,
    # 8. lava
    lava.PROGRESS_LAVA,
    lava.LAVA_FLOW,
    # the end of a turn, the end of the game
    turn.END_TURN,
    endgame.SPEND,
    endgame.SCORE_POINT,
    endgame.SUPER_ERUPTS,
    endgame.FINAL_CRITTER,
    # what free steps lead to
    tectonics.RIFT,
    tectonics.CONVERGE,
    caldera.CARNAGE,
)
FREE = (caldera.PLAY_CALDERA, tectonics.USE_POWER)
"""Steps offered at any time during one's own turn."""
STEPS = Steps(*ORDER, free=FREE)


class Volcanique(Game):
    id = "volcanique"
    title = "Volcanique"
    min_players = 2
    max_players = 5
    utility = Utility.GENERAL_SUM
    version = "3"  # 3: Magma Siphon pays nothing for critters escaped off the target
    Options = VolcaniqueOptions
    summary = (
        "Stack hex tiles into islands, control biomes with your critters, unleash volcanoes "
        "whose lava flows downhill, unlock volcanic powers. Most points wins."
    )

    parts = Parts(
        state=VolcaniqueState,
        steps=STEPS,
        setup=setup.start,
        observe=view.observe,
        observation=view.Observation,
        action_text=text.action_text,
        said_text=text.said_text,
        event_text=text.event_text,
        event=VolcaniqueEvent,
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

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"optional_buy": True, "diversified_bonus": True, "caldera_limit": 1}, 2),
            ({}, 3),
            ({"engagement": "to_the_left"}, 3),
            ({}, 4),
            ({}, 5),
        ]
