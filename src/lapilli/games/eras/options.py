"""Variant options of Eras, and the numbers a designer tunes (the animal tokens and what
they buy), the rulebook's by default."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lapilli.core.errors import OptionError

from .components import RAVINE_COST, RECOVER, ROUND_LIMIT, SEA_COST, TOKENS, WATERHOLE_RECOVER


def _tokens(default: int, words: str, top: int) -> Any:
    """A number of animal tokens as an option: the rulebook's by default."""
    return field(
        default=default,
        metadata={"help": f"{words} (rulebook: {default})", "range": (0, top)},
    )


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

    tokens: int = field(
        default=TOKENS,
        metadata={
            "help": f"animal tokens in each player's hand at the start, the playing piece "
            f"aside (rulebook: {TOKENS}, of 16)",
            "range": (1, TOKENS),
        },
    )
    recover: int = _tokens(RECOVER, "tokens recovered from the box at the start of a turn", 5)
    waterhole_recover: int = _tokens(
        WATERHOLE_RECOVER, "tokens recovered besides with a waterhole in your path", 5
    )
    sea_cost: int = _tokens(SEA_COST, "tokens to cross a rising sea without a Fish card", 5)
    ravine_cost: int = _tokens(RAVINE_COST, "tokens to advance over a ravine", 5)

    def __post_init__(self) -> None:
        if self.round_limit < 0:
            raise OptionError(f"option round_limit: {self.round_limit} is below 0")
