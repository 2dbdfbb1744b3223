"""Character tokens: what each kind builds, its scoring effect, cost and replacement."""

from __future__ import annotations

from dataclasses import dataclass

from lapilli.core.data import load_toml

DATA = load_toml(__package__)

WHITE = -1
"""The colour of neutral tokens (Rabbit, Prairie Dog, Hippo): they break every line."""


@dataclass(frozen=True)
class Kind:
    name: str
    builds: str  # "own", "enemy", "white" or "chameleon"
    mercenary: bool = False
    count: int = 1
    cost: int = 0
    replaces: str = ""
    multiplier: str = ""
    ability: str = ""

    @property
    def title(self) -> str:
        return self.name.replace("_", " ").title()


KINDS: dict[str, Kind] = {name: Kind(name, **spec) for name, spec in DATA["tokens"].items()}
BASIC_PILE: dict[str, int] = dict(DATA["basic_pile"])
MERCENARIES: dict[str, Kind] = {k: v for k, v in KINDS.items() if v.mercenary}
LINE_POINTS: dict[int, int] = {int(n): p for n, p in DATA["line_points"].items()}
HAND_SIZE: int = DATA["hand_size"]


def colour_of(kind: str, side: int) -> int:
    """The side whose line a face-up token of ``kind`` from ``side``'s pile builds."""
    builds = KINDS[kind].builds
    if builds == "white":
        return WHITE
    if builds == "enemy":
        return 1 - side
    return side  # own, and a Chameleon starts in its owner's colour


def is_white(kind: str) -> bool:
    return KINDS[kind].builds == "white"


def total_hire_cost(hired: list[str]) -> int:
    return sum(KINDS[k].cost for k in hired)


def in_order(counts: dict[str, int]) -> list[str]:
    """The kinds held in ``counts``, in the fixed order of the data file."""
    return [k for k in KINDS if k in counts]
