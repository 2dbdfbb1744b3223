"""Eras' evaluation for the bots: ``heuristic(state, seat)``, higher is better.

A player's progress is how far their piece stands along the path (the piece moves at most
one card forward a turn, so this is the slow part), how many era cards their path holds,
the cards in hand that still fit it, a waterhole (an extra token each turn), tokens in
hand (with a premium on keeping at least one: you cannot win without one) and a bonus for
standing on a completed sixth card. The heuristic is a seat's progress minus the best
other player's. The bots call it only on positions built from their own view.
"""

from __future__ import annotations

from .components import PATH_LENGTH
from .paths import has_site, insert_positions
from .state import ErasState

SCALE = 2.0
"""About two cards of progress ahead make a clear favourite (for MCTS's leaf values)."""

PIECE = 1.0  # per card the piece stands along its path
CARD = 0.5  # per era card in the path
PLAYABLE = 0.15  # per card in hand that still fits the path
WATERHOLE = 0.2
TOKEN = 0.08  # per token in hand, up to TOKENS_COUNTED
TOKENS_COUNTED = 10
HOLDS_A_TOKEN = 0.5
ON_SIXTH = 1.0


def progress(s: ErasState, seat: int) -> float:
    path = s.paths[seat]
    piece = s.pieces[seat]
    tokens = s.tokens[seat]
    at = piece[0] if piece else 0
    value = PIECE * at + CARD * len(path)
    value += PLAYABLE * sum(1 for c in s.hands[seat].kinds() if insert_positions(path, c))
    value += WATERHOLE if has_site(s, seat, "waterhole") else 0.0
    value += TOKEN * min(tokens, TOKENS_COUNTED) + (HOLDS_A_TOKEN if tokens else 0.0)
    if at == PATH_LENGTH:
        value += ON_SIXTH
    return value


def heuristic(s: ErasState, seat: int) -> float:
    mine = progress(s, seat)
    return mine - max(progress(s, other) for other in range(s.num_players) if other != seat)
