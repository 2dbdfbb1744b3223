"""Deeper's rules in brief, in the designer's words (``core.rules``); the numbers come
from ``data.toml`` through ``components``."""

from __future__ import annotations

from lapilli.core.rules import Rulebook, rule, section

from .components import (
    ACTIONS,
    AIR_START,
    BLUEPRINTS,
    CONVERSIONS,
    DECK_NAMES,
    FOOD_POINTS,
    GATHER_MOST,
    MARKET_SIZE,
    MILESTONES,
    RESOURCES,
    ROCKETS,
    ROW_METRES,
    SCAN_DRAWS,
    STORAGE_CELLS,
    TERRAFORM_FEWER,
    UPGRADES,
    Card,
)
from .text import amounts


def _cards(cards: dict[str, Card]) -> str:
    """Each card: its name, cost, stars and what it does."""
    return " ".join(f"{c.name} ({amounts(c.cost)}; {c.points}*): {c.text}" for c in cards.values())


MILESTONE_TEXT = ", ".join(f"{level * ROW_METRES}m {stars}*" for level, stars in MILESTONES.items())
FABRICATOR = ", ".join(c.name for c in CONVERSIONS.values())
UPGRADE_TEXT = " ".join(f"{u.name} ({amounts(u.cost)}): {u.text}" for u in UPGRADES.values())

RULES = Rulebook(
    "Deeper",
    (
        section(
            "The game",
            "1-4 players, crash-landed on an ocean planet, dive from their Hatch to gather "
            f"resources ({', '.join(RESOURCES)}), build blueprint cards in their habitat and, "
            "once their Radio is built, the communal rocket cards. Building the last rocket "
            "card ends the game; the most points wins.",
            "The ocean: flat-top hexes named by column and depth (H0 is a Hatch on the "
            f"surface, H20 the hex below it), with decks of tiles for {', '.join(DECK_NAMES)}. "
            "Each tile edge is water or rock, and a tile placed must match the edge of every "
            "neighbour; tiles never rotate.",
        ),
        section(
            "Set-up",
            "Each player has a habitat (Fabricator, Hatch, Storage), the Radio blueprint in "
            "hand, Lungs and Inventory boards with their covering tiles, and "
            f"{AIR_START} air. The starting tiles lie beside each Hatch with their "
            "resources; the pawns start on the Hatches; the first player is drawn at random.",
        ),
        section(
            "A turn",
            rule(
                f"Take up to {ACTIONS} actions (the same one twice, one, or none), then breathe.",
                "actions",
                key="actions",
            ),
            rule("Swim: move your pawn to an adjacent hex tile.", "actions", key="swim"),
            rule(
                f"Gather: take up to {GATHER_MOST} resources of the same type from your tile "
                "into open cells of your Inventory (you may return Inventory resources to the "
                "supply to make room).",
                "actions",
                "discard",
                key="gather",
            ),
            rule(
                "Explore: place a tile from the tile market next to your tile and add its "
                "resources from the supply.",
                "actions",
                key="explore",
            ),
            rule(
                "Scan: choose the deck of your depth or a shallower one and draw until a tile "
                f"fits next to you, or {SCAN_DRAWS} are drawn; place the tile that fits; the "
                f"others go to the market, which keeps at most {MARKET_SIZE} (the rest go to "
                "the bottom of their decks).",
                "place the tile",
                "tile market",
                key="scan",
            ),
            rule(
                "Terraform: as Explore, but the new tile goes on top of an adjacent tile if it "
                "still fits; the old tile's resources go to the supply and the new tile gets "
                f"{TERRAFORM_FEWER} fewer resource, of your choice.",
                "terraform",
                key="terraform",
            ),
            rule(
                f"Convert (in your habitat): use a built card's conversion; the Fabricator "
                f"makes {FABRICATOR}. Pay from your Inventory and Storage.",
                "pump",
                key="convert",
            ),
            rule(
                "Craft (in your habitat): pay a blueprint's, a rocket card's or an upgrade's "
                "cost from your Inventory and Storage. Rocket cards need your built Radio and "
                "are communal.",
                key="craft",
            ),
            rule(
                "In your habitat, move resources freely between Inventory and Storage.",
                "transfer",
                key="storage",
            ),
            rule(
                "Breathe: outside your habitat spend 1 air; with none left you drown: lose 1 "
                "random Inventory resource per depth level of your tile, and the Lungs refill "
                "to half. In your habitat the Lungs fill up.",
                "breathe",
                key="breathe",
            ),
        ),
        section(
            "Scoring",
            rule(
                "Built blueprints and rocket cards score their stars; milestones score theirs "
                f"(the first tile you place at each depth: {MILESTONE_TEXT}, and a blueprint "
                f"card); each food in your Storage ({STORAGE_CELLS} cells) scores "
                f"{FOOD_POINTS}*.",
                key="scoring",
            ),
        ),
        section(
            "The end",
            rule(
                "The game ends at once when the last rocket card is built. The most points "
                "wins; on a tie, the player who built the final rocket card decides.",
                "tie",
                key="end",
            ),
            "Digital safeguard: the game also ends after max_rounds rounds (150 by default), "
            "scored as usual.",
        ),
        section(
            "Variants",
            "habitat=any: any Hatch counts as your habitat. milestones=enter: entering a new "
            "depth (Swim or Sea Glide) claims its milestone, instead of placing a tile there.",
            rule(f"Upgrades: {UPGRADE_TEXT}", "knife", "sea glide", key="upgrades"),
            rule(
                f"Blueprints: {_cards(BLUEPRINTS)} Rocket cards: {_cards(ROCKETS)}",
                "free explore",
                key="cards",
            ),
        ),
        section(
            "Our readings",
            "The designer's prototype left sizes and decks open: the five decks of 12 tiles, "
            "the board's 15 columns and 10-100 m, four of the blueprints and the rocket cards "
            "are our defaults.",
            "Depth level: 10-20 m is the 20m level, 30-40 m the 40m level, and so on; a Hatch "
            "is the surface. Explore and Terraform take any market tile, whatever its deck.",
            "A terraformed tile goes to the bottom of its own deck (a starting tile back to "
            "the box). Convert is one use of one ability per action; costs are paid from the "
            "Inventory first, then the Storage.",
            "Blueprint hands are hidden; the Knife's 'when your turn ends' comes after "
            "breathing; the builder of the last rocket card does not breathe.",
        ),
    ),
    source="docs/rules/deeper.md",
)
