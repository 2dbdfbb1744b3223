"""Every action of Volcanique, interned once so that legal action lists allocate little.

Places are axial hexes ``at=(q, r)``; a critter's place adds its biome colour
(``biome="dark"``): a tile holds at most one region of each colour. The rules make
them from hex and region ids (``OnHex``, ``OnRegion``) and read those back
(``at_hex``, ``at_region``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from lapilli.core import Action
from lapilli.core.flow import Frame

from .board import COLOUR_MASK, REGION_BITS, hex_id, hex_of
from .components import BIOME_INDEX, BIOMES, GRID_POWERS, KINDS, POWER_IDS, SIDES, SLOTS

if TYPE_CHECKING:
    from .state import VolcaniqueState

Legal = Callable[["VolcaniqueState", Frame], list[Action]]
Why = Callable[["VolcaniqueState", Frame, Action], str | None]


def refusal(legal: Legal, why: Why) -> Why:
    """A step's ``refuse``: nothing for its legal actions, else the rule ``why`` names."""

    def refuse(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
        return None if a in legal(s, f) else why(s, f, a)

    return refuse


_ACTIONS: dict[tuple[Any, ...], Action] = {}
ACTIONS_KEPT = 20_000
"""Actions made once and reused, at most this many: games on new islands keep meeting
new hexes, and a simulation of many games must not grow with them."""


def act(kind: str, **params: Any) -> Action:
    key = (kind, *sorted(params.items()))
    a = _ACTIONS.get(key)
    if a is None:
        if len(_ACTIONS) >= ACTIONS_KEPT:  # actions compare by value: a new copy is as good
            _ACTIONS.clear()
        a = _ACTIONS[key] = Action(kind, **params)
    return a


class OnHex:
    """The actions of one kind on a hex (``place``, ``erupt``...), by hex id, each made
    once: ``PLACE[h]``."""

    __slots__ = ("kind", "made")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.made: dict[int, Action] = {}

    def __getitem__(self, h: int) -> Action:
        a = self.made.get(h)
        if a is None:
            a = self.made[h] = Action(self.kind, at=hex_of(h))
        return a

    def on(self, hexes: Iterable[int]) -> list[Action]:
        """The actions on each of ``hexes``, in order (one call for a legal list)."""
        made = self.made
        return [made.get(h) or self[h] for h in hexes]


class OnRegion:
    """The actions of one kind on a region (``claim``, ``move_to``...), by region id,
    each made once: ``CLAIM[region]``."""

    __slots__ = ("kind", "made")

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.made: dict[int, Action] = {}

    def __getitem__(self, region: int) -> Action:
        a = self.made.get(region)
        if a is None:
            at = hex_of(region >> REGION_BITS)
            a = self.made[region] = Action(self.kind, at=at, biome=BIOMES[region & COLOUR_MASK])
        return a

    def on(self, regions: Iterable[int]) -> list[Action]:
        """The actions on each of ``regions``, in order (one call for a legal list)."""
        made = self.made
        return [made.get(r) or self[r] for r in regions]


_ON_HEX: dict[str, OnHex] = {}
_ON_REGION: dict[str, OnRegion] = {}


def on_hex(kind: str) -> OnHex:
    """The actions of ``kind`` on hexes (one table per kind)."""
    table = _ON_HEX.get(kind)
    if table is None:
        table = _ON_HEX[kind] = OnHex(kind)
    return table


def on_region(kind: str) -> OnRegion:
    """The actions of ``kind`` on regions (one table per kind)."""
    table = _ON_REGION.get(kind)
    if table is None:
        table = _ON_REGION[kind] = OnRegion(kind)
    return table


def at_hex(a: Action) -> int:
    """The hex id an action names (``at``)."""
    return hex_id(a.arg("at"))


def land_at(s: VolcaniqueState, a: Action) -> int | None:
    """The land hex an action names, checked (None: not a hex, or the ocean): for the
    refusals, which read actions nobody listed."""
    at = a.arg("at")
    if not (isinstance(at, tuple) and len(at) == 2 and all(type(v) is int for v in at)):
        return None
    try:
        h = hex_id(at)
    except ValueError:
        return None
    return h if h in s.stacks else None


def at_region(a: Action) -> int:
    """The region id an action names (``at`` and ``biome``)."""
    return hex_id(a.arg("at")) << REGION_BITS | BIOME_INDEX[a.arg("biome")]


DONE = act("done")
ABANDON = act("abandon")
SACRIFICE_HAND = act("sacrifice_hand")
SUMMON_ISLAND = act("summon_island")
BUY_CALDERA = act("buy_caldera")
BUY_POINT = act("buy_point")
MAGMA_BOMB = act("magma_bomb")
MAGMA_SIPHON = act("magma_siphon")
SUPER_VOLCANO = act("super_volcano")
DIVERT_LAVA = act("divert_lava")
BUY = {k: act("buy", tile=k) for k in (*KINDS, "volcano")}
ROTATE = [act("rotate", rotation=r) for r in range(SIDES)]
CHOOSE = {k: act("choose_tile", tile=k) for k in KINDS}
TAKE_BONUS = [act("bonus", resource=b) for b in BIOMES]
DISCARD = [act("discard", resource=b) for b in BIOMES]
FIRST_PLAYER = [act("first_player", seat=i) for i in range(8)]
UNLOCK = {s: act("unlock", slot=s) for s in SLOTS}
DRAW = {c: act("draw", card=c) for c in POWER_IDS}
DEAL = {p: act("deal", power=p) for p in GRID_POWERS}
DEAL_SLOT = {s: act("deal_slot", slot=s) for s in SLOTS}
PLAY_CALDERA = {c: act("play_caldera", card=c) for c in POWER_IDS}
PLACE = on_hex("place")
MIGRATE = on_hex("migrate")
EVACUATE = on_hex("evacuate")
LAVA = on_hex("lava")
CLAIM = on_region("claim")
MOVE_FROM = on_region("move_from")
MOVE_TO = on_region("move_to")

_PAYMENTS: dict[tuple[int, ...], list[Action]] = {}


def pay_options(held: list[int], amount: int) -> list[Action]:
    """Every way to pay ``amount`` resources of any kinds out of ``held``."""
    key = (*held, amount)
    out = _PAYMENTS.get(key)
    if out is None:
        out = []
        for a in range(min(held[0], amount) + 1):
            for b in range(min(held[1], amount - a) + 1):
                c = amount - a - b
                if c <= held[2]:
                    out.append(act("pay", **{BIOMES[0]: a, BIOMES[1]: b, BIOMES[2]: c}))
        _PAYMENTS[key] = out
    return out


def paid(action: Action) -> tuple[int, ...]:
    """The resources of each kind a ``pay`` action gives."""
    return tuple(action.arg(b) for b in BIOMES)
