"""Hiring mercenaries between rounds (and before the first, in the quick variant).

Rulebook, "Game with mercenary characters": players may hire mercenary characters,
exchanging a basic character and paying the cost; the pile always holds 18 tokens. In
the team variant one player of each team hires in a round (a purse per team); in the
quick variant both sides hire with 80 coins up front and the coins left go back. Prices
and the quick game's coins are options (the rulebook's by default).
"""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from .components import MERCENARIES, SEATS
from .events import Events
from .state import FoggyState


def hirers(s: FoggyState) -> list[Frame]:
    """Each side's hirer, the side of the next round's first player first."""
    starter = s.second_player() if s.points else s.first
    order = [s.side(starter), 1 - s.side(starter)]
    # in the team variant the team-mates take turns at being the one who hires
    return [HIRE_BY[s.side_seats(side)[(s.round - 1) % (s.players // 2)]] for side in order]


def hireable(s: FoggyState, side: int) -> list[str]:
    coins, pile, hired = s.coins[side], s.composition(side), s.hired[side]
    return [
        k
        for k, kind in MERCENARIES.items()
        if hired.count(k) < kind.count and s.opts.price(k) <= coins and kind.replaces in pile
    ]


def legal_hire(s: FoggyState, f: Frame) -> list[Action]:
    return [A.HIRE[k] for k in hireable(s, s.side(f.seat))] + [A.DONE]


def refuse_hire(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind != "hire":
        return None
    merc = a.arg("mercenary")
    info = MERCENARIES.get(merc)
    side = s.side(f.seat)
    if info is None:
        return f"Hiring: {merc} is not a mercenary"
    if s.hired[side].count(merc) >= info.count:
        return f"Hiring: your side has already hired every {info.title}"
    cost = s.opts.price(merc)
    if cost > s.coins[side]:
        return f"Hiring: the {info.title} costs {cost} coins; your side has {s.coins[side]}"
    if info.replaces not in s.composition(side):
        return (
            f"Hiring: the {info.title} must replace a {info.replaces} and your pile has none left"
        )
    return None


def hire(s: FoggyState, f: Frame, a: Action) -> Events:
    seat = f.seat
    if a.kind == "done":
        return [{"type": "hiring_done", "seat": seat}]
    side = s.side(seat)
    merc = a.arg("mercenary")
    info = MERCENARIES[merc]
    cost = s.opts.price(merc)
    s.coins[side] -= cost
    s.hired[side].append(merc)
    # the pile always holds 18 tokens: the mercenary takes its basic token's place
    store = s.pool[side] if s.opts.variant == "team" else s.piles[seat]
    store.take(info.replaces)
    store.put(merc)
    then(s, HIRE_BY[seat])  # and may hire again
    return [
        {
            "type": "hired",
            "seat": seat,
            "mercenary": merc,
            "replaces": info.replaces,
            "cost": cost,
        }
    ]


def return_coins(s: FoggyState, f: Frame) -> Events:
    """Quick variant: the coins left after hiring go back to the general pile."""
    s.coins = [0, 0]
    return []


HIRE = Step(
    "hire",
    "Hiring: hire a mercenary, paying its cost and exchanging its basic token (or done)",
    legal=legal_hire,
    refuse=refuse_hire,
    apply=hire,
)
BANK = Step("bank", run=return_coins)
HIRE_BY = [HIRE(p) for p in SEATS]
