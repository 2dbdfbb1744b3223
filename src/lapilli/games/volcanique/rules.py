"""Volcanique: the rules, read top-down in turn order.

A position is a ``VolcaniqueState``. Each decision is small (choose a tile, then a hex,
then a rotation...). The flow is a *phase* (the decision of the player whose turn it is)
plus a queue of *tasks*: decisions that belong to other seats or interrupt the turn
(migrating critters off a covered tile, evacuating from lava, choosing casualties of a
contested biome, paying with a choice of resources, discarding down to the cap). When
a phase or a task has no real choice, it resolves itself, so every listed action is a
decision.

Set-up: each seat builds its starting island (Uno, Duo, Trio) and gets its three starting
critters; the power grid is dealt (chance); the dispute dhoobloon picks the first player
(chance); first resources and bonus resources.

A turn: 1 move, 2 buy and stack (3 a volcano instead), 4 claim, 5 sacrifice (and island
summoning), 6 Caldera, 7 collect, 8 lava. Then the end sequence: one final turn for each
other player, then finale turns until all lava is in the ocean.
"""

from __future__ import annotations

import random
from typing import Any

from lapilli.core import CHANCE, TERMINAL, Action, Game, MalformedInput, State

from . import powers, scoring
from .board import Biomes, distance, facing, land_height, neighbours, ring, rotations_mask
from .components import (
    BIOME_INDEX,
    BIOMES,
    COLOURS_OF,
    COSTS,
    EDGES,
    KIND_COST,
    KIND_COUNT,
    KIND_INDEX,
    KIND_SIZE,
    KINDS,
    LIMITS,
    NB,
    POWER_IDS,
    POWERS,
    ROTATIONS,
    SETUP,
    SLOTS,
    SOIL,
    VOLCANO,
    fits_slot,
)
from .options import VolcaniqueOptions

CRITTERS = int(LIMITS["critters"])
CRATER = int(LIMITS["crater"])
THRESHOLD = int(LIMITS["targeting_threshold"])
VOLCANO_COST = int(COSTS["volcano"])
SAC_COST = int(COSTS["sacrifice_from_hand"])
ISLAND_COST = int(COSTS["island"])
EVAC_COST = int(COSTS["evacuation"])
POINT_COST = int(COSTS["point"])
CALDERA_COST = tuple(int(x) for x in COSTS["caldera"])
START_GAP = int(SETUP["start_gap"])
BONUS = tuple(int(x) for x in SETUP["bonus_resources"])
GRID_POWERS = tuple(p for p in POWER_IDS if POWERS[p]["levels"])
# deal the most constrained slots first (the level 5 and the L3 middle)

CHANCE_PHASES = frozenset({"deal", "deal_slot", "coin", "lava_start", "lava_flow", "draw"})


# -- interned actions ---------------------------------------------------------------------
_ACTIONS: dict[tuple, Action] = {}


def act(kind: str, **params: Any) -> Action:
    key = (kind, *sorted(params.items()))
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(kind, **params)
    return a


DONE = act("done")
ABANDON = act("abandon")
SACRIFICE_HAND = act("sacrifice_hand")
SUMMON_ISLAND = act("summon_island")
BUY_CALDERA = act("buy_caldera")
BUY_POINT = act("buy_point")
BUY = {k: act("buy", tile=k) for k in (*KINDS, "volcano")}
ROTATE = [act("rotate", rotation=r) for r in range(6)]
CHOOSE = {k: act("choose_tile", tile=k) for k in KINDS}
BONUS_ACT = [act("bonus", resource=b) for b in BIOMES]
DISCARD_ACT = [act("discard", resource=b) for b in BIOMES]
COIN = [act("first_player", seat=i) for i in range(8)]
UNLOCK = {s: act("unlock", slot=s) for s in SLOTS}
DRAW = {c: act("draw", card=c) for c in POWER_IDS}
DEAL = {p: act("deal", power=p) for p in GRID_POWERS}
DEAL_SLOT = {s: act("deal_slot", slot=s) for s in SLOTS}


def at_act(kind: str, h: tuple[int, int], c: int | None = None) -> Action:
    key = (kind, h, c)
    a = _ACTIONS.get(key)
    if a is None:
        a = Action(kind, at=h) if c is None else Action(kind, at=h, biome=BIOMES[c])
        _ACTIONS[key] = a
    return a


_COMBOS: dict[tuple, list[Action]] = {}


def pay_options(res: list[int], amount: int) -> list[Action]:
    """Every way to pay ``amount`` resources of any kinds from ``res``."""
    key = (res[0], res[1], res[2], amount)
    out = _COMBOS.get(key)
    if out is None:
        out = []
        for a in range(min(res[0], amount) + 1):
            for b in range(min(res[1], amount - a) + 1):
                c = amount - a - b
                if c <= res[2]:
                    out.append(act("pay", **{BIOMES[0]: a, BIOMES[1]: b, BIOMES[2]: c}))
        _COMBOS[key] = out
    return out


def _paid(action: Action) -> tuple[int, ...]:
    return tuple(action.arg(b) for b in BIOMES)


PHASE_TEXT = {
    "setup_tile": "set-up: choose a tile for your starting island",
    "setup_place": "set-up: place the starting-island tile",
    "setup_rotate": "set-up: rotate the starting-island tile",
    "setup_critter": "set-up: place your Trio critter",
    "bonus": "set-up: take a bonus resource",
    "move": "Move a critter (step 1)",
    "move_to": "Move a critter: choose where (step 1)",
    "buy": "Buy and stack a tile (step 2)",
    "spend": "End-game sequence: spend your final resources",
    "place": "Buy and stack a tile: choose where to stack it",
    "rotate": "Buy and stack a tile: choose its rotation",
    "erupt": "Volcanoes: choose the land tile the volcano is unleashed on (step 3)",
    "unlock": "Volcanoes: unlock a volcanic power (step 3)",
    "claim": "Claim uninhabited tiles (step 4)",
    "sacrifice": "Sacrifice (step 5)",
    "island_tile": "Summoning an island: choose a tile",
    "island_place": "Summoning an island: place the tile",
    "island_rotate": "Summoning an island: rotate the tile",
    "caldera": "The Caldera (step 6)",
}


class VolcaniqueState(State):
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
        return [act("play_caldera", card=c) for c in sorted(set(self.chands[self.cur]))
                if powers.caldera_playable(c)]

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
    # set-up 1-4: starting islands and critters
    # ------------------------------------------------------------------------------------
    def _all_land(self) -> list[tuple[int, int]]:
        return list(self.stacks)

    def _setup_hexes(self, kind: int) -> list[tuple[int, int]]:
        seat, piece = self.cur, self.ctx["piece"]
        gap = START_GAP + 1
        others = [h for s in range(self.n) if s != seat for h in self.islands[s]]
        if piece == 0:
            if not self.stacks:
                return [(0, 0)]
            cands = {x for h in others for x in ring(h, gap)}
            out = [c for c in cands if c not in self.stacks and _mind(c, others) == gap]
            return sorted(out)
        own = self.islands[seat]
        cands = {nb for h in own for nb in neighbours(h) if nb not in self.stacks}
        out = []
        for c in sorted(cands):
            if others and _mind(c, others) < gap:
                continue
            if rotations_mask(kind, facing(self.stacks, c)):
                out.append(c)
        return out

    def _to_setup_tile(self) -> list[dict]:
        self.ctx = {"piece": self.ctx.get("piece", 0)}
        self.phase = "setup_tile"
        return []

    def _legal_setup_tile(self) -> list[Action]:
        size = self.ctx["piece"] + 1
        return [CHOOSE[k] for k in KINDS if KIND_SIZE[KIND_INDEX[k]] == size
                and self.tiles.get(k, 0) > 0 and self._setup_hexes(KIND_INDEX[k])]

    def _do_setup_tile(self, a: Action) -> list[dict]:
        kind = KIND_INDEX[a.arg("tile")]
        self.ctx["kind"] = kind
        self.phase = "setup_place"
        hexes = self._setup_hexes(kind)
        if len(hexes) == 1:
            return self._do_setup_place(at_act("place", hexes[0]))
        return []

    def _legal_setup_place(self) -> list[Action]:
        return [at_act("place", h) for h in self._setup_hexes(self.ctx["kind"])]

    def _do_setup_place(self, a: Action) -> list[dict]:
        self.ctx["at"] = a.arg("at")
        self.phase = "setup_rotate"
        rots = self._legal_setup_rotate()
        if len(rots) == 1:
            return self._do_setup_rotate(rots[0])
        return []

    def _legal_setup_rotate(self) -> list[Action]:
        kind, at = self.ctx["kind"], self.ctx["at"]
        if self.ctx["piece"] == 0:
            return [ROTATE[r] for r in ROTATIONS[kind]]
        mask = rotations_mask(kind, facing(self.stacks, at))
        return [ROTATE[r] for r in ROTATIONS[kind] if mask >> r & 1]

    def _do_setup_rotate(self, a: Action) -> list[dict]:
        kind, at = self.ctx["kind"], self.ctx["at"]
        code = kind * 6 + a.arg("rotation")
        self._take_tile(KINDS[kind])
        self._set_stack(at, (code,))
        self.islands[self.cur].append(at)
        events = [{"type": "island_tile", "seat": self.cur, "tile": KINDS[kind],
                   "at": list(at), "rotation": code % 6}]
        piece = self.ctx["piece"] + 1
        if piece < 3:
            self.ctx = {"piece": piece}
            self.phase = "setup_tile"
            return events
        # 4. starting critters: the Uno, the Duo's biome not joined to the Uno, then a
        # Trio biome not joined to the others (the seat's choice)
        uno, duo, _trio = self.islands[self.cur]
        uno_c = self.stacks[uno][-1]
        uno_reg = (uno[0], uno[1], EDGES[uno_c][0])
        self._place_start(uno_reg)
        of = self.biomes().of
        for c in range(NB):
            reg = (duo[0], duo[1], c)
            if reg in of and of[reg] != of[uno_reg]:
                self._place_start(reg)
                break
        events.append({"type": "starting_critters", "seat": self.cur})
        self.phase = "setup_critter"
        opts = self._legal_setup_critter()
        if len(opts) == 1:
            events.extend(self._do_setup_critter(opts[0]))
        return events

    def _place_start(self, reg: tuple[int, int, int]) -> None:
        self._add_critter(reg, self.cur)
        self.hand[self.cur] -= 1

    def _legal_setup_critter(self) -> list[Action]:
        trio = self.islands[self.cur][2]
        of = self.biomes().of
        taken = {of[r] for r in self.critters}
        return [at_act("claim", trio, c) for c in range(NB)
                if (trio[0], trio[1], c) in of and of[(trio[0], trio[1], c)] not in taken]

    def _do_setup_critter(self, a: Action) -> list[dict]:
        q, r = a.arg("at")
        self._place_start((q, r, BIOME_INDEX[a.arg("biome")]))
        if self.cur + 1 < self.n:
            self.cur += 1
            self.ctx = {"piece": 0}
            self.phase = "setup_tile"
            return []
        self.ctx = {"drawn": ()}
        self.phase = "deal"
        return []

    # -- 5. deal the Volcanic Power Grid --------------------------------------------------
    # "Shuffle and deal the Volcanic Power Cards to the grid until all power slots are
    # filled, ensuring each power matches its level; discard any additional powers if
    # their level slots are already filled." Each card dealt is a chance node over the
    # cards left; a card with several free slots of its level goes to one at random.
    def _chance_deal(self) -> list[tuple[Action, float]]:
        drawn = set(self.ctx["drawn"])
        opts = [p for p in GRID_POWERS if p not in drawn]
        return [(DEAL[p], 1.0 / len(opts)) for p in opts]

    def _free_slots(self, power: str) -> list[str]:
        return [s for s in SLOTS if s not in self.grid and fits_slot(power, s)]

    def _do_deal(self, a: Action) -> list[dict]:
        power = a.arg("power")
        self.ctx["drawn"] = (*self.ctx["drawn"], power)
        free = self._free_slots(power)
        if not free:
            return [{"type": "power_discarded", "power": power}]
        if len(free) == 1:
            return self._deal_to(free[0], power)
        self.ctx["card"] = power
        self.phase = "deal_slot"
        return []

    def _chance_deal_slot(self) -> list[tuple[Action, float]]:
        free = self._free_slots(self.ctx["card"])
        return [(DEAL_SLOT[s], 1.0 / len(free)) for s in free]

    def _do_deal_slot(self, a: Action) -> list[dict]:
        return self._deal_to(a.arg("slot"), self.ctx.pop("card"))

    def _deal_to(self, slot: str, power: str) -> list[dict]:
        self.grid[slot] = power
        events = [{"type": "dealt", "slot": slot, "power": power}]
        if len(self.grid) < len(SLOTS):
            self.phase = "deal"
            return events
        # the cards left over form the Caldera deck (research: the Oct 2025 draft)
        used = set(self.grid.values())
        self.deck = {p: 1 for p in POWER_IDS if p not in used}
        self.ctx = {}
        self.phase = "coin"
        return events

    # -- 6. the dispute dhoobloon picks the first player --------------------------------------
    def _chance_coin(self) -> list[tuple[Action, float]]:
        return [(COIN[i], 1.0 / self.n) for i in range(self.n)]

    def _do_coin(self, a: Action) -> list[dict]:
        self.first = self.cur = a.arg("seat")
        events: list[dict] = [{"type": "first_player", "seat": self.first}]
        # 7. first resources: one per controlled biome
        for i in range(self.n):
            events.extend(self._collect((self.first + i) % self.n))
        # 8. bonus resources: player one 0, every later player 2 of their choice
        picks = []
        for i in range(1, self.n):
            picks += [(self.first + i) % self.n] * BONUS[min(i, len(BONUS) - 1)]
        self.ctx = {"picks": tuple(picks)}
        events.extend(self._to_bonus())
        return events

    def _to_bonus(self) -> list[dict]:
        picks = self.ctx["picks"]
        if not any(self.supply):
            picks = ()
        if not picks:
            self.stage = "main"
            self.cur = self.first
            return self._to_turn()
        self.cur = picks[0]
        self.phase = "bonus"
        return []

    def _legal_bonus(self) -> list[Action]:
        return [BONUS_ACT[b] for b in range(NB) if self.supply[b] > 0]

    def _do_bonus(self, a: Action) -> list[dict]:
        b = BIOME_INDEX[a.arg("resource")]
        self.supply[b] -= 1
        self.res[self.cur][b] += 1
        self.ctx["picks"] = self.ctx["picks"][1:]
        event = {"type": "bonus", "seat": self.cur, "resource": a.arg("resource")}
        return [event, *self._to_bonus()]

    # ------------------------------------------------------------------------------------
    # a turn
    # ------------------------------------------------------------------------------------
    def _to_turn(self) -> list[dict]:
        self.flags = {}
        self.ctx = {}
        if self.stage == "final":
            # the end sequence's final turn starts by progressing all lava
            self.ctx["lava_then"] = "move"
            return self._to_lava()
        if self.stage == "finale":
            if not any(t < 0 for _, _, t in self.lava):
                return self._game_over()
            return self._to_claim()
        return self._to_move()

    # -- 1. move up to one critter --------------------------------------------------------
    def _move_targets(self, reg: tuple[int, int, int], owned: dict | None = None,
                      lava: set | None = None) -> list[tuple[int, int, int]]:
        """Within its connected biome to another tile, or onto an uncontrolled biome of its
        own tile; never onto lava."""
        biomes = self.biomes()
        q, r, c = reg
        if lava is None:
            lava = self.lava_hexes()
        bid = biomes.of[reg]
        out = [m for m in biomes.members[bid]
               if (m[0], m[1]) != (q, r) and (m[0], m[1]) not in lava]
        if (q, r) not in lava:
            if owned is None:
                owned = self.biome_owners()
            for c2 in COLOURS_OF[self.stacks[(q, r)][-1]]:
                if c2 != c and not owned.get(biomes.of[(q, r, c2)]):
                    out.append((q, r, c2))
        return out

    def _move_sources(self) -> list[tuple[int, int, int]]:
        p = self.cur
        owned = self.biome_owners()
        lava = self.lava_hexes()
        return [reg for reg, (o, _n) in sorted(self.critters.items())
                if o == p and self._move_targets(reg, owned, lava)]

    def _to_move(self) -> list[dict]:
        if self._move_sources():
            self.phase = "move"
            return []
        return self._to_buy()

    def _legal_move(self) -> list[Action]:
        return [at_act("move_from", (q, r), c) for q, r, c in self._move_sources()] + [DONE]

    def _do_move(self, a: Action) -> list[dict]:
        if a is DONE or a == DONE:
            return self._to_buy()
        q, r = a.arg("at")
        self.ctx["from"] = (q, r, BIOME_INDEX[a.arg("biome")])
        self.phase = "move_to"
        return []

    def _legal_move_to(self) -> list[Action]:
        targets = sorted(self._move_targets(self.ctx["from"]))
        return [at_act("move_to", (q, r), c) for q, r, c in targets]

    def _do_move_to(self, a: Action) -> list[dict]:
        src = self.ctx.pop("from")
        q, r = a.arg("at")
        dst = (q, r, BIOME_INDEX[a.arg("biome")])
        owner = self._take_critter(src)
        self._add_critter(dst, owner)
        return [{"type": "moved", "seat": owner, "from": list(src), "to": list(dst)},
                *self._to_buy()]

    # -- 2. buy and stack a tile ----------------------------------------------------------
    def _targets_ok(self) -> Any:
        """Rules of engagement (3-5 players): a predicate on hexes a tile may go on."""
        if self.n < 3:
            return None
        p = self.cur
        placed = self.placed()
        others = [o for o in range(self.n) if o != p]
        if self.game.options.engagement == "symbiosis":
            best = max(placed[o] for o in others)
            valid = {o for o in others if placed[o] == best}
        else:
            valid = {(p + 1) % self.n}
        valid |= {o for o in others if placed[o] >= THRESHOLD}
        return valid

    def _may_target(self, h: tuple[int, int], valid: set[int] | None) -> bool:
        if valid is None:
            return True
        if self.stacks[h][-1] == SOIL:
            return True
        owners = self.owners_on(h)
        return not owners or bool(owners & valid)

    def _stack_hexes(self) -> list[tuple[int, int]]:
        """Hexes a tile may stack on: Uno, Duo, Trio or soil, not lava, within the rules of
        engagement."""
        valid = self._targets_ok()
        lava = self.lava_hexes()
        return [h for h, st in sorted(self.stacks.items())
                if st[-1] != VOLCANO and h not in lava and self._may_target(h, valid)]

    def _faces(self) -> list[tuple[tuple[int, int], list[int]]]:
        """Each hex a tile may stack on, with its neighbours' facing biome edges."""
        stacks = self.stacks
        return [(h, facing(stacks, h)) for h in self._stack_hexes()]

    def _placements(self, kind: int) -> list[tuple[int, int]]:
        return [h for h, face in self._faces() if rotations_mask(kind, face)]

    def _buy_options(self) -> list[str]:
        p = self.cur
        total = sum(self.res[p])
        out = []
        faces = None
        for k in KINDS:
            ki = KIND_INDEX[k]
            if self.tiles.get(k, 0) > 0 and KIND_COST[ki] <= total:
                if faces is None:
                    faces = self._faces()
                if any(rotations_mask(ki, face) for _, face in faces):
                    out.append(k)
        if (not self.flags.get("tiles") and self.volcanoes > 0 and total >= VOLCANO_COST
                and self._stack_hexes()):
            out.append("volcano")
        return out

    def _to_buy(self) -> list[dict]:
        if self.stage == "final":
            return self._to_spend()
        if self.flags.get("tiles", 0) >= powers.max_tiles(self, self.cur):
            return self._to_claim()
        if self._buy_options():
            self.phase = "buy"
            return []
        if self.flags.get("tiles"):
            return self._to_claim()
        # insufficient resources: sacrifice a critter from the hand, no buy this turn
        events: list[dict] = []
        p = self.cur
        if self.hand[p] > 0 and self.crater[p] < CRATER:
            self.hand[p] -= 1
            self.crater[p] += 1
            self.flags["forced"] = 1
            events.append({"type": "forced_sacrifice", "seat": p})
        return events + self._to_claim()

    def _legal_buy(self) -> list[Action]:
        opts = [BUY[k] for k in self._buy_options()]
        if self.flags.get("tiles") or self.game.options.optional_buy:
            opts.append(DONE)  # the second tile is optional (the first: a variant)
        return opts

    def _do_buy(self, a: Action) -> list[dict]:
        if a == DONE:
            return self._to_claim()
        tile = a.arg("tile")
        if tile == "volcano":
            self.tasks.insert(0, ("pay", self.cur, VOLCANO_COST, "volcano"))
            return self._resume("erupt")
        self.ctx["kind"] = KIND_INDEX[tile]
        self.tasks.insert(0, ("pay", self.cur, KIND_COST[KIND_INDEX[tile]], "tile"))
        return self._resume("place")

    def _take_tile(self, kind: str) -> None:
        self.tiles[kind] -= 1
        if self.tiles[kind] == 0:
            del self.tiles[kind]

    def _to_place(self) -> list[dict]:
        kind = self.ctx["kind"]
        self._take_tile(KINDS[kind])
        events: list[dict] = [{"type": "bought", "seat": self.cur, "tile": KINDS[kind]}]
        self.flags["tiles"] = self.flags.get("tiles", 0) + 1
        if not self.tiles:
            events.extend(self.trigger_end("last_land_tile", self.cur))
        self.phase = "place"
        hexes = self._placements(kind)
        if len(hexes) == 1:
            events.extend(self._do_place(at_act("place", hexes[0])))
        return events

    def _legal_place(self) -> list[Action]:
        return [at_act("place", h) for h in self._placements(self.ctx["kind"])]

    def _do_place(self, a: Action) -> list[dict]:
        self.ctx["at"] = a.arg("at")
        self.phase = "rotate"
        rots = self._legal_rotate()
        if len(rots) == 1:
            return self._do_rotate(rots[0])
        return []

    def _legal_rotate(self) -> list[Action]:
        kind = self.ctx["kind"]
        mask = rotations_mask(kind, facing(self.stacks, self.ctx["at"]))
        return [ROTATE[r] for r in ROTATIONS[kind] if mask >> r & 1]

    def _do_rotate(self, a: Action) -> list[dict]:
        kind, at = self.ctx["kind"], self.ctx["at"]
        on_soil = self.stacks[at][-1] == SOIL
        events = self.stack_tile(at, kind * 6 + a.arg("rotation"), self.cur)
        if on_soil and self.flags.get("soil", 0) == self.flags["tiles"] - 1:
            self.flags["soil"] = self.flags["tiles"]  # every tile so far went on soil
        return events + self._resume("after_tile")

    def stack_tile(self, at: tuple[int, int], code: int, seat: int) -> list[dict]:
        """Stack a tile: critters on the covered tile migrate within their connected biome
        (their owner chooses where) or go back to the hand."""
        biomes = self.biomes()
        lava = self.lava_hexes()
        q, r = at
        for c in range(NB):
            v = self.critters.get((q, r, c))
            if not v:
                continue
            members = biomes.members[biomes.of[(q, r, c)]]
            dests = tuple(sorted((m[0], m[1]) for m in members
                                 if (m[0], m[1]) != at and (m[0], m[1]) not in lava))
            for _ in range(v[1]):
                self.tasks.append(("migrate", v[0], q, r, c, dests))
        self._set_stack(at, (*self.stacks[at], code))
        return [{"type": "stacked", "seat": seat, "tile": KINDS[code // 6], "at": [q, r],
                 "rotation": code % 6}]

    # migration of a critter from the covered tile (a task of the critter's owner)
    def _auto_task_migrate(self, t: tuple) -> list[dict] | None:
        _, owner, q, r, c, dests = t
        if len(dests) > 1:
            return None
        self.tasks.pop(0)
        self._take_critter((q, r, c))
        if dests:
            self._add_critter((dests[0][0], dests[0][1], c), owner)
            return [{"type": "migrated", "seat": owner, "to": list(dests[0])}]
        self.hand[owner] += 1
        return [{"type": "returned", "seat": owner, "from": [q, r]}]

    def _legal_task_migrate(self, t: tuple) -> list[Action]:
        return [at_act("migrate", d) for d in t[5]]

    def _do_task_migrate(self, t: tuple, a: Action) -> list[dict]:
        _, owner, q, r, c, _dests = t
        d = a.arg("at")
        self._take_critter((q, r, c))
        self._add_critter((d[0], d[1], c), owner)
        return [{"type": "migrated", "seat": owner, "to": list(d)}]

    def _to_after_tile(self) -> list[dict]:
        events = self.resolve_contests()
        return events + self._resume("after_contests")

    def _to_after_contests(self) -> list[dict]:
        tiles = self.flags.get("tiles", 0)
        if self.flags.get("soil") == tiles and tiles < powers.max_tiles(self, self.cur):
            # a second tile when the first went on volcanic soil
            return self._to_buy()
        return self._to_claim()

    def resolve_contests(self) -> list[dict]:
        """Contested biomes: most critters wins; an equal number are removed per player
        (so each loses as many as the runner-up has); a tie for most returns them all."""
        biomes = self.biomes()
        per: dict[int, dict[int, int]] = {}
        for reg, (owner, n) in self.critters.items():
            d = per.setdefault(biomes.of[reg], {})
            d[owner] = d.get(owner, 0) + n
        events: list[dict] = []
        for bid in sorted(per):
            counts = per[bid]
            if len(counts) < 2:
                continue
            ranked = sorted(counts.values(), reverse=True)
            members = biomes.members[bid]
            if ranked[0] == ranked[1]:
                for m in members:
                    v = self.critters.pop(m, None)
                    if v:
                        self.hand[v[0]] += v[1]
                events.append({"type": "contested", "winner": None, "counts": _counts_json(counts)})
                continue
            second = ranked[1]
            winner = max(counts, key=counts.get)
            for owner in sorted(counts):
                if owner == winner:
                    continue
                for m in members:
                    v = self.critters.get(m)
                    if v and v[0] == owner:
                        del self.critters[m]
                        self.hand[owner] += v[1]
            regs = tuple(sorted((m[0], m[1]) for m in members
                                if m in self.critters and self.critters[m][0] == winner))
            self.tasks.append(("remove", winner, biomes.colour[bid], second, regs))
            events.append({"type": "contested", "winner": winner, "counts": _counts_json(counts)})
        return events

    def _auto_task_remove(self, t: tuple) -> list[dict] | None:
        _, owner, c, k, regs = t
        total = sum(self.critters[(q, r, c)][1] for q, r in regs)
        if len(regs) > 1 and k < total:
            return None
        self.tasks.pop(0)
        left = k
        for q, r in regs:
            m = self.critters[(q, r, c)][1]
            take = min(m, left)
            self._take_critter((q, r, c), take)
            left -= take
        self.hand[owner] += k
        return [{"type": "casualties", "seat": owner, "n": k}]

    def _legal_task_remove(self, t: tuple) -> list[Action]:
        return [at_act("remove", h, t[2]) for h in t[4]]

    def _do_task_remove(self, t: tuple, a: Action) -> list[dict]:
        _, owner, c, k, regs = t
        q, r = a.arg("at")
        self._take_critter((q, r, c))
        self.hand[owner] += 1
        if k > 1:
            regs = tuple(h for h in regs if (h[0], h[1], c) in self.critters)
            self.tasks.insert(0, ("remove", owner, c, k - 1, regs))
        return [{"type": "casualties", "seat": owner, "n": 1}]

    # -- paying with a choice of resources (a task) ------------------------------------------
    def _auto_task_pay(self, t: tuple) -> list[dict] | None:
        opts = pay_options(self.res[t[1]], t[2])
        if len(opts) > 1:
            return None
        self.tasks.pop(0)
        return self._pay(t, opts[0])

    def _legal_task_pay(self, t: tuple) -> list[Action]:
        return pay_options(self.res[t[1]], t[2])

    def _do_task_pay(self, t: tuple, a: Action) -> list[dict]:
        return self._pay(t, a)

    def _pay(self, t: tuple, a: Action) -> list[dict]:
        seat = t[1]
        paid = _paid(a)
        for b in range(NB):
            self.res[seat][b] -= paid[b]
            self.supply[b] += paid[b]
        events: list[dict] = [{"type": "paid", "seat": seat, "resources": list(paid), "for": t[3]}]
        purpose = t[3]
        if purpose == "evacuate":
            _, _, _, _, q, r, c, d = t
            self._take_critter((q, r, c))
            self._add_critter((d[0], d[1], c), seat)
            events.append({"type": "evacuated", "seat": seat, "from": [q, r], "to": list(d)})
        elif purpose == "sacrifice_hand":
            self.hand[seat] -= 1
            self.crater[seat] += 1
            events.append({"type": "sacrificed", "seat": seat, "from": "hand"})
        elif purpose == "point":
            self.points[seat] += 1
        elif purpose == "volcano":
            self.volcanoes -= 1
        return events

    # -- 3. volcanoes ------------------------------------------------------------------------
    def _to_erupt(self) -> list[dict]:
        self.flags["tiles"] = self.flags.get("tiles", 0) + 1
        self.flags["volcano"] = 1
        self.phase = "erupt"
        hexes = self._stack_hexes()
        if len(hexes) == 1:
            return self._do_erupt(at_act("erupt", hexes[0]))
        return []

    def _legal_erupt(self) -> list[Action]:
        return [at_act("erupt", h) for h in sorted(self._stack_hexes())]

    def _do_erupt(self, a: Action) -> list[dict]:
        at = a.arg("at")
        events: list[dict] = [{"type": "volcano", "seat": self.cur, "at": list(at)}]
        events.extend(self._wipe_hex(at))  # no migration from a volcano
        self.ctx["volcano"] = at
        self.ctx["vh"] = self.height(at)
        self._set_stack(at, (*self.stacks[at], VOLCANO))
        return events + self._to_unlock()

    def _to_unlock(self) -> list[dict]:
        if self.hand[self.cur] == 0:
            return self._to_lava_start()
        self.phase = "unlock"
        opts = powers.unlockable(self.marks[self.cur])
        if len(opts) == 1:
            return self._do_unlock(UNLOCK[opts[0]])
        return []

    def _legal_unlock(self) -> list[Action]:
        return [UNLOCK[s] for s in powers.unlockable(self.marks[self.cur])]

    def _do_unlock(self, a: Action) -> list[dict]:
        slot = a.arg("slot")
        p = self.cur
        self.hand[p] -= 1
        self.marks[p].append(slot)
        power = self.grid.get(slot, "")
        events: list[dict] = [{"type": "unlocked", "seat": p, "slot": slot, "power": power}]
        events.extend(powers.on_unlock(self, p, power))
        return events + self._to_lava_start()

    def _lower_neighbours(self, h: tuple[int, int], height: int) -> list[tuple[int, int]]:
        """Spaces lava may flow to: lower than ``height`` (the ocean is 0), never onto a
        volcano or another lava tile. Listed clockwise from east."""
        lava = self.lava_hexes()
        out = []
        for nb in neighbours(h):
            st = self.stacks.get(nb)
            if nb in lava:
                continue
            if st is None or st[-1] != VOLCANO and len(st) < height:
                out.append(nb)
        return out

    def _to_lava_start(self) -> list[dict]:
        if self.lava_left <= 0:
            return self._to_claim()
        opts = self._lower_neighbours(self.ctx["volcano"], self.ctx["vh"])
        if not opts:
            return [{"type": "no_lava", "at": list(self.ctx["volcano"])}] + self._to_claim()
        if len(opts) == 1:
            return self._lava_arrives(None, opts[0], "claim")
        self.phase = "lava_start"
        return []

    def _chance_lava_start(self) -> list[tuple[Action, float]]:
        opts = self._lower_neighbours(self.ctx["volcano"], self.ctx["vh"])
        return [(at_act("lava", h), 1.0 / len(opts)) for h in opts]

    def _do_lava_start(self, a: Action) -> list[dict]:
        return self._lava_arrives(None, a.arg("at"), "claim")

    def _lava_arrives(self, index: int | None, h: tuple[int, int], then: str) -> list[dict]:
        """Lava moves onto ``h``: a new flow (index None) or flow ``index`` moving on.
        Critters there evacuate for 2 resources within their biome or are wiped out."""
        ocean = h not in self.stacks
        entry = (h[0], h[1], self.turn if ocean else -1)
        if index is None:
            self.lava_left -= 1
            self.lava.append(entry)
        else:
            self.lava[index] = entry
        events: list[dict] = [{"type": "lava", "at": list(h), "ocean": ocean}]
        if not ocean:
            biomes = self.biomes()
            lava = self.lava_hexes()
            q, r = h
            for c in range(NB):
                v = self.critters.get((q, r, c))
                if not v:
                    continue
                members = biomes.members[biomes.of[(q, r, c)]]
                dests = tuple(sorted((m[0], m[1]) for m in members if (m[0], m[1]) not in lava))
                for _ in range(v[1]):
                    self.tasks.append(("evacuate", v[0], q, r, c, dests))
        return events + self._resume(then)

    # evacuation (a task of the critter's owner)
    def _auto_task_evacuate(self, t: tuple) -> list[dict] | None:
        _, owner, q, r, c, dests = t
        if dests and sum(self.res[owner]) >= EVAC_COST:
            return None
        self.tasks.pop(0)
        return self._wipe_one(owner, q, r, c)

    def _wipe_one(self, owner: int, q: int, r: int, c: int) -> list[dict]:
        self._take_critter((q, r, c))
        self.hand[owner] += 1
        return [{"type": "wiped", "seat": owner, "at": [q, r], "n": 1}]

    def _legal_task_evacuate(self, t: tuple) -> list[Action]:
        return [at_act("evacuate", d) for d in t[5]] + [ABANDON]

    def _do_task_evacuate(self, t: tuple, a: Action) -> list[dict]:
        _, owner, q, r, c, _dests = t
        if a == ABANDON:
            return self._wipe_one(owner, q, r, c)
        self.tasks.insert(0, ("pay", owner, EVAC_COST, "evacuate", q, r, c, a.arg("at")))
        return []

    # -- 4. claim every uninhabited tile ---------------------------------------------------
    def _claimable(self) -> list[tuple[int, int, int]]:
        if self.hand[self.cur] <= 0:
            return []
        biomes = self.biomes()
        owned = self.biome_owners()
        lava = self.lava_hexes()
        only = self.ctx.get("island_claim")
        hexes = only if only is not None else self.stacks
        out = []
        crit = self.critters
        for h in hexes:
            h = (h[0], h[1])
            code = self.stacks[h][-1]
            if code < 0 or h in lava:
                continue
            q, r = h
            if (q, r, 0) in crit or (q, r, 1) in crit or (q, r, 2) in crit:
                continue
            for c in COLOURS_OF[code]:
                if not owned.get(biomes.of[(q, r, c)]):
                    out.append((q, r, c))
        out.sort()
        return out

    def _to_claim(self) -> list[dict]:
        if self._claimable():
            self.phase = "claim"
            return []
        return self._after_claim()

    def _after_claim(self) -> list[dict]:
        if self.ctx.pop("island_claim", None) is not None:
            return self._to_sacrifice()
        if self.stage == "finale":
            self.ctx["lava_then"] = "end_turn"
            return self._to_lava()
        return self._to_sacrifice()

    def _legal_claim(self) -> list[Action]:
        return [at_act("claim", (q, r), c) for q, r, c in self._claimable()] + [DONE]

    def _do_claim(self, a: Action) -> list[dict]:
        if a == DONE:
            return self._after_claim()
        q, r = a.arg("at")
        c = BIOME_INDEX[a.arg("biome")]
        self._add_critter((q, r, c), self.cur)
        self.hand[self.cur] -= 1
        return [{"type": "claimed", "seat": self.cur, "at": [q, r], "biome": a.arg("biome")},
                *self._to_claim()]

    # -- 5. sacrifice, and summoning an island -------------------------------------------------
    def _sacrifice_options(self) -> list[Action]:
        p = self.cur
        out: list[Action] = []
        if self.crater[p] < CRATER:
            board_done = self.flags.get("sac_board") or (
                self.stage == "final" and self.flags.get("sac_hand"))
            if not board_done:
                out += [at_act("sacrifice", (q, r), c)
                        for (q, r, c), (o, _n) in sorted(self.critters.items()) if o == p]
            if (self.stage == "main" and not self.flags.get("sac_hand") and self.hand[p] > 0
                    and sum(self.res[p]) >= SAC_COST):
                out.append(SACRIFICE_HAND)
        if (self.stage == "main" and self.crater[p] >= CRATER and self.tiles
                and (sum(self.res[p]) >= ISLAND_COST or self._free_island(p))):
            out.append(SUMMON_ISLAND)
        return out

    def _free_island(self, p: int) -> bool:
        """Re-entry: 0 or 1 resources, fewer than 3 critters on land and 3 sacrifices."""
        return sum(self.res[p]) <= 1 and self.placed()[p] < 3 and self.crater[p] >= CRATER

    def _to_sacrifice(self) -> list[dict]:
        if self.stage == "finale":
            return self._to_caldera()
        if self._sacrifice_options():
            self.phase = "sacrifice"
            return []
        return self._to_caldera()

    def _legal_sacrifice(self) -> list[Action]:
        return self._sacrifice_options() + [DONE]

    def _do_sacrifice(self, a: Action) -> list[dict]:
        p = self.cur
        if a == DONE:
            return self._to_caldera()
        if a == SACRIFICE_HAND:
            self.flags["sac_hand"] = 1
            self.tasks.insert(0, ("pay", p, SAC_COST, "sacrifice_hand"))
            return self._resume("sacrifice")
        if a == SUMMON_ISLAND:
            free = self._free_island(p)
            self.hand[p] += self.crater[p]
            self.crater[p] = 0
            self.ctx["island"] = ()
            self.ctx["island_size"] = min(powers.island_tiles(self, p), sum(self.tiles.values()))
            events: list[dict] = [{"type": "summon_island", "seat": p, "free": free}]
            if not free:
                self.tasks.insert(0, ("pay", p, ISLAND_COST, "island"))
            return events + self._resume("island_tile")
        q, r = a.arg("at")
        self._take_critter((q, r, BIOME_INDEX[a.arg("biome")]))
        self.crater[p] += 1
        self.flags["sac_board"] = 1
        return [{"type": "sacrificed", "seat": p, "from": [q, r]}, *self._to_sacrifice()]

    def _island_hexes(self) -> list[tuple[int, int]]:
        """The first island tile goes one empty space away from all land; the others join
        the island, still one space away from every other land tile. Only spots from
        which the whole island can be completed are offered."""
        island = tuple(tuple(h) for h in self.ctx["island"])
        other = [h for h in self.stacks if h not in island]
        # no tile next to other land, nor on lava cooling in the sea
        blocked = set(other) | {nb for h in other for nb in neighbours(h)} | self.lava_hexes()
        need = self.ctx["island_size"] - len(island)
        if not island:
            cands = {x for h in other for x in ring(h, 2)}
        else:
            cands = {nb for h in island for nb in neighbours(h)}
        ok = [c for c in cands if c not in blocked and c not in island]
        return sorted(c for c in ok if self._island_completes((*island, c), need - 1, blocked))

    def _island_completes(self, island: tuple, need: int, blocked: set) -> bool:
        if need <= 0:
            return True
        for h in island:
            for nb in neighbours(h):
                if (nb not in blocked and nb not in island
                        and self._island_completes((*island, nb), need - 1, blocked)):
                    return True
        return False

    def _to_island_tile(self) -> list[dict]:
        if len(self.ctx["island"]) >= self.ctx["island_size"] or not self.tiles:
            self.ctx.pop("island_size")
            self.ctx["island_claim"] = tuple(tuple(h) for h in self.ctx.pop("island"))
            events: list[dict] = []
            if not self.tiles:
                events.extend(self.trigger_end("last_land_tile", self.cur))
            self.flags["island"] = 1
            return events + self._to_claim()
        self.phase = "island_tile"
        return []

    def _legal_island_tile(self) -> list[Action]:
        return [CHOOSE[k] for k in KINDS if self.tiles.get(k, 0) > 0]

    def _do_island_tile(self, a: Action) -> list[dict]:
        self.ctx["kind"] = KIND_INDEX[a.arg("tile")]
        self.phase = "island_place"
        return []

    def _legal_island_place(self) -> list[Action]:
        return [at_act("place", h) for h in self._island_hexes()]

    def _do_island_place(self, a: Action) -> list[dict]:
        self.ctx["at"] = a.arg("at")
        self.phase = "island_rotate"
        if len(ROTATIONS[self.ctx["kind"]]) == 1:
            return self._do_island_rotate(ROTATE[0])
        return []

    def _legal_island_rotate(self) -> list[Action]:
        return [ROTATE[r] for r in ROTATIONS[self.ctx["kind"]]]  # no edge rule for islands

    def _do_island_rotate(self, a: Action) -> list[dict]:
        kind, at = self.ctx["kind"], self.ctx["at"]
        self._take_tile(KINDS[kind])
        self._set_stack(at, (kind * 6 + a.arg("rotation"),))
        self.ctx["island"] = (*self.ctx["island"], tuple(at))
        return [{"type": "island_tile", "seat": self.cur, "tile": KINDS[kind], "at": list(at),
                 "rotation": a.arg("rotation")}, *self._to_island_tile()]

    # -- 6. the Caldera deck -----------------------------------------------------------------
    def _to_caldera(self) -> list[dict]:
        p = self.cur
        if (self.stage == "main" and not self.flags.get("caldera") and self.deck
                and all(self.res[p][b] >= CALDERA_COST[b] for b in range(NB))):
            self.phase = "caldera"
            return []
        return self._to_collect()

    def _legal_caldera(self) -> list[Action]:
        return [BUY_CALDERA, DONE]

    def _do_caldera(self, a: Action) -> list[dict]:
        if a == DONE:
            return self._to_collect()
        p = self.cur
        for b in range(NB):
            self.res[p][b] -= CALDERA_COST[b]
            self.supply[b] += CALDERA_COST[b]
        self.flags["caldera"] = 1
        self.phase = "draw"
        return [{"type": "caldera_bought", "seat": p}]

    def _play_caldera(self, card: str) -> list[dict]:
        """Reveal a card, resolve its effect (the powers hook), discard it; the turn goes
        on at the same step."""
        p = self.cur
        self.chands[p].remove(card)
        self.discard.append(card)
        events: list[dict] = [{"type": "caldera_played", "seat": p, "card": card, "reveal": True}]
        return events + powers.CALDERA_EFFECTS[card](self, p)

    def _chance_draw(self) -> list[tuple[Action, float]]:
        total = sum(self.deck.values())
        return [(DRAW[c], n / total) for c, n in sorted(self.deck.items())]

    def _do_draw(self, a: Action) -> list[dict]:
        card = a.arg("card")
        self.deck[card] -= 1
        if not self.deck[card]:
            del self.deck[card]
        self.chands[self.cur].append(card)
        return [{"type": "caldera_card", "seat": self.cur}, *self._to_collect()]

    # -- 7. collect resources ------------------------------------------------------------------
    def _collect(self, p: int) -> list[dict]:
        """One resource per biome the seat controls, while the supply lasts."""
        biomes = self.biomes()
        got = [0] * NB
        for bid in scoring.controlled_biomes(self)[p]:
            c = biomes.colour[bid]
            if self.supply[c] > 0:
                self.supply[c] -= 1
                self.res[p][c] += 1
                got[c] += 1
        over = sum(self.res[p]) - powers.hand_cap(self, p)
        if over > 0:
            self.tasks.append(("discard", p, over))
        return [{"type": "collected", "seat": p, "resources": got}]

    def _to_collect(self) -> list[dict]:
        if self.stage != "main":
            return self._to_end_turn()
        events = self._collect(self.cur)
        self.ctx["lava_then"] = "end_turn"
        return events + self._resume("lava")

    def _auto_task_discard(self, t: tuple) -> list[dict] | None:
        _, p, k = t
        kinds = [b for b in range(NB) if self.res[p][b] > 0]
        if len(kinds) > 1:
            return None
        self.tasks.pop(0)
        b = kinds[0]
        self.res[p][b] -= k
        self.supply[b] += k
        return [{"type": "discarded", "seat": p, "resource": BIOMES[b], "n": k}]

    def _legal_task_discard(self, t: tuple) -> list[Action]:
        return [DISCARD_ACT[b] for b in range(NB) if self.res[t[1]][b] > 0]

    def _do_task_discard(self, t: tuple, a: Action) -> list[dict]:
        _, p, k = t
        b = BIOME_INDEX[a.arg("resource")]
        self.res[p][b] -= 1
        self.supply[b] += 1
        if k > 1:
            self.tasks.insert(0, ("discard", p, k - 1))
        return [{"type": "discarded", "seat": p, "resource": BIOMES[b], "n": 1}]

    # -- 8. progress all lava --------------------------------------------------------------
    def _to_lava(self) -> list[dict]:
        self.ctx["lava_i"] = 0
        return self._to_lava_next()

    def _to_lava_next(self) -> list[dict]:
        events: list[dict] = []
        while self.ctx["lava_i"] < len(self.lava):
            i = self.ctx["lava_i"]
            q, r, t = self.lava[i]
            if t >= 0:
                if t < self.turn:
                    # lava that reached the ocean last turn becomes volcanic soil
                    del self.lava[i]
                    self._set_stack((q, r), (SOIL,))
                    events.append({"type": "soil", "at": [q, r]})
                else:
                    self.ctx["lava_i"] = i + 1
                continue
            opts = self._lower_neighbours((q, r), self.height((q, r)))
            if not opts:
                # nowhere lower to go: the flow has ended, the lava tile goes back
                del self.lava[i]
                self.lava_left += 1
                events.append({"type": "lava_cooled", "at": [q, r]})
                continue
            self.ctx["lava_i"] = i + 1
            if len(opts) == 1:
                return events + self._lava_arrives(i, opts[0], "lava_next")
            self.phase = "lava_flow"
            return events
        then = self.ctx.pop("lava_then")
        return events + getattr(self, "_to_" + then)()

    def _chance_lava_flow(self) -> list[tuple[Action, float]]:
        q, r, _ = self.lava[self.ctx["lava_i"] - 1]
        opts = self._lower_neighbours((q, r), self.height((q, r)))
        return [(at_act("lava", h), 1.0 / len(opts)) for h in opts]

    def _do_lava_flow(self, a: Action) -> list[dict]:
        return self._lava_arrives(self.ctx["lava_i"] - 1, a.arg("at"), "lava_next")

    # -- end of a turn, the end sequence ------------------------------------------------------
    def trigger_end(self, reason: str, seat: int) -> list[dict]:
        """Start the end-game sequence (last land tile, 21 critters deployed, the level 5
        powers through their hooks): this turn finishes, then one final turn each."""
        if self.stage != "main" or self.end_reason:
            return []
        self.end_reason = reason
        return [{"type": "end_triggered", "reason": reason, "seat": seat}]

    def _to_end_turn(self) -> list[dict]:
        events: list[dict] = []
        if self.stage == "main":
            for p in range(self.n):
                if self.hand[p] == 0:
                    events.extend(self.trigger_end("all_critters_deployed", p))
                    break
            limit = self.game.options.max_rounds
            if limit and self.round >= limit - 1 and (self.cur + 1) % self.n == self.first:
                events.extend(self.trigger_end("round_limit", self.cur))
        if self.stage == "main" and self.end_reason:
            self.stage = "final"
            self.final_left = [(self.cur + i) % self.n for i in range(1, self.n)]
        self.turn += 1
        if self.stage == "final":
            if self.final_left:
                self.cur = self.final_left.pop(0)
            else:
                self.stage = "finale"
                self.cur = (self.cur + 1) % self.n
        else:
            self.cur = (self.cur + 1) % self.n
        if self.cur == self.first:
            self.round += 1
        return events + self._to_turn()

    def _game_over(self) -> list[dict]:
        self.stage = "over"
        self.phase = ""
        return [{"type": "game_over", "scores": self.scores(), "reveal": True,
                 "caldera": [list(h) for h in self.chands]}]

    # -- final turns: spend your final resources ---------------------------------------------
    def _to_spend(self) -> list[dict]:
        if self._legal_spend() != [DONE]:
            self.phase = "spend"
            return []
        return self._to_claim()

    def _legal_spend(self) -> list[Action]:
        p = self.cur
        out = []
        total = sum(self.res[p])
        if (not self.flags.get("tiles") and self.volcanoes > 0 and total >= VOLCANO_COST
                and self._stack_hexes()):
            out.append(BUY["volcano"])
        if total >= POINT_COST:
            out.append(BUY_POINT)
        out.append(DONE)
        return out

    def _do_spend(self, a: Action) -> list[dict]:
        if a == DONE:
            return self._to_claim()
        if a == BUY_POINT:
            self.tasks.insert(0, ("pay", self.cur, POINT_COST, "point"))
            return self._resume("spend")
        self.tasks.insert(0, ("pay", self.cur, VOLCANO_COST, "volcano"))
        return self._resume("erupt")

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
            "critters": [[q, r, BIOMES[c], o, n]
                         for (q, r, c), (o, n) in sorted(self.critters.items())],
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
            if (s.phase and s.phase != "resume" and s.phase not in CHANCE_PHASES
                    and not hasattr(s, "_legal_" + s.phase)):
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
            return {"deal": "dealing the power grid", "deal_slot": "dealing the power grid",
                    "coin": "the dispute dhoobloon",
                    "lava_start": "rolling the lava direction", "lava_flow": "lava flows",
                    "draw": "drawing a Caldera card"}[self.phase]
        return PHASE_TEXT.get(self.phase, self.phase)

    def action_text(self, action: Action) -> str:
        kind = action.kind
        at = action.arg("at")
        where = f"({at[0]},{at[1]})" if at is not None else ""
        biome = action.arg("biome")
        if kind == "done":
            return {"move": "don't move", "claim": "stop claiming",
                    "sacrifice": "no (more) sacrifice", "caldera": "don't buy a Caldera card",
                    "buy": "no second tile", "spend": "stop spending"}.get(self.phase, "done")
        if kind in ("move_from", "move_to", "claim", "sacrifice", "remove"):
            verb = {"move_from": "move the critter on", "move_to": "move it to",
                    "claim": "claim", "sacrifice": "sacrifice the critter on",
                    "remove": "lose the critter on"}[kind]
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


DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
SEAT_COLOURS = ("pink", "blue", "purple", "orange", "green")


def _mind(h: tuple[int, int], hexes) -> int:
    best = 1 << 30
    for o in hexes:
        d = distance(h, o)
        if d < best:
            best = d
    return best


def _counts_json(counts: dict[int, int]) -> dict[str, int]:
    return {str(k): v for k, v in sorted(counts.items())}


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple | list):
        return [_jsonable(x) for x in v]
    return v


def _frozen(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_frozen(x) for x in v)
    return v


def _task_json(t: tuple) -> dict[str, Any]:
    return {"kind": t[0], "seat": t[1], "data": _jsonable(t[2:])}


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
        return [({}, 2), ({"optional_buy": True, "diversified_bonus": False}, 2), ({}, 3),
                ({"engagement": "to_the_left"}, 3), ({}, 4), ({}, 5)]
