"""Volcanique: the position, its flow of decisions, and the game.

A position is a ``VolcaniqueState``. Each decision is small (choose a tile, then a hex,
then a rotation...). The flow is a *phase* (the decision of the player whose turn it is)
plus a queue of *tasks*: decisions that belong to other seats or interrupt the turn
(migrating critters off a covered tile, evacuating from lava, choosing casualties of a
contested biome, paying with a choice of resources, discarding down to the cap). When
a phase or a task has no real choice, it resolves itself, so every listed action is a
decision. Each step ``X`` has ``_to_X`` (enter it, skipping it when there is nothing to
decide), ``_legal_X`` and ``_do_X``; tasks have ``_auto_task_X``, ``_legal_task_X`` and
``_do_task_X``.

The rules, in turn order, live in the mixins:

- ``setup.py``     set-up: starting islands and critters, the power grid, the dispute
                   dhoobloon, first and bonus resources;
- ``turn.py``      1 move, then 4 claim, 5 sacrifice and islands, 6 Caldera, 7 collect;
- ``stacking.py``  2 buy and stack a tile: migration, joining, splitting, contested biomes;
- ``lava.py``      3 volcanoes and 8 lava: eruption, unlocking, lava flow, evacuation, soil;
- ``endgame.py``   end of a turn, end triggers, final turns, finale;
- ``scoring.py``   scoring; ``powers.py`` the grid and the hooks for power effects;
- ``board.py``     the hex map and biomes; ``components.py`` the data of ``data.toml``.
"""

from __future__ import annotations

import random
from typing import Any

from lapilli.core import CHANCE, TERMINAL, Action, Game, MalformedInput, State, Utility

from . import powers, scoring
from .board import Biomes, land_height
from .common import (
    CHANCE_PHASES,
    CRITTERS,
    DIRECTION_NAMES,
    PHASE_TEXT,
    SEAT_COLOURS,
    VOLCANO_COST,
    _frozen,
    _jsonable,
    _task_json,
    act,
)
from .components import (
    BIOMES,
    COLOURS_OF,
    EDGES,
    KIND_COST,
    KIND_COUNT,
    KIND_INDEX,
    LIMITS,
    NB,
    POWERS,
    SOIL,
    VOLCANO,
)
from .endgame import EndSteps
from .lava import LavaSteps
from .options import VolcaniqueOptions
from .setup import SetupSteps
from .stacking import StackingSteps
from .turn import TurnSteps


class VolcaniqueState(SetupSteps, TurnSteps, StackingSteps, LavaSteps, EndSteps, State):
    game: Volcanique

    # ------------------------------------------------------------------------------------
    # construction, copies
    # ------------------------------------------------------------------------------------
    def __init__(self, game: Volcanique, n: int, blank: bool = False) -> None:
        self.game = game
        self.n = n
        if blank:
            return
        self.stacks: dict[tuple[int, int], tuple[int, ...]] = {}
        self.critters: dict[tuple[int, int, int], tuple[int, int]] = {}
        self.lava: list[tuple[int, int, int]] = []  # (q, r, turn it reached the ocean or -1)
        self.hand = [CRITTERS] * n
        self.crater = [0] * n
        self.marks: list[list[str]] = [[] for _ in range(n)]
        self.grid: dict[str, str] = {}
        self.res = [[0] * NB for _ in range(n)]
        self.supply = [int(LIMITS["resource_supply"])] * NB
        self.tiles = dict(KIND_COUNT)
        self.volcanoes = int(LIMITS["volcano_tiles"])
        self.lava_left = int(LIMITS["lava_tiles"])
        self.deck: dict[str, int] = {}
        self.chands: list[list[str]] = [[] for _ in range(n)]
        self.discard: list[str] = []
        self.points = [0] * n
        self.islands: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        self.cur = 0
        self.first = -1
        self.turn = 0
        self.round = 0
        self.stage = "setup"  # setup, main, final, finale, over
        self.end_reason = ""
        self.final_left: list[int] = []
        self.phase = ""
        self.ctx: dict[str, Any] = {}
        self.flags: dict[str, int] = {}
        self.tasks: list[tuple] = []
        self.after: list[str] = []
        self._biomes: Biomes | None = None
        self._to_setup_tile()

    @property
    def num_players(self) -> int:
        return self.n

    def clone(self) -> VolcaniqueState:
        s = VolcaniqueState.__new__(VolcaniqueState)
        s.game = self.game
        s.n = self.n
        s.stacks = dict(self.stacks)
        s.critters = dict(self.critters)
        s.lava = list(self.lava)
        s.hand = list(self.hand)
        s.crater = list(self.crater)
        s.marks = [list(m) for m in self.marks]
        s.grid = dict(self.grid)
        s.res = [list(r) for r in self.res]
        s.supply = list(self.supply)
        s.tiles = dict(self.tiles)
        s.volcanoes = self.volcanoes
        s.lava_left = self.lava_left
        s.deck = dict(self.deck)
        s.chands = [list(h) for h in self.chands]
        s.discard = list(self.discard)
        s.points = list(self.points)
        s.islands = [list(i) for i in self.islands]
        s.cur = self.cur
        s.first = self.first
        s.turn = self.turn
        s.round = self.round
        s.stage = self.stage
        s.end_reason = self.end_reason
        s.final_left = list(self.final_left)
        s.phase = self.phase
        s.ctx = dict(self.ctx)
        s.flags = dict(self.flags)
        s.tasks = list(self.tasks)
        s.after = list(self.after)
        s._biomes = self._biomes  # immutable once built
        return s

    # ------------------------------------------------------------------------------------
    # the map
    # ------------------------------------------------------------------------------------
    def biomes(self) -> Biomes:
        b = self._biomes
        if b is None:
            b = self._biomes = Biomes(self.stacks)
        return b

    def _set_stack(self, h: tuple[int, int], stack: tuple[int, ...]) -> None:
        self.stacks[h] = stack
        self._biomes = None

    def top(self, h: tuple[int, int]) -> int | None:
        st = self.stacks.get(h)
        return st[-1] if st else None

    def height(self, h: tuple[int, int]) -> int:
        """Land height of a hex (0 for the ocean)."""
        st = self.stacks.get(h)
        return land_height(st) if st else 0

    def lava_hexes(self) -> set[tuple[int, int]]:
        return {(q, r) for q, r, _ in self.lava}

    def owners_on(self, h: tuple[int, int]) -> set[int]:
        q, r = h
        out = set()
        for c in range(NB):
            v = self.critters.get((q, r, c))
            if v:
                out.add(v[0])
        return out

    def inhabited(self, h: tuple[int, int]) -> bool:
        q, r = h
        crit = self.critters
        return (q, r, 0) in crit or (q, r, 1) in crit or (q, r, 2) in crit

    def biome_owners(self) -> dict[int, set[int]]:
        of = self.biomes().of
        out: dict[int, set[int]] = {}
        for reg, (owner, _n) in self.critters.items():
            bid = of.get(reg)
            if bid is not None:  # (None: on a tile just covered, waiting to migrate)
                out.setdefault(bid, set()).add(owner)
        return out

    def _add_critter(self, reg: tuple[int, int, int], owner: int, k: int = 1) -> None:
        v = self.critters.get(reg)
        self.critters[reg] = (owner, (v[1] if v else 0) + k)

    def _take_critter(self, reg: tuple[int, int, int], k: int = 1) -> int:
        owner, m = self.critters[reg]
        if m > k:
            self.critters[reg] = (owner, m - k)
        else:
            del self.critters[reg]
        return owner

    def _wipe_hex(self, h: tuple[int, int]) -> list[dict]:
        """Return every critter on a tile to its owner's hand."""
        events = []
        q, r = h
        for c in range(NB):
            v = self.critters.pop((q, r, c), None)
            if v:
                self.hand[v[0]] += v[1]
                events.append({"type": "wiped", "seat": v[0], "at": [q, r], "n": v[1]})
        return events

    def placed(self) -> list[int]:
        return scoring.placed_critters(self)

    # ------------------------------------------------------------------------------------
    # who moves
    # ------------------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.tasks:
            return self.tasks[0][1]
        if self.stage == "over":
            return TERMINAL
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.cur

    # ------------------------------------------------------------------------------------
    # legal actions and apply: dispatch on the task or phase
    # ------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.tasks:
            return getattr(self, "_legal_task_" + self.tasks[0][0])(self.tasks[0])
        if self.stage == "over" or self.phase in CHANCE_PHASES:
            return []
        acts = getattr(self, "_legal_" + self.phase)()
        if powers.CALDERA_EFFECTS and self.chands[self.cur] and self.stage in ("main", "final"):
            acts = acts + self._caldera_plays()
        if powers.STEP_ACTIONS and self.marks[self.cur]:
            acts = acts + powers.step_actions(self, self.cur, self.phase)
        return acts

    def _caldera_plays(self) -> list[Action]:
        """Lightning-bolt Caldera cards may be played any time during your own turn."""
        return [
            act("play_caldera", card=c)
            for c in sorted(set(self.chands[self.cur]))
            if powers.caldera_playable(c)
        ]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.tasks or self.phase not in CHANCE_PHASES or self.stage == "over":
            return []
        return getattr(self, "_chance_" + self.phase)()

    def _apply(self, action: Action) -> list[dict]:
        if self.tasks:
            task = self.tasks.pop(0)
            events = getattr(self, "_do_task_" + task[0])(task, action)
        elif action[0] == "play_caldera":
            events = self._play_caldera(action.arg("card"))
        elif action[0] in powers.ACTION_HANDLERS:
            events = powers.ACTION_HANDLERS[action[0]](self, action)
        else:
            events = getattr(self, "_do_" + self.phase)(action)
        events.extend(self._advance())
        return events

    def _advance(self) -> list[dict]:
        """Resolve tasks without a choice and continue the turn after the tasks."""
        events: list[dict] = []
        while True:
            if self.tasks:
                task = self.tasks[0]
                auto = getattr(self, "_auto_task_" + task[0])(task)
                if auto is None:
                    return events
                events.extend(auto)
                continue
            if self.phase == "resume":
                nxt = self.after.pop()
                events.extend(getattr(self, "_to_" + nxt)())
                continue
            return events

    def _resume(self, then: str) -> list[dict]:
        """Run the queued tasks, then continue with ``_to_<then>``."""
        self.after.append(then)
        self.phase = "resume"
        return []

    # ------------------------------------------------------------------------------------
    # results, information
    # ------------------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return scoring.scores(self)

    def score_breakdown(self) -> list[dict[str, int]]:
        return scoring.breakdown(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        data = self._public()
        if seat is not None:
            data["seat"] = seat
            data["caldera_hand"] = list(self.chands[seat])
            if self.tasks and self.tasks[0][1] == seat:
                data["task"] = _task_json(self.tasks[0])
        if self.stage == "over":
            data["caldera_hands"] = [list(h) for h in self.chands]
        return data

    def _public(self) -> dict[str, Any]:
        return {
            "stage": self.stage,
            "phase": self.phase,
            "turn": self.turn,
            "round": self.round,
            "current": self.current_player(),
            "first": self.first,
            "map": [[q, r, list(st)] for (q, r), st in sorted(self.stacks.items())],
            "critters": [
                [q, r, BIOMES[c], o, n] for (q, r, c), (o, n) in sorted(self.critters.items())
            ],
            "lava": [list(x) for x in self.lava],
            "hand": list(self.hand),
            "crater": list(self.crater),
            "resources": [list(r) for r in self.res],
            "supply": list(self.supply),
            "tiles": dict(sorted(self.tiles.items())),
            "volcano_tiles": self.volcanoes,
            "lava_tiles": self.lava_left,
            "grid": dict(self.grid),
            "unlocked": [list(m) for m in self.marks],
            "caldera_deck": sum(self.deck.values()),
            "caldera_counts": [len(h) for h in self.chands],
            "caldera_discard": list(self.discard),
            "points": list(self.points),
            "end": self.end_reason,
            "tasks": [[t[0], t[1]] for t in self.tasks],
        }

    def determinize(self, seat: int, rng: random.Random) -> VolcaniqueState:
        s = self.clone()
        if self.stage == "over":
            return s  # every Caldera card is revealed at the end
        pool = [c for c, n in sorted(self.deck.items()) for _ in range(n)]
        for p in range(self.n):
            if p != seat:
                pool.extend(self.chands[p])
        pool.sort()  # so the guess depends only on what the seat knows, not on hidden order
        rng.shuffle(pool)
        for p in range(self.n):
            if p != seat:
                k = len(self.chands[p])
                s.chands[p] = pool[:k]
                pool = pool[k:]
        s.deck = {}
        for c in pool:
            s.deck[c] = s.deck.get(c, 0) + 1
        return s

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.n,
            "stacks": [[q, r, list(st)] for (q, r), st in sorted(self.stacks.items())],
            "critters": [[q, r, c, o, n] for (q, r, c), (o, n) in sorted(self.critters.items())],
            "lava": [list(x) for x in self.lava],
            "hand": list(self.hand),
            "crater": list(self.crater),
            "marks": [list(m) for m in self.marks],
            "grid": dict(sorted(self.grid.items())),
            "res": [list(r) for r in self.res],
            "supply": list(self.supply),
            "tiles": dict(sorted(self.tiles.items())),
            "volcanoes": self.volcanoes,
            "lava_left": self.lava_left,
            "deck": dict(sorted(self.deck.items())),
            "chands": [list(h) for h in self.chands],
            "discard": list(self.discard),
            "points": list(self.points),
            "islands": [[list(h) for h in i] for i in self.islands],
            "cur": self.cur,
            "first": self.first,
            "turn": self.turn,
            "round": self.round,
            "stage": self.stage,
            "end_reason": self.end_reason,
            "final_left": list(self.final_left),
            "phase": self.phase,
            "ctx": {k: _jsonable(v) for k, v in sorted(self.ctx.items())},
            "flags": dict(sorted(self.flags.items())),
            "tasks": [_jsonable(t) for t in self.tasks],
            "after": list(self.after),
        }

    @classmethod
    def from_json(cls, game: Volcanique, data: Any) -> VolcaniqueState:
        try:
            s = cls(game, int(data["players"]), blank=True)
            s.stacks = {(q, r): tuple(int(x) for x in st) for q, r, st in data["stacks"]}
            s.critters = {(q, r, c): (o, n) for q, r, c, o, n in data["critters"]}
            s.lava = [tuple(x) for x in data["lava"]]
            s.hand = [int(x) for x in data["hand"]]
            s.crater = [int(x) for x in data["crater"]]
            s.marks = [list(m) for m in data["marks"]]
            s.grid = dict(data["grid"])
            s.res = [[int(x) for x in r] for r in data["res"]]
            s.supply = [int(x) for x in data["supply"]]
            s.tiles = {k: int(v) for k, v in data["tiles"].items()}
            s.volcanoes = int(data["volcanoes"])
            s.lava_left = int(data["lava_left"])
            s.deck = {k: int(v) for k, v in data["deck"].items()}
            s.chands = [list(h) for h in data["chands"]]
            s.discard = list(data["discard"])
            s.points = [int(x) for x in data["points"]]
            s.islands = [[tuple(h) for h in i] for i in data["islands"]]
            s.cur = int(data["cur"])
            s.first = int(data["first"])
            s.turn = int(data["turn"])
            s.round = int(data["round"])
            s.stage = str(data["stage"])
            s.end_reason = str(data["end_reason"])
            s.final_left = [int(x) for x in data["final_left"]]
            s.phase = str(data["phase"])
            s.ctx = {k: _frozen(v) for k, v in data["ctx"].items()}
            s.flags = {k: int(v) for k, v in data["flags"].items()}
            s.tasks = [_frozen(t) for t in data["tasks"]]
            s.after = [str(x) for x in data["after"]]
            s._biomes = None
            if len(s.hand) != s.n or len(s.res) != s.n or not 2 <= s.n <= 5:
                raise ValueError("per-seat lists do not match the player count")
            if (
                s.phase
                and s.phase != "resume"
                and s.phase not in CHANCE_PHASES
                and not hasattr(s, "_legal_" + s.phase)
            ):
                raise ValueError(f"unknown step {s.phase!r}")
            for t in s.tasks:
                if not hasattr(s, "_legal_task_" + str(t[0])):
                    raise ValueError(f"unknown task {t[0]!r}")
            for code in (c for st in s.stacks.values() for c in st):
                if code not in EDGES and code not in (SOIL, VOLCANO):
                    raise ValueError(f"unknown tile code {code}")
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise MalformedInput(f"not a Volcanique position: {exc}") from None
        return s

    # ------------------------------------------------------------------------------------
    # text
    # ------------------------------------------------------------------------------------
    def describe_step(self) -> str:
        """What is being decided now, in words."""
        if self.stage == "over":
            return "the game is over"
        if self.tasks:
            from .reasons import TASK_KINDS

            return f"{self.seat_label(self.tasks[0][1])}: {TASK_KINDS[self.tasks[0][0]][0]}"
        if self.phase in CHANCE_PHASES:
            return {
                "deal": "dealing the power grid",
                "deal_slot": "dealing the power grid",
                "coin": "the dispute dhoobloon",
                "lava_start": "rolling the lava direction",
                "lava_flow": "lava flows",
                "draw": "drawing a Caldera card",
            }[self.phase]
        return PHASE_TEXT.get(self.phase, self.phase)

    def action_text(self, action: Action) -> str:
        kind = action.kind
        at = action.arg("at")
        where = f"({at[0]},{at[1]})" if at is not None else ""
        biome = action.arg("biome")
        if kind == "done":
            return {
                "move": "don't move",
                "claim": "stop claiming",
                "sacrifice": "no (more) sacrifice",
                "caldera": "don't buy a Caldera card",
                "buy": "no second tile",
                "spend": "stop spending",
            }.get(self.phase, "done")
        if kind in ("move_from", "move_to", "claim", "sacrifice", "remove"):
            verb = {
                "move_from": "move the critter on",
                "move_to": "move it to",
                "claim": "claim",
                "sacrifice": "sacrifice the critter on",
                "remove": "lose the critter on",
            }[kind]
            return f"{verb} {biome} {where}"
        if kind in ("place", "erupt", "migrate", "evacuate", "lava"):
            return f"{kind} {where}"
        if kind == "pay":
            return "pay " + ", ".join(f"{action.arg(b)} {b}" for b in BIOMES if action.arg(b))
        if kind == "buy":
            tile = action.arg("tile")
            cost = VOLCANO_COST if tile == "volcano" else KIND_COST[KIND_INDEX[tile]]
            return f"buy {tile} ({cost} resources)"
        if kind == "rotate":
            kind_i = self.ctx.get("kind")
            if kind_i is None:
                return str(action)
            edges = EDGES[kind_i * 6 + action.arg("rotation")]
            parts = []
            for c in COLOURS_OF[kind_i * 6 + action.arg("rotation")]:
                sides = "/".join(DIRECTION_NAMES[d] for d in range(6) if edges[d] == c)
                parts.append(f"{BIOMES[c]} {sides}")
            return f"rotation {action.arg('rotation')}: " + ", ".join(parts)
        if kind == "unlock":
            slot = action.arg("slot")
            if slot not in self.grid:
                return str(action)
            return f"unlock {slot}: {POWERS[self.grid[slot]]['name']}"
        if kind == "play_caldera":
            return f"play the Caldera card {POWERS[action.arg('card')]['name']}"
        return str(action)

    def render(self, seat: int | None) -> Any:
        from .text import render

        return render(self, seat)

    def seat_label(self, seat: int) -> str:
        return f"{SEAT_COLOURS[seat % len(SEAT_COLOURS)].title()} (P{seat + 1})"

    # ------------------------------------------------------------------------------------
    # why an action is refused
    # ------------------------------------------------------------------------------------
    def illegal_reason(self, action: Action) -> str:
        from .reasons import reason

        return reason(self, action)


RULES_HELP = """\
Volcanique, 2-5 players. Stack hex tiles, control biomes with your critters,
unleash volcanoes. Each hex shows its height, its biomes (dark, medium,
light) and critters.

A turn:
 1. Move up to one critter within its connected biome, or onto an
    uncontrolled biome of its own tile.
 2. Buy a tile (Uno 2, Duo 2, Trio 3 resources of any kind) and stack it on
    land (not on a volcano or lava) so that at least one edge continues a
    neighbour's biome. Critters on the covered tile migrate within their
    biome (their owner chooses) or go home. Joined biomes held by different
    players are contested: most critters wins, each player loses as many as
    the runner-up has; a tie sends them all home. On volcanic soil you may
    buy a second tile. Cannot buy anything: sacrifice a critter from your
    hand.
 3. Or buy a volcano (5): it wipes the critters of a land tile, you unlock a
    power on the grid (L1 first, then a neighbour of one you hold), and lava
    flows to a lower neighbour.
 4. Claim: one critter on an uncontrolled biome of each uninhabited tile you
    like.
 5. Sacrifice one critter from the board and/or one from your hand for 5
    resources (crater: 3). With 3 in the crater and 7 resources, summon a
    3-tile island.
 6. Buy a hidden Caldera card for one resource of each kind.
 7. Collect one resource per biome you control (keep at most 7).
 8. Every lava flow moves one step downhill; critters it reaches pay 2 to
    evacuate within their biome or go home; lava in the sea becomes volcanic
    soil the next turn.
3-5 players: tiles may only go on soil, empty tiles, or tiles of the player
with the most critters (Symbiosis) or of the next player (to_the_left), or
anyone with 5+ critters.
The end: the last land tile, a player with no critters left in hand, or
Volcanic Winter; then one final turn each (spend: volcanoes, 3 resources = 1
point; no collecting) and finale turns until the lava reaches the sea.
Score: critters, biome connections, volcanoes, crater, tallest and largest
biome (3 each), diversified sets, Caldera cards.
"""


class Volcanique(Game):
    id = "volcanique"
    title = "Volcanique"
    min_players = 2
    max_players = 5
    utility = Utility.GENERAL_SUM
    version = "1"
    Options = VolcaniqueOptions
    summary = (
        "Stack hex tiles into islands, control biomes with your critters, unleash volcanoes "
        "whose lava flows downhill, unlock volcanic powers. Most points wins."
    )

    def rules_help(self) -> str:
        return RULES_HELP

    def new_state(self, players: int | None = None) -> VolcaniqueState:
        return VolcaniqueState(self, self.check_players(players))

    def state_from_json(self, data: Any) -> VolcaniqueState:
        if not isinstance(data, dict):
            raise MalformedInput("a Volcanique position is a JSON object")
        return VolcaniqueState.from_json(self, data)

    def conformance_configs(self) -> list[tuple[dict[str, Any], int]]:
        return [
            ({}, 2),
            ({"optional_buy": True, "diversified_bonus": False}, 2),
            ({}, 3),
            ({"engagement": "to_the_left"}, 3),
            ({}, 4),
            ({}, 5),
        ]
