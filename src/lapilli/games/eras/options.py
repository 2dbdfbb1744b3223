"""Variant options of Eras."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError

from .components import ROUND_LIMIT


@dataclass(frozen=True)
class ErasOptions:
    up_to_six: bool = field(
        default=False,
        metadata={"help": "allow 5 or 6 players (2-4 by default)"},
    )
    round_limit: int = field(
        default=ROUND_LIMIT,
        metadata={
            "help": "digital safeguard: the game stops with no winner after this many "
            "rounds (0 = never); real games end long before",
            "range": (0, 100_000),
        },
    )

    def __post_init__(self) -> None:
        if self.round_limit < 0:
            raise OptionError(f"option round_limit: {self.round_limit} is below 0")
