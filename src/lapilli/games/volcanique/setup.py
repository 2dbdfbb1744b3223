"""Set-up, rulebook steps 1-8: starting islands and critters, the power grid, the
dispute dhoobloon, first and bonus resources."""

from __future__ import annotations

from lapilli.core import Action

from .board import facing, neighbours, ring, rotations_mask
from .common import (
    BONUS,
    BONUS_ACT,
    CHOOSE,
    COIN,
    DEAL,
    DEAL_SLOT,
    GRID_POWERS,
    ROTATE,
    START_GAP,
    _mind,
    at_act,
)
from .components import (
    BIOME_INDEX,
    EDGES,
    KIND_INDEX,
    KIND_SIZE,
    KINDS,
    NB,
    POWER_IDS,
    ROTATIONS,
    SLOTS,
    fits_slot,
)


class SetupSteps:
    """Methods of ``VolcaniqueState`` (a mixin: it reads and writes the state's fields)."""

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
        return [
            CHOOSE[k]
            for k in KINDS
            if KIND_SIZE[KIND_INDEX[k]] == size
            and self.tiles.get(k, 0) > 0
            and self._setup_hexes(KIND_INDEX[k])
        ]

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
        events = [
            {
                "type": "island_tile",
                "seat": self.cur,
                "tile": KINDS[kind],
                "at": list(at),
                "rotation": code % 6,
            }
        ]
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
        return [
            at_act("claim", trio, c)
            for c in range(NB)
            if (trio[0], trio[1], c) in of and of[(trio[0], trio[1], c)] not in taken
        ]

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
