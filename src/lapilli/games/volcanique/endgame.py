"""The end of a turn and the end of the game: the triggers and the three end sequences.

- Depleted land tiles (the last land tile, a player with every critter deployed, the
  round safeguard): the turn finishes, every other player has one final turn (lava,
  move, spend, claim, one sacrifice; no collection), then finale turns of claiming
  until every lava flow has reached the sea.
- Super Volcanic Eruption: every other player has one final turn to escape; then its
  owner moves (only) and it erupts: every critter next to it is wiped out, each land
  tile around it becomes a volcano with its own lava, its owner places a final critter,
  and the lava runs down to the sea.
- Volcanic Winter: play goes on while the winter spreads one space a turn from its
  spawn points; once every land tile is frozen the lava runs down to the sea.
Then burrowed critters emerge, Caldera cards are revealed and the game is scored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from . import critters
from .actions import BUY_POINT, DONE, at_region, refusal
from .args import Seat
from .board import REGION_BITS, around, hex_id, hex_of, xy
from .claiming import claimable
from .components import POINT_COST, VOLCANO
from .events import Events
from .lava import LAVA_START
from .paying import PAY
from .pieces import MAIN, Stage, cards
from .stacking import BOUGHT, refuse_volcano, volcano_allowed
from .triggers import trigger_end
from .winter import all_frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState


def pass_turn(s: VolcaniqueState) -> Events:
    """The turn passes to the next player, or to the next part of the end sequence
    (the stage and the player change; ``turn.end_turn`` begins that turn)."""
    events: Events = []
    n = s.players
    limit = s.options.max_rounds
    last_round = bool(limit) and s.round >= limit - 1 and (s.player + 1) % n == s.first
    if s.stage is MAIN:
        for p in range(n):
            if s.hand[p] == 0:
                events.extend(trigger_end(s, "all_critters_deployed", p))
                break
        if last_round:
            events.extend(trigger_end(s, "round_limit", s.player))
        if s.end_reason and s.end_reason != "volcanic_winter":
            s.stage = Stage.FINAL
            s.final_left = [(s.player + i) % n for i in range(1, n)]
    s.turn += 1
    if (
        s.stage is Stage.MAIN
        and s.end_reason == "volcanic_winter"
        and (all_frozen(s) or last_round)  # the round safeguard ends it too
    ):
        s.stage = Stage.FINALE
        events.append({"type": "winter_complete"})
    if s.stage is Stage.FINAL and s.final_left:
        s.player = s.final_left.pop(0)
    elif s.stage is Stage.FINAL and s.super_volcano:
        s.stage = Stage.ERUPTION
        s.player = s.super_volcano[2]
    else:
        if s.stage is Stage.FINAL:
            s.stage = Stage.FINALE
        s.player = (s.player + 1) % n
    if s.player == s.first:
        s.round += 1
    return events


def game_over(s: VolcaniqueState) -> Events:
    """Burrowed critters emerge; every Caldera card is revealed and scored."""
    events = critters.emerge_all(s)
    s.stage = Stage.OVER  # the hands are shown from now on (see ``view.observe``)
    caldera = [cards(h) for h in s.caldera_hands]
    return [
        *events,
        {"type": "game_over", "scores": s.scores(), "reveal": True, "caldera": caldera},
    ]


# -- a final turn: spend your final resources ----------------------------------------------
def legal_spend(s: VolcaniqueState, f: Frame) -> list[Action]:
    out = []
    if volcano_allowed(s, f.seat):
        out.append(A.BUY["volcano"])
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
        return []  # claiming waits below
    if a == BUY_POINT:
        then(
            s,
            PAY(p, price=POINT_COST, purpose="point"),
            SCORE_POINT(seat=p),
            SPEND(p),
        )
    else:
        then(
            s,
            PAY(p, price=s.options.volcano_cost, purpose="volcano"),
            BOUGHT(seat=p, tile="volcano"),
        )
    return []


def settle_spend(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if s.step_legal(f) != [DONE] else []


def score_point(s: VolcaniqueState, f: Frame) -> Events:
    s.points[f.args.seat] += 1
    return []


# -- the super volcano erupts --------------------------------------------------------------
def super_erupts(s: VolcaniqueState, f: Frame) -> Events:
    """Every critter next to the super volcano is wiped out (in the sea and burrowed
    too); every land tile around it becomes a volcano (while volcano tiles last), each
    with its own lava; its owner places a final critter; the lava runs to the sea."""
    q, r, owner = s.super_volcano
    centre = hex_id((q, r))
    events: Events = [{"type": "super_eruption", "seat": owner, "at": [q, r]}]
    ring = []
    for h in around(centre):
        events.extend(s.wipe_hex(h))
        sea_owner = s.sea.pop(h, None)
        if sea_owner is not None:
            s.hand[sea_owner] += 1
            events.append({"type": "wiped", "seat": sea_owner, "at": xy(h), "n": 1})
        stack = s.stacks.get(h)
        if stack and stack[-1] != VOLCANO and s.volcano_tiles > 0 and h not in s.lava_hexes():
            s.volcano_tiles -= 1
            s.set_stack(h, (*stack, VOLCANO))
            ring.append(h)
            events.append({"type": "volcano", "seat": owner, "at": xy(h), "ring": True})
    s.stage = Stage.FINALE
    starts = [LAVA_START(volcano=hex_of(h), height=s.height(h)) for h in ring]
    then(s, *starts, FINAL_CRITTER(owner))  # the end of the turn waits below
    return events


def legal_final_critter(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [*A.CLAIM.on(claimable(s, f.seat, None)), DONE]


def refuse_final_critter(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "claim":
        return None
    return "The super volcano: one final critter on an uncontrolled biome of an uninhabited tile"


def final_critter(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []
    region = at_region(a)
    s.add_critter(region, f.seat)
    s.hand[f.seat] -= 1
    at = xy(region >> REGION_BITS)
    return [{"type": "claimed", "seat": f.seat, "at": at, "biome": a.arg("biome")}]


def settle_final_critter(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if len(s.step_legal(f)) > 1 else []


# -- the steps --------------------------------------------------------------------------
SPEND = Step(
    "spend",
    "End-game sequence: spend your final resources",
    legal_spend,
    refusal(legal_spend, refuse_spend),
    spend,
    settle=settle_spend,
    word="final spending",
)


SCORE_POINT = Step("score_point", run=score_point, Args=Seat)


SUPER_ERUPTS = Step("super_erupts", run=super_erupts)


FINAL_CRITTER = Step(
    "final_critter",
    "The super volcano has erupted: place a final critter",
    legal_final_critter,
    refusal(legal_final_critter, refuse_final_critter),
    final_critter,
    settle=settle_final_critter,
    word="final critter",
)
