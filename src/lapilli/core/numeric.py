"""Numbers for learning agents: a fixed-shape observation and an action codec.

A game gives every seat the same shape of observation, a flat ``float32`` vector laid out
by a ``Layout`` of named blocks (so the layout documents itself), and numbers its
actions with an ``ActionCodec``: every decision the game can ever offer for a set-up
has a fixed integer id, and ``mask(state)`` marks the legal ones. Chance outcomes are
not in the codec: the environment resolves them. The PettingZoo, Gymnasium and
OpenSpiel adapters only wrap these.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import prod

import numpy as np

from .actions import Action
from .errors import MalformedInput
from .state import State


class ActionCodec:
    """Each possible action <-> an integer id in ``range(size)``, in a fixed order."""

    __slots__ = ("actions", "ids")

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: tuple[Action, ...] = tuple(dict.fromkeys(actions))
        self.ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        try:
            return self.ids[action]
        except (KeyError, TypeError):
            raise MalformedInput(f"{action} is not an action of this game") from None

    def decode(self, index: int) -> Action:
        if type(index) is not int and not isinstance(index, np.integer):
            raise MalformedInput(f"an action id is a whole number, not {index!r}")
        if not 0 <= index < len(self.actions):
            raise MalformedInput(f"action ids run from 0 to {len(self.actions) - 1}, not {index}")
        return self.actions[int(index)]

    def mask(self, state: State) -> np.ndarray:
        """1 for each legal action of the seat to move, 0 elsewhere (all 0 at chance)."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        if state.current_player() >= 0:
            ids = self.ids
            for action in state.legal_actions():
                mask[ids[action]] = 1
        return mask


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

    def describe(self) -> list[tuple[str, tuple[int, ...], int, int]]:
        """(name, shape, first index, last index + 1) per block, for the documentation."""
        return [(n, self.shapes[n], s.start, s.stop) for n, s in self.slices.items()]


def one_hot(index: int, size: int) -> np.ndarray:
    v = np.zeros(size, dtype=np.float32)
    v[index] = 1.0
    return v


def seats_from(seat: int, players: int) -> Sequence[int]:
    """The seats in play order starting with ``seat``: observations put "me" first."""
    return [(seat + k) % players for k in range(players)]
