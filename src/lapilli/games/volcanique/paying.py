"""Resources: paying a price with a choice of kinds, and discarding down to the cap
after collecting. Each is a small decision of the player concerned, skipped when there
is only one way."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from .actions import paid, pay_options, refusal
from .components import BIOME_INDEX, BIOMES, NB
from .events import Events
from .frames import frame

if TYPE_CHECKING:
    from .state import VolcaniqueState


# -- paying: "x resources" means any mix of kinds; what it buys follows in the next frame ---
def legal_pay(s: VolcaniqueState, f: Frame) -> list[Action]:
    held = s.resources[f.seat]
    if f.args.distinct:
        return [a for a in pay_options(held, f.args.price) if max(paid(a)) == 1]
    return pay_options(held, f.args.price)


def refuse_pay(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "pay":
        return None
    if f.args.distinct:
        return f"Frugal Ritual: pay {f.args.price} different resources you hold, one of each"
    return f"Paying: choose resources you hold that add up to {f.args.price}"


def pay(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    seat = f.seat
    amounts = paid(a)
    for b in range(NB):
        s.resources[seat][b] -= amounts[b]
        s.supply[b] += amounts[b]
    return [{"type": "paid", "seat": seat, "resources": list(amounts), "for": f.args.purpose}]


def settle_pay(s: VolcaniqueState, f: Frame) -> Events | None:
    options = s.step_legal(f)
    return pay(s, f, options[0]) if len(options) == 1 else None


# -- discarding down to the cap (7, Bountiful Resources 8) ---------------------------------
def legal_discard(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [A.DISCARD[b] for b in range(NB) if s.resources[f.seat][b] > 0]


def refuse_discard(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "discard":
        return None
    return "Collect resources: discard down to your maximum, a kind you hold"


def discard(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    _give_back(s, f.seat, BIOME_INDEX[a.arg("resource")], 1)
    if f.args.count > 1:
        then(s, frame(DISCARD, f.seat, count=f.args.count - 1))
    return [{"type": "discarded", "seat": f.seat, "resource": a.arg("resource"), "n": 1}]


def settle_discard(s: VolcaniqueState, f: Frame) -> Events | None:
    """Only one kind held: all of the excess is of that kind."""
    kinds = [b for b in range(NB) if s.resources[f.seat][b] > 0]
    if len(kinds) > 1:
        return None
    _give_back(s, f.seat, kinds[0], f.args.count)
    return [{"type": "discarded", "seat": f.seat, "resource": BIOMES[kinds[0]], "n": f.args.count}]


def _give_back(s: VolcaniqueState, seat: int, kind: int, n: int) -> None:
    s.resources[seat][kind] -= n
    s.supply[kind] += n


# -- the steps --------------------------------------------------------------------------
class Price(NamedTuple):
    price: int
    # what is paid for: tile, volcano, sacrifice_hand, island, evacuate, point, colossal,
    # migration
    purpose: str
    distinct: bool = False  # one each of that many different kinds (Frugal Ritual)


PAY = Step(
    "pay",
    "Paying: choose resources you hold that add up to the price",
    legal_pay,
    refusal(legal_pay, refuse_pay),
    pay,
    Args=Price,
    settle=settle_pay,
)


class Discarding(NamedTuple):
    count: int  # type: ignore[assignment]  # the saved name (frames keep it); shadows tuple's method: resources still to discard


DISCARD = Step(
    "discard",
    "Collect resources: discard down to your maximum, one you hold",
    legal_discard,
    refusal(legal_discard, refuse_discard),
    discard,
    Args=Discarding,
    settle=settle_discard,
)
