"""Actions: small immutable values with a JSON form and a readable string.

An action is a tuple ``(kind, params)`` where ``params`` is a sorted tuple of
``(name, value)`` pairs, so equality and hashing run at C speed and games can
intern their actions once at import time.
"""

from __future__ import annotations

import reprlib
from typing import Any

from mypy_extensions import mypyc_attr

from .errors import MalformedInput

_quote = reprlib.Repr()  # bad input is quoted in messages, shortened whatever its size
_quote.maxstring = _quote.maxother = 60

JSONScalar = str | int | float | bool | None


def _freeze(value: Any) -> Any:
    """Lists from JSON become tuples so the action stays hashable."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    raise MalformedInput(
        f"an action parameter must be a number, text or list, not {_quote.repr(value)}"
    )


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@mypyc_attr(native_class=False)  # compiled, a tuple subclass stays a Python class
class Action(tuple[str, tuple[tuple[str, Any], ...]]):
    """One decision (or chance outcome): ``Action("place", tile=14)``."""

    __slots__ = ()

    def __new__(cls, kind: str, **params: Any) -> Action:
        return tuple.__new__(cls, (kind, tuple(sorted(params.items()))))

    def __getnewargs_ex__(self) -> tuple[tuple[str], dict[str, Any]]:
        """How ``copy`` and ``pickle`` make the action again (a tuple subclass would
        otherwise be rebuilt from the whole tuple as its kind)."""
        return (self[0],), dict(self[1])

    @property
    def kind(self) -> str:
        return self[0]

    @property
    def params(self) -> dict[str, Any]:
        return dict(self[1])

    def arg(self, name: str, default: Any = None) -> Any:
        for key, value in self[1]:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self[0]}
        for key, value in self[1]:
            data[key] = _thaw(value)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise MalformedInput(
                f'an action is an object with a "kind" text, not {_quote.repr(data)}'
            )
        params = {k: _freeze(v) for k, v in data.items() if k != "kind"}
        return cls(data["kind"], **params)

    def to_list(self) -> list[Any]:
        """The compact form kept in simulation records: ``["place", "tile", "c3"]``."""
        data: list[Any] = [self[0]]
        for key, value in self[1]:
            data += (key, _thaw(value))
        return data

    @classmethod
    def from_list(cls, data: Any) -> Action:
        if (
            not isinstance(data, list)
            or len(data) % 2 != 1
            or not all(isinstance(k, str) for k in data[:1] + data[1::2])
            or "kind" in data[1::2]
        ):
            raise MalformedInput(
                f"a compact action is [kind, name, value, ...], not {_quote.repr(data)}"
            )
        params = {data[i]: _freeze(data[i + 1]) for i in range(1, len(data), 2)}
        return cls(data[0], **params)

    def __str__(self) -> str:
        parts = [self[0]]
        parts.extend(f"{k}={_text(v)}" for k, v in self[1])
        return " ".join(parts)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self[1])
        return f"Action({self[0]!r}{args})"


def same_types(a: Any, b: Any) -> bool:
    """Whether two equal values are also written alike: ``1``, ``1.0`` and ``True`` are
    equal in Python, but only one of them is what the rules wrote."""
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_types(x, y) for x, y in zip(a, b, strict=True))
    return True


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(_text(v) for v in value)
    return str(value)
