"""Equipment cards (rulebook p. 7 and 12): using them in phase 2 and phase 4 (once;
the Tinkerer twice), the Equipment manager's giving, drawing from the pile, phase 4."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, take_if_only, then

from . import actions as X
from .cards import EFFECTS, targets
from .components import ARM, EQ, EQ_NAME, EQ_PHASES, EQUIPMENT, SIGNALS, Signal
from .events import Events
from .movement import SCREENS_DOWN

if TYPE_CHECKING:
    from .state import FujiState

KNIFE = EQ["pocket_knife"]


# ---------------------------------------------------------------- which uses are open
def usable(s: FujiState, a: int, c: int, seat: int) -> list[int | None]:
    """The targets with which a may use card ``c`` in this phase (none: of no use)."""
    if s.phase not in EQ_PHASES[c]:
        return []
    return targets(s, a, EQUIPMENT[c], seat)


def equipment_actions(s: FujiState, a: int, seat: int) -> list[Action]:
    """Cards a may use in this phase (none with a broken arm, none drawn this round)."""
    if not s.equipment[a] or s.injuries[a] & ARM:
        return []
    out: list[Action] = []
    for c in s.equipment[a]:
        if c in s.drawn_this_round[a]:
            continue
        name = EQUIPMENT[c]
        if c != KNIFE:
            out.extend(X.use(name, None, who) for who in usable(s, a, c, seat))
        elif s.phase in EQ_PHASES[c]:
            # copy a card lying face up in front of another player
            others = {k for b in s.meeples() if b != a for k in s.equipment[b] if k != KNIFE}
            for k in sorted(others):
                out.extend(X.use(name, EQUIPMENT[k], who) for who in usable(s, a, k, seat))
    return out


def give_options(s: FujiState, f: Frame) -> list[Action]:
    """Equipment manager: give own cards to teammates at any time, i.e. beside any
    decision of the manager's seat once the game is set up (even with a broken arm, not
    with amnesia)."""
    if s.round == 0:
        return []
    out: list[Action] = []
    for a in s.meeples():
        if s.equipment[a] and s.controller(a) == f.seat and s.has_skill(a, "equipment_manager"):
            out.extend(
                X.give_card(EQUIPMENT[c], b) for c in s.equipment[a] for b in s.meeples() if b != a
            )
    return out


def refuse_give(s: FujiState, f: Frame, action: Action) -> str | None:
    if action in give_options(s, f):
        return None
    name, to = action.arg("card", ""), action.arg("to")
    giver = next((a for a in s.meeples() if EQ.get(name) in s.equipment[a]), None)
    if giver is None or not s.has_skill(giver, "equipment_manager"):
        return "Only the Equipment manager (without amnesia) may give equipment cards"
    if s.round == 0:
        return "Equipment manager: cards are given once the game is set up"
    if s.controller(giver) != f.seat:
        return f"Equipment manager: only {s.name(giver)}'s player gives {s.name(giver)}'s cards"
    if to not in s.meeples() or to == giver:
        return "Equipment manager: give one of your own cards to a teammate"
    return None


def give(s: FujiState, f: Frame, action: Action) -> Events:
    """The card changes hands; the decision on top goes on. In phase 4 the teammates
    who passed may act again (the new card may be of use to its owner)."""
    name, b = action.arg("card"), action.arg("to")
    c = EQ[name]
    a = next(a for a in s.meeples() if c in s.equipment[a])
    s.equipment[a].remove(c)
    s.equipment[b].append(c)
    if c in s.drawn_this_round[a]:
        s.drawn_this_round[a] = s.drawn_this_round[a] - {c}
        s.drawn_this_round[b] = s.drawn_this_round[b] | {c}
    if f.step is USE_EQUIPMENT:
        s.stack[-1] = reopen(f)
    return [{"type": "give_card", "adventurer": a, "to": b, "card": name}]


def refuse_card(s: FujiState, f: Frame, action: Action) -> str | None:
    """Why a card may not be used now (None: it may)."""
    if action[0] != "use" or action in f.step.legal(s, f):  # type: ignore[misc]
        return None
    a = f.args.adventurer
    name = action.arg("card", "")
    if name not in EQ:
        return f"there is no equipment card called {name!r}"
    c = EQ[name]
    if c not in s.equipment[a]:
        return f"Equipment: {EQ_NAME[c]} is not lying in front of you"
    if s.injuries[a] & ARM:
        return "Broken arm: you can no longer use any equipment cards"
    if c in s.drawn_this_round[a]:
        return "Collecting equipment: a card drawn this round can be used from the next round"
    if s.phase not in EQ_PHASES[c]:
        phases = " or ".join(str(p) for p in EQ_PHASES[c])
        return f"Equipment: {EQ_NAME[c]} is used in phase {phases}"
    if c == KNIFE:
        return "Pocket knife: copy a card lying in front of another player, usable in this phase"
    return f"Equipment: {EQ_NAME[c]} cannot be used that way now"


# ---------------------------------------------------------------- using and giving
def spend(s: FujiState, a: int, c: int, ev: Events) -> None:
    """Discard a used card; the Tinkerer taps it first and discards on the second use."""
    if s.has_skill(a, "tinkerer") and c not in s.used_once[a]:
        s.used_once[a] = s.used_once[a] | {c}
        ev.append({"type": "tapped", "adventurer": a, "card": EQUIPMENT[c]})
        return
    s.equipment[a].remove(c)
    s.used_once[a] = s.used_once[a] - {c}
    s.discard.append(c)


def use_card(s: FujiState, f: Frame, action: Action) -> Events:
    """Use a card during a's turn of phase 2 or 4, which goes on after the choices the
    card asks for."""
    a = f.args.adventurer
    name = action.arg("card")
    c = EQ[name]
    effect = action.arg("copy", name)
    who = action.arg("who")
    ev: Events = [
        {"type": "equipment", "adventurer": a, "card": name, "effect": effect, "who": who}
    ]
    spend(s, a, c, ev)
    then(s, *EFFECTS[effect](s, a, f.seat, who, ev), f)
    return ev


# ---------------------------------------------------------------- phase 4
PHASE4_SIGNAL = 4
"""``signalled_in`` of an adventurer who has given its phase-4 signal."""


def phase4(s: FujiState, f: Frame) -> Events:
    """Phase 4: open until nobody wants to act. The turn goes round the table; an
    adventurer uses cards, signals, then says done; the phase ends when every meeple in
    a row has said done with nothing happening in between (a card used, given or a
    signal lets those who passed act again)."""
    s.phase = 4
    then(s, USE_EQUIPMENT(s.controller(0), adventurer=0, passes=0))
    return []


def reopen(f: Frame) -> Frame:
    """The same turn, with nobody having passed since something happened."""
    return f._replace(args=f.args._replace(passes=0))


def phase4_options(s: FujiState, f: Frame) -> list[Action]:
    a = f.args.adventurer
    out = equipment_actions(s, a, f.seat)
    if s.signalled_in[a] != PHASE4_SIGNAL:
        out.extend(X.SIGNAL[k] for k in SIGNALS)
    out.append(X.DONE)
    return out


def refuse_phase4(s: FujiState, f: Frame, action: Action) -> str | None:
    if action[0] == "signal" and action not in phase4_options(s, f):
        return "Communication: one signal per adventurer in phase 4; no numbers"
    return refuse_card(s, f, action)


def phase4_use(s: FujiState, f: Frame, action: Action) -> Events:
    a = f.args.adventurer
    if action[0] == "done":
        passes = f.args.passes + 1
        if passes >= s.meeple_count:
            then(s, SCREENS_DOWN())
        else:
            b = (a + 1) % s.meeple_count
            then(s, USE_EQUIPMENT(s.controller(b), adventurer=b, passes=passes))
        return []
    if action[0] == "signal":
        s.signalled_in[a] = PHASE4_SIGNAL
        say = action.arg("say")
        s.signals.append(Signal(a, say))
        then(s, reopen(f))
        return [{"type": "signal", "adventurer": a, "say": say}]
    return use_card(s, reopen(f), action)


# ---------------------------------------------------------------- steps
class Phase4(NamedTuple):
    adventurer: int
    passes: int


EQUIPMENT_CARDS = Step("equipment_cards", run=phase4)


USE_EQUIPMENT = Step(
    "use_equipment",
    "Phase 4 (equipment cards): use a phase-4 card, signal, or say done",
    phase4_options,
    refuse_phase4,
    phase4_use,
    Args=Phase4,
    settle=take_if_only(X.DONE),
    word="equipment",
)


GIVE_CARD = Step(
    "give_card",
    "Equipment manager: give one of your own cards to a teammate",
    give_options,
    refuse_give,
    give,
    kinds=frozenset({"give_card"}),
    word="give a card",
)
