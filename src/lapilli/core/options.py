"""Typed variant options: a frozen dataclass per game, read from ``k=v`` text or JSON.

A field's ``metadata["help"]`` is shown by ``lapilli games``; ``metadata["choices"]``
limits a text option. The dataclass's ``__post_init__`` may check combinations.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from .errors import OptionError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


def option_fields(options_cls: type) -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(options_cls)}


def _field_type(options_cls: type, name: str) -> Any:
    return typing.get_type_hints(options_cls)[name]


def _convert(options_cls: type, name: str, value: Any) -> Any:
    kind = _field_type(options_cls, name)
    field = option_fields(options_cls)[name]
    try:
        if kind is bool:
            if isinstance(value, bool):
                return value
            text = str(value).lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError
        if kind is int:
            if isinstance(value, bool):
                raise ValueError
            converted: Any = int(value)
        elif kind is float:
            converted = float(value)
        elif kind is str:
            if not isinstance(value, str | int):
                raise ValueError
            converted = str(value)
        elif typing.get_origin(kind) is typing.Literal:
            if value not in typing.get_args(kind):
                raise ValueError
            converted = value
        else:
            converted = value
    except (TypeError, ValueError):
        raise OptionError(f"option {name}: {value!r} is not a valid {_kind_name(kind)}") from None
    choices = field.metadata.get("choices")
    if choices is not None and converted not in choices:
        raise OptionError(f"option {name}: {value!r} is not one of {', '.join(map(str, choices))}")
    return converted


def _kind_name(kind: Any) -> str:
    if typing.get_origin(kind) is typing.Literal:
        return "choice of " + ", ".join(map(str, typing.get_args(kind)))
    return getattr(kind, "__name__", str(kind))


def _build(options_cls: type, values: dict[str, Any]) -> Any:
    try:
        return options_cls(**values)
    except (TypeError, ValueError) as exc:
        raise OptionError(str(exc)) from None


def parse_options(options_cls: type, pairs: list[str]) -> Any:
    """Options from command-line ``key=value`` texts."""
    fields = option_fields(options_cls)
    values: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip().replace("-", "_")
        if not sep:
            raise OptionError(f"an option is written key=value, not {pair!r}")
        if key not in fields:
            raise OptionError(f"unknown option {key!r}; options are: {', '.join(fields) or 'none'}")
        values[key] = _convert(options_cls, key, value.strip())
    return _build(options_cls, values)


def options_from_json(options_cls: type, data: Any) -> Any:
    if not isinstance(data, dict):
        raise OptionError(f"options must be an object, not {data!r}")
    fields = option_fields(options_cls)
    values = {}
    for key, value in data.items():
        if key not in fields:
            raise OptionError(f"unknown option {key!r}")
        values[key] = _convert(options_cls, key, value)
    return _build(options_cls, values)


def options_to_json(options: Any) -> dict[str, Any]:
    return dataclasses.asdict(options)


def describe_options(options_cls: type) -> list[tuple[str, str, str]]:
    """(name, default, help) for each option, for help screens."""
    rows = []
    for f in dataclasses.fields(options_cls):
        default = f.default if f.default is not dataclasses.MISSING else ""
        rows.append((f.name, str(default), f.metadata.get("help", "")))
    return rows


def option_form(options_cls: type) -> list[dict[str, Any]]:
    """Each option as a form field: name, kind (``bool``, ``int``, ``float``, ``choice``
    or ``text``), default, choices and help, for a lobby to build typed inputs."""
    rows = []
    for name, f in option_fields(options_cls).items():
        kind = _field_type(options_cls, name)
        choices = f.metadata.get("choices")
        if choices is None and typing.get_origin(kind) is typing.Literal:
            choices = typing.get_args(kind)
        form = {bool: "bool", int: "int", float: "float"}.get(kind, "text")
        rows.append(
            {
                "name": name,
                "kind": "choice" if choices else form,
                "default": f.default if f.default is not dataclasses.MISSING else None,
                "choices": list(choices or ()),
                "help": f.metadata.get("help", ""),
            }
        )
    return rows
