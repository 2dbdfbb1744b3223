"""Component data from ``data.toml``, turned into fast lookup tables at import time."""

from __future__ import annotations

from lapilli.core.data import load_toml

DATA = load_toml(__package__)

COLOURS = ("yellow", "blue", "pink")

# -- dice --------------------------------------------------------------------------
DIE_TYPES: tuple[str, ...] = tuple(DATA["dice"]["types"])
FACE_COLOUR: tuple[tuple[str, ...], ...] = tuple(tuple(DATA["dice"][t]) for t in DIE_TYPES)
DICE_SET: tuple[int, ...] = tuple(DIE_TYPES.index(t) for t in DATA["dice"]["set"])
VISIBLE_NEUTRAL: tuple[int, ...] = tuple(
    DIE_TYPES.index(t) for t in DATA["dice"]["visible_neutral"]
)


def face(die_type: int, value: int) -> int:
    """Index of a face in the per-card tables: type * 6 + value - 1."""
    return die_type * 6 + value - 1


# -- terrain -----------------------------------------------------------------------
VOLCANO: int = DATA["terrain"]["volcano"]
RUBBLE: tuple[int, ...] = tuple(DATA["terrain"]["rubble"])
LANDSCAPE: tuple[int, ...] = tuple(DATA["terrain"]["landscape"])
VILLAGE: tuple[int, ...] = tuple(DATA["terrain"]["village"])
IS_VILLAGE = [False] * 40
for _c in VILLAGE:
    IS_VILLAGE[_c] = True
IS_LANDSCAPE = [False] * 40
for _c in LANDSCAPE:
    IS_LANDSCAPE[_c] = True


def _counts(card: dict, die_type: int, value: int) -> bool:
    colour = FACE_COLOUR[die_type][value - 1]
    colours = card.get("colours")
    values = card.get("values")
    ok_colour = colours is None or colour in colours
    ok_value = values is None or value in values
    if colours is not None and values is not None and card.get("combine", "and") == "or":
        return colour in colours or value in values
    return ok_colour and ok_value


# VALID[card][face] = the face's value if a die showing it is valid for the card, else 0
VALID: list[tuple[int, ...]] = [()] * 40
REROLL_SYMBOL = [False] * 40
CARD_TEXT: dict[int, str] = {}
for _key, _card in DATA["cards"].items():
    _id = int(_key)
    VALID[_id] = tuple(
        v if _counts(_card, t, v) else 0 for t in range(len(DIE_TYPES)) for v in range(1, 7)
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


def requirement_text(card: int) -> str:
    """Short form: Y/B/P = yellow/blue/pink faces; | = or, & = and."""
    return CARD_TEXT.get(card, "")


# -- scenarios ----------------------------------------------------------------------
def _parse_rows(rows: list[str]) -> list[list[str]]:
    return [row.split() for row in rows]


SCENARIOS: dict[int, dict] = {}
for _key, _sc in DATA["scenarios"].items():
    grid = _parse_rows(_sc["rows"])
    SCENARIOS[int(_key)] = {
        "grid": grid,
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


# -- skills, characters, equipment -------------------------------------------------
SKILLS: tuple[str, ...] = tuple(DATA["skills"])
SKILL_DICE = {k: v["dice"] for k, v in DATA["skills"].items()}
SKILL_DEAL = {k: v["deal"] for k, v in DATA["skills"].items()}
SKILL_KEEP = {k: v["keep"] for k, v in DATA["skills"].items()}
SKILL_NAME = {k: v["name"] for k, v in DATA["skills"].items()}
CHARACTERS = tuple((c["name"], c["colour"]) for c in DATA["characters"])

EQUIPMENT: tuple[str, ...] = tuple(DATA["equipment"])
EQ = {name: i for i, name in enumerate(EQUIPMENT)}
EQ_NAME = tuple(DATA["equipment"][k]["name"] for k in EQUIPMENT)
EQ_TEXT = tuple(DATA["equipment"][k]["text"] for k in EQUIPMENT)
EQ_WHO = tuple(DATA["equipment"][k]["who"] for k in EQUIPMENT)
EQ_PHASES = tuple(tuple(DATA["equipment"][k]["phases"]) for k in EQUIPMENT)

POINTS = DATA["points"]
SIGNALS: tuple[str, ...] = tuple(DATA["signals"])
SIGNAL_TEXT = dict(DATA["signals"])

INJURIES = ("leg", "arm", "amnesia", "eye")
LEG, ARM, AMNESIA, EYE = 1, 2, 4, 8
