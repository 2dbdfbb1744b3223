"""Deeper's variant options: readings the rules leave open (research defaults 7 and 15) and
a digital safeguard against endless games."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError


@dataclass(frozen=True)
class DeeperOptions:
    habitat: str = field(
        default="own",
        metadata={
            "help": "where you are 'in your habitat' (breathe to full, Convert, Craft): on your "
            "own Hatch (own) or on any Hatch (any)",
            "choices": ("own", "any"),
        },
    )
    milestones: str = field(
        default="place",
        metadata={
            "help": "what explores a new depth for its milestone: placing a tile there (place) "
            "or moving your pawn there (enter)",
            "choices": ("place", "enter"),
        },
    )
    max_rounds: int = field(
        default=150,
        metadata={
            "help": "digital safeguard: the game also ends after this many rounds, scored as "
            "usual (0: no limit)",
            "range": (0, 10_000),
        },
    )

    def __post_init__(self) -> None:
        if self.habitat not in ("own", "any"):
            raise OptionError(f"habitat must be own or any, not {self.habitat!r}")
        if self.milestones not in ("place", "enter"):
            raise OptionError(f"milestones must be place or enter, not {self.milestones!r}")
        if not isinstance(self.max_rounds, int) or self.max_rounds < 0:
            raise OptionError(f"max_rounds must be 0 (no limit) or more, not {self.max_rounds!r}")
