"""What happens in a game of Eras, as events: one kind per class, told apart by
``type`` (generated into docs/schemas/eras.events.json). Seats are numbered from 0,
era cards are named ``<era>-<number>``, a site is ``[position, lane]`` on a path
(position 0 is the start card).
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from lapilli.core.events import STRICT


@with_config(STRICT)
class StartCard(TypedDict):
    """A start card dealt to a player (set-up)."""

    type: Literal["start_card"]
    seat: int
    number: int


@with_config(STRICT)
class Drew(TypedDict):
    """A player takes the top era card into their hand."""

    type: Literal["drew"]
    seat: int
    card: str


@with_config(STRICT)
class TurnedUp(TypedDict):
    """The top era card is turned face up, to be bid for."""

    type: Literal["turned_up"]
    card: str


@with_config(STRICT)
class Reshuffled(TypedDict):
    """The discards become a fresh era pack of ``cards`` cards."""

    type: Literal["reshuffled"]
    cards: int


@with_config(STRICT)
class SeatEvent(TypedDict):
    """Something about one player: ``youngest`` (they start), ``turn`` (their turn
    begins), ``may_win`` (they start their turn on their sixth era card), ``cone_home``
    (their cone returns to the centre), ``cave_safe`` (their piece is safe in its cave),
    ``won`` or ``no_win`` (at the end of their turn)."""

    type: Literal["youngest", "turn", "may_win", "cone_home", "cave_safe", "won", "no_win"]
    seat: int


@with_config(STRICT)
class PiecePlaced(TypedDict):
    """A player places their playing piece on a lane of their start card."""

    type: Literal["piece_placed"]
    seat: int
    lane: int


@with_config(STRICT)
class Recovered(TypedDict):
    """A player takes tokens back from the box."""

    type: Literal["recovered"]
    seat: int
    tokens: int


@with_config(STRICT)
class Included(TypedDict):
    """An era card put into a path (``path``: whose) as its card number ``at``."""

    type: Literal["included"]
    seat: int
    card: str
    path: int
    at: int


@with_config(STRICT)
class Replaced(TypedDict):
    """An era card put in place of card ``at`` of the player's own path."""

    type: Literal["replaced"]
    seat: int
    card: str
    at: int


@with_config(STRICT)
class Discarded(TypedDict):
    """An era card goes to the discard pile (``why``: the thunderbolt, if one)."""

    type: Literal["discarded"]
    seat: int
    card: str
    why: NotRequired[str]


@with_config(STRICT)
class Removed(TypedDict):
    """A player loses an era card from their path, and why."""

    type: Literal["removed"]
    seat: int
    card: str
    why: str


@with_config(STRICT)
class ForcedBack(TypedDict):
    """A playing piece forced back to the site ``to``, and why."""

    type: Literal["forced_back"]
    seat: int
    to: list[int]
    why: str


@with_config(STRICT)
class Rolled(TypedDict):
    """The die's face: ``dot``, ``thunderbolt`` or ``volcano``."""

    type: Literal["rolled"]
    seat: int
    face: str


@with_config(STRICT)
class Thunderbolt(TypedDict):
    """A thunderbolt card drawn by ``seat`` and carried out."""

    type: Literal["thunderbolt"]
    seat: int
    card: str


@with_config(STRICT)
class Paid(TypedDict):
    """A player puts tokens in the box, and why."""

    type: Literal["paid"]
    seat: int
    tokens: int
    why: str


@with_config(STRICT)
class NoTarget(TypedDict):
    """A thunderbolt with nothing to act on."""

    type: Literal["no_target"]
    card: str


@with_config(STRICT)
class ConeEntered(TypedDict):
    """A player's cone enters a path (``path``: whose) on a lane of its first card."""

    type: Literal["cone_entered"]
    seat: int
    path: int
    lane: int


@with_config(STRICT)
class ConeMoved(TypedDict):
    """A player's cone moves to the site ``to`` of a path."""

    type: Literal["cone_moved"]
    seat: int
    path: int
    to: list[int]


@with_config(STRICT)
class Eruption(TypedDict):
    """A player's cone erupts at the site ``at`` of a path."""

    type: Literal["eruption"]
    seat: int
    path: int
    at: list[int]


@with_config(STRICT)
class Bidding(TypedDict):
    """A player opens the bidding for the face-up card."""

    type: Literal["bidding"]
    seat: int
    card: str


@with_config(STRICT)
class Challenge(TypedDict):
    """A player bids against ``owner`` for an era card in their hand."""

    type: Literal["challenge"]
    seat: int
    owner: int
    card: str


@with_config(STRICT)
class Offer(TypedDict):
    """A player offers ``to`` an exchange: ``give`` for ``take``."""

    type: Literal["offer"]
    seat: int
    to: int
    give: str
    take: str


@with_config(STRICT)
class Bid(TypedDict):
    """A sealed bid: only the bidder (``private``) reads it."""

    type: Literal["bid"]
    seat: int
    tokens: int
    private: int


@with_config(STRICT)
class Bids(TypedDict):
    """The sealed bids revealed together (seat -> tokens), the winner and what they pay."""

    type: Literal["bids"]
    bids: dict[str, int]
    winner: int
    paid: int
    card: str
    reveal: Literal[True]


@with_config(STRICT)
class Answer(TypedDict):
    """A player agrees to or refuses the exchange ``by`` offered."""

    type: Literal["answer"]
    seat: int
    by: int
    agreed: bool


@with_config(STRICT)
class Kept(TypedDict):
    """A player keeps the era card they won in their hand."""

    type: Literal["kept"]
    seat: int
    card: str


@with_config(STRICT)
class Moved(TypedDict):
    """A playing piece moves to the site ``to``, paying ``paid`` tokens to cross."""

    type: Literal["moved"]
    seat: int
    to: list[int]
    paid: int


@with_config(STRICT)
class RoundLimit(TypedDict):
    """The game stops with no winner at the round limit."""

    type: Literal["round_limit"]
    rounds: int


ErasEvent = (
    StartCard
    | Drew
    | TurnedUp
    | Reshuffled
    | SeatEvent
    | PiecePlaced
    | Recovered
    | Included
    | Replaced
    | Discarded
    | Removed
    | ForcedBack
    | Rolled
    | Thunderbolt
    | Paid
    | NoTarget
    | ConeEntered
    | ConeMoved
    | Eruption
    | Bidding
    | Challenge
    | Offer
    | Bid
    | Bids
    | Answer
    | Kept
    | Moved
    | RoundLimit
)
Events = list[ErasEvent]
