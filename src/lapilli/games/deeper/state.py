"""The Deeper position: the ocean, the decks and market, each player's boards and cards.

The rules live in the modules named after the turn's parts (``setup``, ``turn``,
``diving``, ``exploring``, ``habitat``); this module stores the position, copies and
saves it, and says what each seat may see.
"""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import FlowState
from lapilli.core.zones import Pool, Unseen, Zone, seats_mask

from .board import HATCH, Ocean, ocean
from .components import (
    BLUEPRINTS,
    DECK_NAMES,
    FOOD,
    MILESTONES,
    NRES,
    PLAYER,
    RESOURCES,
    ROCKETS,
    ROW_METRES,
    UPGRADE_BIT,
    UPGRADES,
)
from .steps import STEPS


class DeeperState(FlowState):
    STEPS = STEPS

    game: Any
    n: int
    ocean: Ocean
    tiles: list[str | None]  # per cell: a tile id, HATCH, or None (open water to explore)
    res: list[int]  # resources on the board: res[cell * NRES + k]
    decks: list[Zone]  # the five depth decks (20m ... 100m), face down
    market: list[str]  # face-up tiles, in the order they arrived
    removed: list[str]  # starting tiles terraformed away (they have no deck to go to)
    blueprints: Zone  # the blueprint deck, face down
    rockets: list[str]  # rocket cards not yet built
    pawn: list[int]
    air: list[int]
    inventory: list[list[int]]
    storage: list[list[int]]
    upgrades: list[int]  # bits of UPGRADE_BIT crafted
    milestones: list[int]  # bits (1 << level) of the explore milestones claimed
    built: list[list[str]]  # blueprint cards built, in order
    rocket_cards: list[list[str]]  # rocket cards each player built
    hands: list[Zone]  # blueprint cards in hand, seen by their owner
    first: int  # the first player (-1 before it is drawn)
    round: int
    turns: int
    swum: bool  # the player to move took a Swim action this turn (Fins)
    end: str  # "" while playing; "rockets" or "limit" at the end
    builder: int  # who built the final rocket card (-1: nobody)
    tie_winner: int  # the winner the builder named on a tie (-1: none named)

    # -- who plays --------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def seat_label(self, seat: int) -> str:
        from .text import seat_label

        return seat_label(self, seat)

    # -- what a player has --------------------------------------------------------
    def has(self, seat: int, upgrade: str) -> bool:
        return bool(self.upgrades[seat] & UPGRADE_BIT[upgrade])

    def lungs(self, seat: int) -> int:
        """Uncovered Lungs spaces."""
        bits = self.upgrades[seat]
        extra = sum(u.lungs for k, u in UPGRADES.items() if bits & UPGRADE_BIT[k])
        return PLAYER["lungs_open"] + extra

    def inventory_size(self, seat: int) -> int:
        bits = self.upgrades[seat]
        extra = sum(u.inventory for k, u in UPGRADES.items() if bits & UPGRADE_BIT[k])
        return PLAYER["inventory_open"] + extra

    def storage_size(self, seat: int) -> int:
        return PLAYER["storage_cells"] + sum(BLUEPRINTS[c].storage for c in self.built[seat])

    def inventory_room(self, seat: int) -> int:
        return self.inventory_size(seat) - sum(self.inventory[seat])

    def storage_room(self, seat: int) -> int:
        return self.storage_size(seat) - sum(self.storage[seat])

    def in_habitat(self, seat: int) -> bool:
        """On your own Hatch (default 7), or on any Hatch with the ``habitat=any`` option."""
        cell = self.pawn[seat]
        if self.game.options.habitat == "any":
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
            "food": PLAYER["food_points"] * self.storage[seat][FOOD],
        }

    def scores(self) -> list[float]:
        return [float(sum(self.breakdown(p).values())) for p in range(self.n)]

    def score_breakdown(self) -> list[dict[str, int]]:
        return [self.breakdown(p) for p in range(self.n)]

    def tied(self) -> list[int]:
        scores = self.scores()
        best = max(scores)
        return [p for p in range(self.n) if scores[p] == best]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        if self.tie_winner >= 0:
            return [1.0 if p == self.tie_winner else 0.0 for p in range(self.n)]
        return super().returns()

    # -- information ----------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        from .text import public_frame

        oc = self.ocean
        return {
            "players": self.n,
            "board": [
                {
                    "hex": oc.names[c],
                    "tile": self.tiles[c],
                    "resources": _named(self.on_tile(c)),
                }
                for c in range(len(oc.cells))
                if self.tiles[c] is not None
            ],
            "decks": {
                name: {"count": len(d), "bottom": list(d.under)}
                for name, d in zip(DECK_NAMES, self.decks, strict=True)
            },
            "market": list(self.market),
            "removed": list(self.removed),
            "blueprint_deck": len(self.blueprints),
            "rockets": list(self.rockets),
            "seats": [self._seat_view(p, seat) for p in range(self.n)],
            "first": self.first,
            "round": self.round,
            "turns": self.turns,
            "swum": self.swum,
            "end": self.end,
            "builder": self.builder,
            "tie_winner": self.tie_winner,
            "pending": public_frame(self),
            "decision": self.decision(),
        }

    def _seat_view(self, p: int, seat: int | None) -> dict[str, Any]:
        return {
            "hex": self.ocean.names[self.pawn[p]],
            "hatch": self.ocean.names[self.ocean.hatches[p]],
            "air": self.air[p],
            "lungs": self.lungs(p),
            "inventory": _named(self.inventory[p]),
            "inventory_size": self.inventory_size(p),
            "storage": _named(self.storage[p]),
            "storage_size": self.storage_size(p),
            "upgrades": [k for k in UPGRADES if self.has(p, k)],
            "milestones": [
                f"{lv * ROW_METRES}m" for lv in MILESTONES if self.milestones[p] >> lv & 1
            ],
            "built": list(self.built[p]),
            "rockets": list(self.rocket_cards[p]),
            "hand": sorted(self.hands[p].hidden()) if self.hand_shown(p, seat) else None,
            "hand_count": len(self.hands[p]),
            "score": sum(self.breakdown(p).values()),
        }

    def hand_shown(self, p: int, seat: int | None) -> bool:
        """A blueprint hand is its owner's secret until the game is over; then every
        hand is shown beside the tally (the tie decision included)."""
        return bool(self.end) or self.hands[p].sees(seat)

    def unseen(self) -> list[Unseen]:
        """Blueprint hands and the blueprint deck; the tile decks hold no secret a player
        could not count (every tile face is listed). Once the game is over the hands
        are shown, and the deck holds what is left: nothing to deal."""
        return [] if self.end else [Pool(self.blueprints, *self.hands)]

    # -- copies ---------------------------------------------------------------------
    def clone(self) -> DeeperState:
        s = DeeperState.__new__(DeeperState)
        s.game, s.n, s.ocean = self.game, self.n, self.ocean
        s.tiles = self.tiles[:]
        s.res = self.res[:]
        s.decks = [d.copy() for d in self.decks]
        s.market = self.market[:]
        s.removed = self.removed[:]
        s.blueprints = self.blueprints.copy()
        s.rockets = self.rockets[:]
        s.pawn = self.pawn[:]
        s.air = self.air[:]
        s.inventory = [x[:] for x in self.inventory]
        s.storage = [x[:] for x in self.storage]
        s.upgrades = self.upgrades[:]
        s.milestones = self.milestones[:]
        s.built = [x[:] for x in self.built]
        s.rocket_cards = [x[:] for x in self.rocket_cards]
        s.hands = [h.copy() for h in self.hands]
        s.first, s.round, s.turns, s.swum = self.first, self.round, self.turns, self.swum
        s.end, s.builder, s.tie_winner = self.end, self.builder, self.tie_winner
        s.stack = self.stack[:]
        s.narrate = self.narrate
        s._legal = self._legal
        return s

    def to_json(self) -> dict[str, Any]:
        oc = self.ocean
        return {
            "players": self.n,
            "board": {
                oc.names[c]: {"tile": t, "resources": _named(self.on_tile(c))}
                for c, t in enumerate(self.tiles)
                if t is not None
            },
            "decks": {n: d.to_json() for n, d in zip(DECK_NAMES, self.decks, strict=True)},
            "market": list(self.market),
            "removed": list(self.removed),
            "blueprint_deck": self.blueprints.to_json(),
            "rockets": list(self.rockets),
            "seats": [
                {
                    "hex": oc.names[self.pawn[p]],
                    "air": self.air[p],
                    "inventory": _named(self.inventory[p]),
                    "storage": _named(self.storage[p]),
                    "upgrades": [k for k in UPGRADES if self.has(p, k)],
                    "milestones": [
                        lv * ROW_METRES for lv in MILESTONES if self.milestones[p] >> lv & 1
                    ],
                    "built": list(self.built[p]),
                    "rockets": list(self.rocket_cards[p]),
                    "hand": self.hands[p].to_json(),
                }
                for p in range(self.n)
            ],
            "first": self.first,
            "round": self.round,
            "turns": self.turns,
            "swum": self.swum,
            "end": self.end,
            "builder": self.builder,
            "tie_winner": self.tie_winner,
            "stack": self.stack_json(),
        }

    # -- words ----------------------------------------------------------------------
    def action_text(self, action: Any) -> str:
        from .text import action_text

        return action_text(self, action)

    def event_text(self, event: dict[str, Any]) -> str:
        from .text import event_text

        return event_text(self, event)

    def render(self, seat: int | None) -> Any:
        from .text import render

        return render(self, seat)


def _named(counts: list[int]) -> dict[str, int]:
    return {RESOURCES[k]: n for k, n in enumerate(counts) if n}


def blank(game: Any, players: int) -> DeeperState:
    """A position with every field empty: set-up and loading fill it in."""
    s = DeeperState.__new__(DeeperState)
    s.game, s.n, s.ocean = game, players, ocean(players)
    cells = len(s.ocean.cells)
    s.tiles = [None] * cells
    s.res = [0] * (cells * NRES)
    s.decks = [Zone() for _ in DECK_NAMES]
    s.market, s.removed = [], []
    s.blueprints = Zone()
    s.rockets = []
    s.pawn = list(s.ocean.hatches)
    s.air = [0] * players
    s.inventory = [[0] * NRES for _ in range(players)]
    s.storage = [[0] * NRES for _ in range(players)]
    s.upgrades = [0] * players
    s.milestones = [0] * players
    s.built = [[] for _ in range(players)]
    s.rocket_cards = [[] for _ in range(players)]
    s.hands = [Zone(seen=seats_mask(p)) for p in range(players)]
    s.first, s.round, s.turns, s.swum = -1, 0, 0, False
    s.end, s.builder, s.tie_winner = "", -1, -1
    s.stack = []
    return s
