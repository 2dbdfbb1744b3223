"""What happens in a game of Fuji, as events: one kind per class, told apart by ``type``
(generated into docs/schemas/fuji.events.json).

An ``adventurer`` is a meeple's number (its player's seat; variant B's third meeple and
variant A's neutral dice come after the players). A card place is ``x``, ``y`` on the
map (or ``[x, y]``); a die is its number in the game's dice, and ``dice`` lists
``[die, value]`` pairs. A ``private`` event is told to that seat alone; a ``reveal``
shows what was behind a screen, so undo stops there.

Two kinds have a key named by a Python keyword (``from``, ``for``): they are declared
the functional way, with the same documentation and configuration as the others.
"""

from __future__ import annotations

from typing import Literal, NotRequired

from pydantic import with_config
from typing_extensions import TypedDict

from lapilli.core.events import STRICT

# ---------------------------------------------------------------- set-up


@with_config(STRICT)
class Scenario(TypedDict):
    """The scenario card drawn at set-up, by its number."""

    type: Literal["scenario"]
    number: int


@with_config(STRICT)
class Skill(TypedDict):
    """An adventurer takes a skill card (``skill``: the card's key, e.g. ``buddy``)."""

    type: Literal["skill"]
    adventurer: int
    skill: str


@with_config(STRICT)
class Terrain(TypedDict):
    """A terrain card (``card``: its id) laid at ``x``, ``y`` during set-up."""

    type: Literal["terrain"]
    x: int
    y: int
    card: int


@with_config(STRICT)
class PutUnder(TypedDict):
    """Set-up: an adventurer puts one of its dealt equipment cards under the pile."""

    type: Literal["put_under"]
    adventurer: int
    card: str


@with_config(STRICT)
class LeftOut(TypedDict):
    """Set-up: a skill with 5 dice leaves one die of type ``die_type`` in the box."""

    type: Literal["left_out"]
    adventurer: int
    die_type: Literal["A", "B", "C"]


# ---------------------------------------------------------------- dice


@with_config(STRICT)
class Round(TypedDict):
    """A round begins (phase 1: everybody rolls their dice behind the screens)."""

    type: Literal["round"]
    round: int


@with_config(STRICT)
class Roll(TypedDict):
    """One of the dice held by ``adventurer`` is rolled: which die and its face are not
    told here (the ``rolled`` events tell those who see it)."""

    type: Literal["roll"]
    adventurer: int


@with_config(STRICT)
class Rolled(TypedDict):
    """The faces of ``adventurer``'s dice rolled together (``again``: a reroll), told in
    the open or, with ``private``, to a seat behind the screen."""

    type: Literal["rolled"]
    adventurer: int
    dice: list[list[int]]
    again: bool
    private: NotRequired[int]


@with_config(STRICT)
class Reroll(TypedDict):
    """An adventurer rerolls some dice behind the screen, ``left`` rerolls left; for the
    third meeple, ``side``: the player on whose side of the table they lie."""

    type: Literal["reroll"]
    adventurer: int
    left: int
    side: NotRequired[int]


@with_config(STRICT)
class SetAside(TypedDict):
    """A die set aside by the Buddy or with the Machete: shown to all, it does not count."""

    type: Literal["set_aside"]
    adventurer: int
    die: int
    value: int
    by: Literal["buddy", "machete"]
    reveal: Literal[True]


@with_config(STRICT)
class ScreensRemoved(TypedDict):
    """Phase 5: the screens come down, every die shown as ``[die, value, holder]``."""

    type: Literal["screens_removed"]
    dice: list[list[int]]
    reveal: Literal[True]


@with_config(STRICT)
class Radio(TypedDict):
    """Radio: an adventurer's screen comes down and its dice are shown to all."""

    type: Literal["radio"]
    adventurer: int
    dice: list[list[int]]
    reveal: Literal[True]


@with_config(STRICT)
class TurnDie(TypedDict):
    """Duct tape (1 to 6) or Compass (6 to 1): a die turned over, its new face told in
    the open or, with ``private``, to a seat behind the screen."""

    type: Literal["turn_die"]
    adventurer: int
    dice: list[list[int]]
    card: Literal["duct_tape", "compass"]
    private: NotRequired[int]


@with_config(STRICT)
class Shovel(TypedDict):
    """Shovel: a die turned to another side, its new face told in the open or, with
    ``private``, to a seat behind the screen."""

    type: Literal["shovel"]
    adventurer: int
    dice: list[list[int]]
    private: NotRequired[int]


@with_config(STRICT)
class GiveDie(TypedDict):
    """Lighter / Map: an adventurer hands one die to ``to`` for this round (its face is
    not told)."""

    type: Literal["give_die"]
    adventurer: int
    to: int
    die: int


@with_config(STRICT)
class RefuseDie(TypedDict):
    """Lighter: the teammate refuses to hand a die to ``to``."""

    type: Literal["refuse_die"]
    adventurer: int
    to: int


Received = TypedDict(
    "Received",
    {
        "type": Literal["received"],
        "adventurer": int,
        "from": int,
        "dice": list[list[int]],
        "private": int,
        "reveal": bool,
    },
)
Received.__doc__ = """Lighter / Map: the die ``adventurer`` receives ``from`` a teammate,
told to a seat behind the receiver's screen (``reveal``: that seat had not seen it)."""
with_config(STRICT)(Received)


@with_config(STRICT)
class LoseDie(TypedDict):
    """Leg injury: an adventurer loses one of its own dice for good."""

    type: Literal["lose_die"]
    adventurer: int
    die: int
    value: int


PowerBars = TypedDict(
    "PowerBars",
    {
        "type": Literal["power_bars"],
        "adventurer": int,
        "for": NotRequired[int],
        "spent": NotRequired[int],
        "bars": NotRequired[int],
    },
)
PowerBars.__doc__ = """The Gatherer's power bars: ``spent`` on the movement value of
``for`` (this turn's mover), or, after the rerolls, the ``bars`` it now has."""
with_config(STRICT)(PowerBars)


# ---------------------------------------------------------------- planning and equipment


@with_config(STRICT)
class Destination(TypedDict):
    """Phase 2: an adventurer puts its destination marker on the card at ``x``, ``y``."""

    type: Literal["destination"]
    adventurer: int
    x: int
    y: int


@with_config(STRICT)
class SignalGiven(TypedDict):
    """An adventurer gives a signal (``say``: the statement's key; never a number)."""

    type: Literal["signal"]
    adventurer: int
    say: str


@with_config(STRICT)
class Equipment(TypedDict):
    """An adventurer uses an equipment card (``effect``: the card it acts as, itself but
    for the Pocket knife), with ``who``: the teammate it names, if any."""

    type: Literal["equipment"]
    adventurer: int
    card: str
    effect: str
    who: int | None


@with_config(STRICT)
class Tapped(TypedDict):
    """The Tinkerer taps a used card instead of discarding it: it may be used once more."""

    type: Literal["tapped"]
    adventurer: int
    card: str


@with_config(STRICT)
class GiveCard(TypedDict):
    """The Equipment manager gives one of its cards to ``to``."""

    type: Literal["give_card"]
    adventurer: int
    to: int
    card: str


@with_config(STRICT)
class Draw(TypedDict):
    """An adventurer draws an equipment card (``card`` None: the pile is empty)."""

    type: Literal["draw"]
    adventurer: int
    card: str | None


@with_config(STRICT)
class Binoculars(TypedDict):
    """Binoculars: the two landscape cards at ``cells`` (``[x, y]`` each) swap places."""

    type: Literal["binoculars"]
    cells: list[list[int]]


@with_config(STRICT)
class Rope(TypedDict):
    """Rope: an adventurer climbs at once to the adjacent card at ``x``, ``y``."""

    type: Literal["rope"]
    adventurer: int
    x: int
    y: int


# ---------------------------------------------------------------- movement and eruption


@with_config(STRICT)
class Turn(TypedDict):
    """Phase 5, an adventurer's turn: its movement ``value`` (``bonus`` from a Flare gun
    or power bars included) against its neighbours' ``[adventurer, value]`` on the
    ``left`` and ``right``; whether it ``moves`` to (or ``stay``s on) the card ``to``,
    and ``why`` not ("" when it moves)."""

    type: Literal["turn"]
    adventurer: int
    value: int
    left: list[int]
    right: list[int]
    moves: bool
    why: str
    to: list[int]
    stay: bool
    bonus: int


@with_config(STRICT)
class Stamina(TypedDict):
    """An adventurer loses ``lost`` stamina, ``total`` lost so far."""

    type: Literal["stamina"]
    adventurer: int
    lost: int
    total: int


@with_config(STRICT)
class Injury(TypedDict):
    """An adventurer covers an injury space."""

    type: Literal["injury"]
    adventurer: int
    space: Literal["leg", "arm", "amnesia", "eye"]


@with_config(STRICT)
class EruptionToken(TypedDict):
    """The eruption token at ``x``, ``y`` goes off: ``eruptions`` extra eruptions."""

    type: Literal["eruption_token"]
    x: int
    y: int
    eruptions: int


@with_config(STRICT)
class Eruption(TypedDict):
    """An eruption: the lava flows onto the cards at ``flipped`` (``[x, y]`` each)."""

    type: Literal["eruption"]
    flipped: list[list[int]]


@with_config(STRICT)
class Defeat(TypedDict):
    """The team loses, and the ``cause``."""

    type: Literal["defeat"]
    cause: str


@with_config(STRICT)
class Victory(TypedDict):
    """Every meeple reached the village: the team wins ``points`` victory points."""

    type: Literal["victory"]
    points: int


FujiEvent = (
    Scenario
    | Skill
    | Terrain
    | PutUnder
    | LeftOut
    | Round
    | Roll
    | Rolled
    | Reroll
    | SetAside
    | ScreensRemoved
    | Radio
    | TurnDie
    | Shovel
    | GiveDie
    | RefuseDie
    | Received
    | LoseDie
    | PowerBars
    | Destination
    | SignalGiven
    | Equipment
    | Tapped
    | GiveCard
    | Draw
    | Binoculars
    | Rope
    | Turn
    | Stamina
    | Injury
    | EruptionToken
    | Eruption
    | Defeat
    | Victory
)
Events = list[FujiEvent]
"""The events of a step, in order."""
