"""Equipment cards (rulebook p. 12): usable once (Tinkerer: twice) in phase 2 and/or 4,
the Equipment manager's passing, drawing from the pile, and phase 4 itself."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import actions as X
from . import frames as F
from .board import NEIGH, XY, cell, walkable
from .state import PUBLIC, FujiState, register
from .tables import EQ, EQ_PHASES, EQUIPMENT, IS_LANDSCAPE

KNIFE = EQ["pocket_knife"]


# ---------------------------------------------------------------- which uses are open
def _empty_landscape(s: FujiState) -> list[int]:
    """Binoculars: landscape cards (not villages, not lava) with nothing on them."""
    taken = set(s.pos) | set(s.dest)
    return [
        c
        for c in range(64)
        if IS_LANDSCAPE[s.card[c]]
        and not s.lava[c]
        and not s.etok[c]
        and not s.xtok[c]
        and c not in taken
    ]


def _rope_cells(s: FujiState, a: int) -> list[int]:
    return [n for n in NEIGH[s.pos[a]] if walkable(s.card, s.lava, n)]


def effect_options(s: FujiState, a: int, c: int, phase: int, seat: int) -> list:
    """The ``who`` values with which card ``c`` may be used now by a (``[None]`` for a
    card without a target, ``[]`` when it is of no use now)."""
    if phase not in EQ_PHASES[c]:
        return []
    name = EQUIPMENT[c]
    if name == "binoculars":
        return [None] if len(_empty_landscape(s)) >= 2 else []
    if name == "lighter":
        return [b for b in s.meeples() if b != a and s.counting(b)]
    if name == "map":
        return [b for b in s.meeples() if b != a] if s.visible_own(a, seat) else []
    if name == "water":
        return [b for b in s.meeples() if b == a or s.counting(b)]
    if name == "duct_tape":
        return [None] if any(s.dval[d] == 1 for d in s.visible_own(a, seat)) else []
    if name == "compass":
        return [None] if any(s.dval[d] == 6 for d in s.visible_own(a, seat)) else []
    if name in ("machete", "shovel", "flash_light"):
        return [None] if s.visible_own(a, seat) else []
    if name == "radio":
        return [] if s.radio[a] else [None]
    if name == "first_aid_kit":
        return [] if s.aid[a] else [None]
    if name == "rope":
        return [None] if _rope_cells(s, a) else []
    if name in ("carabiner", "flare_gun"):
        return [None]
    return []  # the pocket knife is handled by equipment_actions


def equipment_actions(s: FujiState, a: int, phase: int, seat: int) -> list[Action]:
    """Cards a may use in ``phase`` (none with a broken arm, none drawn this round)."""
    if s.inj[a] & 2 or not s.equip[a]:
        return []
    out = []
    fresh = s.fresh[a]
    for c in s.equip[a]:
        if fresh >> c & 1:
            continue
        name = EQUIPMENT[c]
        if c == KNIFE:
            if phase not in EQ_PHASES[c]:
                continue
            # copy a card lying face up in front of another player
            others = sorted({k for b in s.meeples() if b != a for k in s.equip[b] if k != KNIFE})
            for k in others:
                for who in effect_options(s, a, k, phase, seat):
                    out.append(X.use(name, EQUIPMENT[k], who))
            continue
        for who in effect_options(s, a, c, phase, seat):
            out.append(X.use(name, None, who))
    return out


def give_actions(s: FujiState, a: int) -> list[Action]:
    """Equipment manager: give own cards to teammates at any time (even with a broken
    arm, not with amnesia)."""
    if not s.equip[a] or not s.has_skill(a, "equipment_manager"):
        return []
    return [X.give_card(EQUIPMENT[c], b) for c in s.equip[a] for b in s.meeples() if b != a]


# ---------------------------------------------------------------- using a card
def spend(s: FujiState, a: int, c: int, ev: list) -> None:
    """Discard a used card; the Tinkerer taps it first and discards on the second use."""
    if s.has_skill(a, "tinkerer") and not s.tapped[a] >> c & 1:
        s.tapped[a] |= 1 << c
        ev.append({"type": "tapped", "adventurer": a, "card": EQUIPMENT[c]})
        return
    s.equip[a].remove(c)
    s.tapped[a] &= ~(1 << c)
    s.discard.append(c)


def apply_equipment(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    a, seat = f[2], f[1]
    params = dict(action[1])
    if action[0] == "give_card":
        c = EQ[params["card"]]
        b = params["to"]
        s.equip[a].remove(c)
        s.equip[b].append(c)
        if s.fresh[a] >> c & 1:
            s.fresh[a] &= ~(1 << c)
            s.fresh[b] |= 1 << c
        ev.append({"type": "give_card", "adventurer": a, "to": b, "card": params["card"]})
        return
    c = EQ[params["card"]]
    effect = EQ[params["copy"]] if "copy" in params else c
    who = params.get("who")
    ev.append(
        {
            "type": "equipment",
            "adventurer": a,
            "card": params["card"],
            "effect": EQUIPMENT[effect],
            "who": who,
        }
    )
    spend(s, a, c, ev)
    EFFECTS[EQUIPMENT[effect]](s, a, seat, who, f, ev)


def _binoculars(s, a, seat, who, f, ev):
    s.stack.append((F.D_SWAP, seat, a, -1, 0))


def _lighter(s, a, seat, who, f, ev):
    # the teammate hands over one die of their choice
    s.stack.append((F.D_GIVE_DIE, s.controller(who), who, a, 0))


def _map(s, a, seat, who, f, ev):
    s.stack.append((F.D_GIVE_DIE, seat, a, who, 0))


def _carabiner(s, a, seat, who, f, ev):
    s.push(*[(F.D_CARABINER, s.controller(b), b, 0, 0) for b in s.meeples() if s.counting(b)])


def _duct_tape(s, a, seat, who, f, ev):
    s.stack.append((F.D_TURN, seat, a, 1, 0))


def _compass(s, a, seat, who, f, ev):
    s.stack.append((F.D_TURN, seat, a, 6, 0))


def _machete(s, a, seat, who, f, ev):
    s.stack.append((F.D_MACHETE, seat, a, 2, 0))


def _radio(s, a, seat, who, f, ev):
    s.radio[a] = 1
    allp = s.all_seats() | PUBLIC
    shown = []
    for d in s.held(a):
        s.dseen[d] = allp
        shown.append([d, s.dval[d]])
    ev.append({"type": "radio", "adventurer": a, "dice": shown, "reveal": True})


def _first_aid(s, a, seat, who, f, ev):
    s.aid[a] = 1


def _shovel(s, a, seat, who, f, ev):
    s.stack.append((F.D_SHOVEL, seat, a, -1, 0))


def _rope(s, a, seat, who, f, ev):
    s.stack.append((F.D_ROPE, seat, a, 1 if f[0] == F.D_EQUIP4 else 0, 0))


def _flare(s, a, seat, who, f, ev):
    s.flare[a] += 3


def _flash_light(s, a, seat, who, f, ev):
    s.stack.append((F.A_SESSION, CHANCE, a, 1, 8))


def _water(s, a, seat, who, f, ev):
    if who == a:
        s.stack.append((F.A_SESSION, CHANCE, a, 2, 8))
    else:
        s.stack.append((F.A_SESSION, CHANCE, who, 1, 8))


EFFECTS = {
    "binoculars": _binoculars,
    "lighter": _lighter,
    "carabiner": _carabiner,
    "map": _map,
    "duct_tape": _duct_tape,
    "compass": _compass,
    "machete": _machete,
    "radio": _radio,
    "first_aid_kit": _first_aid,
    "shovel": _shovel,
    "rope": _rope,
    "flare_gun": _flare,
    "flash_light": _flash_light,
    "water": _water,
}


# ---------------------------------------------------------------- card sub-decisions
def swap_legal(s: FujiState, f: tuple) -> list:
    return [X.SWAP_PICK[XY[c]] for c in _empty_landscape(s) if c != f[3]]


def swap_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    p = dict(action[1])
    c = cell(p["x"], p["y"])
    s.stack.pop()
    if f[3] < 0:
        s.stack.append((f[0], f[1], f[2], c, 0))
        return
    first = f[3]
    s.card[first], s.card[c] = s.card[c], s.card[first]
    ev.append({"type": "binoculars", "cells": [list(XY[first]), list(XY[c])]})


def give_die_legal(s: FujiState, f: tuple) -> list:
    dice = s.visible_own(f[2], f[1]) or s.counting(f[2])
    return [X.GIVE_DIE[d] for d in dice]


def give_die_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """Lighter / Map: the die changes hands unturned until the end of the round."""
    d = action[1][0][1]
    to = f[3]
    s.stack.pop()
    old = s.dseen[d]
    s.dhold[d] = to
    s.dseen[d] |= s.seat_mask(to)
    ev.append({"type": "give_die", "adventurer": f[2], "to": to, "die": d})
    if not old & PUBLIC:
        # the receiver looks at it behind the screen (undo may not take that back)
        for seat in range(s.n):
            if s.seat_mask(to) >> seat & 1:
                ev.append(
                    {
                        "type": "received",
                        "adventurer": to,
                        "from": f[2],
                        "dice": [[d, s.dval[d]]],
                        "private": seat,
                        "reveal": not old >> seat & 1,
                    }
                )


def carabiner_legal(s: FujiState, f: tuple) -> list:
    dice = s.visible_own(f[2], f[1]) or s.counting(f[2])
    return [X.CARABINER_DIE[d] for d in dice]


def carabiner_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    d = action[1][0][1]
    s.stack.append((F.C_ROLL, CHANCE, -1, d, 1 << d))


def hide_again(s: FujiState, d: int) -> None:
    """A die turned behind a screen: only those behind that screen see its new face
    (a lender no longer does); a die shown openly (Radio) stays open."""
    if not s.dseen[d] & PUBLIC:
        s.dseen[d] = s.base_seen(d)


def turn_legal(s: FujiState, f: tuple) -> list:
    v = f[3]
    out = [X.TURN_DIE[d] for d in s.visible_own(f[2], f[1]) if s.dval[d] == v]
    out.append(X.DONE)
    return out


def turn_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """Duct tape 1 -> 6, Compass 6 -> 1: the opposite face, so the colour stays."""
    if action[0] == "done":
        s.stack.pop()
        return
    d = action[1][0][1]
    s.dval[d] = 7 - s.dval[d]
    hide_again(s, d)
    s.dice_events(ev, "turn_die", f[2], [d], card="duct_tape" if f[3] == 1 else "compass")


def machete_legal(s: FujiState, f: tuple) -> list:
    out = [X.MACHETE_DIE[d] for d in s.visible_own(f[2], f[1])]
    out.append(X.DONE)
    return out


def machete_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    if action[0] == "done":
        return
    d = action[1][0][1]
    s.daside[d] = 2
    s.dseen[d] = s.all_seats() | PUBLIC
    ev.append(
        {
            "type": "set_aside",
            "adventurer": f[2],
            "die": d,
            "value": s.dval[d],
            "by": "machete",
            "reveal": True,
        }
    )
    if f[3] > 1:
        s.stack.append((f[0], f[1], f[2], f[3] - 1, 0))


def shovel_legal(s: FujiState, f: tuple) -> list:
    if f[3] < 0:
        return [X.SHOVEL_DIE[d] for d in s.visible_own(f[2], f[1])]
    current = s.dval[f[3]]
    return [X.SHOVEL_FACE[v] for v in range(1, 7) if v != current]


def shovel_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    if f[3] < 0:
        s.stack.append((f[0], f[1], f[2], action[1][0][1], 0))
        return
    d = f[3]
    s.dval[d] = action[1][0][1]
    hide_again(s, d)
    s.dice_events(ev, "shovel", f[2], [d])


def rope_legal(s: FujiState, f: tuple) -> list:
    return [X.ROPE_TO[XY[c]] for c in _rope_cells(s, f[2])]


def rope_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    """Rope: move at once to an adjacent card; collect its equipment token, trigger its
    eruption token. In phase 2 the destination marker must be placed again."""
    from .movement import arrive, check_victory

    p = dict(action[1])
    c = cell(p["x"], p["y"])
    a = f[2]
    s.stack.pop()
    s.pos[a] = c
    ev.append({"type": "rope", "adventurer": a, "x": p["x"], "y": p["y"]})
    if f[3]:
        s.rope4[a] = 1
    else:
        s.dest[a] = -1
    arrive(s, a, [c], ev)
    check_victory(s, ev)


def equip4_start(s: FujiState, f: tuple, ev: list) -> None:
    s.phase = 4
    s.push(
        *[(F.D_EQUIP4, s.controller(a), a, 0, 0) for a in s.meeples()], (F.A_MOVE, CHANCE, -1, 0, 0)
    )


def equip4_legal(s: FujiState, f: tuple) -> list:
    a = f[2]
    out = equipment_actions(s, a, 4, f[1])
    out.extend(give_actions(s, a))
    out.append(X.DONE)
    return out


def equip4_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    if action[0] == "done":
        s.stack.pop()
        return
    apply_equipment(s, f, action, ev)


# ---------------------------------------------------------------- drawing
def equip_outcomes(s: FujiState, f: tuple) -> list:
    p = 1 / len(s.deck)
    return [(X.EQUIP[EQUIPMENT[c]], p) for c in s.deck]


def receive(s: FujiState, a: int, c: int, ev: list) -> None:
    s.equip[a].append(c)
    if s.round > 0:
        s.fresh[a] |= 1 << c  # usable from the next round onward
    ev.append({"type": "draw", "adventurer": a, "card": EQUIPMENT[c]})


def equip_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    c = EQ[action[1][0][1]]
    s.deck.remove(c)
    receive(s, f[2], c, ev)


def draw_from_bottom(s: FujiState, a: int, ev: list) -> None:
    """The shuffled part is gone: the cards put under the pile come next, in order;
    an empty pile gives nothing (U11)."""
    if s.bottom:
        receive(s, a, s.bottom.pop(0), ev)
    else:
        ev.append({"type": "draw", "adventurer": a, "card": None})


register(F.D_SWAP, legal=swap_legal, apply=swap_apply)
register(F.D_GIVE_DIE, legal=give_die_legal, apply=give_die_apply)
register(F.D_CARABINER, legal=carabiner_legal, apply=carabiner_apply)
register(F.D_TURN, legal=turn_legal, apply=turn_apply)
register(F.D_MACHETE, legal=machete_legal, apply=machete_apply)
register(F.D_SHOVEL, legal=shovel_legal, apply=shovel_apply)
register(F.D_ROPE, legal=rope_legal, apply=rope_apply)
register(F.A_EQUIP4, auto=equip4_start)
register(F.D_EQUIP4, legal=equip4_legal, apply=equip4_apply)
register(F.C_EQUIP, outcomes=equip_outcomes, apply=equip_apply)
