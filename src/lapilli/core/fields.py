"""A position's fields, declared once: what each holds and who may see it.

A game's state class lists its fields as annotations, and everything that used to be
written field by field derives from that list: ``clone`` (each field copied as deep as
its type needs), ``to_json`` and loading (each value checked against its type: a ``1.0``
or a ``true`` where the rules have a whole number is refused), and the visibility of the
zones a loaded position holds::

    class ToyState(FlowState):
        gems: PerSeat[int]            # one per seat, seen by everyone
        hands: Owned[Zone[str]]       # one per seat, each seen by its owner only
        deck: Secret[Zone[str]]       # seen by nobody (its count is public)
        bids: Owned[int]              # a value each seat keeps behind its screen
        best: tuple[int, ...] = ()    # a default makes a field optional in saved positions

A field's type is built from ``int``, ``float``, ``str``, ``bool``, enums, named tuples,
``tuple``, ``frozenset``, ``list``, ``dict`` and ``X | None``, or a class that stores
itself (``Stored``: ``to_json``, ``copy`` and a classmethod ``load``; ``Zone`` does;
one that clones may share, never changed in place, says so with ``shared = True``).
Named tuples, tuples, frozensets, enums and scalars are immutable and shared by clones.
A type annotated with a ``Codec`` is saved by that codec: plain values whose saved form
differs from the one the rules work on (Volcanique's critters by integer spot, saved
by hex coordinates), ``Annotated[dict[int, int], SPOTS]``.

Who may see a field is declared with it: everyone (the default), its owner (``Owned``:
element *i* belongs to seat *i*) or nobody (``Secret``). A loaded zone takes its
visibility from its field, and the conformance suite checks that the zones of every
position it visits agree with their declarations. Which hidden things may be dealt
again (``determinize``) or altered for the no-leak check is the state's ``unseen()``
(see ``zones.Unseen``).
"""

from __future__ import annotations

import enum
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import NoneType, UnionType
from typing import (
    Annotated,
    Any,
    ClassVar,
    Protocol,
    TypeVar,
    Union,
    get_args,
    get_origin,
)

from . import hints
from .errors import MalformedInput
from .zones import EVERYONE, NOBODY, Zone, seats_mask

T = TypeVar("T")


class Seen(enum.Enum):
    """Who may see a field."""

    EVERYONE = "everyone"
    OWNER = "owner"  # one item per seat; item i is seen by seat i only
    NOBODY = "nobody"


class _PerSeat:
    """Marks a list with one item per seat (its length is checked on loading)."""


PER_SEAT = _PerSeat()

PerSeat = Annotated[list[T], PER_SEAT]
"""One item per seat, seen by everyone."""
Owned = Annotated[list[T], PER_SEAT, Seen.OWNER]
"""One item per seat, each seen by its seat only."""
Secret = Annotated[T, Seen.NOBODY]
"""Seen by nobody (a shuffled deck: only its count is public)."""


class Stored(Protocol):
    """A value that saves, loads and copies itself (``Zone``); ``load`` may take the
    type arguments of a generic one (``Zone[int]``: the type of its items)."""

    def to_json(self) -> Any: ...

    def copy(self) -> Any: ...

    @classmethod
    def load(cls, data: Any, *args: Any) -> Any: ...


Copy = Callable[[str, int], str] | None
"""The source of an expression that copies the value of expression ``e`` (``depth``
numbers the loop variables of nested copies); None: immutable, shared by clones."""


@dataclass(frozen=True)
class Codec:
    """How one type is copied, saved and checked when loaded."""

    what: str  # the type in words, for refusals
    copy: Copy
    dump: Callable[[Any], Any]
    load: Callable[[Any, str], Any]  # (data, where) -> value, or MalformedInput


def _refuse(where: str, what: str, data: Any) -> MalformedInput:
    shown = repr(data)
    shown = shown if len(shown) <= 40 else shown[:37] + "..."
    return MalformedInput(f"{where} must be {what}, not {shown}")


def _same(value: Any) -> Any:
    return value


def _scalar(kind: type, what: str) -> Codec:
    def load(data: Any, where: str) -> Any:
        # exact types: a bool is not a number here, nor a float a whole number
        if type(data) is kind or (kind is float and type(data) is int):
            return data
        raise _refuse(where, what, data)

    return Codec(what, None, _same, load)


_SCALARS = {
    int: _scalar(int, "a whole number"),
    float: _scalar(float, "a number"),
    str: _scalar(str, "a text"),
    bool: _scalar(bool, "true or false"),
}


def _enum(kind: type[enum.Enum]) -> Codec:
    values = {member.value: member for member in kind}
    what = f"one of {', '.join(map(repr, values))}"

    def load(data: Any, where: str) -> Any:
        for value, member in values.items():
            if type(data) is type(value) and data == value:
                return member
        raise _refuse(where, what, data)

    return Codec(what, None, lambda member: member.value, load)


def _fixed(kinds: tuple[Any, ...], make: Callable[..., Any], what: str) -> Codec:
    """A tuple of known length and item types (a named tuple or ``tuple[A, B]``)."""
    codecs = [codec_of(k) for k in kinds]

    def dump(value: Any) -> Any:
        return [c.dump(v) for c, v in zip(codecs, value, strict=True)]

    def load(data: Any, where: str) -> Any:
        if not isinstance(data, list) or len(data) != len(codecs):
            raise _refuse(where, f"{what} (a list of {len(codecs)})", data)
        return make(
            c.load(d, f"{where}[{i}]") for i, (c, d) in enumerate(zip(codecs, data, strict=True))
        )

    return Codec(what, None, dump, load)


def _sequence(item: Codec, make: type, what: str) -> Codec:
    def dump(value: Any) -> Any:
        items = [item.dump(v) for v in value]
        return sorted(items) if make is frozenset else items

    def load(data: Any, where: str) -> Any:
        if not isinstance(data, list):
            raise _refuse(where, what, data)
        return make(item.load(d, f"{where}[{i}]") for i, d in enumerate(data))

    if make is not list:
        return Codec(what, None, dump, load)
    inner = item.copy
    if inner is None:
        return Codec(what, lambda e, d: f"{e}[:]", dump, load)
    return Codec(what, lambda e, d: f"[{inner(f'x{d}', d + 1)} for x{d} in {e}]", dump, load)


def _mapping(key: Codec, value: Codec, key_type: Any, what: str) -> Codec:
    """A dict: a JSON object when its keys are texts or whole numbers, else a list of
    ``[key, value]`` pairs."""
    inner = value.copy
    copy: Copy = (
        (lambda e, d: f"{e}.copy()")
        if inner is None
        else lambda e, d: f"{{k{d}: {inner(f'v{d}', d + 1)} for k{d}, v{d} in {e}.items()}}"
    )
    if key_type in (str, int):
        wrap = str if key_type is int else _same

        def dump(d: Any) -> Any:
            return {wrap(k): value.dump(v) for k, v in d.items()}

        def load(data: Any, where: str) -> Any:
            if not isinstance(data, dict):
                raise _refuse(where, what, data)
            out = {}
            for k, v in data.items():
                if key_type is int:
                    if not (k.isdigit() or (k[:1] == "-" and k[1:].isdigit())):
                        raise _refuse(f"{where} key", "a whole number", k)
                    k = int(k)
                out[k] = value.load(v, f"{where}[{k!r}]")
            return out

        return Codec(what, copy, dump, load)

    def dump_pairs(d: Any) -> Any:
        return [[key.dump(k), value.dump(v)] for k, v in d.items()]

    def load_pairs(data: Any, where: str) -> Any:
        if not isinstance(data, list):
            raise _refuse(where, what, data)
        out = {}
        for i, pair in enumerate(data):
            if not isinstance(pair, list) or len(pair) != 2:
                raise _refuse(f"{where}[{i}]", "a [key, value] pair", pair)
            out[key.load(pair[0], f"{where}[{i}]")] = value.load(pair[1], f"{where}[{i}]")
        return out

    return Codec(what, copy, dump_pairs, load_pairs)


def _optional(inner: Codec) -> Codec:
    def load(data: Any, where: str) -> Any:
        return None if data is None else inner.load(data, where)

    inner_copy = inner.copy
    copy: Copy = (
        None
        if inner_copy is None
        else lambda e, d: f"(None if {e} is None else {inner_copy(e, d)})"
    )
    return Codec(
        f"{inner.what} or null", copy, lambda v: None if v is None else inner.dump(v), load
    )


def _stored(kind: type[Stored], args: tuple[Any, ...] = ()) -> Codec:
    """A class that stores itself; a generic one (``Zone[int]``) is given its type
    arguments when loading."""
    load_from = kind.load

    def load(data: Any, where: str) -> Any:
        try:
            return load_from(data, *args)
        except MalformedInput as exc:
            raise MalformedInput(f"{where}: {exc}") from None
        except (TypeError, ValueError, KeyError, AttributeError, IndexError):
            raise _refuse(where, kind.__name__, data) from None

    # a class that is never changed in place (``shared = True``) is shared by clones
    copy: Copy = None if getattr(kind, "shared", False) else lambda e, d: f"{e}.copy()"
    return Codec(kind.__name__, copy, lambda v: v.to_json(), load)


@cache
def codec_of(kind: Any) -> Codec:
    """The codec of a declared type (see the module notes for the types understood)."""
    if get_origin(kind) is Annotated:
        own = [m for m in get_args(kind)[1:] if isinstance(m, Codec)]
        return own[0] if own else codec_of(get_args(kind)[0])
    if kind in _SCALARS:
        return _SCALARS[kind]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum(kind)
    if isinstance(kind, type) and issubclass(kind, tuple) and hasattr(kind, "_fields"):
        hints = _hints_of(kind)
        return _fixed(tuple(hints[f] for f in kind._fields), lambda v: kind(*v), kind.__name__)
    if isinstance(kind, type) and callable(getattr(kind, "load", None)):
        return _stored(kind)
    origin, args = get_origin(kind), get_args(kind)
    if isinstance(origin, type) and callable(getattr(origin, "load", None)):
        return _stored(origin, args)
    if origin in (Union, UnionType):
        rest = [a for a in args if a is not NoneType]
        if len(rest) == 1 and len(args) == 2:
            return _optional(codec_of(rest[0]))
        raise TypeError(f"a field cannot be {kind}: only X | None unions are saved")
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(codec_of(args[0]), tuple, "a list")
        return _fixed(args, tuple, f"a list of {len(args)}")
    if origin in (list, frozenset):
        return _sequence(codec_of(args[0]), origin, "a list")
    if origin is dict:
        return _mapping(codec_of(args[0]), codec_of(args[1]), args[0], "an object")
    raise TypeError(f"a field cannot be {kind!r}: no way to save it")


def _hints_of(kind: type) -> dict[str, Any]:
    return hints.type_hints(kind)


@dataclass(frozen=True)
class Field:
    """One declared field of a position."""

    name: str
    codec: Codec
    seen: Seen
    per_seat: bool
    default: Any  # MISSING when the field must be saved


MISSING: Any = object()


def _markers(kind: Any) -> tuple[Any, ...]:
    return get_args(kind)[1:] if get_origin(kind) is Annotated else ()


_FIELDS: dict[type, tuple[Field, ...]] = {}
_CLONES: dict[type, Callable[[Any], Any]] = {}


def fields_of(cls: type) -> tuple[Field, ...]:
    """The fields ``cls`` declares (its own annotations and those of its bases below
    the engine's), in declaration order (found once per class). Names starting with
    ``_`` and class variables are not fields, nor is anything the engine's own classes
    declare."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = _declared(cls)
    return found


def _declared(cls: type) -> tuple[Field, ...]:
    out: dict[str, Field] = {}
    for klass in reversed(cls.__mro__):
        if getattr(klass, "__module__", "").startswith("lapilli.core"):
            continue  # the engine's own attributes (game, stack, caches)
        module = sys.modules[klass.__module__].__dict__
        for name, text in hints.own_annotations(klass).items():
            if name.startswith("_") or name == "game":
                continue
            kind = eval(text, module, dict(vars(klass))) if isinstance(text, str) else text
            if get_origin(kind) is ClassVar:
                continue
            markers = _markers(kind)
            seen = next((m for m in markers if isinstance(m, Seen)), Seen.EVERYONE)
            default = klass.__dict__.get(name, MISSING)
            out[name] = Field(name, codec_of(kind), seen, PER_SEAT in markers, default)
    return tuple(out.values())


def cloner(cls: type, *lists: str) -> Callable[[Any], Any]:
    """The copy function of ``cls``'s positions: its attributes shared, its mutable
    fields copied, and the attributes named in ``lists`` copied as flat lists (the turn
    flow's stack of immutable frames). Written once per class."""
    made = _CLONES.get(cls)
    if made is None:
        made = _CLONES[cls] = _clone_function(cls, lists)
    return made


def _clone_function(cls: type, lists: tuple[str, ...]) -> Callable[[Any], Any]:
    """One straight-line copy function, written from the declared fields as
    ``dataclasses`` writes ``__init__``: a clone runs as fast as one written by hand,
    on the hottest path of every search."""
    lines = [
        "def clone(state):",
        "    new = new_object(cls)",
        "    s = state.__dict__",
        "    d = new.__dict__ = s.copy()",
    ]
    for f in fields_of(cls):
        if f.codec.copy is not None:
            lines.append(f"    d[{f.name!r}] = {f.codec.copy(f's[{f.name!r}]', 0)}")
    lines += [f"    d[{name!r}] = s[{name!r}][:]" for name in lists]
    lines.append("    return new")
    namespace: dict[str, Any] = {"new_object": object.__new__, "cls": cls}
    exec("\n".join(lines), namespace)  # the source is built from declared types only
    made: Callable[[Any], Any] = namespace["clone"]
    return made


def dump(state: Any) -> dict[str, Any]:
    """The declared fields as JSON."""
    return {f.name: f.codec.dump(getattr(state, f.name)) for f in fields_of(type(state))}


def load(state: Any, data: dict[str, Any], players: int) -> None:
    """Set the declared fields of ``state`` from ``data`` (saved by ``dump``), each
    checked against its type; MalformedInput names the first field that is wrong."""
    for f in fields_of(type(state)):
        if f.name not in data:
            if f.default is MISSING:
                raise MalformedInput(f"the position has no {f.name}")
            continue
        value = f.codec.load(data[f.name], f.name)
        if f.per_seat and len(value) != players:
            raise MalformedInput(f"{f.name} must hold one item per seat ({players})")
        for i, item in enumerate(value if f.per_seat else [value]):
            if isinstance(item, Zone):
                item.seen = seen_mask(f, i)
        setattr(state, f.name, value)


def seen_mask(f: Field, index: int) -> int:
    """The visibility mask a zone of field ``f`` (item ``index`` of a per-seat field)
    has by its declaration."""
    if f.seen is Seen.NOBODY:
        return NOBODY
    if f.seen is Seen.OWNER:
        return seats_mask(index)
    return EVERYONE


def misdeclared_zones(state: Any) -> list[str]:
    """The zone fields whose visibility differs from their declaration (for the
    conformance suite)."""
    wrong = []
    for f in fields_of(type(state)):
        value = getattr(state, f.name)
        items = value if f.per_seat else [value]
        for i, item in enumerate(items):
            if isinstance(item, Zone) and item.seen != seen_mask(f, i):
                wrong.append(f"{f.name}[{i}]" if f.per_seat else f.name)
    return wrong
