"""Variant options of Volcanique, and the prices a designer tunes (land tiles, volcanoes,
Caldera cards), the research defaults by default (docs/rules/volcanique.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lapilli.core.errors import OptionError

from .components import CALDERA_COST, COSTS, KIND_SIZE, VOLCANO_COST


def _cost(default: int, what: str) -> Any:
    """A price in resources as an option."""
    return field(
        default=default,
        metadata={"help": f"resources {what} costs (default {default})", "range": (0, 20)},
    )


@dataclass(frozen=True)
class VolcaniqueOptions:
    engagement: str = field(
        default="symbiosis",
        metadata={
            "help": "3-5 players: where tiles may be placed (rules of engagement)",
            "choices": ("symbiosis", "to_the_left"),
        },
    )
    diversified_bonus: bool = field(
        default=False,
        metadata={
            "help": "score the Diversified biomes bonus objective (1 pt per set; off by "
            "default: the rulebook's Scoring list and worked example leave it out)"
        },
    )
    caldera_limit: int = field(
        default=0,
        metadata={
            "help": "Caldera cards a player may buy per turn (0 = no limit, as the "
            "rulebook has none)",
            "range": (0, 20),
        },
    )
    optional_buy: bool = field(
        default=False,
        metadata={
            "help": "let a player skip the buy step although a tile is affordable "
            "(default: buying is compulsory when possible, see docs/rules/volcanique.md)"
        },
    )
    max_rounds: int = field(
        default=60,
        metadata={
            "help": "digital safeguard: the end sequence starts after this many rounds "
            "(0 = never); real games end long before",
            "range": (0, 10_000),
        },
    )

    uno_cost: int = _cost(int(COSTS["uno"]), "an Uno tile (one biome)")
    duo_cost: int = _cost(int(COSTS["duo"]), "a Duo tile (two biomes)")
    trio_cost: int = _cost(int(COSTS["trio"]), "a Trio tile (three biomes)")
    volcano_cost: int = _cost(VOLCANO_COST, "a volcano tile")
    caldera_cost: int = field(
        default=CALDERA_COST[0],
        metadata={
            "help": f"resources of each biome a Caldera card (a power) costs (default "
            f"{CALDERA_COST[0]} of each)",
            "range": (0, 7),
        },
    )

    def tile_cost(self, kind: int) -> int:
        """What a land tile of ``kind`` (its index) costs in this game."""
        return (self.uno_cost, self.duo_cost, self.trio_cost)[KIND_SIZE[kind] - 1]

    def __post_init__(self) -> None:
        if self.engagement not in ("symbiosis", "to_the_left"):
            raise OptionError("engagement must be symbiosis or to_the_left")
        if self.caldera_limit < 0:
            raise OptionError("caldera_limit cannot be negative")
        if self.max_rounds < 0:
            raise OptionError("max_rounds cannot be negative")
