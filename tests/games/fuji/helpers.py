"""Building Fuji positions for tests: set-up with chosen draws, chosen dice, small boards."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE
from lapilli.games.fuji import Fuji
from lapilli.games.fuji import frames as F
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.tables import EQUIPMENT


def new(
    players=3,
    skills=("buddy", "gatherer", "equipment_manager", "survivalist"),
    scenario="2",
    equipment=None,
    level=2,
    variant="A",
    extra_thrill=False,
    leave="A",
    under=None,
    third_skill="gatherer",
):
    """A position right after set-up (phase 1, before the first die roll).

    ``equipment``: names drawn in order (then the first card left in the pile);
    ``under``: cards the Equipment manager / Tinkerer put under the pile."""
    game = Fuji(level=level, scenario=scenario, variant=variant, extra_thrill=extra_thrill)
    s = game.new_state(players)
    skills = list(skills)
    draws = list(equipment or [])
    under = list(under or [])
    while True:
        f = s.stack[-1]
        k = f[0]
        if k == F.C_ROLL:
            return s
        if k == F.C_SKILL:
            s.apply(Action("skill", skill=skills.pop(0)))
        elif k == F.C_TERRAIN:
            pool = s.village_pool if f[4] else s.land_pool
            s.apply(Action("card", id=pool[0]))
        elif k == F.C_EQUIP:
            name = draws.pop(0) if draws else EQUIPMENT[s.deck[0]]
            s.apply(Action("equipment", card=name))
        elif k == F.D_SKILL:
            s.apply(Action("choose_skill", skill=third_skill))
        elif k == F.D_PUT_UNDER:
            if under:
                s.apply(Action("put_under", card=under.pop(0)))
            else:
                s.apply(s.legal_actions()[-1])
        elif k == F.D_LEAVE:
            s.apply(Action("leave_out", die_type=leave))
        else:  # pragma: no cover
            raise AssertionError(f"unexpected set-up frame {F.NAMES[k]}")


def spec_values(s, a, spec: str) -> dict[int, int]:
    """``"A5 A1 B4 B2 C3 C4"`` -> {die: value} for a's own dice, matched by type."""
    dice = [d for d in range(len(s.dtype)) if s.dhome[d] == a and not s.dlost[d]]
    out = {}
    for token in spec.split():
        t = "ABC".index(token[0])
        d = next(d for d in dice if s.dtype[d] == t and d not in out)
        out[d] = int(token[1])
    return out


def set_dice(s, a, spec: str) -> None:
    for d, v in spec_values(s, a, spec).items():
        s.dval[d] = v


def roll(s, specs: dict[int, str], default=1):
    """Answer every roll of phase 1 with the given faces (``specs[a]`` as in spec_values)."""
    values = {}
    for a, spec in specs.items():
        values.update(spec_values(s, a, spec))
    while s.stack and s.stack[-1][0] == F.C_ROLL:
        d = s.stack[-1][3]
        s.apply(Action("face", value=values.get(d, default)))


def act(s, kind, **params):
    return s.apply(Action(kind, **params))


def plan(s, dests: dict[int, tuple[int, int]]):
    """Both planning passes: every adventurer puts its marker on ``dests[a]``."""
    while s.stack and s.stack[-1][0] == F.D_PLAN:
        a = s.stack[-1][2]
        x, y = dests[a]
        act(s, "destination", x=x, y=y)


def no_rerolls(s):
    while s.stack and s.stack[-1][0] == F.D_REROLL:
        act(s, "stop")


def no_equipment(s):
    while s.stack and s.stack[-1][0] == F.D_EQUIP4:
        act(s, "done")


def top(s):
    return F.NAMES[s.stack[-1][0]] if s.stack else None


def board(s, cards: dict[tuple[int, int], int], lava=(), start=None):
    """Replace the terrain with the given cards (id per (x, y)); volcano id 1 is lava."""
    for c in range(64):
        s.card[c] = 0
        s.lava[c] = 0
        s.etok[c] = 0
        s.xtok[c] = 0
    for (x, y), k in cards.items():
        s.card[cell(x, y)] = k
        if k == 1:
            s.lava[cell(x, y)] = 1
    for x, y in lava:
        s.lava[cell(x, y)] = 1
    if start is not None:
        for a, (x, y) in start.items():
            if a < len(s.pos):
                s.pos[a] = cell(x, y)


def row_board(s, ids, y=0, start=None):
    """A single row of cards at y, x = 0.. (handy small maps)."""
    board(s, {(x, y): k for x, k in enumerate(ids)}, start=start)


def eq(name):
    return EQUIPMENT.index(name)


def to_phase(s, kind):
    """Answer chance nodes with 1s and take the first option until frame ``kind``."""
    while s.stack and s.stack[-1][0] != kind:
        if s.current_player() == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[-1])


def turn(s, a, boost=0):
    """Phase 5: adventurer a takes its turn (Gatherers spend ``boost`` bars, or none)."""
    ev = []
    if s.stack[-1][0] == F.D_ORDER:
        ev += act(s, "next_turn", adventurer=a)
    while s.stack and s.stack[-1][0] == F.D_BOOST:
        ev += act(s, "power_bars", spend=min(boost, s.bars[s.stack[-1][2]]))
    return ev
