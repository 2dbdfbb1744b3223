"""Variant options of Volcanique."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError


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

    def __post_init__(self) -> None:
        if self.engagement not in ("symbiosis", "to_the_left"):
            raise OptionError("engagement must be symbiosis or to_the_left")
        if self.caldera_limit < 0:
            raise OptionError("caldera_limit cannot be negative")
        if self.max_rounds < 0:
            raise OptionError("max_rounds cannot be negative")
