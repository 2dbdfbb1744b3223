"""Variant options of Fuji (rulebook: set-up, levels, 2-player variants, extra thrill)."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError

SCENARIO_CHOICES = ("random", "1", "2", "3", "4", "5", "6", "7")


@dataclass(frozen=True)
class FujiOptions:
    level: int = field(
        default=2,
        metadata={
            "help": "difficulty level 1-4 (the level card: stamina lost per round)",
            "choices": (1, 2, 3, 4),
            "range": (1, 4),
        },
    )
    scenario: str = field(
        default="random",
        metadata={
            "help": "scenario card 1-7, or random (drawn from 2-7; scenario 1 is a suspect "
            "transcription, see docs/rules/fuji.md)",
            "choices": SCENARIO_CHOICES,
        },
    )
    variant: str = field(
        default="A",
        metadata={
            "help": "2-player rules: A (a neutral third set of dice) or B (a third meeple run "
            "by both players); ignored with 3-4 players",
            "choices": ("A", "B"),
        },
    )
    extra_thrill: bool = field(
        default=False,
        metadata={
            "help": "extra thrill: the eruption token closest to the village causes 2 eruptions"
        },
    )
    skills: str = field(
        default="dealt",
        metadata={
            "help": "skill cards dealt at random or chosen by each player in turn",
            "choices": ("dealt", "chosen"),
        },
    )

    def __post_init__(self) -> None:
        if self.level not in (1, 2, 3, 4):
            raise OptionError(f"level must be 1, 2, 3 or 4, not {self.level}")
        object.__setattr__(self, "scenario", str(self.scenario))
        if self.scenario not in SCENARIO_CHOICES:
            raise OptionError(f"scenario must be 1-7 or random, not {self.scenario}")
        if self.variant not in ("A", "B"):
            raise OptionError(f"variant must be A or B, not {self.variant}")
        if self.skills not in ("dealt", "chosen"):
            raise OptionError(f"skills must be dealt or chosen, not {self.skills}")
