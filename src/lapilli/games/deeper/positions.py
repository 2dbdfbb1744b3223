"""Positions from words: loading a saved position (every part checked, a damaged one
refused with ``MalformedInput`` naming what is wrong) and the position builder.

The builder describes a position in the rulebook's words, only what matters ("Player 1
is at H40 with 2 titanium and 1 air; G30 holds 40m-11"); the rest follows from set-up
by conservation (tiles and cards named are taken out of their decks), and the position
is entered at a named step of a player's turn.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from lapilli.core.errors import MalformedInput
from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.zones import Zone

from .board import HATCH
from .components import (
    BLUEPRINT_DECK,
    BLUEPRINTS,
    DECK_NAMES,
    DECKS,
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
from .state import DeeperState, blank


def _fail(message: str) -> None:
    raise MalformedInput(f"Deeper position: {message}")


def _get(data: dict, key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        _fail(f"{where} has no {key!r}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(f"{where}: {key!r} is {value!r}")
    return value


def _counts(raw: Any, where: str) -> list[int]:
    if not isinstance(raw, dict):
        _fail(f"{where} is an object of resource counts, not {raw!r}")
    out = [0] * NRES
    for name, n in raw.items():
        if name not in RESOURCES:
            _fail(f"{where}: {name!r} is not a resource")
        if type(n) is not int or n < 0:
            _fail(f"{where}: {n!r} {name} is not a count")
        out[RESOURCES.index(name)] = n
    return out


def _zone(raw: Any, where: str, allowed: set[str], seen: int = 0) -> Zone:
    if not isinstance(raw, dict) or not isinstance(raw.get("items", {}), dict):
        _fail(f"{where} is an object with its items")
    items = raw.get("items", {})
    under = raw.get("under", [])
    if not isinstance(under, list):
        _fail(f"{where}: the cards under it are a list")
    for name, n in items.items():
        if name not in allowed or type(n) is not int or n < 0:
            _fail(f"{where}: {name!r} x{n!r} does not belong here")
    for name in under:
        if not isinstance(name, str) or name not in allowed:
            _fail(f"{where}: {name!r} does not belong here")
    zone = Zone(items, seen=seen)
    zone.under = list(under)
    return zone


def _hex(s: DeeperState, name: Any, where: str) -> int:
    cell = s.ocean.index.get(str(name).upper()) if isinstance(name, str) else None
    if cell is None:
        _fail(f"{where}: there is no hex {name!r} on the board")
    return cell  # type: ignore[return-value]


def state_from_json(game: Any, data: Any) -> DeeperState:
    """A position saved by ``to_json``; MalformedInput names what is wrong."""
    if not isinstance(data, dict):
        _fail("a position is an object")
    n = _get(data, "players", int, "the position")
    if n not in game.player_counts():
        _fail(f"{n} players (Deeper is for 1-4)")
    s = blank(game, n)
    seen: Counter[str] = Counter()
    _read_ocean(s, data, seen)
    _read_decks(s, data, seen)
    _read_cards(s, data)
    seats = _get(data, "seats", list, "the position")
    if len(seats) != n:
        _fail(f"{len(seats)} seats for {n} players")
    for p, raw in enumerate(seats):
        _seat(s, p, raw)
    _conserve_cards(s)
    # the flow of play
    for key in ("first", "round", "turns", "builder", "tie_winner"):
        setattr(s, key, _get(data, key, int, "the position"))
    if not -1 <= s.first < n or not -1 <= s.builder < n or not -1 <= s.tie_winner < n:
        _fail("the first player, builder or tie winner is not a seat")
    s.swum = _get(data, "swum", bool, "the position")
    s.end = _get(data, "end", str, "the position")
    if s.end not in ("", "rockets", "limit"):
        _fail(f"the game cannot end by {s.end!r}")
    s.stack = s.stack_from_json(data.get("stack"))
    return s


def _read_ocean(s: DeeperState, data: dict[str, Any], seen: Counter[str]) -> None:
    """The tiles on the board with their resources, a Hatch on each Hatch space."""
    oc = s.ocean
    board = _get(data, "board", dict, "the position")
    for name, raw in board.items():
        cell = _hex(s, name, "the board")
        if not isinstance(raw, dict):
            _fail(f"the board at {name} is an object")
        tile = raw.get("tile")
        if not isinstance(tile, str):
            _fail(f"the board at {name}: {tile!r} is not a tile")
        if tile == HATCH:
            if cell not in oc.hatches:
                _fail(f"{name} is not a Hatch space")
        elif tile not in TILES:
            _fail(f"the board at {name}: {tile!r} is not a tile")
        elif cell in oc.hatches:
            _fail(f"{name} is a Hatch, not a place for {tile}")
        else:
            seen[tile] += 1
        s.tiles[cell] = tile
        s.res[cell * NRES : cell * NRES + NRES] = _counts(raw.get("resources", {}), f"{name}")
    for hatch in oc.hatches:
        if s.tiles[hatch] != HATCH:
            _fail(f"the Hatch at {oc.names[hatch]} is missing")


def _read_decks(s: DeeperState, data: dict[str, Any], seen: Counter[str]) -> None:
    """The depth decks, the market and the removed tiles; no tile in two places."""
    decks = _get(data, "decks", dict, "the position")
    if sorted(decks) != sorted(DECK_NAMES):
        _fail(f"the decks are {', '.join(DECK_NAMES)}")
    s.decks = [
        _zone(decks[name], f"the {name} deck", set(DECKS[i])) for i, name in enumerate(DECK_NAMES)
    ]
    for deck in s.decks:
        seen.update(deck.hidden())
        seen.update(deck.under)
    for key in ("market", "removed"):
        tiles = _get(data, key, list, "the position")
        for tile in tiles:
            # the market holds deck tiles; only a starting tile (no deck) leaves the game
            if (
                not isinstance(tile, str)
                or tile not in TILES
                or (TILES[tile].level == 0) != (key == "removed")
            ):
                _fail(f"the {key}: {tile!r} is not a tile that can be there")
        seen.update(tiles)
        setattr(s, key, list(tiles))
    twice = [t for t, k in seen.items() if k > 1]
    if twice:
        _fail(f"the tile {twice[0]} is in two places")


def _read_cards(s: DeeperState, data: dict[str, Any]) -> None:
    """The blueprint deck and the rocket cards left, each once."""
    s.blueprints = _zone(data.get("blueprint_deck"), "the blueprint deck", set(BLUEPRINT_DECK))
    rockets = _get(data, "rockets", list, "the position")
    if any(not isinstance(r, str) or r not in ROCKETS for r in rockets) or len(set(rockets)) != len(
        rockets
    ):
        _fail(f"the rocket cards left are some of {', '.join(ROCKETS)}, once each")
    s.rockets = list(rockets)


def _seat(s: DeeperState, p: int, raw: Any) -> None:
    where = f"seat {p}"
    if not isinstance(raw, dict):
        _fail(f"{where} is an object")
    cell = _hex(s, raw.get("hex"), where)
    if s.tiles[cell] is None:
        _fail(f"{where}: the pawn is on {s.ocean.names[cell]}, which has no tile")
    s.pawn[p] = cell
    ups = _get(raw, "upgrades", list, where)
    for u in ups:
        if not isinstance(u, str) or u not in UPGRADES:
            _fail(f"{where}: {u!r} is not an upgrade")
        s.upgrades[p] |= UPGRADE_BIT[u]
    for depth in _get(raw, "milestones", list, where):
        if type(depth) is not int or depth // ROW_METRES not in MILESTONES:
            _fail(f"{where}: there is no {depth!r} m milestone")
        s.milestones[p] |= 1 << (depth // ROW_METRES)
    built = _get(raw, "built", list, where)
    if any(not isinstance(c, str) or c not in BLUEPRINTS for c in built):
        _fail(f"{where}: the built cards are blueprints")
    s.built[p] = list(built)
    rockets = _get(raw, "rockets", list, where)
    if any(not isinstance(c, str) or c not in ROCKETS for c in rockets):
        _fail(f"{where}: {rockets!r} are not rocket cards")
    s.rocket_cards[p] = list(rockets)
    s.hands[p] = _zone(raw.get("hand"), f"{where}'s hand", set(BLUEPRINTS), s.hands[p].seen)
    air = _get(raw, "air", int, where)
    if not 0 <= air <= s.lungs(p):
        _fail(f"{where}: {air} air in Lungs of {s.lungs(p)}")
    s.air[p] = air
    s.inventory[p] = _counts(raw.get("inventory"), f"{where}'s Inventory")
    s.storage[p] = _counts(raw.get("storage"), f"{where}'s Storage")
    if s.inventory_room(p) < 0 or s.storage_room(p) < 0:
        _fail(f"{where}: more resources than cells in the Inventory or Storage")


def _conserve_cards(s: DeeperState) -> None:
    """Each blueprint card is in the deck, a hand or built, as often as it exists; each
    rocket card is left or built once."""
    have: Counter[str] = Counter(s.blueprints.hidden()) + Counter(s.blueprints.under)
    for p in range(s.n):
        have.update(s.hands[p].hidden())
        have.update(s.built[p])
    want = Counter({**BLUEPRINT_DECK, RADIO: s.n})
    if have != want:
        wrong = sorted(set(have) ^ set(want) | {c for c in have if have[c] != want[c]})
        _fail(f"the blueprint cards do not add up (check {', '.join(wrong)})")
    built = [c for p in range(s.n) for c in s.rocket_cards[p]]
    if sorted(built + s.rockets) != sorted(ROCKETS):
        _fail("the rocket cards do not add up: each is left or built, once")


# -- the position builder ----------------------------------------------------------------------
def position(
    game: Any,
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
    from .setup import new_state
    from .turn import ACT, BREATHE, END_TURN, TURN

    s = new_state(game, game.check_players(players))
    data = s.to_json()
    board = data["board"]
    for name, tile in (tiles or {}).items():
        board[name.upper()] = {"tile": tile, "resources": _printed(tile)}
    for name, res in (resources or {}).items():
        if name.upper() not in board:
            _fail(f"there is no tile at {name} to hold resources")
        board[name.upper()]["resources"] = res
    data["market"] = list(market)
    named = [t for t in (tiles or {}).values() if TILES[t].level] + list(market)
    for deck_name, deck in zip(DECK_NAMES, DECKS, strict=True):
        left_in = Counter(deck) - Counter(named)
        data["decks"][deck_name] = {"items": dict(left_in)}
    cards: Counter[str] = Counter(BLUEPRINT_DECK)
    for p, raw in (seats or {}).items():
        seat = data["seats"][p]
        for key, value in raw.items():
            seat[key] = value
        hand = list(raw.get("hand", [RADIO] if RADIO not in raw.get("built", []) else []))
        seat["hand"] = {"items": dict(Counter(hand))}
        cards -= Counter(c for c in [*hand, *raw.get("built", [])] if c != RADIO)
        if "rockets" in raw:
            data["rockets"] = [r for r in data["rockets"] if r not in raw["rockets"]]
    data["blueprint_deck"] = {"items": dict(cards)}
    data.update(first=0, round=1, turns=1, swum=swum)
    s = state_from_json(game, data)
    if left == 0:
        return enter(s, TURN(seat=to_move))  # the start of the turn
    return enter(s, ACT(to_move, left=left), BREATHE(seat=to_move), END_TURN(seat=to_move))


def _printed(tile: str) -> dict[str, int]:
    return {RESOURCES[k]: n for k, n in enumerate(TILES[tile].resources) if n}


AT = {"turn": 0, "actions": 2, "second action": 1}
"""Where a turn may resume: its start, its two actions, its second action."""


def build(game: Any, description: Any) -> DeeperState:
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
NAMED = {"hand": BLUEPRINTS, "built": BLUEPRINTS, "upgrades": UPGRADES, "rockets": ROCKETS}
"""The seat's lists of cards and upgrades, by name."""
