"""Fuji's rules in brief, in the rulebook's words (``core.rules``); the numbers come from
``data.toml`` through ``components``."""

from __future__ import annotations

from lapilli.core.rules import Rulebook, rule, section

from .components import (
    EQ_NAME,
    EQ_PHASES,
    EQ_TEXT,
    EXHAUSTION,
    LEVEL_FAILED,
    SKILL_DEAL,
    SKILL_DICE,
    SKILL_KEEP,
    SKILL_NAME,
)

SKILLS = {
    "equipment_manager": "gives their own equipment cards to team-mates at any time, anywhere "
    "(even with a broken arm).",
    "scout": "may move up to 4 cards.",
    "buddy": "in phase 3 may set aside 1 die, seen by all, back at the end of the round.",
    "survivalist": "gets one more reroll in phase 3.",
    "gatherer": "gets a power bar (at most 3) for each reroll passed up; in phase 5 each bar "
    "spent adds 1 to their own or a team-mate's movement value for that turn.",
    "tinkerer": "may use each of their equipment cards twice.",
}


def _skills() -> str:
    return " ".join(
        f"{SKILL_NAME[k]} ({SKILL_DICE[k]} dice, {SKILL_KEEP[k]} equipment card"
        f"{'s' * (SKILL_KEEP[k] != 1)}"
        + (f" kept of {SKILL_DEAL[k]}" if SKILL_DEAL[k] != SKILL_KEEP[k] else "")
        + f"): {SKILLS.get(k, '')}"
        for k in SKILL_NAME
    )


def _equipment() -> str:
    return " ".join(
        f"{name} (phase {' and '.join(map(str, phases))}): {text}"
        for name, phases, text in zip(EQ_NAME, EQ_PHASES, EQ_TEXT, strict=True)
    )


RULES = Rulebook(
    "Fuji",
    (
        section(
            "The game",
            "2-4 adventurers flee the erupting Mount Fuji together: the team wins when every "
            "meeple stands on a village card, and loses at once if anyone is swallowed by the "
            "lava or collapses of exhaustion.",
            rule(
                "Moving to a card: you may move onto your destination card only if the total "
                "of your valid dice (those meeting the card's dice requirement, a colour and/or "
                "a value) is higher than the total of each neighbour's valid dice for the same "
                "card. A tie fails.",
                key="moving",
            ),
        ),
        section(
            "Set-up",
            rule(
                f"Each player has a character, a skill card (their dice and equipment cards): "
                f"{_skills()}",
                "choose a skill",
                "put a card under",
                key="skills",
            ),
            "The scenario card lays out the volcano, the rubble, the landscape and village "
            "cards, the start cards, the equipment tokens and the eruption tokens. Stamina "
            "trackers start on the first space; the level card says what a round costs.",
        ),
        section(
            "A turn",
            rule(
                "A round has six phases. 1. Rolling the dice: everyone rolls all their dice "
                "behind their screen.",
                key="roll",
            ),
            rule(
                "2. Planning and equipment cards: place your destination marker on a card "
                "your meeple can reach (up to 3 steps across or down, through occupied cards, "
                "never onto or over lava, rubble or the volcano; staying counts); neighbours "
                "may not choose the same card. Talk, but never with numbers or averages.",
                "plan",
                "next turn",
                key="plan",
            ),
            rule(
                "3. Rerolls: 2 to stay, 1 to move 1 or 2 cards, none to move 3, and 1 more "
                "for a card with the reroll symbol. Each reroll rerolls any of your dice "
                "together; you may stop at any time. No talking.",
                "reroll",
                key="reroll",
            ),
            rule(
                "2 and 4. Equipment cards: use any number, in any order, each once (its "
                "phases are on the card), then discard it.",
                "equipment",
                "binoculars",
                "rope",
                "carabiner",
                "turn a die",
                "shovel",
                "machete",
                "give a die",
                "give a card",
                "leave a die out",
                key="equipment",
            ),
            rule(
                "5. Movement and stamina: screens come off; each in turn compares their "
                "movement value with both neighbours' for their own destination card and "
                "moves if it is higher. Then stamina: a move loses what the level card says "
                "for the lead over the higher neighbour; a failed move loses the top row. "
                "Reaching an injury mark gives an injury: a leg injury (lose a die), a broken "
                "arm (no equipment), amnesia (no skill) or an eye injury (no rerolls in "
                "phase 3).",
                "power bars",
                "injury",
                "lose a die",
                key="move",
            ),
            rule(
                "A meeple ending on an equipment token draws an equipment card; moving onto "
                "or over an eruption token sets off an extra eruption.",
                key="tokens",
            ),
            rule(
                "6. Eruption: every landscape card next to lava (across or down) turns to "
                "lava. A meeple on it is swallowed: the team loses.",
                key="eruption",
            ),
        ),
        section(
            "Scoring",
            "After a victory: 4 victory points per player, -1 per injury token, +1 per unused "
            "equipment card.",
        ),
        section(
            "The end",
            "Victory as soon as every meeple stands on a village card (no eruption after it). "
            "Defeat at once if a meeple's card turns to lava, or a stamina tracker reaches "
            f"the last space (after {EXHAUSTION} stamina lost).",
        ),
        section(
            "Variants",
            "Levels 1-4 (option level): a failed move costs "
            + ", ".join(f"{n} at level {lv}" for lv, n in LEVEL_FAILED.items())
            + " stamina; a bigger lead costs less.",
            "Extra thrill (extra_thrill): the eruption token closest to the village sets off "
            "2 eruptions.",
            "2 players, variant A: a third set of dice, 3 rolled in the open and 3 hidden, "
            "gets in both players' way. Variant B: a third meeple run by both players, each "
            "seeing 3 of its 6 dice.",
            "skills=chosen: each player chooses their skill card in turn instead of a deal.",
            rule(f"The equipment cards: {_equipment()}", key="cards"),
        ),
        section(
            "Our readings",
            "The terrain cards, scenarios, level cards and die colours were lost with the "
            "rulebook's pictures: ours come from the research notes.",
            "Planning is two passes in seat order: place your marker, then you may move it "
            "seeing everyone's; talk is a fixed list of sentences without numbers.",
            "Rerolls are taken one seat at a time, behind the screen: pick dice one at a "
            "time, then reroll.",
            "Scenario 1 may be chosen but is never drawn at random (probably mis-transcribed).",
        ),
    ),
    source="docs/rules/fuji.md",
)
