"""Eras in numbers, for learning agents (see ``lapilli.core.numeric``).

The codec lists, in this order: placing the piece (``piece``, lanes L, M, R); playing a
card (``include``: a path, a position, then a card; ``replace``: a position, then a
card; ``skip``, ``keep``); the cone (``cone_enter`` per path and lane,
``cone_sideways``, ``cone_back``, ``cone_forward`` by cards, ``erupt`` per position and
lane, ``cone_pass``); bidding (``bid_face_up``, ``challenge``: a seat, then a card;
``exchange``: a seat, the card taken, then the card given; ``go_on``, ``bid`` 0-15
tokens, ``accept``, ``refuse``); moving the piece (``sideways``, ``forward``, ``back``,
``stop``); the thunderbolts' choices (``meteor``: a path, then a position; ``discard``
per card). An action in parts takes an id for its kind, then one for each part, from a
range per part (the table below). Cards are in data order (bacteria-1 ...
primates-6); paths and seats are seat numbers as they are, so the vector holds the
seat's own number.

The vector is built from ``observation(seat)`` only; seats start with "me". An era card
in a path is described by its era, its three sites, the lanes its crossing cuts and its
hazard; cards in hands, the face-up card and the discards by their identity (the codec
names them). Tokens are divided by 15, positions and counts by their largest value.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.numeric import ActionCodec, Family, Layout, seats_from

from . import bidding, movement, placement, setup, thunderbolts, volcano
from .bounds import bounds as bounds  # the set-up's promises
from .components import (
    CARD_IDS,
    CARDS,
    DIE,
    ERAS,
    LANES,
    PATH_LENGTH,
    START_NUMBERS,
    THUNDERBOLTS,
    TOKENS,
)
from .state import ErasState
from .view import Observation, cone_of, observe

if TYPE_CHECKING:
    from .game import Eras

CARD_INDEX = {card: i for i, card in enumerate(CARD_IDS)}
STEP_NAMES = (
    *("deal_start", "refill", "draw", "youngest", "place_piece"),
    *("turn", "play", "roll", "thunder", "meteor", "ice_age", "volcano", "cone"),
    *("choose", "sealed_bid", "reveal_bids", "answer", "place_won"),
    *("start_moving", "move", "end_turn", "over"),
)
"""The steps in turn order, then the end of the game (a fixed layout for agents)."""
STEP_INDEX = {name: i for i, name in enumerate(STEP_NAMES)}
SITE_KINDS = ("rock", "swamp", "waterhole", "volcano", "cave")
CROSSINGS = ("rising_sea", "ravine")
HAZARDS = ("earthquake", "twister", "volcano")
FACES = tuple(face for face, _ in DIE)
BOLTS = tuple(THUNDERBOLTS)
BOLT_DECK = sum(THUNDERBOLTS.values())
LANE_COUNT = len(LANES)
ROUNDS_SCALE = 200.0

CARD_FEATURES = (
    *(f"era: {e}" for e in ERAS),
    *(f"lane {lane} site: {k}" for lane in LANES for k in SITE_KINDS),
    *(f"crossing cuts lane {lane}" for lane in LANES),
    *(f"crossing: {c}" for c in CROSSINGS),
    *(f"hazard: {h}" for h in HAZARDS),
)


def _card_features(card: str) -> np.ndarray:
    info = CARDS[card]
    row = np.zeros(len(CARD_FEATURES), dtype=np.float32)
    row[ERAS.index(info.era)] = 1
    at = len(ERAS)
    for lane, kind in enumerate(info.sites):
        row[at + lane * len(SITE_KINDS) + SITE_KINDS.index(kind)] = 1
    at += LANE_COUNT * len(SITE_KINDS)
    for lane in info.crossed:
        row[at + lane] = 1
    at += LANE_COUNT
    if info.crossing:
        row[at + CROSSINGS.index(info.crossing)] = 1
    at += len(CROSSINGS)
    if info.hazard:
        row[at + HAZARDS.index(info.hazard)] = 1
    return row


FEATURES = {card: _card_features(card) for card in CARD_IDS}

NOTES: Mapping[str, str] = {
    "me": "one-hot of my seat number (actions name seats and paths by number)",
    "step": f"one-hot of the pending step ({', '.join(STEP_NAMES)})",
    "to_move": "one-hot of the seat to decide, me first (all 0 at chance and at the end)",
    "turn": "one-hot of the seat whose turn it is, me first",
    "first": "one-hot of the youngest player, who started, me first",
    "rounds": "rounds played / 200 (at most 1)",
    "start_cards": "per seat (me first): one-hot of its start card number",
    "paths": "per seat (me first), per era card of its path (1-6): " + "; ".join(CARD_FEATURES),
    "pieces": "per seat (me first): one-hot of the piece's position (0 = start card, 1-6), "
    "then one-hot of its lane (L, M, R)",
    "cones": "per seat (me first): one-hot of the path its cone is on (me first), of the "
    "card's position (1-6), of the lane",
    "tokens": "per seat (me first): tokens in hand / 15, tokens in the box / 15",
    "hands": "per seat (me first): 1 for each era card in hand (data order)",
    "offer": "1 for the face-up era card on the pack",
    "discard": "1 for each era card in the discard pile",
    "decks": "era cards in the pack / 48, thunderbolt cards / 16, start cards / 6",
    "thunderbolts_under": "thunderbolt cards known at the bottom of their pack, per card / 2",
    "die": "one-hot of the die's last face (thunderbolt, volcano, dot)",
    "thunderbolt": "one-hot of the last thunderbolt card carried out",
    "bids": "per seat (me first): the bid / 15 if I may see it, 1 if a bid is sealed",
    "may_win": "1 if the player whose turn it is may win this turn (started it on their "
    "sixth card)",
    "winner": "one-hot of the winner, me first",
}


def codec(game: Eras, players: int) -> ActionCodec:
    seats = range(players)
    positions = range(1, PATH_LENGTH + 1)
    actions: list[Action | Family] = list(setup.PIECE_ON.values())
    actions.append(Family("include", path=seats, at=positions, card=CARD_IDS))
    actions.append(Family("replace", at=positions, card=CARD_IDS))
    actions += [placement.SKIP, *placement.KEEP.values()]
    actions += [volcano.ENTER[q, lane] for q in seats for lane in range(LANE_COUNT)]
    actions += [*volcano.SIDEWAYS_TO.values(), volcano.BACK, *volcano.FORWARD.values()]
    actions += [*volcano.ERUPTION.values(), volcano.LEAVE]
    actions += [bidding.BID_FACE_UP]
    actions.append(Family("challenge", seat=seats, card=CARD_IDS))
    actions.append(Family("exchange", seat=seats, take=CARD_IDS, give=CARD_IDS))
    actions += [bidding.GO_ON, *bidding.BID.values(), bidding.ACCEPT, bidding.REFUSE]
    actions += [*movement.SIDEWAYS_TO.values(), movement.FORWARD, movement.BACK, movement.STOP]
    actions.append(Family("meteor", path=seats, at=positions))
    actions += thunderbolts.DISCARD.values()
    return ActionCodec(actions)


def layout(game: Eras, players: int) -> Layout:
    return _layout(players)


@cache
def _layout(players: int) -> Layout:
    cards = len(CARD_IDS)
    return Layout(
        me=players,
        step=len(STEP_NAMES),
        to_move=players,
        turn=players,
        first=players,
        rounds=1,
        start_cards=(players, len(START_NUMBERS)),
        paths=(players, PATH_LENGTH, len(CARD_FEATURES)),
        pieces=(players, PATH_LENGTH + 1 + LANE_COUNT),
        cones=(players, players + PATH_LENGTH + LANE_COUNT),
        tokens=(players, 2),
        hands=(players, cards),
        offer=cards,
        discard=cards,
        decks=3,
        thunderbolts_under=len(BOLTS),
        die=len(FACES),
        thunderbolt=len(BOLTS),
        bids=(players, 2),
        may_win=1,
        winner=players,
    )


def encode(state: ErasState, seat: int) -> np.ndarray:
    obs = observe(state, seat)
    n = state.num_players
    shape = _layout(n)
    v = shape.zeros()
    b = shape.views(v)
    seats = seats_from(seat, n)
    rank = {p: i for i, p in enumerate(seats)}

    b["me"][seat] = 1
    pending = obs["pending"]
    b["step"][STEP_INDEX[pending["step"] if pending else "over"]] = 1
    if pending and pending["seat"] >= 0:
        b["to_move"][rank[pending["seat"]]] = 1
    for key, who in (("turn", obs["turn"]), ("first", obs["first"]), ("winner", obs["winner"])):
        if who is not None and who >= 0:
            b[key][rank[who]] = 1
    b["rounds"][0] = min(1.0, obs["turns"] / n / ROUNDS_SCALE)
    for i, p in enumerate(seats):
        _seat(b, i, obs, p, rank)
    if obs["offer"] is not None:
        b["offer"][CARD_INDEX[obs["offer"]]] = 1
    for card in obs["discard"]:
        b["discard"][CARD_INDEX[card]] = 1
    b["decks"][:] = (
        obs["era_deck"] / len(CARD_IDS),
        obs["thunderbolt_deck"] / BOLT_DECK,
        obs["start_deck"] / len(START_NUMBERS),
    )
    for card in obs["thunderbolts_under"]:
        b["thunderbolts_under"][BOLTS.index(card)] += 1 / THUNDERBOLTS[card]
    if obs["die"] is not None:
        b["die"][FACES.index(obs["die"])] = 1
    if obs["thunderbolt"] is not None:
        b["thunderbolt"][BOLTS.index(obs["thunderbolt"])] = 1
    b["may_win"][0] = obs["candidate"] is not None
    return v


def _seat(b: dict[str, np.ndarray], i: int, obs: Observation, p: int, rank: dict[int, int]) -> None:
    """Row ``i`` of every per-seat block, for seat ``p``."""
    if obs["start_cards"][p]:
        b["start_cards"][i, START_NUMBERS.index(obs["start_cards"][p])] = 1
    path = obs["paths"][p]
    for at, card in enumerate(path):
        b["paths"][i, at] = FEATURES[card]
    piece = obs["pieces"][p]
    if piece is not None:
        b["pieces"][i, piece[0]] = 1
        b["pieces"][i, PATH_LENGTH + 1 + piece[1]] = 1
    cone = cone_of(obs, p)
    if cone is not None:
        on, card, lane = cone
        row = b["cones"][i]
        row[rank[on]] = 1
        row[len(rank) + obs["paths"][on].index(card)] = 1
        row[len(rank) + PATH_LENGTH + lane] = 1
    b["tokens"][i] = (obs["tokens"][p] / TOKENS, obs["box"][p] / TOKENS)
    for card in obs["hands"][p]:
        b["hands"][i, CARD_INDEX[card]] = 1
    bid = obs["bids"][p]
    if isinstance(bid, int):
        b["bids"][i, 0] = bid / TOKENS
    elif bid is not None:
        b["bids"][i, 1] = 1  # sealed: its amount is hidden from me
