"""Foggy Island's variants: which rule set, and the team and quick variants."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from lapilli.core.errors import OptionError


@dataclass(frozen=True)
class FoggyOptions:
    mode: Literal["basic", "weather", "mercenaries"] = field(
        default="basic",
        metadata={
            "help": "basic: 2 rounds, always sunny; weather: 2 rounds with weather cards; "
            "mercenaries: weather and mercenaries, coins, 4 rounds",
            "choices": ("basic", "weather", "mercenaries"),
        },
    )
    variant: Literal["standard", "team", "quick"] = field(
        default="standard",
        metadata={
            "help": "team: 4 players in 2 teams, always sunny; quick: 80 coins up front, "
            "2 rounds, one weather chosen for the game (both use the mercenary rules)",
            "choices": ("standard", "team", "quick"),
        },
    )
    face_up_mercenaries: bool = field(
        default=True,
        metadata={
            "help": "in Foggy weather, may a mercenary be placed face up to use its ability "
            "(the rulebook's default: yes)"
        },
    )

    def __post_init__(self) -> None:
        if self.fox not in ("opponent", "own"):
            raise OptionError(f"fox must be opponent or own, not {self.fox}")
        if self.variant == "team" and self.mode == "weather":
            raise OptionError(
                "the team variant is played in Sunny weather only (the rulebook: "
                '"In this variant only Sunny Weather is possible"), so mode=weather '
                "cannot go with variant=team: use mode=mercenaries or leave mode out"
            )

    fox: Literal["opponent", "own"] = field(
        default="opponent",
        metadata={
            "help": "Fox: opponent (the owner of an adjacent enemy token must change it for "
            "one from their hand, as the Snake) or own (the Fox's owner changes one of their "
            "own adjacent tokens for one from their hand); see docs/rules/foggy_island.md",
            "choices": ("opponent", "own"),
        },
    )

    @property
    def mercenaries(self) -> bool:
        """Both variants build on the game with mercenaries, whatever ``mode`` says."""
        return self.mode == "mercenaries" or self.variant != "standard"

    @property
    def weather(self) -> bool:
        """Weather cards are drawn (the team variant is always Sunny)."""
        return (self.mode != "basic" or self.variant == "quick") and self.variant != "team"
