"""A turn: the steps in turn order, pushed together when it begins (each step's own
choices go on top of the steps still to come), and the turn's own steps 6 and 7: the
Caldera and collecting resources. Step 1 is ``movement.py``, 2 ``stacking.py`` (3, a
volcano, ``eruption.py``), 4 ``claiming.py``, 5 ``sacrifice.py``, 8 ``lava.py``; the end
of the turn and of the game, ``endgame.py``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, then

from . import actions as A
from . import endgame, powers, scoring
from .actions import BUY_CALDERA, DONE, refusal
from .args import Seat
from .board import OWNER_BITS
from .claiming import CLAIM
from .components import NB
from .endgame import SPEND, SUPER_ERUPTS
from .events import Events
from .frames import frame
from .lava import PROGRESS_LAVA
from .movement import MOVE
from .paying import DISCARD
from .pieces import MAIN, Stage, ThisTurn
from .sacrifice import SACRIFICE
from .stacking import BUY
from .winter import frozen

if TYPE_CHECKING:
    from .state import VolcaniqueState


DEPLETED = ("last_land_tile", "all_critters_deployed", "round_limit")
"""End triggers followed by the depleted land tiles sequence (its finale has claims)."""


def turn_frames(s: VolcaniqueState) -> tuple[Frame, ...]:
    """The steps of a turn of ``s.player``, in order (made once for each stage and
    seat: see ``_turn_frames``)."""
    key = (s.stage, s.player, s.end_reason in DEPLETED)
    frames = _TURNS.get(key)
    if frames is None:
        frames = _TURNS[key] = _turn_frames(*key)
    return frames


def _turn_frames(stage: Stage, p: int, depleted: bool) -> tuple[Frame, ...]:
    """1 move, 2 buy (3 a volcano), 4 claim, 5 sacrifice, 6 the Caldera, 7 collect, 8
    lava, then the next turn. In the end-game sequence's final turn all lava moves
    first (spending instead of buying, no collecting); the super volcano's owner only
    moves before it erupts; in the finale only claiming remains (after depleted land
    tiles), until the lava reaches the sea."""
    lava_and_end = (PROGRESS_LAVA(index=0), END_TURN())
    if stage is Stage.ERUPTION:
        return (MOVE(p), SUPER_ERUPTS(), END_TURN())
    if stage is Stage.FINALE:
        return (CLAIM(p), *lava_and_end) if depleted else lava_and_end
    main = (MOVE(p), BUY(p)) if stage is Stage.MAIN else (MOVE(p), SPEND(p))
    rest = (CLAIM(p), SACRIFICE(p), CALDERA(p), COLLECT())
    if stage is Stage.FINAL:
        return (PROGRESS_LAVA(index=0), *main, *rest, END_TURN())
    return (*main, *rest, *lava_and_end)


_TURNS: dict[tuple[Stage, int, bool], tuple[Frame, ...]] = {}


def begin_turn(s: VolcaniqueState) -> Events:
    """A turn of ``s.player``; in the finale, once no lava flows, the game is over."""
    s.this_turn = ThisTurn()
    finale = s.stage is not MAIN and s.stage is Stage.FINALE  # (mostly the main game)
    if finale and not any(flow.flowing for flow in s.lava):
        return endgame.game_over(s)
    then(s, *turn_frames(s))
    return []


def rest_of_turn(s: VolcaniqueState, name: str) -> tuple[Frame, ...]:
    """The steps of ``s.player``'s turn from its step ``name`` on (to resume there)."""
    frames = turn_frames(s)
    start = next(i for i, f in enumerate(frames) if f.step.name == name)
    return frames[start:]


def end_turn(s: VolcaniqueState, f: Frame) -> Events:
    """The next player's turn, or the next part of the end sequence."""
    events = endgame.pass_turn(s)
    return events + begin_turn(s)


# -- 6. the Caldera deck -------------------------------------------------------------------
def may_buy_caldera(s: VolcaniqueState, seat: int) -> bool:
    """1 of each resource, while cards are left (and the per-turn limit of the option
    ``caldera_limit``, if set, is not reached)."""
    limit = s.options.caldera_limit
    return (
        s.stage is MAIN
        and min(s.resources[seat]) >= s.options.caldera_cost
        and not (limit and s.this_turn.caldera_cards >= limit)
        and bool(s.caldera_deck)
    )


def legal_caldera(s: VolcaniqueState, f: Frame) -> list[Action]:
    return [BUY_CALDERA, DONE] if may_buy_caldera(s, f.seat) else [DONE]


def refuse_caldera(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
    if a.kind != "buy_caldera":
        return None
    if not s.caldera_deck:
        return "The Caldera: you may not purchase a card if there are no powers left"
    limit = s.options.caldera_limit
    if limit and s.this_turn.caldera_cards >= limit:
        return f"The Caldera: at most {limit} card{'s' * (limit != 1)} per turn in this variant"
    return f"The Caldera: a card costs {s.options.caldera_cost} of each resource"


def settle_caldera(s: VolcaniqueState, f: Frame) -> Events | None:
    return None if may_buy_caldera(s, f.seat) else []


def buy_caldera(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    if a == DONE:
        return []
    p = f.seat
    for b in range(NB):
        s.resources[p][b] -= s.options.caldera_cost
        s.supply[b] += s.options.caldera_cost
    s.this_turn = s.this_turn._replace(caldera_cards=s.this_turn.caldera_cards + 1)
    then(s, frame(DRAW, seat=p))
    return [{"type": "caldera_bought", "seat": p}]


def draw_outcomes(s: VolcaniqueState, f: Frame) -> list[tuple[Action, float]]:
    return [(A.DRAW[card], p) for card, p in s.caldera_deck.draws()]


def draw(s: VolcaniqueState, f: Frame, a: Action) -> Events:
    """The card goes to the buyer's hand, hidden from the others."""
    card = a.arg("card")
    s.unshare_caldera()
    s.caldera_deck.draw(card)
    s.caldera_hands[f.args.seat].put(card)
    then(s, frame(CALDERA, f.args.seat))  # another card, resources permitting
    return [{"type": "caldera_card", "seat": f.args.seat}]


# -- 7. collect resources ------------------------------------------------------------------
def collect(s: VolcaniqueState, seat: int) -> tuple[Events, list[Frame]]:
    """One resource per biome the seat controls (a pack or herd: one per critter), while
    the supply lasts, from critters on tiles the winter has not frozen (burrowed ones
    collect nothing); then the seat discards down to its cap (the frames for that)."""
    got = [0] * NB
    held = s.resources[seat]
    grouping = powers.has_power(s, seat, "pack_critters") or powers.has_power(
        s, seat, "herding_critters"
    )
    critters_, supply = s.critters, s.supply
    winter = bool(s.winter)
    counts = s.biome_counts()
    for biome in scoring.controlled_by(s, seat):
        if winter:
            here = [
                critters_[m << OWNER_BITS | seat]
                for m, h in zip(biome.members, biome.tiles, strict=True)
                if m << OWNER_BITS | seat in critters_ and not frozen(s, h)
            ]
            if not here:
                continue
            size = sum(here)
        else:
            size = counts[biome][seat]
        c = biome.colour
        take = size if grouping and size >= 2 else 1
        left = supply[c]
        if take > left:  # while the supply lasts
            take = left
        supply[c] = left - take
        held[c] += take
        got[c] += take
    over = sum(held) - powers.hand_cap(s, seat)
    discards = [frame(DISCARD, seat, count=over)] if over > 0 else []
    return [{"type": "collected", "seat": seat, "resources": got}], discards


def collect_step(s: VolcaniqueState, f: Frame) -> Events:
    """Step 7 (discarding down to the cap on top of what follows); no collecting in
    the end-game sequence."""
    if s.stage is not MAIN:
        return []
    events, discards = collect(s, s.player)
    then(s, *discards)
    return events


# -- the steps --------------------------------------------------------------------------
CALDERA = Step(
    "caldera",
    "The Caldera (step 6)",
    legal_caldera,
    refusal(legal_caldera, refuse_caldera),
    buy_caldera,
    settle=settle_caldera,
)


DRAW = Step(
    "draw",
    "drawing a Caldera card",
    outcomes=draw_outcomes,
    apply=draw,
    Args=Seat,
    word="Caldera draw",
)


COLLECT = Step("collect", run=collect_step)


END_TURN = Step("end_turn", run=end_turn)
