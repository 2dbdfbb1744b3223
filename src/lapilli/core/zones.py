"""Components that hold hidden things: piles, decks, hands and face-down zones.

A ``Zone`` is a multiset of items (tokens, cards) together with the seats that may
see what is in it. A shuffled pile is modelled by its contents only: a draw is a chance
node whose outcomes are the kinds of item left, weighted by how many of each remain.
That is exactly as random as shuffling, needs no hidden order, and lets a replay or a
test name the item drawn. Cards put back *under* a deck keep their known order
(``under``) and are drawn only once the shuffled part is used up.

What a seat may see and what ``determinize`` may resample both come from here:
``view(seat)`` gives the contents or only their number, and ``redeal`` deals again, at
random, everything the seat cannot see across a group of zones whose items are
interchangeable (an opponent's hand, their pile and their face-down tokens), keeping
each zone's size. Dice behind a screen are ``Die`` values with the seats that see them;
``reroll`` resamples those hidden from a seat.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, Protocol, TypeVar

from mypy_extensions import mypyc_attr

from .errors import MalformedInput

EVERYONE = -1
"""A visibility mask every seat (and a spectator) passes."""
NOBODY = 0


def seats_mask(*seats: int) -> int:
    mask = 0
    for seat in seats:
        mask |= 1 << seat
    return mask


def sees(mask: int, seat: int | None) -> bool:
    """Whether ``seat`` (None: a spectator) may look at something with this mask."""
    if mask == EVERYONE:
        return True
    return seat is not None and seat >= 0 and bool(mask >> seat & 1)


Item = TypeVar("Item", str, int)
"""What a zone holds: a card or token by name (``Zone[str]``), or by number where a
game numbers them (``Zone[int]``)."""


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled, games may still subclass it
class Zone(Generic[Item]):
    """A multiset of items and who may see it; ``under`` is a known bottom, in order."""

    __slots__ = ("items", "seen", "under")

    def __init__(
        self, items: dict[Item, int] | Iterable[Item] | None = None, seen: int = NOBODY
    ) -> None:
        if items is None:
            self.items: dict[Item, int] = {}
        elif isinstance(items, dict):
            self.items = {k: n for k, n in items.items() if n > 0}
        else:
            self.items = dict(Counter(items))
        self.seen = seen
        self.under: list[Item] = []

    @classmethod
    def load(cls, data: Any, item: type = str) -> Zone[Any]:
        """A zone saved by ``to_json`` (its visibility is set by whoever holds it);
        ``item`` is the type of what it holds (JSON keys are texts: numbers are read
        back from them)."""
        if not isinstance(data, dict) or not isinstance(data.get("items"), dict):
            raise MalformedInput(f'a pile is {{"items": {{...}}}}, not {data!r:.40}')
        if set(data) - {"items", "under"}:
            raise MalformedInput(f"a pile holds items and under, not {sorted(data)}")
        items: dict[Any, int] = {}
        for key, n in data["items"].items():
            name = _item(key, item, from_key=True)
            if type(n) is not int or n <= 0:
                raise MalformedInput(f"a pile holds a whole number of {key}, not {n!r}")
            items[name] = n
        under = data.get("under", [])
        if not isinstance(under, list):
            raise MalformedInput("the cards under a pile are a list")
        zone: Zone[Any] = cls(items)
        zone.under = [_item(x, item) for x in under]
        return zone

    # -- contents ------------------------------------------------------------------
    def __len__(self) -> int:
        return sum(self.items.values()) + len(self.under)

    def __bool__(self) -> bool:
        return bool(self.items) or bool(self.under)

    def __contains__(self, item: object) -> bool:
        return item in self.items

    def count(self, item: Item) -> int:
        return self.items.get(item, 0)

    def kinds(self) -> list[Item]:
        """The kinds held, in a fixed order."""
        return sorted(self.items)

    def take(self, item: Item, n: int = 1) -> None:
        """Remove ``n`` of ``item``; the caller has checked they are there."""
        left = self.items[item] - n
        if left > 0:
            self.items[item] = left
        elif left == 0:
            del self.items[item]
        else:
            raise ValueError(f"only {self.items[item]} {item} left, not {n}")

    def put(self, item: Item, n: int = 1) -> None:
        self.items[item] = self.items.get(item, 0) + n

    def put_under(self, item: Item) -> None:
        """Put a card under the deck: it comes back after every shuffled card."""
        self.under.append(item)

    def clear(self) -> dict[Item, int]:
        """Empty the zone and return what it held (the ``under`` cards included)."""
        items = self.items
        for item in self.under:
            items[item] = items.get(item, 0) + 1
        self.items, self.under = {}, []
        return items

    # -- drawing ---------------------------------------------------------------------
    def draws(self) -> list[tuple[Item, float]]:
        """``(item, probability)`` for the next draw, items in a fixed order."""
        items = self.items
        if not items:
            return [(self.under[0], 1.0)] if self.under else []
        total = sum(items.values())
        return [(item, items[item] / total) for item in sorted(items)]

    def draw(self, item: Item) -> None:
        """Take the drawn ``item`` (from the shuffled part, else the known bottom)."""
        if self.items:
            self.take(item)
        elif self.under and self.under[0] == item:
            self.under.pop(0)
        else:
            raise ValueError(f"{item} cannot be drawn now")

    # -- who sees it ---------------------------------------------------------------
    def sees(self, seat: int | None) -> bool:
        return sees(self.seen, seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` knows: the contents if it may look, else only how many."""
        if self.sees(seat):
            return {"items": dict(sorted(self.items.items())), "under": list(self.under)}
        return {"count": len(self)}

    # -- copies ------------------------------------------------------------------------
    def copy(self) -> Zone[Item]:
        z: Zone[Item] = _new_zone(Zone)  # no __init__, no lookup through Generic
        z.items = self.items.copy()
        z.seen = self.seen
        z.under = self.under[:]
        return z

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"items": dict(sorted(self.items.items()))}
        if self.under:
            data["under"] = list(self.under)
        return data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Zone):
            return NotImplemented
        return (self.items, self.seen, self.under) == (other.items, other.seen, other.under)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Zone({self.items!r}, seen={self.seen})"

    # -- redealing hidden contents ----------------------------------------------------
    def hidden(self) -> list[Item]:
        return [item for item, n in self.items.items() for _ in range(n)]

    def refill(self, items: list[Item]) -> None:
        self.items = dict(Counter(items))


_new_zone = Zone.__new__


class Hidden(Protocol):
    """Anything ``redeal`` can deal into: it tells who sees it, gives up its hidden
    items and takes as many back (a ``Zone``; games adapt face-down slots on a board)."""

    def sees(self, seat: int | None) -> bool: ...

    def hidden(self) -> list[Any]: ...

    def refill(self, items: list[Any]) -> None: ...


def redeal(seat: int, rng: random.Random, zones: Sequence[Hidden]) -> None:
    """Deal again, at random, what ``seat`` cannot see in ``zones``, sizes unchanged.

    The zones must hold interchangeable items (from one pool). Only what the seat may
    know decides the result: the pool is sorted before it is shuffled.
    """
    blind = [zone for zone in zones if not zone.sees(seat)]
    if not blind:
        return
    held = [zone.hidden() for zone in blind]
    pool = sorted(item for items in held for item in items)
    rng.shuffle(pool)
    start = 0
    for zone, items in zip(blind, held, strict=True):
        zone.refill(pool[start : start + len(items)])
        start += len(items)


def swap_unseen(seat: int, rng: random.Random, zones: Sequence[Hidden]) -> bool:
    """Swap two different items ``seat`` cannot see between two of ``zones`` (which hold
    interchangeable items, sizes kept); False if there is no such pair."""
    blind = [(zone, zone.hidden()) for zone in zones if not zone.sees(seat)]
    places = [(z, i) for z, (_, items) in enumerate(blind) for i in range(len(items))]
    if not places:
        return False
    z1, i1 = rng.choice(places)
    first = blind[z1][1][i1]
    others = [(z, i) for z, i in places if z != z1 and blind[z][1][i] != first]
    if not others:
        kinds = {blind[z][1][i] for z, i in places}
        if len(kinds) < 2 or len(blind) < 2:
            return False
        # that item's kind fills every other zone: start from another kind instead
        z1, i1 = rng.choice([(z, i) for z, i in places if blind[z][1][i] != first])
        first = blind[z1][1][i1]
        others = [(z, i) for z, i in places if z != z1 and blind[z][1][i] != first]
        if not others:
            return False
    z2, i2 = rng.choice(others)
    a, b = blind[z1][1], blind[z2][1]
    a[i1], b[i2] = b[i2], a[i1]
    blind[z1][0].refill(a)
    blind[z2][0].refill(b)
    return True


class Unseen(Protocol):
    """Hidden things of a position, as its state's ``unseen()`` lists them: what
    ``determinize`` deals again and what the no-leak check alters (a pool of
    interchangeable cards, dice behind screens, a sealed bid)."""

    def redeal(self, seat: int, rng: random.Random) -> None:
        """Resample everything ``seat`` cannot see, as the rules could have dealt it."""

    def alter(self, seat: int, rng: random.Random) -> bool:
        """Change one thing ``seat`` cannot see to another the rules allow; False if
        there is nothing to change."""


class Pool:
    """Places whose unseen items are interchangeable (an opponent's hand and the deck
    they were drawn from): dealt again or swapped among themselves."""

    def __init__(self, *places: Hidden) -> None:
        self.places = places

    def redeal(self, seat: int, rng: random.Random) -> None:
        redeal(seat, rng, self.places)

    def alter(self, seat: int, rng: random.Random) -> bool:
        return swap_unseen(seat, rng, self.places)


@mypyc_attr(allow_interpreted_subclasses=True)  # its __new__ from Python skips __init__
class Die:
    """A die's face and the seats that see it (behind a screen: only its owner)."""

    __slots__ = ("faces", "value", "seen")

    def __init__(self, faces: Sequence[Any], value: Any, seen: int = EVERYONE) -> None:
        self.faces = tuple(faces)
        self.value = value
        self.seen = seen

    def view(self, seat: int | None) -> Any:
        return self.value if sees(self.seen, seat) else None

    def copy(self) -> Die:
        d: Die = _new_die(Die)  # no __init__: every field is set here
        d.faces, d.value, d.seen = self.faces, self.value, self.seen
        return d


_new_die: Callable[[type[Die]], Die] = Die.__new__
"""A die without ``__init__`` (a copy sets every field), taken once as Python gives it:
compiled code calling ``Die.__new__`` would run ``__init__`` too."""


def reroll(seat: int, rng: random.Random, dice: Iterable[Die]) -> None:
    """Roll again every die whose face ``seat`` cannot see (they are independent)."""
    for die in dice:
        if not sees(die.seen, seat):
            die.value = rng.choice(die.faces)


class Dice:
    """Dice behind screens: rolled again, or one turned to another face."""

    def __init__(self, dice: Sequence[Die]) -> None:
        self.dice = dice

    def redeal(self, seat: int, rng: random.Random) -> None:
        reroll(seat, rng, self.dice)

    def alter(self, seat: int, rng: random.Random) -> bool:
        """Turn one die ``seat`` cannot see to another of its faces."""
        blind = [d for d in self.dice if not sees(d.seen, seat) and len(set(d.faces)) > 1]
        if not blind:
            return False
        die = rng.choice(blind)
        die.value = rng.choice([face for face in die.faces if face != die.value])
        return True


def _item(value: Any, kind: type, from_key: bool = False) -> Any:
    """A pile's item as saved: a name, or a number (a text of digits as a JSON key)."""
    if kind is int and from_key and isinstance(value, str) and value.isdigit():
        return int(value)
    if type(value) is not kind:
        what = "a name" if kind is str else "a card number"
        raise MalformedInput(f"a pile holds {what}, not {value!r:.40}")
    return value
