"""The dice: six per adventurer (types A A B B C C), rolled behind the screens."""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any

from mypy_extensions import mypyc_attr

from lapilli.core.errors import MalformedInput
from lapilli.core.zones import NOBODY, Die

from .components import FACES


class Aside(IntEnum):
    """A die set aside for the round: shown to all, it does not count in phase 5."""

    NO = 0
    BUDDY = 1
    MACHETE = 2


@mypyc_attr(allow_interpreted_subclasses=True)  # its __new__ from Python skips __init__
class FujiDie(Die):
    """One die of an adventurer's set.

    ``value`` (0 before its first roll) and ``seen`` (the seats that see its face) are
    the shared ``Die``'s; besides: its ``type`` (an index into ``DIE_TYPES``), its
    ``owner`` and the ``screen`` it stands behind at home (the seats that see it there),
    the adventurer who ``holds`` it now (a Lighter or a Map lends it for the round),
    whether it is set ``aside`` and whether it is ``lost`` (left in the box by a 5-dice
    skill, or lost to a leg injury).
    """

    __slots__ = ("type", "owner", "screen", "holder", "aside", "lost")

    def __init__(self, die_type: int, owner: int, screen: int) -> None:
        self.faces, self.value, self.seen = FACES, 0, NOBODY
        self.type = die_type
        self.owner = owner
        self.screen = screen
        self.holder = owner
        self.aside = Aside.NO
        self.lost = False

    def copy(self) -> FujiDie:
        d: FujiDie = _new_fuji_die(FujiDie)  # no __init__: every field is set here
        d.faces, d.value, d.seen = self.faces, self.value, self.seen
        d.type, d.owner, d.screen = self.type, self.owner, self.screen
        d.holder, d.aside, d.lost = self.holder, self.aside, self.lost
        return d

    def counts_for(self, a: int) -> bool:
        """Whether the die counts for adventurer a in phase 5 (held, in play, not aside)."""
        return self.holder == a and not self.lost and not self.aside

    def to_json(self) -> dict[str, int | bool]:
        return {
            "type": self.type,
            "owner": self.owner,
            "screen": self.screen,
            "value": self.value,
            "seen": self.seen,
            "holder": self.holder,
            "aside": int(self.aside),
            "lost": self.lost,
        }

    @classmethod
    def load(cls, data: Any) -> FujiDie:
        """A die saved by ``to_json`` (the position checks it is one of the set-up's)."""
        if not isinstance(data, dict) or set(data) != set(_SAVED):
            raise MalformedInput(f"a die is {{{', '.join(_SAVED)}}}, not {data!r:.60}")
        for key, kind in _SAVED.items():
            if type(data[key]) is not kind:
                raise MalformedInput(f"a die's {key} cannot be {data[key]!r:.20}")
        die = cls(data["type"], data["owner"], data["screen"])
        die.value, die.seen, die.holder = data["value"], data["seen"], data["holder"]
        if data["aside"] not in iter(Aside):
            raise MalformedInput(f"a die cannot be set aside as {data['aside']}")
        die.aside = Aside(data["aside"])
        die.lost = data["lost"]
        return die


_new_fuji_die: Callable[[type[FujiDie]], FujiDie] = FujiDie.__new__
"""A die without ``__init__`` (a copy sets every field), taken once as Python gives it:
compiled code calling ``FujiDie.__new__`` would run ``__init__`` too."""

_SAVED = {
    "type": int,
    "owner": int,
    "screen": int,
    "value": int,
    "seen": int,
    "holder": int,
    "aside": int,
    "lost": bool,
}
