"""Deeper's variant options: readings the rules leave open (research defaults 7 and 15), a
digital safeguard against endless games, and the numbers a designer tunes (air at
set-up, tiles per depth deck, actions per turn), the prototype's by default."""

from __future__ import annotations

from dataclasses import dataclass, field

from lapilli.core.errors import OptionError

from .components import ACTIONS, AIR_START, DECKS, LUNGS_OPEN


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

    air_start: int = field(
        default=AIR_START,
        metadata={
            "help": f"air tokens on each player's Lungs at set-up (prototype: {AIR_START})",
            "range": (1, LUNGS_OPEN),
        },
    )
    deck_tiles: int = field(
        default=len(DECKS[0]),
        metadata={
            "help": "tiles in each depth deck (the first ones of each deck's list; "
            f"prototype: {len(DECKS[0])})",
            "range": (4, len(DECKS[0])),
        },
    )
    actions: int = field(
        default=ACTIONS,
        metadata={
            "help": f"actions a player may take in a turn before breathing (prototype: {ACTIONS})",
            "range": (1, 4),
        },
    )

    def decks(self) -> tuple[tuple[str, ...], ...]:
        """The depth decks of this game: each deck's first ``deck_tiles`` tiles."""
        return tuple(deck[: self.deck_tiles] for deck in DECKS)

    def __post_init__(self) -> None:
        if self.habitat not in ("own", "any"):
            raise OptionError(f"habitat must be own or any, not {self.habitat!r}")
        if self.milestones not in ("place", "enter"):
            raise OptionError(f"milestones must be place or enter, not {self.milestones!r}")
        if not isinstance(self.max_rounds, int) or self.max_rounds < 0:
            raise OptionError(f"max_rounds must be 0 (no limit) or more, not {self.max_rounds!r}")
