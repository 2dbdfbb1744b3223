"""Placing hex tiles: Explore, Scan, Terraform, the tile market, Sea Glide, Scanner and the
explore milestones (achievements)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.hexgrid import FLAT_TOP

from .actions import DECLINE, GLIDE, STAY, act
from .board import HATCH
from .components import (
    DECK_NAMES,
    EDGE_NAMES,
    HATCH_EDGES,
    MARKET_SIZE,
    MILESTONES,
    NRES,
    RESOURCES,
    ROW_METRES,
    SCAN_DRAWS,
    SCANNER,
    SEA_GLIDE,
    TERRAFORM_FEWER,
    TILES,
)
from .events import Events, Placed, Placing

if TYPE_CHECKING:
    from .state import DeeperState


# -- legal tile placement ----------------------------------------------------------------
def mismatch(s: DeeperState, tile: str, cell: int) -> str | None:
    """Why ``tile`` may not lie on ``cell``: each of its edges must match the edge it
    touches on every placed neighbour (water never touches rock; a Hatch's sky takes
    nothing). Tiles never rotate."""
    edges = TILES[tile].edges
    around = s.ocean.neighbours[cell]
    for d in range(6):
        n = around[d]
        if n < 0:
            continue
        other = s.tiles[n]
        if other is None:
            continue
        theirs = (HATCH_EDGES if other == HATCH else TILES[other].edges)[(d + 3) % 6]
        if theirs != edges[d]:
            return (
                f"Legal tile placement: its {FLAT_TOP[d]} edge ({EDGE_NAMES[edges[d]]}) would "
                f"touch the {EDGE_NAMES[theirs]} edge of {s.ocean.names[n]}"
            )
    return None


def fits(s: DeeperState, tile: str, cell: int) -> bool:
    edges = TILES[tile].edges
    tiles = s.tiles
    for d, n in enumerate(s.ocean.neighbours[cell]):
        if n >= 0:
            other = tiles[n]
            if other is not None:
                theirs = HATCH_EDGES if other == HATCH else TILES[other].edges
                if theirs[(d + 3) % 6] != edges[d]:
                    return False
    return True


def open_spots(s: DeeperState, seat: int) -> list[int]:
    """Empty hexes next to the player's tile, inside the board (defaults 4 and 10)."""
    tiles = s.tiles
    return [n for n in s.ocean.neighbours[s.pawn[seat]] if n >= 0 and tiles[n] is None]


def place(
    s: DeeperState, seat: int, tile: str, cell: int, how: Placing, replaced: str | None = None
) -> tuple[Events, list[Frame]]:
    """Lay ``tile`` on ``cell`` (in place of the tile Terraform ``replaced``) and add its
    resources from the supply; the first tile a player places at a depth claims that
    depth's milestone (default 15)."""
    s.tiles[cell] = tile
    base = cell * NRES
    for k, n in enumerate(TILES[tile].resources):
        s.res[base + k] = n
    s.board_changed()
    at = s.ocean.names[cell]
    placed: Placed = (
        {"type": "placed", "seat": seat, "tile": tile, "at": at, "how": how}
        if replaced is None
        else {
            "type": "placed",
            "seat": seat,
            "tile": tile,
            "at": at,
            "how": how,
            "replaced": replaced,
        }
    )
    events: Events = [placed]
    if s.options.milestones == "place":
        claimed, frames = claim(s, seat, cell)
        return events + claimed, frames
    return events, []


def after_explore(s: DeeperState, seat: int, cell: int) -> list[Frame]:
    """Sea Glide: when you explore you may also move into the new tile (default 22)."""
    if s.has(seat, SEA_GLIDE) and s.pawn[seat] != cell:
        return [GLIDE_STEP(seat, at=s.ocean.names[cell])]
    return []


# -- achievements ------------------------------------------------------------------------
def claim(s: DeeperState, seat: int, cell: int) -> tuple[Events, list[Frame]]:
    """The first time you explore a new depth: score its milestone, draw a blueprint."""
    level = s.ocean.levels[cell]
    points = MILESTONES.get(level)
    if points is None or s.milestones[seat] >> level & 1:
        return [], []
    s.milestones[seat] |= 1 << level
    events: Events = [
        {"type": "milestone", "seat": seat, "depth": level * ROW_METRES, "points": points}
    ]
    return events, [DRAW_BLUEPRINT(seat=seat)] if s.blueprints else []


def entered(s: DeeperState, seat: int, cell: int) -> tuple[Events, list[Frame]]:
    """With the ``milestones=enter`` option a depth is explored by moving into it."""
    if s.options.milestones != "enter":
        return [], []
    return claim(s, seat, cell)


class SeatArgs(NamedTuple):
    seat: int


def _draw_blueprint(s: DeeperState, f: Frame, a: Action) -> Events:
    card, seat = a.arg("card"), f.args.seat
    s.blueprints.draw(card)
    s.hands[seat].put(card)
    return [
        {"type": "drew_blueprint", "seat": seat},
        {"type": "blueprint", "seat": seat, "card": card, "private": seat},
    ]


DRAW_BLUEPRINT = Step(
    "draw_blueprint",
    "a blueprint card is drawn from the deck",
    outcomes=lambda s, f: [(act("blueprint", card=c), p) for c, p in s.blueprints.draws()],
    apply=_draw_blueprint,
    Args=SeatArgs,
    word="blueprint draw",
)


# -- Explore -----------------------------------------------------------------------------
def explores(s: DeeperState, seat: int) -> list[Action]:
    spots = open_spots(s, seat)
    names = s.ocean.names
    return [act("explore", tile=t, at=names[c]) for t in s.market for c in spots if fits(s, t, c)]


def _spot(s: DeeperState, seat: int, a: Action, rule: str) -> tuple[int, str | None]:
    """The hex an action names and why it is not a hex next to the player (or None)."""
    cell = s.ocean.index.get(str(a.arg("at")).upper(), -1)
    if cell < 0:
        return cell, f"{rule}: there is no hex {a.arg('at')!r} on the board"
    if cell not in s.ocean.neighbours[s.pawn[seat]]:
        return cell, f"{rule}: the tile goes adjacent to your current tile"
    return cell, None


def refuse_explore(s: DeeperState, seat: int, a: Action) -> str | None:
    tile = a.arg("tile")
    if tile not in s.market:
        return f"Explore: take a tile from the tile market ({tile} is not in it)"
    cell, why = _spot(s, seat, a, "Explore")
    if why:
        return why
    if s.tiles[cell] is not None:
        return f"Explore: {s.ocean.names[cell]} already holds a tile (Terraform replaces one)"
    return mismatch(s, tile, cell)


def explore(s: DeeperState, seat: int, a: Action) -> Events:
    tile, cell = a.arg("tile"), s.ocean.index[a.arg("at")]
    s.market.remove(tile)
    events, frames = place(s, seat, tile, cell, "explore")
    then(s, *frames, *after_explore(s, seat, cell))
    return events


# -- Scan --------------------------------------------------------------------------------
def scan_decks(s: DeeperState, seat: int) -> range:
    """Default 3: the decks of your depth level or shallower; at the surface, 20m."""
    return range(1, max(1, s.level(seat)) + 1)


def scans(s: DeeperState, seat: int) -> list[Action]:
    return [act("scan", deck=DECK_NAMES[lv - 1]) for lv in scan_decks(s, seat) if s.decks[lv - 1]]


def refuse_scan(s: DeeperState, seat: int, a: Action) -> str | None:
    name = a.arg("deck")
    if name not in DECK_NAMES:
        return f"Scan: there is no {name} deck (decks: {', '.join(DECK_NAMES)})"
    level = DECK_NAMES.index(name) + 1
    if level not in scan_decks(s, seat):
        here = DECK_NAMES[max(1, s.level(seat)) - 1]
        return f"Scan: choose the deck of your current depth or shallower (you are at {here})"
    if not s.decks[level - 1]:
        return f"Scan: the {name} deck is empty"
    return None


def scan(s: DeeperState, seat: int, a: Action) -> Events:
    level = DECK_NAMES.index(a.arg("deck")) + 1
    then(s, SCAN_DRAW(seat=seat, deck=level, drawn=()))
    return [{"type": "scan", "seat": seat, "deck": a.arg("deck")}]


_DRAW = {t: act("draw", tile=t) for t in TILES}  # a search asks for them often


class ScanArgs(NamedTuple):
    seat: int
    deck: int  # 1 = 20m ... 5 = 100m
    drawn: tuple[str, ...]  # tiles drawn so far that could not be placed


def _scan_draw(s: DeeperState, f: Frame, a: Action) -> Events:
    seat, level = f.args.seat, f.args.deck
    tile = a.arg("tile")
    deck = s.decks[level - 1]
    deck.draw(tile)
    s.decks_changed()
    events: Events = [{"type": "drew_tile", "seat": seat, "tile": tile, "deck": level}]
    if any(fits(s, tile, c) for c in open_spots(s, seat)):
        then(s, PLACE(seat, tile=tile, drawn=f.args.drawn))
        return events
    drawn = (*f.args.drawn, tile)
    if len(drawn) < SCAN_DRAWS and deck:
        then(s, SCAN_DRAW(seat=seat, deck=level, drawn=drawn))
        return events
    # default 11: no legal tile; every drawn tile goes to the market
    s.market.extend(drawn)
    events.append({"type": "no_tile", "seat": seat, "tiles": list(drawn)})
    then(
        s, *trim_frames(s, seat), *([SCANNER_CHECK(seat=seat)] if SCANNER in s.built[seat] else [])
    )
    return events


SCAN_DRAW = Step(
    "scan_draw",
    "Scan: a tile is drawn from the chosen deck",
    outcomes=lambda s, f: [(_DRAW[t], p) for t, p in s.decks[f.args.deck - 1].draws()],
    apply=_scan_draw,
    Args=ScanArgs,
    word="scan",
)


class PlaceArgs(NamedTuple):
    tile: str
    drawn: tuple[str, ...]  # the other tiles drawn, for the market


def _place_spots(s: DeeperState, f: Frame) -> list[int]:
    return [c for c in open_spots(s, f.seat) if fits(s, f.args.tile, c)]


def _refuse_place(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    cell, why = _spot(s, f.seat, a, "Scan")
    if why:
        return why
    if s.tiles[cell] is not None:
        return f"Scan: {s.ocean.names[cell]} already holds a tile"
    return mismatch(s, f.args.tile, cell)


def _place(s: DeeperState, f: Frame, a: Action) -> Events:
    cell = s.ocean.index[a.arg("at")]
    events, frames = place(s, f.seat, f.args.tile, cell, "scan")
    s.market.extend(f.args.drawn)
    then(s, *trim_frames(s, f.seat), *frames, *after_explore(s, f.seat, cell))
    return events


PLACE = Step(
    "place",
    "Scan: place the drawn tile adjacent to your current tile",
    lambda s, f: [act("place", at=s.ocean.names[c]) for c in _place_spots(s, f)],
    _refuse_place,
    _place,
    Args=PlaceArgs,
    word="place the tile",
)


# -- the tile market ------------------------------------------------------------------------
def trim_frames(s: DeeperState, seat: int) -> list[Frame]:
    return [TRIM(seat)] if len(s.market) > MARKET_SIZE else []


def _refuse_trim(s: DeeperState, f: Frame, a: Action) -> str | None:
    if a.kind == "trim" and a.arg("tile") not in s.market:
        return f"Tile market: {a.arg('tile')} is not in the market"
    return None


def _trim(s: DeeperState, f: Frame, a: Action) -> Events:
    tile = a.arg("tile")
    s.market.remove(tile)
    s.decks[TILES[tile].level - 1].put_under(tile)
    s.decks_changed()
    then(s, *trim_frames(s, f.seat))
    return [{"type": "trimmed", "seat": f.seat, "tile": tile}]


TRIM = Step(
    "trim",
    f"Tile market: return tiles to the bottom of their decks until {MARKET_SIZE} remain",
    lambda s, f: [act("trim", tile=t) for t in s.market],
    _refuse_trim,
    _trim,
    word="tile market",
)


# -- Scanner: a Scan that produced no legal tile gives a free Explore ----------------------
def _scanner_check(s: DeeperState, f: Frame) -> Events:
    if explores(s, f.args.seat):
        then(s, FREE_EXPLORE(f.args.seat))
    return []


SCANNER_CHECK = Step("scanner", run=_scanner_check, Args=SeatArgs)


def _refuse_free_explore(s: DeeperState, f: Frame, a: Action) -> str | None:
    return refuse_explore(s, f.seat, a) if a.kind == "explore" else None


def _free_explore(s: DeeperState, f: Frame, a: Action) -> Events:
    return [] if a == DECLINE else explore(s, f.seat, a)


FREE_EXPLORE = Step(
    "free_explore",
    "Scanner: your Scan produced no legal tile; you may take a free Explore action",
    lambda s, f: [*explores(s, f.seat), DECLINE],
    _refuse_free_explore,
    _free_explore,
    word="free explore",
)


# -- Sea Glide ---------------------------------------------------------------------------------
class AtArgs(NamedTuple):
    at: str  # a hex, "H40"


def _glide(s: DeeperState, f: Frame, a: Action) -> Events:
    if a == STAY:
        return []
    cell = s.ocean.index[f.args.at]
    s.pawn[f.seat] = cell
    events, frames = entered(s, f.seat, cell)
    then(s, *frames)
    return [{"type": "glided", "seat": f.seat, "to": f.args.at}, *events]


GLIDE_STEP = Step(
    "glide",
    "Sea Glide: you may move into the new tile",
    lambda s, f: [GLIDE, STAY],
    None,
    _glide,
    Args=AtArgs,
    word="sea glide",
)


# -- Terraform -----------------------------------------------------------------------------------
def _targets(s: DeeperState, seat: int) -> list[int]:
    """Default 14: any adjacent placed tile except a Hatch."""
    tiles = s.tiles
    return [
        n
        for n in s.ocean.neighbours[s.pawn[seat]]
        if n >= 0 and tiles[n] is not None and tiles[n] != HATCH
    ]


def terraforms(s: DeeperState, seat: int) -> list[Action]:
    names = s.ocean.names
    return [
        act("terraform", tile=t, at=names[c])
        for t in s.market
        for c in _targets(s, seat)
        if fits(s, t, c)
    ]


def refuse_terraform(s: DeeperState, seat: int, a: Action) -> str | None:
    tile = a.arg("tile")
    if tile not in s.market:
        return f"Terraform: take a tile from the tile market ({tile} is not in it)"
    cell, why = _spot(s, seat, a, "Terraform")
    if why:
        return why
    if s.tiles[cell] is None:
        return f"Terraform: {s.ocean.names[cell]} holds no tile to replace (Explore it)"
    if s.tiles[cell] == HATCH:
        return "Terraform: a Hatch cannot be replaced"
    return mismatch(s, tile, cell)


def terraform(s: DeeperState, seat: int, a: Action) -> Events:
    tile, cell = a.arg("tile"), s.ocean.index[a.arg("at")]
    old = s.tiles[cell]
    assert old is not None
    discard(s, old)
    s.market.remove(tile)
    events, frames = place(s, seat, tile, cell, "terraform", replaced=old)
    kinds = [k for k in range(NRES) if s.res[cell * NRES + k]]
    fewer: list[Frame] = []
    if len(kinds) == 1:
        s.res[cell * NRES + kinds[0]] -= TERRAFORM_FEWER
        s.board_changed()
        events.append({"type": "fewer", "seat": seat, "resource": RESOURCES[kinds[0]]})
    elif kinds:
        fewer = [FEWER(seat, at=s.ocean.names[cell])]
    then(s, *fewer, *frames, *after_explore(s, seat, cell))
    return events


def discard(s: DeeperState, tile: str) -> None:
    """A terraformed tile goes to the bottom of its own deck, as market tiles do, and
    its resources to the supply; a starting tile has no deck and leaves the game."""
    level = TILES[tile].level
    if level:
        s.decks[level - 1].put_under(tile)
        s.decks_changed()
    else:
        s.removed += (tile,)


def _new_tile(s: DeeperState, f: Frame) -> list[int]:
    return s.on_tile(s.ocean.index[f.args.at])


def _refuse_fewer(s: DeeperState, f: Frame, a: Action) -> str | None:
    name = a.arg("resource")
    if a.kind == "fewer" and (name not in RESOURCES or not _new_tile(s, f)[RESOURCES.index(name)]):
        return f"Terraform: the new tile holds no {name}"
    return None


def _fewer(s: DeeperState, f: Frame, a: Action) -> Events:
    s.res[s.ocean.index[f.args.at] * NRES + RESOURCES.index(a.arg("resource"))] -= TERRAFORM_FEWER
    s.board_changed()
    return [{"type": "fewer", "seat": f.seat, "resource": a.arg("resource")}]


FEWER = Step(
    "fewer",
    "Terraform: the new tile gets one fewer resource, of your choice",
    lambda s, f: [act("fewer", resource=RESOURCES[k]) for k, n in enumerate(_new_tile(s, f)) if n],
    _refuse_fewer,
    _fewer,
    Args=AtArgs,
    word="terraform",
)
