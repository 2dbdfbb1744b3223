"""A turn: the steps before placing, choosing a token, placing it, drawing.

Rulebook, "Game Play": the player chooses one token from hand and places it on any
free tile, then takes one token from the top of their pile; the turn goes to the next
player. With weather cards, a player who must place while the open area is full first
removes a fog board. A face-up mercenary's ability follows its placement
(``abilities.py``); a Turtle owes extra placements, taken before the next turn.

The round (``round.py``) pushes its end under the turns: when the map is full, or
nobody holds a token, the frames above it go and the round is scored.
"""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then
from lapilli.core.zones import Zone

from . import abilities
from . import actions as A
from .abilities import FORCERS, SWAPPERS
from .board import ADJACENT, QUADRANT_OF, QUADRANTS, TILE_INDEX, TILE_NAMES
from .components import FOGGY, KINDS, SEATS, TOKENS, WHITE, in_order
from .events import Events
from .state import FoggyState


def draws(zone: Zone[str], outcomes: dict[str, Action]) -> list[tuple[Action, float]]:
    """One draw from a shuffled face-down pile (or deck), in the order of ``outcomes``."""
    items = zone.items
    if not items:
        return [(outcomes[zone.under[0]], 1.0)] if zone.under else []
    total = sum(items.values())
    return [(action, items[k] / total) for k, action in outcomes.items() if k in items]


def end_round_now(s: FoggyState) -> None:
    """No free tiles are left (or no tokens): the round ends at once, and any extra
    placement still owed (Turtle) is lost: every frame above the round's end goes."""
    stack = s.stack
    while stack and stack[-1].step.name != "round_end":
        stack.pop()


def next_turn(s: FoggyState, f: Frame) -> Events:
    """``seat``'s turn: one placement, then the next player's turn."""
    seat = f.args.seat
    then(s, TURN_OF[(seat + 1) % s.players])
    start_placement(s, seat, normal=True)
    return []


def extra_placement(s: FoggyState, f: Frame) -> Events:
    """Turtle: one extra token placed, before the next normal turn."""
    start_placement(s, f.args.seat, normal=False)
    return []


def start_placement(s: FoggyState, seat: int, normal: bool) -> None:
    """A placement is owed by ``seat``: its steps, or nothing if its hand is empty."""
    if not s.hands[seat]:
        if not any(s.hands):
            end_round_now(s)
        return
    before_placing(s, seat, normal)


# -- before placing: Hippo, fog board, Frog, each only when it applies ------------------------
HIPPO_KEPT, FOG_REMOVED = 1, 2
"""How far the steps before placing have got (``done``), so a turn resumes after each."""


def before_placing(s: FoggyState, seat: int, normal: bool, done: int = 0) -> None:
    """Push the first step before placing that applies, with the rest of the placement
    under it, else choosing the token to place."""
    if not done and normal and seat in s.hippo:
        # at the start of its owner's turn, the Hippo must keep one of its two tiles
        then(s, abilities.HIPPO_KEEP(seat), HIPPO_KEPT_BY[seat])
    elif done < FOG_REMOVED and not all(s.open) and not s.free_tiles():
        # the player who must place when there are no free tiles removes a fog board
        then(s, FOG_REMOVE(seat, normal=normal))
    elif normal and "frog" in s.hired[seat % 2] and abilities.frog_moves(s, seat):
        # each of its owner's turns, the Frog may move before a token is placed
        then(s, abilities.FROG(seat), CHOOSE_BY[seat])
    else:
        then(s, CHOOSE_BY[seat])


def after_hippo(s: FoggyState, f: Frame) -> Events:
    """The Hippo kept one tile: the turn goes on (a fog board, the Frog, a token)."""
    before_placing(s, f.args.seat, True, HIPPO_KEPT)
    return []


def legal_fog_remove(s: FoggyState, f: Frame) -> list[Action]:
    return [A.REMOVE_FOG[q] for q in range(len(QUADRANTS)) if not s.open[q]]


def refuse_fog_remove(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind != "remove_fog":
        return None
    board = a.arg("board")
    if board not in QUADRANTS:
        return f"Fog: there is no {board} fog board (the boards are {', '.join(QUADRANTS)})"
    if s.open[QUADRANTS.index(board)]:
        return f"Fog: the {board} quarter is already open; remove a fog board still on the map"
    return None


def remove_fog(s: FoggyState, f: Frame, a: Action) -> Events:
    q = QUADRANTS.index(a.arg("board"))
    s.open[q] = True
    before_placing(s, f.seat, f.args.normal, FOG_REMOVED)  # then place as usual
    return [{"type": "fog_removed", "seat": f.seat, "board": QUADRANTS[q]}]


# -- choose and place ---------------------------------------------------------------------------
def legal_choose(s: FoggyState, f: Frame) -> list[Action]:
    kinds = in_order(s.hands[f.seat].items)
    if s.weather != FOGGY:
        return [A.CHOOSE[k] for k in kinds]
    out = []
    for k in kinds:
        out.append(A.CHOOSE[k])
        if k in A.CHOOSE_DOWN and s.face_up_allowed(k):
            out.append(A.CHOOSE_DOWN[k])  # a mercenary may also go face down
    return out


def refuse_choose(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind != "choose":
        return None
    token, face = a.arg("token"), a.arg("face")
    if face not in (None, "down"):
        return "Choose: a token is chosen as it is, or face down (face=down)"
    if face and s.weather != FOGGY:
        return "Choose: tokens go face down only in Foggy weather"
    if token not in s.hands[f.seat]:
        return f"Choose: you have no {token} in your hand"
    if face and token not in A.CHOOSE_DOWN:
        return f"Foggy weather: a {token} goes face down by itself; only mercenaries choose"
    if face and not s.opts.face_up_mercenaries:
        return "Foggy weather: in this game every mercenary goes face down (choose it plainly)"
    return None


def choose(s: FoggyState, f: Frame, a: Action) -> Events:
    kind, down = A.CHOSEN[a]
    up = not down and s.face_up_allowed(kind)
    then(s, PLACE_AS[f.seat, kind, up])
    return []


def legal_place(s: FoggyState, f: Frame) -> list[Action]:
    return [A.PLACE[t] for t in s.free_tiles()]


def refuse_place(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind != "place":
        return None
    name = a.arg("tile")
    tile = TILE_INDEX.get(name)
    if tile is None:
        return f"Place: there is no tile {name} on the Island Map (a1 to f6)"
    if s.board[tile] is not None:
        return f"Place: the tile {name} is taken: a token goes on a free tile"
    if not s.open[QUADRANT_OF[tile]]:
        return f"Place: the tile {name} is under a fog board: only the open area is available"
    return None


def place(s: FoggyState, f: Frame, a: Action) -> Events:
    seat = f.seat
    tile = A.TILE_OF[a]
    kind, up = f.args
    events = put_token(s, seat, tile, kind, up)
    if up and KINDS[kind].mercenary:
        first = abilities.ability(s, seat, tile, kind)
        if first is not None:
            then(s, first, PLACED_BY[seat])  # the ability, then the placement ends
            return events
        if kind == "turtle":
            # Turtle: you, then your opponent, each place one extra token at once
            then(s, EXTRA(seat=seat), EXTRA(seat=(seat + 1) % s.players))
        elif kind in SWAPPERS + FORCERS:
            events.append(
                {"type": "no_target", "seat": seat, "token": kind, "tile": TILE_NAMES[tile]}
            )
    end_placement(s, seat)
    return events


def put_token(s: FoggyState, seat: int, tile: int, kind: str, up: bool) -> Events:
    """The token leaves the hand for the map; a Chameleon next to it may change colour."""
    s.hands[seat].take(kind)
    token = TOKENS[kind, seat, up]
    board = s.board
    board[tile] = token
    events: Events = [
        {
            "type": "placed",
            "seat": seat,
            "tile": TILE_NAMES[tile],
            "token": kind if up else None,
            "face_up": up,
            "reveal": up,  # the token chosen in secret is shown
        }
    ]
    # Chameleon (if a side hired it): takes the colour of a token placed next to it (a
    # face-down token shows only its shield, so the Chameleon takes its owner's colour)
    shown = token.colour if up else seat % 2
    if shown != WHITE and ("chameleon" in s.hired[0] or "chameleon" in s.hired[1]):
        for t in ADJACENT[tile]:
            other = board[t]
            if (
                other is not None
                and other.kind == "chameleon"
                and other.face_up
                and other.colour != shown
            ):
                board[t] = other._replace(colour=shown)
                events.append({"type": "chameleon", "tile": TILE_NAMES[t], "colour": shown})
    return events


# -- after placing --------------------------------------------------------------------------------
def end_placement(s: FoggyState, seat: int) -> None:
    """After a placement and its ability: the round ends on a full map, else draw."""
    if None not in s.board:
        end_round_now(s)
    elif s.piles[seat]:
        then(s, DRAW_FOR[seat])


def draw_outcomes(s: FoggyState, f: Frame) -> list[tuple[Action, float]]:
    return draws(s.piles[f.args.seat], A.DRAW)


def placed(s: FoggyState, f: Frame) -> Events:
    """A mercenary's ability is over: the placement ends."""
    end_placement(s, f.args.seat)
    return []


def draw(s: FoggyState, f: Frame, a: Action) -> Events:
    seat = f.args.seat
    kind = A.TOKEN_OF[a]
    s.piles[seat].take(kind)
    s.hands[seat].put(kind)
    return [{"type": "drew", "seat": seat, "private": seat, "token": kind}]


# -- the steps --------------------------------------------------------------------------------
class SeatArgs(NamedTuple):
    seat: int


TURN = Step("turn", run=next_turn, Args=SeatArgs)
EXTRA = Step("extra", run=extra_placement, Args=SeatArgs)
HIPPO_KEPT_STEP = Step("hippo_kept", run=after_hippo, Args=SeatArgs)


class FogArgs(NamedTuple):
    normal: bool  # a normal turn (not a Turtle's extra placement): the Frog may still move


FOG_REMOVE = Step(
    "fog_remove",
    "Fog: there are no free tiles, so remove any one of the fog boards",
    legal=legal_fog_remove,
    refuse=refuse_fog_remove,
    apply=remove_fog,
    Args=FogArgs,
    word="remove a fog board",
)


def goes_face_up(s: FoggyState, f: Frame, a: Action) -> bool:
    """A token chosen to go face up: its placement says which it was, so the choice is
    not logged on its own (a face-down one is, to its chooser only)."""
    chosen = A.CHOSEN.get(a)
    return chosen is not None and not chosen[1] and s.face_up_allowed(chosen[0])


CHOOSE = Step(
    "choose",
    "Choose: pick a token from your hand",
    legal=legal_choose,
    refuse=refuse_choose,
    apply=choose,
    secret=True,
    told=lambda s, f, a: None,  # the placement follows at once, and tells what it can
    quiet=goes_face_up,
)


class PlaceArgs(NamedTuple):
    token: str
    face_up: bool


PLACE = Step(
    "place",
    "Place: put the chosen token on any free tile",
    legal=legal_place,
    refuse=refuse_place,
    apply=place,
    Args=PlaceArgs,
)
PLACED = Step("placed", run=placed, Args=SeatArgs)
DRAW = Step(
    "draw",
    "Draw: take one token from the top of your pile",
    outcomes=draw_outcomes,
    apply=draw,
    Args=SeatArgs,
)

# The frames of every turn, built once: a turn allocates none of them.
TURN_OF = [TURN(seat=p) for p in SEATS]
HIPPO_KEPT_BY = [HIPPO_KEPT_STEP(seat=p) for p in SEATS]
CHOOSE_BY = [CHOOSE(p) for p in SEATS]
PLACED_BY = [PLACED(seat=p) for p in SEATS]
DRAW_FOR = [DRAW(seat=p) for p in SEATS]
PLACE_AS = {
    (p, kind, up): PLACE(p, token=kind, face_up=up)
    for p in SEATS
    for kind in KINDS
    for up in (True, False)
}
