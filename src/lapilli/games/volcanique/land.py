"""When land changes under critters: where a tile may go (the rules of engagement),
stacking a tile (critters on the covered tile migrate), and contested biomes. Buying
the tile is step 2 (``stacking.py``); Rift, Converging and Landslide move land too
(``tectonics.py``) and end with the same contests."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from . import powers
from .actions import at_hex, refusal
from .args import Moving
from .board import (
    OWNER_BITS,
    OWNER_MASK,
    REGION_BITS,
    hex_id,
    hex_of,
    region_id,
    region_of,
    xy,
)
from .census import seats_in_mask
from .components import KINDS, SOIL, THRESHOLD, kind_of, rotation_of
from .events import Events, Stacked
from .winter import cold

if TYPE_CHECKING:
    from .state import VolcaniqueState


# -- where a tile may go -------------------------------------------------------------------
def targets(s: VolcaniqueState, seat: int) -> int | None:
    """Rules of engagement (3-5 players): the players whose tiles ``seat`` may stack on,
    as a bitmask over seats (None: anybody's). Symbiosis: those with the most critters
    on land; to the left: the next player; and anyone with ``THRESHOLD`` or more."""
    if s.players < 3:
        return None
    placed = s.census().placed
    others = [o for o in range(s.players) if o != seat]
    if s.options.engagement == "symbiosis":
        most = max(placed[o] for o in others)
        valid = [o for o in others if placed[o] == most]
    else:
        valid = [(seat + 1) % s.players]
    valid += [o for o in others if placed[o] >= THRESHOLD]
    mask = 0
    for o in valid:
        mask |= 1 << o
    return mask


def may_target(s: VolcaniqueState, h: int, valid: int | None) -> bool:
    """Soil is anyone's; other tiles only a valid target's (``valid``: a bitmask over
    seats, None: anybody's). Symbiosis alone adds tiles without critters ("To the left"
    names only soil and the left player's tiles)."""
    if valid is None or s.stacks[h][-1] == SOIL:
        return True
    census = s.census()
    mask = census.on_hex.get(h, 0) | census.under_hex.get(h, 0)
    if not mask:
        return s.options.engagement == "symbiosis"
    return bool(seats_in_mask(mask) & valid)


def stack_hexes(s: VolcaniqueState, seat: int, volcano: bool = False) -> list[int]:
    """Hexes a tile or a volcano may go on: Uno, Duo, Trio or soil, not under lava, not
    frozen, within the rules of engagement (``may_target``, inlined); a burrowed critter
    protects its tile from land tiles (not from volcanoes)."""
    valid = targets(s, seat)
    closed = s.lava_hexes()
    census = s.census()
    if s.burrowed and not volcano:
        closed = closed.union(census.under_hex)
    if valid is None:
        hexes = [h for h in s.board.stackable if h not in closed]
    else:
        stacks, on_hex, under_hex = s.stacks, census.on_hex, census.under_hex
        symbiosis = s.options.engagement == "symbiosis"
        hexes = []
        for h in s.board.stackable:
            if h in closed:
                continue
            if stacks[h][-1] != SOIL:
                mask = on_hex.get(h, 0) | under_hex.get(h, 0)
                if not mask:
                    if not symbiosis:
                        continue
                elif not (mask | mask >> 8 | mask >> 16 | mask >> 24) & valid:
                    continue  # (``seats_in_mask``, inlined: asked for every tile)
            hexes.append(h)
    if s.winter:
        hexes = [h for h in hexes if not cold(s, h)]
    return hexes


def stack_tile(s: VolcaniqueState, at: int, code: int, seat: int) -> tuple[Events, list[Frame]]:
    """Stack a tile: critters on the covered tile migrate within their connected biome
    as it was (their owner chooses where) or go back to the hand (the frames for that)."""
    biome_of = s.board.biome_of
    lava = s.lava_hexes()
    migrations = []
    for spot in s.spots_on(at):
        region = spot >> OWNER_BITS
        tiles = biome_of[region].tiles
        dests = tuple(
            hex_of(h)
            for h in sorted(h for h in tiles if h != at and h not in lava and not cold(s, h))
        )
        frame = MIGRATE(spot & OWNER_MASK, region=region_of(region), dests=dests)
        migrations += [frame] * s.critters[spot]
    s.set_stack(at, (*s.stacks[at], code))
    event: Stacked = {
        "type": "stacked",
        "seat": seat,
        "tile": KINDS[kind_of(code)],
        "at": xy(at),
        "rotation": rotation_of(code),
    }
    return [event], migrations


# -- migration of a critter off the covered tile (its owner's decision) --------------------
def legal_migrate(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [A.MIGRATE[hex_id(d)] for d in f.args.dests]


def refuse_migrate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "migrate":
        return None
    return "Migrating critters: only to a tile of the critter's connected biome, not under lava"


def migrate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    to = at_hex(a)
    big = s.take_critter(region_id(f.args.region), f.seat)
    s.add_critter(to << REGION_BITS | f.args.region[2], f.seat, 1, big)
    return [{"type": "migrated", "seat": f.seat, "to": xy(to)}]


def settle_migrate(s: VolcaniqueState, f: Frame) -> Events | None:
    """One place to go: it goes there; none: back to the hand."""
    dests = f.args.dests
    if len(dests) > 1:
        return None
    if dests:
        return migrate(s, f, A.MIGRATE[hex_id(dests[0])])
    s.send_home(region_id(f.args.region), f.seat, 1)
    return [{"type": "returned", "seat": f.seat, "from": list(f.args.region[:2])}]


# -- contested biomes ----------------------------------------------------------------------
def contests(s: VolcaniqueState, f: Frame) -> Events:
    """Biomes holding critters of several players once land has changed: most critters
    wins, the others go home and the winner loses as many as the runner-up has (its
    owner chooses which; it always keeps one); a tie for most sends them all home.

    Powers: players who all hold Cooperative Critters share the biome; a winner with
    Pack Critters loses nobody (the pack wipes out the rest); in a tie, the player who
    used Rift or Converging Tectonic Plates (``favoured``) wins, unless Cooperative,
    Pack or Herding Critters are held by anyone there (they override that advantage).
    Burrowed critters take no part until they emerge."""
    favoured = f.args.favoured
    p = s.players
    contested = [
        (biome, {o: counts[o] for o in range(p) if counts[o]})
        for biome, counts in s.biome_counts().items()
        if counts[:p].count(0) <= p - 2  # critters of two seats or more
    ]
    events: Events = []
    casualties = []
    for biome, counts in sorted(contested, key=lambda bc: bc[0].anchor):
        players = sorted(counts)
        if all(powers.has_power(s, o, "cooperative_critters") for o in players):
            continue  # they share it
        top = max(counts.values())
        leaders = [o for o in players if counts[o] == top]
        label = {str(k): v for k, v in sorted(counts.items())}
        if len(leaders) > 1 and (favoured not in leaders or _overridden(s, players)):
            for member in biome.members:
                _return_all(s, member)
            events.append({"type": "contested", "winner": None, "counts": label})
            continue
        winner = leaders[0] if len(leaders) == 1 else favoured
        runner_up = max(n for o, n in counts.items() if o != winner)
        for member in biome.members:
            _return_all(s, member, but=winner)
        losses = min(runner_up, top - 1)
        if powers.has_power(s, winner, "pack_critters"):
            losses = 0
        hexes = tuple(
            hex_of(m >> REGION_BITS)
            for m in biome.members
            if m << OWNER_BITS | winner in s.critters
        )
        if losses:
            casualties.append(REMOVE(winner, colour=biome.colour, count=losses, hexes=hexes))
        events.append({"type": "contested", "winner": winner, "counts": label})
    then(s, *casualties)
    return events


def _overridden(s: VolcaniqueState, players: list[int]) -> bool:
    """Cooperative, Pack or Herding Critters override the rift and converge advantage."""
    return any(
        powers.has_power(s, o, p)
        for o in players
        for p in ("cooperative_critters", "pack_critters", "herding_critters")
    )


def _return_all(s: VolcaniqueState, region: int, but: int = -1) -> None:
    """Every critter on a region goes back to its owner's hand (``but`` one player's)."""
    for spot in s.spots_in(region):
        if spot & OWNER_MASK != but:
            s.send_home(region, spot & OWNER_MASK)


def legal_remove(s: VolcaniqueState, f: Frame) -> list[Action]:
    remove = A.on_region("remove")
    colour = f.args.colour
    return [remove[hex_id(h) << REGION_BITS | colour] for h in f.args.hexes]


def refuse_remove(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "remove":
        return None
    return "Contested biome: remove one of your own critters in the contested biome"


def remove(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    colour, count = f.args.colour, f.args.count
    s.send_home(at_hex(a) << REGION_BITS | colour, f.seat, 1)
    if count > 1:
        hexes = tuple(
            h
            for h in f.args.hexes
            if (hex_id(h) << REGION_BITS | colour) << OWNER_BITS | f.seat in s.critters
        )
        then(s, REMOVE(f.seat, colour=colour, count=count - 1, hexes=hexes))
    return [{"type": "casualties", "seat": f.seat, "n": 1}]


def settle_remove(s: VolcaniqueState, f: Frame) -> Events | None:
    """One tile to lose them from, or all of them lost: no choice."""
    colour, count = f.args.colour, f.args.count
    seat = f.seat
    regions = [hex_id(h) << REGION_BITS | colour for h in f.args.hexes]
    total = sum(s.critters[region << OWNER_BITS | seat] for region in regions)
    if len(regions) > 1 and count < total:
        return None
    left = count
    for region in regions:
        take = min(s.critters[region << OWNER_BITS | seat], left)
        if take:
            s.send_home(region, seat, take)
        left -= take
    return [{"type": "casualties", "seat": f.seat, "n": count}]


# -- the steps ---------------------------------------------------------------------------
MIGRATE = Step(
    "migrate",
    "Migrating critters: choose a tile within the critter's connected biome",
    legal_migrate,
    refusal(legal_migrate, refuse_migrate),
    migrate,
    Args=Moving,
    settle=settle_migrate,
)


class Favoured(NamedTuple):
    favoured: int = -1  # the seat that used Rift or Converging (wins a tie), or none


CONTESTS = Step("contests", run=contests, Args=Favoured)


class Casualties(NamedTuple):
    colour: int
    count: int  # type: ignore[assignment]  # the saved name (frames keep it); shadows tuple's method: critters the winner still loses
    hexes: tuple[Hex, ...]  # the winner's tiles in the biome


REMOVE = Step(
    "remove",
    "Contested biome: choose which of your critters in the biome are removed",
    legal_remove,
    refusal(legal_remove, refuse_remove),
    remove,
    Args=Casualties,
    settle=settle_remove,
    word="contested biome",
)
