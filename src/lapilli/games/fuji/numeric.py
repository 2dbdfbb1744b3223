"""Fuji in numbers, for learning agents (see ``lapilli.core.numeric``).

The codec lists, in this order: skills to choose, equipment to put under the pile, die
types to leave out, signals, destinations, Rope moves and Binoculars picks (each per
card place x, y), dice to select, set aside, give, reroll, turn, shovel or lose (per
die id), the Shovel's new face, ``reroll``, ``stop``, ``done``, ``refuse`` (a Lighter's
giver), the next adventurer, power bars to spend, injury spaces, equipment given (per
card and adventurer) and used (per card, with no target or a target adventurer; then
the Pocket knife per card it copies). Adventurers, dice and seats keep their numbers,
so the vector holds the seat's own number.

The vector is built from ``observation(seat)`` only: a die behind another screen shows
no value. Adventurers are listed "me first": the seats' adventurers from mine on, then
the neutral or third one. Places on the 8 x 8 map are one-hot planes; counts are divided
by their largest value (stamina by the exhaustion space, power bars by 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from lapilli.core.actions import Action
from lapilli.core.data import load_toml
from lapilli.core.numeric import ActionCodec, Layout, seats_from

from . import actions as A
from . import components as C
from .board import H, W, cell
from .bounds import bounds as bounds  # the set-up's promises
from .view import Adventurer, Die, observe, signal_of

if TYPE_CHECKING:
    from .game import Fuji
    from .state import FujiState

DECISIONS = (
    "choose_skill",
    "put_under",
    "leave_out",
    "plan",
    "reroll",
    "use_equipment",
    "next_turn",
    "spend_bars",
    "injury",
    "lose_die",
    "binoculars",
    "give_die",
    "carabiner",
    "turn_dice",
    "machete",
    "shovel_die",
    "shovel_face",
    "rope",
    "give_card",
)
"""The decision steps, by name, in the order of the one-hot block ``waiting_for`` (a
fixed layout: a test checks it lists every decision step of the game)."""

DATA = load_toml(__package__)
WAITING = ("", "chance", "another seat", *DECISIONS)
WAITING_INDEX = {name: i for i, name in enumerate(WAITING)}
ADVENTURERS = len(A.NEXT_TURN)
CELLS = W * H
CARD_COUNT = max(a.arg("id") for a in A.CARD) + 1
DICE = A.MAX_DICE
FACES = range(1, 7)
DIE_TYPES = tuple(C.DIE_TYPES)
ASIDE = ("buddy", "machete")
KINDS = ("player", "neutral", "third")
EQUIPMENT = tuple(C.EQUIPMENT)
SKILLS = tuple(C.SKILLS)
SIGNALS = tuple(C.SIGNALS)
INJURIES = tuple(C.INJURIES)  # bit i of an adventurer's injuries
KNIFE = "pocket_knife"
EXHAUSTION = DATA["stamina"]["exhaustion"]
MOST_BARS = len(A.BOOST) - 1
SCENARIOS = tuple(sorted(C.SCENARIOS))
LEVELS = (1, 2, 3, 4)
PHASES = 7  # 0 (set-up) and the round's phases 1-6
ROUND_SCALE = 20.0
MOST_REROLLS = 4  # in phase 3: 2 for staying, +1 on a reroll symbol, +1 for a Survivalist
POINTS_SCALE = DATA["points"]["per_player"] * ADVENTURERS

ADVENTURER_FEATURES = (
    "in the game",
    *(f"kind: {k}" for k in KINDS),
    "decided by me",
    *(f"skill: {k}" for k in SKILLS),
    "stamina lost / 25",
    *(f"injury: {k}" for k in INJURIES),
    "power bars / 3",
    *(f"equipment: {k}" for k in EQUIPMENT),
    *(f"used once: {k}" for k in EQUIPMENT),
    "first aid this round",
    "flare this round",
    *(f"signal: {k}" for k in SIGNALS),
)
DIE_FEATURES = (
    "in the game",
    *(f"held by adventurer {i + 1} (me first)" for i in range(ADVENTURERS)),
    *(f"belongs to adventurer {i + 1} (me first)" for i in range(ADVENTURERS)),
    *(f"type {t}" for t in DIE_TYPES),
    *(f"shows {v}" for v in FACES),
    "its value is hidden from me",
    *(f"set aside ({k})" for k in ASIDE),
    "selected for my reroll",
)

NOTES: Mapping[str, str] = {
    "me": "one-hot of my seat number (actions name adventurers and dice by number)",
    "waiting_for": "one-hot of what the game waits for: "
    + ", ".join(w or "(the end)" for w in WAITING),
    "to_move": "one-hot of the seat to decide, me first (all 0 at chance and at the end)",
    "round": "round / 20 (at most 1); one-hot of the phase (0 set-up, 1-6)",
    "setup": "one-hot of the scenario card; one-hot of the level",
    "result": "1 if the team won, 1 if it lost",
    "terrain": "per place on the map (x + 8 y): a card lies there, lava, an equipment "
    "token, eruption tokens / 2, then one-hot of the card",
    "positions": "per adventurer (me first), per place: 1 where its meeple stands",
    "destinations": "per adventurer (me first), per place: 1 on its destination marker",
    "adventurers": "per adventurer (me first): " + "; ".join(ADVENTURER_FEATURES),
    "dice": "per die id: " + "; ".join(DIE_FEATURES),
    "equipment_pile": "equipment cards left in the pile / 15; per card: known at the bottom "
    "of the pile, discarded",
    "reroll": "my reroll session: rerolls left / 4",
    "victory_points": "victory points / 16",
}


def codec(game: Fuji, players: int) -> ActionCodec:
    adventurers = range(ADVENTURERS)
    places = [(x, y) for y in range(H) for x in range(W)]
    actions: list[Action] = list(A.CHOOSE_SKILL.values())
    actions += [*A.PUT_UNDER.values(), *A.LEAVE_OUT, *A.SIGNAL.values()]
    for table in (A.DEST, A.ROPE_TO, A.SWAP_PICK):
        actions += [table[p] for p in places]
    for dice in (A.SELECT, A.ASIDE, A.GIVE_DIE, A.CARABINER_DIE, A.TURN_DIE, A.SHOVEL_DIE):
        actions += dice
    actions += A.LOSE_DIE
    actions += [Action("shovel_face", value=v) for v in FACES]
    actions += [A.REROLL, A.STOP, A.DONE, A.REFUSE, *A.NEXT_TURN, *A.BOOST, *A.INJURY.values()]
    actions += [A.give_card(card, b) for card in EQUIPMENT for b in adventurers]
    targets = (None, *adventurers)
    actions += [A.use(card, None, who) for card in EQUIPMENT if card != KNIFE for who in targets]
    actions += [A.use(KNIFE, card, who) for card in EQUIPMENT if card != KNIFE for who in targets]
    return ActionCodec(actions)


def layout(game: Fuji, players: int) -> Layout:
    return _layout(players)


@cache
def _layout(players: int) -> Layout:
    return Layout(
        me=players,
        waiting_for=len(WAITING),
        to_move=players,
        round=1 + PHASES,
        setup=len(SCENARIOS) + len(LEVELS),
        result=2,
        terrain=(CELLS, 4 + CARD_COUNT),
        positions=(ADVENTURERS, CELLS),
        destinations=(ADVENTURERS, CELLS),
        adventurers=(ADVENTURERS, len(ADVENTURER_FEATURES)),
        dice=(DICE, len(DIE_FEATURES)),
        equipment_pile=1 + 2 * len(EQUIPMENT),
        reroll=1,
        victory_points=1,
    )


def encode(state: FujiState, seat: int) -> np.ndarray:
    obs = observe(state, seat)
    n = state.num_players
    shape = _layout(n)
    v = shape.zeros()
    b = shape.views(v)
    # adventurers me first: the seats' own from mine on, then the neutral or third one
    order = [*seats_from(seat, n), *range(n, len(obs["adventurers"]))]
    place = {a: i for i, a in enumerate(order)}

    b["me"][seat] = 1
    b["waiting_for"][WAITING_INDEX[obs["waiting_for"]]] = 1
    if obs["to_move"] >= 0:
        b["to_move"][place[obs["to_move"]]] = 1
    b["round"][0] = min(1.0, obs["round"] / ROUND_SCALE)
    b["round"][1 + obs["phase"]] = 1
    if obs["scenario"] in SCENARIOS:
        b["setup"][SCENARIOS.index(obs["scenario"])] = 1
    b["setup"][len(SCENARIOS) + LEVELS.index(obs["level"])] = 1
    b["result"][:] = (obs["result"] > 0, obs["result"] < 0)
    for c, card, lava, token, eruptions in obs["terrain"]:
        row = b["terrain"][c]
        row[:4] = (1, lava, token, eruptions / 2)
        row[4 + card] = 1
    signals = dict(signal_of(signal) for signal in obs["signals"])
    for view in obs["adventurers"]:
        i = place[view["adventurer"]]
        for block, at in (("positions", view["position"]), ("destinations", view["destination"])):
            if at is not None:
                b[block][i, cell(*at)] = 1
        b["adventurers"][i] = _adventurer(view, seat, signals.get(view["adventurer"]))
        for die in view["dice"]:
            _die(b["dice"][die["die"]], die, place)
    pile = b["equipment_pile"]
    pile[0] = obs["deck_size"] / len(EQUIPMENT)
    for name in obs["bottom"]:
        pile[1 + EQUIPMENT.index(name)] = 1
    for name in obs["discard"]:
        pile[1 + len(EQUIPMENT) + EQUIPMENT.index(name)] = 1
    reroll = obs.get("reroll")
    if reroll is not None:
        b["reroll"][0] = reroll["left"] / MOST_REROLLS
        for d in range(DICE):
            if reroll["selected"] >> d & 1:
                b["dice"][d, -1] = 1
    b["victory_points"][0] = obs["victory_points"] / POINTS_SCALE
    return v


def _adventurer(view: Adventurer, seat: int, signal: str | None) -> list[float]:
    values: list[float] = [1.0, *(float(view["kind"] == k) for k in KINDS)]
    values.append(view["seat"] == seat)
    values += [view["skill"] == k for k in SKILLS]
    values.append(view["stamina_lost"] / EXHAUSTION)
    values += [view["injuries"] >> i & 1 for i in range(len(INJURIES))]
    values.append(view["power_bars"] / MOST_BARS)
    values += [k in view["equipment"] for k in EQUIPMENT]
    values += [view["tapped"] >> i & 1 for i in range(len(EQUIPMENT))]
    values += [bool(view["first_aid"]), bool(view["flare"])]
    values += [signal == k for k in SIGNALS]
    return values


def _die(row: np.ndarray, die: Die, place: dict[int, int]) -> None:
    row[0] = 1
    row[1 + place[die["holder"]]] = 1
    row[1 + ADVENTURERS + place[die["home"]]] = 1
    at = 1 + 2 * ADVENTURERS
    row[at + DIE_TYPES.index(die["type"])] = 1
    at += len(DIE_TYPES)
    if die["value"] is None:
        row[at + len(FACES)] = 1
    else:
        row[at + die["value"] - 1] = 1
    at += len(FACES) + 1
    if die["aside"]:
        row[at + ASIDE.index(die["aside"])] = 1
