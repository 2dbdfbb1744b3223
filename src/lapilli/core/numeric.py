"""Numbers for learning agents: a fixed-shape observation and an action codec.

A game gives every seat the same shape of observation, a flat ``float32`` vector laid out
by a ``Layout`` of named blocks (so the layout documents itself), and numbers its
actions with an ``ActionCodec`` of small ranges that follow its decisions. An action the
game lists alone has an id of its own; an action of a ``Family`` (``place`` a tile at a
hex with a rotation) is chosen part by part: an id for its kind, then one id for each of
its parameters, from a range of ids per parameter that every family naming that
parameter over the same values shares. So a board of a thousand hexes costs a thousand
ids, not a thousand per kind of action, nor a million for an action from a hex to a
hex. ``encode(action)`` gives an action's ids in order, ``decode(ids)`` the action.

A ``Choice`` is a seat's decision in progress: the ids picked so far, the ids that may
come next (``legal_ids``, ``mask``), and a small vector of what has been picked, which
the environments add to the seat's observation (``choice_size`` numbers). An id that
every legal action agrees on next is taken without asking. Chance outcomes are not in
the codec: the environment resolves them. The PettingZoo, Gymnasium and OpenSpiel
adapters only wrap these.
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
from .state import Game, State


class Family:
    """Every action of one kind whose parameters range over given values, chosen part by
    part: ``Family("move", at=hexes, to=hexes)`` is the kind ``move``, then ``at``, then
    ``to`` (in the order written), each from its own range of ids."""

    __slots__ = ("index", "kind", "names", "size", "values")

    def __init__(self, kind: str, **values: Iterable[Any]) -> None:
        self.kind = kind
        self.names = tuple(values)
        self.values = tuple(tuple(v) for v in values.values())
        self.index = tuple({v: i for i, v in enumerate(vs)} for vs in self.values)
        self.size = prod(len(vs) for vs in self.values)
        if not self.names or not self.size:
            raise ValueError(f"the family {kind} needs parameters, each with values")

    def places(self, action: Action) -> tuple[int, ...] | None:
        """The place of each of the action's values among its parameter's, or None if it
        is not one of the family's actions."""
        if action[0] != self.kind or len(action[1]) != len(self.names):
            return None
        given = dict(action[1])
        out = []
        for name, index in zip(self.names, self.index, strict=True):
            place = index.get(given[name]) if name in given else None
            if place is None:
                return None
            out.append(place)
        return tuple(out)

    def __repr__(self) -> str:
        return f"{self.kind} ({' x '.join(self.names)})"


class Range:
    """The ids of one parameter's values (shared by the families that name it)."""

    __slots__ = ("name", "start", "values")

    def __init__(self, name: str, values: tuple[Any, ...], start: int) -> None:
        self.name, self.values, self.start = name, values, start


KNOWN = 200_000
"""The most actions a codec keeps the ids of (they are found again past that)."""


class ActionCodec:
    """Each possible action <-> its ids, in a fixed order: first every action listed
    alone and every family's kind, as given, then the parameters' ranges in the order
    they first appear. A repeated action keeps its first id."""

    __slots__ = (
        "_families",
        "_kind_ids",
        "_known",
        "_names",
        "_ranges",
        "choice_index",
        "ids",
        "longest",
        "size",
    )

    def __init__(self, actions: Iterable[Action | Family]) -> None:
        self.ids: dict[Action, int] = {}
        """The id of each action listed alone."""
        self._names: list[Action | Family] = []  # what each id before the ranges stands for
        self._families: dict[str, list[tuple[Family, int, tuple[Range, ...]]]] = {}
        self._kind_ids: dict[int, tuple[Family, tuple[Range, ...]]] = {}
        self._known: dict[Action, tuple[int, ...]] = {}  # the ids of actions met, kept
        families: list[Family] = []
        for item in actions:
            if isinstance(item, Family):
                families.append(item)
                self._names.append(item)
            elif item not in self.ids:
                self.ids[item] = len(self._names)
                self._names.append(item)
        shared: dict[tuple[str, tuple[Any, ...]], Range] = {}
        size = len(self._names)
        for family in families:
            ranges = []
            for name, values in zip(family.names, family.values, strict=True):
                key = (name, values)
                if key not in shared:
                    shared[key] = Range(name, values, size)
                    size += len(values)
                ranges.append(shared[key])
            kind_id = self._names.index(family)
            entry = (family, kind_id, tuple(ranges))
            self._families.setdefault(family.kind, []).append(entry)
            self._kind_ids[kind_id] = (family, tuple(ranges))
        self._ranges = sorted(shared.values(), key=lambda r: r.start)
        self.size = size
        self.longest = 1 + max((len(f.names) for f in families), default=0)
        """The most ids one action takes."""
        for action in self.ids:
            if self._family_ids(action) is not None:
                raise ValueError(f"{action} is listed both alone and in a family")
        # the ids that more may follow: kinds, and the values of every parameter but the
        # last; a choice in progress is told by them (``Choice.vector``)
        follow: list[int] = sorted(self._kind_ids)
        for _family, parts in self._kind_ids.values():
            for r in parts[:-1]:
                follow.extend(range(r.start, r.start + len(r.values)))
        self.choice_index = {i: n for n, i in enumerate(sorted(set(follow)))}

    @property
    def choice_size(self) -> int:
        """The numbers of a choice in progress (``Choice.vector``)."""
        return len(self.choice_index)

    def _family_ids(self, action: Action) -> tuple[int, ...] | None:
        for family, kind_id, ranges in self._families.get(action[0], ()):
            places = family.places(action)
            if places is not None:
                return (kind_id, *(r.start + p for r, p in zip(ranges, places, strict=True)))
        return None

    def __contains__(self, action: object) -> bool:
        try:
            self.encode(action)  # type: ignore[arg-type]
        except MalformedInput:
            return False
        return True

    def encode(self, action: Action) -> tuple[int, ...]:
        """The action's ids, in the order they are chosen."""
        known = self._known
        ids = known.get(action) if type(action) is Action else None
        if ids is None:
            try:
                found = self.ids.get(action)
                ids = (found,) if found is not None else self._family_ids(action)
            except (TypeError, IndexError):
                ids = None
            if ids is None:
                raise MalformedInput(f"{action} is not an action of this game")
            if type(action) is Action and len(known) < KNOWN:
                known[action] = ids
        return ids

    def decode(self, ids: Sequence[int]) -> Action:
        """The action of a whole sequence of ids."""
        if not isinstance(ids, Sequence):
            raise MalformedInput(f"an action is a sequence of ids, not {ids!r}")
        ids = [self._id(i) for i in ids]
        if not ids:
            raise MalformedInput("an action takes at least one id")
        head = ids[0]
        if head in self._kind_ids:
            family, ranges = self._kind_ids[head]
            if len(ids) != 1 + len(ranges):
                raise MalformedInput(f"{family!r} takes {1 + len(ranges)} ids, not {len(ids)}")
            values = {}
            for name, r, i in zip(family.names, ranges, ids[1:], strict=True):
                if not r.start <= i < r.start + len(r.values):
                    raise MalformedInput(f"id {i} is not a value of {family.kind}'s {name}")
                values[name] = r.values[i - r.start]
            return Action(family.kind, **values)
        if head >= len(self._names) or len(ids) != 1:
            raise MalformedInput(f"the ids {ids} are not an action of this game")
        action = self._names[head]
        assert isinstance(action, Action)
        return action

    def _id(self, index: int) -> int:
        if type(index) is not int and not isinstance(index, np.integer):
            raise MalformedInput(f"an action id is a whole number, not {index!r}")
        if not 0 <= index < self.size:
            raise MalformedInput(f"action ids run from 0 to {self.size - 1}, not {index}")
        return int(index)

    def part_text(self, index: int) -> str:
        """What one id stands for: an action's kind, a parameter's value or an action."""
        index = self._id(index)
        if index in self._kind_ids:
            return self._kind_ids[index][0].kind
        if index < len(self._names):
            return str(self._names[index])
        r = self._ranges[bisect_right([x.start for x in self._ranges], index) - 1]
        value = r.values[index - r.start]
        return f"{r.name} {value}"

    def mask(self, state: State) -> np.ndarray:
        """1 for the first id of each legal action of the seat to move (all 0 at chance):
        the ids a decision starts from."""
        mask = np.zeros(self.size, dtype=np.int8)
        if state.current_player() >= 0:
            for action in state.legal_actions():
                mask[self.encode(action)[0]] = 1
        return mask

    def describe(self) -> list[tuple[str, int, int]]:
        """(what, first id, last id + 1) per run of one kind, each family's kind, then
        each parameter's range, for the documentation."""
        out: list[tuple[str, int, int]] = []
        for i, item in enumerate(self._names):
            if isinstance(item, Family):
                out.append((f"{item!r}", i, i + 1))
            elif out and out[-1][0] == item.kind and out[-1][2] == i:
                out[-1] = (item.kind, out[-1][1], i + 1)
            else:
                out.append((item.kind, i, i + 1))
        for r in self._ranges:
            users = [f.kind for f, rs in self._kind_ids.values() if r in rs]
            out.append((f"{r.name} (of {', '.join(users)})", r.start, r.start + len(r.values)))
        return out


class Choice:
    """A decision in progress: the ids picked so far of an action of the seat to move.

    ``legal_ids(state)`` are the ids that may come next; ``pick(state, id)`` takes one and
    returns the action once it is whole (None while more is to be picked). Ids that every
    legal action still open agrees on are taken at once, so a seat is never asked what
    it cannot choose (a kind with one legal action is taken whole by its id). With
    ``free_run``, a seat may take at most that many actions of the game's ``free`` steps
    in a row (moves allowed at any time, which the rules let a seat repeat without
    end): the safeguard that makes the game's length finite (``Bounds``). Tell it every
    action applied (``applied``), whoever took it.
    """

    __slots__ = (
        "_options",
        "_seen",
        "chosen",
        "codec",
        "free_kinds",
        "free_run",
        "run",
        "taken",
    )

    def __init__(
        self, codec: ActionCodec, free_kinds: Iterable[str] = (), free_run: int | None = None
    ) -> None:
        self.codec = codec
        self.free_kinds = frozenset(free_kinds)
        self.free_run = free_run
        self.chosen: tuple[int, ...] = ()
        self.run = 0  # free actions in a row
        self.taken = 0
        """Whole actions picked so far (a caller feeding ids sees when one is whole)."""
        self._seen: object = None  # the legal list the options were found for
        self._options: list[tuple[tuple[int, ...], Action]] = []

    def copy(self) -> Choice:
        new = Choice.__new__(Choice)
        new.codec, new.free_kinds, new.free_run = self.codec, self.free_kinds, self.free_run
        new.chosen, new.run, new.taken = self.chosen, self.run, self.taken
        new._seen, new._options = self._seen, self._options  # (never changed in place)
        return new

    def options(self, state: State) -> list[tuple[tuple[int, ...], Action]]:
        """The legal actions still open, with their ids."""
        legal = state.legal_actions() if state.current_player() >= 0 else []
        seen = self._seen
        if not legal or (legal is not seen and legal != seen):  # (a copy's list is equal)
            self._seen = legal
            if self.free_run is not None and self.run >= self.free_run:
                capped = [a for a in legal if a[0] not in self.free_kinds]
                legal = capped or legal  # (a step whose only moves are free keeps them)
            encode, chosen, n = self.codec.encode, self.chosen, len(self.chosen)
            paths = [(encode(a), a) for a in legal]
            self._options = [(ids, a) for ids, a in paths if ids[:n] == chosen]
            self._settle()
        return self._options

    def _settle(self) -> None:
        """Take the ids every open action agrees on, short of a whole action."""
        options = self._options
        while options:
            n = len(self.chosen)
            nxt = {ids[n] for ids, _ in options}
            if len(nxt) != 1 or any(len(ids) <= n + 1 for ids, _ in options):
                return
            self.chosen += (nxt.pop(),)

    def legal_ids(self, state: State) -> list[int]:
        options = self.options(state)  # (first: it may take the ids no one can choose)
        n = len(self.chosen)
        return sorted({ids[n] for ids, _ in options})

    def mask(self, state: State) -> np.ndarray:
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[self.legal_ids(state)] = 1
        return mask

    def pick(self, state: State, index: int) -> Action | None:
        """Take one id: the whole action once it is chosen (then the choice starts
        afresh), else None. MalformedInput if the id may not come next."""
        options = self.options(state)
        n = len(self.chosen)
        options = [(ids, a) for ids, a in options if ids[n] == index]
        if not options:
            raise MalformedInput(f"the action id {index} is not one of the choices now")
        for ids, action in options:
            if len(ids) == n + 1:
                self.chosen, self._seen = (), None
                self.taken += 1
                return action
        self.chosen += (int(index),)
        self._options = options
        self._settle()
        return None

    def applied(self, action: Action) -> None:
        """An action (or a chance outcome) was applied: count the free ones in a row."""
        self.chosen, self._seen = (), None
        self.run = self.run + 1 if action[0] in self.free_kinds else 0

    def vector(self) -> np.ndarray:
        """What has been picked so far: 1 per id picked (``codec.choice_index``)."""
        v = np.zeros(self.codec.choice_size, dtype=np.float32)
        index = self.codec.choice_index
        for i in self.chosen:
            v[index[i]] = 1.0
        return v


def choice_for(game: Game, players: int) -> Choice:
    """A fresh choice for a set-up: its codec, its free steps and the run of them the
    environments allow (``Bounds.free_run``)."""
    free = game.parts.steps.free_kinds
    return Choice(game.action_codec(players), free, game.numeric().bounds(game, players).free_run)


def observe(
    state: State,
    seat: int,
    choice: Choice,
    out: np.ndarray | None = None,
    vector: np.ndarray | None = None,
) -> np.ndarray:
    """A seat's observation in the environments: its vector (``state.numeric``, or
    ``vector`` if it is known: the position has not changed while an action is chosen
    part by part), then its choice in progress (all 0 unless the seat is deciding);
    written into ``out`` when given (an observer's own tensor)."""
    if vector is None:
        vector = state.numeric(seat)
    if out is None:
        out = np.empty(vector.size + choice.codec.choice_size, dtype=np.float32)
    out[: vector.size] = vector
    if state.current_player() == seat and choice.chosen:
        out[vector.size :] = choice.vector()
    else:
        out[vector.size :] = 0.0
    return out


def observation_size(game: Game, players: int) -> int:
    """The size of ``observe``'s vectors for a set-up."""
    return game.observation_layout(players).size + game.action_codec(players).choice_size


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
    it all), each worked out from the rules (the game's ``bounds`` says how).

    Every seat's result lies in ``utility`` (lowest, highest); when every game's results
    add up to one number, ``utility_sum`` is that number (None: they vary). A game has
    at most ``rounds`` rounds (None: no limit, a safeguard turned off), a round at most
    ``per_round`` decisions of the seats (chance outcomes aside) and the set-up before
    the first round at most ``setup``. ``free_run`` is the most free actions a seat may
    take in a row in the learning environments (``Choice``), where the rules set no
    limit (None: they do).
    """

    rounds: int | None
    per_round: int
    setup: int = 0
    utility: tuple[float, float] = (0.0, 1.0)
    utility_sum: float | None = None
    free_run: int | None = None

    @property
    def decisions(self) -> int | None:
        """The most decisions of one game, or None if it has no limit."""
        if self.rounds is None:
            return None
        return self.setup + self.rounds * self.per_round


def one_hot(index: int, size: int) -> np.ndarray:
    v = np.zeros(size, dtype=np.float32)
    v[index] = 1.0
    return v


def seats_from(seat: int, players: int) -> Sequence[int]:
    """The seats in play order starting with ``seat``: observations put "me" first."""
    return [(seat + k) % players for k in range(players)]
