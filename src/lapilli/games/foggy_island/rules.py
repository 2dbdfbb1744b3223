"""Foggy Island's rules in brief, in the rulebook's words (``core.rules``): the numbers
come from ``data.toml``, so the summary says what the engine plays."""

from __future__ import annotations

from lapilli.core.rules import Rulebook, rule, section

from .components import (
    BASIC_PILE,
    EXTRA_ROUNDS,
    HAND_SIZE,
    KINDS,
    LINE_POINTS,
    MERCENARIES,
    QUICK_COINS,
    ROUNDS,
    WEATHER_DECK,
)


def _pile() -> str:
    return ", ".join(f"{n} {KINDS[k].title}" for k, n in BASIC_PILE.items())


def _mercenaries() -> str:
    """Each mercenary: its cost, the basic token it replaces and what it does."""
    return " ".join(
        f"{m.title} ({m.cost} coins, replaces a {KINDS[m.replaces].title}): {m.ability}"
        for m in MERCENARIES.values()
    )


LINES = ", ".join(f"{n} tokens {p} point{'s' * (p != 1)}" for n, p in LINE_POINTS.items())
WEATHER = ", ".join(f"{n} {w.title()}" for w, n in WEATHER_DECK.items())

RULES = Rulebook(
    "Foggy Island",
    (
        section(
            "The game",
            "Two players (four in the team variant) place character tokens on the 6x6 "
            "Island Map, a1 (top left) to f6, to build lines of their colour, Red or Blue, "
            "and block the opponent's. The player with more victory points (coins in the "
            "game with mercenaries) wins.",
            rule(
                "A line is 3 or more tokens side by side across, down or diagonally; a white "
                "token (Rabbit, Prairie Dog, Hippo) or an enemy token breaks it. Adjacent "
                "tiles are side by side across or down, not diagonally.",
                key="line",
            ),
            rule(
                "Wolf builds your line. Rat is the enemy's spy: it builds your opponent's "
                "line. Rabbit is white: it scores for nobody and breaks lines. Pig builds "
                "your line and doubles the points of a line holding it.",
                key="tokens",
            ),
        ),
        section(
            "Set-up",
            f"Each player has a pile of 18 basic tokens with their shield on the back: {_pile()}.",
            rule(
                f"Each player chooses {HAND_SIZE} tokens from their pile as their opening "
                "hand, hidden from the opponent, and shuffles the rest face down.",
                "opening hand",
                key="opening",
            ),
            "The first player starts; the second player starts the next round.",
        ),
        section(
            "A turn",
            rule(
                "Choose one token from your hand and place it on any free tile of the Island "
                "Map (in Cloudy or Foggy weather, a free tile of the open area).",
                "choose",
                "place",
                key="place",
            ),
            rule(
                f"Then take the top token of your pile: you hold {HAND_SIZE} tokens at the "
                "start of each turn while the pile lasts. The turn goes to the next player.",
                key="draw",
            ),
            rule(
                "The round ends when no free tile is left on the Island Map; the lines are "
                "scored, the tokens go back to their piles, each player chooses a new "
                "opening hand, and the second player starts.",
                key="round",
            ),
        ),
        section(
            "Scoring",
            rule(
                f"Each line of your colour scores: {LINES}. A token in two lines (a row and "
                "a column, say) scores in both; a run scores once, by its whole length.",
                key="scoring",
            ),
            "A Pig doubles a line (two Pigs double it once); a Cat triples it (with a Pig "
            "too: still triple); a Crow halves it, rounded down, after the Pig or Cat.",
        ),
        section(
            "The end",
            f"The basic game and the game with weather cards last {ROUNDS['basic']} rounds; "
            "more victory points wins, equal points is a draw.",
            f"The game with mercenaries lasts {ROUNDS['mercenaries']} rounds; more coins "
            "wins; on a tie, the side that spent more on hired mercenaries; still tied, "
            f"another round is played (at most {EXTRA_ROUNDS}, then a draw).",
        ),
        section(
            "Variants",
            rule(
                f"Weather cards (mode=weather; deck of {WEATHER}): at the start of each "
                "round the second player draws 2 weather cards, keeps 1 and puts the other "
                "at the bottom. Sunny: the whole map is open. Cloudy: three fog boards cover "
                "all but one 3x3 quarter. Foggy: as Cloudy, and every token goes face down "
                "(a mercenary may go face up to use its ability).",
                "weather",
                "weather choice",
                key="weather",
            ),
            rule(
                "When you must place a token and the open area is full, first remove any "
                "one fog board, then place as usual.",
                "remove a fog board",
                key="fog",
            ),
            rule(
                "Mercenaries (mode=mercenaries): weather cards too, and 4 rounds. After "
                "scoring, each player gets coins equal to their victory points and may hire "
                "mercenaries: pay the cost and exchange the mercenary for the basic token it "
                "replaces, so the pile always holds 18. A mercenary placed face up uses its "
                "ability; face down it does not (Pig, Cat and Crow score either way). White "
                "tokens cannot be moved by any ability.",
                "hire",
                key="hire",
            ),
            rule(f"The mercenaries: {_mercenaries()}", key="mercenaries"),
            rule(
                "Fox and Snake: the player whose token is picked changes it for any token "
                "from their hand.",
                "ability",
                "replace",
            ),
            rule(
                "Prairie Dog: you may swap two tokens on tiles next to it. Hippo: placed "
                "across two free tiles, it keeps one of them at the start of your next turn. "
                "Frog: each of your turns, before placing, you may move it to an empty tile "
                "next to it.",
                "prairie dog",
                "hippo",
                "frog",
            ),
            "Team variant (variant=team, 4 players): Red 1 and Red 2 against Blue 1 and "
            "Blue 2, team-mates never playing one after the other. Always Sunny, with "
            "mercenaries and one purse per team; each player has their own pile of 9 and "
            "chooses 5 from it; only one team-mate hires each round.",
            f"Quick variant (variant=quick): {ROUNDS['quick']} rounds, {QUICK_COINS} coins "
            "each at the start to hire mercenaries with, and one weather for the whole game.",
        ),
        section(
            "Our readings",
            "The table of points, the mercenaries' costs and the weather deck were lost "
            "with the rulebook's pictures: the numbers here are our defaults.",
            "You choose your opening hand in every round (the rulebook says 'take 5' for "
            "the first), one token at a time; the opponent is told only that it is chosen.",
            "A face-down token shows only its shield: its owner is known, not what it is. "
            "Abilities act on face-up coloured tokens only.",
            "Fox (option fox): by default the Fox's owner picks an opponent's token next to "
            "it and the opponent changes it; fox=own changes one of your own instead.",
            "Turtle: you place an extra token (and draw), then your opponent does, then play "
            "goes on. Mouses and Mole swap places with an adjacent opponent's token. "
            "Chameleon takes the colour of the line a token placed next to it builds.",
            "A Hippo still across two tiles at the end of the round scores as white on both.",
        ),
    ),
    source="docs/rules/foggy_island.md",
)
