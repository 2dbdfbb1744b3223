"""What a seat may see of a Fuji position: ``observe(state, seat)`` and its type,
``Observation`` (generated into docs/schemas/fuji.json).

Cells of the terrain are numbered row by row (``c``); a card's place on the map is
``[x, y]``; seats and adventurers from 0; dice are numbered across the game and each
has a type A, B or C.
"""

from __future__ import annotations

from typing import Annotated, NotRequired, cast

from pydantic import ConfigDict, Field, with_config
from typing_extensions import TypedDict  # pydantic reads typing's from 3.12 only

from lapilli.core.decision import Decision
from lapilli.core.flow import Frame
from lapilli.core.state import CHANCE

from .board import NOWHERE, XY
from .components import EQUIPMENT, EXHAUSTION, INJURY_AT
from .dice import Aside
from .helper import helper
from .rerolls import REROLL
from .state import FujiState

STRICT = ConfigDict(extra="forbid", strict=True)
"""Every key documented, nothing coerced."""


@with_config(STRICT)
class Die(TypedDict):
    """A die held by an adventurer; its face only if you may see it."""

    die: Annotated[int, Field(description="the die's number")]
    type: Annotated[str, Field(description="its type: A, B or C")]
    value: Annotated[
        int | None, Field(description="its face, if you may see it (null: behind a screen)")
    ]
    aside: Annotated[str, Field(description='why it is set aside ("": it is not)')]
    home: Annotated[int, Field(description="the adventurer whose screen it belongs behind")]
    holder: Annotated[int, Field(description="the adventurer holding it now")]


@with_config(STRICT)
class CardHelp(TypedDict):
    """The helper's sums for one card a meeple may aim at."""

    card: Annotated[list[int], Field(description="the card on the map, [x, y]")]
    steps: Annotated[int, Field(description="how many steps away it is")]
    value: Annotated[int, Field(description="your total there, from the dice you see")]
    rerolls: Annotated[int, Field(description="the phase-3 rerolls it gives")]
    stamina_on_fail: Annotated[int, Field(description="the stamina a tie or a loss would cost")]
    injuries_on_fail: Annotated[int, Field(description="the injuries that loss would mark")]
    exhausted_on_fail: Annotated[bool, Field(description="whether it would exhaust the adventurer")]
    warning: NotRequired[
        Annotated[str, Field(description="present when the way there crosses an eruption token")]
    ]


@with_config(STRICT)
class Neighbour(TypedDict):
    """What you know of a neighbour's total on your destination card."""

    adventurer: Annotated[int, Field(description="the neighbour")]
    value: Annotated[int, Field(description="its total from the dice you see")]
    valid: Annotated[int, Field(description="how many of its dice you see count there")]
    hidden: Annotated[int, Field(description="how many of its dice you cannot see")]


@with_config(STRICT)
class DestinationHelp(CardHelp):
    """The helper's sums for the card a meeple's destination marker is on."""

    valid: Annotated[int, Field(description="how many of your dice count there")]
    hidden: Annotated[int, Field(description="how many of your dice you cannot see")]
    neighbours: Annotated[list[Neighbour], Field(description="each neighbour's known total")]
    ahead_by: Annotated[
        int, Field(description="your total (with a flare) minus the best neighbour's")
    ]
    certain: Annotated[bool, Field(description="whether no hidden die could change the comparison")]


@with_config(STRICT)
class Helper(TypedDict):
    """The private helper for one meeple this seat decides for."""

    adventurer: Annotated[int, Field(description="the meeple")]
    destination: Annotated[DestinationHelp | None, Field(description="its destination card's sums")]
    cards: NotRequired[
        Annotated[list[CardHelp], Field(description="phase 2: every card it may aim at")]
    ]


@with_config(STRICT)
class Adventurer(TypedDict):
    """An adventurer: a player's, the neutral one or the third."""

    adventurer: Annotated[int, Field(description="its number")]
    seat: Annotated[int | None, Field(description="the seat that moves it (null: nobody's)")]
    kind: Annotated[str, Field(description="player, neutral or third")]
    skill: Annotated[str, Field(description="its skill card")]
    position: Annotated[list[int] | None, Field(description="its card on the map, [x, y]")]
    destination: Annotated[list[int] | None, Field(description="its destination marker, [x, y]")]
    stamina_lost: Annotated[int, Field(description="stamina lost")]
    injuries: Annotated[int, Field(description="covered injury spaces, one bit each")]
    power_bars: Annotated[int, Field(description="power bars (Gatherer)")]
    equipment: Annotated[list[str], Field(description="its equipment cards")]
    tapped: Annotated[int, Field(description="equipment cards used once, one bit per card")]
    first_aid: Annotated[int, Field(description="First aid: 1 while in use")]
    flare: Annotated[int, Field(description="Flare: its state")]
    dice: Annotated[list[Die], Field(description="the dice it holds")]


@with_config(STRICT)
class Reroll(TypedDict):
    """Your own rerolls in progress (phase 3)."""

    left: Annotated[int, Field(description="rerolls left")]
    selected: Annotated[int, Field(description="dice selected to reroll, one bit per die number")]


@with_config(STRICT)
class StaminaTrack(TypedDict):
    """A tuned stamina track: the exhaustion space and the spaces that give an injury."""

    exhaustion: int
    injuries: list[int]


@with_config(STRICT)
class Observation(TypedDict):
    """One seat's view of a Fuji position (null seat: a spectator)."""

    round: Annotated[int, Field(description="the round, from 1")]
    phase: Annotated[int, Field(description="the phase of the round, 1 to 5")]
    scenario: Annotated[int, Field(description="the scenario card (0: none)")]
    level: Annotated[int, Field(description="the difficulty level")]
    to_move: Annotated[int, Field(description="the seat to move (-1: a roll or draw, -2: over)")]
    waiting_for: Annotated[
        str,
        Field(description='the pending step if it is yours, "chance", "another seat", or ""'),
    ]
    decision: Annotated[Decision | None, Field(description="what the game waits for")]
    result: Annotated[int, Field(description="1 victory, -1 defeat, 0 while playing")]
    cause: Annotated[str, Field(description="why the game was lost or won")]
    terrain: Annotated[
        list[list[int]],
        Field(
            description="each laid card: [cell, card, lava side, equipment token, eruption tokens]"
        ),
    ]
    adventurers: Annotated[list[Adventurer], Field(description="every adventurer")]
    deck_size: Annotated[int, Field(description="equipment cards left in the draw pile")]
    bottom: Annotated[list[str], Field(description="equipment cards put under the pile, in order")]
    discard: Annotated[list[str], Field(description="discarded equipment cards")]
    signals: Annotated[
        list[list[int | str]], Field(description="signals given: [adventurer, words]")
    ]
    victory_points: Annotated[int, Field(description="the team's victory points")]
    helper: Annotated[
        list[Helper],
        Field(
            description="the private helper for each meeple you decide for (empty for a spectator)"
        ),
    ]
    reroll: NotRequired[Annotated[Reroll, Field(description="present during your own rerolls")]]
    stamina_track: NotRequired[
        Annotated[
            StaminaTrack,
            Field(description="present when this game's stamina track is not the rulebook's"),
        ]
    ]


def die_view(s: FujiState, d: int, seat: int | None) -> Die:
    die = s.dice[d]
    return {
        "die": d,
        "type": "ABC"[die.type],
        "value": die.view(seat) or None,
        "aside": "" if die.aside is Aside.NO else die.aside.name.lower(),
        "home": die.owner,
        "holder": die.holder,
    }


def adventurer_view(s: FujiState, a: int, seat: int | None) -> Adventurer:
    pos, dest = s.position[a], s.destination[a]
    kind = "neutral" if a == s.neutral else "third" if a == s.third else "player"
    return {
        "adventurer": a,
        "seat": s.controller(a) if a < s.meeple_count else None,
        "kind": kind,
        "skill": s.skill[a],
        "position": list(XY[pos]) if pos != NOWHERE else None,
        "destination": list(XY[dest]) if dest != NOWHERE else None,
        "stamina_lost": s.stamina_lost[a],
        "injuries": int(s.injuries[a]),
        "power_bars": s.power_bars[a],
        "equipment": [EQUIPMENT[c] for c in s.equipment[a]],
        "tapped": sum(1 << c for c in s.used_once[a]),
        "first_aid": int(s.first_aid[a]),
        "flare": s.flare[a],
        "dice": [die_view(s, d, seat) for d in s.held(a)],
    }


def observe(s: FujiState, seat: int | None) -> Observation:
    f = s.pending()
    pile = s.equipment_pile
    view: Observation = {
        "round": s.round,
        "phase": s.phase,
        "scenario": s.scenario,
        "level": s.level,
        "to_move": s.current_player(),
        "waiting_for": _waiting_for(f, seat),
        "decision": s.decision(),
        "result": int(s.result),
        "cause": s.cause,
        "terrain": [
            [c, k, int(s.lava[c]), int(s.equipment_token[c]), s.eruption_tokens[c]]
            for c, k in enumerate(s.terrain)
            if k
        ],
        "adventurers": [adventurer_view(s, a, seat) for a in range(s.adventurer_count)],
        "deck_size": len(pile),
        "bottom": [EQUIPMENT[c] for c in pile.under],
        "discard": [EQUIPMENT[c] for c in s.discard],
        "signals": [list(signal) for signal in s.signals],
        "victory_points": s.victory_points(),
        "helper": helper(s, seat),
    }
    if s.injury_marks != INJURY_AT or s.exhaustion != EXHAUSTION:
        view["stamina_track"] = {"exhaustion": s.exhaustion, "injuries": list(s.injury_marks)}
    if seat is not None and f is not None and f.step is REROLL and f.seat == seat:
        selected = sum(1 << d for d in f.args.selected)
        view["reroll"] = {"left": f.args.left, "selected": selected}
    return view


def _waiting_for(f: Frame | None, seat: int | None) -> str:
    if f is None:
        return ""
    if f.seat == CHANCE:
        return "chance"
    if seat is None or f.seat == seat:
        return f.step.name
    return "another seat"


def signal_of(signal: list[int | str]) -> tuple[int, str]:
    """A signal as (adventurer, words) (saved as a JSON list of mixed items)."""
    a, words = signal
    return cast(int, a), cast(str, words)
