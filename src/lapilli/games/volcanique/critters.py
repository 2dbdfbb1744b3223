"""What powers add to a player's critters.

- Colossal Critter: in the claim step, a regular critter on land becomes a Colossal
  Critter for 4 resources (a critter from the hand is its top piece, its second HP).
- Sea Critters: once per turn in the claim step, place a critter from the hand in the
  ocean (a space next to land), move a sea critter to another such space, or move one
  onto an uncontrolled biome whose edge faces its space. Sea critters score nothing,
  count for no target, are never sacrificed; lava reaching their space wipes them out.
- Burrowing Critters: once per turn in the sacrifice step, burrow one of your critters
  (flip it) or let a burrowed one emerge. A burrowed critter keeps its tile inhabited
  and its biome controlled and protects the tile from stacked land tiles; it cannot
  move, migrate, evacuate or be sacrificed, collects nothing and counts for no target;
  volcanoes, lava and magma bombs still wipe it out. An emerging critter stays if its
  side outnumbers every other player in its biome (they go home), else it goes home;
  all emerge at the end of the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from .actions import ACTIONS_KEPT, act, at_hex, at_region, on_hex, on_region
from .args import Region
from .board import (
    OWNER_BITS,
    OWNER_MASK,
    REGION_BITS,
    SPOT_HEX,
    around,
    hex_id,
    hex_of,
    region_id,
    region_of,
    xy,
)
from .components import BIOMES, EDGES, SIDES
from .events import Events
from .paying import PAY
from .powers import has_power
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


COLOSSAL_COST = 4
"""Resources to upgrade a critter to a Colossal Critter (rulebook)."""
CLAIM_STEP_KINDS = frozenset({"upgrade", "sea_place", "sea_move", "sea_land"})
BURROW_KINDS = frozenset({"burrow", "emerge"})


# -- Colossal Critter ----------------------------------------------------------------------
def upgrade_options(s: VolcaniqueState, seat: int) -> list[Action]:
    if (
        not has_power(s, seat, "colossal_critter")
        or s.hand[seat] < 1
        or sum(s.resources[seat]) < COLOSSAL_COST
    ):
        return []
    return on_region("upgrade").on(
        spot >> OWNER_BITS
        for spot in sorted(s.census().mine[seat])
        if s.critters[spot] > s.colossal.get(spot, 0) and not cold(s, spot >> SPOT_HEX)
    )


def upgraded(s: VolcaniqueState, f: Frame) -> Events:
    """The upgrade paid for: a critter from the hand tops the critter."""
    seat, region = f.args.seat, f.args.region
    s.hand[seat] -= 1
    spot = region_id(region) << OWNER_BITS | seat
    s.colossal[spot] = s.colossal.get(spot, 0) + 1
    return [{"type": "colossal", "seat": seat, "at": list(region[:2])}]


# -- Sea Critters --------------------------------------------------------------------------
def sea_spaces(s: VolcaniqueState) -> list[int]:
    """Ocean spaces next to land, without lava, a sea critter or frost (kept with the
    board: asked at every claim of a Sea Critters holder)."""
    lava = s.lava_hexes()
    key = ("sea", tuple(lava), tuple(s.sea), s.winter and (s.winter, s.turn))
    memo = s.board.memo.hexes
    spaces = memo.get(key)
    if spaces is None:
        stacks = s.stacks
        near = {nb for h in stacks for nb in around(h) if nb not in stacks}
        spaces = memo[key] = sorted(
            h for h in near if h not in lava and h not in s.sea and not cold(s, h)
        )
    return spaces


def landings(s: VolcaniqueState, at: int) -> list[int]:
    """Where a sea critter on ``at`` may land: the uncontrolled biome (a region) of a
    neighbouring tile whose edge faces its space (not lava, not frozen)."""
    lava = s.lava_hexes()
    biome_of = s.board.biome_of
    out = []
    for d, nb in enumerate(around(at)):
        stack = s.stacks.get(nb)
        if not stack or stack[-1] < 0 or nb in lava or cold(s, nb):
            continue
        region = nb << REGION_BITS | EDGES[stack[-1]][(d + SIDES // 2) % SIDES]
        if not s.held(biome_of[region]):
            out.append(region)
    return out


def sea_options(s: VolcaniqueState, seat: int) -> list[Action]:
    if not has_power(s, seat, "sea_critters") or s.this_turn.sea:
        return []
    spaces = sea_spaces(s)
    place = on_hex("sea_place")
    out = [place[h] for h in spaces] if s.hand[seat] > 0 else []
    for x, owner in sorted(s.sea.items()):
        if owner == seat and not cold(s, x):  # the winter stops all movement
            out += [_sea_act("sea_move", to, x) for to in spaces]
            out += [_sea_act("sea_land", region, x) for region in landings(s, x)]
    return out


_SEA: dict[tuple[str, int, int], Action] = {}


def _sea_act(kind: str, to: int, sea: int) -> Action:
    """A sea critter's move from the space ``sea`` to a space (``sea_move``) or onto a
    region (``sea_land``), made once."""
    key = (kind, to, sea)
    a = _SEA.get(key)
    if a is None:
        if len(_SEA) >= ACTIONS_KEPT:  # pairs of spaces: bounded, as actions.act is
            _SEA.clear()
        if kind == "sea_move":
            a = act(kind, at=hex_of(to), sea=hex_of(sea))
        else:
            q, r, c = region_of(to)
            a = act(kind, at=(q, r), biome=BIOMES[c], sea=hex_of(sea))
        a = _SEA[key] = a
    return a


def refuse_claim_step(s: VolcaniqueState, seat: int, a: Action) -> str:
    if a.kind == "upgrade":
        return (
            "Colossal Critter: upgrade one of your regular critters (not on a frozen tile) "
            "for 4 resources and a critter from your hand, with the power unlocked"
        )
    if s.this_turn.sea:
        return "Sea Critters: once per turn"
    return (
        "Sea Critters: place a critter in an ocean space next to land, move a sea critter "
        "to another, or onto an uncontrolled biome directly connected to its space"
    )


def claim_step(s: VolcaniqueState, seat: int, a: Action, again: Frame) -> Events:
    """An upgrade or a sea critter's step; then the claim step goes on."""
    if a.kind == "upgrade":
        region = region_of(at_region(a))
        then(
            s,
            PAY(seat, price=COLOSSAL_COST, purpose="colossal"),
            UPGRADED(seat=seat, region=region),
            again,
        )
        return []
    s.this_turn = s.this_turn._replace(sea=True)
    to = at_hex(a)
    then(s, again)
    if a.kind == "sea_place":
        s.hand[seat] -= 1
        s.sea[to] = seat
        return [{"type": "sea_critter", "seat": seat, "at": xy(to)}]
    del s.sea[hex_id(a.arg("sea"))]
    if a.kind == "sea_move":
        s.sea[to] = seat
        return [{"type": "sea_critter", "seat": seat, "at": xy(to)}]
    s.add_critter(at_region(a), seat)
    return [{"type": "landed", "seat": seat, "at": xy(to), "biome": a.arg("biome")}]


# -- Burrowing Critters --------------------------------------------------------------------
def burrow_options(s: VolcaniqueState, seat: int) -> list[Action]:
    if not has_power(s, seat, "burrowing_critters") or s.this_turn.burrowed:
        return []
    out = on_region("burrow").on(
        spot >> OWNER_BITS
        for spot in sorted(s.census().mine[seat])
        if s.critters[spot] > s.colossal.get(spot, 0)
    )
    emerge = on_region("emerge")
    out += emerge.on(spot >> OWNER_BITS for spot in sorted(s.burrowed) if spot & OWNER_MASK == seat)
    return out


def refuse_burrow(s: VolcaniqueState, seat: int, a: Action) -> str:
    if s.this_turn.burrowed:
        return "Burrowing Critters: burrow or emerge one critter per turn"
    if a.kind == "emerge":
        return "Burrowing Critters: only one of your burrowed critters can emerge"
    return "Burrowing Critters: burrow one of your own regular critters on the board"


def burrow(s: VolcaniqueState, seat: int, a: Action) -> Events:
    region = at_region(a)
    spot = region << OWNER_BITS | seat
    s.this_turn = s.this_turn._replace(burrowed=True)
    if a.kind == "burrow":
        s.take_critter(region, seat)
        s.bury(spot)
        return [{"type": "burrowed", "seat": seat, "at": xy(region >> REGION_BITS)}]
    return emerge(s, spot)


def emerge(s: VolcaniqueState, spot: int) -> Events:
    """A burrowed critter comes up: it stays if its owner's critters outnumber every
    other player's in the biome (those go home) or all there cooperate; else it goes
    home."""
    region, owner = spot >> OWNER_BITS, spot & OWNER_MASK
    s.unbury(spot, 1)
    s.add_critter(region, owner)
    events: Events = [{"type": "emerged", "seat": owner, "at": xy(region >> REGION_BITS)}]
    biome = s.board.biome_of[region]
    counts = s.biome_counts()[biome]
    present = [o for o in range(s.players) if counts[o]]
    others = [counts[o] for o in present if o != owner]
    if not others or all(has_power(s, o, "cooperative_critters") for o in present):
        return events
    if counts[owner] > max(others):
        for m in biome.members:
            for x in s.spots_in(m):
                if x & OWNER_MASK != owner:
                    n = s.send_home(m, x & OWNER_MASK)
                    at = xy(m >> REGION_BITS)
                    events.append({"type": "wiped", "seat": x & OWNER_MASK, "at": at, "n": n})
        return events
    s.send_home(region, owner, 1)
    return events + [{"type": "wiped", "seat": owner, "at": xy(region >> REGION_BITS), "n": 1}]


def emerge_all(s: VolcaniqueState) -> Events:
    """At the end of the game every burrowed critter emerges."""
    events: Events = []
    while s.burrowed:
        events += emerge(s, min(s.burrowed))  # (in the order of their spots)
    return events


# -- the steps --------------------------------------------------------------------------
class Upgrade(NamedTuple):
    seat: int
    region: Region


UPGRADED = Step("upgraded", run=upgraded, Args=Upgrade)
