"""The private helper: the sums a table cannot do for you, from what your seat may see.

For each meeple a seat decides for: its destination card, the valid dice you see and
their total against what you know of each neighbour's (their dice in the open, the open
neutral dice; dice you cannot see are counted, not guessed); and for every card it may
aim at, your total there, the phase-3 rerolls it gives, the stamina a tie or a loss
would cost, and a warning when the way there crosses or ends on an eruption token
("the player who triggers it should move last"). Everything is computed from the dice
whose faces the seat sees, so the helper tells no secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import NOWHERE, XY, path
from .components import VALID, injuries_marked, stamina_loss
from .movement import step_limit
from .planning import destinations
from .rerolls import rerolls_for

if TYPE_CHECKING:  # the observation's types, in view.py, which calls the helper
    from .state import FujiState
    from .view import CardHelp, Helper, Neighbour

ERUPTION_WARNING = "the player who triggers it should move last"


def known_value(s: FujiState, b: int, card: int, seat: int) -> tuple[int, int, int]:
    """What ``seat`` knows of b's movement value for ``card``: the total of the valid
    dice it sees, how many of them are valid, and how many dice it cannot see."""
    valid = VALID[card]
    bit = 1 << seat
    total = count = hidden = 0
    for die in s.dice:
        if die.holder != b or die.lost or die.aside:
            continue
        if not die.seen & bit:
            hidden += 1
            continue
        v = valid[die.type][die.value]
        total += v
        count += v > 0
    return total, count, hidden


def crosses_token(s: FujiState, a: int, goal: int) -> bool:
    """Whether every allowed way to ``goal`` crosses or ends on an eruption token."""
    start = s.position[a]
    if start == goal:
        return False
    limit = step_limit(s, a) + s.roped[a]
    return path(s.terrain, s.lava, start, goal, limit, s.eruption_tokens) is None or bool(
        s.eruption_tokens[goal]
    )


def card_help(s: FujiState, a: int, c: int, steps_away: int, seat: int) -> CardHelp:
    total, _, _ = known_value(s, a, s.terrain[c], seat)
    loss = 0 if s.first_aid[a] else stamina_loss(s.level, None)
    after = s.stamina_lost[a] + loss
    out: CardHelp = {
        "card": list(XY[c]),
        "steps": steps_away,
        "value": total,
        "rerolls": rerolls_for(s, a, steps_away, c),
        "stamina_on_fail": loss,
        "injuries_on_fail": injuries_marked(s.stamina_lost[a], after, s.injury_marks),
        "exhausted_on_fail": after >= s.exhaustion,
    }
    if crosses_token(s, a, c):
        out["warning"] = f"an eruption token lies on the way: {ERUPTION_WARNING}"
    return out


def adventurer_help(s: FujiState, a: int, seat: int) -> Helper:
    dest = s.destination[a]
    out: Helper = {"adventurer": a, "destination": None}
    if dest != NOWHERE:
        card = s.terrain[dest]
        total, count, hidden = known_value(s, a, card, seat)
        neighbours: list[Neighbour] = []
        for b in s.neighbours(a):
            if b == a:
                continue
            nb_total, nb_count, nb_hidden = known_value(s, b, card, seat)
            neighbours.append(
                {"adventurer": b, "value": nb_total, "valid": nb_count, "hidden": nb_hidden}
            )
        best = max((n["value"] for n in neighbours), default=0)
        unknown = any(n["hidden"] for n in neighbours) or hidden
        out["destination"] = {
            **card_help(s, a, dest, s.marker_steps[a], seat),
            "valid": count,
            "hidden": hidden,
            "neighbours": neighbours,
            "ahead_by": total + s.flare[a] - best,
            "certain": not unknown,
        }
    if s.phase == 2:
        reach = destinations(s, a)
        out["cards"] = [card_help(s, a, c, n, seat) for c, n in sorted(reach.items())]
    return out


def helper(s: FujiState, seat: int | None) -> list[Helper]:
    """The helper for each meeple ``seat`` decides for (the third meeple of variant B:
    both players), during the rounds; nothing for a spectator."""
    if seat is None or s.round == 0 or s.result or s.phase not in (2, 3, 4, 5):
        return []
    return [
        adventurer_help(s, a, seat) for a in s.meeples() if a == s.third or s.controller(a) == seat
    ]
