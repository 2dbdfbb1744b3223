"""Step 4 of a turn: claiming uninhabited tiles, and what powers add to that step
(Erosion before claiming, upgrading a Colossal Critter, sea critters). The same step
claims a summoned island's tiles (``sacrifice.py``) and, in the finale after depleted
land tiles, is all that is left of a turn."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from . import critters, tectonics
from .actions import DONE, at_region, refusal
from .board import REGION_BITS, hex_id, xy
from .events import Events
from .pieces import TURN_STAGES
from .winter import frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState


# -- 4. claim uninhabited tiles ------------------------------------------------------------
def claimable(s: VolcaniqueState, seat: int, island: tuple[Hex, ...] | None) -> Iterator[int]:
    """Uncontrolled biomes (regions) of uninhabited land tiles (only the new island's
    after summoning one), not under lava, not frozen, while the seat has critters in
    hand; in order."""
    if s.hand[seat] <= 0:
        return
    board = s.board
    biome_of = board.biome_of
    census = s.census()
    held = census.biomes(board)
    # inhabited (burrowed critters inhabit their tile too), lava
    on_hex, under_hex, lava = census.on_hex, census.under_hex, s.lava_hexes()
    hexes = board.stackable if island is None else sorted(hex_id(h) for h in island)
    regions_on = board.regions_on
    winter = bool(s.winter)
    for h in hexes:
        regions = regions_on.get(h)
        if (
            regions
            and h not in on_hex
            and h not in under_hex
            and h not in lava
            and not (winter and frozen(s, h))
        ):
            for region in regions:
                if biome_of[region] not in held:
                    yield region


def claim_extras(s: VolcaniqueState, f: Frame) -> list[Action]:
    """What powers add to the claim step of one's own turn (not an island's claims):
    Erosion before the first claim, Colossal upgrades, the sea critter step."""
    if f.args.island is not None or s.stage not in TURN_STAGES:
        return []
    if not (s.unlocked[f.seat] or s.this_turn.granted):
        return []  # each of them is a power: none held (asked at every claim)
    return [
        *tectonics.erosion_options(s, f.seat),
        *critters.upgrade_options(s, f.seat),
        *critters.sea_options(s, f.seat),
    ]


def legal_claim(s: VolcaniqueState, f: Frame) -> list[Action]:
    claims = A.CLAIM.on(claimable(s, f.seat, f.args.island))
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
        return []  # what follows waits below (the turn's next step, or the sacrifice)
    again = f  # the step goes on (the same frame again)
    if a.kind in tectonics.EROSION_KINDS:
        return tectonics.erode(s, f.seat, a, again)
    if a.kind in critters.CLAIM_STEP_KINDS:
        return critters.claim_step(s, f.seat, a, again)
    region = at_region(a)
    s.add_critter(region, f.seat)
    s.hand[f.seat] -= 1
    if not s.this_turn.claimed:
        s.this_turn = s.this_turn._replace(claimed=True)
    then(s, again)
    at = xy(region >> REGION_BITS)
    return [{"type": "claimed", "seat": f.seat, "at": at, "biome": a.arg("biome")}]


def settle_claim(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if len(s.step_legal(f)) > 1 else []  # more than "done"


# -- the steps ---------------------------------------------------------------------------
class Island(NamedTuple):
    island: tuple[Hex, ...] | None = None  # claims only on a new island's tiles


CLAIM = Step(
    "claim",
    "Claim uninhabited tiles (step 4)",
    legal_claim,
    refusal(legal_claim, refuse_claim),
    claim,
    Args=Island,
    settle=settle_claim,
)
