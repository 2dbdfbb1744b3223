"""Eras's rules in brief, in the rulebook's words (``core.rules``); the numbers come from
``data.toml`` through ``components``."""

from __future__ import annotations

from lapilli.core.rules import Rulebook, rule, section

from .components import (
    CONE_ENTER,
    DIE,
    ERAS,
    HAND,
    MAX_PLAYERS,
    MAX_PLAYERS_OPTION,
    MIN_PLAYERS,
    PATH_LENGTH,
    RECOVER,
    ROUND_LIMIT,
    TOKENS,
    WATERHOLE_RECOVER,
)
from .text import FACE_WORDS, THUNDERBOLT_TEXT

ORDER = ", ".join(f"{i} {e.title()}" for i, e in enumerate(ERAS, 1))
FACES = ", ".join(f"{n} × {FACE_WORDS[face]}" for face, n in DIE)
BOLTS = "; ".join(f"{k.replace('_', ' ').capitalize()}: {v}" for k, v in THUNDERBOLT_TEXT.items())

RULES = Rulebook(
    "Eras",
    (
        section(
            "The game",
            f"{MIN_PLAYERS}-{MAX_PLAYERS} players (up to {MAX_PLAYERS_OPTION} with "
            f"up_to_six) each lay a path of {PATH_LENGTH} era cards from their start card; "
            f"the first to advance their playing piece onto their sixth era card and keep "
            "it there for a whole turn wins.",
            rule(
                f"Strict era order: {ORDER}. A path holds different eras in this order, so "
                "two eras are left out of a completed path. A card may be inserted in any "
                "path or added to its end, never to a completed path; you may replace a card "
                "of your own path, but not the one holding your piece.",
                key="order",
            ),
            "Each card has three sites in lanes L, M and R (rock, swamp, cave, waterhole, "
            "volcano); lines printed on the card join L to M and M to R.",
        ),
        section(
            "Set-up",
            f"Each player has {TOKENS} tokens in hand (a 16th is the playing piece), a cone "
            f"in the centre, a start card and {HAND} era cards in hand, face up.",
            rule(
                "Place your playing piece on a rock site of your start card. The youngest "
                "player starts; play goes clockwise.",
                "place your piece",
                key="piece",
            ),
        ),
        section(
            "A turn",
            rule(
                f"Recover {RECOVER} token from the box, {WATERHOLE_RECOVER} more with a "
                "waterhole anywhere in your path.",
                key="recover",
            ),
            rule(
                "You may include or replace one card of your own path from your hand.",
                "play a card",
                key="play",
            ),
            rule(
                f"Roll the die ({FACES}). A thunderbolt: draw the top thunderbolt card, carry "
                "it out and put it at the bottom of its pack. A volcano: each player, in start "
                "card order, may move their cone or erupt once. A dot: nothing.",
                key="die",
            ),
            rule(
                f"Cone: {CONE_ENTER} token to move it onto a vacant rock site of another "
                "player's first era card, 1 per card forward, 1 per eruption; sideways and "
                "back are free; always onto a vacant rock site, one cone per path. An "
                "eruption (the cone or a volcano site on the path your cone is on) forces a "
                "piece on it or on a joined site back one card, unless it stands on a cave.",
                "volcano",
                key="cone",
            ),
            rule(
                "The top era card is turned face up. Then one of: a) bid for it (every player "
                "may bid; with no other bid you take it for nothing); b) bid against one "
                "player for a card in their hand (only the two of you bid); c) offer another "
                "player an exchange of cards from your hands (they agree or refuse); or go on.",
                "bidding",
                "exchange",
                key="choices",
            ),
            rule(
                "Bids are sealed and revealed in unison: the high bidder wins and puts in the "
                "box the difference to the next highest bid; with equal high bids nobody pays "
                "and the first of them in turn order wins.",
                "bid",
                key="bid",
            ),
            rule(
                "A card you won or got by exchange may go into any path, replace a card of "
                "yours, or stay in your hand; a card another player wins goes face up into "
                "their hand.",
                "place the card won",
                key="won",
            ),
            rule(
                "End your turn: move your piece up to two moves sideways and up to one forward "
                "or back, in any order. Put a token in the box to cross a rising sea forward "
                "(free with a Fish card in your path) or to advance over a ravine; from a "
                "swamp you make one move only; never onto the cone.",
                "move",
                key="move",
            ),
        ),
        section(
            "Scoring",
            "Eras has no points: the first player to win ends the game, and everybody else loses.",
        ),
        section(
            "The end",
            rule(
                "Start your turn on your sixth era card with at least one token in hand: you "
                "may win. At the end of that turn you win if your path is intact, your piece "
                "has stayed put (never forced off the sixth card, even if it steps back on) "
                "and you still hold a token. If not, the game goes on.",
                key="win",
            ),
            f"Digital safeguard: with no winner after {ROUND_LIMIT} rounds the game stops "
            "(option round_limit; real games end long before).",
        ),
        section(
            "Variants",
            "up_to_six: 5 or 6 players (seats Purple and Orange join).",
            rule(f"The thunderbolt cards: {BOLTS}.", "meteor", "ice age", key="thunderbolts"),
        ),
        section(
            "Our readings",
            "The card tables, the die and the thunderbolt deck were lost with the rulebook's "
            "pictures: ours are the research defaults.",
            "Tokens in hand are public (every payment is made openly); only the bids are "
            "sealed. You may win only if the turn starts on the sixth card with a token, "
            "before recovering.",
            "A card inserted before a piece moves it back one card: the piece keeps its place "
            "number, on the new card. Forced back, a piece keeps its lane unless the cone is "
            "there (then the nearest other lane, left first).",
            "One of a), b), c) per turn; after a refused exchange you may still bid.",
            "A swamp limits the whole movement to one move when the piece starts on it.",
        ),
    ),
    source="docs/rules/eras.md",
)
