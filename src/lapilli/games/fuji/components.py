"""Component data from ``data.toml``, turned into fast lookup tables at import time."""

from __future__ import annotations

from enum import IntFlag
from typing import Any, NamedTuple

from lapilli.core.data import load_toml

DATA = load_toml(__package__)

# -- dice --------------------------------------------------------------------------
DIE_TYPES: tuple[str, ...] = tuple(DATA["dice"]["types"])
FACES = (1, 2, 3, 4, 5, 6)
FACE_COLOUR: tuple[tuple[str, ...], ...] = tuple(tuple(DATA["dice"][t]) for t in DIE_TYPES)
DICE_SET: tuple[int, ...] = tuple(DIE_TYPES.index(t) for t in DATA["dice"]["set"])
VISIBLE_NEUTRAL: tuple[int, ...] = tuple(
    DIE_TYPES.index(t) for t in DATA["dice"]["visible_neutral"]
)


# -- terrain -----------------------------------------------------------------------
VOLCANO: int = DATA["terrain"]["volcano"]
RUBBLE: tuple[int, ...] = tuple(DATA["terrain"]["rubble"])
LANDSCAPE: tuple[int, ...] = tuple(DATA["terrain"]["landscape"])
VILLAGE: tuple[int, ...] = tuple(DATA["terrain"]["village"])
CARD_IDS = range(1 + max(VOLCANO, *RUBBLE, *LANDSCAPE, *VILLAGE))
"""Terrain card ids; 0 is no card."""
IS_VILLAGE = [c in VILLAGE for c in CARD_IDS]
IS_LANDSCAPE = [c in LANDSCAPE for c in CARD_IDS]
IS_WALKABLE = [IS_LANDSCAPE[c] or IS_VILLAGE[c] for c in CARD_IDS]
"""Movement rules: never onto the volcano or rubble (nor onto lava, a side of a card)."""


def _counts(card: dict[str, Any], die_type: int, value: int) -> bool:
    colour = FACE_COLOUR[die_type][value - 1]
    colours = card.get("colours")
    values = card.get("values")
    ok_colour = colours is None or colour in colours
    ok_value = values is None or value in values
    if colours is not None and values is not None and card.get("combine", "and") == "or":
        return colour in colours or value in values
    return ok_colour and ok_value


VALID: list[tuple[tuple[int, ...], ...]] = [()] * len(CARD_IDS)
"""``VALID[card][die_type][value]``: the value if a die of that type showing it is valid
for the card, else 0 (value 0: a die not rolled yet)."""
REROLL_SYMBOL = [False] * len(CARD_IDS)
CARD_TEXT: dict[int, str] = {}
CARD_WORDS: dict[int, str] = {}
VALUE_WORDS = {(2, 4, 6): "even", (1, 3, 5): "odd", (1, 2, 3): "1 to 3"}


def _words(card: dict[str, Any]) -> str:
    """A card's requirement in words: "yellow or 4", "blue and odd", "any colour"."""
    parts = []
    if "colours" in card:
        colours = card["colours"]
        parts.append("any colour" if len(colours) == 3 else " or ".join(colours))
    if "values" in card:
        values = tuple(card["values"])
        parts.append(VALUE_WORDS.get(values, " or ".join(map(str, values))))
    combine = card.get("combine", "and")
    if combine == "and" and " or " in parts[0]:
        combine = ", and"  # "pink or blue, and even"
    return f" {combine} ".join(parts).replace(" , and", ", and")


for _key, _card in DATA["cards"].items():
    _id = int(_key)
    VALID[_id] = tuple(
        (0, *(v if _counts(_card, t, v) else 0 for v in FACES)) for t in range(len(DIE_TYPES))
    )
    REROLL_SYMBOL[_id] = bool(_card.get("reroll", False))
    _parts = []
    if "colours" in _card:
        _cs = _card["colours"]
        _parts.append("any" if len(_cs) == 3 else "".join(c[0].upper() for c in _cs))
    if "values" in _card:
        _vs = _card["values"]
        _parts.append(
            {(2, 4, 6): "even", (1, 3, 5): "odd", (1, 2, 3): "1-3"}.get(
                tuple(_vs), ",".join(map(str, _vs))
            )
        )
    CARD_TEXT[_id] = ("|" if _card.get("combine") == "or" else "&").join(_parts)
    CARD_WORDS[_id] = _words(_card)


def requirement_text(card: int) -> str:
    """Short form: Y/B/P = yellow/blue/pink faces; | = or, & = and."""
    return CARD_TEXT.get(card, "")


def requirement_words(card: int) -> str:
    """The card's requirement in words, for the log and the actions: "yellow or 4"."""
    return CARD_WORDS.get(card, "")


# -- scenarios ----------------------------------------------------------------------
SCENARIOS: dict[int, dict[str, Any]] = {}
for _key, _sc in DATA["scenarios"].items():
    SCENARIOS[int(_key)] = {
        "grid": [row.split() for row in _sc["rows"]],
        "random": _sc.get("random", True),
        "note": _sc.get("note", ""),
    }
RANDOM_SCENARIOS: tuple[int, ...] = tuple(sorted(k for k, v in SCENARIOS.items() if v["random"]))

# -- levels and stamina ------------------------------------------------------------
EXHAUSTION: int = DATA["stamina"]["exhaustion"]
INJURY_AT: tuple[int, ...] = tuple(DATA["stamina"]["injury_at"])
LEVEL_FAILED: dict[int, int] = {int(k): v["failed"] for k, v in DATA["levels"].items()}
LEVEL_LEAD: dict[int, tuple[int, ...]] = {
    int(k): tuple(v["by_lead"]) for k, v in DATA["levels"].items()
}


def stamina_loss(level: int, lead: int | None) -> int:
    """Level card: loss for a successful turn won by ``lead``; ``None`` = failed (top row)."""
    if lead is None or lead <= 0:
        return LEVEL_FAILED[level]
    row = LEVEL_LEAD[level]
    return row[lead - 1] if lead <= len(row) else row[-1]


def injuries_marked(old: int, new: int, marks: tuple[int, ...] = INJURY_AT) -> int:
    """Injury marks reached or passed when the stamina lost goes from ``old`` to ``new``."""
    return sum(1 for mark in marks if old < mark <= new)


class Injury(IntFlag):
    """The four injury spaces of an adventurer's stamina board."""

    LEG = 1  # lose one die for good
    ARM = 2  # no more equipment cards
    AMNESIA = 4  # the skill is lost
    EYE = 8  # no rerolls in phase 3


LEG, ARM, AMNESIA, EYE = (int(space) for space in Injury)
"""The injury bits as plain numbers, for the rules' tests (an IntFlag operand runs the
enum's Python code on every test)."""
INJURY_SPACES: dict[str, Injury] = {space.name.lower(): space for space in Injury}  # type: ignore[union-attr]
"""The injury spaces by name, as the ``injury`` action gives them."""
INJURIES: tuple[str, ...] = tuple(INJURY_SPACES)

# -- skills, characters, equipment -------------------------------------------------
SKILLS: tuple[str, ...] = tuple(DATA["skills"])
SKILL_DICE = {k: v["dice"] for k, v in DATA["skills"].items()}
SKILL_DEAL = {k: v["deal"] for k, v in DATA["skills"].items()}
SKILL_KEEP = {k: v["keep"] for k, v in DATA["skills"].items()}
SKILL_NAME = {k: v["name"] for k, v in DATA["skills"].items()}
MAX_POWER_BARS = 3
"""Gatherer: "you can only have a maximum of 3 power bars"."""
CHARACTERS: tuple[tuple[str, str], ...] = tuple(
    (c["name"], c["colour"]) for c in DATA["characters"]
)

EQUIPMENT: tuple[str, ...] = tuple(DATA["equipment"])
EQ = {name: i for i, name in enumerate(EQUIPMENT)}
EQ_NAME: tuple[str, ...] = tuple(DATA["equipment"][k]["name"] for k in EQUIPMENT)
EQ_TEXT = tuple(DATA["equipment"][k]["text"] for k in EQUIPMENT)
EQ_WHO = tuple(DATA["equipment"][k]["who"] for k in EQUIPMENT)
EQ_PHASES = tuple(tuple(DATA["equipment"][k]["phases"]) for k in EQUIPMENT)

POINTS = DATA["points"]
SIGNALS: tuple[str, ...] = tuple(DATA["signals"])
SIGNAL_TEXT = dict(DATA["signals"])


class Signal(NamedTuple):
    """A qualitative statement given in phase 2 or 4 (the rulebook forbids numbers)."""

    adventurer: int
    say: str
