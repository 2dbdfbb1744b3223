"""Regenerate the golden playthroughs: ``python tests/golden/make.py foggy_island``.

Each file holds a random game's record and a digest of its final position. The test
replays it: any change of behaviour shows as a changed digest (then look at why, and
regenerate only if the change is meant).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from lapilli.core.records import Record
from lapilli.core.registry import game_class
from lapilli.sim.runner import Setup, play_one

HERE = Path(__file__).parent


def digest(state) -> str:
    return hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()


def make(game_id: str, seeds=(1, 2, 3)) -> None:
    cls = game_class(game_id)
    for options, players in cls().conformance_configs()[:3]:
        pairs = tuple(f"{k}={v}" for k, v in options.items())
        for seed in seeds:
            result = play_one(Setup(game_id, pairs, ("random",) * players, records=True), 0, seed)
            assert result.record is not None
            record = Record.from_json(json.loads(result.record)).to_json()
            final = Record.from_json(record).replay()
            name = "-".join(
                [game_id, *[f"{k}={v}" for k, v in options.items()], f"{players}p", str(seed)]
            )
            (HERE / f"{name}.json").write_text(
                json.dumps({"record": record, "digest": digest(final), "scores": final.scores()})
                + "\n"
            )


if __name__ == "__main__":
    for game in sys.argv[1:]:
        make(game)
