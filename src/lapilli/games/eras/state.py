"""One position of Eras: paths, pieces, cones, tokens, hands, the three decks, sealed bids.

Tokens: each player holds ``tokens[seat]`` in hand; the rest of their 15 are in the box
(each token keeps its owner, so a player only ever takes back their own). A piece stands
at ``(position, lane)`` on its own path; a cone at ``(path, era card, lane)``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, cast

from mypy_extensions import mypyc_attr

from lapilli.core.errors import MalformedInput
from lapilli.core.fields import Owned, PerSeat, Secret
from lapilli.core.flow import FlowState, Frame
from lapilli.core.zones import EVERYONE, Unseen, Zone

from .components import (
    CARD_IDS,
    CARD_RANK,
    CARDS,
    DIE,
    LANES,
    PATH_LENGTH,
    START_NUMBERS,
    THUNDERBOLTS,
    TOKENS,
)
from .options import ErasOptions

Piece = tuple[int, int]
"""(position on its path: 0 the start card, lane)."""
Cone = tuple[int, str, int]
"""(the path it is on, the era card it stands on, lane)."""


class Hand(Zone[str]):
    """A hand of era cards, held face up, saved as the list of its cards."""

    __slots__ = ()

    def __init__(self, cards: list[str] | None = None) -> None:
        super().__init__(cards, seen=EVERYONE)

    def to_json(self) -> list[str]:  # type: ignore[override]  # a list, as saved before zones
        return self.kinds()

    def copy(self) -> Hand:
        h = Hand.__new__(Hand)
        h.items, h.seen, h.under = self.items.copy(), self.seen, []
        return h

    @classmethod
    def load(cls, data: Any) -> Hand:  # type: ignore[override]  # see to_json
        if not isinstance(data, list) or any(type(card) is not str for card in data):
            raise MalformedInput(f"a hand is a list of era cards, not {data!r:.40}")
        return cls(data)


@mypyc_attr(native_class=False)  # a Python class: its fields live in __dict__ (core.fields)
class ErasState(FlowState):
    start: PerSeat[int]  # start card number (0: not dealt yet)
    start_deck: Secret[Zone[str]]
    era_deck: Secret[Zone[str]]
    discard: Zone[str]
    offer: str | None  # the face-up card on top of the era pack
    thunder_deck: Secret[Zone[str]]  # its bottom (cards carried out) is public
    hands: PerSeat[Hand]
    paths: PerSeat[list[str]]
    pieces: PerSeat[Piece | None]  # None: not yet on its start card
    cones: PerSeat[Cone | None]  # None: in the centre
    tokens: PerSeat[int]
    bids: Owned[int | None]  # sealed until revealed together
    first: int  # the youngest player, who starts (-1 before the deal)
    turn: int  # whose turn it is (-1 before the first turn)
    turns: int
    candidate: tuple[str, ...] | None  # the path, if this turn may win
    die: str | None
    thunderbolt: str | None  # the last thunderbolt carried out
    winner: int | None

    def placed(self, seat: int) -> Piece:
        """Where ``seat``'s piece stands: the rules read it once it is placed."""
        piece = self.pieces[seat]
        if piece is None:
            raise ValueError(f"the piece of seat {seat} is not placed yet")
        return piece

    @property
    def opts(self) -> ErasOptions:
        """The game's options, typed."""
        return cast(ErasOptions, self.game.options)

    def box(self, seat: int) -> int:
        """Tokens of ``seat`` in the box."""
        return self.opts.tokens - self.tokens[seat]

    def order(self, first: int) -> list[int]:
        """Seats clockwise from ``first`` (turn order)."""
        return [(first + i) % self.players for i in range(self.players)]

    def start_order(self) -> list[int]:
        """Seats by start card number, lowest first (the volcano roll's order)."""
        return sorted(range(self.players), key=self.start.__getitem__)

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.players)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        return self.scores()

    def unseen(self) -> list[Unseen]:
        """The decks are shuffled piles already (draws are chance nodes); what a seat
        cannot know is the other players' sealed bids."""
        return [SealedBids(self)]

    def check(self) -> None:
        """The rules' own consistency of a loaded position."""
        _check_cards_named(self)
        _check_paths(self)
        _check_pieces(self)
        _check_cones(self)
        _check_counts(self)
        _check_conservation(self)
        _check_stack(self)


# -- checking a loaded position ----------------------------------------------------------
def _within(value: int, what: str, low: int, high: int) -> None:
    if not low <= value <= high:
        raise MalformedInput(f"{what} must be a whole number {low}-{high}")


def _card(value: str, what: str) -> None:
    if value not in CARDS:
        raise MalformedInput(f"{what} is not an era card: {value!r}")


def _check_cards_named(s: ErasState) -> None:
    """Every era card named is a real one."""
    if s.offer is not None:
        _card(s.offer, "the face-up card")
    for seat, hand in enumerate(s.hands):
        for card in hand.kinds():
            _card(card, f"a card in hand {seat + 1}")
    for seat, path in enumerate(s.paths):
        for card in path:
            _card(card, f"a card in path {seat + 1}")
    for card in s.candidate or ():
        _card(card, "a card of the candidate path")


def _check_paths(s: ErasState) -> None:
    """Paths of at most six cards, in strict era order."""
    for seat, path in enumerate(s.paths):
        if len(path) > PATH_LENGTH:
            raise MalformedInput(f"a path is a list of at most {PATH_LENGTH} cards")
        ranks = [CARD_RANK[c] for c in path]
        if ranks != sorted(set(ranks)):
            raise MalformedInput(f"path {seat + 1} is not in strict era order")


def _check_pieces(s: ErasState) -> None:
    """Each piece on a site of its own path (or not yet placed)."""
    for seat, piece in enumerate(s.pieces):
        if piece is not None:
            _within(piece[0], "a piece's position", 0, len(s.paths[seat]))
            _within(piece[1], "a piece's lane", 0, len(LANES) - 1)


def _check_cones(s: ErasState) -> None:
    """Each cone in the centre or on a card of another player's path, one to a path."""
    for seat, cone in enumerate(s.cones):
        if cone is None:
            continue
        _within(cone[0], "a cone's path", 0, s.players - 1)
        if cone[0] == seat or cone[1] not in s.paths[cone[0]]:
            raise MalformedInput(f"cone {seat + 1} is not on a card of another path")
        _within(cone[2], "a cone's lane", 0, len(LANES) - 1)
    on = [c[0] for c in s.cones if c]
    if len(set(on)) != len(on):
        raise MalformedInput("only one cone is allowed on a path")


def _check_counts(s: ErasState) -> None:
    """Tokens, bids, seats and the die within what the rules allow."""
    last = s.players - 1
    for start in s.start:
        _within(start, "a start card", 0, max(START_NUMBERS))
    for tokens in s.tokens:
        _within(tokens, "tokens in hand", 0, TOKENS)
    for bid in s.bids:
        if bid is not None:
            _within(bid, "a bid", 0, TOKENS)
    _within(s.first, "the first player", -1, last)
    _within(s.turn, "the player whose turn it is", -1, last)
    _within(s.turns, "turns", 0, 10**9)
    if s.winner is not None:
        _within(s.winner, "the winner", 0, last)
    if s.die is not None and s.die not in dict(DIE):
        raise MalformedInput(f"the die has no face {s.die!r}")
    if s.thunderbolt is not None and s.thunderbolt not in THUNDERBOLTS:
        raise MalformedInput(f"there is no thunderbolt {s.thunderbolt!r}")


def _check_conservation(s: ErasState) -> None:
    """Every era card is in exactly one place, and so is every start card and every
    thunderbolt (in the deck or put under it)."""
    bolts = Counter(s.thunder_deck.items) + Counter(s.thunder_deck.under)
    if bolts != Counter(THUNDERBOLTS):
        raise MalformedInput("each thunderbolt card is in its deck once")
    starts = Counter(str(k) for k in s.start if k) + Counter(s.start_deck.items)
    if starts != Counter(str(k) for k in START_NUMBERS) or s.start_deck.under:
        raise MalformedInput("each start card must be dealt once or in its deck")
    places = Counter(s.era_deck.items) + Counter(s.era_deck.under) + Counter(s.discard.items)
    for hand in s.hands:
        places.update(hand.items)
    for path in s.paths:
        places.update(path)
    if s.offer is not None:
        places[s.offer] += 1
    if places != Counter(CARD_IDS):
        missing = sorted(set(CARD_IDS) - set(places))
        twice = sorted(c for c, n in places.items() if n > 1)
        raise MalformedInput(
            f"each era card must be in one place (missing {missing}, twice {twice})"
        )


def _check_stack(s: ErasState) -> None:
    """The pending steps name real seats and cards; every piece is placed or about to be."""
    for frame in s.stack:
        _check_args(frame, s.players)
    for frame in s.stack:
        if frame.step.name == "reveal_bids":
            owner, card = frame.args.owner, frame.args.card
            if card != s.offer if owner < 0 else card not in s.hands[owner]:
                raise MalformedInput(f"the card bid for, {card}, is not there")
    placing = {frame.seat for frame in s.stack if frame.step.name == "place_piece"}
    for seat, piece in enumerate(s.pieces):
        if piece is None and s.first >= 0 and seat not in placing:
            raise MalformedInput(f"the piece of player {seat + 1} is not placed")


def _check_args(frame: Frame, n: int) -> None:
    """A pending step's arguments name real seats, cards and counts (their types were
    checked on loading)."""
    what = f"the pending step {frame.step.name}"
    for name, value in frame.args._asdict().items():
        if name == "index":
            _within(value, f"{what}: {name}", 0, n)
        elif name in ("to", "owner"):
            _within(value, f"{what}: {name}", -1, n - 1)
        elif name in ("card", "give", "take"):
            _card(value, f"{what}: {name}")
        elif name in ("sideways", "forward", "moves"):
            _within(value, f"{what}: {name}", 0, 3)
        elif name == "bidders":
            if len(set(value)) != len(value) or len(value) < 2:
                raise MalformedInput(f"{what}: bidders must be two or more different seats")
            for seat in value:
                _within(seat, f"{what}: a bidder", 0, n - 1)


class SealedBids:
    """The other players' sealed bids: each some number of their tokens."""

    def __init__(self, s: ErasState) -> None:
        self.s = s

    def _sealed(self, seat: int) -> list[int]:
        s = self.s
        return [p for p, bid in enumerate(s.bids) if bid is not None and p != seat]

    def redeal(self, seat: int, rng: random.Random) -> None:
        for p in self._sealed(seat):
            self.s.bids[p] = rng.randint(0, self.s.tokens[p])

    def alter(self, seat: int, rng: random.Random) -> bool:
        s = self.s
        sealed = [p for p in self._sealed(seat) if s.tokens[p]]
        if not sealed:
            return False
        p = rng.choice(sealed)
        s.bids[p] = rng.choice([n for n in range(s.tokens[p] + 1) if n != s.bids[p]])
        return True
