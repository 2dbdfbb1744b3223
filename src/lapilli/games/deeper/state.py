"""The Deeper position: the ocean, the decks and market, each player's boards and cards.

Plain position data, each field declared once (``core.fields`` derives copies, saving
and loading from the declarations); ``check`` keeps only Deeper's own invariants of a
loaded position. The rules live in the modules named after the turn's parts
(``setup``, ``turn``, ``diving``, ``exploring``, ``habitat``, ``ending``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection, Iterable
from functools import cache
from itertools import count
from typing import Self, cast

from mypy_extensions import mypyc_attr

from lapilli.core.errors import MalformedInput
from lapilli.core.fields import Owned, PerSeat, Secret
from lapilli.core.flow import FlowState
from lapilli.core.state import Game
from lapilli.core.zones import Pool, Unseen, Zone

from .board import HATCH, Ocean, ocean
from .components import (
    BLUEPRINT_DECK,
    BLUEPRINTS,
    DECK_NAMES,
    DECKS,
    FOOD,
    FOOD_POINTS,
    INVENTORY_OPEN,
    LUNGS_OPEN,
    MILESTONES,
    NRES,
    RADIO,
    RESOURCES,
    ROCKETS,
    STORAGE_CELLS,
    TILES,
    UPGRADE_BIT,
    UPGRADES,
)
from .options import DeeperOptions

ENDS = ("", "rockets", "limit")
"""How a game stands: playing, over by the last rocket card, over by the round limit."""

_VERSIONS = count()
"""Numbers for the board and the decks, never reused: the same ``board_version`` (clones
keep it) means the same tiles and resources on them, the same ``decks_version`` the
same decks, so the bots' evaluation reads each once (``heuristics``)."""


@mypyc_attr(native_class=False)  # a Python class: its fields live in __dict__ (core.fields)
class DeeperState(FlowState):
    """A Deeper position; each field is saved as declared (who may see it with it)."""

    tiles: list[str | None]  # per cell: a tile id, HATCH, or None (open water to explore)
    res: list[int]  # resources on the board: res[cell * NRES + k]
    decks: Secret[list[Zone[str]]]  # the five depth decks (20m ... 100m), face down
    market: list[str]  # face-up tiles, in the order they arrived
    removed: tuple[str, ...]  # starting tiles terraformed away (no deck to go to)
    blueprints: Secret[Zone[str]]  # the blueprint deck, face down
    rockets: tuple[str, ...]  # rocket cards not yet built
    pawn: PerSeat[int]  # the cell of each diver
    air: PerSeat[int]
    inventory: PerSeat[list[int]]  # resource counts in RESOURCES order
    storage: PerSeat[list[int]]
    upgrades: PerSeat[int]  # bits of UPGRADE_BIT crafted
    milestones: PerSeat[int]  # bits (1 << level) of the explore milestones claimed
    built: PerSeat[tuple[str, ...]]  # blueprint cards built, in order
    rocket_cards: PerSeat[tuple[str, ...]]  # rocket cards each player built
    hands: Owned[Zone[str]]  # blueprint cards in hand, seen by their owner
    first: int  # the first player (-1 before it is drawn)
    round: int
    turns: int
    swum: bool  # the player to move took a Swim action this turn (Fins)
    end: str  # one of ENDS
    builder: int  # who built the final rocket card (-1: nobody)
    tie_winner: int  # the winner the builder named on a tie (-1: none named)

    def setup(self, game: Game, players: int) -> None:
        super().setup(game, players)
        # the board's layout follows from the player count: not a field (not annotated),
        # never saved, shared by clones
        self.ocean: Ocean = ocean(players)
        self.options = cast(DeeperOptions, game.options)  # the game's options, typed
        self.board_changed()
        self.decks_changed()

    def board_changed(self) -> None:
        """Every rule that changes the tiles or the resources on them calls this."""
        self.board_version = next(_VERSIONS)

    def decks_changed(self) -> None:
        """Every rule that changes the decks calls this."""
        self.decks_version = next(_VERSIONS)

    def changed(self) -> None:
        super().changed()
        self.board_changed()
        self.decks_changed()

    # -- what a player has --------------------------------------------------------
    def has(self, seat: int, upgrade: str) -> bool:
        return bool(self.upgrades[seat] & UPGRADE_BIT[upgrade])

    def lungs(self, seat: int) -> int:
        """Uncovered Lungs spaces."""
        return LUNGS_OPEN + _uncovered(self.upgrades[seat])[0]

    def inventory_size(self, seat: int) -> int:
        return INVENTORY_OPEN + _uncovered(self.upgrades[seat])[1]

    def storage_size(self, seat: int) -> int:
        return STORAGE_CELLS + sum(BLUEPRINTS[c].storage for c in self.built[seat])

    def inventory_room(self, seat: int) -> int:
        return self.inventory_size(seat) - sum(self.inventory[seat])

    def storage_room(self, seat: int) -> int:
        return self.storage_size(seat) - sum(self.storage[seat])

    def in_habitat(self, seat: int) -> bool:
        """On your own Hatch (default 7), or on any Hatch with the ``habitat=any`` option."""
        cell = self.pawn[seat]
        if self.options.habitat == "any":
            return self.tiles[cell] == HATCH
        return cell == self.ocean.hatches[seat]

    def level(self, seat: int) -> int:
        """The depth level of the player's hex: 0 at the surface, 1 = 20m ... 5 = 100m."""
        return self.ocean.levels[self.pawn[seat]]

    def on_tile(self, cell: int) -> list[int]:
        return self.res[cell * NRES : cell * NRES + NRES]

    # -- scores -------------------------------------------------------------------
    def breakdown(self, seat: int) -> dict[str, int]:
        """The end-of-game tally: blueprints, rockets, milestones, food in Storage."""
        return {
            "blueprints": sum(BLUEPRINTS[c].points for c in self.built[seat]),
            "rockets": sum(ROCKETS[c].points for c in self.rocket_cards[seat]),
            "milestones": sum(p for lv, p in MILESTONES.items() if self.milestones[seat] >> lv & 1),
            "food": FOOD_POINTS * self.storage[seat][FOOD],
        }

    def scores(self) -> list[float]:
        return [float(sum(self.breakdown(p).values())) for p in range(self.players)]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [self.breakdown(p) for p in range(self.players)]

    def tied(self) -> list[int]:
        scores = self.scores()
        best = max(scores)
        return [p for p in range(self.players) if scores[p] == best]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        if self.tie_winner >= 0:
            return [1.0 if p == self.tie_winner else 0.0 for p in range(self.players)]
        return super().returns()

    def hand_shown(self, p: int, seat: int | None) -> bool:
        """A blueprint hand is its owner's secret until the game is over; then every
        hand is shown beside the tally (the tie decision included)."""
        return bool(self.end) or self.hands[p].sees(seat)

    # -- hidden things ----------------------------------------------------------------
    def unseen(self) -> list[Unseen]:
        """Blueprint hands and the blueprint deck; the tile decks hold no secret a player
        could not count (every tile face is listed). Once the game is over the hands
        are shown, and the deck holds what is left: nothing to deal."""
        return [] if self.end else [Pool(self.blueprints, *self.hands)]

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Dealing the blueprint cards again leaves the board and the decks as they
        were: they keep their versions, so the bots read them once for all the worlds
        they deal (MCTS deals one an iteration)."""
        s = super().determinize(seat, rng)
        s.board_version, s.decks_version = self.board_version, self.decks_version
        return s

    # -- a loaded position: Deeper's own invariants ------------------------------------
    def check(self) -> None:
        _check_board(self)
        _check_tiles_once(self)
        _check_blueprints(self)
        _check_rockets(self)
        for p in range(self.players):
            _check_seat(self, p)
        _check_flow(self)


@cache
def _uncovered(bits: int) -> tuple[int, int]:
    """The Lungs spaces and Inventory cells the upgrades ``bits`` uncover (the bots ask
    for every position they look at)."""
    built = [u for k, u in UPGRADES.items() if bits & UPGRADE_BIT[k]]
    return sum(u.lungs for u in built), sum(u.inventory for u in built)


def _check_counts(counts: list[int], where: str) -> None:
    """A list of resource counts: one whole number of each resource, none negative."""
    if len(counts) != NRES:
        raise MalformedInput(f"{where} counts {NRES} resources ({', '.join(RESOURCES)})")
    for k, n in enumerate(counts):
        if n < 0:
            raise MalformedInput(f"{where}: {n!r} {RESOURCES[k]} is not a count")


def _check_board(s: DeeperState) -> None:
    """A tile or nothing on every hex, a Hatch on each Hatch space and nowhere else."""
    oc = s.ocean
    if len(s.tiles) != len(oc.cells):
        raise MalformedInput(f"the board of {s.players} players has {len(oc.cells)} hexes")
    if len(s.res) != len(oc.cells) * NRES:
        raise MalformedInput(f"the resources on the board are {NRES} counts per hex")
    for cell, tile in enumerate(s.tiles):
        name = oc.names[cell]
        if tile is None:
            continue
        if tile == HATCH:
            if cell not in oc.hatches:
                raise MalformedInput(f"{name} is not a Hatch space")
        elif tile not in TILES:
            raise MalformedInput(f"the board at {name}: {tile!r} is not a tile")
        elif cell in oc.hatches:
            raise MalformedInput(f"{name} is a Hatch, not a place for {tile}")
        _check_counts(s.on_tile(cell), name)
    for hatch in oc.hatches:
        if s.tiles[hatch] != HATCH:
            raise MalformedInput(f"the Hatch at {oc.names[hatch]} is missing")


def _check_tiles_once(s: DeeperState) -> None:
    """Each depth deck holds its own tiles; the market holds deck tiles and only
    starting tiles leave the game; no tile is in two places."""
    if len(s.decks) != len(DECK_NAMES):
        raise MalformedInput(f"the decks are {', '.join(DECK_NAMES)}")
    seen: Counter[str] = Counter(t for t in s.tiles if t is not None and t != HATCH)
    for name, deck, tiles in zip(DECK_NAMES, s.decks, DECKS, strict=True):
        for tile in [*deck.kinds(), *deck.under]:
            if tile not in tiles:
                raise MalformedInput(f"the {name} deck: {tile!r} does not belong here")
        seen.update(deck.items)  # counted, never spelled out: a count may be huge
        seen.update(deck.under)
    for key, laid in (("market", s.market), ("removed", s.removed)):
        for tile in laid:
            if tile not in TILES or (TILES[tile].level == 0) != (key == "removed"):
                raise MalformedInput(f"the {key}: {tile!r} is not a tile that can be there")
        seen.update(laid)
    twice = [t for t, k in seen.items() if k > 1]
    if twice:
        raise MalformedInput(f"the tile {twice[0]} is in two places")


def _check_blueprints(s: DeeperState) -> None:
    """Each blueprint card is in the deck, a hand or built, as often as it exists."""
    named: tuple[tuple[str, Iterable[str], Collection[str]], ...] = (
        ("the blueprint deck", [*s.blueprints.kinds(), *s.blueprints.under], BLUEPRINT_DECK),
        *((f"seat {p}'s hand", s.hands[p].kinds(), BLUEPRINTS) for p in range(s.players)),
        *((f"seat {p}'s built cards", s.built[p], BLUEPRINTS) for p in range(s.players)),
    )
    for where, cards, known in named:
        for card in cards:
            if card not in known:
                raise MalformedInput(f"{where}: {card!r} does not belong here")
    have: Counter[str] = Counter(s.blueprints.items) + Counter(s.blueprints.under)
    for p in range(s.players):
        have.update(s.hands[p].items)
        have.update(s.built[p])
    want = Counter({**BLUEPRINT_DECK, RADIO: s.players})
    if have != want:
        wrong = sorted(set(have) ^ set(want) | {c for c in have if have[c] != want[c]})
        raise MalformedInput(f"the blueprint cards do not add up (check {', '.join(wrong)})")


def _check_rockets(s: DeeperState) -> None:
    """Each rocket card is left or built, once."""
    if any(r not in ROCKETS for r in s.rockets) or len(set(s.rockets)) != len(s.rockets):
        raise MalformedInput(f"the rocket cards left are some of {', '.join(ROCKETS)}, once each")
    for p in range(s.players):
        if any(c not in ROCKETS for c in s.rocket_cards[p]):
            raise MalformedInput(f"seat {p}: {s.rocket_cards[p]!r} are not rocket cards")
    built = [c for p in range(s.players) for c in s.rocket_cards[p]]
    if sorted([*built, *s.rockets]) != sorted(ROCKETS):
        raise MalformedInput("the rocket cards do not add up: each is left or built, once")


ALL_UPGRADES = sum(UPGRADE_BIT.values())
ALL_MILESTONES = sum(1 << lv for lv in MILESTONES)


def _check_seat(s: DeeperState, p: int) -> None:
    """A diver on a tile, upgrades and milestones that exist, air within the Lungs,
    resources within the Inventory and Storage."""
    where = f"seat {p}"
    cell = s.pawn[p]
    if not 0 <= cell < len(s.ocean.cells):
        raise MalformedInput(f"{where}: the pawn is on no hex of the board ({cell})")
    if s.tiles[cell] is None:
        raise MalformedInput(f"{where}: the pawn is on {s.ocean.names[cell]}, which has no tile")
    if s.upgrades[p] < 0 or s.upgrades[p] & ~ALL_UPGRADES:
        raise MalformedInput(
            f"{where}: {s.upgrades[p]} is not an upgrade set ({', '.join(UPGRADES)})"
        )
    if s.milestones[p] < 0 or s.milestones[p] & ~ALL_MILESTONES:
        raise MalformedInput(f"{where}: {s.milestones[p]} names a milestone that does not exist")
    if not 0 <= s.air[p] <= s.lungs(p):
        raise MalformedInput(f"{where}: {s.air[p]} air in Lungs of {s.lungs(p)}")
    _check_counts(s.inventory[p], f"{where}'s Inventory")
    _check_counts(s.storage[p], f"{where}'s Storage")
    if s.inventory_room(p) < 0 or s.storage_room(p) < 0:
        raise MalformedInput(f"{where}: more resources than cells in the Inventory or Storage")


def _check_flow(s: DeeperState) -> None:
    seats = range(-1, s.players)
    if s.first not in seats or s.builder not in seats or s.tie_winner not in seats:
        raise MalformedInput("the first player, builder or tie winner is not a seat")
    if s.end not in ENDS:
        raise MalformedInput(f"the game cannot end by {s.end!r}")
