"""Typed variant options: a frozen dataclass per game, checked by one model built from it.

A game declares its options once, as a frozen dataclass. Each field's type is ``bool``,
``int``, ``float``, ``str`` or a ``Literal``; its ``metadata`` may add ``"help"`` (shown by
``lapilli games`` and the lobby), ``"choices"`` (the values allowed) and ``"range"``
(``(lowest, highest)`` of a number; every number option declares one). From that
declaration comes a pydantic model (``options_model``) that every door uses: command-line
``key=value`` texts, JSON from the web or a record, and ``Game(...)`` itself. Values are
normalised to the declared types there: a ``true``, ``1.0`` or ``"yes"`` where the rules
have ``1`` is refused (JSON) or read as its type (texts), so the rules never see it.
The dataclass's ``__post_init__`` may check combinations.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, create_model

from .errors import OptionError

NUMBERS = (int, float)


def option_fields(options_cls: type) -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(options_cls)}


def _field_type(options_cls: type, name: str) -> Any:
    return typing.get_type_hints(options_cls)[name]


def _kind_name(kind: Any) -> str:
    if typing.get_origin(kind) is typing.Literal:
        return "choice of " + ", ".join(map(str, typing.get_args(kind)))
    return getattr(kind, "__name__", str(kind))


def _choices(options_cls: type, name: str) -> tuple[Any, ...] | None:
    field = option_fields(options_cls)[name]
    choices = field.metadata.get("choices")
    kind = _field_type(options_cls, name)
    if choices is None and typing.get_origin(kind) is typing.Literal:
        choices = typing.get_args(kind)
    return tuple(choices) if choices is not None else None


def _range(options_cls: type, name: str) -> tuple[float, float] | None:
    found = option_fields(options_cls)[name].metadata.get("range")
    return None if found is None else (found[0], found[1])


def _one_of(choices: tuple[Any, ...]) -> Any:
    def check(value: Any) -> Any:
        if value not in choices:
            raise ValueError("not one of the choices")
        return value

    return AfterValidator(check)


@cache
def options_model(options_cls: type) -> type[BaseModel]:
    """The pydantic model of a game's options, built from its dataclass: each field
    typed, its choices and range checked; JSON is validated strictly (no ``true`` for
    ``1``), texts with ``model_validate_strings``."""
    fields: dict[str, Any] = {}
    for name, f in option_fields(options_cls).items():
        kind = _field_type(options_cls, name)
        if kind not in (bool, int, float, str) and typing.get_origin(kind) is not typing.Literal:
            raise TypeError(f"option {name} of {options_cls.__name__} cannot be {kind!r}")
        marks: list[Any] = []
        bounds, choices = _range(options_cls, name), _choices(options_cls, name)
        if bounds is not None:
            marks.append(Field(ge=bounds[0], le=bounds[1]))
        elif kind in NUMBERS and choices is None:  # a number is never unbounded
            raise TypeError(f"option {name} of {options_cls.__name__} declares no range")
        if choices is not None:
            marks.append(_one_of(choices))
        default = f.default if f.default is not dataclasses.MISSING else ...
        fields[name] = (Annotated[kind, *marks] if marks else kind, default)
    config = ConfigDict(strict=True, extra="forbid", allow_inf_nan=False, frozen=True)
    model: type[BaseModel] = create_model(
        options_cls.__name__ + "Model", __config__=config, **fields
    )
    return model


def _refusal(options_cls: type, error: ValidationError) -> OptionError:
    """The first problem of a validation, in one line naming the option and what it takes."""
    problem = error.errors()[0]
    where = problem.get("loc", ())
    if not where:
        return OptionError(f"options must be an object, not {problem.get('input')!r}")
    name = str(where[0])
    if problem.get("type") == "extra_forbidden":
        known = ", ".join(option_fields(options_cls)) or "none"
        return OptionError(f"unknown option {name!r}; options are: {known}")
    return OptionError(
        f"option {name}: {problem.get('input')!r} is not {_wanted(options_cls, name)}"
    )


def _wanted(options_cls: type, name: str) -> str:
    """What option ``name`` takes, in words."""
    kind = _field_type(options_cls, name)
    choices = _choices(options_cls, name)
    if choices is not None:
        return "one of " + ", ".join(map(str, choices))
    words = {bool: "a valid bool (true or false)", int: "a valid int (a whole number)"}
    text = words.get(kind, f"a valid {_kind_name(kind)}")
    bounds = _range(options_cls, name)
    if bounds is not None:
        text += f" from {_number(bounds[0])} to {_number(bounds[1])}"
    return text


def _number(value: float) -> str:
    """A bound as people write it: 100000, not 1e+05."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _build(options_cls: type, values: BaseModel) -> Any:
    try:
        return options_cls(**dict(values))
    except (TypeError, ValueError) as exc:
        raise OptionError(str(exc)) from None


def parse_options(options_cls: type, pairs: list[str]) -> Any:
    """Options from command-line ``key=value`` texts, each read as its declared type."""
    texts: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise OptionError(f"an option is written key=value, not {pair!r}")
        texts[key] = value.strip()
    try:
        values = options_model(options_cls).model_validate_strings(texts)
    except ValidationError as exc:
        raise _refusal(options_cls, exc) from None
    return _build(options_cls, values)


def options_from_json(options_cls: type, data: Any) -> Any:
    """Options from JSON (a web request, a record): each value of its exact type."""
    if not isinstance(data, dict):
        raise OptionError(f"options must be an object, not {data!r}")
    try:
        values = options_model(options_cls).model_validate(data)
    except ValidationError as exc:
        raise _refusal(options_cls, exc) from None
    return _build(options_cls, values)


def checked(options: Any) -> Any:
    """An options object as the rules may see it: each value checked against its
    declaration (OptionError otherwise), whoever built it."""
    return options_from_json(type(options), options_to_json(options))


def options_to_json(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)


def describe_options(options_cls: type) -> list[tuple[str, str, str]]:
    """(name, default, help) for each option, for help screens."""
    rows = []
    for f in dataclasses.fields(options_cls):
        default = f.default if f.default is not dataclasses.MISSING else ""
        help_ = f.metadata.get("help", "")
        bounds = _range(options_cls, f.name)
        if bounds is not None:
            help_ += f" ({_number(bounds[0])}-{_number(bounds[1])})"
        rows.append((f.name, str(default), help_))
    return rows


def option_form(options_cls: type) -> list[dict[str, Any]]:
    """Each option as a form field: name, kind (``bool``, ``int``, ``float``, ``choice``
    or ``text``), default, choices, range and help, for a lobby to build typed inputs."""
    rows = []
    for name, f in option_fields(options_cls).items():
        kind = _field_type(options_cls, name)
        choices = _choices(options_cls, name)
        form = {bool: "bool", int: "int", float: "float"}.get(kind, "text")
        bounds = _range(options_cls, name)
        rows.append(
            {
                "name": name,
                "kind": "choice" if choices else form,
                "default": f.default if f.default is not dataclasses.MISSING else None,
                "choices": list(choices or ()),
                "minimum": bounds[0] if bounds else None,
                "maximum": bounds[1] if bounds else None,
                "help": f.metadata.get("help", ""),
            }
        )
    return rows
