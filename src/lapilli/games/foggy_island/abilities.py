"""The mercenaries' abilities, used when a mercenary is placed face up.

Rulebook, "Mercenary characters description": each ability is a step of the turn, taken
right after the placement (Hippo, Fox, Snake, Mouses, Mole, Prairie Dog, Turtle) or at
the start of its owner's turn (Hippo, Frog). Abilities act only on face-up, coloured
tokens: white tokens are neutral and face-down ones may not be looked at.

The turn (``turn.py``) pushes an ability's first step with the placement's end under
it, and the Hippo's and Frog's steps with the rest of the turn under them, so an
ability's steps only do what the ability does.
"""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from .board import ADJACENT, QUADRANT_OF, TILE_NAMES, TILES
from .components import FOGGY, TOKENS, in_order, is_white
from .events import Events
from .state import FoggyState

SWAPPERS = ("mouses", "mole")
"""Swap places with an opponent's token next to them."""
FORCERS = ("fox", "snake")
"""Force the opponent to change one of their tokens for one from their hand."""


def free_next_to(s: FoggyState, tile: int) -> list[int]:
    board, open_ = s.board, s.open
    return [t for t in ADJACENT[tile] if board[t] is None and open_[QUADRANT_OF[t]]]


def movable(s: FoggyState, tile: int) -> bool:
    """Abilities move only face-up, coloured tokens (white ones are neutral)."""
    token = s.board[tile]
    return token is not None and token.face_up and not is_white(token.kind)


def movable_next_to(s: FoggyState, tile: int) -> list[int]:
    return [t for t in ADJACENT[tile] if movable(s, t)]


def seat_at(s: FoggyState, tile: int) -> int:
    """Who placed the token on ``tile`` (the caller knows there is one)."""
    token = s.board[tile]
    assert token is not None
    return token.seat


def opponents_next_to(s: FoggyState, tile: int, seat: int) -> list[int]:
    """Opponent tokens next to ``tile`` (Mouses, Mole and Fox act on these)."""
    enemy = 1 - seat % 2
    return [t for t in movable_next_to(s, tile) if seat_at(s, t) % 2 == enemy]


def target_tiles(s: FoggyState, kind: str, tile: int, seat: int) -> list[int]:
    if kind in SWAPPERS:
        return opponents_next_to(s, tile, seat)
    # Fox (next to it) and Snake (anywhere): the token's owner swaps it from their hand
    enemy = 1 - seat % 2
    if kind == "snake":
        tiles = [t for t in TILES if movable(s, t) and seat_at(s, t) % 2 == enemy]
    elif s.opts.fox == "own":
        # the other reading: the Fox's owner changes one of their own tokens next to it
        tiles = [t for t in movable_next_to(s, tile) if seat_at(s, t) == seat]
    else:
        tiles = opponents_next_to(s, tile, seat)
    return [t for t in tiles if s.hands[seat_at(s, t)]]


def ability(s: FoggyState, seat: int, tile: int, kind: str) -> Frame | None:
    """The first step of a face-up mercenary's ability, right after it is placed, when
    it has one to use (the Turtle's extra placements are the turn's)."""
    if kind == "hippo" and free_next_to(s, tile):
        return HIPPO_SECOND(seat, tile=tile)
    if kind in SWAPPERS + FORCERS and target_tiles(s, kind, tile, seat):
        return TARGET(seat, tile=tile, token=kind)
    if kind == "prairie_dog" and len(movable_next_to(s, tile)) >= 2:
        return PRAIRIE_FIRST(seat, tile=tile)
    return None


# -- Hippo ------------------------------------------------------------------------------------
def legal_hippo_second(s: FoggyState, f: Frame) -> list[Action]:
    return [A.HIPPO_SECOND[t] for t in free_next_to(s, f.args.tile)]


def refuse_hippo_second(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "hippo" and A.TILE_OF.get(a) not in free_next_to(s, f.args.tile):
        where = TILE_NAMES[f.args.tile]
        return f"Hippo: it lies across {where} and a free open tile next to it, not {a.arg('tile')}"
    return None


def span_hippo(s: FoggyState, f: Frame, a: Action) -> Events:
    first, second = f.args.tile, A.TILE_OF[a]
    s.board[second] = s.board[first]
    s.hippo[f.seat] = (first, second)
    return [
        {"type": "hippo_spans", "seat": f.seat, "tiles": [TILE_NAMES[first], TILE_NAMES[second]]}
    ]


def legal_hippo_keep(s: FoggyState, f: Frame) -> list[Action]:
    return [A.HIPPO_KEEP[t] for t in s.hippo[f.seat]]


def refuse_hippo_keep(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "keep_hippo" and A.TILE_OF.get(a) not in s.hippo[f.seat]:
        a_tile, b_tile = (TILE_NAMES[t] for t in s.hippo[f.seat])
        return f"Hippo: it must move to one of the tiles it occupies, {a_tile} or {b_tile}"
    return None


def keep_hippo(s: FoggyState, f: Frame, a: Action) -> Events:
    keep = A.TILE_OF[a]
    one, other = s.hippo.pop(f.seat)
    s.board[other if keep == one else one] = None
    return [{"type": "hippo_kept", "seat": f.seat, "tile": TILE_NAMES[keep]}]


# -- Frog ---------------------------------------------------------------------------------------
def frog_tile(s: FoggyState, seat: int) -> int | None:
    for t, token in enumerate(s.board):
        if token is not None and token.kind == "frog" and token.seat == seat and token.face_up:
            return t
    return None


def frog_moves(s: FoggyState, seat: int) -> list[int]:
    tile = frog_tile(s, seat)
    return [] if tile is None else free_next_to(s, tile)


def legal_frog(s: FoggyState, f: Frame) -> list[Action]:
    return [A.FROG[t] for t in frog_moves(s, f.seat)] + [A.PASS]


def refuse_frog(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "move_frog" and A.TILE_OF.get(a) not in frog_moves(s, f.seat):
        return f"Frog: it moves only to an empty open tile next to it, not {a.arg('tile')}"
    return None


def move_frog(s: FoggyState, f: Frame, a: Action) -> Events:
    events: Events = []
    if a.kind == "move_frog":
        src = frog_tile(s, f.seat)
        assert src is not None  # the Frog may move: it is on the map
        dst = A.TILE_OF[a]
        s.board[dst], s.board[src] = s.board[src], None
        events.append(
            {"type": "frog_moved", "seat": f.seat, "from": TILE_NAMES[src], "to": TILE_NAMES[dst]}
        )
    return events


# -- Fox, Snake, Mouses, Mole ----------------------------------------------------------------
def legal_target(s: FoggyState, f: Frame) -> list[Action]:
    kind, tile = f.args.token, f.args.tile
    return [A.TARGET[t] for t in target_tiles(s, kind, tile, f.seat)]


TARGET_RULES = {
    "mouses": "Mouses: swap it with an opponent's face-up coloured token next to it",
    "mole": "Mole: swap it with an opponent's face-up coloured token next to it",
    "fox": "Fox: pick an opponent's face-up coloured token next to the Fox "
    "(its owner must hold a token to change it for)",
    "fox_own": "Fox: pick one of your own face-up coloured tokens next to the Fox "
    "(you must hold a token to change it for)",
    "snake": "Snake: pick any opponent's face-up coloured token on the map "
    "(its owner must hold a token to change it for)",
}


def refuse_target(s: FoggyState, f: Frame, a: Action) -> str | None:
    kind, tile = f.args.token, f.args.tile
    if a.kind == "target" and A.TILE_OF.get(a) not in target_tiles(s, kind, tile, f.seat):
        rule = "fox_own" if kind == "fox" and s.opts.fox == "own" else kind
        return f"{TARGET_RULES[rule]}; {a.arg('tile')} is not one"
    return None


def target(s: FoggyState, f: Frame, a: Action) -> Events:
    seat, tile = f.seat, f.args.tile
    picked = A.TILE_OF[a]
    board = s.board
    if f.args.token in SWAPPERS:
        board[tile], board[picked] = board[picked], board[tile]
        return [{"type": "swapped", "tiles": [TILE_NAMES[tile], TILE_NAMES[picked]]}]
    # Fox and Snake: the token's owner must change it for one from their hand
    then(s, REPLACE(seat_at(s, picked), tile=picked, by=seat))
    return [{"type": "targeted", "seat": seat, "tile": TILE_NAMES[picked]}]


def legal_replace(s: FoggyState, f: Frame) -> list[Action]:
    return [A.REPLACE[k] for k in in_order(s.hands[f.seat].items)]


def refuse_replace(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "replace" and a.arg("token") not in s.hands[f.seat]:
        return f"Fox/Snake: change it for a token from your hand; you have no {a.arg('token')}"
    return None


def replace(s: FoggyState, f: Frame, a: Action) -> Events:
    seat, tile = f.seat, f.args.tile
    old = s.board[tile]
    kind = a.arg("token")
    hand = s.hands[seat]
    hand.take(kind)
    hand.put(old.kind)
    up = s.weather != FOGGY
    s.board[tile] = TOKENS[kind, seat, up]
    return [
        {
            "type": "replaced",
            "seat": seat,
            "tile": TILE_NAMES[tile],
            "old": old.kind,
            "token": kind if up else None,
        }
    ]


# -- Prairie Dog --------------------------------------------------------------------------------
def legal_prairie_first(s: FoggyState, f: Frame) -> list[Action]:
    return [A.TARGET[t] for t in movable_next_to(s, f.args.tile)] + [A.PASS]


def legal_prairie_second(s: FoggyState, f: Frame) -> list[Action]:
    first = f.args.first
    return [A.TARGET[t] for t in movable_next_to(s, f.args.tile) if t != first]


PRAIRIE_RULE = "Prairie Dog: swap two different face-up coloured tokens next to it"


def refuse_prairie_first(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "target" and A.TILE_OF.get(a) not in movable_next_to(s, f.args.tile):
        return f"{PRAIRIE_RULE}; {a.arg('tile')} is not one"
    return None


def refuse_prairie_second(s: FoggyState, f: Frame, a: Action) -> str | None:
    if a.kind == "target" and A.TILE_OF.get(a) == f.args.first:
        return f"{PRAIRIE_RULE}; {a.arg('tile')} is picked already"
    return refuse_prairie_first(s, f, a)


def prairie_first(s: FoggyState, f: Frame, a: Action) -> Events:
    if a.kind == "pass":
        return []
    then(s, PRAIRIE_SECOND(f.seat, tile=f.args.tile, first=A.TILE_OF[a]))
    return []


def prairie_second(s: FoggyState, f: Frame, a: Action) -> Events:
    one, two = f.args.first, A.TILE_OF[a]
    board = s.board
    board[one], board[two] = board[two], board[one]
    return [{"type": "swapped", "tiles": [TILE_NAMES[one], TILE_NAMES[two]]}]


# -- the steps --------------------------------------------------------------------------------
HIPPO_KEEP = Step(
    "hippo_keep",
    "Hippo: at the start of your turn, move the Hippo to one of the two tiles it occupies",
    legal=legal_hippo_keep,
    refuse=refuse_hippo_keep,
    apply=keep_hippo,
    word="hippo",
)
FROG = Step(
    "frog",
    "Frog: you may move the Frog to an empty adjacent tile before placing (or pass)",
    legal=legal_frog,
    refuse=refuse_frog,
    apply=move_frog,
)


class TileArgs(NamedTuple):
    tile: int  # where the mercenary was placed


HIPPO_SECOND = Step(
    "hippo_second",
    "Hippo: put it between two tiles: pick a free tile next to it",
    legal=legal_hippo_second,
    refuse=refuse_hippo_second,
    apply=span_hippo,
    Args=TileArgs,
    word="hippo",
)


class TargetArgs(NamedTuple):
    tile: int  # where the mercenary was placed
    token: str  # which mercenary: Fox, Snake, Mouses or Mole


TARGET = Step(
    "target",
    "Ability: pick the opponent's token the mercenary acts on",
    legal=legal_target,
    refuse=refuse_target,
    apply=target,
    Args=TargetArgs,
    word="ability",
)


class ReplaceArgs(NamedTuple):
    tile: int  # the token to change
    by: int  # the seat whose Fox or Snake forces the change


REPLACE = Step(
    "replace",
    "Fox/Snake: change your token on the map for any token from your hand",
    legal=legal_replace,
    refuse=refuse_replace,
    apply=replace,
    Args=ReplaceArgs,
    secret=True,
)
PRAIRIE_FIRST = Step(
    "prairie_first",
    "Prairie Dog: you may swap two tokens on adjacent tiles: pick the first (or pass)",
    legal=legal_prairie_first,
    refuse=refuse_prairie_first,
    apply=prairie_first,
    Args=TileArgs,
    word="prairie dog",
)


class SwapArgs(NamedTuple):
    tile: int  # where the Prairie Dog was placed
    first: int  # the first token picked


PRAIRIE_SECOND = Step(
    "prairie_second",
    "Prairie Dog: pick the second token to swap, on a tile next to it",
    legal=legal_prairie_second,
    refuse=refuse_prairie_second,
    apply=prairie_second,
    Args=SwapArgs,
    word="prairie dog",
)
