"""Observation schemas: what ``observation(seat)`` holds, documented and checked.

Each game documents its observation as a type (``Game.parts.observation``: a TypedDict
or a pydantic model): every key, its type and what it means. Its JSON Schema is generated
into ``docs/schemas/<game>.json`` (``python -m lapilli.core.schema docs/schemas``) for
the web and other tools, and the conformance suite checks real observations against the
model (as JSON, no key left undocumented, no type coerced).

The pending decision is shown the same way in every game (``decision.Decision``, from
``FlowState.decision``): its name is one of the game's rulebook words, which the schema
lists with their rules, from the game's step table.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from .errors import MalformedInput
from .flow import Steps
from .state import Game, State


def observation_model(game: type[Game] | Game) -> TypeAdapter[Any]:
    """The documented type of a game's observations (``Game.parts.observation``)."""
    return _adapter(game.parts.observation)


@cache
def _adapter(kind: type) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def check_observation(state: State, seat: int | None) -> None:
    """``observation(seat)``, as JSON, matches the game's documented model."""
    view = json.loads(json.dumps(state.observation(seat)))
    try:
        observation_model(state.game).validate_python(view)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise MalformedInput(
            f"observation({seat}) does not match its schema at {where}: {first['msg']}"
        ) from None


def json_schema(game: type[Game]) -> dict[str, Any]:
    """The JSON Schema of a game's observations, its decision's names listed: the words
    of the steps it may wait for, each with its rule."""
    schema = observation_model(game).json_schema()
    schema["title"] = f"{game.title}: observation"
    decision = schema.get("$defs", {}).get("Decision")
    if decision is not None:
        decision["properties"]["name"].update(decision_words(game.parts.steps))
    return schema


def decision_words(steps: Steps) -> dict[str, Any]:
    """The schema of a decision's name: one of the words of the steps a seat or chance
    decides (``Step.word``), documented with their rules."""
    rules: dict[str, list[str]] = {}
    for step in steps.by_name.values():
        if not step.is_auto and step.prompt not in rules.setdefault(step.decision, []):
            rules[step.decision].append(step.prompt)
    words = sorted(rules)
    told = "; ".join(f"{word}: {' / '.join(rules[word])}" for word in words)
    return {"description": f"the rulebook's word. {told}", "enum": words}


def write_schemas(folder: Path) -> list[Path]:
    """Write each registered game's observation schema into ``folder``."""
    from .registry import game_class, games

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in games():
        path = folder / f"{game_id}.json"
        path.write_text(json.dumps(json_schema(game_class(game_id)), indent=2) + "\n")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(path)
