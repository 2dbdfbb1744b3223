"""Every action of Volcanique, interned once so that legal action lists allocate little.

Places are axial hexes ``at=(q, r)``; a critter's place adds its biome colour
(``biome="dark"``): a tile holds at most one region of each colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lapilli.core import Action
from lapilli.core.flow import Frame
from lapilli.core.hexgrid import Hex

from .components import BIOMES, GRID_POWERS, KINDS, POWER_IDS, SIDES, SLOTS

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


def act(kind: str, **params: Any) -> Action:
    key = (kind, *sorted(params.items()))
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, **params)
    return a


def at_act(kind: str, h: Hex, colour: int | None = None) -> Action:
    """An action on a hex (``place``, ``erupt``...) or on a region of it (``claim``...)."""
    key = (kind, h, colour)
    a = _ACTIONS.get(key)
    if a is None:
        params = {"at": h} if colour is None else {"at": h, "biome": BIOMES[colour]}
        a = _ACTIONS[key] = Action(kind, **params)
    return a


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
