"""Fuji positions in the rulebook's words (see ``docs/positions.md``).

Set-up is played as usual (its draws and choices taken at random with ``seed``, 0
unless given); a description then names what matters: the round, the terrain card of
any slot (``[terrain] "2,5" = "yellow or 4"``: the card leaves the slot the set-up laid
it on, which takes the card it replaces), the cards turned to their lava side (``lava =
["3,2"]``, cells as the map shows them: column, row), the eruption and equipment tokens
still on the mountain, and per adventurer (by character name or colour) where its
meeple stands, its destination marker, the stamina lost, the Gatherer's power bars, its
injuries (a leg injury takes one of its dice away), its skill, its equipment cards and,
once the dice are rolled, the dice (``dice = ["yellow 4", "blue 1"]``: the colour of
the face and its number; dice not given show 1, 2, 3, ...). Equipment cards named leave
the pile, the discard or another adventurer; cards an adventurer held and is not said
to hold go back to the pile. Play resumes at the start of the round (``at = "round"``:
the roll), at an adventurer's planning in the first pass (``at = "plan"``: the ones
before it have placed their markers) or at its rerolls (``at = "reroll"``: every marker
placed, the sessions before it over, ``rerolls`` left in its own).
"""

from __future__ import annotations

import random
import re
from typing import Any

from lapilli.core.flow import Frame
from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.state import sample_chance

from .board import NOWHERE, H, W, cell
from .components import (
    CARD_TEXT,
    CARD_WORDS,
    EQ,
    FACE_COLOUR,
    INJURY_SPACES,
    IS_LANDSCAPE,
    IS_VILLAGE,
    IS_WALKABLE,
    LEG,
    MAX_POWER_BARS,
    SKILL_DICE,
    SKILL_NAME,
    SKILLS,
)
from .equipment import EQUIPMENT_CARDS
from .planning import END_PLANNING, PASSES, PLAN, destinations
from .rerolls import GATHER, sessions
from .rounds import ROUND
from .state import FujiState

TITLE = "Fuji"
AT = ("round", "plan", "reroll")
"""Where play may resume: a round's start (phase 1, the roll), an adventurer's planning
in the first pass (phase 2) or its rerolls (phase 3)."""
CARD_NAMES = {
    **{words.lower(): k for k, words in CARD_WORDS.items()},
    **{short.lower(): k for k, short in CARD_TEXT.items()},
}
"""A terrain card by its requirement, in words ("yellow or 4") or short ("Y|4")."""
Marks = dict[int, tuple[int, Description]]
"""Destination markers by adventurer: the cell, and the table that placed it (for errors)."""


def cell_of(text: Any, desc: Description) -> int:
    """``"3,2"`` or ``"(3, 2)"``: column and row, as the map shows them."""
    found = re.fullmatch(r"\s*\(?\s*(\d+)\s*,\s*(\d+)\s*\)?\s*", str(text))
    if not found or not (int(found[1]) < W and int(found[2]) < H):
        desc.fail(f"a card is at column,row like 3,2 (0-{W - 1}, 0-{H - 1}), not {text!r}")
    return cell(int(found[1]), int(found[2]))


def set_up(game: Any, players: int, seed: int) -> FujiState:
    """A position after set-up, just before the first round's roll: every draw and
    choice of the set-up taken at random with ``seed``."""
    s: FujiState = game.new_state(players)
    rng = random.Random(seed)
    while s.round == 0:
        if s.is_chance_node():
            s.apply(sample_chance(s, rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    return s


def build(game: Any, description: Any) -> FujiState:
    """The position ``description`` describes (a dict, as read from TOML)."""
    desc = Description(description, "the position", TITLE)
    players = game.check_players(desc.take("players", int, game.default_players()))
    s = set_up(game, players, desc.count("seed", 0, 0, 2**32))
    labels = [s.seat_label(a) for a in range(s.adventurer_count)]
    meeples = labels[: s.meeple_count]
    first, at = turn_of(desc, meeples, dict.fromkeys(AT), "round")
    data = s.to_json()
    data["round"] = desc.count("round", 1, 1, 10**6)
    data["phase"] = 1
    _terrain(desc.part("terrain"), data)
    for c in [cell_of(x, desc) for x in desc.take("lava", list, [])]:
        if not data["terrain"][c]:
            desc.fail(f"no card lies at {c % W},{c // W}")
        data["lava"][c] = True
    _tokens(desc, data, s.options.extra_thrill)
    tables = {seat_of(name, labels, TITLE): t for name, t in desc.part("adventurers").items()}
    desc.done()
    rolled, marks, rerolls = _adventurers(tables, labels, data, desc)
    state = FujiState.from_json(game, data)
    _dice_as_skills_and_legs(state, tables)
    _power_bars(state, tables, labels, desc)
    if at == "round":
        if any(rolled.values()) or marks or rerolls:
            desc.fail("at the start of a round no die is rolled and no marker placed yet")
        state.round -= 1  # the round's start counts it
        enter(state, ROUND())
        return state
    for a in range(state.adventurer_count):
        _roll(state, a, rolled.get(a), desc)
    _markers(state, marks, first, at, desc)
    if at == "plan":
        if rerolls:
            desc.fail('rerolls come after the planning: resume with at = "reroll"')
        state.phase = 2
        plans = [
            PLAN(state.controller(a), adventurer=a, pass_number=p)
            for p in PASSES
            for a in state.meeples()
        ]
        enter(state, *plans[first:], END_PLANNING(), ROUND())
        return state
    state.phase = 3
    enter(state, *_rerolls(state, first, rerolls, desc), GATHER(), EQUIPMENT_CARDS(), ROUND())
    return state


def _adventurers(
    tables: dict[int, Any], labels: list[str], data: dict[str, Any], desc: Description
) -> tuple[dict[int, list[Any]], Marks, dict[int, int]]:
    """The adventurers' tables into the saved position (their skills, places, cards);
    returns what comes after the set-up: each one's dice rolled, destination marker and
    rerolls left."""
    saved = data["equipment_pile"]
    pile = {int(c) for c in saved["items"]} | set(saved.get("under", []))
    rolled = {}
    marks: Marks = {}
    rerolls: dict[int, int] = {}
    dealt = list(data["skill"])  # the set-up's deal, before the description's skills
    for a, table in tables.items():
        part = Description(table, f"adventurers, {labels[a]}", TITLE)
        if "destination" in part:
            marks[a] = (cell_of(part.take("destination", str), part), part)
        if "rerolls" in part:
            rerolls[a] = part.count("rerolls", 0, 0, 9)
        rolled[a] = _adventurer(part, a, data, pile)
    named = {a for a, table in tables.items() if isinstance(table, dict) and "skill" in table}
    _one_of_each_skill(data["skill"], dealt, named, labels, desc)
    under = [c for c in saved.get("under", []) if c in pile]
    data["equipment_pile"] = {
        "items": {c: 1 for c in sorted(pile) if c not in under},
        "under": under,
    }
    return rolled, marks, rerolls


def _dice_as_skills_and_legs(state: FujiState, tables: dict[int, Any]) -> None:
    """Each adventurer holds the dice its skill card gives (5 or 6), less one for good
    for a leg injury."""
    for a in state.meeples():
        mine = [die for die in state.dice if die.owner == a]
        kept = [die for die in mine if not die.lost]
        for die in kept[SKILL_DICE[state.skill[a]] :]:
            die.lost = True  # (a 5-dice skill leaves its last die in the box)
        for die in [die for die in mine if die.lost][: SKILL_DICE[state.skill[a]] - len(kept)]:
            die.lost = False
    for a in tables:
        if state.injuries[a] & LEG:
            state.dice[state.held(a)[-1]].lost = True


def _terrain(part: Description, data: dict[str, Any]) -> None:
    """``"2,5" = "yellow or 4"``: each card named goes to its slot; the slot it lay on
    (or the pile, if it was not laid) takes the card it replaces."""
    terrain = data["terrain"]
    for where, name in part.items():
        c = cell_of(where, part)
        k = CARD_NAMES.get(" ".join(str(name).lower().split()))
        here = terrain[c]
        if k is None:
            part.fail(f'{where}: a terrain card is named by what it asks, like "yellow or 4"')
        if not (IS_LANDSCAPE[here] or IS_VILLAGE[here]):
            part.fail(f"{where} is no landscape or village slot of this scenario")
        if IS_VILLAGE[k] != IS_VILLAGE[here]:
            slot = "village" if IS_VILLAGE[here] else "landscape"
            part.fail(f"{where} is a {slot} slot: the card {CARD_WORDS[k]!r} does not go there")
        if k in terrain:
            terrain[terrain.index(k)] = here
        else:
            pile = data["village_pile" if IS_VILLAGE[k] else "landscape_pile"]["items"]
            del pile[k]
            pile[here] = 1
        terrain[c] = k


def _tokens(desc: Description, data: dict[str, Any], extra_thrill: bool) -> None:
    """The tokens still on the mountain, when given: ``eruption_tokens = { "3,2" = 1 }``
    (2: the Extra thrill token) and ``equipment_tokens = ["1,2"]``; no more than the
    scenario lays, on landscape or village cards not turned to lava."""
    kinds = (("eruption_tokens", dict), ("equipment_token", list))
    for key, (field, kind) in zip(("eruption_tokens", "equipment_tokens"), kinds, strict=True):
        if key not in desc:
            continue
        given = desc.take(key, kind)
        counts = dict(given) if kind is dict else dict.fromkeys(given, 1)
        laid = sum(1 for n in data[field] if n)
        tokens = [0] * len(data[field])
        for where, n in counts.items():
            c = cell_of(where, desc)
            if not isinstance(n, int) or n not in (1, 2) or (n == 2 and not extra_thrill):
                desc.fail(f"{key}: {where} holds a token of 1 eruption (2 with Extra thrill)")
            if not IS_WALKABLE[data["terrain"][c]] or data["lava"][c]:
                desc.fail(f"{key}: a token lies on a landscape or village card, not at {where}")
            tokens[c] = n
        if sum(1 for n in tokens if n) > laid or tokens.count(2) > 1:
            desc.fail(f"{key}: this scenario lays {laid} of them (one of 2 eruptions at most)")
        data[field] = tokens if field == "eruption_tokens" else [bool(n) for n in tokens]


def _power_bars(s: FujiState, tables: dict[int, Any], labels: list[str], desc: Description) -> None:
    """The Gatherer's power bars (0-3); nobody else gathers any."""
    for a, table in tables.items():
        bars = table.get("power_bars", 0) if isinstance(table, dict) else 0
        if not bars:
            continue
        if not isinstance(bars, int) or not 0 < bars <= MAX_POWER_BARS:
            desc.fail(f"{labels[a]}: power_bars is 0-{MAX_POWER_BARS}, not {bars!r}")
        if not s.has_skill(a, "gatherer"):
            desc.fail(f"{labels[a]} holds no power bars: only the Gatherer gathers them")
        s.power_bars[a] = bars


def _markers(s: FujiState, marks: Marks, first: int, at: str, desc: Description) -> None:
    """Destination markers, placed in seat order as planning places them: each within
    reach and not a neighbour's card. At planning, the adventurers before ``first``
    have placed theirs and the others not yet; at the rerolls every one has."""
    placed = list(range(first)) if at == "plan" else list(s.meeples())
    for a in s.meeples():
        if a in placed and a not in marks:
            desc.fail(f"{s.seat_label(a)} has planned already: give its destination marker")
        if a in marks and a not in placed:
            desc.fail(f"{s.seat_label(a)} is yet to plan: its destination marker is not placed")
    for a in placed:
        c, part = marks[a]
        options = destinations(s, a)
        if c not in options:
            part.fail(
                f"the marker at {c % W},{c // W} is out of reach (at most "
                "the step limit, never over lava, rubble or the volcano) or a neighbour's card"
            )
        s.destination[a], s.marker_steps[a] = c, options[c]


def _rerolls(s: FujiState, first: int, left: dict[int, int], desc: Description) -> list[Frame]:
    """Phase 3 from ``first``'s session: the sessions before it are over (no reroll
    used), its own has ``left`` rerolls (by default all its marker allows)."""
    frames = [f for f in sessions(s) if f.args.adventurer >= first]
    if not frames or frames[0].args.adventurer != first:
        desc.fail(f"{s.seat_label(first)} has no rerolls in phase 3 (its marker allows none)")
    for a, n in left.items():
        if a != first:
            desc.fail(f"{s.seat_label(a)}: only the adventurer rerolling now has used rerolls")
        if n > s.rerolls_allowed[a]:
            desc.fail(f"{s.seat_label(a)}'s marker allows {s.rerolls_allowed[a]} rerolls, not {n}")
        s.rerolls_used[a] = s.rerolls_allowed[a] - n
        frames = [
            f._replace(args=f.args._replace(left=n)) if f.args.adventurer == a else f
            for f in frames
        ]
    return frames


def _adventurer(part: Description, a: int, data: dict[str, Any], pile: set[int]) -> list[Any]:
    """One adventurer's table into the saved position; returns the dice it rolled."""
    if "at" in part:
        c = cell_of(part.take("at", str), part)
        if not IS_WALKABLE[data["terrain"][c]] or data["lava"][c]:
            part.fail(f"a meeple stands on a landscape or village card, not at {c % W},{c // W}")
        data["position"][a] = c
        data["destination"][a] = NOWHERE
    data["stamina_lost"][a] = part.count("stamina_lost", data["stamina_lost"][a], 0, 99)
    injuries = part.names("injuries", INJURY_SPACES, "an injury (leg, arm, amnesia, eye)")
    data["injuries"][a] = sum(int(INJURY_SPACES[i]) for i in set(injuries))
    skill = part.take("skill", str, data["skill"][a])
    if skill not in SKILLS:
        part.fail(f"{skill!r} is not a skill ({', '.join(SKILLS)})")
    data["skill"][a] = skill
    if "equipment" in part:
        cards = [EQ[c] for c in part.names("equipment", EQ, "an equipment card")]
        pile.update(data["equipment"][a])
        data["discard"] = [c for c in data["discard"] if c not in cards]
        data["equipment"] = [[c for c in h if c not in cards] for h in data["equipment"]]
        pile.difference_update(cards)
        data["equipment"][a] = cards
    dice: list[Any] = part.take("dice", list, [])
    part.take("power_bars", int, 0)  # read with the skills settled (``_power_bars``)
    part.done()
    return dice


def _one_of_each_skill(
    skills: list[str], dealt: list[str], named: set[int], labels: list[str], desc: Description
) -> None:
    """Each skill card is dealt once: a skill given to one adventurer leaves the one who
    was dealt it, who takes the first one's dealt card instead; two adventurers described
    with the same skill are refused."""
    for a, skill in enumerate(skills):
        if skill == dealt[a]:
            continue
        for b, other in enumerate(skills):
            if b != a and other == skill:
                if b in named:  # b's skill was described too
                    desc.fail(
                        f"{labels[a]} and {labels[b]} cannot both hold the "
                        f"{SKILL_NAME[skill]} card: each skill card is dealt once"
                    )
                skills[b] = dealt[a]


def _roll(s: FujiState, a: int, faces: list[Any] | None, desc: Description) -> None:
    """The dice an adventurer holds, as rolled: ``["yellow 4", ...]`` (each face's
    colour tells the die's type); dice not given show 1, 2, 3, ... in order."""
    held = s.held(a)
    name = s.seat_label(a)
    if not faces:
        for i, d in enumerate(held):
            _show(s, a, d, i % 6 + 1)
        return
    if len(faces) != len(held):
        desc.fail(f"{name} holds {len(held)} dice, not {len(faces)}")
    for text in faces:
        colour, _, value = str(text).partition(" ")
        if not value.isdigit() or not 1 <= int(value) <= 6:
            desc.fail(f'{name}: a die is a colour and a number, like "yellow 4", not {text!r}')
        match = [d for d in held if FACE_COLOUR[s.dice[d].type][int(value) - 1] == colour]
        if not match:
            desc.fail(f"{name}: none of its dice left can show {text}")
        held.remove(match[0])
        _show(s, a, match[0], int(value))


def _show(s: FujiState, a: int, d: int, value: int) -> None:
    """Die d, held by adventurer a, shows ``value`` behind the screen it stands behind."""
    die = s.dice[d]
    die.value = value
    die.seen = die.screen if a == die.owner else s.screen_of(a)
