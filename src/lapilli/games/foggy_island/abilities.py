"""The mercenaries' abilities, used when a mercenary is placed face up.

A mixin of ``FoggyState``: each ability is a step of the turn, taken right after the
placement (Hippo, Fox, Snake, Mouses, Mole, Prairie Dog, Turtle) or at the start of its
owner's turn (Hippo, Frog). Abilities act only on face-up, coloured tokens: white tokens
are neutral and face-down ones may not be looked at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import bag
from lapilli.core.actions import Action
from lapilli.core.state import Event

from .board import ADJACENT, QUADRANT_OF, TILE_INDEX, TILE_NAMES, TILES
from .tokens import colour_of, is_white

if TYPE_CHECKING:
    from .rules import FoggyState

    _Base = FoggyState
else:
    _Base = object


class MercenaryAbilities(_Base):
    __slots__ = ()

    def _frog_tile(self, seat: int) -> int | None:
        for t in TILES:
            token = self.board[t]
            if token is not None and token[0] == "frog" and token[1] == seat and token[2]:
                return t
        return None

    def _frog_moves(self, seat: int) -> list[int]:
        tile = self._frog_tile(seat)
        if tile is None:
            return []
        return [t for t in ADJACENT[tile] if self.board[t] is None and self.open[QUADRANT_OF[t]]]

    def _ability(self, seat: int, tile: int, kind: str) -> None:
        """A face-up mercenary's ability, right after it is placed."""
        self.ctx = {"normal": self.ctx["normal"], "tile": tile, "kind": kind}
        if kind == "hippo" and self._hippo_second_tiles(tile):
            self.phase = "hippo_second"
        elif kind in ("fox", "snake", "mouses", "mole") and self._target_tiles(kind, tile, seat):
            self.phase = "target"
        elif kind == "prairie_dog" and len(self._movable_next_to(tile)) >= 2:
            self.phase = "prairie_first"
        else:
            if kind == "turtle":
                # Turtle: you, then your opponent, each place one extra token at once
                self.pending[:0] = [seat, (seat + 1) % self.n]
            self._end_placement(seat)

    def _movable(self, tile: int) -> bool:
        """Abilities move only face-up, coloured tokens (white ones are neutral)."""
        token = self.board[tile]
        return token is not None and token[2] and not is_white(token[0])

    def _movable_next_to(self, tile: int) -> list[int]:
        return [t for t in ADJACENT[tile] if self._movable(t)]

    def _adjacent_targets(self, tile: int, seat: int) -> list[int]:
        """Opponent tokens next to ``tile`` (Mouses, Mole and Fox act on these)."""
        enemy = 1 - self.side(seat)
        return [t for t in self._movable_next_to(tile) if self.board[t][1] % 2 == enemy]

    def _target_tiles(self, kind: str, tile: int, seat: int) -> list[int]:
        if kind in ("mouses", "mole"):
            return self._adjacent_targets(tile, seat)
        # Fox (next to it) and Snake (anywhere): the token's owner swaps it from their hand
        enemy = 1 - self.side(seat)
        tiles = (
            self._adjacent_targets(tile, seat)
            if kind == "fox"
            else [t for t in TILES if self._movable(t) and self.board[t][1] % 2 == enemy]
        )
        return [t for t in tiles if self.hands[self.board[t][1]]]

    def _hippo_second_tiles(self, tile: int) -> list[int]:
        return [t for t in ADJACENT[tile] if self.board[t] is None and self.open[QUADRANT_OF[t]]]

    def _do_hippo_keep(self, action: Action) -> list[Event]:
        seat = self.to_move
        keep = TILE_INDEX[action.arg("tile")]
        a, b = self.hippo.pop(seat)
        self.board[b if keep == a else a] = None
        self.ctx["hippo_done"] = True
        self._turn_steps()
        return [{"type": "hippo_kept", "seat": seat, "tile": TILE_NAMES[keep]}]

    def _do_frog(self, action: Action) -> list[Event]:
        seat = self.to_move
        self.ctx["frog_done"] = True
        events: list[Event] = []
        if action.kind == "move_frog":
            src = self._frog_tile(seat)
            dst = TILE_INDEX[action.arg("tile")]
            self.board[dst], self.board[src] = self.board[src], None
            events.append(
                {"type": "frog_moved", "seat": seat, "from": TILE_NAMES[src], "to": TILE_NAMES[dst]}
            )
        self._turn_steps()
        return events

    def _do_hippo_second(self, action: Action) -> list[Event]:
        seat = self.to_move
        first = self.ctx["tile"]
        second = TILE_INDEX[action.arg("tile")]
        self.board[second] = self.board[first]
        self.hippo[seat] = (first, second)
        self._end_placement(seat)
        return [
            {"type": "hippo_spans", "seat": seat, "tiles": [TILE_NAMES[first], TILE_NAMES[second]]}
        ]

    def _do_target(self, action: Action) -> list[Event]:
        seat = self.to_move
        kind, tile = self.ctx["kind"], self.ctx["tile"]
        target = TILE_INDEX[action.arg("tile")]
        if kind in ("mouses", "mole"):
            # swap the mercenary with the opponent's token
            self.board[tile], self.board[target] = self.board[target], self.board[tile]
            self._end_placement(seat)
            return [{"type": "swapped", "tiles": [TILE_NAMES[tile], TILE_NAMES[target]]}]
        # Fox and Snake: the token's owner must swap it for one from their hand
        owner = self.board[target][1]
        self.ctx["target"] = target
        self.ctx["by"] = seat
        self._set(owner, "replace")
        return [{"type": "targeted", "seat": seat, "tile": TILE_NAMES[target]}]

    def _do_replace(self, action: Action) -> list[Event]:
        seat = self.to_move
        target = self.ctx["target"]
        old = self.board[target]
        kind = action.arg("token")
        bag.take(self.hands[seat], kind)
        bag.put(self.hands[seat], old[0])
        up = self.weather != "foggy"
        self.board[target] = (kind, seat, up, colour_of(kind, self.side(seat)))
        by = self.ctx["by"]
        self.to_move = by
        self._end_placement(by)
        return [
            {
                "type": "replaced",
                "seat": seat,
                "tile": TILE_NAMES[target],
                "old": old[0],
                "token": kind if up else None,
            }
        ]

    def _do_prairie_first(self, action: Action) -> list[Event]:
        if action.kind == "pass":
            self._end_placement(self.to_move)
            return []
        self.ctx["first"] = TILE_INDEX[action.arg("tile")]
        self.phase = "prairie_second"
        return []

    def _do_prairie_second(self, action: Action) -> list[Event]:
        a, b = self.ctx["first"], TILE_INDEX[action.arg("tile")]
        self.board[a], self.board[b] = self.board[b], self.board[a]
        self._end_placement(self.to_move)
        return [{"type": "swapped", "tiles": [TILE_NAMES[a], TILE_NAMES[b]]}]
