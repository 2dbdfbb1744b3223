"""The cards, die and numbers of Eras, read once from ``data.toml``.

An era card is named by its era and copy (``fish-3``: the third Fish card). A site is a
lane, 0-2 (L, M, R); a card's crossing lies on its forward edge, between it and the next
card of the path.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lapilli.core.data import load_toml

DATA: dict[str, Any] = load_toml(__package__)

MIN_PLAYERS: int = DATA["players"]["min"]
MAX_PLAYERS: int = DATA["players"]["max"]
MAX_PLAYERS_OPTION: int = DATA["players"]["max_option"]

TOKENS: int = DATA["tokens"]["per_player"] - DATA["tokens"]["pieces"]
"""Tokens in hand at the start (the others of the 16 is the playing piece)."""
RECOVER: int = DATA["tokens"]["recover"]
WATERHOLE_RECOVER: int = DATA["tokens"]["waterhole"]

PATH_LENGTH: int = DATA["path"]["length"]
HAND: int = DATA["path"]["hand"]
LANES: tuple[str, ...] = tuple(DATA["path"]["lanes"])
SIDEWAYS: dict[int, tuple[int, ...]] = {lane: () for lane in range(len(LANES))}
for _a, _b in DATA["path"]["sideways"]:
    SIDEWAYS[_a] += (_b,)
    SIDEWAYS[_b] += (_a,)
SIDEWAYS = {lane: tuple(sorted(to)) for lane, to in SIDEWAYS.items()}
"""lane -> the lanes a printed line joins it to on the same card."""

MOVES = DATA["movement"]
SIDEWAYS_MOVES: int = MOVES["sideways"]
FORWARD_MOVES: int = MOVES["forward"]
SWAMP_MOVES: int = MOVES["swamp"]
SEA_COST: int = MOVES["rising_sea"]
RAVINE_COST: int = MOVES["ravine"]

CONE = DATA["cone"]
CONE_ENTER: int = CONE["enter"]
CONE_FORWARD: int = CONE["forward"]
ERUPT: int = CONE["erupt"]

DIE: tuple[tuple[str, int], ...] = tuple(DATA["die"].items())
"""(face, how many faces show it)."""
DIE_FACES: int = sum(n for _, n in DIE)

START_NUMBERS: tuple[int, ...] = tuple(DATA["start"]["numbers"])
START_SITES: tuple[str, ...] = tuple(DATA["start"]["sites"])

ERAS: tuple[str, ...] = tuple(DATA["eras"]["order"])
RANK: dict[str, int] = {era: i + 1 for i, era in enumerate(ERAS)}
"""era -> its number in the strict era order (Bacteria 1 ... Primates 8)."""

THUNDERBOLTS: dict[str, int] = dict(DATA["thunderbolts"])
EFFECTS: dict[str, Any] = dict(DATA["thunderbolt_effects"])
ROUND_LIMIT: int = DATA["limits"]["rounds"]


@dataclass(frozen=True, slots=True)
class EraCard:
    id: str
    era: str
    copy: int
    sites: tuple[str, str, str]
    crossing: str | None  # "rising_sea" or "ravine", on the forward edge
    crossed: tuple[int, ...]  # the lanes the crossing cuts
    hazard: str | None  # "earthquake", "twister" or "volcano"

    @property
    def rank(self) -> int:
        return RANK[self.era]

    @property
    def name(self) -> str:
        return f"{self.era.title()} #{self.copy}"


def _cards() -> dict[str, EraCard]:
    cards = {}
    for era in ERAS:
        kind = DATA["eras"][era]
        for copy, layout in enumerate(DATA["copies"], 1):
            sites = tuple(kind.get(site, site) for site in layout["sites"])
            crossing = kind["crossing"] if layout.get("crossing") else None
            if crossing == "ravine":
                crossed = tuple(layout["ravine_lanes"])
            elif crossing == "rising_sea":
                crossed = tuple(range(len(LANES)))
            else:
                crossed = ()
            hazard = kind["hazard"] if layout.get("hazard") else None
            card = EraCard(f"{era}-{copy}", era, copy, sites, crossing, crossed, hazard)
            cards[card.id] = card
    return cards


CARDS: dict[str, EraCard] = _cards()
CARD_IDS: tuple[str, ...] = tuple(CARDS)
CARD_RANK: dict[str, int] = {card.id: card.rank for card in CARDS.values()}
"""card id -> the number of its era (looked up often, so computed once)."""
