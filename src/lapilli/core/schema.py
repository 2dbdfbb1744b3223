"""Observation and event schemas: what ``observation(seat)`` and events hold,
documented and checked.

Each game documents its observation as a type (``Game.parts.observation``: a TypedDict
or a pydantic model): every key, its type and what it means. Its JSON Schema is generated
into ``docs/schemas/<game>.json`` (``python -m lapilli.core.schema docs/schemas``) for
the web and other tools, and the conformance suite checks real observations against the
model (as JSON, no key left undocumented, no type coerced). Events likewise: the union
of a game's kinds of event (``Game.parts.event``, see ``core.events``) is generated into
``docs/schemas/<game>.events.json`` and real events are checked against it.

The pending decision is shown the same way in every game (``decision.Decision``, from
``FlowState.decision``): its name is one of the game's rulebook words, which the schema
lists with their rules, from the game's step table.
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from pydantic import Field, TypeAdapter, ValidationError

from .errors import MalformedInput
from .events import kinds_of
from .flow import Steps
from .state import Event, Game, State


def observation_model(game: type[Game] | Game) -> TypeAdapter[Any]:
    """The documented type of a game's observations (``Game.parts.observation``)."""
    return _adapter(game.parts.observation)


@cache
def _adapter(kind: type) -> TypeAdapter[Any]:
    return TypeAdapter(kind)


def event_model(game: type[Game] | Game) -> TypeAdapter[Any]:
    """The documented type of a game's events: its kinds, told apart by ``type``."""
    kinds = game.parts.event
    if kinds is None:
        raise MalformedInput(f"{game.title} does not document its events (Parts.event)")
    return _events_adapter(kinds)


@cache
def _events_adapter(kinds: Any) -> TypeAdapter[Any]:
    if len(kinds_of(kinds)) == 1:
        return TypeAdapter(kinds)
    tagged: Any = Annotated[kinds, Field(discriminator="type")]
    return TypeAdapter(tagged)


def check_observation(state: State, seat: int | None) -> None:
    """``observation(seat)``, as JSON, matches the game's documented model."""
    _check(observation_model(state.game), state.observation(seat), f"observation({seat})")


def check_event(game: Game, event: Event) -> None:
    """An event, as JSON, matches the game's documented kinds of event."""
    _check(event_model(game), event, f"the {event.get('type')!r} event")


def _check(model: TypeAdapter[Any], value: object, what: str) -> None:
    try:
        model.validate_json(json.dumps(value))
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        problem = f"{what} does not match its schema at {where}: {first['msg']}"
        raise MalformedInput(problem) from None


def events_schema(game: type[Game]) -> dict[str, Any]:
    """The JSON Schema of a game's events."""
    schema = event_model(game).json_schema()
    schema["title"] = f"{game.title}: events"
    return schema


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
    """Write each registered game's observation and event schemas into ``folder``."""
    from .registry import game_class, games

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in games():
        game = game_class(game_id)
        for path, schema in (
            (folder / f"{game_id}.json", json_schema(game)),
            (folder / f"{game_id}.events.json", events_schema(game)),
        ):
            path.write_text(json.dumps(schema, indent=2) + "\n")
            written.append(path)
    return written


if __name__ == "__main__":
    for path in write_schemas(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/schemas")):
        print(path)
