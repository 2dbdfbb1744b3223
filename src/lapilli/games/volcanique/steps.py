"""The step table of Volcanique, in turn order.

Set-up builds the starting islands seat by seat, deals the power grid, tosses the
dispute dhoobloon and hands out bonus resources. A turn is then: 1 move, 2 buy and
stack a tile (or 3 a volcano, its power and its lava), 4 claim, 5 sacrifice (and
summon an island), 6 the Caldera, 7 collect, 8 lava. Decisions that belong to other
seats (migrating or evacuating their critters, choosing the casualties of a contested
biome) and small ones of the player's own (how to pay, what to discard) are frames
pushed on top of the turn; the turn goes on below them.

A step that has no real choice resolves itself (``settle``): a tile with one place,
a turn step with nothing to do, a payment with one mix of resources, a lava flow with
one lower neighbour. Each decision's ``refuse`` names the rule an action breaks.

Powers: one used "at any time during your turn" (Caldera cards, Rift, Converging
Tectonic Plates) is a free step (``FREE``), offered beside the choices of the turn's
own steps; one used at a point of the turn is an action of that step (Agile Critters
in step 1, Erosion and Colossal upgrades in step 4, burrowing in step 5) or a decision
of its own pushed where the rule fires (Landslide, Lateral Eruption); a reaction in
another player's turn (Lava Diversion, Magma Bomb, Volcanic Migration, Magma Siphon)
is a decision frame for its holder, pushed on top where the rule it answers fires.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from lapilli.core import Action
from lapilli.core.flow import Frame, Step, Steps

from . import (
    caldera,
    critters,
    endgame,
    eruption,
    lava,
    movement,
    paying,
    sacrifice,
    setup,
    stacking,
    tectonics,
    turn,
    winter,
)
from .board import Hex, Region

if TYPE_CHECKING:
    from .state import VolcaniqueState

Why = Callable[[Any, Frame, Action], str | None]


def refusal(legal: Callable[[Any, Frame], list[Action]], why: Why) -> Why:
    """A step's ``refuse``: nothing for its legal actions, else the rule ``why`` names."""

    def refuse(s: VolcaniqueState, f: Frame, a: Action) -> str | None:
        return None if a in legal(s, f) else why(s, f, a)

    return refuse


# -- set-up --------------------------------------------------------------------------------
class Piece(NamedTuple):
    piece: int  # 0: the Uno, 1: the Duo, 2: the Trio of the starting island


class PieceKind(NamedTuple):
    piece: int
    kind: int


class PieceAt(NamedTuple):
    piece: int
    kind: int
    at: Hex


SETUP_TILE = Step(
    "setup_tile",
    "set-up: choose a tile for your starting island",
    setup.legal_tile,
    refusal(setup.legal_tile, setup.refuse_tile),
    setup.choose_tile,
    Args=Piece,
    word="starting island tile",
)
SETUP_PLACE = Step(
    "setup_place",
    "set-up: place the starting-island tile",
    setup.legal_place,
    refusal(setup.legal_place, setup.refuse_place),
    setup.place,
    Args=PieceKind,
    settle=setup.settle_place,
    word="starting island place",
)
SETUP_ROTATE = Step(
    "setup_rotate",
    "set-up: rotate the starting-island tile",
    setup.legal_rotate,
    refusal(setup.legal_rotate, setup.refuse_rotate),
    setup.rotate,
    Args=PieceAt,
    settle=setup.settle_rotate,
    word="starting island rotate",
)
SETUP_CRITTER = Step(
    "setup_critter",
    "set-up: place your Trio critter",
    setup.legal_critter,
    refusal(setup.legal_critter, setup.refuse_critter),
    setup.place_critter,
    settle=setup.settle_critter,
    word="Trio critter",
)


class Drawn(NamedTuple):
    drawn: tuple[str, ...]  # the grid cards dealt so far (placed or set aside)


class DrawnPower(NamedTuple):
    drawn: tuple[str, ...]
    power: str


DEAL = Step(
    "deal", "dealing the power grid", outcomes=setup.deal_outcomes, apply=setup.deal, Args=Drawn
)
DEAL_SLOT = Step(
    "deal_slot",
    "dealing the power grid",
    outcomes=setup.slot_outcomes,
    apply=setup.deal_slot,
    Args=DrawnPower,
    word="deal",
)
COIN = Step(
    "coin", "the dispute dhoobloon", outcomes=setup.coin_outcomes, apply=setup.coin, word="dispute"
)


class Picks(NamedTuple):
    picks: tuple[int, ...]  # the seats that take a bonus resource after this one


BONUS = Step(
    "bonus",
    "set-up: take a bonus resource",
    setup.legal_bonus,
    refusal(setup.legal_bonus, setup.refuse_bonus),
    setup.take_bonus,
    Args=Picks,
    word="bonus resource",
)

# -- 1. move -------------------------------------------------------------------------------
MOVE = Step(
    "move",
    "Move a critter (step 1)",
    movement.legal_move,
    refusal(movement.legal_move, movement.refuse_move),
    movement.move,
    settle=movement.settle_move,
)


class Source(NamedTuple):
    source: Region


MOVE_TO = Step(
    "move_to",
    "Move a critter: choose where (step 1)",
    movement.legal_move_to,
    refusal(movement.legal_move_to, movement.refuse_move_to),
    movement.move_to,
    Args=Source,
    word="move",
)

# -- 2. buy and stack a tile ---------------------------------------------------------------
BUY = Step(
    "buy",
    "Buy and stack a tile (step 2)",
    stacking.legal_buy,
    refusal(stacking.legal_buy, stacking.refuse_buy),
    stacking.buy,
    settle=stacking.settle_buy,
)


class Price(NamedTuple):
    price: int
    # what is paid for: tile, volcano, sacrifice_hand, island, evacuate, point, colossal,
    # migration
    purpose: str
    distinct: bool = False  # one each of that many different kinds (Frugal Ritual)


PAY = Step(
    "pay",
    "Paying: choose resources you hold that add up to the price",
    paying.legal_pay,
    refusal(paying.legal_pay, paying.refuse_pay),
    paying.pay,
    Args=Price,
    settle=paying.settle_pay,
)


class Bought(NamedTuple):
    seat: int
    tile: str  # a land tile kind, or "volcano"


BOUGHT = Step("bought", run=stacking.bought, Args=Bought)


class Kind(NamedTuple):
    kind: int


class KindAt(NamedTuple):
    kind: int
    at: Hex


PLACE = Step(
    "place",
    "Buy and stack a tile: choose where to stack it",
    stacking.legal_place,
    refusal(stacking.legal_place, stacking.refuse_place),
    stacking.place,
    Args=Kind,
    settle=stacking.settle_place,
    word="stack",
)
ROTATE = Step(
    "rotate",
    "Buy and stack a tile: choose its rotation",
    stacking.legal_rotate,
    refusal(stacking.legal_rotate, stacking.refuse_rotate),
    stacking.rotate,
    Args=KindAt,
    settle=stacking.settle_rotate,
)


class Moving(NamedTuple):
    region: Region  # where the critter stands
    dests: tuple[Hex, ...]  # the tiles of its biome it may go to


MIGRATE = Step(
    "migrate",
    "Migrating critters: choose a tile within the critter's connected biome",
    stacking.legal_migrate,
    refusal(stacking.legal_migrate, stacking.refuse_migrate),
    stacking.migrate,
    Args=Moving,
    settle=stacking.settle_migrate,
)


class Favoured(NamedTuple):
    favoured: int = -1  # the seat that used Rift or Converging (wins a tie), or none


CONTESTS = Step("contests", run=stacking.contests, Args=Favoured)


class Casualties(NamedTuple):
    colour: int
    count: int  # critters the winner still loses
    hexes: tuple[Hex, ...]  # the winner's tiles in the biome


REMOVE = Step(
    "remove",
    "Contested biome: choose which of your critters in the biome are removed",
    stacking.legal_remove,
    refusal(stacking.legal_remove, stacking.refuse_remove),
    stacking.remove,
    Args=Casualties,
    settle=stacking.settle_remove,
    word="contested biome",
)

# -- 3. volcanoes --------------------------------------------------------------------------
ERUPT = Step(
    "erupt",
    "Volcanoes: choose the land tile the volcano is unleashed on (step 3)",
    eruption.legal_erupt,
    refusal(eruption.legal_erupt, eruption.refuse_erupt),
    eruption.erupt,
    settle=eruption.settle_erupt,
)


class Target(NamedTuple):
    volcano: Hex


SUPER = Step(
    "super",
    "Super Volcanic Eruption: set off the super volcano with this volcano?",
    eruption.legal_super,
    refusal(eruption.legal_super, eruption.refuse_super),
    eruption.set_off_super,
    Args=Target,
    word="super volcano",
)
SLEIGHT = Step(
    "sleight",
    "Sleight of Land: turn the target tile before the volcano covers it",
    eruption.legal_sleight,
    refusal(eruption.legal_sleight, eruption.refuse_sleight),
    eruption.sleight,
    Args=Target,
    settle=eruption.settle_sleight,
    word="sleight of land",
)


class Striking(NamedTuple):
    volcano: Hex
    seat: int  # who unleashed it
    main: bool  # the volcano bought (False: a lateral one)


ESCAPES = Step("escapes", run=eruption.escapes, Args=Striking)


class Escaping(NamedTuple):
    region: Region
    dests: tuple[Hex, ...]


MIGRATION = Step(
    "migration",
    "Volcanic Migration: migrate the critter off the volcano's target for 3 resources",
    eruption.legal_migration,
    refusal(eruption.legal_migration, eruption.refuse_migration),
    eruption.migration,
    Args=Escaping,
    settle=eruption.settle_migration,
    word="volcanic migration",
)


class ColossalEscaping(NamedTuple):
    region: Region
    dests: tuple[Hex, ...]
    migrating: bool  # its owner may use Volcanic Migration instead


COLOSSAL_ESCAPE = Step(
    "colossal_escape",
    "Colossal Critter: evacuate from the volcano's target, losing 1 HP",
    eruption.legal_colossal_escape,
    refusal(eruption.legal_colossal_escape, eruption.refuse_colossal_escape),
    eruption.colossal_escape,
    Args=ColossalEscaping,
    settle=eruption.settle_colossal_escape,
    word="colossal escape",
)


class Relocation(NamedTuple):
    seat: int
    region: Region
    to: Hex
    colossal: bool


RELOCATED = Step("relocated", run=eruption.relocated, Args=Relocation)
VOLCANO_LANDS = Step("volcano_lands", run=eruption.volcano_lands, Args=Striking)


class Volcano(NamedTuple):
    volcano: Hex
    height: int  # the land height under the volcano


UNLOCK = Step(
    "unlock",
    "Volcanoes: unlock a volcanic power (step 3)",
    eruption.legal_unlock,
    refusal(eruption.legal_unlock, eruption.refuse_unlock),
    eruption.unlock,
    Args=Volcano,
    settle=eruption.settle_unlock,
)
WINTER_SPAWN = Step(
    "winter_spawn",
    "Volcanic Winter: choose the tile the winter starts from",
    winter.legal_spawn,
    refusal(winter.legal_spawn, winter.refuse_spawn),
    winter.spawn,
    word="volcanic winter",
)
ERUPTED = Step("erupted", run=eruption.erupted, Args=Striking)
SIPHON = Step(
    "siphon",
    "Magma Siphon: play your card for 1 resource per critter next to the new volcano?",
    eruption.legal_siphon,
    refusal(eruption.legal_siphon, eruption.refuse_siphon),
    eruption.siphon,
    Args=Target,
    word="magma siphon",
)
BOMB = Step(
    "bomb",
    "Magma Bomb: throw your magma bomb (once a round) at a tile next to this volcano?",
    eruption.legal_bomb,
    refusal(eruption.legal_bomb, eruption.refuse_bomb),
    eruption.bomb,
    Args=Target,
    word="magma bomb",
)


class Thrower(NamedTuple):
    volcano: Hex
    seat: int


BOMB_ROLL = Step(
    "bomb_roll",
    "rolling where the magma bomb lands",
    outcomes=eruption.bomb_outcomes,
    apply=eruption.bomb_lands,
    Args=Thrower,
    word="magma bomb roll",
)
LATERAL = Step(
    "lateral",
    "Lateral Eruption: choose a side of the volcano for a second explosion site",
    eruption.legal_lateral,
    refusal(eruption.legal_lateral, eruption.refuse_lateral),
    eruption.lateral,
    Args=Target,
    word="lateral eruption",
)


class Side(NamedTuple):
    volcano: Hex
    seat: int
    side: int  # the first of the four directions the d4 numbers


LATERAL_ROLL = Step(
    "lateral_roll",
    "rolling the d4 of the lateral eruption",
    outcomes=eruption.lateral_outcomes,
    apply=eruption.lateral_site,
    Args=Side,
    settle=eruption.settle_lateral_roll,
    word="lateral eruption roll",
)
LANDSLIDE = Step(
    "landslide",
    "Landslide: slide a tile next to the volcano onto a lower neighbour?",
    tectonics.legal_landslide,
    refusal(tectonics.legal_landslide, tectonics.refuse_landslide),
    tectonics.landslide,
    Args=Target,
)
LAVA_START = Step(
    "lava_start",
    "rolling the lava direction",
    outcomes=lava.start_outcomes,
    apply=lava.start,
    Args=Volcano,
    settle=lava.settle_start,
    word="lava direction",
)


class Aim(NamedTuple):
    index: int  # the lava tile moving (-1: a new flow from its volcano)
    source: Hex
    to: Hex  # where the roll sends it


class Diverters(NamedTuple):
    index: int
    source: Hex
    to: Hex
    others: tuple[int, ...]  # holders asked after this one


DIVERT = Step(
    "divert",
    "Lava Diversion: roll to divert this lava flow?",
    lava.legal_divert,
    refusal(lava.legal_divert, lava.refuse_divert),
    lava.divert,
    Args=Diverters,
    word="lava diversion",
)
DIVERSION = Step(
    "diversion",
    "rolling the lava diversion",
    outcomes=lava.diversion_outcomes,
    apply=lava.diverted,
    Args=Aim,
    word="lava diversion roll",
)
EVACUATE = Step(
    "evacuate",
    "Evacuation: evacuate to a tile of the connected biome for 2 resources, or abandon the critter",
    lava.legal_evacuate,
    refusal(lava.legal_evacuate, lava.refuse_evacuate),
    lava.evacuate,
    Args=Moving,
    settle=lava.settle_evacuate,
)


class Evacuee(NamedTuple):
    seat: int
    region: Region
    to: Hex


EVACUATED = Step("evacuated", run=lava.evacuated, Args=Evacuee)


# -- 4. claim ------------------------------------------------------------------------------
class Island(NamedTuple):
    island: tuple[Hex, ...] | None = None  # claims only on a new island's tiles


CLAIM = Step(
    "claim",
    "Claim uninhabited tiles (step 4)",
    turn.legal_claim,
    refusal(turn.legal_claim, turn.refuse_claim),
    turn.claim,
    Args=Island,
    settle=turn.settle_claim,
)


class Upgrade(NamedTuple):
    seat: int
    region: Region


UPGRADED = Step("upgraded", run=critters.upgraded, Args=Upgrade)

# -- 5. sacrifice, summoning an island -----------------------------------------------------
SACRIFICE = Step(
    "sacrifice",
    "Sacrifice (step 5)",
    sacrifice.legal_sacrifice,
    refusal(sacrifice.legal_sacrifice, sacrifice.refuse_sacrifice),
    sacrifice.sacrifice,
    settle=sacrifice.settle_sacrifice,
)


class Seat(NamedTuple):
    seat: int


FROM_HAND = Step("from_hand", run=sacrifice.from_hand, Args=Seat)


class Summoning(NamedTuple):
    island: tuple[Hex, ...]  # its tiles so far
    size: int  # its tiles in all


class SummoningKind(NamedTuple):
    island: tuple[Hex, ...]
    size: int
    kind: int


class SummoningAt(NamedTuple):
    island: tuple[Hex, ...]
    size: int
    kind: int
    at: Hex


ISLAND_TILE = Step(
    "island_tile",
    "Summoning an island: choose a tile",
    sacrifice.legal_island_tile,
    refusal(sacrifice.legal_island_tile, sacrifice.refuse_island_tile),
    sacrifice.choose_island_tile,
    Args=Summoning,
    settle=sacrifice.settle_island_tile,
    word="summon island tile",
)
ISLAND_PLACE = Step(
    "island_place",
    "Summoning an island: place the tile",
    sacrifice.legal_island_place,
    refusal(sacrifice.legal_island_place, sacrifice.refuse_island_place),
    sacrifice.place_island_tile,
    Args=SummoningKind,
    word="summon island place",
)
ISLAND_ROTATE = Step(
    "island_rotate",
    "Summoning an island: rotate the tile",
    sacrifice.legal_island_rotate,
    refusal(sacrifice.legal_island_rotate, sacrifice.refuse_island_rotate),
    sacrifice.rotate_island_tile,
    Args=SummoningAt,
    settle=sacrifice.settle_island_rotate,
    word="summon island rotate",
)

# -- 6. the Caldera ------------------------------------------------------------------------
CALDERA = Step(
    "caldera",
    "The Caldera (step 6)",
    turn.legal_caldera,
    refusal(turn.legal_caldera, turn.refuse_caldera),
    turn.buy_caldera,
    settle=turn.settle_caldera,
)
DRAW = Step(
    "draw",
    "drawing a Caldera card",
    outcomes=turn.draw_outcomes,
    apply=turn.draw,
    Args=Seat,
    word="Caldera draw",
)

# -- 7. collect, and discard down to the cap -----------------------------------------------
COLLECT = Step("collect", run=turn.collect_step)


class Discarding(NamedTuple):
    count: int  # resources still to discard


DISCARD = Step(
    "discard",
    "Collect resources: discard down to your maximum, one you hold",
    paying.legal_discard,
    refusal(paying.legal_discard, paying.refuse_discard),
    paying.discard,
    Args=Discarding,
    settle=paying.settle_discard,
)


# -- 8. lava -------------------------------------------------------------------------------
class Flow(NamedTuple):
    index: int  # the lava tile (in the order they were laid) the step goes on from


PROGRESS_LAVA = Step("progress_lava", run=lava.progress, Args=Flow)
LAVA_FLOW = Step(
    "lava_flow",
    "lava flows",
    outcomes=lava.flow_outcomes,
    apply=lava.flow,
    Args=Flow,
    settle=lava.settle_flow,
    word="lava flow",
)

# -- the end of a turn, the end of the game ------------------------------------------------
END_TURN = Step("end_turn", run=endgame.end_turn)
SPEND = Step(
    "spend",
    "End-game sequence: spend your final resources",
    endgame.legal_spend,
    refusal(endgame.legal_spend, endgame.refuse_spend),
    endgame.spend,
    settle=endgame.settle_spend,
    word="final spending",
)
SCORE_POINT = Step("score_point", run=endgame.score_point, Args=Seat)
SUPER_ERUPTS = Step("super_erupts", run=endgame.super_erupts)
FINAL_CRITTER = Step(
    "final_critter",
    "The super volcano has erupted: place a final critter",
    endgame.legal_final_critter,
    refusal(endgame.legal_final_critter, endgame.refuse_final_critter),
    endgame.final_critter,
    settle=endgame.settle_final_critter,
    word="final critter",
)

# -- at any time during your own turn ------------------------------------------------------
PLAY_CALDERA = Step(
    "play_caldera",
    "The Caldera: play a lightning-bolt card from your hand",
    caldera.legal_play,
    refusal(caldera.legal_play, caldera.refuse_play),
    caldera.play,
    kinds=frozenset({"play_caldera"}),
    word="play a Caldera card",
)
USE_POWER = Step(
    "use_power",
    "Limited powers: use Rift or Converging Tectonic Plates",
    tectonics.legal_limited,
    refusal(tectonics.legal_limited, tectonics.refuse_limited),
    tectonics.use_limited,
    kinds=frozenset({"use_power"}),
    word="use a power",
)
RIFT = Step(
    "rift",
    "Rift: choose the section of an island to split off and where it moves",
    tectonics.legal_rift,
    refusal(tectonics.legal_rift, tectonics.refuse_rift),
    tectonics.rift,
)
CONVERGE = Step(
    "converge",
    "Converging Tectonic Plates: choose an island, a direction and 1 or 2 spaces",
    tectonics.legal_converge,
    refusal(tectonics.legal_converge, tectonics.refuse_converge),
    tectonics.converge,
    word="converging tectonic plates",
)
CARNAGE = Step(
    "carnage",
    "Carnage: choose a tile next to a volcano whose critters all go home",
    caldera.legal_carnage,
    refusal(caldera.legal_carnage, caldera.refuse_carnage),
    caldera.carnage,
)

ORDER = (
    SETUP_TILE,
    SETUP_PLACE,
    SETUP_ROTATE,
    SETUP_CRITTER,
    DEAL,
    DEAL_SLOT,
    COIN,
    BONUS,
    MOVE,
    MOVE_TO,
    BUY,
    PAY,
    BOUGHT,
    PLACE,
    ROTATE,
    MIGRATE,
    CONTESTS,
    REMOVE,
    ERUPT,
    SUPER,
    SLEIGHT,
    ESCAPES,
    MIGRATION,
    COLOSSAL_ESCAPE,
    RELOCATED,
    VOLCANO_LANDS,
    UNLOCK,
    WINTER_SPAWN,
    ERUPTED,
    SIPHON,
    BOMB,
    BOMB_ROLL,
    LATERAL,
    LATERAL_ROLL,
    LANDSLIDE,
    LAVA_START,
    DIVERT,
    DIVERSION,
    EVACUATE,
    EVACUATED,
    CLAIM,
    UPGRADED,
    SACRIFICE,
    FROM_HAND,
    ISLAND_TILE,
    ISLAND_PLACE,
    ISLAND_ROTATE,
    CALDERA,
    DRAW,
    COLLECT,
    DISCARD,
    PROGRESS_LAVA,
    LAVA_FLOW,
    END_TURN,
    SPEND,
    SCORE_POINT,
    SUPER_ERUPTS,
    FINAL_CRITTER,
    RIFT,
    CONVERGE,
    CARNAGE,
)
FREE = (PLAY_CALDERA, USE_POWER)
STEPS = Steps(*ORDER, free=FREE)
