"""Volcanique's rules in brief, in the rulebook's words (``core.rules``); the numbers come
from ``data.toml`` through ``components``."""

from __future__ import annotations

from lapilli.core.rules import Rulebook, rule, section

from .components import (
    CALDERA_COST,
    CRATER,
    CRITTERS,
    EVACUATION_COST,
    HAND_CAP,
    ISLAND_COST,
    ISLAND_TILES,
    KIND_COST,
    KIND_SIZE,
    POINT_COST,
    SACRIFICE_COST,
    THRESHOLD,
    VOLCANO_COST,
)

COSTS = ", ".join(
    f"{name} {KIND_COST[KIND_SIZE.index(size)]}"
    for size, name in ((1, "Uno"), (2, "Duo"), (3, "Trio"))
)

RULES = Rulebook(
    "Volcanique",
    (
        section(
            "The game",
            "2-5 players stack hex tiles into islands, control biomes (dark, medium, light) "
            "with their critters and unleash volcanoes whose lava flows downhill and unlocks "
            "volcanic powers. The most points wins.",
            rule(
                "A biome is a connected area of one colour across tiles. A critter stands on "
                "a biome of a tile; a biome with critters of one player is controlled by that "
                "player; a tile with no critter is uninhabited.",
                key="biome",
            ),
        ),
        section(
            "Set-up",
            rule(
                f"Each player has {CRITTERS} critters in hand and a sacrificial crater. Each "
                "builds a starting island: an Uno, a Duo joined to it, a Trio joined to "
                "them, with critters on the Uno, the Duo's other biome and a Trio biome.",
                "starting island tile",
                "starting island place",
                "starting island rotate",
                "Trio critter",
                key="islands",
            ),
            rule(
                "Nine volcanic powers are dealt to the power grid. The first player is drawn "
                "with the dispute dhoobloon; each later player takes 2 bonus resources.",
                "bonus resource",
                key="grid",
            ),
        ),
        section(
            "A turn",
            rule(
                "1. Move up to one critter within its connected biome, or onto an "
                "uncontrolled biome of its own tile.",
                "move",
                key="move",
            ),
            rule(
                f"2. Buy a tile ({COSTS} resources of any kind) and stack it on land (not on "
                "a volcano or lava) so that at least one edge continues a neighbour's biome. "
                "Critters on the covered tile migrate within their biome or go home. On "
                "volcanic soil you may buy a second tile. If you cannot buy anything, "
                "sacrifice a critter from your hand.",
                "buy",
                "pay",
                "stack",
                "rotate",
                "migrate",
                key="buy",
            ),
            rule(
                "Joined biomes held by different players are contested: most critters wins, "
                "each player loses as many as the runner-up has; a tie sends them all home.",
                "contested biome",
                key="contest",
            ),
            rule(
                f"3. Or buy a volcano ({VOLCANO_COST}): it wipes the critters of a land tile "
                "(they go home), you unlock a power on the grid with a critter from your "
                "hand (L1 first, then a slot next to one you hold), and lava flows to a "
                "lower neighbour.",
                "erupt",
                "unlock",
                key="volcano",
            ),
            rule(
                "4. Claim: one critter from your hand on an uncontrolled biome of each "
                "uninhabited tile you like.",
                "claim",
                key="claim",
            ),
            rule(
                f"5. Sacrifice one critter from the board and/or one from your hand for "
                f"{SACRIFICE_COST} resources (into your crater, at most {CRATER}). With a "
                f"full crater, pay {ISLAND_COST} to summon an island of {ISLAND_TILES} tiles "
                "and claim it.",
                "sacrifice",
                "summon island tile",
                "summon island place",
                "summon island rotate",
                key="sacrifice",
            ),
            rule(
                f"6. Buy hidden Caldera cards ({', '.join(map(str, CALDERA_COST))}: one "
                "resource of each kind apiece).",
                "caldera",
                key="caldera",
            ),
            rule(
                f"7. Collect one resource per biome you control (keep at most {HAND_CAP}).",
                "discard",
                key="collect",
            ),
            rule(
                "8. Every lava flow moves one step downhill; critters it reaches pay "
                f"{EVACUATION_COST} to evacuate within their biome or go home; lava reaching "
                "the sea becomes volcanic soil the next turn.",
                "evacuate",
                key="lava",
            ),
        ),
        section(
            "Scoring",
            rule(
                "Critters on land 1 each; connections 1 per shared edge inside each biome you "
                "control; 1 per critter on the power grid (volcanoes); crater critters 1 "
                "each; Colossal Critters 4 each; herds 1 each; Tallest and Largest biome 3 "
                "each; Caldera cards and bought points.",
                key="scoring",
            ),
        ),
        section(
            "The end",
            rule(
                "The last land tile leaves the supply, or a player has no critter left in "
                "hand: the turn finishes, every other player has one final turn (lava, "
                f"move, spend on volcanoes, Colossal upgrades and {POINT_COST} resources per "
                "point, claim, a sacrifice; no collecting), then finale turns (claim, lava) "
                "until the lava reaches the sea.",
                "final spending",
                key="end",
            ),
            rule(
                "The Super Volcanic Eruption: every other player has a turn to escape, then "
                "it erupts: critters around it go home, the land around it becomes volcanoes, "
                "its owner places a final critter. The Volcanic Winter: play on until every "
                "land tile is frozen.",
                "super volcano",
                "volcanic winter",
                "final critter",
                key="super",
            ),
        ),
        section(
            "Variants",
            f"3-5 players, rules of engagement: under Symbiosis (default) tiles and volcanoes "
            "go only on volcanic soil, on uninhabited tiles or on tiles of the opponent with "
            "the most critters; under To the left (engagement=to_the_left) on soil or tiles "
            f"of the next player. Anyone with {THRESHOLD}+ critters on land is a target "
            "for all.",
            "diversified_bonus: 1 point per set of a dark, a medium and a light biome you "
            "control. caldera_limit: Caldera cards per turn. optional_buy: buying may be "
            "skipped.",
            rule(
                "Volcanic powers (held from their unlock to the end, or for a turn from a "
                "Caldera card): Agile, Burrowing, Colossal, Cooperative, Crafty, Flying, "
                "Herding, Pack and Sea Critters; Bountiful Resources; Exalted Sacrifices; "
                "Frugal Ritual; Island Forger; Erosion; Converging Tectonic Plates; Rift; "
                "Landslide; Lateral Eruption; Lava Diversion; Magma Bomb; Sleight of Land; "
                "Volcanic Migration; the Super Volcanic Eruption and the Volcanic Winter. "
                "Lightning-bolt Caldera cards (Magma Siphon, Carnage, ...) are played in "
                "your own turn.",
                "use a power",
                "play a Caldera card",
                "carnage",
                "colossal escape",
                "converging tectonic plates",
                "landslide",
                "lateral eruption",
                "lava diversion",
                "magma bomb",
                "magma siphon",
                "rift",
                "sleight of land",
                "volcanic migration",
                key="powers",
            ),
        ),
        section(
            "Our readings",
            "Buying is compulsory when a tile is affordable and has a place (optional_buy "
            "lets it be skipped). Paying x resources means any mix of kinds.",
            "A second tile on volcanic soil may be a volcano. Migration goes to the tiles "
            "of the biome as it was before the new tile covered it.",
            "All 21 critters deployed is read as no critter left in hand. The Diversified "
            "biomes bonus is off by default (the rulebook's scoring list leaves it out).",
            "Lava with no lower neighbour ends: its tile goes back to the supply.",
        ),
    ),
    source="docs/rules/volcanique.md",
)
