"""A Foggy Island position: the Island Map, piles and hands, the purse, the turn flow.

Seats and sides: with 2 players seat 0 is Red (side 0) and seat 1 Blue (side 1). In
the team variant seats 0 and 2 are Red and 1 and 3 Blue, so team-mates never play one
after the other. Coins and hired mercenaries belong to a side; piles and hands to a
seat (a team's 18 tokens wait in its pool until they are dealt).

The state is plain position data: its fields are declared once (``core.fields``), and
the rules (``round``, ``turn``, ``abilities``, ``hiring``) change them.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import cast

from mypy_extensions import mypyc_attr

from lapilli.core.errors import MalformedInput
from lapilli.core.fields import Owned, Secret
from lapilli.core.flow import FlowState
from lapilli.core.zones import Hidden, Unseen, Zone, redeal, swap_unseen

from .board import OPEN_TILES, QUADRANT_OF, QUADRANTS, TILES
from .components import (
    BASIC_PILE,
    FOGGY,
    HAND_SIZE,
    KINDS,
    MERCENARIES,
    PILE_SIZE,
    ROUNDS,
    SIDE_NAMES,
    TOKENS,
    WEATHER_DECK,
    WEATHERS,
    Token,
    pile_of,
)
from .options import FoggyOptions

NO_WINNER = -1
"""The ``result`` of a game that ends in a draw."""


@mypyc_attr(native_class=False)  # a Python class: its fields live in __dict__ (core.fields)
class FoggyState(FlowState):
    # (set in this order everywhere, so that every position shares one attribute layout)
    round: int  # 1-based
    extra_rounds: int  # tie-break rounds played so far
    hired: list[list[str]]  # per side
    board: list[Token | None]  # 36 tiles, a1..f6 row by row (a Hippo may lie on two)
    hippo: dict[int, tuple[int, int]]  # seat -> the two tiles of its Hippo
    hands: Owned[Zone[str]]
    piles: Owned[Zone[str]]  # face down: its owner knows what is in it
    pool: Secret[list[Zone[str]]]  # per side, team variant only: its 18 tokens before the deal
    open: list[bool]  # per quarter NW, NE, SW, SE: not under a fog board
    coins: list[int]  # per side
    points: list[list[int]]  # per round: [red, blue]
    weather: str  # the active weather card
    deck: Secret[Zone[str]]  # the weather deck: shuffled cards, and those put under it (known)

    # -- derived facts ----------------------------------------------------------------------
    @property
    def opts(self) -> FoggyOptions:
        return cast(FoggyOptions, self.game.options)

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
        return (self.round - 1) % self.players

    def second_player(self) -> int:
        return (self.first + 1) % self.players

    def side(self, seat: int) -> int:
        return seat % 2

    def side_seats(self, side: int) -> list[int]:
        return [p for p in range(self.players) if p % 2 == side]

    def sides(self) -> list[list[int]]:
        return [self.side_seats(side) for side in (0, 1)]

    def result_text(self) -> str:
        """In the team game a side wins: "Red wins (Red 1 and Red 2)"."""
        if self.players == 2 or self.result is None or self.result == NO_WINNER:
            return super().result_text()
        first, second = (self.seat_label(seat) for seat in self.side_seats(self.result))
        return f"{SIDE_NAMES[self.result]} wins ({first} and {second})"

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

    def face_up_allowed(self, kind: str) -> bool:
        """Foggy weather: tokens go face down, but a mercenary may go face up (to use its
        ability) unless the game's option forbids it."""
        if self.weather != FOGGY:
            return True
        return KINDS[kind].mercenary and self.opts.face_up_mercenaries

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
        if top is None:
            return ()
        name = top.step.name
        if name in ("weather_draw", "weather_keep"):
            cards: tuple[str, ...] = top.args.cards
            return cards
        return WEATHERS if name == "weather_choose" else ()

    def owed(self) -> list[int]:
        """Seats owed an extra placement (Turtle), in the order they take them."""
        return [f.args.seat for f in self.stack[::-1] if f.step.name == "extra"]

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        tally = self.coins if self.opts.mercenaries else self.totals()
        return [float(tally[p % 2]) for p in range(self.players)]

    def returns(self) -> list[float]:
        result = self.result
        if result is None:
            return [0.0] * self.players
        if result == NO_WINNER:
            return [0.5] * self.players
        return [1.0 if p % 2 == result else 0.0 for p in range(self.players)]

    def winners(self) -> list[int]:
        result = self.result
        if result is None or result == NO_WINNER:
            return []
        return self.side_seats(result)

    # -- information --------------------------------------------------------------------------
    def visible_to(self, token: Token, seat: int | None) -> bool:
        """A face-down token is known to the one who placed it, and to all at the end."""
        return token.face_up or seat == token.seat or not self.stack

    def unseen(self) -> list[Unseen]:
        """Every token a seat may not see: others' hands, piles, face-down tokens, a
        team's undealt pool, and a token chosen but not yet placed (``Tokens``)."""
        return [Tokens(self)]

    # -- a loaded position -------------------------------------------------------------------
    def check(self) -> None:
        """What a saved position cannot hold (its fields' types are checked already)."""
        _check_sizes(self)
        _check_names(self)
        _check_rounds(self)
        _check_map(self)
        for side in (0, 1):
            _check_tokens(self, side)
        _check_weather(self)
        _check_stack(self)


def winning_side(s: FoggyState) -> int | None:
    """The side ahead, or None on a tie the rules cannot break (yet).

    Basic and weather games: more victory points. With mercenaries: more coins, then
    the higher cost of all hired mercenaries.
    """
    tally = s.coins if s.opts.mercenaries else s.totals()
    if tally[0] != tally[1]:
        return 0 if tally[0] > tally[1] else 1
    if s.opts.mercenaries:
        spent = [sum(map(s.opts.price, s.hired[side])) for side in (0, 1)]
        if spent[0] != spent[1]:
            return 0 if spent[0] > spent[1] else 1
    return None


# -- checks of a loaded position -------------------------------------------------------------
def _check_sizes(s: FoggyState) -> None:
    """A map of 36 tiles and 4 quarters, two sides, a pool per side in the team game."""
    if len(s.board) != len(TILES) or len(s.open) != len(QUADRANTS):
        raise MalformedInput(f"the map has {len(TILES)} tiles and {len(QUADRANTS)} quarters")
    if len(s.pool) != (2 if s.opts.variant == "team" else 0):
        raise MalformedInput("only the team game has a pool of tokens per side")
    if (len(s.hired), len(s.coins)) != (2, 2) or any(len(p) != 2 for p in s.points):
        raise MalformedInput("hired mercenaries, coins and points are counted per side")


def _check_names(s: FoggyState) -> None:
    """Every token and weather card is one the game has."""
    for zone in (*s.hands, *s.piles, *s.pool):
        if any(k not in KINDS for k in [*zone.items, *zone.under]):
            raise MalformedInput("a hand, pile or pool holds a token the game does not have")
    if any(k not in MERCENARIES for hired in s.hired for k in hired):
        raise MalformedInput("only mercenaries are hired")
    if s.weather not in WEATHERS or any(k not in WEATHERS for k in [*s.deck.items, *s.deck.under]):
        raise MalformedInput(f"the weather cards are {', '.join(WEATHERS)}")
    for token in s.board:
        if token is not None and (
            token.kind not in KINDS
            or token.seat not in range(s.players)
            or token.colour not in (-1, 0, 1)
        ):
            raise MalformedInput(f"not a token: {list(token)}")


def _check_rounds(s: FoggyState) -> None:
    if not 1 <= s.round <= s.rounds or s.extra_rounds < 0 or len(s.points) > s.round:
        raise MalformedInput(f"round {s.round} of {s.rounds}, {len(s.points)} rounds scored")
    if any(c < 0 for c in s.coins) or any(x < 0 for p in s.points for x in p):
        raise MalformedInput("coins and points are never negative")
    if any(len(h) > HAND_SIZE for h in s.hands):
        raise MalformedInput(f"a hand holds at most {HAND_SIZE} tokens")


def _check_map(s: FoggyState) -> None:
    """No token under a fog board; a Hippo lies on two tiles of the map."""
    if any(token and not s.open[QUADRANT_OF[t]] for t, token in enumerate(s.board)):
        raise MalformedInput("a token lies under a fog board")
    for seat, pair in s.hippo.items():
        if seat not in range(s.players) or not all(t in TILES and s.board[t] for t in pair):
            raise MalformedInput(f"the Hippo of seat {seat} is not on two tiles of the map")


def _check_tokens(s: FoggyState, side: int) -> None:
    """Conservation: a side's hands, piles, pool and map hold exactly its 18 tokens."""
    replaced = Counter(MERCENARIES[k].replaces for k in s.hired[side])
    if any(n > BASIC_PILE.get(k, 0) for k, n in replaced.items()):
        raise MalformedInput(
            f"{SIDE_NAMES[side]} hired more mercenaries than it had tokens to replace"
        )
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
        raise MalformedInput(
            f"{SIDE_NAMES[side]}'s tokens in hands, piles and on the map are not its "
            f"{PILE_SIZE} (check {', '.join(wrong)})"
        )


def _check_weather(s: FoggyState) -> None:
    """No more weather cards in the deck and in hand than the deck holds."""
    drawn = s.offered() if s.opts.variant != "quick" else ()  # a quick game's choice draws none
    cards = Counter([*s.deck.under, *drawn]) + Counter(s.deck.items)
    if any(n > WEATHER_DECK[k] for k, n in cards.items()):
        raise MalformedInput("more weather cards than the deck holds")


def _check_stack(s: FoggyState) -> None:
    """The pending steps name seats, tiles and tokens that are there."""
    for frame in s.stack:
        args = frame.args._asdict()
        if args.get("seat", 0) not in range(s.players) or args.get("tile", 0) not in TILES:
            raise MalformedInput(
                f"the pending step {frame.step.name} names a seat or tile that is not there"
            )
        if frame.step.name == "place" and args["token"] not in s.hands[frame.seat]:
            raise MalformedInput(
                f"the pending step {frame.step.name} names a token not in the hand"
            )


# -- hidden things --------------------------------------------------------------------------
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
        zones: list[Hidden] = [s.hands[p] for p in mates]
        zones.extend(s.piles[p] for p in mates)
        zones += [FaceDown(s, p) for p in mates]
        zones.extend(s.pool[side : side + 1])
        return zones

    def redeal(self, seat: int, rng: random.Random) -> None:
        s = self.s
        for side in (0, 1):
            redeal(seat, rng, self._pools(side))
        top = s.pending()
        if top is not None and top.step.name == "place" and top.seat != seat:
            kinds = sorted(s.hands[top.seat].items)
            _choose_as(s, kinds[rng.randrange(len(kinds))])

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
        if top is None or top.step.name != "place" or top.seat == seat:
            return False
        hand = s.hands[top.seat]
        if not again and top.args.token in hand:
            return False
        kinds = [k for k in sorted(hand.items) if k != top.args.token]
        if not kinds:
            return False
        _choose_as(s, rng.choice(kinds))
        return True


def _choose_as(s: FoggyState, kind: str) -> None:
    """The pending placement places ``kind`` instead (face up if it was and may be)."""
    top = s.stack[-1]
    up = top.args.face_up and s.face_up_allowed(kind)
    s.stack[-1] = top._replace(args=top.args._replace(token=kind, face_up=up))
