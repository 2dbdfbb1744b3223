"""The end of a turn and the end of the game: triggers, final turns, finale."""

from __future__ import annotations

from lapilli.core import Action

from .common import (
    BUY,
    BUY_POINT,
    DONE,
    POINT_COST,
    VOLCANO_COST,
)


class EndSteps:
    """Methods of ``VolcaniqueState`` (a mixin: it reads and writes the state's fields)."""

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
        return [
            {
                "type": "game_over",
                "scores": self.scores(),
                "reveal": True,
                "caldera": [list(h) for h in self.chands],
            }
        ]

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
        if (
            not self.flags.get("tiles")
            and self.volcanoes > 0
            and total >= VOLCANO_COST
            and self._stack_hexes()
        ):
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
