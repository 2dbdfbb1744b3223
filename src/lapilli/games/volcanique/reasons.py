"""Why an action is refused: the rule it breaks, in the rulebook's words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lapilli.core import CHANCE, TERMINAL, Action

from .components import KIND_INDEX, KINDS, VOLCANO

if TYPE_CHECKING:
    from .rules import VolcaniqueState

PHASE_KINDS = {
    "setup_tile": {"choose_tile"},
    "setup_place": {"place"},
    "setup_rotate": {"rotate"},
    "setup_critter": {"claim"},
    "bonus": {"bonus"},
    "move": {"move_from", "done"},
    "move_to": {"move_to"},
    "buy": {"buy", "done"},
    "spend": {"buy", "buy_point", "done"},
    "place": {"place"},
    "rotate": {"rotate"},
    "erupt": {"erupt"},
    "unlock": {"unlock"},
    "claim": {"claim", "done"},
    "sacrifice": {"sacrifice", "sacrifice_hand", "summon_island", "done"},
    "island_tile": {"choose_tile"},
    "island_place": {"place"},
    "island_rotate": {"rotate"},
    "caldera": {"buy_caldera", "done"},
}
TASK_KINDS = {
    "migrate": (
        "Migrating critters: choose a tile within the critter's connected biome",
        {"migrate"},
    ),
    "evacuate": (
        "Evacuation: evacuate to a tile of the connected biome for 2 resources, "
        "or abandon the critter",
        {"evacuate", "abandon"},
    ),
    "remove": (
        "Contested biome: choose which of your critters in the biome are removed",
        {"remove"},
    ),
    "pay": ("Paying: choose resources you hold that add up to the price", {"pay"}),
    "discard": ("Collect resources: discard down to your maximum, one you hold", {"discard"}),
}


def reason(s: VolcaniqueState, a: Action) -> str:
    from .common import PHASE_TEXT

    who = s.current_player()
    if who == TERMINAL:
        return "the game is over: no more actions"
    if who == CHANCE:
        return f"{a} is not a possible outcome of this roll or draw"
    if s.tasks:
        text, kinds = TASK_KINDS[s.tasks[0][0]]
        if a.kind not in kinds:
            return f"{text} ({s.seat_label(who)} decides now)"
        return f"{text}: {a} is not one of the choices"
    step = PHASE_TEXT.get(s.phase, s.phase)
    if a.kind == "play_caldera":
        return (
            "The Caldera: only lightning-bolt cards in your own hand can be played, "
            "during your turn"
        )
    if a.kind not in PHASE_KINDS.get(s.phase, set()):
        return f"Turn order: this is the step '{step}'; {a.kind} is not part of it"
    specific = _specific(s, a)
    return specific or f"{step}: {a} is not allowed here"


def _specific(s: VolcaniqueState, a: Action) -> str | None:
    kind = a.kind
    p = s.cur
    if kind == "buy":
        tile = a.arg("tile")
        if tile == "volcano":
            if s.flags.get("tiles"):
                return "Volcanoes: playing a volcano counts as your one Place a Tile step"
            if s.volcanoes <= 0:
                return "Volcanoes: no volcano tile is left in the supply"
            return "Volcanoes: you cannot afford a volcano tile"
        if s.stage == "final":
            return "End-game sequence: you may only buy a volcano or points in your final turn"
        if tile not in KINDS:
            return f"Buying tiles: there is no tile called {tile}"
        if s.tiles.get(tile, 0) <= 0:
            return f"Buying tiles: no {tile} tile is left in the supply"
        return (
            "Buying tiles: you cannot afford it, or it has nowhere to go (it must stack on "
            "land and connect a biome edge)"
        )
    if kind == "place" and s.phase == "place":
        at = a.arg("at")
        at = tuple(at) if isinstance(at, tuple) else None
        if at is None or at not in s.stacks:
            return (
                "Placing a tile: land tiles must stack on existing land tiles, never "
                "directly in the ocean"
            )
        top = s.stacks[at][-1]
        if top == VOLCANO:
            return "Placing a tile: land tiles cannot be played on volcano tiles"
        if at in s.lava_hexes():
            return "Placing a tile: land tiles cannot be played on lava"
        valid = s._targets_ok()
        if not s._may_target(at, valid):
            mode = s.game.options.engagement.replace("_", " ")
            return (
                f"Rules of engagement ({mode}): you may only stack on soil, on tiles "
                "without critters, or on tiles of a player you may target"
            )
        return (
            "Placing a tile: it must connect to at least one edge of an adjacent tile "
            "with a matching biome"
        )
    if kind == "rotate" and s.phase == "rotate":
        return (
            "Placing a tile: rotate the new tile to match the connecting biome on at least one edge"
        )
    if kind == "erupt":
        at = a.arg("at")
        at = tuple(at) if isinstance(at, tuple) else None
        if at is None or at not in s.stacks:
            return "Volcanoes: a volcano must be unleashed on a land tile, not the ocean"
        if s.stacks[at][-1] == VOLCANO or at in s.lava_hexes():
            return "Volcanoes: a volcano cannot go on a volcano or on lava"
        return "Rules of engagement: you may not target that tile"
    if kind == "claim":
        return (
            "Placing critters: only on an uncontrolled biome of an uninhabited tile, never "
            "on controlled biomes, volcano or lava tiles, or in the ocean"
        )
    if kind == "move_from":
        return "Critter movement: move one of your own critters that has somewhere to go"
    if kind == "move_to":
        return (
            "Critter movement: stay within the connected biome or move onto an "
            "uncontrolled biome of the same tile"
        )
    if kind == "sacrifice":
        if s.crater[p] >= 3:
            return "Sacrificial critter crater: it holds at most 3 critters"
        if s.flags.get("sac_board"):
            return "Sacrifices: one critter from the play area per turn"
        return "Sacrifices: you may only sacrifice your own critters"
    if kind == "sacrifice_hand":
        if s.crater[p] >= 3:
            return "Sacrificial critter crater: it holds at most 3 critters"
        if s.flags.get("sac_hand"):
            return "Sacrifices: one critter from the hand for resources per turn"
        return "Sacrifices: a critter from the hand costs 5 resources"
    if kind == "summon_island":
        return (
            "Summoning an island: costs 7 resources and 3 sacrifices in the crater "
            "(free with 0-1 resources and fewer than 3 critters on land)"
        )
    if kind == "buy_caldera":
        return "The Caldera: pay 1 of each resource, once, while cards are left"
    if kind == "unlock":
        return (
            "Volcanic powers: the Level 1 power first, then one sharing an edge with a "
            "power you have unlocked"
        )
    if kind == "choose_tile":
        tile = a.arg("tile")
        if tile in KIND_INDEX and s.tiles.get(tile, 0) <= 0:
            return f"Supply: no {tile} tile is left"
        if s.phase == "setup_tile":
            return (
                "Set-up: build the starting island from an Uno, then a connecting Duo, "
                "then a connecting Trio"
            )
    if kind == "bonus":
        return "Bonus resources: take a kind that is left in the supply"
    return None
