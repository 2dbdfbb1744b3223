"""Step 3 (volcanoes) and step 8 (lava): eruption, unlocking a power, the first lava
direction, lava flowing downhill, evacuation, volcanic soil."""

from __future__ import annotations

from lapilli.core import Action

from . import powers
from .board import neighbours
from .common import (
    ABANDON,
    EVAC_COST,
    UNLOCK,
    at_act,
)
from .components import (
    NB,
    SOIL,
    VOLCANO,
)


class LavaSteps:
    """Methods of ``VolcaniqueState`` (a mixin: it reads and writes the state's fields)."""

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
