"""A Foggy Island position: the Island Map, piles and hands, the purse, the turn flow.

Seats and sides: with 2 players seat 0 is Red (side 0) and seat 1 Blue (side 1). In
the team variant seats 0 and 2 are Red and 1 and 3 Blue, so team-mates never play one
after the other. Coins and hired mercenaries belong to a side; piles and hands to a
seat (a team's 18 tokens wait in its pool until they are dealt).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput
from lapilli.core.flow import FlowState, then
from lapilli.core.state import Event
from lapilli.core.zones import Hidden, Unseen, Zone, redeal, seats_mask, swap_unseen

from . import steps, text
from .board import OPEN_TILES, QUADRANT_OF, QUADRANTS, TILE_NAMES, TILES
from .components import (
    BASIC_PILE,
    HAND_SIZE,
    KINDS,
    MERCENARIES,
    PILE_SIZE,
    QUICK_COINS,
    ROUNDS,
    SUNNY,
    TOKENS,
    WEATHER_DECK,
    WEATHERS,
    Token,
    pile_of,
)
from .hiring import hirers
from .options import FoggyOptions
from .round import collect
from .scoring import scored_lines, winning_side
from .turn import face_up_allowed

if TYPE_CHECKING:
    from .game import FoggyIsland

NO_WINNER = -1
"""The ``result`` of a game that ends in a draw."""


class FoggyState(FlowState):
    STEPS = steps.STEPS

    # (set in this order everywhere, so that every position shares one attribute layout)
    game: FoggyIsland
    opts: FoggyOptions
    n: int  # players
    round: int  # 1-based
    extra_rounds: int  # tie-break rounds played so far
    hired: list[list[str]]  # per side
    board: list[Token | None]  # 36 tiles, a1..f6 row by row (a Hippo may lie on two)
    hippo: dict[int, tuple[int, int]]  # seat -> the two tiles of its Hippo
    hands: list[Zone]  # per seat, seen by its owner
    piles: list[Zone]  # per seat, face down: its owner knows what is in it
    pool: list[Zone]  # per side, team variant only: its 18 tokens before the deal
    open: list[bool]  # per quarter NW, NE, SW, SE: not under a fog board
    coins: list[int]  # per side
    points: list[list[int]]  # per round: [red, blue]
    weather: str  # the active weather card
    deck: Zone  # the weather deck: shuffled cards, and those put under it (known)

    # -- set-up ---------------------------------------------------------------------------
    @classmethod
    def start(cls, game: FoggyIsland, players: int) -> FoggyState:
        s = cls.__new__(cls)
        s.game = game
        s.opts = game.options
        s.n = players
        s.round = 1
        s.extra_rounds = 0
        s.hired = [[], []]
        collect(s)  # the map, hands, piles and team pools
        s.open = [True] * len(QUADRANTS)
        s.coins = [0, 0]
        s.points = []
        s.weather = SUNNY
        s.deck = Zone(WEATHER_DECK)
        s.stack = []
        s.changed()
        if s.opts.variant == "quick":
            # Quick variant: 80 coins each to hire with before the first round, then
            # the coins left go back to the general pile
            # and one weather chosen for the whole game (by the second player, who
            # draws the weather in the other games), before the hiring
            s.coins = [QUICK_COINS, QUICK_COINS]
            choose = steps.WEATHER_CHOOSE(s.second_player())
            then(s, choose, *hirers(s), steps.BANK(), steps.ROUND())
        else:
            then(s, steps.ROUND())
        s.advance()
        return s

    # -- derived facts ----------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def rounds(self) -> int:
        """Rounds to play: the variant's, and one more per tie-break round."""
        if self.opts.variant == "quick":
            base = ROUNDS["quick"]
        else:
            base = ROUNDS["mercenaries" if self.opts.mercenaries else "basic"]
        return base + self.extra_rounds

    @property
    def first(self) -> int:
        """The seat that starts this round: each round the second player becomes first."""
        return (self.round - 1) % self.n

    def second_player(self) -> int:
        return (self.first + 1) % self.n

    def side(self, seat: int) -> int:
        return seat % 2

    def side_seats(self, side: int) -> list[int]:
        return [p for p in range(self.n) if p % 2 == side]

    def composition(self, side: int) -> dict[str, int]:
        """A side's 18 tokens, hired mercenaries included."""
        return pile_of(self.hired[side])

    def free_tiles(self) -> list[int]:
        """Empty tiles outside the fog boards."""
        board = self.board
        return [t for t in OPEN_TILES[tuple(self.open)] if board[t] is None]

    def totals(self) -> list[int]:
        """Victory points of each side over all rounds so far."""
        return [sum(p[0] for p in self.points), sum(p[1] for p in self.points)]

    @property
    def result(self) -> int | None:
        """The winning side, ``NO_WINNER``, or None while the game goes on."""
        if self.stack:
            return None
        winner = winning_side(self)
        return NO_WINNER if winner is None else winner

    @property
    def phase(self) -> str:
        """The name of the step the game waits for ("over" at the end)."""
        return self.stack[-1].step.name if self.stack else "over"

    def offered(self) -> tuple[str, ...]:
        """The weather cards drawn, before one is kept (quick game: every weather, before
        one is chosen)."""
        top = self.pending()
        if top is not None and top.step in (steps.WEATHER_DRAW, steps.WEATHER_KEEP):
            return top.args.cards
        if top is not None and top.step is steps.WEATHER_CHOOSE:
            return WEATHERS
        return ()

    def owed(self) -> list[int]:
        """Seats owed an extra placement (Turtle), in the order they take them."""
        return [f.args.seat for f in reversed(self.stack) if f.step is steps.EXTRA]

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        tally = self.coins if self.opts.mercenaries else self.totals()
        return [float(tally[p % 2]) for p in range(self.n)]

    def returns(self) -> list[float]:
        result = self.result
        if result is None:
            return [0.0] * self.n
        if result == NO_WINNER:
            return [0.5] * self.n
        return [1.0 if p % 2 == result else 0.0 for p in range(self.n)]

    def winners(self) -> list[int]:
        result = self.result
        if result is None or result == NO_WINNER:
            return []
        return self.side_seats(result)

    # -- information --------------------------------------------------------------------------
    def visible_to(self, token: Token, seat: int | None) -> bool:
        """A face-down token is known to the one who placed it, and to all at the end."""
        return token.face_up or seat == token.seat or not self.stack

    def observation(self, seat: int | None) -> dict[str, Any]:
        board: list[dict[str, Any] | None] = []
        for token in self.board:
            if token is None:
                board.append(None)
            elif self.visible_to(token, seat):
                board.append(
                    {
                        "token": token.kind,
                        "seat": token.seat,
                        "face_up": token.face_up,
                        "colour": token.colour,
                    }
                )
            else:
                board.append({"token": None, "seat": token.seat, "face_up": False})
        return {
            "game": "foggy_island",
            "seat": seat,
            "round": self.round,
            "rounds": self.rounds,
            "phase": self.phase,
            "to_move": self.current_player(),
            "first": self.first,
            "weather": self.weather,
            "offered": list(self.offered()),
            "deck_bottom": list(self.deck.under),
            "open": [QUADRANTS[q] for q in range(len(QUADRANTS)) if self.open[q]],
            "board": board,
            "hands": [h.view(seat) for h in self.hands],
            "piles": [p.view(seat) for p in self.piles],
            "pool": [p.view(seat) for p in self.pool],
            "composition": [self.composition(0), self.composition(1)],
            "hired": [list(h) for h in self.hired],
            "coins": list(self.coins),
            "points": [list(p) for p in self.points],
            "hippo": {str(p): [TILE_NAMES[t] for t in ts] for p, ts in self.hippo.items()},
            "pending": self.owed(),
            "live": self.live(seat),
            "decision": self.decision(),
            "step": self._step_view(seat),
            "result": self.result,
        }

    def live(self, seat: int | None) -> dict[str, Any]:
        """The lines on the map now, and the points they would score, as ``seat`` sees
        them: a face-down token it cannot look at breaks a line (its line is unknown)."""
        seen = [t if t is None or self.visible_to(t, seat) else None for t in self.board]
        lines = scored_lines(seen)
        return {
            "lines": [
                {"side": ln.side, "tiles": [TILE_NAMES[t] for t in ln.tiles], "points": ln.points}
                for ln in lines
            ],
            "points": [sum(ln.points for ln in lines if ln.side == side) for side in (0, 1)],
        }

    def _step_view(self, seat: int | None) -> dict[str, Any]:
        """The arguments of the step in progress (the chosen token is its chooser's secret)."""
        top = self.pending()
        if top is None or (top.step is steps.PLACE and seat != top.seat):
            return {}
        args = top.args._asdict()
        for key in ("tile", "first"):
            if key in args:
                args[key] = TILE_NAMES[args[key]]
        return {k: list(v) if isinstance(v, tuple) else v for k, v in args.items()}

    def unseen(self) -> list[Unseen]:
        """Every token a seat may not see: others' hands, piles, face-down tokens, a
        team's undealt pool, and a token chosen but not yet placed (``Tokens``)."""
        return [Tokens(self)]

    # -- copies ---------------------------------------------------------------------------------
    def clone(self) -> FoggyState:
        s = FoggyState.__new__(FoggyState)
        s.game = self.game
        s.opts = self.opts
        s.n = self.n
        s.round = self.round
        s.extra_rounds = self.extra_rounds
        s.hired = [h[:] for h in self.hired]
        s.board = self.board[:]
        s.hippo = self.hippo.copy()
        s.hands = [h.copy() for h in self.hands]
        s.piles = [p.copy() for p in self.piles]
        s.pool = [p.copy() for p in self.pool]
        s.open = self.open[:]
        s.coins = self.coins[:]
        s.points = self.points[:]
        s.weather = self.weather
        s.deck = self.deck.copy()
        s.stack = self.stack[:]
        s._legal = self._legal
        s.narrate = self.narrate
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.n,
            "round": self.round,
            "extra_rounds": self.extra_rounds,
            "board": [list(t) if t is not None else None for t in self.board],
            "open": self.open[:],
            "hands": [h.to_json() for h in self.hands],
            "piles": [p.to_json() for p in self.piles],
            "pool": [p.to_json() for p in self.pool],
            "hired": [h[:] for h in self.hired],
            "coins": self.coins[:],
            "points": [list(p) for p in self.points],
            "weather": self.weather,
            "deck": self.deck.to_json(),
            "hippo": {str(p): list(t) for p, t in sorted(self.hippo.items())},
            "stack": self.stack_json(),
        }

    @classmethod
    def from_json(cls, game: FoggyIsland, data: Any) -> FoggyState:
        """A position saved by ``to_json``; MalformedInput says what is wrong with it."""
        try:
            s = cls.__new__(cls)
            s.game = game
            s.opts = game.options
            s.n = game.check_players(int(data["players"]))
            s.round = int(data["round"])
            s.extra_rounds = int(data["extra_rounds"])
            s.hired = [[_name(k, MERCENARIES) for k in h] for h in data["hired"]]
            s.board = [_token(t, s.n) for t in data["board"]]
            s.hippo = {int(p): (int(a), int(b)) for p, (a, b) in data["hippo"].items()}
            s.hands = [_zone(h, KINDS, seats_mask(p)) for p, h in enumerate(data["hands"])]
            s.piles = [_zone(h, KINDS, seats_mask(p)) for p, h in enumerate(data["piles"])]
            s.pool = [_zone(p, KINDS) for p in data["pool"]]
            s.open = list(data["open"])
            if not all(type(x) is bool for x in s.open):
                raise ValueError("each quarter is open (true) or under fog (false)")
            s.coins = [int(c) for c in data["coins"]]
            s.points = [[int(x) for x in p] for p in data["points"]]
            s.weather = _name(data["weather"], WEATHERS)
            s.deck = _zone(data["deck"], WEATHERS)
            s.stack = s.stack_from_json(data["stack"])
            s.changed()
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise MalformedInput(f"not a Foggy Island position: {exc!r}") from None
        if (
            len(s.board) != len(TILES)
            or len(s.open) != len(QUADRANTS)
            or len(s.hands) != s.n
            or len(s.piles) != s.n
            or len(s.pool) != (2 if s.opts.variant == "team" else 0)
            or (len(s.hired), len(s.coins)) != (2, 2)
            or s.round < 1
            or any(len(p) != 2 for p in s.points)
        ):
            raise MalformedInput("not a Foggy Island position: wrong board, seats or rounds")
        _check(s)
        return s

    # -- text -------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        side = text.SIDE_NAMES[seat % 2]
        return side if self.n == 2 else f"{side} {seat // 2 + 1}"

    def event_text(self, event: Event) -> str:
        return text.event_text(self, event) or super().event_text(event)

    def action_text(self, action: Action) -> str:
        return text.action_text(self, action)

    def render(self, seat: int | None) -> Any:
        return text.render(self, seat)

    def render_all(self) -> Any:
        return text.render(self, None, everything=True)

    def round_end(self, events: list[Event]) -> Any:
        return text.round_end(events)


def _check(s: FoggyState) -> None:
    """What a saved position cannot hold: more of a token than its side owns, a hand of
    more than 5, negative coins, a Hippo or a pending step off the map or the seats."""

    def fail(message: str) -> None:
        raise MalformedInput(f"Foggy Island position: {message}")

    if s.round > s.rounds or s.extra_rounds < 0 or len(s.points) > s.round:
        fail(f"round {s.round} of {s.rounds}, {len(s.points)} rounds scored")
    if any(c < 0 for c in s.coins) or any(x < 0 for p in s.points for x in p):
        fail("coins and points are never negative")
    if any(len(h) > HAND_SIZE for h in s.hands):
        fail(f"a hand holds at most {HAND_SIZE} tokens")
    tiles = range(len(TILES))
    if any(token and not s.open[QUADRANT_OF[t]] for t, token in enumerate(s.board)):
        fail("a token lies under a fog board")
    for seat, pair in s.hippo.items():
        if seat not in range(s.n) or not all(t in tiles and s.board[t] for t in pair):
            fail(f"the Hippo of seat {seat} is not on two tiles of the map")
    for side in (0, 1):
        replaced = Counter(MERCENARIES[k].replaces for k in s.hired[side] if k in MERCENARIES)
        if any(n > BASIC_PILE.get(k, 0) for k, n in replaced.items()) or any(
            k not in MERCENARIES for k in s.hired[side]
        ):
            fail(f"{text.SIDE_NAMES[side]} hired more mercenaries than it had tokens to replace")
        held: Counter[str] = Counter()
        for p in s.side_seats(side):
            held.update(s.hands[p].items)
            held.update(s.piles[p].items)
            held["hippo"] -= p in s.hippo  # a Hippo lying on two tiles is one token
        held.update(t.kind for t in s.board if t is not None and t.seat % 2 == side)
        for pool in s.pool[side : side + 1]:
            held.update(pool.items)
        owned = Counter(s.composition(side))
        if +held != owned:
            wrong = sorted(k for k in held.keys() | owned.keys() if held[k] != owned[k])
            fail(
                f"{text.SIDE_NAMES[side]}'s tokens in hands, piles and on the map are not its "
                f"{PILE_SIZE} (check {', '.join(wrong)})"
            )
    drawn = s.offered() if s.opts.variant != "quick" else ()  # a quick game's choice draws none
    cards = Counter([*s.deck.under, *drawn]) + Counter(s.deck.items)
    if any(n > WEATHER_DECK[k] for k, n in cards.items()):
        fail("more weather cards than the deck holds")
    for frame in s.stack:
        args = frame.args._asdict()
        if args.get("seat", 0) not in range(s.n) or args.get("tile", 0) not in tiles:
            fail(f"the pending step {frame.step.name} names a seat or tile that is not there")
        if frame.step is steps.PLACE and args["token"] not in s.hands[frame.seat]:
            fail(f"the pending step {frame.step.name} names a token not in the hand")


class FaceDown:
    """The face-down tokens one seat placed on the map, as a zone ``redeal`` deals into:
    its owner sees them, so does everyone at the end of the game."""

    def __init__(self, s: FoggyState, placer: int) -> None:
        self.state = s
        self.placer = placer
        self.tiles = [
            t
            for t, token in enumerate(s.board)
            if token is not None and token.seat == placer and not token.face_up
        ]

    def sees(self, seat: int | None) -> bool:
        return seat == self.placer or not self.state.stack

    def hidden(self) -> list[str]:
        board = self.state.board
        return [board[t].kind for t in self.tiles]  # type: ignore[union-attr]

    def refill(self, items: list[str]) -> None:
        for t, kind in zip(self.tiles, items, strict=True):
            self.state.board[t] = TOKENS[kind, self.placer, False]


def _name(value: Any, names: Any) -> str:
    if value not in names:
        raise ValueError(f"unknown name {value!r}")
    return str(value)


def _token(data: Any, players: int) -> Token | None:
    if data is None:
        return None
    kind, seat, up, colour = data
    if kind not in KINDS or seat not in range(players) or colour not in (-1, 0, 1):
        raise ValueError(f"not a token: {data!r}")
    return Token(str(kind), int(seat), bool(up), int(colour))


def _zone(data: Any, names: Any, seen: int = 0) -> Zone:
    items = {_name(k, names): int(n) for k, n in dict(data["items"]).items()}
    if any(n <= 0 for n in items.values()):
        raise ValueError("counts must be positive")
    zone = Zone(items, seen=seen)
    zone.under = [_name(k, names) for k in data.get("under", [])]
    return zone


class Tokens:
    """The tokens a seat may not see, as ``unseen()`` lists them.

    Each side's 18 tokens are known (hiring is public), so what a seat has not seen of
    them is shuffled back into the places it cannot look; a token another player has
    chosen but not yet placed is one of their hand's.
    """

    def __init__(self, s: FoggyState) -> None:
        self.s = s

    def _pools(self, side: int) -> list[Hidden]:
        s = self.s
        mates = s.side_seats(side)
        zones: list[Hidden] = [s.hands[p] for p in mates] + [s.piles[p] for p in mates]
        return zones + [FaceDown(s, p) for p in mates] + s.pool[side : side + 1]

    def redeal(self, seat: int, rng: random.Random) -> None:
        s = self.s
        for side in (0, 1):
            redeal(seat, rng, self._pools(side))
        top = s.pending()
        if top is not None and top.step is steps.PLACE and top.seat != seat:
            kinds = sorted(s.hands[top.seat].items)
            kind = kinds[rng.randrange(len(kinds))]
            up = top.args.face_up and face_up_allowed(s, kind)
            s.stack[-1] = steps.PLACE_AS[top.seat, kind, up]

    def alter(self, seat: int, rng: random.Random) -> bool:
        """Two unseen tokens of one side swapped, or another chosen token."""
        if rng.random() < 0.5 and self._choose(seat, rng, again=True):
            return True
        for side in rng.sample((0, 1), 2):
            if swap_unseen(seat, rng, self._pools(side)):
                self._choose(seat, rng, again=False)  # the chosen token may have left the hand
                return True
        return self._choose(seat, rng, again=True)

    def _choose(self, seat: int, rng: random.Random, again: bool) -> bool:
        """Another player's chosen token, still to be placed, becomes another from their
        hand (``again``), or one from their hand if it is no longer there."""
        s = self.s
        top = s.pending()
        if top is None or top.step is not steps.PLACE or top.seat == seat:
            return False
        hand = s.hands[top.seat]
        if not again and top.args.token in hand:
            return False
        kinds = [k for k in sorted(hand.items) if k != top.args.token]
        if not kinds:
            return False
        kind = rng.choice(kinds)
        up = top.args.face_up and face_up_allowed(s, kind)
        s.stack[-1] = steps.PLACE_AS[top.seat, kind, up]
        return True
