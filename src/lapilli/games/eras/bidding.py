"""Bid for an era card or agree an exchange: the face-up card (every player may bid), a
card in another player's hand (only the two of you bid), or an exchange both agree to.

Bids are sealed: one secret decision per bidder, then all are revealed together. The
high bidder wins and puts in the box the difference to the next highest bid; equal high
bids cost nothing and the first of them in turn order wins.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .components import CARD_IDS, MAX_PLAYERS_OPTION, TOKENS
from .events import Answer, Events
from .placement import PLACE_WON
from .state import ErasState

BID_FACE_UP = Action("bid_face_up")
CHALLENGE = {
    (seat, card): Action("challenge", seat=seat, card=card)
    for seat in range(MAX_PLAYERS_OPTION)
    for card in CARD_IDS
}
GO_ON = Action("go_on")
BID = {n: Action("bid", tokens=n) for n in range(TOKENS + 1)}
ACCEPT, REFUSE = Action("accept"), Action("refuse")
NOBODY_OWNS = -1
"""The owner of the face-up card, which is nobody's until it is won."""


@cache
def exchange(seat: int, give: str, take: str) -> Action:
    return Action("exchange", seat=seat, give=give, take=take)


class ChooseArgs(NamedTuple):
    refused: bool = False  # an exchange was offered and refused this turn


def _legal_choose(s: ErasState, f: Frame) -> list[Action]:
    seat = f.seat
    actions = [BID_FACE_UP] if s.offer is not None else []
    others = [q for q in s.order(seat) if q != seat]
    actions += [CHALLENGE[q, card] for q in others for card in s.hands[q].kinds()]
    if not f.args.refused:
        mine = s.hands[seat].kinds()
        actions += [
            exchange(q, give, take) for q in others for take in s.hands[q].kinds() for give in mine
        ]
    actions.append(GO_ON)
    return actions


def _refuse_choose(s: ErasState, f: Frame, a: Action) -> str | None:
    if a == BID_FACE_UP and s.offer is None:
        return "Bid for an era card: no era card is face up"
    if a.kind in ("challenge", "exchange"):
        q = a.arg("seat")
        if q == f.seat or not isinstance(q, int) or not 0 <= q < s.players:
            return "Bid for an era card: name another player"
        if a.arg("card", a.arg("take")) not in s.hands[q]:
            return f"Bid for an era card: {s.seat_label(q)} holds no such card in hand"
    if a.kind == "exchange":
        if f.args.refused:
            return "Exchange: your offer was refused this turn"
        if a.arg("give") not in s.hands[f.seat]:
            return "Exchange: you may only give an era card from your hand"
    return None


def bidders_with_tokens(s: ErasState, bidders: list[int]) -> list[Frame]:
    """A sealed bid from each bidder who holds a token (the others bid nothing)."""
    return [SEALED_BID(seat) for seat in bidders if s.tokens[seat] > 0]


def _choose(s: ErasState, f: Frame, a: Action) -> Events:
    seat = f.seat
    if a == BID_FACE_UP and s.offer is not None:  # (offered only with a face-up card)
        bidders = s.order(seat)
        resolve = REVEAL_BIDS(owner=NOBODY_OWNS, card=s.offer, bidders=tuple(bidders))
        then(s, *bidders_with_tokens(s, bidders), resolve)
        return [{"type": "bidding", "seat": seat, "card": s.offer}]
    if a.kind == "challenge":
        q, card = a.arg("seat"), a.arg("card")
        resolve = REVEAL_BIDS(owner=q, card=card, bidders=(seat, q))
        then(s, *bidders_with_tokens(s, [seat, q]), resolve)
        return [{"type": "challenge", "seat": seat, "owner": q, "card": card}]
    if a.kind == "exchange":
        q, give, take = a.arg("seat"), a.arg("give"), a.arg("take")
        then(s, ANSWER(q, by=seat, give=give, take=take))
        return [{"type": "offer", "seat": seat, "to": q, "give": give, "take": take}]
    return []


CHOOSE = Step(
    "choose",
    "Bid for an era card or agree an exchange: bid for the face-up card, bid for a card in "
    "another player's hand, offer an exchange, or go on to end your turn",
    legal=_legal_choose,
    refuse=_refuse_choose,
    apply=_choose,
    Args=ChooseArgs,
    word="bidding",
)


def _legal_bid(s: ErasState, f: Frame) -> list[Action]:
    return [BID[n] for n in range(s.tokens[f.seat] + 1)]


def _refuse_bid(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind == "bid" and a not in _legal_bid(s, f):
        return f"Bidding: you may bid 0-{s.tokens[f.seat]} of the tokens hidden in your hand"
    return None


def _bid(s: ErasState, f: Frame, a: Action) -> Events:
    s.bids[f.seat] = a.arg("tokens")
    return [{"type": "bid", "seat": f.seat, "tokens": a.arg("tokens"), "private": f.seat}]


SEALED_BID = Step(
    "sealed_bid",
    "Bidding: bid a number of the tokens hidden in your hand (all bids are revealed in unison)",
    legal=_legal_bid,
    refuse=_refuse_bid,
    apply=_bid,
    secret=True,
    told=lambda s, f, a: f"{s.seat_label(f.seat)} seals a bid in their closed hand",
    word="bid",
)


class RevealArgs(NamedTuple):
    owner: int  # who holds the card now (NOBODY_OWNS: the face-up card)
    card: str
    bidders: tuple[int, ...]  # in turn order, the player whose turn it is first


def _reveal(s: ErasState, f: Frame) -> Events:
    owner, card, bidders = f.args
    bids = [s.bids[seat] or 0 for seat in bidders]
    high = max(bids)
    winner = bidders[bids.index(high)]  # the first high bidder in turn order
    rest = sorted(bids, reverse=True)[1]
    paid = high - rest  # nothing when the high bids are equal
    s.tokens[winner] -= paid
    s.bids = [None] * s.players
    if owner == NOBODY_OWNS:
        s.offer = None
    else:
        s.hands[owner].take(card)
    s.hands[winner].put(card)
    if winner == s.turn:
        then(s, PLACE_WON(winner, card=card))
    shown = {str(seat): bid for seat, bid in zip(bidders, bids, strict=True)}
    return [
        {
            "type": "bids",
            "bids": shown,
            "winner": winner,
            "paid": paid,
            "card": card,
            "reveal": True,
        }
    ]


REVEAL_BIDS = Step("reveal_bids", run=_reveal, Args=RevealArgs)


class AnswerArgs(NamedTuple):
    by: int
    give: str
    take: str


def _answer(s: ErasState, f: Frame, a: Action) -> Events:
    by, give, take = f.args
    event: Answer = {"type": "answer", "seat": f.seat, "by": by, "agreed": a == ACCEPT}
    if a == ACCEPT:
        s.hands[by].take(give)
        s.hands[f.seat].put(give)
        s.hands[f.seat].take(take)
        s.hands[by].put(take)
        then(s, PLACE_WON(by, card=take))
    else:
        then(s, CHOOSE(by, refused=True))
    return [event]


ANSWER = Step(
    "answer",
    "Exchange: agree to the exchange offered, or refuse it",
    legal=lambda s, f: [ACCEPT, REFUSE],
    apply=_answer,
    Args=AnswerArgs,
    word="exchange",
)
