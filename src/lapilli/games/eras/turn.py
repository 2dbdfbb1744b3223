"""The turn: recover tokens, play from your hand, roll the die, turn up the top era card,
bid or exchange, move your piece; and winning the game."""

from __future__ import annotations

from functools import cache
from typing import cast

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .args import SeatArgs
from .bidding import CHOOSE
from .components import DIE, DIE_FACES, PATH_LENGTH
from .deck import FACE_UP, draw
from .events import Events
from .movement import START_MOVING
from .options import ErasOptions
from .paths import has_site
from .placement import PLAY, can_play
from .state import ErasState
from .thunderbolts import THUNDER
from .volcano import VOLCANO

FACE = {face: Action("die", face=face) for face, _ in DIE}


def may_win(s: ErasState, seat: int) -> bool:
    """Starting the turn on your sixth era card with at least one token in hand."""
    return s.placed(seat)[0] == PATH_LENGTH and s.tokens[seat] >= 1


def _start_turn(s: ErasState, f: Frame) -> Events:
    seat = f.args.seat
    limit = cast(ErasOptions, s.game.options).round_limit
    if limit and s.turns >= limit * s.players:
        return [{"type": "round_limit", "rounds": limit}]  # nothing pushed: the game stops
    s.turn = seat
    s.turns += 1
    s.candidate = tuple(s.paths[seat]) if may_win(s, seat) else None
    events: Events = [{"type": "turn", "seat": seat}]
    if s.candidate:
        events.append({"type": "may_win", "seat": seat})
    wanted = s.opts.recover + (s.opts.waterhole_recover if has_site(s, seat, "waterhole") else 0)
    recovered = min(wanted, s.box(seat))
    if recovered:
        s.tokens[seat] += recovered
        events.append({"type": "recovered", "seat": seat, "tokens": recovered})
    play = (PLAY(seat),) if can_play(s, seat) else ()
    then(s, *play, *turn_frames(seat))
    return events


@cache
def turn_frames(seat: int) -> tuple[Frame, ...]:
    """The turn after the play from hand, in order (the frames are built once per seat)."""
    return (
        ROLL(seat=seat),
        draw(FACE_UP),
        CHOOSE(seat),
        START_MOVING(seat=seat),
        END_TURN(seat=seat),
    )


TURN = Step("turn", run=_start_turn, Args=SeatArgs)


def _roll(s: ErasState, f: Frame, a: Action) -> Events:
    face = a.arg("face")
    s.die = face
    if face == "thunderbolt":
        then(s, THUNDER(seat=f.args.seat))
    elif face == "volcano":
        then(s, VOLCANO(index=0))
    return [{"type": "rolled", "seat": f.args.seat, "face": face}]


ROLL = Step(
    "roll",
    "Roll the die",
    outcomes=lambda s, f: [(FACE[face], n / DIE_FACES) for face, n in DIE],
    apply=_roll,
    Args=SeatArgs,
    word="roll the die",
)


def _end_turn(s: ErasState, f: Frame) -> Events:
    """You win if your path is intact, your piece stays put and you still hold a token."""
    seat = f.args.seat
    candidate, s.candidate = s.candidate, None
    if (
        candidate is not None
        and tuple(s.paths[seat]) == candidate
        and s.placed(seat)[0] == PATH_LENGTH
        and s.tokens[seat] >= 1
    ):
        s.winner = seat
        return [{"type": "won", "seat": seat}]
    events: Events = []
    if candidate is not None:
        events.append({"type": "no_win", "seat": seat})
    then(s, next_turn((seat + 1) % s.players))
    return events


END_TURN = Step("end_turn", run=_end_turn, Args=SeatArgs)


@cache
def next_turn(seat: int) -> Frame:
    return TURN(seat=seat)
