"""Step 1: moving critters, and the powers that change it.

A critter moves within its connected biome to another tile, or onto an uncontrolled
biome of its own tile. Agile Critters: two movements, and onto an uncontrolled biome
of an adjacent tile. Flying Critters: onto any uncontrolled biome, however far.
Cooperative Critters: onto another player's biome of its tile (sharing it with a
cooperative owner, wiping out the others; a Colossal Critter there takes 1 damage and
the mover goes home instead). Pack and Herding Critters: moving onto a biome you
control forms a pack or a herd (two or more of your critters in one biome), which
moves as one critter onto a biome sharing a tile with its own: a pack onto any it
outnumbers, wiping out the critters there (burrowed ones stay); a herd only onto an
uncontrolled one. Nothing moves from, onto or across a frozen tile, nor onto lava.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from .actions import DONE, at_region, refusal
from .args import Region
from .board import (
    COLOUR_MASK,
    OWNER_BITS,
    OWNER_MASK,
    REGION_BITS,
    REGIONS_OF,
    Biome,
    around,
    region_id,
    region_of,
    xy,
)
from .events import Events
from .frames import frame
from .powers import has_power, held_powers
from .winter import frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState


def moves_allowed(s: VolcaniqueState, seat: int) -> int:
    """Critter movements in the move step: 1, Agile Critters 2."""
    return 2 if has_power(s, seat, "agile_critters") else 1


class Ground:
    """What a seat's moves depend on, gathered once: who holds each biome (burrowed
    critters too: ``held``, from the census), lava, the seat's movement powers, and a
    test for tiles critters may stand on."""

    __slots__ = (
        "s",
        "seat",
        "held",
        "lava",
        "agile",
        "flying",
        "cooperative",
        "pack",
        "herd",
    )

    def __init__(self, s: VolcaniqueState, seat: int) -> None:
        self.s = s
        self.seat = seat
        self.held = s.biome_counts()
        self.lava = s.lava_hexes()
        held = held_powers(s, seat)
        if seat == s.player:
            held += s.this_turn.granted
        self.agile = "agile_critters" in held
        self.flying = "flying_critters" in held
        self.cooperative = "cooperative_critters" in held
        self.pack = "pack_critters" in held
        self.herd = "herding_critters" in held

    def owners(self, biome: Biome) -> set[int]:
        """Who has critters in a biome, burrowed ones too."""
        counts = self.held.get(biome)
        if counts is None:
            return set()
        p = self.s.players
        return {o for o in range(p) if counts[o] or counts[p + o]}

    def open(self, h: int) -> bool:
        """A land tile with biomes, not under lava, not frozen."""
        stack = self.s.stacks.get(h)
        return (
            stack is not None
            and stack[-1] >= 0
            and h not in self.lava
            and not (self.s.winter and frozen(self.s, h))
        )

    def uncontrolled(self, region: int) -> bool:
        return self.s.board.biome_of[region] not in self.held


def group_size(s: VolcaniqueState, seat: int, biome: Biome, grouping: bool | None = None) -> int:
    """The seat's critters in a biome when they form a pack or a herd (2 or more, with
    Pack or Herding Critters: ``grouping``, looked up when not given); 0 otherwise."""
    if grouping is None:
        grouping = has_power(s, seat, "pack_critters") or has_power(s, seat, "herding_critters")
    if not grouping:
        return 0
    counts = s.biome_counts().get(biome)
    n = counts[seat] if counts is not None else 0
    return n if n >= 2 else 0


def strength(s: VolcaniqueState, biome: Biome, but: int) -> int:
    """The most critters any player other than ``but`` has in a biome (not burrowed)."""
    counts = s.biome_counts().get(biome)
    if counts is None:
        return 0
    return max((counts[o] for o in range(s.players) if o != but), default=0)


def targets(s: VolcaniqueState, region: int, g: Ground) -> list[int]:
    """Where ``g.seat``'s critter on ``region`` (or its pack or herd) may move."""
    return sorted(set(_reachable(s, region, g)))


def _reachable(s: VolcaniqueState, region: int, g: Ground) -> Iterator[int]:
    """The targets of ``targets``, some more than once, the cheapest to find first (to
    know whether a critter can move at all, the first one suffices)."""
    seat = g.seat
    here, c = region >> REGION_BITS, region & COLOUR_MASK
    if not g.open(here):
        return
    biome_of = s.board.biome_of
    biome = biome_of[region]
    grouping = g.pack or g.herd
    if grouping and group_size(s, seat, biome, grouping):
        yield from _group_targets(s, biome, g)
        return
    for m, h in zip(biome.members, biome.tiles, strict=True):
        if h != here and g.open(h):
            yield m
    base = here << REGION_BITS
    for other in REGIONS_OF[s.stacks[here][-1]]:
        if other == c:
            continue
        beside = biome_of[base | other]
        if beside not in g.held:
            yield base | other
            continue
        owners = g.owners(beside)
        if (owners == {seat} and grouping) or (owners - {seat} and g.cooperative):
            yield base | other
    if g.agile:
        for nb in around(here):
            if g.open(nb):
                yield from (x for x in _regions(s, nb) if g.uncontrolled(x))
    if g.flying:
        for h in s.board.stackable:
            if h != here and g.open(h):
                yield from (x for x in _regions(s, h) if g.uncontrolled(x))


def _regions(s: VolcaniqueState, h: int) -> list[int]:
    base = h << REGION_BITS
    return [base | c for c in REGIONS_OF[s.stacks[h][-1]]]


def _group_targets(s: VolcaniqueState, biome: Biome, g: Ground) -> list[int]:
    """A pack or herd moves onto a biome sharing one of its biome's tiles: a pack onto
    one it outnumbers, a herd onto an uncontrolled one (or one of the seat's own)."""
    seat = g.seat
    critters = s.critters
    if any(
        not g.open(h)
        for m, h in zip(biome.members, biome.tiles, strict=True)
        if m << OWNER_BITS | seat in critters
    ):
        return []  # a frozen member holds the group
    size = group_size(s, seat, biome, True)
    pack = g.pack
    biome_of = s.board.biome_of
    out = []
    for h in biome.tiles:
        if not g.open(h):
            continue
        for x in _regions(s, h):
            other = biome_of[x]
            if other is biome:
                continue
            owners = g.owners(other)
            if owners <= {seat} or (pack and size > strength(s, other, seat)):
                out.append(x)
    return sorted(out)


def movable(s: VolcaniqueState, seat: int) -> Iterator[int]:
    """The seat's critters (regions) that have somewhere to go, in order; a pack or herd
    once."""
    if s.this_turn.moves >= moves_allowed(s, seat):
        return
    g = Ground(s, seat)
    grouping = g.pack or g.herd
    biome_of, regions_on, held = s.board.biome_of, s.board.regions_on, g.held
    lava, winter = g.lava, bool(s.winter)
    # without these powers a critter goes only where the usual case below looks
    more = grouping or g.cooperative or g.agile or g.flying
    seen: set[Biome] = set()
    for spot in sorted(s.census().mine[seat]):
        region = spot >> OWNER_BITS
        biome = biome_of[region]
        if biome in seen:
            continue
        if grouping and group_size(s, seat, biome, grouping):
            seen.add(biome)
        elif not winter and (region >> REGION_BITS) not in lava:
            # the usual case, without going through every target: another tile of its
            # biome free of lava, or a biome of its own tile that nobody holds
            here = region >> REGION_BITS
            tiles, regions = biome.tiles, regions_on[here]
            if (
                len(tiles) > 1
                and (not lava or any(h != here and h not in lava for h in tiles))
                or len(regions) > 1
                and any(other != region and biome_of[other] not in held for other in regions)
            ):
                yield region
                continue
            if not more:
                continue
        if next(_reachable(s, region, g), None) is not None:
            yield region


def legal_move(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [*A.MOVE_FROM.on(movable(s, f.seat)), DONE]


def refuse_move(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "move_from":
        return None
    if s.this_turn.moves >= moves_allowed(s, f.seat):
        return "Critter movement: you have made your movements this turn"
    return (
        "Critter movement: move one of your own critters that has somewhere to go (a pack "
        "or herd moves as one, from any of its tiles)"
    )


def move(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []  # step 2 waits below
    then(s, frame(MOVE_TO, f.seat, source=region_of(at_region(a))))
    return []


def settle_move(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if len(s.step_legal(f)) > 1 else []  # more than "done"


def legal_move_to(s: VolcaniqueState, f: Frame) -> list[Action]:
    return A.MOVE_TO.on(targets(s, region_id(f.args.source), Ground(s, f.seat)))


def refuse_move_to(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "move_to":
        return None
    return (
        "Critter movement: stay within the connected biome or move onto an uncontrolled "
        "biome of the same tile (unless a power allows more), never onto lava or a "
        "frozen tile"
    )


def move_to(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    seat, source = f.seat, region_id(f.args.source)
    target = at_region(a)
    biome = s.board.biome_of[source]
    if group_size(s, seat, biome):
        events = _move_group(s, seat, biome, target)
    else:
        events = _move_one(s, seat, source, target)
    s.this_turn = s.this_turn._replace(moves=s.this_turn.moves + 1)
    then(s, frame(MOVE, seat))
    return events


def _move_one(s: VolcaniqueState, seat: int, source: int, target: int) -> Events:
    big = s.take_critter(source, seat)
    events: Events = [
        {
            "type": "moved",
            "seat": seat,
            "from": list(region_of(source)),
            "to": list(region_of(target)),
        }
    ]
    biome = s.board.biome_of[target]
    resisting = [
        o
        for o in s.owners_in(biome, burrowed=False)
        if o != seat and not has_power(s, o, "cooperative_critters")
    ]
    # forced cooperation: a resisting Colossal Critter takes the blow, the mover goes home
    for m in biome.members:
        for o in resisting:
            if s.colossal.get(m << OWNER_BITS | o):
                s.damage(m << OWNER_BITS | o)
                s.hand[seat] += 1 + big
                return events + [
                    {"type": "colossal_damaged", "seat": o, "at": xy(m >> REGION_BITS)},
                    {"type": "wiped", "seat": seat, "at": xy(target >> REGION_BITS), "n": 1},
                ]
    for m in biome.members:
        for o in resisting:
            if m << OWNER_BITS | o in s.critters:
                n = s.send_home(m, o)
                events.append({"type": "wiped", "seat": o, "at": xy(m >> REGION_BITS), "n": n})
    s.add_critter(target, seat, 1, big)
    return events


def _move_group(s: VolcaniqueState, seat: int, biome: Biome, target: int) -> Events:
    """The whole pack or herd gathers on the target; a pack wipes out the others'
    critters in that biome (not burrowed ones)."""
    total = big = 0
    for m in biome.members:
        n = s.critters.get(m << OWNER_BITS | seat, 0)
        if n:
            big += s.take_critter(m, seat, n)
            total += n
    events: Events = [
        {"type": "group_moved", "seat": seat, "n": total, "to": list(region_of(target))}
    ]
    target_biome = s.board.biome_of[target]
    for m in target_biome.members:
        for spot in s.spots_in(m):
            if spot & OWNER_MASK != seat:
                n = s.send_home(m, spot & OWNER_MASK)
                events.append(
                    {"type": "wiped", "seat": spot & OWNER_MASK, "at": xy(m >> REGION_BITS), "n": n}
                )
    s.add_critter(target, seat, total, big)
    return events


# -- the steps --------------------------------------------------------------------------
MOVE = Step(
    "move",
    "Move a critter (step 1)",
    legal_move,
    refusal(legal_move, refuse_move),
    move,
    settle=settle_move,
)


class Source(NamedTuple):
    source: Region


MOVE_TO = Step(
    "move_to",
    "Move a critter: choose where (step 1)",
    legal_move_to,
    refusal(legal_move_to, refuse_move_to),
    move_to,
    Args=Source,
    word="move",
)
