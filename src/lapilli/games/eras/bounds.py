"""What a set-up of Eras promises learning libraries: its results and how long it can
last (``core.numeric.Bounds``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.numeric import Bounds

from .components import FORWARD_MOVES, SIDEWAYS_MOVES

if TYPE_CHECKING:
    from .game import Eras

FIXED = 5
"""A turn's decisions whatever the number of players: the play from hand, the first
choice (a bid, a challenge, an exchange or going on), the answer to an exchange, the
second choice after an exchange refused, and the era card won placed."""


INFORMATION = (
    "The log tells the seat every card played, drawn face up, won, exchanged or "
    "discarded, every die roll and thunderbolt, every cone action and every bid once "
    "revealed (a sealed bid only to its bidder until then). Of that history the vector "
    "keeps the discard pile, the thunderbolts known under their pack, the die's last "
    "face and the last thunderbolt; hands are face up."
)
"""What a seat's information state holds beyond the present (``docs/numeric.md``)."""


def bounds(game: Eras, players: int) -> Bounds:
    """1 for the winner, 0 for the others; nobody wins when the round limit stops the
    game, so the results do not always add up to 1.

    Rounds: the round limit (a digital safeguard; 0, no limit, gives no bound). A round
    is a turn of each player, and a turn holds at most ``FIXED`` decisions, the die's
    effect (a thunderbolt's meteor or every player's discard, or every player's cone
    action: one per player), every player's sealed bid, and the moves of the piece (2
    sideways and 1 forward or back, then stop). The set-up: each player places a piece.
    """
    limit = game.options.round_limit
    per_turn = FIXED + 2 * players + SIDEWAYS_MOVES + FORWARD_MOVES + 1
    return Bounds(limit or None, players * per_turn, setup=players, utility=(0.0, 1.0))
