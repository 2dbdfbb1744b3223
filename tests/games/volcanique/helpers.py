"""Building Volcanique positions by hand for rule tests."""

from __future__ import annotations

from lapilli.core import Action
from lapilli.core.flow import then
from lapilli.games.volcanique import Volcanique, VolcaniqueState
from lapilli.games.volcanique.board import (
    Board,
    hex_id,
    hex_of,
    region_id,
    region_of,
    spot_id,
    spot_of,
)
from lapilli.games.volcanique.claiming import claimable
from lapilli.games.volcanique.components import BIOME_INDEX, KIND_INDEX, SOIL, VOLCANO
from lapilli.games.volcanique.options import VolcaniqueOptions
from lapilli.games.volcanique.pieces import FLOWING, Cards, Lava, Stage, ThisTurn
from lapilli.games.volcanique.positions import build
from lapilli.games.volcanique.turn import END_TURN, begin_turn, rest_of_turn

D, M, L = 0, 1, 2
GRID = {
    "L1": "bountiful_resources",
    "L2a": "agile_critters",
    "L2b": "erosion",
    "L3l": "rift",
    "L3m": "cooperative_critters",
    "L3r": "landslide",
    "L4a": "island_forger",
    "L4b": "sea_critters",
    "L5": "volcanic_winter",
}


def tile(kind: str, rotation: int = 0) -> int:
    return KIND_INDEX[kind] * 6 + rotation


UNO = {D: tile("uno-dark"), M: tile("uno-medium"), L: tile("uno-light")}
SOIL_T = SOIL
VOLCANO_T = VOLCANO


def blank(n: int = 2, **options) -> VolcaniqueState:
    """A main-stage position with an empty map, seat 0 to play, seat 0 first, nothing
    pending."""
    s = Volcanique(VolcaniqueOptions(**options)).new_state(n)
    s.board = Board()
    s.critters = {}
    s.changed()  # the critters are counted again (see census.py)
    s.islands = [()] * n
    s.grid = dict(GRID)
    s.caldera_deck = Cards(["magma_siphon", "sleight_of_land", "carnage", "rift"])
    s.stage = Stage.MAIN
    s.first = 0
    s.player = 0
    s.turn = 10
    s.round = 5
    s.this_turn = ThisTurn()
    s.stack = []
    return s


def described(options: dict | None = None, **description) -> VolcaniqueState:
    """A position in the rulebook's words (``lapilli.games.volcanique.positions``)."""
    return build(Volcanique(VolcaniqueOptions(**(options or {}))), description)


def put(s: VolcaniqueState, h, *codes: int) -> None:
    """Stack tile codes (bottom first) on hex h."""
    s.set_stack(hex_id(tuple(h)), tuple(codes))


def put_uno(s: VolcaniqueState, h, colour: int, height: int = 1) -> None:
    s.set_stack(hex_id(tuple(h)), (UNO[colour],) * height)


def crit(s: VolcaniqueState, h, colour: int, owner: int, n: int = 1) -> None:
    s.add_critter(region_id((h[0], h[1], colour)), owner, n)
    s.hand[owner] -= n


def spots(counts: dict[int, int]) -> dict[tuple[int, int, int, int], int]:
    """Critters (or Colossal, or burrowed ones) by spot as the rulebook names them:
    ``(q, r, colour, owner)``."""
    return {spot_of(x): n for x, n in counts.items()}


def claims(s: VolcaniqueState, seat: int, island=None) -> list[tuple[int, int, int]]:
    """The regions ``(q, r, colour)`` the seat may claim (``claiming.claimable``)."""
    return [region_of(x) for x in claimable(s, seat, island)]


def sea(critters: dict[int, int]) -> dict[tuple[int, int], int]:
    """Sea critters by hex ``(q, r)``."""
    return {hex_of(h): o for h, o in critters.items()}


def give(s: VolcaniqueState, seat: int, dark: int = 0, medium: int = 0, light: int = 0) -> None:
    for b, k in enumerate((dark, medium, light)):
        s.resources[seat][b] += k
        s.supply[b] -= k


def power(s: VolcaniqueState, seat: int, *powers: str) -> VolcaniqueState:
    """Give a seat powers as if unlocked: a critter from its hand on each one's slot
    (a slot of the test grid is dealt the power if it is not there)."""
    for name in powers:
        slot = next((k for k, v in s.grid.items() if v == name), None)
        if slot is None:
            held = {x for u in s.unlocked for x in u}
            slot = next(k for k in reversed(list(s.grid)) if k not in held)
            s.grid[slot] = name
        s.unlocked[seat] = (*s.unlocked[seat], slot)
        s.hand[seat] -= 1
    return s


def hold(s: VolcaniqueState, seat: int, *cards: str) -> None:
    """Put Caldera cards in a seat's hand."""
    s.unshare_caldera()
    for card in cards:
        s.caldera_hands[seat].put(card)


def lava(h, sea_turn: int = FLOWING) -> Lava:
    return Lava(hex_id(tuple(h)), sea_turn)


def A(kind: str, **params) -> Action:  # noqa: N802
    if "biome" in params and isinstance(params["biome"], int):
        params["biome"] = ("dark", "medium", "light")[params["biome"]]
    return Action(kind, **params)


def step(s: VolcaniqueState) -> str | None:
    """The name of the step waiting on top (None once nothing is pending)."""
    frame = s.pending()
    return frame.step.name if frame else None


def start_turn(s: VolcaniqueState) -> VolcaniqueState:
    """Begin the current seat's turn at step 1 (skipping steps without a choice)."""
    s.stack = []
    begin_turn(s)
    s.advance()
    return s


def at(s: VolcaniqueState, name: str) -> VolcaniqueState:
    """Enter a step of the turn directly, the rest of the turn below it (it resolves
    itself without a real choice)."""
    then(s, *rest_of_turn(s, name))
    s.advance()
    return s


def pay(amount: tuple[int, int, int]) -> Action:
    return Action("pay", dark=amount[0], medium=amount[1], light=amount[2])


def conserved(s: VolcaniqueState) -> bool:
    from lapilli.games.volcanique.components import CRITTERS

    for p in range(s.players):
        board = sum(n for spot, n in spots(s.critters).items() if spot[3] == p)
        tops = sum(n for spot, n in spots(s.colossal).items() if spot[3] == p)  # a 2nd piece
        burrowed = sum(n for spot, n in spots(s.burrowed).items() if spot[3] == p)
        sea = sum(1 for o in s.sea.values() if o == p)
        off_board = s.hand[p] + s.crater[p] + len(s.unlocked[p])
        if board + tops + burrowed + sea + off_board != CRITTERS:
            return False
    return True


__all__ = ["BIOME_INDEX", "A", "D", "L", "M", "hex_id", "hex_of", "region_id", "spot_id"]


def end_the_turn(s: VolcaniqueState) -> VolcaniqueState:
    """End the current seat's turn (and begin the next one)."""
    then(s, END_TURN())
    s.advance()
    return s
