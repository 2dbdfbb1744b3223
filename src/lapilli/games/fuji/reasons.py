"""Why an action is refused: the rule it breaks, in the rulebook's words."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE

from . import frames as F
from .board import cell, reach
from .tables import EQ, EQ_NAME, EQ_PHASES

EXPECTED = {
    F.D_SKILL: "Set-up: choose a skill card still in the pile",
    F.D_PUT_UNDER: "Set-up: put one of your dealt equipment cards under the draw pile",
    F.D_LEAVE: "Set-up: a skill with 5 dice leaves one die type out (leave_out A, B or C)",
    F.D_PLAN: "Phase 2 (planning): place your destination marker, signal or use a phase-2 "
    "equipment card",
    F.D_SWAP: "Binoculars: pick an empty landscape card (no meeple, marker or token; "
    "not a village)",
    F.D_ROPE: "Rope: move to an orthogonally adjacent card that is not lava, rubble or the volcano",
    F.D_REROLL: "Phase 3 (rerolls): select dice behind your own screen, reroll them, or stop",
    F.D_EQUIP4: "Phase 4 (equipment cards): use a phase-4 card or say done",
    F.D_GIVE_DIE: "Lighter / Map: hand over one of your own dice",
    F.D_CARABINER: "Carabiner: each of you must reroll exactly 1 of your own dice",
    F.D_TURN: "Duct tape / Compass: turn one of your dice showing the right number, or done",
    F.D_MACHETE: "Machete: set aside up to 2 of your own dice, or done",
    F.D_SHOVEL: "Shovel: turn 1 of your dice to another side",
    F.D_ORDER: "Phase 5: choose which adventurer who has not yet moved takes the next turn",
    F.D_BOOST: "Gatherer: spend at most the power bars you have",
    F.D_INJURY: "Injury: cover an injury space that is still free",
    F.D_LEG: "Leg injury: lose one of your own dice",
}


def illegal_reason(s, action: Action) -> str:
    if s.result:
        return "the game is over: no more actions"
    f = s.stack[-1]
    if f[1] == CHANCE:
        return f"{action} is not a possible outcome of this roll or draw"
    kind = action[0] if isinstance(action, tuple) and action else ""
    params = dict(action[1]) if isinstance(action, tuple) and len(action) > 1 else {}
    a = f[2]
    if f[0] == F.D_PLAN and kind == "destination":
        try:
            c = cell(params["x"], params["y"])
        except (KeyError, TypeError):
            return "a destination names a card by x and y"
        limit = 4 if s.has_skill(a, "scout") else 3
        if c not in reach(s.card, s.lava, s.pos[a], limit):
            return (
                f"Movement rules: a destination is at most {limit} orthogonal steps away, "
                "never onto or over lava, rubble or the volcano"
            )
        return (
            "Destination marker: players seated next to each other cannot choose the "
            "same destination card"
        )
    if f[0] == F.D_PLAN and kind == "signal":
        return (
            "Communication: one signal per planning pass; statements with numbers are not allowed"
        )
    if kind == "use":
        name = params.get("card", "")
        if name not in EQ:
            return f"there is no equipment card called {name!r}"
        c = EQ[name]
        if c not in s.equip[a]:
            return f"Equipment: {EQ_NAME[c]} is not lying in front of you"
        if s.inj[a] & 2:
            return "Broken arm: you can no longer use any equipment cards"
        if s.fresh[a] >> c & 1:
            return "Collecting equipment: a card drawn this round can be used from the next round"
        phase = 2 if f[0] == F.D_PLAN else 4
        if phase not in EQ_PHASES[c]:
            return f"Equipment: {EQ_NAME[c]} is used in phase " + " or ".join(
                str(p) for p in EQ_PHASES[c]
            )
        if name == "pocket_knife":
            return (
                "Pocket knife: copy a card lying in front of another player, usable in this phase"
            )
        return f"Equipment: {EQ_NAME[c]} cannot be used that way now"
    if kind == "give_card":
        if not s.has_skill(a, "equipment_manager"):
            return "Only the Equipment manager (without amnesia) may give equipment cards"
        return "Equipment manager: give one of your own cards to a teammate"
    if f[0] == F.D_REROLL and kind in ("select", "reroll"):
        if s.sess_left <= 0:
            if s.inj[a] & 8:
                return "Eye injury: you can no longer reroll dice in phase 3"
            return "Rerolls: you have no rerolls left (2 to stay, 1 for 1-2 steps, 0 for 3)"
        if kind == "reroll":
            return "Rerolls: select at least one die first"
        return "Rerolls: you may only select your own dice, each once per reroll"
    if f[0] == F.D_REROLL and kind == "set_aside":
        return "Buddy: only the Buddy (without amnesia) sets aside 1 die, once per round"
    return EXPECTED.get(f[0], "this is not a legal action now") + f" (not {action})"
