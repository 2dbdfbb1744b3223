"""Era card placement: from your hand at the start of your turn (your own path), or a
card won by bidding or exchange (any path, or a replacement in yours)."""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step

from .components import CARD_IDS, CARDS, ERAS, MAX_PLAYERS_OPTION, PATH_LENGTH
from .events import Events, Included, Replaced
from .paths import fits, insert, insert_positions, replace
from .state import ErasState

INCLUDE = {
    (card, path, at): Action("include", card=card, path=path, at=at)
    for card in CARD_IDS
    for path in range(MAX_PLAYERS_OPTION)
    for at in range(1, PATH_LENGTH + 1)
}
REPLACE = {
    (card, at): Action("replace", card=card, at=at)
    for card in CARD_IDS
    for at in range(1, PATH_LENGTH + 1)
}
SKIP = Action("skip")
KEEP = {card: Action("keep", card=card) for card in CARD_IDS}

ORDER_RULE = (
    "Era card placement: a path must keep strict era order ("
    + ", ".join(e.title() for e in ERAS)
    + ")"
)
COMPLETE_RULE = (
    "Era card placement: you cannot insert or add a card to a completed path "
    f"(one having {PATH_LENGTH} era cards)"
)
PIECE_RULE = "Era card placement: you cannot replace an era card that holds your playing piece"


def replace_positions(s: ErasState, seat: int, card: str) -> list[int]:
    """Where ``card`` may replace a card of ``seat``'s own path."""
    path = s.paths[seat]
    piece = s.placed(seat)[0]
    return [p for p in range(1, len(path) + 1) if p != piece and fits(path, p, card, True)]


def placements(s: ErasState, seat: int, card: str, any_path: bool) -> list[Action]:
    paths = range(s.players) if any_path else (seat,)
    actions = [INCLUDE[card, q, p] for q in paths for p in insert_positions(s.paths[q], card)]
    actions += [REPLACE[card, p] for p in replace_positions(s, seat, card)]
    return actions


def why_not(s: ErasState, seat: int, a: Action, cards: list[str], any_path: bool) -> str | None:
    """The placement rule ``a`` breaks (None if it breaks none)."""
    card = a.arg("card")
    if card not in cards:
        name = CARDS[card].name if card in CARDS else card
        return f"Era card placement: {name} is not yours to place"
    q, at = a.arg("path", seat), a.arg("at")
    if type(q) is not int or type(at) is not int:
        return "Era card placement: name the path and the place by number"
    if a.kind == "include":
        if not any_path and q != seat:
            return "Play: from your hand you may include a card in your own path only"
        if not 0 <= q < s.players:
            return f"Era card placement: there is no path {q + 1}"
        path = s.paths[q]
        if len(path) >= PATH_LENGTH:
            return COMPLETE_RULE
        if not 1 <= at <= len(path) + 1:
            return f"Era card placement: that path has places 1-{len(path) + 1}"
        return None if fits(path, at, card) else ORDER_RULE
    if not 1 <= at <= len(s.paths[seat]):
        return f"Era card placement: your path has cards 1-{len(s.paths[seat])} to replace"
    if at == s.placed(seat)[0]:
        return PIECE_RULE
    return None if fits(s.paths[seat], at, card, True) else ORDER_RULE


def place(s: ErasState, seat: int, a: Action) -> Events:
    """Carry out an include or replace action; the card leaves ``seat``'s hand."""
    card = a.arg("card")
    s.hands[seat].take(card)
    if a.kind == "include":
        q, at = a.arg("path"), a.arg("at")
        included: Included = {"type": "included", "seat": seat, "card": card, "path": q, "at": at}
        return [included, *insert(s, q, at, card)]
    at = a.arg("at")
    replaced: Replaced = {"type": "replaced", "seat": seat, "card": card, "at": at}
    return [replaced, *replace(s, seat, at, card)]


# -- at the start of your turn: a card from your hand into your own path ---------------
def _legal_play(s: ErasState, f: Frame) -> list[Action]:
    actions = [a for card in s.hands[f.seat].kinds() for a in placements(s, f.seat, card, False)]
    actions.append(SKIP)
    return actions


def _refuse_play(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind in ("include", "replace"):
        return why_not(s, f.seat, a, s.hands[f.seat].kinds(), False)
    return None


def _play(s: ErasState, f: Frame, a: Action) -> Events:
    return [] if a == SKIP else place(s, f.seat, a)


PLAY = Step(
    "play",
    "Play: you may replace or include a card in your path using an era card from your hand",
    legal=_legal_play,
    refuse=_refuse_play,
    apply=_play,
    word="play a card",
)


def can_play(s: ErasState, seat: int) -> bool:
    return any(placements(s, seat, card, False) for card in s.hands[seat].kinds())


# -- a card won by bidding or by an exchange --------------------------------------------
class WonArgs(NamedTuple):
    card: str


def _legal_won(s: ErasState, f: Frame) -> list[Action]:
    return [*placements(s, f.seat, f.args.card, True), KEEP[f.args.card]]


def _refuse_won(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind in ("include", "replace"):
        return why_not(s, f.seat, a, [f.args.card], True)
    if a.kind == "keep" and a.arg("card") != f.args.card:
        return f"Place an era card: you may keep only the card you took, {CARDS[f.args.card].name}"
    return None


def _won(s: ErasState, f: Frame, a: Action) -> Events:
    if a.kind == "keep":
        return [{"type": "kept", "seat": f.seat, "card": f.args.card}]
    return place(s, f.seat, a)


PLACE_WON = Step(
    "place_won",
    "Place an era card: include the card you took in any path, use it to replace a card "
    "in your path, or keep it in your hand",
    legal=_legal_won,
    refuse=_refuse_won,
    apply=_won,
    Args=WonArgs,
    word="place the card won",
)
