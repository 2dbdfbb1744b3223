"""What ``observation(seat)`` holds in Eras (generated into docs/schemas/eras.json).

Era cards are named ``<era>-<number>`` (``fish-3``); seats are numbered from 0; a site
on a path is ``[position on the path, lane]``.
"""

from __future__ import annotations

from pydantic import Field

from lapilli.core.flow import Step, Steps
from lapilli.core.schema import Strict, decision_model

from .bidding import ANSWER, CHOOSE, SEALED_BID
from .deck import DRAW
from .movement import MOVE
from .placement import PLACE_WON, PLAY
from .setup import CHOOSE_YOUNGEST, DEAL_START, PLACE_PIECE
from .thunderbolts import ICE_AGE, METEOR, THUNDER
from .turn import ROLL
from .volcano import CONE

DECIDED: tuple[Step, ...] = (
    DEAL_START,
    DRAW,
    CHOOSE_YOUNGEST,
    PLACE_PIECE,
    PLAY,
    ROLL,
    THUNDER,
    METEOR,
)
DECIDED += (ICE_AGE, CONE, CHOOSE, SEALED_BID, ANSWER, PLACE_WON, MOVE)
"""The steps a seat or chance decides (the automatic ones are never waited for)."""
Decision = decision_model(Steps(*DECIDED))


class Bidding(Strict):
    """Sealed bids in progress."""

    card: str = Field(description="the era card bid for")
    held_by: int | None = Field(description="the seat whose hand holds it; null: the face-up card")
    bidders: list[int] = Field(description="the seats bidding, in turn order")


class Exchange(Strict):
    """An exchange offered, waiting for an answer."""

    by: int = Field(description="the seat offering it")
    to: int = Field(description="the seat asked to agree")
    give: str = Field(description="the era card the offering seat gives")
    take: str = Field(description="the era card it takes in return")


class MovesLeft(Strict):
    """The end-of-turn movement in progress."""

    sideways: int = Field(description="sideways moves left (up to two)")
    forward: int = Field(description="forward or backward moves left (up to one)")
    moves: int = Field(description="moves left in all (fewer from a swamp)")


class Observation(Strict):
    """One seat's view of an Eras position (null seat: a spectator)."""

    players: int = Field(description="how many play")
    first: int = Field(description="the youngest player, who started (-1 before set-up)")
    turn: int = Field(description="whose turn it is (-1 before the first turn)")
    turns: int = Field(description="turns played")
    start_cards: list[int] = Field(description="each seat's start card number (0: not dealt)")
    paths: list[list[str]] = Field(description="each seat's path of era cards, first to last")
    pieces: list[list[int] | None] = Field(
        description="each seat's playing piece: [position on its path, lane], or null"
    )
    cones: list[list[int | str] | None] = Field(
        description="each seat's cone: [path owner, era card, lane], or null (in the centre)"
    )
    tokens: list[int] = Field(description="tokens each seat holds in hand")
    box: list[int] = Field(description="tokens of each seat in the box")
    hands: list[list[str]] = Field(description="the era cards each seat holds, face up")
    offer: str | None = Field(description="the face-up era card on top of the pack")
    era_deck: int = Field(description="era cards left in the pack")
    discard: list[str] = Field(description="discarded era cards")
    thunderbolt_deck: int = Field(description="thunderbolt cards left to draw")
    thunderbolts_under: list[str] = Field(description="thunderbolt cards put under, in order")
    start_deck: int = Field(description="start cards left to deal")
    die: str | None = Field(description="the die's last face: thunderbolt, volcano or dot")
    thunderbolt: str | None = Field(description="the last thunderbolt card carried out")
    bids: list[int | str | None] = Field(
        description='each seat\'s bid: a number (your own, or once revealed), "sealed", or null'
    )
    candidate: list[str] | None = Field(description="the path that may win at the end of turn")
    pending: dict[str, int | str] | None = Field(
        description="the engine's pending step (name and seat), for tools; see decision"
    )
    decision: Decision | None = Field(description="what the game waits for")  # type: ignore[valid-type]
    bidding: Bidding | None = Field(description="the sealed bids in progress")
    exchange: Exchange | None = Field(description="the exchange waiting for an answer")
    card_won: str | None = Field(description="the era card won, waiting to be placed")
    moves_left: MovesLeft | None = Field(description="the movement in progress")
    winner: int | None = Field(description="the seat that won, once the game is over")
