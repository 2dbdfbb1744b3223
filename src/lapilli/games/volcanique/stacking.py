"""Step 2: buying and stacking a tile, migration, joining and splitting biomes,
contested biomes, the second tile on soil, paying with a choice of resources."""

from __future__ import annotations

from typing import Any

from lapilli.core import Action

from . import powers
from .board import facing, rotations_mask
from .common import (
    BUY,
    CRATER,
    DONE,
    ROTATE,
    THRESHOLD,
    VOLCANO_COST,
    _counts_json,
    _paid,
    at_act,
    pay_options,
)
from .components import (
    KIND_COST,
    KIND_INDEX,
    KINDS,
    NB,
    ROTATIONS,
    SOIL,
    VOLCANO,
)


class StackingSteps:
    """Methods of ``VolcaniqueState`` (a mixin: it reads and writes the state's fields)."""

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
        return [
            h
            for h, st in sorted(self.stacks.items())
            if st[-1] != VOLCANO and h not in lava and self._may_target(h, valid)
        ]

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
        if (
            not self.flags.get("tiles")
            and self.volcanoes > 0
            and total >= VOLCANO_COST
            and self._stack_hexes()
        ):
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
            dests = tuple(
                sorted(
                    (m[0], m[1]) for m in members if (m[0], m[1]) != at and (m[0], m[1]) not in lava
                )
            )
            for _ in range(v[1]):
                self.tasks.append(("migrate", v[0], q, r, c, dests))
        self._set_stack(at, (*self.stacks[at], code))
        return [
            {
                "type": "stacked",
                "seat": seat,
                "tile": KINDS[code // 6],
                "at": [q, r],
                "rotation": code % 6,
            }
        ]

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
            regs = tuple(
                sorted(
                    (m[0], m[1])
                    for m in members
                    if m in self.critters and self.critters[m][0] == winner
                )
            )
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
