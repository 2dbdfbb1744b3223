"""Paths of era cards: strict era order, inserting, replacing and removing cards, and
where a piece goes when it is forced back.

A path is a list of era card ids; *position* 0 is the start card, position ``p`` the
card ``path[p - 1]``. A piece stands at ``(position, lane)``; a cone at ``(path seat,
card id, lane)``, so it stays on its card when cards are inserted in front of it.
"""

from __future__ import annotations

from .components import CARD_RANK, CARDS, LANES, PATH_LENGTH
from .events import Events
from .state import ErasState


def fits(path: list[str], position: int, card: str, replacing: bool = False) -> bool:
    """Whether ``card`` at ``position`` keeps the path in strict era order: an era after
    the card before it and before the card after it (the card replaced aside)."""
    r = CARD_RANK[card]
    if position >= 2 and CARD_RANK[path[position - 2]] >= r:
        return False
    after = position if replacing else position - 1
    return not (after < len(path) and CARD_RANK[path[after]] <= r)


def insert_positions(path: list[str], card: str) -> list[int]:
    """Where ``card`` may be inserted or added (none in a completed path)."""
    if len(path) >= PATH_LENGTH:
        return []
    return [p for p in range(1, len(path) + 2) if fits(path, p, card)]


def cone_on(s: ErasState, seat: int) -> tuple[int, int] | None:
    """The (position, lane) of the cone on ``seat``'s path, if one is there."""
    for cone in s.cones:
        if cone is not None and cone[0] == seat:
            return s.paths[seat].index(cone[1]) + 1, cone[2]
    return None


def site(s: ErasState, seat: int, position: int, lane: int) -> str:
    """The kind of site (rock, swamp, cave, ...) at a place on ``seat``'s path."""
    if position == 0:
        return "rock"
    return CARDS[s.paths[seat][position - 1]].sites[lane]


def has_era(s: ErasState, seat: int, era: str) -> bool:
    return any(CARDS[c].era == era for c in s.paths[seat])


def has_site(s: ErasState, seat: int, kind: str) -> bool:
    return any(kind in CARDS[c].sites for c in s.paths[seat])


def nearest_vacant_lane(s: ErasState, seat: int, position: int, lane: int) -> int:
    """The same lane if the cone is not there, else the nearest other (left first)."""
    cone = cone_on(s, seat)
    for other in sorted(range(len(LANES)), key=lambda x: (abs(x - lane), x)):
        if cone != (position, other):
            return other
    raise AssertionError("a card has three sites and a path holds one cone")


def back_one_card(s: ErasState, seat: int, why: str) -> Events:
    """Force ``seat``'s piece directly back to a vacant site on the card before."""
    position, lane = s.placed(seat)
    if position == 0:
        return []
    to = (position - 1, nearest_vacant_lane(s, seat, position - 1, lane))
    s.pieces[seat] = to
    return [{"type": "forced_back", "seat": seat, "to": list(to), "why": why}, *not_put(s, seat)]


def not_put(s: ErasState, seat: int) -> Events:
    """A piece forced off its sixth era card during the turn that may win has not
    stayed put ("your piece stays put"): that turn wins nothing, even if the piece
    steps forward again before it ends, and the player is told at once."""
    if s.candidate is None or seat != s.turn or s.placed(seat)[0] == PATH_LENGTH:
        return []
    s.candidate = None
    return [{"type": "no_win", "seat": seat}]


def insert(s: ErasState, seat: int, position: int, card: str) -> Events:
    """Include ``card`` in ``seat``'s path; a piece behind it is moved back one card."""
    s.paths[seat].insert(position - 1, card)
    at, lane = s.placed(seat)
    if position > at:
        return []
    # the piece's card moved up to at + 1: the piece goes back to the card before it
    s.pieces[seat] = (at, nearest_vacant_lane(s, seat, at, lane))
    return [{"type": "forced_back", "seat": seat, "to": [at, s.placed(seat)[1]], "why": "insert"}]


def replace(s: ErasState, seat: int, position: int, card: str) -> Events:
    """Put ``card`` in place of the card at ``position``, which goes to the discard."""
    old = s.paths[seat][position - 1]
    s.paths[seat][position - 1] = card
    s.discard.put(old)
    return [{"type": "discarded", "seat": seat, "card": old}, *cone_home(s, old)]


def remove(s: ErasState, seat: int, position: int, why: str) -> Events:
    """Forcibly remove the card at ``position`` (to the discard); later cards close up."""
    old = s.paths[seat].pop(position - 1)
    s.discard.put(old)
    events: Events = [{"type": "removed", "seat": seat, "card": old, "why": why}]
    events += cone_home(s, old)
    at, lane = s.placed(seat)
    if at > position:
        s.pieces[seat] = (at - 1, lane)  # the piece stays on its own card
    elif at == position:
        s.pieces[seat] = (position - 1, nearest_vacant_lane(s, seat, position - 1, lane))
        events.append({"type": "forced_back", "seat": seat, "to": list(s.placed(seat)), "why": why})
        events += not_put(s, seat)
    return events


def cone_home(s: ErasState, card: str) -> Events:
    """A cone on a card that leaves a path returns to the centre."""
    for owner, cone in enumerate(s.cones):
        if cone is not None and cone[1] == card:
            s.cones[owner] = None
            return [{"type": "cone_home", "seat": owner}]
    return []
