"""Fuji positions in the rulebook's words (see ``docs/positions.md``).

Set-up is played as usual (its draws and choices taken at random with ``seed``, 0
unless given); a description then names what matters: the round, the cards turned to
their lava side (``lava = ["3,2"]``, cells as the map shows them: column, row), and
per adventurer (by character name or colour) where its meeple stands, the stamina lost,
its injuries (a leg injury takes one of its dice away), its skill, its equipment cards
and, to resume at planning, the dice it rolled (``dice = ["yellow 4", "blue 1"]``: the
colour of the face and its number; dice not given show 1, 2, 3, ...). Equipment cards
named leave the pile, the discard or another adventurer; cards an adventurer held and is
not said to hold go back to the pile. Play resumes at the start of the round (``at =
"round"``: the roll) or once the dice are rolled (``at = "plan"``: the destinations).
"""

from __future__ import annotations

import random
import re
from typing import Any

from lapilli.core.positions import Description, enter, seat_of, turn_of
from lapilli.core.state import sample_chance

from .board import NOWHERE, H, W, cell
from .components import (
    EQ,
    FACE_COLOUR,
    INJURY_SPACES,
    IS_WALKABLE,
    LEG,
    SKILL_DICE,
    SKILL_NAME,
    SKILLS,
)
from .planning import PLANNING
from .rounds import ROUND
from .state import FujiState

TITLE = "Fuji"
AT = {
    "round": lambda s: [ROUND()],
    "plan": lambda s: [PLANNING(), ROUND()],
}
"""Where play may resume: a round's start (phase 1, the roll) or its planning (phase 2)."""


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
    _, at = turn_of(desc, labels[:players], AT, "round")
    data = s.to_json()
    data["round"] = desc.count("round", 1, 1, 10**6)
    data["phase"] = 1
    for c in [cell_of(x, desc) for x in desc.take("lava", list, [])]:
        if not data["terrain"][c]:
            desc.fail(f"no card lies at {c % W},{c // W}")
        data["lava"][c] = True
    tables = {seat_of(name, labels, TITLE): t for name, t in desc.part("adventurers").items()}
    desc.done()
    saved = data["equipment_pile"]
    pile = {int(c) for c in saved["items"]} | set(saved.get("under", []))
    rolled = {}
    dealt = list(data["skill"])  # the set-up's deal, before the description's skills
    for a, table in tables.items():
        part = Description(table, f"adventurers, {labels[a]}", TITLE)
        rolled[a] = _adventurer(part, a, data, pile)
    named = {a for a, table in tables.items() if isinstance(table, dict) and "skill" in table}
    _one_of_each_skill(data["skill"], dealt, named, labels, desc)
    under = [c for c in saved.get("under", []) if c in pile]
    data["equipment_pile"] = {
        "items": {c: 1 for c in sorted(pile) if c not in under},
        "under": under,
    }
    state = FujiState.from_json(game, data)
    for a in state.meeples():  # the dice follow the skill card: 5 or 6 of them
        mine = [die for die in state.dice if die.owner == a]
        kept = [die for die in mine if not die.lost]
        for die in kept[SKILL_DICE[state.skill[a]] :]:
            die.lost = True  # (a 5-dice skill leaves its last die in the box)
        for die in [die for die in mine if die.lost][: SKILL_DICE[state.skill[a]] - len(kept)]:
            die.lost = False
    for a in tables:
        if state.injuries[a] & LEG:
            state.dice[state.held(a)[-1]].lost = True  # a leg injury costs a die for good
    if at == "round":
        if any(rolled.values()):
            desc.fail('dice are rolled at the start of a round: give them with at = "plan"')
        state.round -= 1  # the round's start counts it
    else:
        for a in range(state.adventurer_count):
            _roll(state, a, rolled.get(a), desc)
    enter(state, *AT[at](state))
    return state


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
