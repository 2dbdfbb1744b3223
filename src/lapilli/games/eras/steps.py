"""The step table of Eras, in turn order.

Preparation deals start cards and hands and places the pieces; then each turn runs:
recover tokens, play a card from your hand, roll the die (a thunderbolt, every
player's cone action, or nothing), turn the top era card face up, bid for a card or
agree an exchange (sealed bids revealed together), place a card won, move your piece,
and see whether you have won.
"""

from __future__ import annotations

from lapilli.core.flow import Steps

from .bidding import ANSWER, CHOOSE, REVEAL_BIDS, SEALED_BID
from .deck import DRAW, REFILL
from .movement import MOVE, START_MOVING
from .placement import PLACE_WON, PLAY
from .setup import CHOOSE_YOUNGEST, DEAL_START, PLACE_PIECE
from .thunderbolts import ICE_AGE, METEOR, THUNDER
from .turn import END_TURN, ROLL, TURN
from .volcano import CONE, VOLCANO

STEPS = Steps(
    # preparation
    DEAL_START,
    REFILL,
    DRAW,
    CHOOSE_YOUNGEST,
    PLACE_PIECE,
    # the turn
    TURN,
    PLAY,
    ROLL,
    THUNDER,
    METEOR,
    ICE_AGE,
    VOLCANO,
    CONE,
    CHOOSE,
    SEALED_BID,
    REVEAL_BIDS,
    ANSWER,
    PLACE_WON,
    START_MOVING,
    MOVE,
    END_TURN,
)
