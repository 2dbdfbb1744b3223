"""In your habitat: Convert, Craft (blueprints, rocket cards, upgrade tiles) and the free
moves between Inventory and Storage. Costs are paid from Inventory and Storage together."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .actions import act
from .components import (
    BLUEPRINTS,
    CONVERSIONS,
    NRES,
    PUMP,
    RADIO,
    RESOURCES,
    ROCKETS,
    UPGRADE_BIT,
    UPGRADES,
)
from .ending import game_over
from .events import Events

if TYPE_CHECKING:
    from .state import DeeperState

HABITAT = "only in your habitat (on your Hatch)"
STOP = act("stop")


# -- paying ------------------------------------------------------------------------------
def can_pay(s: DeeperState, seat: int, cost: tuple[int, ...] | list[int]) -> bool:
    inv, sto = s.inventory[seat], s.storage[seat]
    return all(inv[k] + sto[k] >= n for k, n in enumerate(cost) if n)


def pay(s: DeeperState, seat: int, cost: tuple[int, ...] | list[int]) -> None:
    """Spend from the Inventory first, then the Storage; both go back to the supply.
    (Free moves between them make the order no loss to the player.)"""
    inv, sto = s.inventory[seat], s.storage[seat]
    for k, n in enumerate(cost):
        if n:
            from_inv = min(n, inv[k])
            inv[k] -= from_inv
            sto[k] -= n - from_inv


def card_cost(s: DeeperState, seat: int, card: str) -> list[int]:
    """A blueprint or rocket card's cost: each built Reactor takes 1 of its resource off
    (default 24: not below 0, not for conversions or upgrade tiles)."""
    return cost_after(s.built[seat], card)


def cost_after(cards: tuple[str, ...], card: str) -> list[int]:
    """``card_cost`` for a player who built ``cards``."""
    cost = list(BLUEPRINTS[card].cost if card in BLUEPRINTS else ROCKETS[card].cost)
    for built in cards:
        k = BLUEPRINTS[built].discount
        if k is not None and cost[k]:
            cost[k] -= 1
    return cost


def _afford(s: DeeperState, seat: int, cost: tuple[int, ...] | list[int], what: str) -> str | None:
    if can_pay(s, seat, cost):
        return None
    inv, sto = s.inventory[seat], s.storage[seat]
    missing = [
        f"{n - inv[k] - sto[k]} {RESOURCES[k]}" for k, n in enumerate(cost) if n > inv[k] + sto[k]
    ]
    return f"{what}: you lack {', '.join(missing)} (paid from Inventory and Storage)"


# -- Convert -----------------------------------------------------------------------------
def converts(s: DeeperState, seat: int) -> list[Action]:
    out: list[Action] = []
    for c in CONVERSIONS.values():
        if can_pay(s, seat, c.pay):
            if c.make is None:
                out.extend(act("convert", use=c.id, make=r) for r in RESOURCES)
            else:
                out.append(act("convert", use=c.id))
    if PUMP in s.built[seat] and _pumpable(s, seat):
        out.append(act("convert", use=PUMP))
    return out


def refuse_convert(s: DeeperState, seat: int, a: Action) -> str | None:
    if not s.in_habitat(seat):
        return f"Convert: {HABITAT}"
    use = a.arg("use")
    if use == PUMP:
        if PUMP not in s.built[seat]:
            return "Convert: you have not built a Pump"
        if not _pumpable(s, seat):
            return "Pump: no adjacent tile holds a resource"
        return None
    conversion = CONVERSIONS.get(use)
    if conversion is None:
        return f"Convert: your built cards have no conversion {use!r}"
    if conversion.make is None and a.arg("make") not in RESOURCES:
        return f'Convert: choose the resource the "?" becomes ({", ".join(RESOURCES)})'
    return _afford(s, seat, conversion.pay, f"Convert {conversion.name}")


def convert(s: DeeperState, seat: int, a: Action) -> Events:
    use = a.arg("use")
    if use == PUMP:
        then(s, PUMP_STEP(seat, left=2))
        return []
    conversion = CONVERSIONS[use]
    pay(s, seat, conversion.pay)
    made = RESOURCES.index(a.arg("make")) if conversion.make is None else conversion.make
    # the new token goes to Storage if it has room, else the Inventory (freed by paying)
    room = s.storage if s.storage_room(seat) > 0 else s.inventory
    room[seat][made] += 1
    return [{"type": "converted", "seat": seat, "use": use, "made": RESOURCES[made]}]


# -- the Pump (invented, default 29): move up to 2 resources from adjacent tiles onto yours
def _pumpable(s: DeeperState, seat: int) -> list[tuple[int, int]]:
    res = s.res
    return [
        (n, k)
        for n in s.ocean.neighbours[s.pawn[seat]]
        if n >= 0 and s.tiles[n] is not None
        for k in range(NRES)
        if res[n * NRES + k]
    ]


class LeftArgs(NamedTuple):
    left: int


def _legal_pump(s: DeeperState, f: Frame) -> list[Action]:
    names = s.ocean.names
    return [act("pump", at=names[n], resource=RESOURCES[k]) for n, k in _pumpable(s, f.seat)] + [
        STOP
    ]


def _refuse_pump(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind != "pump":
        return None
    names = s.ocean.names
    if (a.arg("at"), a.arg("resource")) in [
        (names[n], RESOURCES[k]) for n, k in _pumpable(s, f.seat)
    ]:
        return None
    return f"Pump: {a.arg('at')} is not an adjacent tile holding {a.arg('resource')}"


def _pump(s: DeeperState, f: Frame, a: Action) -> Events:
    if a == STOP:
        return []
    n, k = s.ocean.index[a.arg("at")], RESOURCES.index(a.arg("resource"))
    s.res[n * NRES + k] -= 1
    s.res[s.pawn[f.seat] * NRES + k] += 1
    s.board_changed()
    if f.args.left > 1 and _pumpable(s, f.seat):
        then(s, PUMP_STEP(f.seat, left=f.args.left - 1))
    return [{"type": "pumped", "seat": f.seat, "resource": RESOURCES[k], "from": a.arg("at")}]


PUMP_STEP = Step(
    "pump",
    "Pump: move a resource from an adjacent tile onto your tile (up to 2)",
    _legal_pump,
    _refuse_pump,
    _pump,
    Args=LeftArgs,
)


# -- Craft -----------------------------------------------------------------------------------
def crafts(s: DeeperState, seat: int) -> list[Action]:
    out = [
        act("craft", card=c)
        for c in s.hands[seat].kinds()
        if can_pay(s, seat, card_cost(s, seat, c))
    ]
    if RADIO in s.built[seat]:
        out += [act("craft", card=c) for c in s.rockets if can_pay(s, seat, card_cost(s, seat, c))]
    bits = s.upgrades[seat]
    out += [
        act("craft", card=k)
        for k, u in UPGRADES.items()
        if not bits & UPGRADE_BIT[k] and can_pay(s, seat, u.cost)
    ]
    return out


def refuse_craft(s: DeeperState, seat: int, a: Action) -> str | None:
    if not s.in_habitat(seat):
        return f"Craft: {HABITAT}"
    card = a.arg("card")
    if card in UPGRADES:
        if s.has(seat, card):
            return f"Craft: your {UPGRADES[card].name} is already crafted"
        return _afford(s, seat, UPGRADES[card].cost, f"Craft {UPGRADES[card].name}")
    if card in ROCKETS:
        if RADIO not in s.built[seat]:
            return "Craft: rocket cards can only be crafted once you have completed your Radio"
        if card not in s.rockets:
            return f"Craft: the {ROCKETS[card].name} is already built"
        return _afford(s, seat, card_cost(s, seat, card), f"Craft {ROCKETS[card].name}")
    if card in BLUEPRINTS:
        if card not in s.hands[seat]:
            return "Craft: you may only build blueprints from your hand"
        return _afford(s, seat, card_cost(s, seat, card), f"Craft {BLUEPRINTS[card].name}")
    return f"Craft: there is no card or upgrade {card!r}"


def craft(s: DeeperState, seat: int, a: Action) -> Events:
    card = a.arg("card")
    if card in UPGRADES:
        pay(s, seat, UPGRADES[card].cost)
        s.upgrades[seat] |= UPGRADE_BIT[card]
        return [{"type": "crafted", "seat": seat, "card": card}]
    pay(s, seat, card_cost(s, seat, card))
    if card in BLUEPRINTS:
        s.hands[seat].take(card)
        s.built[seat] += (card,)
        return [{"type": "crafted", "seat": seat, "card": card}]
    s.rockets = tuple(r for r in s.rockets if r != card)
    s.rocket_cards[seat] += (card,)
    events: Events = [{"type": "crafted", "seat": seat, "card": card}]
    if not s.rockets:
        events += game_over(s, "rockets", builder=seat)
    return events


# -- free moves between Inventory and Storage (default 37) ---------------------------------------
def _legal_transfer(s: DeeperState, f: Frame) -> list[Action]:
    seat = f.seat
    if f.step.name != "act" or not s.in_habitat(seat):
        return []
    inv, sto = s.inventory[seat], s.storage[seat]
    out = []
    if s.storage_room(seat) > 0:
        out += [act("store", resource=RESOURCES[k]) for k in range(NRES) if inv[k]]
    if s.inventory_room(seat) > 0:
        out += [act("unstore", resource=RESOURCES[k]) for k in range(NRES) if sto[k]]
    return out


def _refuse_transfer(s: DeeperState, f: Frame, a: Action) -> str | None:
    seat = f.seat
    if f.step.name != "act":
        return "Inventory and Storage: move resources between your actions"
    if not s.in_habitat(seat):
        return f"Inventory and Storage: resources move between them {HABITAT}"
    name = a.arg("resource")
    if name not in RESOURCES:
        return f"Inventory and Storage: {name!r} is not a resource"
    k = RESOURCES.index(name)
    source, room = (
        (s.inventory, s.storage_room(seat))
        if a.kind == "store"
        else (s.storage, s.inventory_room(seat))
    )
    where = ("Inventory", "Storage") if a.kind == "store" else ("Storage", "Inventory")
    if not source[seat][k]:
        return f"Inventory and Storage: your {where[0]} holds no {name}"
    if room <= 0:
        return f"Inventory and Storage: your {where[1]} is full"
    return None


MOVED: dict[str, Literal["stored", "unstored"]] = {"store": "stored", "unstore": "unstored"}
"""The event of each free move (``TRANSFER``'s kinds of action)."""


def _transfer(s: DeeperState, f: Frame, a: Action) -> Events:
    k = RESOURCES.index(a.arg("resource"))
    source, target = (s.inventory, s.storage) if a.kind == "store" else (s.storage, s.inventory)
    source[f.seat][k] -= 1
    target[f.seat][k] += 1
    return [{"type": MOVED[a.kind], "seat": f.seat, "resource": RESOURCES[k]}]


TRANSFER = Step(
    "transfer",
    "Inventory and Storage: move resources freely between them while in your habitat",
    _legal_transfer,
    _refuse_transfer,
    _transfer,
    kinds=frozenset({"store", "unstore"}),
)
