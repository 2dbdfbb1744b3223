"""A turn, steps 1, 4, 6 and 7: moving a critter, claiming uninhabited tiles, the
Caldera, collecting resources."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, then

from . import endgame, powers, scoring, steps
from .actions import BUY_CALDERA, DONE, DRAW, at_act
from .board import Biome, Hex, Region
from .components import BIOME_INDEX, CALDERA_COST, COLOURS_OF, NB
from .pieces import Stage, ThisTurn

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict]


def begin_turn(s: VolcaniqueState) -> Events:
    """A turn of ``s.player``: in the end-game sequence's final turn all lava moves
    first; in the finale only claiming remains, until the lava has reached the sea."""
    s.this_turn = ThisTurn()
    p = s.player
    if s.stage is Stage.FINAL:
        then(s, steps.PROGRESS_LAVA(index=0), steps.MOVE(p))
    elif s.stage is Stage.FINALE:
        if not any(flow.flowing for flow in s.lava):
            return endgame.game_over(s)
        then(s, steps.CLAIM(p))
    else:
        then(s, steps.MOVE(p))
    return []


# -- 1. move up to one critter -------------------------------------------------------------
def move_targets(
    s: VolcaniqueState, region: Region, owned: dict[Biome, set[int]], lava: set[Hex]
) -> list[Region]:
    """Within its connected biome to another tile, or onto an uncontrolled biome of its
    own tile; never onto lava."""
    biome_of = s.board.biome_of
    q, r, c = region
    here = (q, r)
    out = [m for m in biome_of[region].members if m[:2] != here and m[:2] not in lava]
    if here not in lava:
        for other in COLOURS_OF[s.stacks[here][-1]]:
            if other != c and not owned.get(biome_of[(q, r, other)]):
                out.append((q, r, other))
    return out


def movable(s: VolcaniqueState, seat: int) -> Iterator[Region]:
    """The seat's critters that have somewhere to go, in order."""
    owned = s.biome_owners()
    lava = s.lava_hexes()
    for spot in sorted(s.critters):
        if spot[3] == seat and move_targets(s, spot[:3], owned, lava):
            yield spot[:3]


def legal_move(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("move_from", (q, r), c) for q, r, c in movable(s, f.seat)] + [DONE]


def refuse_move(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "move_from":
        return None
    return "Critter movement: move one of your own critters that has somewhere to go"


def move(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return to_buy(s)
    then(s, steps.MOVE_TO(f.seat, source=(*a.arg("at"), BIOME_INDEX[a.arg("biome")])))
    return []


def settle_move(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if any(movable(s, f.seat)) else to_buy(s)


def legal_move_to(s: VolcaniqueState, f: Frame) -> list[Action]:
    targets = move_targets(s, f.args.source, s.biome_owners(), s.lava_hexes())
    return [at_act("move_to", (q, r), c) for q, r, c in sorted(targets)]


def refuse_move_to(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "move_to":
        return None
    return (
        "Critter movement: stay within the connected biome or move onto an uncontrolled "
        "biome of the same tile, never onto lava"
    )


def move_to(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    source = f.args.source
    target = (*a.arg("at"), BIOME_INDEX[a.arg("biome")])
    s.take_critter(source, f.seat)
    s.add_critter(target, f.seat)
    return [
        {"type": "moved", "seat": f.seat, "from": list(source), "to": list(target)},
        *to_buy(s),
    ]


def to_buy(s: VolcaniqueState) -> Events:
    """On to step 2: buying a tile, or in a final turn spending the last resources."""
    then(s, steps.SPEND(s.player) if s.stage is Stage.FINAL else steps.BUY(s.player))
    return []


# -- 4. claim uninhabited tiles ------------------------------------------------------------
def claimable(s: VolcaniqueState, seat: int, island: tuple[Hex, ...] | None) -> Iterator[Region]:
    """Uncontrolled biomes of uninhabited land tiles (only the new island's after
    summoning one), not under lava, while the seat has critters in hand."""
    if s.hand[seat] <= 0:
        return
    stacks, biome_of = s.stacks, s.board.biome_of
    owned = s.biome_owners()
    closed = s.lava_hexes() | {spot[:2] for spot in s.critters}  # lava, inhabited
    for h in island if island is not None else stacks:
        code = stacks[h][-1]
        if code >= 0 and h not in closed:
            for c in COLOURS_OF[code]:
                if biome_of[(h[0], h[1], c)] not in owned:
                    yield (h[0], h[1], c)


def legal_claim(s: VolcaniqueState, f: Frame) -> list[Action]:
    regions = sorted(claimable(s, f.seat, f.args.island))
    return [at_act("claim", (q, r), c) for q, r, c in regions] + [DONE]


def refuse_claim(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
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
    at = a.arg("at")
    s.add_critter((*at, BIOME_INDEX[a.arg("biome")]), f.seat)
    s.hand[f.seat] -= 1
    then(s, steps.CLAIM(f.seat, island=f.args.island))
    return [{"type": "claimed", "seat": f.seat, "at": list(at), "biome": a.arg("biome")}]


def settle_claim(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if any(claimable(s, f.seat, f.args.island)) else _after_claim(s, f)


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
    """One resource per biome the seat controls, while the supply lasts; then the seat
    discards down to its cap (the frames for that, if any)."""
    got = [0] * NB
    held = s.resources[seat]
    for biome in scoring.controlled_biomes(s)[seat]:
        c = biome.colour
        if s.supply[c] > 0:
            s.supply[c] -= 1
            held[c] += 1
            got[c] += 1
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
