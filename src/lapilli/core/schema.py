"""Observation schemas: what ``observation(seat)`` holds, documented and checked.

Each game documents its observation as a pydantic model, ``Observation`` in its
``schema`` module: every key, its type and what it means. Its JSON Schema is generated
into ``docs/schemas/<game>.json`` (``python -m lapilli.core.schema docs/schemas``) for
the web and other tools, and the conformance suite checks real observations against the
model (as JSON, no key left undocumented, no type coerced).

The pending decision is shown the same way in every game (``FlowState.decision``): its
name is one of the game's rulebook words, listed with their rules in the schema.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from .errors import MalformedInput
from .flow import Steps
from .state import Game, State


class Strict(BaseModel):
    """A part of an observation: every key documented, nothing coerced."""

    model_config = ConfigDict(extra="forbid", strict=True)


def decision_model(steps: Steps) -> type[BaseModel]:
    """The ``decision`` of a game's observations: its names are the game's words for the
    steps it may wait for (each step's ``word``), each documented with its rule."""
    rules: dict[str, list[str]] = {}
    for step in steps.by_name.values():
        if not step.is_auto:
            word = step.decision
            if step.prompt not in rules.setdefault(word, []):
                rules[word].append(step.prompt)
    words = sorted(rules)
    told = "; ".join(f"{word}: {' / '.join(rules[word])}" for word in words)
    name: Any = Literal[tuple(words)]  # one of the game's words
    model: type[BaseModel] = create_model(
        "Decision",
        __base__=Strict,
        __doc__="What the game waits for; null once the game is over.",
        name=(name, Field(description=f"the rulebook's word. {told}")),
        seat=(int | None, Field(description="the seat that decides; null for a roll or a draw")),
        prompt=(str, Field(description="the rule being decided, in the rulebook's words")),
    )
    return model


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
    schema = observation_model(game).json_schema()
    schema["title"] = f"{game.title}: observation"
    return schema


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
