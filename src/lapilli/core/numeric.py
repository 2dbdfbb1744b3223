"""Numbers for learning agents: a fixed-shape observation and an action codec.

A game gives every seat the same shape of observation, a flat ``float32`` vector laid out
by a ``Layout`` of named blocks (so the layout documents itself), and numbers its
actions with an ``ActionCodec``: every decision the game can ever offer for a set-up
has a fixed integer id, and ``mask(state)`` marks the legal ones. Chance outcomes are
not in the codec: the environment resolves them. The PettingZoo, Gymnasium and
OpenSpiel adapters only wrap these.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

from .actions import Action
from .errors import MalformedInput
from .state import State


class Family:
    """Every action of one kind whose parameters range over given values, numbered
    without being listed: ``Family("move", at=hexes, to=hexes)`` stands for
    ``len(hexes) ** 2`` actions, the last parameter varying fastest. For the large
    products of board games (a piece from any place to any place)."""

    __slots__ = ("index", "kind", "names", "size", "values")

    def __init__(self, kind: str, **values: Iterable[Any]) -> None:
        self.kind = kind
        self.names = tuple(values)
        self.values = tuple(tuple(v) for v in values.values())
        self.index = tuple({v: i for i, v in enumerate(vs)} for vs in self.values)
        self.size = prod(len(vs) for vs in self.values)
        if not self.names or not self.size:
            raise ValueError(f"the family {kind} needs parameters, each with values")

    def rank(self, action: Action) -> int | None:
        """The action's place in the family, or None if it is not one of its actions."""
        if action[0] != self.kind or len(action[1]) != len(self.names):
            return None
        given = dict(action[1])
        rank = 0
        for name, index in zip(self.names, self.index, strict=True):
            place = index.get(given[name]) if name in given else None
            if place is None:
                return None
            rank = rank * len(index) + place
        return rank

    def unrank(self, rank: int) -> Action:
        values = []
        for vs in reversed(self.values):
            rank, place = divmod(rank, len(vs))
            values.append(vs[place])
        return Action(self.kind, **dict(zip(self.names, reversed(values), strict=True)))

    def __repr__(self) -> str:
        return f"{self.kind} ({' x '.join(self.names)})"


class ActionCodec:
    """Each possible action <-> an integer id in ``range(size)``, in a fixed order.

    Built from actions and ``Family`` products, in order; a repeated action keeps its
    first id.
    """

    __slots__ = ("_by_kind", "_parts", "_starts", "ids", "size")

    def __init__(self, actions: Iterable[Action | Family]) -> None:
        self.ids: dict[Action, int] = {}
        """The id of each action given one by one (a ``Family`` numbers its own)."""
        self._starts: list[int] = []
        self._parts: list[list[Action] | Family] = []
        self._by_kind: dict[str, list[tuple[int, Family]]] = {}
        size = 0
        for item in actions:
            if isinstance(item, Family):
                self._starts.append(size)
                self._parts.append(item)
                self._by_kind.setdefault(item.kind, []).append((size, item))
                size += item.size
            elif item not in self.ids:
                if not self._parts or isinstance(self._parts[-1], Family):
                    self._starts.append(size)
                    self._parts.append([])
                self._parts[-1].append(item)  # type: ignore[union-attr]
                self.ids[item] = size
                size += 1
        self.size = size
        for action in self.ids:
            if self._family_id(action) is not None:
                raise ValueError(f"{action} is listed both alone and in a family")

    def _family_id(self, action: Action) -> int | None:
        for start, family in self._by_kind.get(action[0], ()):
            rank = family.rank(action)
            if rank is not None:
                return start + rank
        return None

    def __contains__(self, action: object) -> bool:
        try:
            self.encode(action)  # type: ignore[arg-type]
        except MalformedInput:
            return False
        return True

    def encode(self, action: Action) -> int:
        try:
            found = self.ids.get(action)
            if found is None and self._by_kind:
                found = self._family_id(action)
        except (TypeError, IndexError):
            found = None
        if found is None:
            raise MalformedInput(f"{action} is not an action of this game")
        return found

    def decode(self, index: int) -> Action:
        if type(index) is not int and not isinstance(index, np.integer):
            raise MalformedInput(f"an action id is a whole number, not {index!r}")
        if not 0 <= index < self.size:
            raise MalformedInput(f"action ids run from 0 to {self.size - 1}, not {index}")
        i = bisect_right(self._starts, index) - 1
        part, offset = self._parts[i], int(index) - self._starts[i]
        return part.unrank(offset) if isinstance(part, Family) else part[offset]

    def mask(self, state: State) -> np.ndarray:
        """1 for each legal action of the seat to move, 0 elsewhere (all 0 at chance)."""
        mask = np.zeros(self.size, dtype=np.int8)
        if state.current_player() >= 0:
            ids = self.ids
            for action in state.legal_actions():
                found = ids.get(action)
                mask[self.encode(action) if found is None else found] = 1
        return mask

    def describe(self) -> list[tuple[str, int, int]]:
        """(what, first id, last id + 1) per run of one kind, for the documentation."""
        out: list[tuple[str, int, int]] = []
        for start, part in zip(self._starts, self._parts, strict=True):
            if isinstance(part, Family):
                out.append((repr(part), start, start + part.size))
                continue
            for offset, action in enumerate(part, start):
                if out and out[-1][0] == action.kind and out[-1][2] == offset:
                    out[-1] = (action.kind, out[-1][1], offset + 1)
                else:
                    out.append((action.kind, offset, offset + 1))
        return out


class Layout:
    """Named blocks of a flat observation vector: ``Layout(board=(36, 12), hand=(20,))``."""

    def __init__(self, **blocks: int | tuple[int, ...]) -> None:
        self.shapes: dict[str, tuple[int, ...]] = {}
        self.slices: dict[str, slice] = {}
        start = 0
        for name, shape in blocks.items():
            dims = (shape,) if isinstance(shape, int) else tuple(shape)
            if not dims or any(d <= 0 for d in dims):
                raise ValueError(f"the block {name} needs a positive shape, not {shape!r}")
            self.shapes[name] = dims
            self.slices[name] = slice(start, start + prod(dims))
            start += prod(dims)
        self.size = start

    def zeros(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def block(self, vector: np.ndarray, name: str) -> np.ndarray:
        """A writable view of one block in its own shape."""
        return vector[self.slices[name]].reshape(self.shapes[name])

    def views(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Every block of ``vector`` as a writable view in its own shape, by name."""
        return {n: vector[s].reshape(self.shapes[n]) for n, s in self.slices.items()}

    def describe(self) -> list[tuple[str, tuple[int, ...], int, int]]:
        """(name, shape, first index, last index + 1) per block, for the documentation."""
        return [(n, self.shapes[n], s.start, s.stop) for n, s in self.slices.items()]


@dataclass(frozen=True)
class Bounds:
    """What a set-up promises before it starts, for learning libraries (OpenSpiel needs
    them all): every seat's result lies in ``utility`` (lowest, highest); when every
    game's results add up to the same number, ``utility_sum`` is that number (None:
    they vary); ``decisions`` is the most actions the seats can take in one game (chance
    outcomes aside), worked out from the rules: a round limit and the most decisions a
    round can hold. None: the set-up has no limit (a safeguard turned off)."""

    decisions: int | None
    utility: tuple[float, float] = (0.0, 1.0)
    utility_sum: float | None = None


def one_hot(index: int, size: int) -> np.ndarray:
    v = np.zeros(size, dtype=np.float32)
    v[index] = 1.0
    return v


def seats_from(seat: int, players: int) -> Sequence[int]:
    """The seats in play order starting with ``seat``: observations put "me" first."""
    return [(seat + k) % players for k in range(players)]
