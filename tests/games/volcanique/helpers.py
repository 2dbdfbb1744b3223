"""Building Volcanique positions by hand for rule tests."""

from __future__ import annotations

from lapilli.core import Action
from lapilli.games.volcanique import Volcanique
from lapilli.games.volcanique.components import BIOME_INDEX, KIND_INDEX, SOIL, VOLCANO
from lapilli.games.volcanique.options import VolcaniqueOptions
from lapilli.games.volcanique.rules import VolcaniqueState

D, M, L = 0, 1, 2
GRID = {
    "L1": "lava_diversion",
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
    """A main-stage position with an empty map, seat 0 to play, seat 0 first."""
    s = Volcanique(VolcaniqueOptions(**options)).new_state(n)
    s.stacks = {}
    s.critters = {}
    s.islands = [[] for _ in range(n)]
    s.grid = dict(GRID)
    s.deck = {"magma_siphon": 1, "sleight_of_land": 1, "carnage": 1, "rift": 1}
    s.stage = "main"
    s.first = 0
    s.cur = 0
    s.turn = 10
    s.round = 5
    s.phase = ""
    s.ctx = {}
    s.flags = {}
    s.tasks = []
    s.after = []
    s._biomes = None
    return s


def put(s: VolcaniqueState, h, *codes: int) -> None:
    """Stack tile codes (bottom first) on hex h."""
    s._set_stack(tuple(h), tuple(codes))


def put_uno(s: VolcaniqueState, h, colour: int, height: int = 1) -> None:
    s._set_stack(tuple(h), (UNO[colour],) * height)


def crit(s: VolcaniqueState, h, colour: int, owner: int, n: int = 1) -> None:
    s._add_critter((h[0], h[1], colour), owner, n)
    s.hand[owner] -= n


def give(s: VolcaniqueState, seat: int, dark: int = 0, medium: int = 0, light: int = 0) -> None:
    for b, k in enumerate((dark, medium, light)):
        s.res[seat][b] += k
        s.supply[b] -= k


def A(kind: str, **params) -> Action:  # noqa: N802
    if "biome" in params and isinstance(params["biome"], int):
        params["biome"] = ("dark", "medium", "light")[params["biome"]]
    return Action(kind, **params)


def start_turn(s: VolcaniqueState) -> VolcaniqueState:
    """Begin the current seat's turn at step 1 (skipping steps without a choice)."""
    s.flags = {}
    s.ctx = {}
    s._to_turn()
    s._advance()
    return s


def at(s: VolcaniqueState, phase: str) -> VolcaniqueState:
    """Enter a step of the turn directly."""
    getattr(s, "_to_" + phase)()
    s._advance()
    return s


def pay(amount: tuple[int, int, int]) -> Action:
    return Action("pay", dark=amount[0], medium=amount[1], light=amount[2])


def conserved(s: VolcaniqueState) -> bool:
    from lapilli.games.volcanique.common import CRITTERS

    for p in range(s.n):
        board = sum(n for o, n in s.critters.values() if o == p)
        if board + s.hand[p] + s.crater[p] + len(s.marks[p]) != CRITTERS:
            return False
    return True


__all__ = ["BIOME_INDEX", "A", "D", "L", "M"]
