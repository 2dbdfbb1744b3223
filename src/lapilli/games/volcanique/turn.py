"""A turn, steps 1 and 4-7: moving a critter, claiming uninhabited tiles, sacrifices
and islands, the Caldera, collecting resources."""

from __future__ import annotations

from lapilli.core import Action

from . import powers, scoring
from .board import neighbours, ring
from .common import (
    BUY_CALDERA,
    CALDERA_COST,
    CHOOSE,
    CRATER,
    DISCARD_ACT,
    DONE,
    DRAW,
    ISLAND_COST,
    ROTATE,
    SAC_COST,
    SACRIFICE_HAND,
    SUMMON_ISLAND,
    at_act,
)
from .components import (
    BIOME_INDEX,
    BIOMES,
    COLOURS_OF,
    KIND_INDEX,
    KINDS,
    NB,
    ROTATIONS,
)


class TurnSteps:
    """Methods of ``VolcaniqueState`` (a mixin: it reads and writes the state's fields)."""

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
    def _move_targets(
        self, reg: tuple[int, int, int], owned: dict | None = None, lava: set | None = None
    ) -> list[tuple[int, int, int]]:
        """Within its connected biome to another tile, or onto an uncontrolled biome of its
        own tile; never onto lava."""
        biomes = self.biomes()
        q, r, c = reg
        if lava is None:
            lava = self.lava_hexes()
        bid = biomes.of[reg]
        out = [
            m for m in biomes.members[bid] if (m[0], m[1]) != (q, r) and (m[0], m[1]) not in lava
        ]
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
        return [
            reg
            for reg, (o, _n) in sorted(self.critters.items())
            if o == p and self._move_targets(reg, owned, lava)
        ]

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
        return [
            {"type": "moved", "seat": owner, "from": list(src), "to": list(dst)},
            *self._to_buy(),
        ]

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
        return [
            {"type": "claimed", "seat": self.cur, "at": [q, r], "biome": a.arg("biome")},
            *self._to_claim(),
        ]

    # -- 5. sacrifice, and summoning an island -------------------------------------------------
    def _sacrifice_options(self) -> list[Action]:
        p = self.cur
        out: list[Action] = []
        if self.crater[p] < CRATER:
            board_done = self.flags.get("sac_board") or (
                self.stage == "final" and self.flags.get("sac_hand")
            )
            if not board_done:
                out += [
                    at_act("sacrifice", (q, r), c)
                    for (q, r, c), (o, _n) in sorted(self.critters.items())
                    if o == p
                ]
            if (
                self.stage == "main"
                and not self.flags.get("sac_hand")
                and self.hand[p] > 0
                and sum(self.res[p]) >= SAC_COST
            ):
                out.append(SACRIFICE_HAND)
        if (
            self.stage == "main"
            and self.crater[p] >= CRATER
            and self.tiles
            and (sum(self.res[p]) >= ISLAND_COST or self._free_island(p))
        ):
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
                if (
                    nb not in blocked
                    and nb not in island
                    and self._island_completes((*island, nb), need - 1, blocked)
                ):
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
        return [
            {
                "type": "island_tile",
                "seat": self.cur,
                "tile": KINDS[kind],
                "at": list(at),
                "rotation": a.arg("rotation"),
            },
            *self._to_island_tile(),
        ]

    # -- 6. the Caldera deck -----------------------------------------------------------------
    def _to_caldera(self) -> list[dict]:
        p = self.cur
        if (
            self.stage == "main"
            and not self.flags.get("caldera")
            and self.deck
            and all(self.res[p][b] >= CALDERA_COST[b] for b in range(NB))
        ):
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
