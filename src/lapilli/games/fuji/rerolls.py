"""Phase 1 (rolling the dice behind the screens) and phase 3 (rerolls).

Every die is rolled on its own chance node. A reroll session lets one seat select
dice one at a time and then reroll them together, as often as it is entitled to.
"""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import actions as X
from . import frames as F
from .state import PUBLIC, FujiState, register


# ---------------------------------------------------------------- phase 1
def start_round(s: FujiState, f: tuple, ev: list) -> None:
    """Phase 1: everybody rolls all their dice behind their screens."""
    s.round += 1
    s.phase = 1
    s.signals = []
    ev.append({"type": "round", "round": s.round})
    s.push(
        *roll_frames(s, [d for d in range(len(s.dtype)) if not s.dlost[d]]),
        (F.A_PLAN, CHANCE, -1, 0, 0),
    )


def roll_frames(s: FujiState, dice: list[int]) -> list[tuple]:
    """One chance frame per die, in order. The last die of each holder carries the mask
    of that holder's dice rolled together (``y``): its roll tells the results to those
    behind the screen."""
    batch: dict[int, int] = {}
    last: dict[int, int] = {}
    dhold = s.dhold
    for k, d in enumerate(dice):
        batch[dhold[d]] = batch.get(dhold[d], 0) | 1 << d
        last[dhold[d]] = k
    frames_ = [(F.C_ROLL, CHANCE, -1, d, 0) for d in dice]
    for a, k in last.items():
        frames_[k] = (F.C_ROLL, CHANCE, -1, dice[k], batch[a])
    return frames_


def roll_outcomes(s: FujiState, f: tuple) -> tuple:
    return X.FACE_OUTCOMES


def roll_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    s.stack.pop()
    d = f[3]
    s.dval[d] = action[1][0][1]
    a = s.dhold[d]
    # behind the holder's screen; in the open while a Radio keeps that screen down
    if s.radio[a]:
        s.dseen[d] = s.all_seats() | PUBLIC
    elif a == s.dhome[d]:
        s.dseen[d] = s.dmask[d]
    else:
        s.dseen[d] = s.seat_mask(a)
    ev.append({"type": "roll", "adventurer": a})  # no value, no die: hidden
    batch = f[4]
    if batch:
        # the last die of the batch: tell the results to those who see them
        dice = []
        while batch:
            low = batch & -batch
            dice.append(low.bit_length() - 1)
            batch ^= low
        s.dice_events(ev, "rolled", a, dice, again=s.phase != 1)


# ---------------------------------------------------------------- phase 3
def phase3_rerolls(s: FujiState, a: int) -> int:
    """Rerolls in phase 3: 2 to stay, 1 for 1-2 steps, 0 for 3 steps; +1 on a card with
    the reroll symbol; Survivalist +1; none for an eye injury (the skill's reroll stays);
    a Scout moving 4 steps gets none at all."""
    from .tables import REROLL_SYMBOL

    dist = s.ddist[a]
    if dist >= 4:
        return 0
    base = 2 if dist == 0 else (1 if dist <= 2 else 0)
    if REROLL_SYMBOL[s.card[s.dest[a]]]:
        base += 1
    if s.inj[a] & 8:
        base = 0
    if s.has_skill(a, "survivalist"):
        base += 1
    return base


def session_frames(s: FujiState) -> list[tuple]:
    out = []
    for a in s.meeples():
        n = phase3_rerolls(s, a)
        s.p3_allowed[a] = n
        s.p3_used[a] = 0
        buddy = s.has_skill(a, "buddy")
        if n <= 0 and not buddy:
            continue
        if a == s.third:
            out.append((F.A_SESSION, CHANCE, a, n, 0 * 8 + 0 + 1))
            out.append((F.A_SESSION, CHANCE, a, n, 0 * 8 + 1 + 1))
        else:
            out.append((F.A_SESSION, CHANCE, a, n, 0))
    return out


def start_session(s: FujiState, f: tuple, ev: list) -> None:
    """A reroll session: ``x`` rerolls; ``y`` = kind * 8 + side + 1 (side 0: the
    adventurer's controller; variant B's third meeple: the seat of that side)."""
    a, n, y = f[2], f[3], f[4]
    kind, side = divmod(y, 8)
    s.sess_adv = a
    s.sess_left = n
    s.sess_sel = 0
    s.sess_kind = kind
    s.sess_seat = side - 1 if side else s.controller(a)
    s.stack.append((F.D_REROLL, s.sess_seat, a, 0, 0))


def reroll_legal(s: FujiState, f: tuple) -> list:
    seat, a = f[1], f[2]
    cand = s.visible_own(a, seat)
    sel = s.sess_sel
    out = []
    if s.sess_left > 0:
        out = [X.SELECT[d] for d in cand if not sel >> d & 1]
        if sel:
            out.append(X.REROLL)
    if s.sess_kind == 0 and not s.aside_used[a] and s.has_skill(a, "buddy"):
        out.extend(X.ASIDE[d] for d in cand)
    out.append(X.STOP)
    return out


def reroll_apply(s: FujiState, f: tuple, action: Action, ev: list) -> None:
    kind = action[0]
    a = f[2]
    if kind == "select":
        s.sess_sel |= 1 << action[1][0][1]
    elif kind == "reroll":
        s.sess_left -= 1
        sel = s.sess_sel
        s.sess_sel = 0
        dice = [d for d in range(len(s.dtype)) if sel >> d & 1]
        s.push(*roll_frames(s, dice))
        event = {"type": "reroll", "adventurer": a, "left": s.sess_left}
        if a == s.third:
            event["side"] = s.sess_seat
        ev.append(event)
    elif kind == "set_aside":
        # Buddy: one die per round, shown to everybody, back at the end of the round
        d = action[1][0][1]
        s.daside[d] = 1
        s.dseen[d] = s.all_seats() | PUBLIC
        s.aside_used[a] = 1
        s.sess_sel &= ~(1 << d)
        ev.append(
            {
                "type": "set_aside",
                "adventurer": a,
                "die": d,
                "value": s.dval[d],
                "by": "buddy",
                "reveal": True,
            }
        )
    else:  # stop
        s.stack.pop()
        if s.sess_kind == 0:
            used = s.p3_allowed[a] - s.sess_left
            if used > s.p3_used[a]:
                s.p3_used[a] = used
        s.sess_adv = s.sess_seat = -1
        s.sess_left = s.sess_sel = s.sess_kind = 0


def power_bars(s: FujiState, f: tuple, ev: list) -> None:
    """Gatherer: a power bar for every phase-3 reroll passed up (at most 3)."""
    for a in s.meeples():
        if s.has_skill(a, "gatherer"):
            passed = s.p3_allowed[a] - s.p3_used[a]
            if passed > 0:
                before = s.bars[a]
                s.bars[a] = min(3, before + passed)
                if s.bars[a] != before:
                    ev.append({"type": "power_bars", "adventurer": a, "bars": s.bars[a]})


register(F.A_ROUND, auto=start_round)
register(F.C_ROLL, outcomes=roll_outcomes, apply=roll_apply)
register(F.A_SESSION, auto=start_session)
register(F.D_REROLL, legal=reroll_legal, apply=reroll_apply)
register(F.A_BARS, auto=power_bars)
