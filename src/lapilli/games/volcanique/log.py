"""Volcanique's events in the log, in the rulebook's words: hexes as (q,r), biomes by
name, resources as dark/medium/light counts, powers and Caldera cards by their names."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .components import BIOMES, POWERS
from .text import DIRECTION_NAMES, seat_label, tile_name

if TYPE_CHECKING:
    from .state import VolcaniqueState

Event = dict[str, Any]

END_REASONS = {
    "all_critters_deployed": "every critter of a player is on the island",
    "last_land_tile": "the last land tile was placed",
    "round_limit": "the round limit is reached",
    "super_volcanic_eruption": "the Super Volcanic Eruption",
    "volcanic_winter": "the Volcanic Winter",
}


def hex_at(at: list[int]) -> str:
    return f"({at[0]},{at[1]})"


def region(at: list[int]) -> str:
    """A hex and, when given, the biome of its tile: ``light (1,-1)``."""
    return f"{BIOMES[at[2]]} {hex_at(at)}" if len(at) > 2 else hex_at(at)


def resources(counts: list[int]) -> str:
    said = [f"{n} {BIOMES[b]}" for b, n in enumerate(counts) if n]
    return ", ".join(said) if said else "nothing"


def power(pid: str) -> str:
    return POWERS[pid]["name"] if pid in POWERS else pid.replace("_", " ")


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


TEXT: dict[str, Callable[[str, Event], str]] = {
    "bomb_lands": lambda who, e: f"The magma bomb lands on {hex_at(e['at'])}",
    "bonus": lambda who, e: f"{who} takes a bonus {e['resource']} resource",
    "bought": lambda who, e: f"{who} buys a {tile_name(e['tile'])} tile",
    "burrowed": lambda who, e: f"{who} burrows a critter at {hex_at(e['at'])}",
    "caldera_bought": lambda who, e: f"{who} buys a Caldera card",
    "caldera_card": lambda who, e: f"{who} draws a Caldera card",
    "caldera_played": lambda who, e: f"{who} plays the Caldera card {power(e['card'])}",
    "claimed": lambda who, e: f"{who} claims the {e['biome']} biome at {hex_at(e['at'])}",
    "collected": lambda who, e: f"{who} collects {resources(e['resources'])}",
    "colossal": lambda who, e: f"{who} raises a Colossal Critter at {hex_at(e['at'])}",
    "colossal_damaged": lambda who, e: f"{who}'s Colossal Critter at {hex_at(e['at'])} is damaged",
    "converge": lambda who, e: (
        f"{who} moves the island at {hex_at(e['at'])} "
        f"{plural(e['steps'], 'space')} {DIRECTION_NAMES[e['dir']]}"
    ),
    "dealt": lambda who, e: f"{power(e['power'])} is dealt to {e['slot']} of the power grid",
    "discarded": lambda who, e: f"{who} discards {plural(e['n'], e['resource'] + ' resource')}",
    "diversion": lambda who, e: f"{who} diverts the lava at {hex_at(e['at'])}",
    "emerged": lambda who, e: f"{who}'s burrowed critter emerges at {hex_at(e['at'])}",
    "eroded": lambda who, e: f"{who} erodes the top tile of {hex_at(e['at'])}",
    "evacuated": lambda who, e: (
        f"{who} evacuates a critter from {hex_at(e['from'])} to {hex_at(e['to'])}"
    ),
    "first_player": lambda who, e: f"{who} is the first player",
    "forced_sacrifice": lambda who, e: f"{who} must sacrifice a critter",
    "group_moved": lambda who, e: (
        f"{who} moves {plural(e['n'], 'critter')} together to {region(e['to'])}"
    ),
    "island_tile": lambda who, e: (
        f"{who} places a {tile_name(e['tile'])} tile at {hex_at(e['at'])}"
    ),
    "landed": lambda who, e: (
        f"{who}'s sea critter lands on the {e['biome']} biome at {hex_at(e['at'])}"
    ),
    "landslide": lambda who, e: (
        f"{who} slides the top tile of {hex_at(e['from'])} onto {hex_at(e['to'])}"
    ),
    "lateral_eruption": lambda who, e: f"{who} sets off a lateral eruption",
    "lava_stopped": lambda who, e: f"The lava stops at {hex_at(e['at'])}",
    "magma_bomb": lambda who, e: f"{who} throws a magma bomb from {hex_at(e['at'])}",
    "migrated": lambda who, e: f"{who}'s critter migrates to {region(e['to'])}",
    "moved": lambda who, e: f"{who} moves a critter from {region(e['from'])} to {region(e['to'])}",
    "paid": lambda who, e: f"{who} pays {resources(e['resources'])}",
    "power_discarded": lambda who, e: f"{power(e['power'])} is set aside",
    "power_used": lambda who, e: f"{who} uses {power(e['power'])}",
    "returned": lambda who, e: f"{who}'s critter at {hex_at(e['from'])} returns to their hand",
    "rift": lambda who, e: (
        f"{who} rifts {plural(len(e['tiles']), 'tile')} 1 space {DIRECTION_NAMES[e['dir']]}"
    ),
    "sacrificed": lambda who, e: (
        f"{who} sacrifices a critter from their hand"
        if e["from"] == "hand"
        else f"{who} sacrifices the critter at {hex_at(e['from'])}"
    ),
    "sea_critter": lambda who, e: f"{who} places a sea critter in the ocean at {hex_at(e['at'])}",
    "siphoned": lambda who, e: f"{who} siphons {resources(e['resources'])}",
    "soil": lambda who, e: f"The lava at {hex_at(e['at'])} cools into volcanic soil",
    "stacked": lambda who, e: f"{who} stacks a {tile_name(e['tile'])} tile on {hex_at(e['at'])}",
    "starting_critters": lambda who, e: f"{who} places their starting critters",
    "summon_island": lambda who, e: (
        f"{who} summons an island" + (" for free" if e.get("free") else "")
    ),
    "super_eruption": lambda who, e: (
        f"{who} sets off the Super Volcanic Eruption at {hex_at(e['at'])}"
    ),
    "super_volcano": lambda who, e: f"{who} raises a super volcano at {hex_at(e['at'])}",
    "turned": lambda who, e: f"{who} turns the tile at {hex_at(e['at'])}",
    "unlocked": lambda who, e: f"{who} unlocks {power(e['power'])} ({e['slot']})",
    "volcano": lambda who, e: (
        f"{who} places a "
        + ("lateral " if e.get("lateral") else "")
        + f"volcano at {hex_at(e['at'])}"
    ),
    "winter": lambda who, e: f"{who} starts the Volcanic Winter from {hex_at(e['at'])}",
    "winter_complete": lambda who, e: "The Volcanic Winter covers the island",
    "wiped": lambda who, e: f"{who} loses {plural(e['n'], 'critter')} at {hex_at(e['at'])}",
}


def event_text(state: VolcaniqueState, e: Event) -> str | None:
    """The event in words, or None for one this module does not know."""
    kind = e.get("type", "")
    seat = e.get("seat")
    who = seat_label(seat) if isinstance(seat, int) and seat >= 0 else ""
    if kind == "lava":
        into = "into the ocean at" if e.get("ocean") else "onto"
        return f"Lava flows {into} {hex_at(e['at'])}"
    if kind == "contested":
        counts = ", ".join(f"{seat_label(int(s))} {n}" for s, n in sorted(e["counts"].items()))
        if e["winner"] is None:
            return f"A contested biome is a tie ({counts}): every critter there goes home"
        return f"{seat_label(e['winner'])} wins a contested biome ({counts})"
    if kind == "end_triggered":
        reason = END_REASONS.get(e["reason"], e["reason"].replace("_", " "))
        return f"The end is near: {reason}"
    if kind == "game_over":
        scores = ", ".join(f"{seat_label(s)} {score:g}" for s, score in enumerate(e["scores"]))
        held = [
            f"{seat_label(s)}: {', '.join(power(c) for c in cards)}"
            for s, cards in enumerate(e.get("caldera", ()))
            if cards
        ]
        caldera = f"; Caldera cards shown: {'; '.join(held)}" if held else ""
        return f"Game over: {scores}{caldera}"
    text = TEXT.get(kind)
    return text(who, e) if text is not None else None
