"""Step 2: buying and stacking a tile, the rules of engagement, migration, joining and
splitting biomes, contested biomes, the second tile on volcanic soil."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, then

from . import endgame, powers, steps
from .actions import BUY, DONE, ROTATE, at_act
from .board import Hex, Region
from .components import (
    CRATER,
    KIND_COST,
    KIND_INDEX,
    KINDS,
    ROTATIONS,
    SOIL,
    THRESHOLD,
    VOLCANO,
    VOLCANO_COST,
    kind_of,
    rotation_of,
    tile_code,
)
from .winter import frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState

Events = list[dict]


# -- where a tile may go -------------------------------------------------------------------
def targets(s: VolcaniqueState, seat: int) -> set[int] | None:
    """Rules of engagement (3-5 players): the players whose tiles ``seat`` may stack on
    (None: anybody's). Symbiosis: those with the most critters on land; to the left: the
    next player; and anyone with ``THRESHOLD`` or more."""
    if s.players < 3:
        return None
    placed = s.placed()
    others = [o for o in range(s.players) if o != seat]
    if s.game.options.engagement == "symbiosis":
        most = max(placed[o] for o in others)
        valid = {o for o in others if placed[o] == most}
    else:
        valid = {(seat + 1) % s.players}
    return valid | {o for o in others if placed[o] >= THRESHOLD}


def may_target(s: VolcaniqueState, h: Hex, valid: set[int] | None) -> bool:
    """Soil is anyone's; other tiles only a valid target's. Symbiosis alone adds tiles
    without critters ("To the left" names only soil and the left player's tiles)."""
    if valid is None or s.stacks[h][-1] == SOIL:
        return True
    owners = s.owners_on(h)
    if s.burrowed:
        owners |= {x[3] for x in s.burrowed if x[:2] == h}
    if not owners:
        return s.game.options.engagement == "symbiosis"
    return bool(owners & valid)


def stack_hexes(s: VolcaniqueState, seat: int, volcano: bool = False) -> list[Hex]:
    """Hexes a tile or a volcano may go on: Uno, Duo, Trio or soil, not under lava, not
    frozen, within the rules of engagement; a burrowed critter protects its tile from
    land tiles (not from volcanoes)."""
    valid = targets(s, seat)
    closed = s.lava_hexes()
    if s.burrowed and not volcano:
        closed |= {x[:2] for x in s.burrowed}
    hexes = [
        h
        for h in s.board.stackable
        if h not in closed and (valid is None or may_target(s, h, valid))
    ]
    if s.winter:
        hexes = [h for h in hexes if not frozen(s, h)]
    return hexes


def placements(s: VolcaniqueState, seat: int, kind: int) -> list[Hex]:
    fits_on = s.board.fits_on
    return [h for h in stack_hexes(s, seat) if fits_on[h][kind]]


def buy_options(s: VolcaniqueState, seat: int) -> list[str]:
    """The tiles in the supply the seat can afford and place (land tiles need a place
    that obeys the edge rule; a volcano is the turn's only tile)."""
    total = sum(s.resources[seat])
    fits_on = s.board.fits_on
    hexes = None
    out = []
    for k in KINDS:
        kind = KIND_INDEX[k]
        if s.tiles.get(k, 0) > 0 and KIND_COST[kind] <= total:
            if hexes is None:
                hexes = stack_hexes(s, seat)
            if any(fits_on[h][kind] for h in hexes):
                out.append(k)
    if volcano_allowed(s, seat):
        out.append("volcano")
    return out


def another_tile(s: VolcaniqueState, seat: int) -> bool:
    """The first tile of the turn, or one more when every tile so far went on volcanic
    soil (2 in all; Crafty Critters: 3)."""
    turn = s.this_turn
    return not turn.tiles or turn.on_soil == turn.tiles < powers.max_tiles(s, seat)


def volcano_allowed(s: VolcaniqueState, seat: int) -> bool:
    """A volcano is the turn's tile, or the next one after tiles on soil (it ends the
    buying: it counts as the Place a Tile step)."""
    return (
        another_tile(s, seat)
        and s.volcano_tiles > 0
        and sum(s.resources[seat]) >= VOLCANO_COST
        and bool(stack_hexes(s, seat, volcano=True))
    )


# -- 2. buy --------------------------------------------------------------------------------
def legal_buy(s: VolcaniqueState, f: Frame) -> list[Action]:
    options = [BUY[k] for k in buy_options(s, f.seat)]
    if s.this_turn.tiles or s.game.options.optional_buy:
        options.append(DONE)  # the second tile is optional (the first: a variant)
    return options


def refuse_buy(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a == DONE:
        return "Buying tiles: you must buy a tile when you can afford one that has a place"
    if a.kind != "buy":
        return None
    tile = a.arg("tile")
    if tile == "volcano":
        return refuse_volcano(s, f.seat)
    if tile not in KIND_INDEX:
        return f"Buying tiles: there is no tile called {tile}"
    if s.tiles.get(tile, 0) <= 0:
        return f"Buying tiles: no {tile} tile is left in the supply"
    return (
        "Buying tiles: you cannot afford it, or it has nowhere to go (it must stack on "
        "land and connect a biome edge)"
    )


def refuse_volcano(s: VolcaniqueState, seat: int) -> str:
    if not another_tile(s, seat):
        return (
            "Volcanoes: playing a volcano counts as your one Place a Tile step (a further "
            "tile only follows tiles played on volcanic soil)"
        )
    if s.volcano_tiles <= 0:
        return "Volcanoes: no volcano tile is left in the supply"
    if sum(s.resources[seat]) < VOLCANO_COST:
        return "Volcanoes: you cannot afford a volcano tile"
    return "Volcanoes: a volcano must be unleashed on a land tile you may target"


def buy(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return to_claim(s)
    tile = a.arg("tile")
    price = VOLCANO_COST if tile == "volcano" else KIND_COST[KIND_INDEX[tile]]
    purpose = "volcano" if tile == "volcano" else "tile"
    then(s, steps.PAY(f.seat, price=price, purpose=purpose), steps.BOUGHT(seat=f.seat, tile=tile))
    return []


def settle_buy(s: VolcaniqueState, f: Frame) -> Events | None:
    """Nothing left to buy: on to claiming. Nothing bought at all, for want of
    resources: a critter from the hand goes to the crater instead."""
    seat = f.seat
    tiles = s.this_turn.tiles
    if tiles >= powers.max_tiles(s, seat):
        return to_claim(s)
    if any(a != DONE for a in s.step_legal(f)):  # a tile to buy
        return None
    if tiles:
        return to_claim(s)
    events = []
    if s.hand[seat] > 0 and s.crater[seat] < CRATER:
        s.hand[seat] -= 1
        s.crater[seat] += 1
        events.append({"type": "forced_sacrifice", "seat": seat})
    return events + to_claim(s)


def to_claim(s: VolcaniqueState) -> Events:
    then(s, steps.CLAIM(s.player))
    return []


def bought(s: VolcaniqueState, f: Frame) -> Events:
    """The tile paid for leaves the supply; the buyer places it."""
    seat, tile = f.args.seat, f.args.tile
    s.this_turn = s.this_turn._replace(tiles=s.this_turn.tiles + 1)
    if tile == "volcano":
        s.volcano_tiles -= 1
        then(s, steps.ERUPT(seat))
        return []
    s.take_tile(tile)
    events = [{"type": "bought", "seat": seat, "tile": tile}]
    if not s.tiles:
        events.extend(endgame.trigger_end(s, "last_land_tile", seat))
    then(s, steps.PLACE(seat, kind=KIND_INDEX[tile]))
    return events


# -- stacking it ---------------------------------------------------------------------------
def legal_place(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("place", h) for h in placements(s, f.seat, f.args.kind)]


def refuse_place(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    at = a.arg("at")
    if not isinstance(at, tuple) or at not in s.stacks:
        return (
            "Placing a tile: land tiles must stack on existing land tiles, never directly "
            "in the ocean"
        )
    if s.stacks[at][-1] == VOLCANO:
        return "Placing a tile: land tiles cannot be played on volcano tiles"
    if at in s.lava_hexes():
        return "Placing a tile: land tiles cannot be played on lava"
    if any(x[:2] == at for x in s.burrowed):
        return "Burrowing Critters: a burrowed critter protects its tile from stacked tiles"
    if s.winter and frozen(s, at):
        return "Volcanic Winter: no tiles are placed on frozen tiles"
    if not may_target(s, at, targets(s, f.seat)):
        if s.game.options.engagement == "symbiosis":
            return (
                "Rules of engagement (symbiosis): you may only stack on soil, on tiles "
                "without critters, or on tiles of a player you may target"
            )
        return (
            "Rules of engagement (to the left): you may only stack on soil or on tiles "
            "with a critter of the player on your left (or of anyone with 5 critters)"
        )
    return (
        "Placing a tile: it must connect to at least one edge of an adjacent tile with a "
        "matching biome"
    )


def place(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    then(s, steps.ROTATE(f.seat, kind=f.args.kind, at=a.arg("at")))
    return []


def settle_place(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return place(s, f, legal[0]) if len(legal) == 1 else None


def legal_rotate(s: VolcaniqueState, f: Frame) -> list[Action]:
    kind = f.args.kind
    mask = s.board.fits_on[f.args.at][kind]
    return [ROTATE[r] for r in ROTATIONS[kind] if mask >> r & 1]


def refuse_rotate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rotate":
        return None
    return "Placing a tile: rotate the new tile to match the connecting biome on at least one edge"


def rotate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """Stack the tile; critters on the covered tile migrate, contested biomes resolve,
    then a second tile if every tile so far went on volcanic soil, else claiming."""
    seat, at = f.seat, f.args.at
    on_soil = s.stacks[at][-1] == SOIL
    events, migrations = stack_tile(s, at, tile_code(f.args.kind, a.arg("rotation")), seat)
    turn = s.this_turn
    if on_soil and turn.on_soil == turn.tiles - 1:
        s.this_turn = turn._replace(on_soil=turn.tiles)
    again = another_tile(s, seat)
    then(s, *migrations, steps.CONTESTS(), steps.BUY(seat) if again else steps.CLAIM(seat))
    return events


def settle_rotate(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return rotate(s, f, legal[0]) if len(legal) == 1 else None


def stack_tile(s: VolcaniqueState, at: Hex, code: int, seat: int) -> tuple[Events, list[Frame]]:
    """Stack a tile: critters on the covered tile migrate within their connected biome
    as it was (their owner chooses where) or go back to the hand (the frames for that)."""
    biome_of = s.board.biome_of
    lava = s.lava_hexes()
    migrations = []
    for spot in s.spots_on(at):
        region = spot[:3]
        members = biome_of[region].members
        dests = tuple(
            sorted(
                m[:2]
                for m in members
                if m[:2] != at and m[:2] not in lava and not (s.winter and frozen(s, m[:2]))
            )
        )
        migrations += [steps.MIGRATE(spot[3], region=region, dests=dests)] * s.critters[spot]
    s.set_stack(at, (*s.stacks[at], code))
    event = {
        "type": "stacked",
        "seat": seat,
        "tile": KINDS[kind_of(code)],
        "at": list(at),
        "rotation": rotation_of(code),
    }
    return [event], migrations


# -- migration of a critter off the covered tile (its owner's decision) --------------------
def legal_migrate(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("migrate", d) for d in f.args.dests]


def refuse_migrate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "migrate":
        return None
    return "Migrating critters: only to a tile of the critter's connected biome, not under lava"


def migrate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    to = a.arg("at")
    big = s.take_critter(f.args.region, f.seat)
    s.add_critter((*to, f.args.region[2]), f.seat, 1, big)
    return [{"type": "migrated", "seat": f.seat, "to": list(to)}]


def settle_migrate(s: VolcaniqueState, f: Frame) -> Events | None:
    """One place to go: it goes there; none: back to the hand."""
    dests = f.args.dests
    if len(dests) > 1:
        return None
    if dests:
        return migrate(s, f, at_act("migrate", dests[0]))
    s.send_home(f.args.region, f.seat, 1)
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
    biome_of = s.board.biome_of
    per: dict = {}
    for (q, r, c, owner), n in s.critters.items():
        counts = per.setdefault(biome_of[(q, r, c)], {})
        counts[owner] = counts.get(owner, 0) + n
    events: Events = []
    casualties = []
    for biome in sorted(per, key=lambda b: b.anchor):
        counts = per[biome]
        if len(counts) < 2:
            continue
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
        hexes = tuple(sorted(m[:2] for m in biome.members if (*m, winner) in s.critters))
        if losses:
            casualties.append(steps.REMOVE(winner, colour=biome.colour, count=losses, hexes=hexes))
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


def _return_all(s: VolcaniqueState, region: Region, but: int = -1) -> None:
    """Every critter on a region goes back to its owner's hand (``but`` one player's)."""
    for spot in s.spots_in(region):
        if spot[3] != but:
            s.send_home(region, spot[3])


def legal_remove(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [at_act("remove", h, f.args.colour) for h in f.args.hexes]


def refuse_remove(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "remove":
        return None
    return "Contested biome: remove one of your own critters in the contested biome"


def remove(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    colour, count = f.args.colour, f.args.count
    s.send_home((*a.arg("at"), colour), f.seat, 1)
    if count > 1:
        hexes = tuple(h for h in f.args.hexes if (*h, colour, f.seat) in s.critters)
        then(s, steps.REMOVE(f.seat, colour=colour, count=count - 1, hexes=hexes))
    return [{"type": "casualties", "seat": f.seat, "n": 1}]


def settle_remove(s: VolcaniqueState, f: Frame) -> Events | None:
    """One tile to lose them from, or all of them lost: no choice."""
    colour, count, hexes = f.args.colour, f.args.count, f.args.hexes
    seat = f.seat
    total = sum(s.critters[(*h, colour, seat)] for h in hexes)
    if len(hexes) > 1 and count < total:
        return None
    left = count
    for h in hexes:
        take = min(s.critters[(*h, colour, seat)], left)
        if take:
            s.send_home((*h, colour), seat, take)
        left -= take
    return [{"type": "casualties", "seat": f.seat, "n": count}]
