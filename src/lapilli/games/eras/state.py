"""One position of Eras: paths, pieces, cones, tokens, hands, the three decks, sealed bids.

Tokens: each player holds ``tokens[seat]`` in hand; the rest of their 15 are in the box
(each token keeps its owner, so a player only ever takes back their own).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from lapilli.core.errors import MalformedInput
from lapilli.core.flow import FlowState
from lapilli.core.zones import EVERYONE, NOBODY, Unseen, Zone

from . import bidding, movement, placement
from .components import CARD_IDS, CARDS, LANES, PATH_LENGTH, START_NUMBERS, THUNDERBOLTS, TOKENS
from .steps import STEPS

if TYPE_CHECKING:
    from .game import Eras

SEALED = "sealed"


class ErasState(FlowState):
    STEPS = STEPS

    def __init__(self, game: Eras, players: int) -> None:
        self.game = game
        self.n = players
        self.start = [0] * players  # start card number (0: not dealt yet)
        self.start_deck = Zone([str(k) for k in START_NUMBERS])
        self.era_deck = Zone(CARD_IDS)
        self.discard = Zone(seen=EVERYONE)
        self.offer: str | None = None  # the face-up card on top of the era pack
        self.thunder_deck = Zone(THUNDERBOLTS)
        self.hands = [Zone(seen=EVERYONE) for _ in range(players)]
        self.paths: list[list[str]] = [[] for _ in range(players)]
        self.pieces: list[tuple[int, int] | None] = [None] * players  # (position, lane)
        self.cones: list[tuple[int, str, int] | None] = [None] * players
        self.tokens = [TOKENS] * players
        self.bids: list[int | None] = [None] * players
        self.first = -1  # the youngest player, who starts
        self.turn = -1  # whose turn it is
        self.turns = 0
        self.candidate: tuple[str, ...] | None = None  # the path, if this turn may win
        self.die: str | None = None
        self.thunderbolt: str | None = None  # the last thunderbolt carried out
        self.winner: int | None = None
        self.stack = []

    @property
    def num_players(self) -> int:
        return self.n

    def box(self, seat: int) -> int:
        """Tokens of ``seat`` in the box."""
        return TOKENS - self.tokens[seat]

    def order(self, first: int) -> list[int]:
        """Seats clockwise from ``first`` (turn order)."""
        return [(first + i) % self.n for i in range(self.n)]

    def start_order(self) -> list[int]:
        """Seats by start card number, lowest first (the volcano roll's order)."""
        return sorted(range(self.n), key=lambda seat: self.start[seat])

    # -- results ---------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [1.0 if seat == self.winner else 0.0 for seat in range(self.n)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        return self.scores()

    # -- text ------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        from .text import seat_label

        return seat_label(seat)

    def action_text(self, action: Any) -> str:
        from .text import action_text

        return action_text(self, action)

    def event_text(self, event: dict[str, Any]) -> str:
        from .text import event_text

        return event_text(self, event)

    def render(self, seat: int | None) -> Any:
        from .text import render

        return render(self, seat)

    # -- information -----------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        top = self.pending()
        return {
            "players": self.n,
            "first": self.first,
            "turn": self.turn,
            "turns": self.turns,
            "start_cards": self.start[:],
            "paths": [p[:] for p in self.paths],
            "pieces": [list(p) if p else None for p in self.pieces],
            "cones": [list(c) if c else None for c in self.cones],
            "tokens": self.tokens[:],
            "box": [self.box(i) for i in range(self.n)],
            "hands": [h.kinds() for h in self.hands],
            "offer": self.offer,
            "era_deck": len(self.era_deck),
            "discard": self.discard.kinds(),
            "thunderbolt_deck": len(self.thunder_deck),
            "thunderbolts_under": self.thunder_deck.under[:],
            "start_deck": len(self.start_deck),
            "die": self.die,
            "thunderbolt": self.thunderbolt,
            "bids": [self._bid_view(i, seat) for i in range(self.n)],
            "candidate": list(self.candidate) if self.candidate else None,
            "pending": {"step": top.step.name, "seat": top.seat} if top else None,
            "decision": self.decision(),
            **self._pending_details(),
            "winner": self.winner,
        }

    def _pending_details(self) -> dict[str, Any]:
        """What the decision in progress is about: the card bid for, the exchange
        offered, the card won and still to be placed, the moves left."""
        details: dict[str, Any] = {"bidding": None, "exchange": None, "card_won": None}
        details["moves_left"] = None
        for frame in self.stack:
            if frame.step is bidding.REVEAL_BIDS:
                owner, card, bidders = frame.args
                held = owner if owner != bidding.NOBODY_OWNS else None
                details["bidding"] = {"card": card, "held_by": held, "bidders": list(bidders)}
        top = self.pending()
        if top is not None and top.step is bidding.ANSWER:
            by, give, take = top.args
            details["exchange"] = {"by": by, "to": top.seat, "give": give, "take": take}
        elif top is not None and top.step is placement.PLACE_WON:
            details["card_won"] = top.args.card
        elif top is not None and top.step is movement.MOVE:
            details["moves_left"] = top.args._asdict()
        return details

    def _bid_view(self, bidder: int, seat: int | None) -> int | str | None:
        bid = self.bids[bidder]
        if bid is None or bidder == seat:
            return bid
        return SEALED

    def unseen(self) -> list[Unseen]:
        """The decks are shuffled piles already (draws are chance nodes); what a seat
        cannot know is the other players' sealed bids."""
        return [SealedBids(self)]

    # -- copies ----------------------------------------------------------------------
    def clone(self) -> ErasState:
        s = ErasState.__new__(ErasState)
        s.game = self.game
        s.n = self.n
        s.start = self.start[:]
        s.start_deck = self.start_deck.copy()
        s.era_deck = self.era_deck.copy()
        s.discard = self.discard.copy()
        s.offer = self.offer
        s.thunder_deck = self.thunder_deck.copy()
        s.hands = [h.copy() for h in self.hands]
        s.paths = [p[:] for p in self.paths]
        s.pieces = self.pieces[:]
        s.cones = self.cones[:]
        s.tokens = self.tokens[:]
        s.bids = self.bids[:]
        s.first, s.turn, s.turns = self.first, self.turn, self.turns
        s.candidate = self.candidate
        s.die, s.thunderbolt, s.winner = self.die, self.thunderbolt, self.winner
        s.stack = self.stack[:]
        s.narrate = self.narrate
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.n,
            "start": self.start[:],
            "start_deck": self.start_deck.to_json(),
            "era_deck": self.era_deck.to_json(),
            "discard": self.discard.to_json(),
            "offer": self.offer,
            "thunder_deck": self.thunder_deck.to_json(),
            "hands": [h.kinds() for h in self.hands],
            "paths": [p[:] for p in self.paths],
            "pieces": [list(p) if p else None for p in self.pieces],
            "cones": [list(c) if c else None for c in self.cones],
            "tokens": self.tokens[:],
            "bids": self.bids[:],
            "first": self.first,
            "turn": self.turn,
            "turns": self.turns,
            "candidate": list(self.candidate) if self.candidate is not None else None,
            "die": self.die,
            "thunderbolt": self.thunderbolt,
            "winner": self.winner,
            "stack": self.stack_json(),
        }


# -- reading a saved position ----------------------------------------------------------
def _seat_list(data: dict[str, Any], key: str, n: int) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list) or len(value) != n:
        raise MalformedInput(f"Eras position: {key} must be a list with one entry per player")
    return value


def _int(value: Any, what: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise MalformedInput(f"Eras position: {what} must be a whole number {low}-{high}")
    return value


def _card(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in CARDS:
        raise MalformedInput(f"Eras position: {what} is not an era card: {value!r}")
    return value


def _zone(data: Any, what: str, known: set[str], seen: int, counts: bool = True) -> Zone:
    if not isinstance(data, dict) or not isinstance(data.get("items", {}), dict):
        raise MalformedInput(f"Eras position: {what} must be an object with items")
    items = data.get("items", {})
    under = data.get("under", [])
    if not isinstance(under, list):
        raise MalformedInput(f"Eras position: the bottom of {what} must be a list")
    for item, count in items.items():
        if item not in known:
            raise MalformedInput(f"Eras position: {what} holds an unknown card {item!r}")
        _int(count, f"the count of {item} in {what}", 1, 99 if counts else 1)
    for item in under:
        if not isinstance(item, str) or item not in known:
            raise MalformedInput(f"Eras position: {what} holds an unknown card {item!r}")
    zone = Zone(dict(items), seen=seen)
    zone.under = list(under)
    return zone


def from_json(game: Eras, data: Any) -> ErasState:
    """A position saved by ``to_json``; MalformedInput names what is wrong."""
    if not isinstance(data, dict):
        raise MalformedInput("an Eras position is an object")
    n = _int(data.get("players"), "players", 1, 99)
    game.check_players(n)
    s = ErasState(game, n)
    s.start = [_int(v, "a start card", 0, max(START_NUMBERS)) for v in _seat_list(data, "start", n)]
    s.start_deck = _zone(
        data.get("start_deck"), "the start deck", {str(k) for k in START_NUMBERS}, NOBODY
    )
    s.era_deck = _zone(data.get("era_deck"), "the era deck", set(CARDS), NOBODY, counts=False)
    s.discard = _zone(data.get("discard"), "the discard pile", set(CARDS), EVERYONE, counts=False)
    s.thunder_deck = _zone(
        data.get("thunder_deck"), "the thunderbolt deck", set(THUNDERBOLTS), NOBODY
    )
    offer = data.get("offer")
    s.offer = None if offer is None else _card(offer, "the face-up card")
    _read_paths(s, data)
    _read_pieces(s, data)
    s.tokens = [_int(t, "tokens in hand", 0, TOKENS) for t in _seat_list(data, "tokens", n)]
    s.bids = [
        None if b is None else _int(b, "a bid", 0, TOKENS) for b in _seat_list(data, "bids", n)
    ]
    s.first = _int(data.get("first"), "the first player", -1, n - 1)
    s.turn = _int(data.get("turn"), "the player whose turn it is", -1, n - 1)
    s.turns = _int(data.get("turns"), "turns", 0, 10**9)
    candidate = data.get("candidate")
    if candidate is not None:
        if not isinstance(candidate, list):
            raise MalformedInput("Eras position: the candidate path is a list of cards")
        s.candidate = tuple(_card(c, "a card of the candidate path") for c in candidate)
    s.die = data.get("die")
    if s.die is not None and s.die not in ("thunderbolt", "volcano", "dot"):
        raise MalformedInput(f"Eras position: the die has no face {s.die!r}")
    s.thunderbolt = data.get("thunderbolt")
    if s.thunderbolt is not None and (
        not isinstance(s.thunderbolt, str) or s.thunderbolt not in THUNDERBOLTS
    ):
        raise MalformedInput(f"Eras position: there is no thunderbolt {s.thunderbolt!r}")
    winner = data.get("winner")
    s.winner = None if winner is None else _int(winner, "the winner", 0, n - 1)
    _check_cards(s)
    s.stack = s.stack_from_json(data.get("stack"))
    _check_stack(s)
    return s


def _read_paths(s: ErasState, data: dict[str, Any]) -> None:
    """Each seat's hand, and its path in strict era order."""
    n = s.num_players
    s.hands = []
    for seat, hand in enumerate(_seat_list(data, "hands", n)):
        if not isinstance(hand, list):
            raise MalformedInput("Eras position: a hand is a list of era cards")
        s.hands.append(Zone([_card(c, f"a card in hand {seat + 1}") for c in hand], EVERYONE))
    s.paths = []
    for seat, path in enumerate(_seat_list(data, "paths", n)):
        if not isinstance(path, list) or len(path) > PATH_LENGTH:
            raise MalformedInput(f"Eras position: a path is a list of at most {PATH_LENGTH} cards")
        cards = [_card(c, f"a card in path {seat + 1}") for c in path]
        ranks = [CARDS[c].rank for c in cards]
        if ranks != sorted(set(ranks)):
            raise MalformedInput(f"Eras position: path {seat + 1} is not in strict era order")
        s.paths.append(cards)


def _read_pieces(s: ErasState, data: dict[str, Any]) -> None:
    """Each seat's piece on its own path and cone on another's (or at the centre)."""
    n = s.num_players
    s.pieces = []
    for seat, piece in enumerate(_seat_list(data, "pieces", n)):
        if piece is None:
            s.pieces.append(None)  # not yet on its start card
            continue
        if not isinstance(piece, list) or len(piece) != 2:
            raise MalformedInput("Eras position: a piece is null or [position, lane]")
        position = _int(piece[0], "a piece's position", 0, len(s.paths[seat]))
        s.pieces.append((position, _int(piece[1], "a piece's lane", 0, len(LANES) - 1)))
    s.cones = []
    for seat, cone in enumerate(_seat_list(data, "cones", n)):
        if cone is None:
            s.cones.append(None)
            continue
        if not isinstance(cone, list) or len(cone) != 3:
            raise MalformedInput("Eras position: a cone is null (the centre) or [path, card, lane]")
        path = _int(cone[0], "a cone's path", 0, n - 1)
        if path == seat or cone[1] not in s.paths[path]:
            raise MalformedInput(f"Eras position: cone {seat + 1} is not on a card of another path")
        s.cones.append((path, cone[1], _int(cone[2], "a cone's lane", 0, len(LANES) - 1)))
    if len({c[0] for c in s.cones if c}) != sum(1 for c in s.cones if c):
        raise MalformedInput("Eras position: only one cone is allowed on a path")


def _check_stack(s: ErasState) -> None:
    """The pending steps name real seats and cards; every piece is placed or about to be."""
    n = s.num_players
    for frame in s.stack:
        _check_args(frame, n)
    for frame in s.stack:
        if frame.step.name == "reveal_bids":
            owner, card = frame.args.owner, frame.args.card
            if card != s.offer if owner < 0 else card not in s.hands[owner]:
                raise MalformedInput(f"Eras position: the card bid for, {card}, is not there")
    placing = {frame.seat for frame in s.stack if frame.step.name == "place_piece"}
    for seat, piece in enumerate(s.pieces):
        if piece is None and s.first >= 0 and seat not in placing:
            raise MalformedInput(f"Eras position: the piece of player {seat + 1} is not placed")


def _check_args(frame: Any, n: int) -> None:
    """A pending step's arguments name real seats, cards and counts."""
    what = f"Eras position: the pending step {frame.step.name}"
    for name, value in frame.args._asdict().items():
        if name in ("seat", "by"):
            _int(value, f"{what}: {name}", 0, n - 1)
        elif name == "index":
            _int(value, f"{what}: {name}", 0, n)
        elif name in ("to", "owner"):
            _int(value, f"{what}: {name}", -1, n - 1)
        elif name in ("card", "give", "take"):
            _card(value, f"{what}: {name}")
        elif name in ("sideways", "forward", "moves"):
            _int(value, f"{what}: {name}", 0, 3)
        elif name == "bidders":
            if not isinstance(value, tuple) or len(set(value)) != len(value) or len(value) < 2:
                raise MalformedInput(f"{what}: bidders must be two or more different seats")
            for seat in value:
                _int(seat, f"{what}: a bidder", 0, n - 1)
        elif name == "refused" and not isinstance(value, bool):
            raise MalformedInput(f"{what}: refused is true or false")


def _check_cards(s: ErasState) -> None:
    """Every era card is in exactly one place, and so is every start card and every
    thunderbolt (in the deck or put under it)."""
    thunder = sorted([*s.thunder_deck.hidden(), *s.thunder_deck.under])
    if thunder != sorted(ErasState(s.game, s.n).thunder_deck.hidden()):
        raise MalformedInput("Eras position: each thunderbolt card is in its deck once")
    starts = sorted([k for k in s.start if k] + [int(k) for k in s.start_deck.hidden()])
    if starts != sorted(START_NUMBERS):
        raise MalformedInput("Eras position: each start card must be dealt once or in its deck")
    places: list[str] = list(s.era_deck.hidden()) + s.era_deck.under + s.discard.hidden()
    places += [c for h in s.hands for c in h.hidden()] + [c for p in s.paths for c in p]
    if s.offer is not None:
        places.append(s.offer)
    if sorted(places) != sorted(CARD_IDS):
        missing = sorted(set(CARD_IDS) - set(places))
        twice = sorted({c for c in places if places.count(c) > 1})
        raise MalformedInput(
            f"Eras position: each era card must be in one place (missing {missing}, twice {twice})"
        )


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
