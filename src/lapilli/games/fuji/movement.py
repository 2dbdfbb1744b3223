"""Phase 5: movement and stamina, turn by turn, in an order the team chooses.

A. The mover and both neighbours total their dice valid for the mover's destination
card; the mover goes only if strictly higher than both. B. Stamina: the level card's
loss for the lead, the top row on failure; injuries on each mark reached or passed;
death on the last space.
"""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import actions as X
from . import frames as F
from .board import XY, path
from .eruption import erupt
from .planning import step_limit
from .state import PUBLIC, FujiState, register
from .tables import EXHAUSTION, INJURIES, IS_VILLAGE, VALID, stamina_loss


def movement_value(s: FujiState, b: int, card: int) -> int:
    """Total of b's valid dice for ``card`` (dice set aside do not count)."""
    valid = VALID[card]
    dtype, dval, dhold, dlost, daside = s.dtype, s.dval, s.dhold, s.dlost, s.daside
    total = 0
    for d in range(len(dhold)):
        if dhold[d] == b and not dlost[d] and not daside[d]:
            total += valid[dtype[d] * 6 + dval[d] - 1]
    return total


def reveal_all(s: FujiState, f: tuple, ev: list) -> None:
    """Everybody removes their screen (variant A: the third screen too)."""
    s.phase = 5
    allp = s.all_seats() | PUBLIC
    dice = []
    for d in range(len(s.dval)):
        if not s.dlost[d]:
            s.dseen[d] = allp
            dice.append([d, s.dval[d], s.dhold[d]])
    ev.append({"type": "screens_removed", "dice": dice, "reveal": True})
    s.remaining = (1 << s.m) - 1
    s.stack.append((F.A_MOVE_NEXT, CHANCE, -1, 0, 0))


def next_turn(s: FujiState, f: tuple, ev: list) -> None:
    rem = s.remaining
    if not rem:
        legs = [(F.D_LEG, s.controller(a), a, 0, 0) for a in s.meeples() for _ in range(s.legs[a])]
        s.push(*legs, (F.A_ERUPT, CHANCE, -1, 0, 0))
        return
    movers = [a for a in s.meeples() if rem >> a & 1]
    if len(movers) == 1:
        start_turn(s, movers[0])
    else:
        s.stack.append((F.D_ORDER, s.controller(movers[0]), movers[0], 0, 0))


def order_legal(s: FujiState, f: tuple) -> list:
    return [X.NEXT_TURN[a] for a in s.meeples() if s.remaining >> a & 1]


def order_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    start_turn(s, action[1][0][1])


def start_turn(s: FujiState, a: int) -> None:
    s.remaining &= ~(1 << a)
    boosts = [
        (F.D_BOOST, s.controller(g), g, a, 0)
        for g in s.meeples()
        if s.bars[g] > 0 and s.has_skill(g, "gatherer")
    ]
    s.push(*boosts, (F.A_RESOLVE, CHANCE, a, 0, 0), (F.A_MOVE_NEXT, CHANCE, -1, 0, 0))


def boost_legal(s: FujiState, f: tuple) -> list:
    return list(X.BOOST[: s.bars[f[2]] + 1])


def boost_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """Gatherer: each power bar spent adds 1 to this turn's mover's movement value."""
    s.stack.pop()
    k = action[1][0][1]
    if k:
        s.bars[f[2]] -= k
        s.boost[f[3]] += k
        ev.append({"type": "power_bars", "adventurer": f[2], "for": f[3], "spent": k})


def resolve(s: FujiState, f: tuple, ev: list) -> None:
    """Steps A and B of one adventurer's turn."""
    a = f[2]
    d = s.dest[a]
    card = s.card[d]
    bonus = s.flare[a] + s.boost[a]
    mine = movement_value(s, a, card) + bonus
    s.boost[a] = 0
    left, right = s.neighbours(a)
    vl = movement_value(s, left, card)
    vr = movement_value(s, right, card)
    best = vl if vl > vr else vr
    ok = mine > best
    route: list[int] | None = []
    why = "" if ok else "not higher than both neighbours"
    if ok and s.lava[d]:
        ok, why = False, "the destination has turned to lava"
    if ok and d != s.pos[a]:
        limit = step_limit(s, a) + s.rope4[a]
        route = path(s.card, s.lava, s.pos[a], d, limit, s.xtok)
        if route is None:
            route = path(s.card, s.lava, s.pos[a], d, limit)
        if route is None:
            ok, why = False, "lava blocks every path to the destination"
    ev.append(
        {
            "type": "turn",
            "adventurer": a,
            "value": mine,
            "left": [left, vl],
            "right": [right, vr],
            "moves": ok,
            "why": why,
            "to": list(XY[d]),
            "stay": d == s.pos[a],
            "bonus": bonus,
        }
    )
    s.dest[a] = -1
    if ok and route:
        s.pos[a] = d
        arrive(s, a, route, ev)
        if s.result:
            return
        check_victory(s, ev)
        if s.result:
            return
    # B. stamina
    loss = 0 if s.aid[a] else stamina_loss(s.level, mine - best if ok else None)
    lose_stamina(s, a, loss, ev)


def lose_stamina(s: FujiState, a: int, loss: int, ev: list) -> None:
    old = s.lost[a]
    new = old + loss
    s.lost[a] = min(new, EXHAUSTION)
    if loss:
        ev.append({"type": "stamina", "adventurer": a, "lost": loss, "total": s.lost[a]})
    if new >= EXHAUSTION:
        s.lose(f"{s.name(a)} collapsed from exhaustion", ev)
        return
    marks = s.injury_thresholds(old, new)
    free = 4 - bin(s.inj[a]).count("1")
    for _ in range(min(marks, free)):
        s.stack.append((F.D_INJURY, s.controller(a), a, 0, 0))


def arrive(s: FujiState, a: int, route: list[int], ev: list) -> None:
    """Eruption tokens on the way or at the end erupt at once (U8); an equipment
    token where the meeple ends up is collected."""
    for c in route:
        n = s.xtok[c]
        if n:
            s.xtok[c] = 0
            ev.append({"type": "eruption_token", "x": XY[c][0], "y": XY[c][1], "eruptions": n})
            for _ in range(n):
                erupt(s, ev)
                if s.result:
                    return
    c = s.pos[a]
    if s.etok[c]:
        s.etok[c] = 0
        s.stack.append((F.C_EQUIP, CHANCE, a, 0, 0))


def check_victory(s: FujiState, ev: list) -> None:
    card, lava, pos = s.card, s.lava, s.pos
    for a in s.meeples():
        if not IS_VILLAGE[card[pos[a]]] or lava[pos[a]]:
            return
    s.win(ev)


def injury_legal(s: FujiState, f: tuple) -> list:
    inj = s.inj[f[2]]
    return [X.INJURY[name] for i, name in enumerate(INJURIES) if not inj >> i & 1]


def injury_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    a = f[2]
    name = action[1][0][1]
    bit = 1 << INJURIES.index(name)
    s.stack.pop()
    s.inj[a] |= bit
    ev.append({"type": "injury", "adventurer": a, "space": name})
    if name == "leg":
        s.legs[a] += 1  # the die goes once every stamina is adjusted
    elif name == "amnesia" and s.skill[a] == "tinkerer":
        # the Tinkerer loses the double use: discard every card used once
        for c in [c for c in s.equip[a] if s.tapped[a] >> c & 1]:
            s.equip[a].remove(c)
            s.discard.append(c)
        s.tapped[a] = 0


def leg_legal(s: FujiState, f: tuple) -> list:
    a = f[2]
    return [X.LOSE_DIE[d] for d in range(len(s.dhome)) if s.dhome[d] == a and not s.dlost[d]]


def leg_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    a = f[2]
    d = action[1][0][1]
    s.stack.pop()
    s.dlost[d] = 1
    s.legs[a] -= 1
    ev.append({"type": "lose_die", "adventurer": a, "die": d, "value": s.dval[d]})


register(F.A_MOVE, auto=reveal_all)
register(F.A_MOVE_NEXT, auto=next_turn)
register(F.D_ORDER, legal=order_legal, apply=order_apply)
register(F.D_BOOST, legal=boost_legal, apply=boost_apply)
register(F.A_RESOLVE, auto=resolve)
register(F.D_INJURY, legal=injury_legal, apply=injury_apply)
register(F.D_LEG, legal=leg_legal, apply=leg_apply)
