"""The Fuji position: fields, copies, views, and the loop that runs the rule steps.

The rules themselves live in the modules named after the phases (setup, planning,
rerolls, equipment, movement, eruption); this module only stores the position and
dispatches each frame kind (see ``frames.py``) to its rule function.
"""

from __future__ import annotations

import random
from typing import Any

from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput
from lapilli.core.state import CHANCE, TERMINAL, Event, State

from . import frames as F
from .tables import CHARACTERS, EQUIPMENT, INJURY_AT, POINTS, SKILL_NAME

PUBLIC = 16  # bit of a die's ``seen`` mask: shown openly (a spectator sees it)

SECRET = frozenset({"select", "reroll_die", "turn_die", "shovel_die", "shovel_face"})
"""Choices made behind a screen: which dice to reroll (phase 3, Water, Flash light,
Carabiner), which dice Duct tape / Compass turn, which die the Shovel turns and to what."""

SCALARS = (
    "n",
    "m",
    "neutral",
    "third",
    "scenario",
    "round",
    "result",
    "cause",
    "sess_adv",
    "sess_seat",
    "sess_left",
    "sess_sel",
    "sess_kind",
    "remaining",
    "phase",
)
ROUND_FLAGS = (
    "aid",
    "flare",
    "boost",
    "rope4",
    "radio",
    "aside_used",
    "signalled",
    "p3_allowed",
    "p3_used",
    "fresh",
)
"""Per-adventurer effects that last one round: cleared at set-up and after each eruption."""
COUNTERS = ("lost", "inj", "bars", "tapped", "legs")
"""Per-adventurer counts kept for the whole game (stamina lost, injuries, power bars, ...)."""

LISTS = (
    "card",
    "lava",
    "etok",
    "xtok",
    "pos",
    "dest",
    "ddist",
    "lost",
    "inj",
    "bars",
    "tapped",
    "fresh",
    "aid",
    "flare",
    "boost",
    "rope4",
    "radio",
    "aside_used",
    "signalled",
    "p3_allowed",
    "p3_used",
    "legs",
    "skill",
    "ring",
    "dtype",
    "dval",
    "dseen",
    "dhold",
    "dhome",
    "dmask",
    "daside",
    "dlost",
    "deck",
    "bottom",
    "discard",
    "skill_pool",
    "land_pool",
    "village_pool",
)
NESTED = ("equip", "signals")


class FujiState(State):
    __slots__ = (*SCALARS, *LISTS, *NESTED, "game", "stack", "_legal", "level")

    # ------------------------------------------------------------------ basics
    @property
    def num_players(self) -> int:
        return self.n

    def current_player(self) -> int:
        if self.result:
            return TERMINAL
        seat = self.stack[-1][1]
        return seat

    def controller(self, a: int) -> int:
        """The seat deciding for adventurer a (variant B: the players take turns
        speaking for the third meeple, seat 0 in odd rounds, seat 1 in even ones)."""
        if a < self.n:
            return a
        return 0 if self.round == 0 else (self.round - 1) % 2

    def seat_mask(self, a: int) -> int:
        """Seats that see behind adventurer a's screen."""
        if a < self.n:
            return 1 << a
        if a == self.third:
            return 3
        return 0

    def all_seats(self) -> int:
        return (1 << self.n) - 1

    def meeples(self) -> range:
        return range(self.m)

    def neighbours(self, a: int) -> tuple[int, int]:
        ring = self.ring
        k = ring.index(a)
        return ring[k - 1], ring[(k + 1) % len(ring)]

    def held(self, a: int) -> list[int]:
        """Dice adventurer a holds now (own and borrowed, set-aside included)."""
        dhold, dlost = self.dhold, self.dlost
        return [d for d in range(len(dhold)) if dhold[d] == a and not dlost[d]]

    def counting(self, a: int) -> list[int]:
        """Dice that count for adventurer a in phase 5 (not set aside)."""
        dhold, dlost, daside = self.dhold, self.dlost, self.daside
        return [d for d in range(len(dhold)) if dhold[d] == a and not dlost[d] and not daside[d]]

    def visible_own(self, a: int, seat: int) -> list[int]:
        """Dice of adventurer a, not set aside, whose value ``seat`` sees."""
        bit = 1 << seat
        dhold, dlost, daside, dseen = self.dhold, self.dlost, self.daside, self.dseen
        return [
            d
            for d in range(len(dhold))
            if dhold[d] == a and not dlost[d] and not daside[d] and dseen[d] & bit
        ]

    def base_seen(self, d: int) -> int:
        h = self.dhold[d]
        if h == self.dhome[d]:
            return self.dmask[d]
        return self.seat_mask(h)

    def has_skill(self, a: int, skill: str) -> bool:
        """A skill that still works (amnesia switches it off)."""
        return self.skill[a] == skill and not self.inj[a] & 4

    def push(self, *frames_: tuple) -> None:
        """Push frames so that the first one given runs first."""
        self.stack.extend(reversed(frames_))

    def name(self, a: int) -> str:
        """The character's name (the rulebook's names: no effect on the rules)."""
        return CHARACTERS[a][0]

    def dice_events(
        self, ev: list[Event], kind: str, a: int, dice: list[int], **extra: Any
    ) -> None:
        """Events telling the values of ``dice`` (held by adventurer a) to those who see
        them: one public event for the dice shown openly, and for the rest one event per
        seat behind the screen, ``"private": seat``."""
        if not dice:
            return
        dseen, dval = self.dseen, self.dval
        seen = dseen[dice[0]]
        lone = seen and not seen & (seen - 1) and seen < PUBLIC  # a single seat
        if lone and all(dseen[d] == seen for d in dice):  # the usual case: one screen
            mine = [[d, dval[d]] for d in dice]
            seat = seen.bit_length() - 1
            ev.append({"type": kind, "adventurer": a, "dice": mine, "private": seat, **extra})
            return
        public = [[d, dval[d]] for d in dice if dseen[d] & PUBLIC]
        if public:
            ev.append({"type": kind, "adventurer": a, "dice": public, **extra})
        for seat in range(self.n):
            bit = 1 << seat
            mine = [[d, dval[d]] for d in dice if dseen[d] & bit and not dseen[d] & PUBLIC]
            if mine:
                ev.append({"type": kind, "adventurer": a, "dice": mine, "private": seat, **extra})

    def lose(self, cause: str, ev: list[Event]) -> None:
        if not self.result:
            self.result = -1
            self.cause = cause
            self.stack.clear()
            ev.append({"type": "defeat", "cause": cause})

    def win(self, ev: list[Event]) -> None:
        if not self.result:
            self.result = 1
            self.cause = "every meeple stands on a village card"
            self.stack.clear()
            ev.append({"type": "victory", "points": self.victory_points()})

    # ------------------------------------------------------------------ moves
    def legal_actions(self) -> list[Action]:
        if self.result:
            return []
        legal = self._legal
        if legal is None:
            f = self.stack[-1]
            if f[1] == CHANCE:
                return []
            legal = self._legal = LEGAL[f[0]](self, f)
        return legal

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.result:
            return []
        f = self.stack[-1]
        if f[1] != CHANCE:
            return []
        return OUTCOMES[f[0]](self, f)

    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        self._legal = None
        f = self.stack[-1]
        APPLY[f[0]](self, f, action, ev)
        settle(self, ev)
        return ev

    def illegal_reason(self, action: Action) -> str:
        from .reasons import illegal_reason

        return illegal_reason(self, action)

    def action_text(self, action: Action) -> str:
        from .text import action_text

        return action_text(self, action)

    def event_text(self, event: Event) -> str:
        from .log import event_text

        text = event_text(self, event)
        return super().event_text(event) if text is None else text

    def is_secret(self, action: Action) -> bool:
        """Picking, turning or rerolling a die behind a screen; not a die in the open
        (a Radio keeps the screen down)."""
        if action[0] not in SECRET:
            return False
        if action[0] == "shovel_face":
            f = self.stack[-1] if self.stack else None
            d = f[3] if f is not None and f[0] == F.D_SHOVEL else -1
        else:
            d = action.arg("die", -1)
        if not isinstance(d, int) or not 0 <= d < len(self.dseen):
            return True
        return not self.dseen[d] & PUBLIC

    # ------------------------------------------------------------------ results
    def victory_points(self) -> int:
        if self.result != 1:
            return 0
        injuries = sum(bin(self.inj[a]).count("1") for a in self.meeples())
        unused = sum(
            1 for a in self.meeples() for c in self.equip[a] if not self.tapped[a] >> c & 1
        )
        return (
            POINTS["per_player"] * self.m
            + POINTS["per_injury"] * injuries
            + POINTS["per_unused_card"] * unused
        )

    def rating(self) -> str:
        vp = self.victory_points()
        text = ""
        for low, words in POINTS["bands"]:
            if vp >= low:
                text = words
        return text

    def scores(self) -> list[float]:
        return [float(self.victory_points())] * self.n

    def returns(self) -> list[float]:
        if not self.result:
            return [0.0] * self.n
        return [1.0 if self.result == 1 else 0.0] * self.n

    # ------------------------------------------------------------------ copies
    def clone(self) -> FujiState:
        new = FujiState.__new__(FujiState)
        new.game = self.game
        new.level = self.level
        for name in SCALARS:
            setattr(new, name, getattr(self, name))
        for name in LISTS:
            setattr(new, name, getattr(self, name)[:])
        new.equip = [e[:] for e in self.equip]
        new.signals = self.signals[:]
        new.stack = self.stack[:]
        new._legal = self._legal
        return new

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in SCALARS}
        for name in LISTS:
            data[name] = list(getattr(self, name))
        data["equip"] = [list(e) for e in self.equip]
        data["signals"] = [list(s) for s in self.signals]
        data["stack"] = [list(f) for f in self.stack]
        return data

    @classmethod
    def from_json(cls, game: Any, data: Any) -> FujiState:
        try:
            new = cls.__new__(cls)
            new.game = game
            new.level = game.options.level
            for name in SCALARS:
                value = data[name]
                if not isinstance(value, int | str):
                    raise TypeError(name)
                setattr(new, name, value)
            for name in LISTS:
                value = data[name]
                if not isinstance(value, list):
                    raise TypeError(name)
                setattr(new, name, list(value))
            new.equip = [list(e) for e in data["equip"]]
            new.signals = [tuple(s) for s in data["signals"]]
            new.stack = [tuple(f) for f in data["stack"]]
            for f in new.stack:
                if len(f) != 5 or f[0] not in ALL_KINDS:
                    raise ValueError("frame")
            if len(new.card) != 64 or len(new.dval) != len(new.dtype):
                raise ValueError("sizes")
            new._legal = None
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise MalformedInput(f"not a Fuji position ({exc})") from None
        return new

    # ------------------------------------------------------------------ information
    def die_view(self, d: int, seat: int | None) -> dict[str, Any]:
        seen = self.dseen[d]
        visible = bool(seen & PUBLIC) if seat is None else bool(seen >> seat & 1)
        return {
            "die": d,
            "type": "ABC"[self.dtype[d]],
            "value": self.dval[d] if visible and self.dval[d] else None,
            "aside": ("", "buddy", "machete")[self.daside[d]],
            "home": self.dhome[d],
            "holder": self.dhold[d],
        }

    def observation(self, seat: int | None) -> dict[str, Any]:
        from .board import XY

        f = self.stack[-1] if self.stack else None
        adventurers = []
        for a in range(len(self.pos)):
            adventurers.append(
                {
                    "adventurer": a,
                    "seat": self.controller(a) if a < self.m else None,
                    "kind": "neutral"
                    if a == self.neutral
                    else ("third" if a == self.third else "player"),
                    "skill": self.skill[a],
                    "position": list(XY[self.pos[a]]) if self.pos[a] >= 0 else None,
                    "destination": list(XY[self.dest[a]]) if self.dest[a] >= 0 else None,
                    "stamina_lost": self.lost[a],
                    "injuries": self.inj[a],
                    "power_bars": self.bars[a],
                    "equipment": [EQUIPMENT[c] for c in self.equip[a]],
                    "tapped": self.tapped[a],
                    "first_aid": self.aid[a],
                    "flare": self.flare[a],
                    "dice": [
                        self.die_view(d, seat)
                        for d in range(len(self.dhold))
                        if self.dhold[d] == a and not self.dlost[d]
                    ],
                }
            )
        view: dict[str, Any] = {
            "round": self.round,
            "phase": self.phase,
            "scenario": self.scenario,
            "level": self.level,
            "to_move": self.current_player(),
            "waiting_for": _waiting_for(f, seat),
            "result": self.result,
            "cause": self.cause,
            "terrain": [
                [c, self.card[c], self.lava[c], self.etok[c], self.xtok[c]]
                for c in range(64)
                if self.card[c]
            ],
            "adventurers": adventurers,
            "deck_size": len(self.deck) + len(self.bottom),
            "bottom": [EQUIPMENT[c] for c in self.bottom],
            "discard": [EQUIPMENT[c] for c in self.discard],
            "signals": [list(s) for s in self.signals],
            "victory_points": self.victory_points(),
        }
        if seat is not None and f is not None and f[0] == F.D_REROLL and f[1] == seat:
            view["reroll"] = {"left": self.sess_left, "selected": self.sess_sel}
        return view

    def determinize(self, seat: int, rng: random.Random) -> FujiState:
        """Resample every die value ``seat`` cannot see (the only hidden thing in Fuji:
        decks are drawn as chance nodes, so nobody knows their order)."""
        new = self.clone()
        new._legal = None
        bit = 1 << seat
        dval, dseen = new.dval, new.dseen
        for d in range(len(dval)):
            if dval[d] and not dseen[d] & bit:
                dval[d] = rng.randint(1, 6)
        return new

    def render(self, seat: int | None) -> Any:
        from .text import render

        return render(self, seat)

    def round_end(self, events: list[Event]) -> Any:
        from .text import round_end

        return round_end(self, events)

    def seat_label(self, seat: int) -> str:
        name, colour = CHARACTERS[seat]
        return f"{name} ({colour})"

    # ------------------------------------------------------------------ helpers
    def skill_name(self, a: int) -> str:
        return SKILL_NAME.get(self.skill[a], "?")

    def injury_thresholds(self, old: int, new: int) -> int:
        return sum(1 for t in INJURY_AT if old < t <= new)


def _waiting_for(f: tuple | None, seat: int | None) -> str:
    if f is None:
        return ""
    if f[1] == CHANCE:
        return "chance"
    if seat is None or f[1] == seat:
        return F.NAMES.get(f[0], "")
    return "another seat"


def settle(s: FujiState, ev: list[Event]) -> None:
    """Run automatic steps until a chance node, a decision or the end."""
    stack = s.stack
    while stack and not s.result:
        f = stack[-1]
        k = f[0]
        if k >= F.AUTO:
            stack.pop()
            AUTO_RUN[k](s, f, ev)
            continue
        if k == F.C_EQUIP and not s.deck:
            stack.pop()
            from .equipment import draw_from_bottom

            draw_from_bottom(s, f[2], ev)
            continue
        if k in F.SKIPPABLE:
            legal = LEGAL[k](s, f)
            if len(legal) == 1 and legal[0][0] in ("done", "stop"):
                APPLY[k](s, f, legal[0], ev)
                continue
            s._legal = legal
        return
    if s.result:
        stack.clear()


LEGAL: dict[int, Any] = {}
APPLY: dict[int, Any] = {}
OUTCOMES: dict[int, Any] = {}
AUTO_RUN: dict[int, Any] = {}
ALL_KINDS: set[int] = set()


def register(
    kind: int, legal: Any = None, apply: Any = None, outcomes: Any = None, auto: Any = None
) -> None:
    ALL_KINDS.add(kind)
    if legal is not None:
        LEGAL[kind] = legal
    if apply is not None:
        APPLY[kind] = apply
    if outcomes is not None:
        OUTCOMES[kind] = outcomes
    if auto is not None:
        AUTO_RUN[kind] = auto
