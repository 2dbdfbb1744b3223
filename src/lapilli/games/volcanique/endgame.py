"""The end of a turn and the end of the game: triggers, final turns, the finale."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, then
from lapilli.core.zones import EVERYONE

from . import steps, turn
from .actions import BUY, BUY_POINT, DONE
from .components import POINT_COST, VOLCANO_COST
from .pieces import Stage, cards
from .stacking import refuse_volcano, to_claim, volcano_allowed

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict]


def trigger_end(s: VolcaniqueState, reason: str, seat: int) -> Events:
    """Start the end-game sequence (the last land tile, every critter of a player
    deployed, Volcanic Winter unlocked, the Super Volcanic Eruption set off): this turn
    finishes, then one final turn each. Only the first trigger counts."""
    if s.stage is not Stage.MAIN or s.end_reason:
        return []
    s.end_reason = reason
    return [{"type": "end_triggered", "reason": reason, "seat": seat}]


def end_turn(s: VolcaniqueState, f: Frame) -> Events:
    """The next player's turn; the end-game sequence once it is triggered."""
    events: Events = []
    n = s.players
    if s.stage is Stage.MAIN:
        for p in range(n):
            if s.hand[p] == 0:
                events.extend(trigger_end(s, "all_critters_deployed", p))
                break
        limit = s.game.options.max_rounds
        if limit and s.round >= limit - 1 and (s.player + 1) % n == s.first:
            events.extend(trigger_end(s, "round_limit", s.player))
        if s.end_reason:
            s.stage = Stage.FINAL
            s.final_left = [(s.player + i) % n for i in range(1, n)]
    s.turn += 1
    if s.stage is Stage.FINAL and s.final_left:
        s.player = s.final_left.pop(0)
    else:
        if s.stage is Stage.FINAL:
            s.stage = Stage.FINALE
        s.player = (s.player + 1) % n
    if s.player == s.first:
        s.round += 1
    return events + turn.begin_turn(s)


def game_over(s: VolcaniqueState) -> Events:
    """Every Caldera card is revealed and scored."""
    s.stage = Stage.OVER
    s.unshare_caldera()
    for hand in s.caldera_hands:
        hand.seen = EVERYONE
    caldera = [cards(h) for h in s.caldera_hands]
    return [{"type": "game_over", "scores": s.scores(), "reveal": True, "caldera": caldera}]


# -- a final turn: spend your final resources ----------------------------------------------
def legal_spend(s: VolcaniqueState, f: Frame) -> list[Action]:
    out = []
    if volcano_allowed(s, f.seat):
        out.append(BUY["volcano"])
    if sum(s.resources[f.seat]) >= POINT_COST:
        out.append(BUY_POINT)
    out.append(DONE)
    return out


def refuse_spend(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind == "buy_point":
        return "End-game sequence: a point costs 3 resources"
    if a.kind != "buy":
        return None
    if a.arg("tile") == "volcano":
        return refuse_volcano(s, f.seat)
    return "End-game sequence: you may only buy a volcano or points in your final turn"


def spend(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    p = f.seat
    if a == DONE:
        return to_claim(s)
    if a == BUY_POINT:
        then(
            s,
            steps.PAY(p, price=POINT_COST, purpose="point"),
            steps.SCORE_POINT(seat=p),
            steps.SPEND(p),
        )
    else:
        then(
            s,
            steps.PAY(p, price=VOLCANO_COST, purpose="volcano"),
            steps.BOUGHT(seat=p, tile="volcano"),
        )
    return []


def settle_spend(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if legal_spend(s, f) != [DONE] else to_claim(s)


def score_point(s: VolcaniqueState, f: Frame) -> Events:
    s.points[f.args.seat] += 1
    return []
