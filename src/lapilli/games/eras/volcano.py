"""The volcano roll: each player in start card number order may move their cone or
erupt a volcano (site or cone) once.

A cone enters another player's path on a vacant rock site of its first era card (1
token), moves sideways or back one card for free, forward any number of cards for 1
token each, and always to a vacant rock site; only one cone is allowed on a path. An
eruption (1 token) forces back a piece on the erupted site or an adjoining site of the
same card, unless the piece is on a cave.
"""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.actions import Action
from lapilli.core.flow import Frame, Step, then

from .components import (
    CONE_ENTER,
    CONE_FORWARD,
    ERUPT,
    LANES,
    MAX_PLAYERS_OPTION,
    PATH_LENGTH,
    SIDEWAYS,
)
from .events import Events
from .paths import back_one_card, cone_on, site
from .state import ErasState

ENTER = {
    (q, lane): Action("cone_enter", path=q, lane=lane)
    for q in range(MAX_PLAYERS_OPTION)
    for lane in range(len(LANES))
}
SIDEWAYS_TO = {lane: Action("cone_sideways", lane=lane) for lane in range(len(LANES))}
BACK = Action("cone_back")
FORWARD = {m: Action("cone_forward", cards=m) for m in range(1, PATH_LENGTH)}
ERUPTION = {
    (at, lane): Action("erupt", at=at, lane=lane)
    for at in range(1, PATH_LENGTH + 1)
    for lane in range(len(LANES))
}
LEAVE = Action("cone_pass")


class VolcanoArgs(NamedTuple):
    # the next player, counted in start card number order (the saved name shadows
    # tuple.index, which no rule calls)
    index: int  # type: ignore[assignment]


def _next_player(s: ErasState, f: Frame) -> Events:
    order = s.start_order()
    for i in range(f.args.index, s.players):
        if len(cone_actions(s, order[i])) > 1:
            then(s, CONE(order[i]), VOLCANO(index=i + 1))
            return []
    return []


VOLCANO = Step("volcano", run=_next_player, Args=VolcanoArgs)


def vacant_rock(s: ErasState, q: int, at: int, lane: int) -> bool:
    """A rock site on ``q``'s path with neither the piece nor a cone on it."""
    return (
        site(s, q, at, lane) == "rock" and s.pieces[q] != (at, lane) and cone_on(s, q) != (at, lane)
    )


def cone_actions(s: ErasState, seat: int) -> list[Action]:
    tokens = s.tokens[seat]
    cone = s.cones[seat]
    on = cone[0] if cone else None
    actions = [LEAVE]
    if tokens >= CONE_ENTER:
        for q in range(s.players):
            if q in (seat, on) or not s.paths[q] or cone_on(s, q) is not None:
                continue
            actions += [ENTER[q, lane] for lane in range(len(LANES)) if vacant_rock(s, q, 1, lane)]
    if cone is None:
        return actions
    q = cone[0]
    at, lane = cone_on(s, q)  # type: ignore[misc]
    actions += [SIDEWAYS_TO[x] for x in SIDEWAYS[lane] if vacant_rock(s, q, at, x)]
    if at > 1 and vacant_rock(s, q, at - 1, lane):
        actions.append(BACK)
    for m in range(1, len(s.paths[q]) - at + 1):
        if m * CONE_FORWARD <= tokens and vacant_rock(s, q, at + m, lane):
            actions.append(FORWARD[m])
    if tokens >= ERUPT:
        actions.append(ERUPTION[at, lane])
        for p in range(1, len(s.paths[q]) + 1):
            actions += [ERUPTION[p, x] for x in range(len(LANES)) if site(s, q, p, x) == "volcano"]
    return actions


def _refuse_cone(s: ErasState, f: Frame, a: Action) -> str | None:
    if a in cone_actions(s, f.seat):
        return None
    seat, cone, tokens = f.seat, s.cones[f.seat], s.tokens[f.seat]
    if a.kind == "cone_enter":
        q = a.arg("path")
        if q == seat:
            return "Cone: you move your cone onto another player's path"
        if cone_on(s, q) is not None:
            return "Cone: only one cone is allowed on a path"
        if tokens < CONE_ENTER:
            return f"Cone: moving onto another player's first era card costs {CONE_ENTER} token"
        return "Cone: you must place your cone on a vacant rock site of the first era card"
    if a.kind in ("cone_sideways", "cone_back", "cone_forward", "erupt") and cone is None:
        return "Cone: your cone is in the centre; move it onto a path first"
    cards = a.arg("cards", 0)
    if a.kind == "cone_forward" and type(cards) is int and tokens < cards * CONE_FORWARD:
        return "Cone: you must give up 1 token for each forward move"
    if a.kind == "erupt":
        if tokens < ERUPT:
            return f"Cone: an eruption costs {ERUPT} token"
        return "Cone: erupt your cone or a volcano site anywhere on the path your cone is on"
    if a.kind in ("cone_sideways", "cone_back", "cone_forward"):
        return "Cone: cone movement must always be to a vacant rock site"
    return None


def _cone(s: ErasState, f: Frame, a: Action) -> Events:
    seat = f.seat
    if a == LEAVE:
        return []
    if a.kind == "cone_enter":
        q = a.arg("path")
        s.tokens[seat] -= CONE_ENTER
        s.cones[seat] = (q, s.paths[q][0], a.arg("lane"))
        return [{"type": "cone_entered", "seat": seat, "path": q, "lane": a.arg("lane")}]
    q = s.cones[seat][0]  # type: ignore[index]
    at, lane = cone_on(s, q)  # type: ignore[misc]
    if a.kind == "erupt":
        s.tokens[seat] -= ERUPT
        return erupt(s, seat, q, a.arg("at"), a.arg("lane"))
    if a.kind == "cone_sideways":
        lane = a.arg("lane")
    elif a == BACK:
        at -= 1
    else:
        at += a.arg("cards")
        s.tokens[seat] -= a.arg("cards") * CONE_FORWARD
    s.cones[seat] = (q, s.paths[q][at - 1], lane)
    return [{"type": "cone_moved", "seat": seat, "path": q, "to": [at, lane]}]


def erupt(s: ErasState, seat: int, q: int, at: int, lane: int) -> Events:
    """A piece on the erupted site or an adjoining one (same card) is forced back,
    unless it stands on a cave."""
    events: Events = [{"type": "eruption", "seat": seat, "path": q, "at": [at, lane]}]
    p, x = s.placed(q)
    if p == at and (x == lane or x in SIDEWAYS[lane]):
        if site(s, q, p, x) == "cave":
            events.append({"type": "cave_safe", "seat": q})
        else:
            events += back_one_card(s, q, "eruption")
    return events


CONE = Step(
    "cone",
    "Volcano: move your cone or erupt a volcano (site or cone), or leave your cone",
    legal=lambda s, f: cone_actions(s, f.seat),
    refuse=_refuse_cone,
    apply=_cone,
    word="volcano",
)
