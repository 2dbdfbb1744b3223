"""Set-up, rulebook steps 1-8: starting islands and critters, the power grid, the
dispute dhoobloon, first and bonus resources."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import Hex

from . import actions as A
from . import turn
from .actions import CHOOSE, FIRST_PLAYER, TAKE_BONUS, at_region, refusal
from .board import (
    OWNER_BITS,
    REGION_BITS,
    around,
    disc_steps,
    hex_id,
    kinds_fitting,
    ring_steps,
)
from .components import (
    BIOME_INDEX,
    BONUS_RESOURCES,
    EDGES,
    GRID_POWERS,
    KIND_INDEX,
    KIND_SIZE,
    KINDS,
    NB,
    POWER_IDS,
    ROTATIONS,
    SLOTS,
    START_GAP,
    fits_slot,
    rotation_of,
    tile_code,
)
from .events import Events
from .pieces import ISLAND_PIECES, Stage
from .state import VolcaniqueState, new_position

if TYPE_CHECKING:
    from lapilli.core.state import Game


def start(game: Game, players: int) -> VolcaniqueState:
    """The table before set-up; the first seat builds its starting island."""
    s = new_position(game, players)
    then(s, SETUP_TILE(0, piece=0))
    s.advance()
    return s


# -- 1-4. starting islands and critters ----------------------------------------------------
def island_hexes(s: VolcaniqueState, seat: int, piece: int, kind: int) -> list[int]:
    """Where a piece of a starting island may go: the first Uno at the origin, later
    Unos exactly ``START_GAP + 1`` steps from the nearest island; the Duo and Trio join
    the seat's island with a matching edge, no closer than that to another island."""
    spaces = _island_spaces(s, seat, piece)
    return spaces if piece == 0 else [c for c in spaces if s.board.fits_at(c, kind)]


def _island_spaces(s: VolcaniqueState, seat: int, piece: int) -> list[int]:
    """``island_hexes`` before the edge rule, kept while the land keeps its shape
    (``board.Memo``: asked for each kind the seat may choose, then for the one chosen)."""
    key = ("island_spaces", seat, piece, *map(tuple, s.islands))
    memo = s.board.memo.hexes
    if key in memo:
        return memo[key]
    gap = START_GAP + 1
    stacks = s.stacks
    others = [hex_id(h) for o in range(s.players) if o != seat for h in s.islands[o]]
    # closer than the gap to another island
    near_others = {h + step for h in others for step in disc_steps(gap - 1)}
    if piece == 0:
        if not stacks:
            spaces = [hex_id((0, 0))]
        else:  # exactly the gap from the nearest island
            at_gap = {h + step for h in others for step in ring_steps(gap)}
            spaces = sorted(c for c in at_gap if c not in stacks and c not in near_others)
    else:
        mine = [hex_id(h) for h in s.islands[seat]]
        near = {nb for h in mine for nb in around(h) if nb not in stacks}
        spaces = [c for c in sorted(near) if c not in near_others]
    memo[key] = spaces
    return spaces


def legal_tile(s: VolcaniqueState, f: Frame) -> list[Action]:
    piece = f.args.piece
    spaces = _island_spaces(s, f.seat, piece)
    if not spaces:
        return []
    fitting = -1  # every kind fits the first Uno's space (no edge rule)
    if piece:
        fitting = 0
        for c in spaces:
            fitting |= kinds_fitting(s.board.facing(c))
    return [
        CHOOSE[k]
        for kind, k in enumerate(KINDS)
        if KIND_SIZE[kind] == piece + 1 and s.tiles.get(k, 0) > 0 and fitting >> kind & 1
    ]


def refuse_tile(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "choose_tile":
        return None
    tile = a.arg("tile")
    if tile not in KIND_INDEX:
        return f"Supply: there is no tile called {tile}"
    if s.tiles.get(tile, 0) <= 0:
        return f"Supply: no {tile} tile is left"
    return (
        "Set-up: build the starting island from an Uno, then a connecting Duo, then a "
        "connecting Trio"
    )


def choose_tile(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    then(s, SETUP_PLACE(f.seat, piece=f.args.piece, kind=KIND_INDEX[a.arg("tile")]))
    return []


def legal_place(s: VolcaniqueState, f: Frame) -> list[Action]:
    return A.PLACE.on(island_hexes(s, f.seat, f.args.piece, f.args.kind))


def refuse_place(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    if f.args.piece == 0:
        return (
            "Set-up: the islands are spaced 2 hexagonal segments apart (the first Uno goes "
            "in the middle)"
        )
    return (
        "Set-up: the tile joins your island with a matching biome edge, 2 hexagonal "
        "segments away from the other islands"
    )


def place(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    then(s, SETUP_ROTATE(f.seat, piece=f.args.piece, kind=f.args.kind, at=a.arg("at")))
    return []


def settle_place(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return place(s, f, legal[0]) if len(legal) == 1 else None


def legal_rotate(s: VolcaniqueState, f: Frame) -> list[Action]:
    kind = f.args.kind
    if f.args.piece == 0:
        return [A.ROTATE[r] for r in ROTATIONS[kind]]
    mask = s.board.fits_at(hex_id(f.args.at), kind)
    return [A.ROTATE[r] for r in ROTATIONS[kind] if mask >> r & 1]


def refuse_rotate(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "rotate":
        return None
    return "Set-up: rotate the tile so that at least one edge continues a biome of your island"


def rotate(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    kind, at, seat = f.args.kind, f.args.at, f.seat
    code = tile_code(kind, a.arg("rotation"))
    s.take_tile(KINDS[kind])
    s.set_stack(hex_id(at), (code,))
    s.islands[seat] = (*s.islands[seat], at)
    events: Events = [
        {
            "type": "island_tile",
            "seat": seat,
            "tile": KINDS[kind],
            "at": list(at),
            "rotation": rotation_of(code),
        }
    ]
    if f.args.piece + 1 < ISLAND_PIECES:
        then(s, SETUP_TILE(seat, piece=f.args.piece + 1))
        return events
    # 4. starting critters: on the Uno, on the Duo's biome not joined to the Uno, then
    # on a Trio biome not joined to those (the seat's choice)
    uno, duo, _trio = (hex_id(h) for h in s.islands[seat])
    uno_region = uno << REGION_BITS | EDGES[s.stacks[uno][-1]][0]
    _place_start(s, seat, uno_region)
    biome_of = s.board.biome_of
    for c in range(NB):
        region = duo << REGION_BITS | c
        if region in biome_of and biome_of[region] is not biome_of[uno_region]:
            _place_start(s, seat, region)
            break
    events.append({"type": "starting_critters", "seat": seat})
    then(s, SETUP_CRITTER(seat))
    return events


def settle_rotate(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return rotate(s, f, legal[0]) if len(legal) == 1 else None


def _place_start(s: VolcaniqueState, seat: int, region: int) -> None:
    s.add_critter(region, seat)
    s.hand[seat] -= 1


def legal_critter(s: VolcaniqueState, f: Frame) -> list[Action]:
    trio = hex_id(s.islands[f.seat][2]) << REGION_BITS
    biome_of = s.board.biome_of
    taken = {biome_of[spot >> OWNER_BITS] for spot in s.critters}
    claim = A.CLAIM
    return [
        claim[trio | c]
        for c in range(NB)
        if trio | c in biome_of and biome_of[trio | c] not in taken
    ]


def refuse_critter(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "claim":
        return None
    return "Set-up: your third critter goes on a biome of your Trio that holds no critter yet"


def place_critter(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    _place_start(s, f.seat, at_region(a))
    if f.seat + 1 < s.players:
        s.player = f.seat + 1
        then(s, SETUP_TILE(f.seat + 1, piece=0))
    else:
        then(s, DEAL(drawn=()))
    return []


def settle_critter(s: VolcaniqueState, f: Frame) -> Events | None:
    legal = s.step_legal(f)
    return place_critter(s, f, legal[0]) if len(legal) == 1 else None


# -- 5. deal the Volcanic Power Grid -------------------------------------------------------
# "Shuffle and deal the Volcanic Power Cards to the grid until all power slots are filled,
# ensuring each power matches its level; discard any additional powers if their level
# slots are already filled." Each card dealt is a chance node over the cards left; a card
# with several free slots of its level goes to one at random.
def deal_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    left = [p for p in GRID_POWERS if p not in f.args.drawn]
    return [(A.DEAL[p], 1.0 / len(left)) for p in left]


def _free_slots(s: VolcaniqueState, power: str) -> list[str]:
    return [slot for slot in SLOTS if slot not in s.grid and fits_slot(power, slot)]


def deal(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    power = a.arg("power")
    drawn = (*f.args.drawn, power)
    free = _free_slots(s, power)
    if not free:
        then(s, DEAL(drawn=drawn))
        return [{"type": "power_discarded", "power": power}]
    if len(free) == 1:
        return _deal_to(s, free[0], power, drawn)
    then(s, DEAL_SLOT(drawn=drawn, power=power))
    return []


def slot_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    free = _free_slots(s, f.args.power)
    return [(A.DEAL_SLOT[slot], 1.0 / len(free)) for slot in free]


def deal_slot(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    return _deal_to(s, a.arg("slot"), f.args.power, f.args.drawn)


def _deal_to(s: VolcaniqueState, slot: str, power: str, drawn: tuple[str, ...]) -> Events:
    s.grid = {**s.grid, slot: power}
    events: Events = [{"type": "dealt", "slot": slot, "power": power}]
    if len(s.grid) < len(SLOTS):
        then(s, DEAL(drawn=drawn))
        return events
    # the cards left over form the Caldera deck (research: the Oct 2025 draft)
    used = set(s.grid.values())
    s.unshare_caldera()
    for p in POWER_IDS:
        if p not in used:
            s.caldera_deck.put(p)
    then(s, COIN())
    return events


# -- 6. the dispute dhoobloon picks the first player ---------------------------------------
def coin_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    return [(FIRST_PLAYER[i], 1.0 / s.players) for i in range(s.players)]


def coin(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    n = s.players
    s.first = s.player = a.arg("seat")
    events: Events = [{"type": "first_player", "seat": s.first}]
    # 7. first resources: one per controlled biome
    order = [(s.first + i) % n for i in range(n)]
    discards = []
    for seat in order:
        collected, discard = turn.collect(s, seat)
        events.extend(collected)
        discards.extend(discard)
    # 8. bonus resources: player one none, every later player 2 of their choice
    picks: list[int] = []
    for i in range(1, n):
        picks += [order[i]] * BONUS_RESOURCES[min(i, len(BONUS_RESOURCES) - 1)]
    events.extend(_bonus_or_turn(s, tuple(picks)))
    then(s, *discards)
    return events


def _bonus_or_turn(s: VolcaniqueState, picks: tuple[int, ...]) -> Events:
    if picks and any(s.supply):
        s.player = picks[0]
        then(s, BONUS(picks[0], picks=picks[1:]))
        return []
    s.stage = Stage.MAIN
    s.player = s.first
    return turn.begin_turn(s)


def legal_bonus(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [TAKE_BONUS[b] for b in range(NB) if s.supply[b] > 0]


def refuse_bonus(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "bonus":
        return None
    return "Bonus resources: take a kind that is left in the supply"


def take_bonus(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    b = BIOME_INDEX[a.arg("resource")]
    s.supply[b] -= 1
    s.resources[f.seat][b] += 1
    events: Events = [{"type": "bonus", "seat": f.seat, "resource": a.arg("resource")}]
    return events + _bonus_or_turn(s, f.args.picks)


# -- the steps --------------------------------------------------------------------------
class Piece(NamedTuple):
    piece: int  # 0: the Uno, 1: the Duo, 2: the Trio of the starting island


class PieceKind(NamedTuple):
    piece: int
    kind: int


class PieceAt(NamedTuple):
    piece: int
    kind: int
    at: Hex


SETUP_TILE = Step(
    "setup_tile",
    "Set-up: choose a tile for your starting island",
    legal_tile,
    refusal(legal_tile, refuse_tile),
    choose_tile,
    Args=Piece,
    word="starting island tile",
)


SETUP_PLACE = Step(
    "setup_place",
    "Set-up: place the starting-island tile",
    legal_place,
    refusal(legal_place, refuse_place),
    place,
    Args=PieceKind,
    settle=settle_place,
    word="starting island place",
)


SETUP_ROTATE = Step(
    "setup_rotate",
    "Set-up: rotate the starting-island tile",
    legal_rotate,
    refusal(legal_rotate, refuse_rotate),
    rotate,
    Args=PieceAt,
    settle=settle_rotate,
    word="starting island rotate",
)


SETUP_CRITTER = Step(
    "setup_critter",
    "Set-up: place your Trio critter",
    legal_critter,
    refusal(legal_critter, refuse_critter),
    place_critter,
    settle=settle_critter,
    word="Trio critter",
)


class Drawn(NamedTuple):
    drawn: tuple[str, ...]  # the grid cards dealt so far (placed or set aside)


class DrawnPower(NamedTuple):
    drawn: tuple[str, ...]
    power: str


DEAL = Step("deal", "dealing the power grid", outcomes=deal_outcomes, apply=deal, Args=Drawn)


DEAL_SLOT = Step(
    "deal_slot",
    "dealing the power grid",
    outcomes=slot_outcomes,
    apply=deal_slot,
    Args=DrawnPower,
    word="deal",
)


COIN = Step("coin", "the dispute dhoobloon", outcomes=coin_outcomes, apply=coin, word="dispute")


class Picks(NamedTuple):
    picks: tuple[int, ...]  # the seats that take a bonus resource after this one


BONUS = Step(
    "bonus",
    "Set-up: take a bonus resource",
    legal_bonus,
    refusal(legal_bonus, refuse_bonus),
    take_bonus,
    Args=Picks,
    word="bonus resource",
)
