"""Volcanique (seed 000): the game's declaration.

Read the package in this order: ``game.py`` (this), ``options.py``, ``data.toml`` and
``components.py``, ``board.py`` (the hex map and its biomes), ``pieces.py`` and
``state.py`` (the position), ``steps.py`` (the step table in turn order), the rules of
each phase (``setup.py``, ``turn.py``, ``stacking.py``, ``lava.py``, ``sacrifice.py``,
``paying.py``, ``endgame.py``), ``scoring.py``, ``powers.py``, then ``text.py`` and
``heuristics.py``.
"""

from __future__ import annotations

from typing import Any

from lapilli.core import Game, Utility
from lapilli.core.parts import Evaluation, Parts

from . import drawing, heuristics, numeric, positions, schema, setup, text, view
from .options import VolcaniqueOptions
from .state import VolcaniqueState
from .steps import STEPS

RULES_HELP = """\
Volcanique, 2-5 players. Stack hex tiles, control biomes with your critters,
unleash volcanoes. Each hex shows its height, its biomes (dark, medium,
light) and critters.

A turn:
 1. Move up to one critter within its connected biome, or onto an
    uncontrolled biome of its own tile.
 2. Buy a tile (Uno 2, Duo 2, Trio 3 resources of any kind) and stack it on
    land (not on a volcano or lava) so that at least one edge continues a
    neighbour's biome. Critters on the covered tile migrate within their
    biome (their owner chooses) or go home. Joined biomes held by different
    players are contested: most critters wins, each player loses as many as
    the runner-up has; a tie sends them all home. On volcanic soil you may
    buy a second tile (or a volcano). Cannot buy anything: sacrifice a
    critter from your hand.
 3. Or buy a volcano (5): it wipes the critters of a land tile, you unlock a
    power on the grid (L1 first, then a neighbour of one you hold), and lava
    flows to a lower neighbour.
 4. Claim: one critter on an uncontrolled biome of each uninhabited tile you
    like.
 5. Sacrifice one critter from the board and/or one from your hand for 5
    resources (crater: 3). With 3 in the crater and 7 resources, summon a
    3-tile island.
 6. Buy hidden Caldera cards, one resource of each kind apiece.
 7. Collect one resource per biome you control (keep at most 7).
 8. Every lava flow moves one step downhill; critters it reaches pay 2 to
    evacuate within their biome or go home; lava in the sea becomes volcanic
    soil the next turn.
3-5 players: tiles may only go on soil, on empty tiles or tiles of the player
with the most critters (Symbiosis), or on tiles of the next player
(to_the_left); anyone with 5+ critters is a target for all.
Volcanic powers: each volcano puts a critter from your hand on a power of the
grid (a tech tree); 26 powers change moving, buying, claiming, sacrificing,
lava and land; some answer other players' volcanoes and lava. Lightning-bolt
Caldera cards are played in your own turn.
The end: the last land tile or a player with no critters left in hand (one
final turn each: spend on volcanoes, Colossal upgrades, 3 resources = 1 point;
no collecting; then finale turns until the lava reaches the sea); the Super
Volcanic Eruption (one turn each to escape, then it erupts); the Volcanic
Winter (play on until every land tile is frozen).
Score: critters, biome connections, volcanoes, crater, Colossal Critters,
herds, tallest and largest biome (3 each), Caldera cards (diversified sets:
an option).
"""


class Volcanique(Game):
    id = "volcanique"
    title = "Volcanique"
    min_players = 2
    max_players = 5
    utility = Utility.GENERAL_SUM
    version = "2"
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
        observation=schema.Observation,
        action_text=text.action_text,
        event_text=text.event_text,
        render=text.render,
        seat_label=text.seat_label,
        draw=drawing.draw,
        numeric=numeric,
        evaluation=Evaluation(heuristics.heuristic, scale=heuristics.SCALE),
        build=positions.build,
    )

    def rules_help(self) -> str:
        return RULES_HELP

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"optional_buy": True, "diversified_bonus": True, "caldera_limit": 1}, 2),
            ({}, 3),
            ({"engagement": "to_the_left"}, 3),
            ({}, 4),
            ({}, 5),
        ]
