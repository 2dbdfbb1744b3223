"""End your turn: move your playing piece up to two moves sideways and up to one move
forward (or backwards), in any order, along the lines printed on the cards.

Forward moves cost a token over a rising sea (unless a Fish card is in your path) and
over a ravine in the lanes it cuts; sideways and backward moves are free. A piece may
not move onto the site holding the cone. A piece that starts its move on a swamp makes
one move only (our reading of the lost swamp diagram).
"""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .args import SeatArgs
from .components import (
    CARDS,
    FORWARD_MOVES,
    LANES,
    SIDEWAYS,
    SIDEWAYS_MOVES,
    SWAMP_MOVES,
)
from .events import Events
from .paths import cone_on, has_era, site
from .state import ErasState

SIDEWAYS_TO = {lane: Action("sideways", lane=lane) for lane in range(len(LANES))}
FORWARD, BACK, STOP = Action("forward"), Action("back"), Action("stop")


class MoveArgs(NamedTuple):
    sideways: int  # sideways moves left
    forward: int  # forward or backward moves left
    moves: int  # moves left in all (fewer from a swamp)


def crossing_cost(s: ErasState, seat: int) -> int:
    """Tokens to move forward from where the piece stands (the card's forward edge)."""
    piece = s.pieces[seat]  # (read directly: this runs for every move listed)
    if piece is None or piece[0] == 0:
        return 0  # start cards have no crossings
    at, lane = piece
    card = CARDS[s.paths[seat][at - 1]]
    if card.crossing == "rising_sea":
        return 0 if has_era(s, seat, "fish") else s.opts.sea_cost
    if card.crossing == "ravine" and lane in card.crossed:
        return s.opts.ravine_cost
    return 0


def piece_moves(s: ErasState, seat: int, left: MoveArgs) -> list[Action]:
    piece = s.pieces[seat]  # (read directly: this runs for every move listed)
    if left.moves <= 0 or piece is None:
        return []
    at, lane = piece
    cone = cone_on(s, seat)
    actions = []
    if left.sideways > 0:
        actions += [SIDEWAYS_TO[x] for x in SIDEWAYS[lane] if cone != (at, x)]
    if left.forward > 0:
        if (
            at < len(s.paths[seat])
            and cone != (at + 1, lane)
            and s.tokens[seat] >= crossing_cost(s, seat)
        ):
            actions.append(FORWARD)
        if at > 0 and cone != (at - 1, lane):
            actions.append(BACK)
    return actions


def _start_moving(s: ErasState, f: Frame) -> Events:
    seat = f.args.seat
    at, lane = s.placed(seat)
    moves = SWAMP_MOVES if site(s, seat, at, lane) == "swamp" else SIDEWAYS_MOVES + FORWARD_MOVES
    left = MoveArgs(SIDEWAYS_MOVES, FORWARD_MOVES, moves)
    if piece_moves(s, seat, left):
        then(s, Frame(MOVE, seat, left))
    return []


START_MOVING = Step("start_moving", run=_start_moving, Args=SeatArgs)


def _legal_move(s: ErasState, f: Frame) -> list[Action]:
    return [*piece_moves(s, f.seat, f.args), STOP]


def _refuse_move(s: ErasState, f: Frame, a: Action) -> str | None:
    if a.kind not in ("sideways", "forward", "back") or a in piece_moves(s, f.seat, f.args):
        return None
    if a.kind != "sideways" and a not in (FORWARD, BACK):
        return "Movement: forward and back move one card at a time"  # (a made-up argument)
    left = f.args
    at, lane = s.placed(f.seat)
    if left.moves <= 0:
        return "Movement: no moves are left this turn"
    if a.kind == "sideways":
        if left.sideways <= 0:
            return "Movement: up to two moves sideways"
        if a.arg("lane") not in SIDEWAYS[lane]:
            return "Movement: sideways moves follow the lines printed on the card"
        return "Movement: you may not move onto a site that holds the cone"
    if left.forward <= 0:
        return "Movement: up to one move forward (or backwards)"
    if a == FORWARD and at >= len(s.paths[f.seat]):
        return "Movement: there is no era card ahead of your piece"
    if a == BACK and at == 0:
        return "Movement: your piece is on your start card"
    if a == FORWARD and s.tokens[f.seat] < crossing_cost(s, f.seat):
        return "Movement: put one token in the box to cross over a rising sea or a ravine"
    return "Movement: you may not move onto a site that holds the cone"


def _move(s: ErasState, f: Frame, a: Action) -> Events:
    seat = f.seat
    if a == STOP:
        return []
    at, lane = s.placed(seat)
    left = f.args
    paid = 0
    if a.kind == "sideways":
        lane = a.arg("lane")
        left = left._replace(sideways=left.sideways - 1, moves=left.moves - 1)
    else:
        if a == FORWARD:
            paid = crossing_cost(s, seat)
            s.tokens[seat] -= paid
        at += 1 if a == FORWARD else -1
        left = left._replace(forward=left.forward - 1, moves=left.moves - 1)
    s.pieces[seat] = (at, lane)
    if piece_moves(s, seat, left):
        then(s, Frame(MOVE, seat, left))
    return [{"type": "moved", "seat": seat, "to": [at, lane], "paid": paid}]


MOVE = Step(
    "move",
    "End your turn: move your playing piece up to two moves sideways and up to one move "
    "forward (or backwards), in any order, or stop",
    legal=_legal_move,
    refuse=_refuse_move,
    apply=_move,
    Args=MoveArgs,
)
