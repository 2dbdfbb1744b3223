"""An evaluation for the greedy bot: progress toward the village, stamina, safety."""

from __future__ import annotations

import math
import random

from lapilli.core.actions import Action
from lapilli.core.grid import distances

from . import actions as X
from .board import CELLS, NOWHERE, around, cell, spreading
from .components import CARD_IDS, DIE_TYPES, FACES, IS_VILLAGE, IS_WALKABLE, VALID
from .rerolls import Reroll
from .state import FujiState, Result

COOPERATIVE = True
"""Every seat wins or loses together."""
SCALE = 40.0
"""About a clear favourite: e.g. one meeple four cards nearer the village."""
FAR = 99
"""Distance of a card with no way to a village."""
NO_LAVA = 20
"""Distance to lava when none can be reached."""

# expected valid value of one unseen die of each type on each card, and its variance
_MEAN = [
    tuple(sum(VALID[k][t]) / len(FACES) for t in range(len(DIE_TYPES))) if VALID[k] else ()
    for k in CARD_IDS
]
_VAR = [
    tuple(
        sum(v * v for v in VALID[k][t]) / len(FACES) - _MEAN[k][t] ** 2
        for t in range(len(DIE_TYPES))
    )
    if VALID[k]
    else ()
    for k in CARD_IDS
]


def _distances_to_village(s: FujiState) -> dict[int, int]:
    """Walking distance of every card to the nearest safe village card."""
    terrain, lava = s.terrain, s.lava
    villages = [c for c, k in enumerate(terrain) if IS_VILLAGE[k] and not lava[c]]
    return distances(villages, around, lambda c: IS_WALKABLE[terrain[c]] and not lava[c])


def _lava_steps(s: FujiState) -> dict[int, int]:
    """Steps from every card to the nearest lava card over any cards (how many
    eruptions until it is swallowed); one search from all the lava at once."""
    terrain, lava = s.terrain, s.lava
    return distances([c for c in range(CELLS) if lava[c]], around, lambda c: terrain[c] != 0)


Hands = list[list[tuple[int, int]]]
"""Each adventurer's counting dice as one seat judges them: (type, value or 0 unseen)."""


def dice_seen(s: FujiState, seat: int) -> Hands:
    """Each adventurer's dice that count in phase 5 as ``seat`` can judge them: their
    type and value, 0 for a die it cannot see (or not rolled yet)."""
    hands: Hands = [[] for _ in range(s.adventurer_count)]
    for die in s.dice:
        if not die.lost and not die.aside:
            seen = die.value and die.view(seat) is not None
            hands[die.holder].append((die.type, die.value if seen else 0))
    return hands


def value_spread(hand: list[tuple[int, int]], card: int) -> tuple[float, float]:
    """A hand's movement value on ``card``: the mean and variance, the dice seen counting
    their value, the others as a fair roll."""
    valid, mean, var = VALID[card], _MEAN[card], _VAR[card]
    total = spread = 0.0
    for t, v in hand:
        if v:
            total += valid[t][v]
        else:
            total += mean[t]
            spread += var[t]
    return total, spread


def _beats(mine: tuple[float, float], other: tuple[float, float]) -> float:
    """The chance one value is strictly higher than another (normal approximation,
    with half a point for the tie that fails)."""
    lead = mine[0] - other[0] - 0.5
    spread = mine[1] + other[1]
    if spread <= 0:
        return 1.0 if lead > 0 else 0.0
    return 0.5 * (1.0 + math.erf(lead / math.sqrt(2.0 * spread)))


def success_chance(
    s: FujiState, a: int, seat: int, dest: int | None = None, hands: Hands | None = None
) -> float:
    """The chance that a's planned move (or a move to ``dest``) succeeds, from
    ``seat``'s point of view: beating both neighbours (taken as independent).
    ``hands`` is ``dice_seen(s, seat)`` when the caller already has it."""
    hands = hands or dice_seen(s, seat)
    card = s.terrain[s.destination[a] if dest is None else dest]
    total, spread = value_spread(hands[a], card)
    mine = (total + s.flare[a] + s.power_bonus[a], spread)
    left, right = s.neighbours(a)
    return _beats(mine, value_spread(hands[left], card)) * _beats(
        mine, value_spread(hands[right], card)
    )


def heuristic(state: FujiState, seat: int) -> float:
    """Higher is better for the whole team (every seat gets the same value)."""
    s = state
    if s.result == Result.VICTORY:
        return 1000.0 + s.victory_points()
    if s.result == Result.DEFEAT:
        return -1000.0
    to_village = _distances_to_village(s)
    lava_steps = _lava_steps(s)
    hands = dice_seen(s, seat) if s.phase in (2, 3, 4) else []
    score = 0.0
    for a in s.meeples():
        p = s.position[a]
        if p == NOWHERE:
            continue
        score -= 10.0 * min(to_village.get(p, FAR), 15)
        left = s.exhaustion - s.stamina_lost[a]
        score += 2.0 * left - (8.0 if left <= 5 else 0.0)
        score -= 3.0 * s.injuries[a].bit_count()
        score += 1.0 * len(s.equipment[a])
        dest = s.destination[a]
        if dest != NOWHERE and dest != p and s.phase in (2, 3, 4):
            # a planned move: the progress it would make, weighted by its chance
            gain = min(to_village.get(p, FAR), 15) - min(to_village.get(dest, FAR), 15)
            score += 10.0 * gain * success_chance(s, a, seat, hands=hands)
        safety = lava_steps.get(p, NO_LAVA)
        if safety <= 1:
            score -= 40.0
        elif safety == 2:
            score -= 10.0
    return score


# ---------------------------------------------------------------- playouts
def horizon(state: FujiState) -> int:
    """The round: a search that rolls out to the end of the round scores the position
    after the eruption, where a meeple left next to the lava has been swallowed."""
    return state.round


def playout(state: FujiState, seat: int, rng: random.Random) -> Action:
    """A quick move for a search's rollouts (no lookahead): aim for the card with the
    best expected worth, reroll the dice that count less than an average roll, use no
    card; anything else at random."""
    legal = state.legal_actions()
    frame = state.stack[-1]
    name = frame.step.name
    if name == "plan":
        aims = [a for a in legal if a.kind == "destination"]
        if aims:
            return _best_aim(state, frame.args.adventurer, seat, aims)
    elif name == "reroll":
        return _reroll(state, frame.args, seat, legal)
    elif X.DONE in legal:
        return X.DONE
    rules = [a for a in legal if a.kind != "give_card"] or legal
    return rules[rng.randrange(len(rules))]


def _best_aim(s: FujiState, a: int, seat: int, aims: list[Action]) -> Action:
    """The destination with the best expected worth: its distance to the village if
    the move succeeds, the meeple's own card if it fails; a card the lava takes this
    round is death."""
    to_village = _distances_to_village(s)
    doomed = set(spreading(s.terrain, s.lava))
    here = s.position[a]

    def worth(c: int) -> float:
        return -1000.0 if c in doomed else -10.0 * min(to_village.get(c, FAR), 15)

    stay = worth(here)
    hands = dice_seen(s, seat)
    best, best_v = aims[0], -1e9
    for action in aims:
        c = cell(action.arg("x"), action.arg("y"))
        if c == here:
            v = stay
        else:
            p = success_chance(s, a, seat, c, hands)
            v = p * worth(c) + (1.0 - p) * stay
        if v > best_v:
            best, best_v = action, v
    return best


def _reroll(s: FujiState, args: Reroll, seat: int, legal: list[Action]) -> Action:
    """Select the own dice below an average roll on the destination card, then reroll
    them; stop at once when staying or already likely to move."""
    a = args.adventurer
    dest = s.destination[a]
    if dest == NOWHERE or dest == s.position[a] or success_chance(s, a, seat) > 0.8:
        return X.STOP if X.STOP in legal else legal[0]
    card = s.terrain[dest]
    valid, mean = VALID[card], _MEAN[card]
    for action in legal:
        if action.kind == "select":
            die = s.dice[action.arg("die")]
            if valid[die.type][die.value] < mean[die.type]:
                return action
    if args.selected and X.REROLL in legal:
        return X.REROLL
    return X.STOP if X.STOP in legal else legal[0]
