"""The Fuji position: its fields, declared once, and the seats behind each screen.

Plain position data at the bottom of the package: the rules live in the modules named
after the rulebook's phases (set-up, rounds, rolling, planning, rerolls, equipment,
cards, movement, eruption), each with its steps; ``game.py`` lists the steps in turn
order. What a seat sees is ``view.py``; texts are ``text.py`` and ``log.py``, the kinds
of event ``events.py``.
"""

from __future__ import annotations

from enum import IntEnum

from mypy_extensions import mypyc_attr

from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput
from lapilli.core.fields import Secret
from lapilli.core.flow import FlowState, Frame
from lapilli.core.state import Game
from lapilli.core.zones import EVERYONE, NOBODY, Dice, Unseen, Zone, seats_mask

from .board import CELLS, NOWHERE
from .components import (
    AMNESIA,
    CARD_IDS,
    CHARACTERS,
    DICE_SET,
    EQUIPMENT,
    INJURIES,
    IS_WALKABLE,
    LANDSCAPE,
    POINTS,
    SKILLS,
    VILLAGE,
    VISIBLE_NEUTRAL,
    Signal,
)
from .dice import FujiDie
from .events import Events
from .options import FujiOptions

SECRET = frozenset({"select", "reroll_die", "turn_die", "shovel_die", "shovel_face"})
BEHIND_THE_SCREEN = {
    "select": "picks a die behind the screen",
    "reroll_die": "picks a die behind the screen for the Carabiner",
    "turn_die": "turns a die behind the screen",
    "shovel_die": "picks a die behind the screen for the Shovel",
    "shovel_face": "turns a die behind the screen with the Shovel",
}
"""What the others read of each secret choice (``SECRET``), in the rulebook's words."""
"""Choices made behind a screen: which dice to reroll (phase 3, Water, Flash light,
Carabiner), which dice Duct tape / Compass turn, which die the Shovel turns and to what."""


class Result(IntEnum):
    DEFEAT = -1
    PLAYING = 0
    VICTORY = 1


@mypyc_attr(native_class=False)  # a Python class: its fields live in __dict__ (core.fields)
class FujiState(FlowState):
    """The position: the mountain, the adventurers, their dice and the piles.

    Lists "per cell" hold one item per card space of the mountain (``board.CELLS``);
    lists "per adventurer" one per adventurer (the neutral dice or the third meeple of a
    2-player game included). Who sits where (``neutral``, ``third``, the counts) follows
    from the options and is set by ``setup``, not saved.
    """

    scenario: int
    round: int
    phase: int  # set-up (0), then the phase of the round (1-6)
    result: Result
    cause: str  # why the game was won or lost
    # per cell: the terrain card (0: none), its lava side, the tokens on it
    terrain: list[int]
    lava: list[bool]
    equipment_token: list[bool]
    eruption_tokens: list[int]
    # per adventurer, kept from round to round: the meeple's card, its destination
    # marker and how many steps away it was placed, stamina lost, power bars
    # (Gatherer), dice still to lose to leg injuries this round
    position: list[int]
    destination: list[int]
    marker_steps: list[int]
    stamina_lost: list[int]
    power_bars: list[int]
    dice_to_lose: list[int]
    skill: list[str]  # "" before it is dealt
    injuries: list[int]  # the injury spaces covered (``Injury`` bits)
    equipment: list[list[int]]  # equipment card ids held
    used_once: list[frozenset[int]]  # cards used once by a Tinkerer (tapped)
    # per adventurer, for one round: First aid kit used; Flare gun bonus; power bars
    # spent on its turn; moved by a Rope in phase 4 (one step more to the marker); its
    # screen down (Radio); Buddy's die set aside; the planning pass it signalled in;
    # phase-3 rerolls allowed and used (Gatherer); cards drawn (usable next round)
    first_aid: list[bool]
    flare: list[int]
    power_bonus: list[int]
    roped: list[bool]
    screen_down: list[bool]
    buddy_used: list[bool]
    signalled_in: list[int]
    rerolls_allowed: list[int]
    rerolls_used: list[int]
    drawn_this_round: list[frozenset[int]]
    signals: list[Signal]
    dice: list[FujiDie]  # six per adventurer, in order (``FujiDie.set_of``)
    equipment_pile: Secret[Zone[int]]
    discard: list[int]
    skill_pile: Secret[Zone[int]]
    landscape_pile: Secret[Zone[int]]
    village_pile: Secret[Zone[int]]
    _reachable: tuple[Frame | None, dict[int, int]] = (None, {})
    """The destinations of the planning decision on top, from when its legal actions were
    listed: no rule runs before that decision is taken, so its apply need not search
    the paths again (a cache, not part of the position)."""

    def setup(self, game: Game, players: int) -> None:
        """Who plays which adventurer. Two players add an adventurer after theirs: the
        neutral dice (variant A) or a third meeple they run together (variant B)."""
        super().setup(game, players)
        options = game.options
        assert isinstance(options, FujiOptions)
        self.options = options
        variant = options.variant if players == 2 else None
        self.neutral: int | None = players if variant == "A" else None
        self.third: int | None = players if variant == "B" else None
        self.meeple_count: int = players + (variant == "B")
        self.adventurer_count: int = players + (variant is not None)

    def new_dice(self) -> list[FujiDie]:
        """Each adventurer's six dice, rolled behind its screen (see ``FujiDie``)."""
        dice = []
        for a in range(self.adventurer_count):
            open_types = list(VISIBLE_NEUTRAL)
            for i, die_type in enumerate(DICE_SET):
                if a == self.neutral:
                    # variant A (U4): one die of each type rolled in front of the screen
                    shown = die_type in open_types
                    if shown:
                        open_types.remove(die_type)
                    screen = EVERYONE if shown else NOBODY
                elif a == self.third:
                    # variant B: a blue 1, a blue 2 and a blue 3 on each side of the screens
                    screen = seats_mask(i % 2)
                else:
                    screen = seats_mask(a)
                dice.append(FujiDie(die_type, a, screen))
        return dice

    def clear_round_effects(self) -> None:
        """The effects that last one round end (at set-up and after each eruption)."""
        count = self.adventurer_count
        self.first_aid = [False] * count
        self.flare = [0] * count
        self.power_bonus = [0] * count
        self.roped = [False] * count
        self.screen_down = [False] * count
        self.buddy_used = [False] * count
        self.signalled_in = [0] * count
        self.rerolls_allowed = [0] * count
        self.rerolls_used = [0] * count
        self.drawn_this_round = [frozenset[int]()] * count

    # ------------------------------------------------------------------ who is who
    @property
    def level(self) -> int:
        return self.options.level

    @property
    def exhaustion(self) -> int:
        """Stamina lost that makes an adventurer collapse (the ``stamina`` option)."""
        return self.options.stamina

    @property
    def injury_marks(self) -> tuple[int, ...]:
        """The stamina-lost spaces that give an injury."""
        return self.options.injury_marks()

    def meeples(self) -> range:
        """The adventurers with a meeple (not the neutral dice)."""
        return range(self.meeple_count)

    def controller(self, a: int) -> int:
        """The seat deciding for adventurer a (variant B: the players take turns
        speaking for the third meeple, seat 0 in odd rounds, seat 1 in even ones)."""
        if a < self.players:
            return a
        return 0 if self.round == 0 else (self.round - 1) % 2

    def screen_of(self, a: int) -> int:
        """The seats behind adventurer a's screen (the third meeple's: both sides)."""
        if a < self.players:
            return seats_mask(a)
        if a == self.third:
            return seats_mask(0, 1)
        return NOBODY

    def home_screen(self, die: FujiDie) -> int:
        """Who sees a die behind the screen it stands behind now."""
        return die.screen if die.holder == die.owner else self.screen_of(die.holder)

    def neighbours(self, a: int) -> tuple[int, int]:
        """The adventurers seated left and right of a (the neutral dice sit in the ring)."""
        count = self.adventurer_count
        return (a - 1) % count, (a + 1) % count

    def has_skill(self, a: int, skill: str) -> bool:
        """A skill that still works (amnesia switches it off)."""
        return self.skill[a] == skill and not self.injuries[a] & AMNESIA

    def name(self, a: int) -> str:
        """The character's name (the rulebook's names: no effect on the rules)."""
        return CHARACTERS[a][0]

    # ------------------------------------------------------------------ dice
    def held(self, a: int) -> list[int]:
        """Dice adventurer a holds now (own and borrowed, set-aside included)."""
        return [d for d, die in enumerate(self.dice) if die.holder == a and not die.lost]

    def counting(self, a: int) -> list[int]:
        """Dice that count for adventurer a in phase 5 (not set aside)."""
        return [
            d
            for d, die in enumerate(self.dice)
            if die.holder == a and not die.lost and not die.aside
        ]

    def visible_own(self, a: int, seat: int) -> list[int]:
        """Dice of adventurer a, not set aside, whose face ``seat`` sees."""
        bit = 1 << seat  # EVERYONE has every bit set
        return [
            d
            for d, die in enumerate(self.dice)
            if die.holder == a and not die.lost and not die.aside and die.seen & bit
        ]

    def show(self, d: int) -> None:
        """A die put in front of the screen: everybody sees it."""
        self.dice[d].seen = EVERYONE

    def dice_told(self, dice: list[int]) -> list[tuple[int | None, list[list[int]]]]:
        """Who is told the faces of ``dice`` (all held by one adventurer), as ``(seat,
        [[die, value], ...])``: the dice in the open to everybody (seat None) first, then
        to each seat the dice behind a screen that it sees. Nobody, without narration."""
        if not self.narrate:
            return []
        public: list[list[int]] = []
        private: list[list[list[int]]] = [[] for _ in range(self.players)]
        for d in dice:
            die = self.dice[d]
            if die.seen == EVERYONE:
                public.append([d, die.value])
                continue
            for seat, mine in enumerate(private):
                if die.seen >> seat & 1:
                    mine.append([d, die.value])
        told: list[tuple[int | None, list[list[int]]]] = [(None, public)] if public else []
        told.extend((seat, mine) for seat, mine in enumerate(private) if mine)
        return told

    # ------------------------------------------------------------------ the end
    def lose(self, cause: str, ev: Events) -> None:
        if not self.result:
            self.result = Result.DEFEAT
            self.cause = cause
            self.stack.clear()
            ev.append({"type": "defeat", "cause": cause})

    def win(self, ev: Events) -> None:
        if not self.result:
            self.result = Result.VICTORY
            self.cause = "every meeple stands on a village card"
            self.stack.clear()
            ev.append({"type": "victory", "points": self.victory_points()})

    def victory_points(self) -> int:
        if self.result != Result.VICTORY:
            return 0
        injuries = sum(self.injuries[a].bit_count() for a in self.meeples())
        unused = sum(
            1 for a in self.meeples() for c in self.equipment[a] if c not in self.used_once[a]
        )
        points: int = (
            POINTS["per_player"] * self.meeple_count
            + POINTS["per_injury"] * injuries
            + POINTS["per_unused_card"] * unused
        )
        return points

    def rating(self) -> str:
        vp = self.victory_points()
        text = ""
        for low, words in POINTS["bands"]:
            if vp >= low:
                text = words
        return text

    def scores(self) -> list[float]:
        return [float(self.victory_points())] * self.players

    def result_text(self) -> str:
        """The team's victory with its points and rating, or its defeat and why."""
        if self.result == Result.VICTORY:
            vp = self.victory_points()
            return f"Victory: the team wins with {vp} victory points ({self.rating()})"
        if self.result == Result.DEFEAT:
            return f"Defeat: the team loses ({self.cause})"
        return super().result_text()

    def returns(self) -> list[float]:
        if not self.result:
            return [0.0] * self.players
        return [1.0 if self.result == Result.VICTORY else 0.0] * self.players

    # ------------------------------------------------------------------ secrets
    def is_secret(self, action: Action) -> bool:
        """Picking, turning or rerolling a die behind a screen, whatever the step; not a
        die in the open (a Radio keeps the screen down)."""
        if action[0] not in SECRET:
            return False
        if action[0] == "shovel_face":
            f = self.pending()
            d = f.args.die if f is not None and f.step.name == "shovel_face" else None
        else:
            d = action.arg("die")
        if type(d) is not int or not 0 <= d < len(self.dice):
            return True
        return self.dice[d].seen != EVERYONE

    def hidden_text(self, action: Action) -> str | None:
        """What the others read of a choice behind the screen: which kind of thing was
        done (the step says it anyway), never which die or face."""
        done = BEHIND_THE_SCREEN.get(action[0], "makes a hidden choice")
        return f"{self.seat_label(self.current_player())} {done}"

    def check(self) -> None:
        """What a saved position cannot hold: a card, a die face, a meeple or a skill that
        does not exist, a die held by nobody, an equipment card in two places."""
        check_sizes(self)
        check_turn(self)
        check_mountain(self)
        check_adventurers(self)
        check_cards(self)
        check_stack(self)

    def unseen(self) -> list[Unseen]:
        """The dice behind screens are the only hidden things (every pile is drawn as a
        chance node, so nobody knows its order)."""
        return [Dice([die for die in self.dice if die.value])]


# ---------------------------------------------------------------- what a saved position cannot hold
BOARD = ("terrain", "lava", "equipment_token", "eruption_tokens")
ADVENTURERS = (
    "position",
    "destination",
    "marker_steps",
    "stamina_lost",
    "power_bars",
    "dice_to_lose",
    "skill",
    "injuries",
    "equipment",
    "used_once",
    "first_aid",
    "flare",
    "power_bonus",
    "roped",
    "screen_down",
    "buddy_used",
    "signalled_in",
    "rerolls_allowed",
    "rerolls_used",
    "drawn_this_round",
)


def check_sizes(s: FujiState) -> None:
    """One item per card space, one per adventurer, six dice per adventurer."""
    for name in BOARD:
        if len(getattr(s, name)) != CELLS:
            raise MalformedInput(f"{name} must hold one item per card space ({CELLS})")
    for name in ADVENTURERS:
        if len(getattr(s, name)) != s.adventurer_count:
            raise MalformedInput(f"{name} must hold one item per adventurer")
    dice = s.new_dice()
    if len(s.dice) != len(dice):
        raise MalformedInput(f"the adventurers have {len(dice)} dice")
    for d, (die, home) in enumerate(zip(s.dice, dice, strict=True)):
        if (die.type, die.owner, die.screen) != (home.type, home.owner, home.screen):
            raise MalformedInput(f"die {d} is not the set-up's (type, owner or screen)")


def check_turn(s: FujiState) -> None:
    if s.round < 0 or not 0 <= s.phase <= 6 or s.scenario < 0:
        raise MalformedInput(f"there is no round {s.round}, phase {s.phase}")


def check_mountain(s: FujiState) -> None:
    """Cards that exist; meeples and markers on cards to walk."""
    if any(k not in CARD_IDS for k in s.terrain) or any(k < 0 for k in s.eruption_tokens):
        raise MalformedInput("a terrain card or an eruption token that does not exist")
    for name in ("position", "destination"):
        if any(c != NOWHERE and c not in range(CELLS) for c in getattr(s, name)):
            raise MalformedInput(f"a {name} off the mountain")
    for a in s.meeples():
        dest, pos = s.destination[a], s.position[a]
        if dest != NOWHERE and not IS_WALKABLE[s.terrain[dest]]:
            raise MalformedInput(f"adventurer {a}'s destination marker is not on a card to walk")
        if s.round and (pos == NOWHERE or not s.terrain[pos] or not s.skill[a]):
            raise MalformedInput(f"adventurer {a} has no meeple on a card or no skill")


def check_adventurers(s: FujiState) -> None:
    """Skills and injuries that exist, dice faces and holders, dice to lose."""
    if any(k and k not in SKILLS for k in s.skill):
        raise MalformedInput(f"a skill that does not exist: {s.skill}")
    if any(i < 0 or i >= 1 << len(INJURIES) for i in s.injuries):
        raise MalformedInput("an injury that does not exist")
    for die in s.dice:
        known_face = die.value == 0 or die.value in die.faces  # 0: before its first roll
        if not known_face or die.holder not in range(s.adventurer_count):
            raise MalformedInput(f"a die showing {die.value}, held by {die.holder}")
    for a in range(s.adventurer_count):
        if not 0 <= s.dice_to_lose[a] <= len(s.held(a)) or s.stamina_lost[a] < 0:
            raise MalformedInput(f"adventurer {a} has {s.dice_to_lose[a]} dice to lose")


def check_cards(s: FujiState) -> None:
    """Each equipment, landscape and village card in one place; skill cards that exist."""
    held = [c for cards_of in s.equipment for c in cards_of]
    pile = s.equipment_pile
    every = [*held, *s.discard, *pile.items, *pile.under]
    if any(c not in range(len(EQUIPMENT)) for c in every) or len(set(every)) != len(every):
        raise MalformedInput("each equipment card is in one place")
    for pile, ids in ((s.landscape_pile, LANDSCAPE), (s.village_pile, VILLAGE)):
        cards = sorted([*pile.items, *pile.under, *(k for k in s.terrain if k in ids)])
        if cards != sorted(ids):
            raise MalformedInput(
                "each landscape and village card is on the mountain or in its pile"
            )
    if any(c not in range(len(SKILLS)) for c in [*s.skill_pile.items, *s.skill_pile.under]):
        raise MalformedInput("the skill pile holds no such card")


def check_stack(s: FujiState) -> None:
    """The pending steps name adventurers, dice and cells that exist."""
    tops = {"adventurer": s.adventurer_count, "die": len(s.dice), "cell": CELLS}
    for frame in s.stack:
        args = frame.args._asdict()
        named = {
            "adventurer": [args.get(k, 0) for k in ("adventurer", "to", "mover")],
            "die": [args.get("die", 0), *args.get("selected", ()), *args.get("tell", ())],
            "cell": [args.get("cell", 0), args.get("first", 0) % CELLS],
        }
        named["adventurer"] += args.get("waiting", ())
        for what, values in named.items():
            if any(v not in range(tops[what]) for v in values):
                raise MalformedInput(f"the pending step {frame.step.name} names no such {what}")
