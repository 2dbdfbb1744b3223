"""Foggy Island's variants: which rule set, the team and quick variants, and the numbers
a designer tunes (each mercenary's price, the quick game's coins), the rulebook's by
default."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from lapilli.core.errors import OptionError

from .components import MERCENARIES, QUICK_COINS


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _price(kind: str) -> Any:
    """A mercenary's price as an option: the rulebook's by default."""
    info = MERCENARIES[kind]
    return field(
        default=info.cost,
        metadata={
            "help": f"the {_possessive(info.title)} price in coins (rulebook: {info.cost})",
            "range": (0, 200),
        },
    )


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

    # -- tunable numbers (the rules read them through ``price`` and ``quick_coins``) --------
    fox_price: int = _price("fox")
    turtle_price: int = _price("turtle")
    cat_price: int = _price("cat")
    mouses_price: int = _price("mouses")
    snake_price: int = _price("snake")
    chameleon_price: int = _price("chameleon")
    crow_price: int = _price("crow")
    mole_price: int = _price("mole")
    prairie_dog_price: int = _price("prairie_dog")
    hippo_price: int = _price("hippo")
    frog_price: int = _price("frog")
    quick_coins: int = field(
        default=QUICK_COINS,
        metadata={
            "help": f"quick variant: the coins each side hires with before round 1 "
            f"(rulebook: {QUICK_COINS})",
            "range": (0, 1000),
        },
    )

    def price(self, mercenary: str) -> int:
        """What hiring ``mercenary`` costs in this game."""
        cost: int = getattr(self, f"{mercenary}_price")
        return cost

    def prices(self) -> dict[str, int]:
        """Every mercenary's price that differs from the rulebook's."""
        return {k: self.price(k) for k, info in MERCENARIES.items() if self.price(k) != info.cost}

    @property
    def mercenaries(self) -> bool:
        """Both variants build on the game with mercenaries, whatever ``mode`` says."""
        return self.mode == "mercenaries" or self.variant != "standard"

    @property
    def weather(self) -> bool:
        """Weather cards are drawn (the team variant is always Sunny)."""
        return (self.mode != "basic" or self.variant == "quick") and self.variant != "team"
