"""Step 3: a volcano, and everything that answers it.

The buyer chooses the land tile (``ERUPT``). Before the volcano lands: its buyer may set
off the super volcano (Super Volcanic Eruption) or turn the target tile (Sleight of
Land); critters on the target may escape — a Colossal Critter evacuates to a tile of
its biome taking 1 damage, and with Volcanic Migration an opponent's critters migrate
there for 3 resources each (a Colossal without damage). The rest are wiped out and the
volcano goes on top. Then the buyer unlocks a power (the Volcanic Winter asks for its
spawn tile), other players may play Magma Siphon, holders of Magma Bomb may throw
theirs (once a round), the buyer may roll a Lateral Eruption (a second volcano on one
side, no second unlock) and trigger a Landslide, and the lava starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from . import tectonics
from .actions import (
    ABANDON,
    DONE,
    MAGMA_BOMB,
    MAGMA_SIPHON,
    ROTATE,
    SUPER_VOLCANO,
    act,
    at_hex,
    land_at,
    on_hex,
    refusal,
)
from .args import Region, Striking, Target, Volcano
from .board import (
    OWNER_BITS,
    OWNER_MASK,
    REGION_BITS,
    around,
    hex_id,
    hex_of,
    region_id,
    region_of,
    xy,
)
from .components import (
    ROTATIONS,
    SIDES,
    VOLCANO,
    kind_of,
    rotation_of,
    tile_code,
)
from .events import Events
from .land import stack_hexes
from .lava import LAVA_START
from .paying import PAY
from .pieces import Stage
from .powers import has_power, unlockable
from .triggers import trigger_end
from .winter import WINTER_SPAWN, cold, may_spawn

if TYPE_CHECKING:
    from .state import VolcaniqueState


MIGRATION_COST = 3
"""Volcanic Migration: resources per critter migrated off a volcano's target."""
LATERAL_SIDE = 4
"""Lateral Eruption: the d4 numbers four neighbouring spaces on one side."""


def order_from(s: VolcaniqueState, seat: int) -> list[int]:
    """Every seat in turn order, starting with ``seat``."""
    return [(seat + i) % s.players for i in range(s.players)]


# -- choosing the target -------------------------------------------------------------------
def legal_erupt(s: VolcaniqueState, f: Frame) -> list[Action]:
    return on_hex("erupt").on(stack_hexes(s, f.seat, volcano=True))


def refuse_erupt(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "erupt":
        return None
    at = land_at(s, a)
    if at is None:
        return "Volcanoes: a volcano must be unleashed on a land tile, not the ocean"
    if s.stacks[at][-1] == VOLCANO or at in s.lava_hexes():
        return "Volcanoes: a volcano cannot go on a volcano or on lava"
    if cold(s, at):
        return "Volcanic Winter: you may not play volcanoes on frozen tiles"
    return "Rules of engagement: you may not target that tile"


def erupt(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return strike(s, f.seat, at_hex(a), main=True)


def settle_erupt(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return erupt(s, f, legal[0]) if len(legal) == 1 else None


def strike(s: VolcaniqueState, seat: int, at: int, main: bool) -> Events:
    """A volcano is unleashed on ``at`` (``main``: the one bought, not a lateral one)."""
    frames = []
    volcano = hex_of(at)
    if main and may_set_off_super(s, seat):
        frames.append(SUPER(seat, volcano=volcano))
    if has_power(s, seat, "sleight_of_land") and s.stacks[at][-1] >= 0:
        frames.append(SLEIGHT(seat, volcano=volcano))
    frames.append(ESCAPES(volcano=volcano, seat=seat, main=main))
    then(s, *frames)
    return [{"type": "volcano", "seat": seat, "at": xy(at), "lateral": not main}]


# -- the super volcano ---------------------------------------------------------------------
def may_set_off_super(s: VolcaniqueState, seat: int) -> bool:
    """Super Volcanic Eruption: with the next volcano bought in the main game, while no
    end sequence has begun and a second volcano tile is left to stack on it."""
    return (
        has_power(s, seat, "super_volcanic_eruption")
        and s.stage is Stage.MAIN
        and not s.end_reason
        and not s.super_volcano
        and s.volcano_tiles > 0
    )


def legal_super(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [SUPER_VOLCANO, DONE]


def refuse_super(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return None


def set_off_super(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Two volcano tiles stacked: the end sequence begins; it erupts when play returns
    to its owner."""
    if a == DONE:
        return []
    q, r = f.args.volcano
    s.super_volcano = (q, r, f.seat)
    s.volcano_tiles -= 1
    events: Events = [{"type": "super_volcano", "seat": f.seat, "at": [q, r]}]
    return events + trigger_end(s, "super_volcanic_eruption", f.seat)


# -- Sleight of Land -----------------------------------------------------------------------
def legal_sleight(s: VolcaniqueState, f: Frame) -> list[Action]:
    code = s.stacks[hex_id(f.args.volcano)][-1]
    kind = kind_of(code)
    return [ROTATE[r] for r in ROTATIONS[kind] if r != rotation_of(code)] + [DONE]


def refuse_sleight(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rotate":
        return None
    return "Sleight of Land: turn the target tile to another of its orientations"


def sleight(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The target tile is turned before the volcano covers it (it shows again if the
    volcano is ever eroded away)."""
    if a == DONE:
        return []
    at = hex_id(f.args.volcano)
    stack = s.stacks[at]
    code = tile_code(kind_of(stack[-1]), a.arg("rotation"))
    s.set_stack(at, (*stack[:-1], code))
    return [{"type": "turned", "seat": f.seat, "at": xy(at), "rotation": a.arg("rotation")}]


def settle_sleight(s: VolcaniqueState, f: Frame) -> Events | None:
    """An Uno looks the same every way round: nothing to turn."""
    return None if len(s.step_legal(f)) > 1 else []


# -- escaping the target -------------------------------------------------------------------
def escape_tiles(s: VolcaniqueState, region: int, volcano: int) -> tuple[Hex, ...]:
    """Tiles of the critter's connected biome it may escape to: not the target, not
    lava, not frozen."""
    lava = s.lava_hexes()
    tiles = s.board.biome_of[region].tiles
    return tuple(
        hex_of(h)
        for h in sorted(h for h in tiles if h != volcano and h not in lava and not cold(s, h))
    )


def escapes(s: VolcaniqueState, f: Frame) -> Events:
    """Each Colossal Critter on the target must evacuate (its owner's choice of tile);
    an opponent of the buyer holding Volcanic Migration may migrate each of their
    critters for 3 resources. Then the volcano lands."""
    at, seat = hex_id(f.args.volcano), f.args.seat
    if f.args.main:
        s.escaped = ()  # a new target: no critter has left it yet
    frames = []
    for spot in s.spots_on(at):
        owner, region = spot & OWNER_MASK, spot >> OWNER_BITS
        dests = escape_tiles(s, region, at)
        migrating = owner != seat and has_power(s, owner, "volcanic_migration")
        big = s.colossal.get(spot, 0)
        regular = s.critters[spot] - big
        named = region_of(region)
        if migrating and dests:
            frames += [MIGRATION(owner, region=named, dests=dests)] * regular
        frames += [COLOSSAL_ESCAPE(owner, region=named, dests=dests, migrating=migrating)] * big
    then(s, *frames, VOLCANO_LANDS(volcano=f.args.volcano, seat=seat, main=f.args.main))
    return []


def legal_migration(s: VolcaniqueState, f: Frame) -> list[Action]:
    migrate = on_hex("migrate")
    return [migrate[hex_id(d)] for d in f.args.dests] + [ABANDON]


def refuse_migration(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "migrate":
        return None
    return "Volcanic Migration: to a tile of the critter's connected biome, for 3 resources"


def migration(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == ABANDON:
        return []  # it stays and is wiped out with the rest
    then(
        s,
        PAY(f.seat, price=MIGRATION_COST, purpose="migration"),
        RELOCATED(seat=f.seat, region=f.args.region, to=a.arg("at"), colossal=False),
    )
    return []


def settle_migration(s: VolcaniqueState, f: Frame) -> Events | None:
    """Three resources short: no choice, it stays."""
    return None if sum(s.resources[f.seat]) >= MIGRATION_COST else []


def legal_colossal_escape(s: VolcaniqueState, f: Frame) -> list[Action]:
    evacuate, migrate = on_hex("evacuate"), on_hex("migrate")
    out = [evacuate[hex_id(d)] for d in f.args.dests]
    if f.args.migrating and sum(s.resources[f.seat]) >= MIGRATION_COST:
        out += [migrate[hex_id(d)] for d in f.args.dests]
    return out


def refuse_colossal_escape(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind == "migrate" and not f.args.migrating:
        return "Volcanic Migration: only its holder's critters migrate, from an opponent's volcano"
    if a.kind not in ("evacuate", "migrate"):
        return None
    return (
        "Colossal Critter: it must evacuate to a tile of its connected biome (Volcanic "
        "Migration: for 3 resources, without damage)"
    )


def colossal_escape(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Evacuating costs 1 HP; migrating (Volcanic Migration) costs 3 resources."""
    to = a.arg("at")
    if a.kind == "migrate":
        then(
            s,
            PAY(f.seat, price=MIGRATION_COST, purpose="migration"),
            RELOCATED(seat=f.seat, region=f.args.region, to=to, colossal=True),
        )
        return []
    region = f.args.region
    s.take_colossal(region_id(region), f.seat)
    s.hand[f.seat] += 1  # the top piece: it arrives a regular critter
    s.add_critter(region_id((*to, region[2])), f.seat)
    left_target(s, region_id((*to, region[2])), f.seat)
    return [
        {"type": "colossal_damaged", "seat": f.seat, "at": list(region[:2])},
        {"type": "evacuated", "seat": f.seat, "from": list(region[:2]), "to": list(to)},
    ]


def settle_colossal_escape(s: VolcaniqueState, f: Frame) -> Events | None:
    """Nowhere to escape to: it is wiped out with the rest (both pieces go home)."""
    legal = s.step_legal(f)
    if len(legal) > 1:
        return None
    return colossal_escape(s, f, legal[0]) if legal else []


def relocated(s: VolcaniqueState, f: Frame) -> Events:
    """A critter paid for by Volcanic Migration reaches its new tile."""
    seat, region, to, colossal = f.args
    if colossal:
        s.take_colossal(region_id(region), seat)
    else:
        s.take_critter(region_id(region), seat)
    s.add_critter(region_id((*to, region[2])), seat, 1, int(colossal))
    left_target(s, region_id((*to, region[2])), seat)
    return [{"type": "migrated", "seat": seat, "to": list(to)}]


def left_target(s: VolcaniqueState, region: int, seat: int) -> None:
    """A critter escaped the volcano's target to ``region``: Magma Siphon never pays for
    it ("you may not gain a resource from any of your critters on the initial volcano
    targeted tile"), though migration comes after the target is chosen."""
    s.escaped = (*s.escaped, region << OWNER_BITS | seat)


# -- the volcano lands ---------------------------------------------------------------------
def volcano_lands(s: VolcaniqueState, f: Frame) -> Events:
    """The critters left on the target are wiped out (burrowed ones too) and the volcano
    goes on top; the one bought unlocks a power."""
    volcano, seat, main = f.args
    at = hex_id(volcano)
    events = s.wipe_hex(at)
    if not main:
        s.volcano_tiles -= 1
    s.set_stack(at, (*s.stacks[at], VOLCANO))
    if main:
        then(s, UNLOCK(seat, volcano=volcano, height=s.height(at)))
    else:
        then(s, ERUPTED(volcano=volcano, seat=seat, main=False))
    return events


def legal_unlock(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [A.UNLOCK[slot] for slot in unlockable(s.unlocked[f.seat])]


def refuse_unlock(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "unlock":
        return None
    return (
        "Volcanic powers: the Level 1 power first, then one sharing an edge with a power "
        "you have unlocked"
    )


def unlock(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """A critter from the hand goes onto the power: its holder may use it from now. The
    Volcanic Winter asks its new holder for a spawn tile."""
    slot, seat = a.arg("slot"), f.seat
    s.hand[seat] -= 1
    s.unlocked[seat] = (*s.unlocked[seat], slot)
    power = s.grid.get(slot, "")
    events: Events = [{"type": "unlocked", "seat": seat, "slot": slot, "power": power}]
    after = ERUPTED(volcano=f.args.volcano, seat=seat, main=True)
    if power == "volcanic_winter" and may_spawn(s):
        then(s, WINTER_SPAWN(seat), after)
    else:
        then(s, after)
    return events


def settle_unlock(s: VolcaniqueState, f: Frame) -> Events | None:
    """No critter left in hand: nothing to unlock. One slot open: it is that one."""
    if s.hand[f.seat] == 0:
        then(s, ERUPTED(volcano=f.args.volcano, seat=f.seat, main=True))
        return []
    legal = s.step_legal(f)
    return unlock(s, f, legal[0]) if len(legal) == 1 else None


# -- what answers a volcano ----------------------------------------------------------------
def erupted(s: VolcaniqueState, f: Frame) -> Events:
    """After a volcano lands: Magma Siphon and Magma Bomb (other players, in turn order),
    the buyer's Lateral Eruption and Landslide, then the lava (claiming waits below)."""
    volcano, seat, main = f.args
    at = hex_id(volcano)
    frames = []
    if main:
        for o in order_from(s, seat)[1:]:
            if "magma_siphon" in s.caldera_hands[o] and siphoned(s, o, at):
                frames.append(SIPHON(o, volcano=volcano))
        for o in order_from(s, seat):
            if has_power(s, o, "magma_bomb") and s.bombed[o] != s.round:
                frames.append(BOMB(o, volcano=volcano))
        if has_power(s, seat, "lateral_eruption") and s.volcano_tiles > 0 and sides(s, at):
            frames.append(LATERAL(seat, volcano=volcano))
        if has_power(s, seat, "landslide") and tectonics.slides(s, at):
            frames.append(tectonics.LANDSLIDE(seat, volcano=volcano))
    frames.append(LAVA_START(volcano=volcano, height=s.height(at)))
    then(s, *frames)
    return []


# -- Magma Siphon (a Caldera card, played when another player plays a volcano) -------------
def siphoned(s: VolcaniqueState, seat: int, volcano: int) -> list[int]:
    """The resource kinds a seat's critters on tiles next to a volcano would bring (one
    per critter, of its biome), while the supply lasts; not the critters that were on
    its target (``escaped``)."""
    supply = list(s.supply)
    got = []
    escaped = s.escaped
    for nb in around(volcano):
        for c in range(len(supply)):
            spot = (nb << REGION_BITS | c) << OWNER_BITS | seat
            n = s.critters.get(spot, 0) - (escaped.count(spot) if escaped else 0)
            take = min(n, supply[c])
            supply[c] -= take
            got += [c] * take
    return got


def legal_siphon(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [MAGMA_SIPHON, DONE]


def refuse_siphon(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return None


def siphon(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Reveal and discard the card; 1 resource per critter next to the new volcano."""
    if a == DONE:
        return []
    got = siphoned(s, f.seat, hex_id(f.args.volcano))
    s.unshare_caldera()
    s.caldera_hands[f.seat].take("magma_siphon")
    s.caldera_discard.append("magma_siphon")
    amounts = [0] * len(s.supply)
    for c in got:
        s.supply[c] -= 1
        s.resources[f.seat][c] += 1
        amounts[c] += 1
    return [
        {"type": "caldera_played", "seat": f.seat, "card": "magma_siphon", "reveal": True},
        {"type": "siphoned", "seat": f.seat, "resources": amounts},
    ]


# -- Magma Bomb ----------------------------------------------------------------------------
def legal_bomb(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [MAGMA_BOMB, DONE]


def refuse_bomb(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    return None


def bomb(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []
    s.bombed[f.seat] = s.round
    then(s, BOMB_ROLL(volcano=f.args.volcano, seat=f.seat))
    return [{"type": "magma_bomb", "seat": f.seat, "at": list(f.args.volcano)}]


def bomb_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    """A d6 over the six spaces around the volcano (higher ones included)."""
    lands = on_hex("bomb_lands")
    return [(lands[h], 1.0 / SIDES) for h in around(hex_id(f.args.volcano))]


def bomb_lands(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The sea and empty tiles take no harm."""
    at = at_hex(a)
    return [{"type": "bomb_lands", "at": xy(at)}, *blast(s, at)]


def blast(s: VolcaniqueState, at: int) -> Events:
    """A magma bomb or Carnage: the critters on a tile are wiped out (burrowed ones too);
    a Colossal Critter takes 1 damage instead."""
    events: Events = []
    for spot in s.spots_on(at):
        owner = spot & OWNER_MASK
        big = s.colossal.get(spot, 0)
        for _ in range(big):
            s.damage(spot)
            events.append({"type": "colossal_damaged", "seat": owner, "at": xy(at)})
        regular = s.critters[spot] - big
        if regular:
            s.take_critter(spot >> OWNER_BITS, owner, regular)
            s.hand[owner] += regular
            events.append({"type": "wiped", "seat": owner, "at": xy(at), "n": regular})
    for spot in s.burrowed_on(at):
        n = s.unbury(spot)
        s.hand[spot & OWNER_MASK] += n
        events.append({"type": "wiped", "seat": spot & OWNER_MASK, "at": xy(at), "n": n})
    return events


# -- Lateral Eruption ----------------------------------------------------------------------
def lateral_sites(s: VolcaniqueState, volcano: int, side: int) -> list[int]:
    """The land tiles a lateral volcano may strike among the four spaces of one side
    (they may be higher than the volcano): not a volcano, lava or a frozen tile."""
    nbs = around(volcano)
    lava = s.lava_hexes()
    out = []
    for i in range(LATERAL_SIDE):
        h = nbs[(side + i) % SIDES]
        stack = s.stacks.get(h)
        if stack and stack[-1] != VOLCANO and h not in lava and not cold(s, h):
            out.append(h)
    return out


def sides(s: VolcaniqueState, volcano: int) -> list[int]:
    """Sides (the first of four directions) with at least one site."""
    return [d for d in range(SIDES) if lateral_sites(s, volcano, d)]


def legal_lateral(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [act("lateral", side=d) for d in sides(s, hex_id(f.args.volcano))] + [DONE]


def refuse_lateral(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "lateral":
        return None
    return "Lateral Eruption: choose a side of the volcano with a land tile to strike"


def lateral(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []
    then(s, LATERAL_ROLL(volcano=f.args.volcano, seat=f.seat, side=a.arg("side")))
    return [{"type": "lateral_eruption", "seat": f.seat}]


def lateral_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    """The d4, re-rolled until it names a land tile: a uniform choice among them."""
    sites = lateral_sites(s, hex_id(f.args.volcano), f.args.side)
    site = on_hex("lateral_site")
    return [(site[h], 1.0 / len(sites)) for h in sites]


def lateral_site(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """A second volcano on that tile (a tile from the supply; no second unlock)."""
    return strike(s, f.args.seat, at_hex(a), main=False)


def settle_lateral_roll(s: VolcaniqueState, f: Frame) -> Events | None:
    outcomes = lateral_outcomes(s, f)
    return lateral_site(s, f, outcomes[0][0]) if len(outcomes) == 1 else None


# -- the steps --------------------------------------------------------------------------
ERUPT = Step(
    "erupt",
    "Volcanoes: choose the land tile the volcano is unleashed on (step 3)",
    legal_erupt,
    refusal(legal_erupt, refuse_erupt),
    erupt,
    settle=settle_erupt,
)


SUPER = Step(
    "super",
    "Super Volcanic Eruption: set off the super volcano with this volcano?",
    legal_super,
    refusal(legal_super, refuse_super),
    set_off_super,
    Args=Target,
    word="super volcano",
)


SLEIGHT = Step(
    "sleight",
    "Sleight of Land: turn the target tile before the volcano covers it",
    legal_sleight,
    refusal(legal_sleight, refuse_sleight),
    sleight,
    Args=Target,
    settle=settle_sleight,
    word="sleight of land",
)


ESCAPES = Step("escapes", run=escapes, Args=Striking)


class Escaping(NamedTuple):
    region: Region
    dests: tuple[Hex, ...]


MIGRATION = Step(
    "migration",
    "Volcanic Migration: migrate the critter off the volcano's target for 3 resources",
    legal_migration,
    refusal(legal_migration, refuse_migration),
    migration,
    Args=Escaping,
    settle=settle_migration,
    word="volcanic migration",
)


class ColossalEscaping(NamedTuple):
    region: Region
    dests: tuple[Hex, ...]
    migrating: bool  # its owner may use Volcanic Migration instead


COLOSSAL_ESCAPE = Step(
    "colossal_escape",
    "Colossal Critter: evacuate from the volcano's target, losing 1 HP",
    legal_colossal_escape,
    refusal(legal_colossal_escape, refuse_colossal_escape),
    colossal_escape,
    Args=ColossalEscaping,
    settle=settle_colossal_escape,
    word="colossal escape",
)


class Relocation(NamedTuple):
    seat: int
    region: Region
    to: Hex
    colossal: bool


RELOCATED = Step("relocated", run=relocated, Args=Relocation)


VOLCANO_LANDS = Step("volcano_lands", run=volcano_lands, Args=Striking)


UNLOCK = Step(
    "unlock",
    "Volcanoes: unlock a volcanic power (step 3)",
    legal_unlock,
    refusal(legal_unlock, refuse_unlock),
    unlock,
    Args=Volcano,
    settle=settle_unlock,
)


ERUPTED = Step("erupted", run=erupted, Args=Striking)


SIPHON = Step(
    "siphon",
    "Magma Siphon: play your card for 1 resource per critter next to the new volcano?",
    legal_siphon,
    refusal(legal_siphon, refuse_siphon),
    siphon,
    Args=Target,
    word="magma siphon",
)


BOMB = Step(
    "bomb",
    "Magma Bomb: throw your magma bomb (once a round) at a tile next to this volcano?",
    legal_bomb,
    refusal(legal_bomb, refuse_bomb),
    bomb,
    Args=Target,
    word="magma bomb",
)


class Thrower(NamedTuple):
    volcano: Hex
    seat: int


BOMB_ROLL = Step(
    "bomb_roll",
    "rolling where the magma bomb lands",
    outcomes=bomb_outcomes,
    apply=bomb_lands,
    Args=Thrower,
    word="magma bomb roll",
)


LATERAL = Step(
    "lateral",
    "Lateral Eruption: choose a side of the volcano for a second explosion site",
    legal_lateral,
    refusal(legal_lateral, refuse_lateral),
    lateral,
    Args=Target,
    word="lateral eruption",
)


class Side(NamedTuple):
    volcano: Hex
    seat: int
    side: int  # the first of the four directions the d4 numbers


LATERAL_ROLL = Step(
    "lateral_roll",
    "rolling the d4 of the lateral eruption",
    outcomes=lateral_outcomes,
    apply=lateral_site,
    Args=Side,
    settle=settle_lateral_roll,
    word="lateral eruption roll",
)
