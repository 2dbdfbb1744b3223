"""Positions from words: the position builder.

The builder describes a position in the rulebook's words, only what matters ("Player 1
is at H40 with 2 titanium and 1 air; G30 holds 40m-11"); the rest follows from set-up
by conservation (tiles and cards named are taken out of their decks), and the position
is entered at a named step of a player's turn. It is checked like a loaded position.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from lapilli.core.errors import MalformedInput
from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.state import Game
from lapilli.core.zones import Zone

from .board import HATCH
from .components import (
    BLUEPRINT_DECK,
    BLUEPRINTS,
    MILESTONES,
    NRES,
    RADIO,
    RESOURCES,
    ROCKETS,
    ROW_METRES,
    TILES,
    UPGRADE_BIT,
    UPGRADES,
)
from .setup import new_state
from .state import DeeperState
from .turn import ACT, BREATHE, END_TURN, TURN


def _fail(message: str) -> MalformedInput:
    return MalformedInput(f"Deeper position: {message}")


def _counts(raw: Any, where: str) -> list[int]:
    """Resource counts by name, as a list in ``RESOURCES`` order."""
    if not isinstance(raw, dict):
        raise _fail(f"{where} is an object of resource counts, not {raw!r}")
    out = [0] * NRES
    for name, n in raw.items():
        if name not in RESOURCES:
            raise _fail(f"{where}: {name!r} is not a resource")
        if type(n) is not int or n < 0:
            raise _fail(f"{where}: {n!r} {name} is not a count")
        out[RESOURCES.index(name)] = n
    return out


def _hex(s: DeeperState, name: Any, where: str) -> int:
    cell = s.ocean.index.get(str(name).upper()) if isinstance(name, str) else None
    if cell is None:
        raise _fail(f"{where}: there is no hex {name!r} on the board")
    return cell


# -- the position builder ----------------------------------------------------------------------
def position(
    game: Game,
    players: int = 2,
    *,
    tiles: dict[str, str] | None = None,
    resources: dict[str, dict[str, int]] | None = None,
    market: list[str] | tuple[str, ...] = (),
    seats: dict[int, dict[str, Any]] | None = None,
    to_move: int = 0,
    left: int = 2,
    swum: bool = False,
) -> DeeperState:
    """A position at the start of ``to_move``'s action ``left`` (of 2; 0: the start
    of the turn, before the actions), as described.

    ``tiles``: hex -> tile id (its printed resources on it unless ``resources`` says
    otherwise); ``market``: tile ids; ``seats``: per seat any of ``hex``, ``air``,
    ``inventory``, ``storage`` (resource -> count), ``upgrades``, ``milestones`` (metres),
    ``built``, ``hand`` (blueprint ids), ``rockets`` (rocket cards built). Tiles and cards
    named leave their decks; the result is checked like a loaded position.
    """
    s = new_state(game, game.check_players(players))
    _place_tiles(s, tiles or {}, resources or {}, list(market))
    cards: Counter[str] = Counter(BLUEPRINT_DECK)
    for p, raw in (seats or {}).items():
        _seat(s, p, raw)
        cards -= Counter(c for c in [*s.hands[p].hidden(), *s.built[p]] if c != RADIO)
        s.rockets = tuple(r for r in s.rockets if r not in s.rocket_cards[p])
    s.blueprints = Zone(dict(cards))
    s.first, s.round, s.turns, s.swum = 0, 1, 1, swum
    s.changed()
    try:
        s.check()
    except MalformedInput as exc:
        raise _fail(str(exc)) from None
    if left == 0:
        enter(s, TURN(seat=to_move), turn_of=to_move)  # the start of the turn
    else:
        enter(s, ACT(to_move, left=left), BREATHE(seat=to_move), END_TURN(seat=to_move))
    return s


def _place_tiles(
    s: DeeperState,
    tiles: Mapping[str, str],
    resources: Mapping[str, Mapping[str, int]],
    market: list[str],
) -> None:
    """Tiles named on the board (with their printed resources unless ``resources``
    says otherwise) and in the market leave their decks."""
    for name, tile in tiles.items():
        cell = _hex(s, name, "the board")
        if tile not in TILES:
            raise _fail(f"the board at {name}: {tile!r} is not a tile")
        s.tiles[cell] = tile
        s.res[cell * NRES : cell * NRES + NRES] = TILES[tile].resources
    for name, res in resources.items():
        cell = _hex(s, name, "the resources")
        if s.tiles[cell] is None:
            raise _fail(f"there is no tile at {name} to hold resources")
        s.res[cell * NRES : cell * NRES + NRES] = _counts(res, name)
    if any(tile not in TILES for tile in market):
        raise _fail(f"the market: {market!r} are not all tiles")
    s.market = market
    named = Counter([t for t in tiles.values() if TILES[t].level] + market)
    s.decks = [Zone(dict(Counter(deck) - named)) for deck in s.options.decks()]


def _seat(s: DeeperState, p: int, raw: Mapping[str, Any]) -> None:
    """A seat as described (see ``position``); what is left out stays as set up."""
    where = f"seat {p}"
    if "hex" in raw:
        s.pawn[p] = _hex(s, raw["hex"], where)
    s.upgrades[p] = _bits(raw.get("upgrades", []), UPGRADE_BIT, f"{where}: upgrades")
    milestones = {f"{lv * ROW_METRES}": 1 << lv for lv in MILESTONES}
    depths = [str(d) for d in raw.get("milestones", [])]
    s.milestones[p] = _bits(depths, milestones, f"{where}: milestones (in metres)")
    s.built[p] = tuple(raw.get("built", []))
    s.rocket_cards[p] = tuple(raw.get("rockets", []))
    hand = raw.get("hand", [RADIO] if RADIO not in s.built[p] else [])
    s.hands[p] = Zone(list(hand), seen=s.hands[p].seen)
    if "air" in raw:
        s.air[p] = raw["air"]
    if "inventory" in raw:
        s.inventory[p] = _counts(raw["inventory"], f"{where}'s Inventory")
    if "storage" in raw:
        s.storage[p] = _counts(raw["storage"], f"{where}'s Storage")


def _bits(names: Sequence[Any], bits: Mapping[str, int], where: str) -> int:
    out = 0
    for name in names:
        if name not in bits:
            raise _fail(f"{where}: {name!r} is not one of {', '.join(bits)}")
        out |= bits[name]
    return out


def _printed(tile: str) -> dict[str, int]:
    return {RESOURCES[k]: n for k, n in enumerate(TILES[tile].resources) if n}


AT = {"turn": 0, "actions": 2, "second action": 1}
"""Where a turn may resume: its start, its two actions, its second action."""


def build(game: Game, description: Any) -> DeeperState:
    """The position a description names (a dict, or TOML: see ``docs/positions.md``):
    ``tiles`` and ``resources`` by hex, the ``market``, per seat (``seats."Player
    1"``) any of ``hex``, ``air``, ``inventory``, ``storage``, ``upgrades``,
    ``milestones``, ``built``, ``hand``, ``rockets``, and ``turn = { seat, at }``."""
    desc = Description(description, "the position", "Deeper")
    players = game.check_players(desc.take("players", int, game.default_players()))
    labels = [f"Player {p + 1}" for p in range(players)]
    seat, at = turn_of(desc, labels, AT, "actions")
    tiles = desc.take("tiles", dict, {})
    for name, tile in tiles.items():
        if not isinstance(tile, str) or tile not in TILES or tile == HATCH:
            desc.fail(f"the tile at {name}: {tile!r} is not a tile (like 40m-11)")
    seats = {seat_of(k, labels, "Deeper"): v for k, v in desc.part("seats").items()}
    for p, raw in seats.items():
        part = Description(raw, f"seats, {labels[p]}", "Deeper")
        for key, kind in SEAT_KEYS.items():
            if key in NAMED:
                part.names(key, NAMED[key], f"one of the {key}")
            else:
                part.take(key, kind, None)
        part.done()  # every key is one the builder knows
    state = position(
        game,
        players,
        tiles={str(k): v for k, v in tiles.items()},
        resources=desc.take("resources", dict, {}),
        market=desc.names("market", TILES, "a tile"),
        seats=seats,
        to_move=seat,
        left=AT[at],
    )
    desc.done()
    return state


SEAT_KEYS = {
    "hex": str,
    "air": int,
    "inventory": dict,
    "storage": dict,
    "upgrades": list,
    "milestones": list,
    "built": list,
    "hand": list,
    "rockets": list,
}
"""What a seat's table may name, and of which kind."""
NAMED: dict[str, Mapping[str, object]] = {
    "hand": BLUEPRINTS,
    "built": BLUEPRINTS,
    "upgrades": UPGRADES,
    "rockets": ROCKETS,
}
"""The seat's lists of cards and upgrades, by name."""
