"""Building Fuji positions for tests: set-up with chosen draws, chosen dice, small boards."""

from __future__ import annotations

from types import SimpleNamespace

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import EQUIPMENT

steps = SimpleNamespace(**{name.upper(): step for name, step in Fuji.parts.steps.by_name.items()})
"""Fuji's steps by the names the rule modules give them (``steps.ROLL``)."""


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
        k = f.step
        if k is steps.ROLL:
            return s
        if k is steps.DEAL_SKILL:
            s.apply(Action("skill", skill=skills.pop(0)))
        elif k is steps.LAY_CARD:
            pile = s.village_pile if f.args.village else s.landscape_pile
            s.apply(Action("card", id=pile.kinds()[0]))
        elif k is steps.DRAW_SHUFFLED:
            name = draws.pop(0) if draws else EQUIPMENT[s.equipment_pile.kinds()[0]]
            s.apply(Action("equipment", card=name))
        elif k is steps.CHOOSE_SKILL:
            s.apply(Action("choose_skill", skill=third_skill))
        elif k is steps.PUT_UNDER:
            if under:
                s.apply(Action("put_under", card=under.pop(0)))
            else:
                s.apply(s.legal_actions()[-1])
        elif k is steps.LEAVE_OUT:
            s.apply(Action("leave_out", die_type=leave))
        else:  # pragma: no cover
            raise AssertionError(f"unexpected set-up step {k.name}")


def spec_values(s, a, spec: str) -> dict[int, int]:
    """``"A5 A1 B4 B2 C3 C4"`` -> {die: value} for a's own dice, matched by type."""
    dice = [d for d, die in enumerate(s.dice) if die.owner == a and not die.lost]
    out = {}
    for token in spec.split():
        t = "ABC".index(token[0])
        d = next(d for d in dice if s.dice[d].type == t and d not in out)
        out[d] = int(token[1])
    return out


def set_dice(s, a, spec: str) -> None:
    for d, v in spec_values(s, a, spec).items():
        s.dice[d].value = v


def roll(s, specs: dict[int, str], default=1):
    """Answer every roll of phase 1 with the given faces (``specs[a]`` as in spec_values)."""
    values = {}
    for a, spec in specs.items():
        values.update(spec_values(s, a, spec))
    while s.stack and s.stack[-1].step is steps.ROLL:
        d = s.stack[-1].args.die
        s.apply(Action("face", value=values.get(d, default)))


def act(s, kind, **params):
    return s.apply(Action(kind, **params))


def plan(s, dests: dict[int, tuple[int, int]]):
    """Both planning passes: every adventurer puts its marker on ``dests[a]``."""
    while s.stack and s.stack[-1].step is steps.PLAN:
        a = s.stack[-1].args.adventurer
        x, y = dests[a]
        act(s, "destination", x=x, y=y)


def no_rerolls(s):
    while s.stack and s.stack[-1].step is steps.REROLL:
        act(s, "stop")


def no_equipment(s):
    while s.stack and s.stack[-1].step is steps.USE_EQUIPMENT:
        act(s, "done")


def top(s):
    return s.stack[-1].step.name if s.stack else None


def board(s, cards: dict[tuple[int, int], int], lava=(), start=None):
    """Replace the terrain with the given cards (id per (x, y)); volcano id 1 is lava."""
    for c in range(64):
        s.terrain[c] = 0
        s.lava[c] = False
        s.equipment_token[c] = False
        s.eruption_tokens[c] = 0
    for (x, y), k in cards.items():
        s.terrain[cell(x, y)] = k
        if k == 1:
            s.lava[cell(x, y)] = True
    for x, y in lava:
        s.lava[cell(x, y)] = True
    if start is not None:
        for a, (x, y) in start.items():
            if a < len(s.position):
                s.position[a] = cell(x, y)


def row_board(s, ids, y=0, start=None):
    """A single row of cards at y, x = 0.. (handy small maps)."""
    board(s, {(x, y): k for x, k in enumerate(ids)}, start=start)


def eq(name):
    return EQUIPMENT.index(name)


def to_phase(s, step):
    """Answer chance nodes with 1s and take the first option until ``step``."""
    while s.stack and s.stack[-1].step is not step:
        if s.current_player() == CHANCE:
            s.apply(s.chance_outcomes()[0][0])
        else:
            s.apply(s.legal_actions()[-1])


def turn(s, a, boost=0):
    """Phase 5: adventurer a takes its turn (Gatherers spend ``boost`` bars, or none)."""
    ev = []
    if s.stack[-1].step is steps.NEXT_TURN:
        ev += act(s, "next_turn", adventurer=a)
    while s.stack and s.stack[-1].step is steps.SPEND_BARS:
        ev += act(s, "power_bars", spend=min(boost, s.power_bars[s.stack[-1].args.adventurer]))
    return ev
