"""Preparation: deal start cards and hands, find the youngest player, place the pieces."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.zones import EVERYONE, Zone

from .args import SeatArgs
from .components import (
    CARD_IDS,
    HAND,
    LANES,
    MAX_PLAYERS_OPTION,
    START_NUMBERS,
    START_SITES,
    THUNDERBOLTS,
)
from .deck import draw
from .events import Events
from .state import ErasState, Hand
from .turn import TURN

if TYPE_CHECKING:
    from lapilli.core.state import Game

START_CARD = {k: Action("start_card", number=k) for k in START_NUMBERS}
YOUNGEST = {seat: Action("youngest", seat=seat) for seat in range(MAX_PLAYERS_OPTION)}
PIECE_ON = {lane: Action("piece", lane=lane) for lane in range(len(LANES))}


def new_eras_state(game: Game, players: int) -> ErasState:
    """The table before the deal; the deal itself is chance steps."""
    s = new_table(game, players)
    prepare(s)
    return s


def new_table(game: Game, players: int) -> ErasState:
    """Every card in its pack, every token in hand, nothing dealt and nothing pending."""
    s = ErasState.__new__(ErasState)
    s.setup(game, players)
    s.start = [0] * players
    s.start_deck = Zone([str(k) for k in START_NUMBERS])
    s.era_deck = Zone(CARD_IDS)
    s.discard = Zone(seen=EVERYONE)
    s.offer = None
    s.thunder_deck = Zone(THUNDERBOLTS)
    s.hands = [Hand() for _ in range(players)]
    s.paths = [[] for _ in range(players)]
    s.pieces = [None] * players
    s.cones = [None] * players
    s.tokens = [s.opts.tokens] * players
    s.bids = [None] * players
    s.first = s.turn = -1
    s.turns = 0
    s.candidate = s.die = s.thunderbolt = None
    s.winner = None
    return s


def prepare(s: ErasState) -> None:
    """Deal a start card and a hand of era cards to each player, then find who starts."""
    deals = [DEAL_START(seat=seat) for seat in range(s.players)]
    deals += [draw(seat) for seat in range(s.players) for _ in range(HAND)]
    then(s, *deals, CHOOSE_YOUNGEST())


def _deal_start(s: ErasState, f: Frame, a: Action) -> Events:
    number = a.arg("number")
    s.start_deck.draw(str(number))
    s.start[f.args.seat] = number
    return [{"type": "start_card", "seat": f.args.seat, "number": number}]


DEAL_START = Step(
    "deal_start",
    "Preparation: deal a start card",
    outcomes=lambda s, f: [(START_CARD[int(k)], p) for k, p in s.start_deck.draws()],
    apply=_deal_start,
    Args=SeatArgs,
    word="deal start cards",
)


def _youngest(s: ErasState, f: Frame, a: Action) -> Events:
    s.first = a.arg("seat")
    pieces = [PLACE_PIECE(seat) for seat in s.order(s.first)]
    then(s, *pieces, TURN(seat=s.first))
    return [{"type": "youngest", "seat": s.first}]


CHOOSE_YOUNGEST = Step(
    "youngest",
    "Preparation: the youngest player starts",
    outcomes=lambda s, f: [(YOUNGEST[seat], 1 / s.players) for seat in range(s.players)],
    apply=_youngest,
    word="youngest player",
)


def _legal_piece(s: ErasState, f: Frame) -> list[Action]:
    return [PIECE_ON[lane] for lane, site in enumerate(START_SITES) if site == "rock"]


def _refuse_piece(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind == "piece" and a not in _legal_piece(s, f):
        return "Preparation: place your playing piece on a rock site on your start card"
    return None


def _place_piece(s: ErasState, f: Frame, a: Action) -> Events:
    s.pieces[f.seat] = (0, a.arg("lane"))
    return [{"type": "piece_placed", "seat": f.seat, "lane": a.arg("lane")}]


PLACE_PIECE = Step(
    "place_piece",
    "Preparation: place your playing piece on a rock site on your start card",
    legal=_legal_piece,
    refuse=_refuse_piece,
    apply=_place_piece,
    word="place your piece",
)
