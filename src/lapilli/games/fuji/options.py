"""Variant options of Fuji (rulebook: set-up, levels, 2-player variants, extra thrill), and
the stamina track a designer tunes (its length and injury spaces), the rulebook's by
default."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError

from .components import EXHAUSTION, INJURIES, INJURY_AT

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

    stamina: int = field(
        default=EXHAUSTION,
        metadata={
            "help": f"stamina spaces before exhaustion: an adventurer who loses this much "
            f"collapses (rulebook: {EXHAUSTION})",
            "range": (8, EXHAUSTION),
        },
    )
    injury_every: int = field(
        default=INJURY_AT[0],
        metadata={
            "help": f"an injury on every this many spaces of stamina lost, {len(INJURY_AT)} "
            f"injuries at most (rulebook: {INJURY_AT[0]})",
            "range": (1, EXHAUSTION - 1),
        },
    )

    def injury_marks(self) -> tuple[int, ...]:
        """The stamina-lost spaces that give an injury (before the exhaustion space)."""
        marks = range(self.injury_every, self.stamina, self.injury_every)
        return tuple(marks)[: len(INJURIES)]

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
