"""A turn, steps 4, 6 and 7: claiming uninhabited tiles (and what powers add to that
step: Erosion before claiming, upgrading a Colossal Critter, sea critters), the
Caldera, collecting resources. Step 1 is ``movement.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, then

from . import critters, endgame, powers, scoring, steps, tectonics
from .actions import BUY_CALDERA, DONE, DRAW, at_act
from .board import Hex, Region
from .components import BIOME_INDEX, CALDERA_COST, NB
from .pieces import Stage, ThisTurn
from .winter import frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict]

DEPLETED = ("last_land_tile", "all_critters_deployed", "round_limit")
"""End triggers followed by the depleted land tiles sequence (its finale has claims)."""


def begin_turn(s: VolcaniqueState) -> Events:
    """A turn of ``s.player``: in the end-game sequence's final turn all lava moves
    first; the super volcano's owner only moves before it erupts; in the finale only
    claiming remains (after depleted land tiles), until the lava has reached the sea."""
    s.this_turn = ThisTurn()
    p = s.player
    if s.stage is Stage.FINAL:
        then(s, steps.PROGRESS_LAVA(index=0), steps.MOVE(p))
    elif s.stage is Stage.FINALE:
        if not any(flow.flowing for flow in s.lava):
            return endgame.game_over(s)
        if s.end_reason in DEPLETED:
            then(s, steps.CLAIM(p))
        else:
            then(s, steps.PROGRESS_LAVA(index=0), steps.END_TURN())
    else:
        then(s, steps.MOVE(p))
    return []


# -- 4. claim uninhabited tiles ------------------------------------------------------------
def claimable(s: VolcaniqueState, seat: int, island: tuple[Hex, ...] | None) -> Iterator[Region]:
    """Uncontrolled biomes of uninhabited land tiles (only the new island's after
    summoning one), not under lava, not frozen, while the seat has critters in hand."""
    if s.hand[seat] <= 0:
        return
    board = s.board
    biome_of = board.biome_of
    owned = s.held_biomes()
    # lava, inhabited (burrowed critters inhabit their tile too)
    closed = s.lava_hexes() | {spot[:2] for spot in s.critters} | {x[:2] for x in s.burrowed}
    land = board.regions_on.items() if island is None else [(h, board.regions(h)) for h in island]
    for h, regions in land:
        if regions and h not in closed and not (s.winter and frozen(s, h)):
            for region in regions:
                if biome_of[region] not in owned:
                    yield region


def claim_extras(s: VolcaniqueState, f: Frame) -> list[Action]:
    """What powers add to the claim step of one's own turn (not an island's claims):
    Erosion before the first claim, Colossal upgrades, the sea critter step."""
    if f.args.island is not None or s.stage not in (Stage.MAIN, Stage.FINAL):
        return []
    if not (s.unlocked[f.seat] or s.this_turn.granted):
        return []  # each of them is a power: none held (asked at every claim)
    return [
        *tectonics.erosion_options(s, f.seat),
        *critters.upgrade_options(s, f.seat),
        *critters.sea_options(s, f.seat),
    ]


def legal_claim(s: VolcaniqueState, f: Frame) -> list[Action]:
    regions = sorted(claimable(s, f.seat, f.args.island))
    claims = [at_act("claim", (q, r), c) for q, r, c in regions]
    return claims + claim_extras(s, f) + [DONE]


def refuse_claim(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind in tectonics.EROSION_KINDS:
        return tectonics.refuse_erosion(s, f.seat, a)
    if a.kind in critters.CLAIM_STEP_KINDS:
        return critters.refuse_claim_step(s, f.seat, a)
    if a.kind != "claim":
        return None
    if s.hand[f.seat] <= 0:
        return "Placing critters: you have no critter left in your hand"
    if f.args.island is not None and tuple(a.arg("at")) not in f.args.island:
        return "Summoning an island: claim the uninhabited tiles of the new island"
    return (
        "Placing critters: only on an uncontrolled biome of an uninhabited tile, never "
        "on controlled biomes, volcano or lava tiles, or in the ocean"
    )


def claim(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return _after_claim(s, f)
    again = steps.CLAIM(f.seat, island=f.args.island)
    if a.kind in tectonics.EROSION_KINDS:
        return tectonics.erode(s, f.seat, a, again)
    if a.kind in critters.CLAIM_STEP_KINDS:
        return critters.claim_step(s, f.seat, a, again)
    at = a.arg("at")
    s.add_critter((*at, BIOME_INDEX[a.arg("biome")]), f.seat)
    s.hand[f.seat] -= 1
    s.this_turn = s.this_turn._replace(claimed=True)
    then(s, again)
    return [{"type": "claimed", "seat": f.seat, "at": list(at), "biome": a.arg("biome")}]


def settle_claim(s: VolcaniqueState, f: Frame) -> Events | None:
    if len(s.step_legal(f)) > 1:  # more than "done"
        return None
    return _after_claim(s, f)


def _after_claim(s: VolcaniqueState, f: Frame) -> Events:
    if s.stage is Stage.FINALE and f.args.island is None:
        then(s, steps.PROGRESS_LAVA(index=0), steps.END_TURN())
    else:
        then(s, steps.SACRIFICE(f.seat))
    return []


# -- 6. the Caldera deck -------------------------------------------------------------------
def may_buy_caldera(s: VolcaniqueState, seat: int) -> bool:
    """1 of each resource, while cards are left (and the per-turn limit of the option
    ``caldera_limit``, if set, is not reached)."""
    held = s.resources[seat]
    limit = s.game.options.caldera_limit
    return (
        s.stage is Stage.MAIN
        and not (limit and s.this_turn.caldera_cards >= limit)
        and bool(s.caldera_deck)
        and all(held[b] >= CALDERA_COST[b] for b in range(NB))
    )


def legal_caldera(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [BUY_CALDERA, DONE] if may_buy_caldera(s, f.seat) else [DONE]


def refuse_caldera(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "buy_caldera":
        return None
    if not s.caldera_deck:
        return "The Caldera: you may not purchase a card if there are no powers left"
    limit = s.game.options.caldera_limit
    if limit and s.this_turn.caldera_cards >= limit:
        return f"The Caldera: at most {limit} card(s) per turn in this variant"
    return "The Caldera: a card costs 1 of each resource"


def settle_caldera(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if may_buy_caldera(s, f.seat) else to_collect(s)


def buy_caldera(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return to_collect(s)
    p = f.seat
    for b in range(NB):
        s.resources[p][b] -= CALDERA_COST[b]
        s.supply[b] += CALDERA_COST[b]
    s.this_turn = s.this_turn._replace(caldera_cards=s.this_turn.caldera_cards + 1)
    then(s, steps.DRAW(seat=p))
    return [{"type": "caldera_bought", "seat": p}]


def draw_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    return [(DRAW[card], p) for card, p in s.caldera_deck.draws()]


def draw(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The card goes to the buyer's hand, hidden from the others."""
    card = a.arg("card")
    s.unshare_caldera()
    s.caldera_deck.draw(card)
    s.caldera_hands[f.args.seat].put(card)
    then(s, steps.CALDERA(f.args.seat))  # another card, resources permitting
    return [{"type": "caldera_card", "seat": f.args.seat}]


# -- 7. collect resources ------------------------------------------------------------------
def to_collect(s: VolcaniqueState) -> Events:
    then(s, steps.COLLECT())
    return []


def collect(s: VolcaniqueState, seat: int) -> tuple[Events, list[Frame]]:
    """One resource per biome the seat controls (a pack or herd: one per critter), while
    the supply lasts, from critters on tiles the winter has not frozen (burrowed ones
    collect nothing); then the seat discards down to its cap (the frames for that)."""
    got = [0] * NB
    held = s.resources[seat]
    grouping = powers.has_power(s, seat, "pack_critters") or powers.has_power(
        s, seat, "herding_critters"
    )
    critters_ = s.critters
    for biome in scoring.controlled_by(s, seat):
        here = [
            critters_[(*m, seat)]
            for m in biome.members
            if (*m, seat) in critters_ and not (s.winter and frozen(s, m[:2]))
        ]
        if not here:
            continue
        size = sum(here)
        c = biome.colour
        take = min(size if grouping and size >= 2 else 1, s.supply[c])
        s.supply[c] -= take
        held[c] += take
        got[c] += take
    over = sum(held) - powers.hand_cap(s, seat)
    discards = [steps.DISCARD(seat, count=over)] if over > 0 else []
    return [{"type": "collected", "seat": seat, "resources": got}], discards


def collect_step(s: VolcaniqueState, f: Frame) -> Events:
    """Step 7, then step 8 (all lava moves) and the end of the turn; no collecting in
    the end-game sequence."""
    if s.stage is not Stage.MAIN:
        then(s, steps.END_TURN())
        return []
    events, discards = collect(s, s.player)
    then(s, *discards, steps.PROGRESS_LAVA(index=0), steps.END_TURN())
    return events
