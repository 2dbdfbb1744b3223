"""Recorded random games replay identically: the same choices at every step, the same
events, the same final scores and views (see records/make.py for when they are made)."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from lapilli.games.volcanique import Volcanique

from .records.make import choices, parse

FILES = sorted((Path(__file__).parent / "records").glob("*.json.gz"))
FLOW = {"phase", "tasks", "step", "decision"}
"""Observation keys naming the pending decision: nothing is pending at the end."""


def final_view(view: dict) -> dict:
    return {k: v for k, v in view.items() if k not in FLOW}


@pytest.mark.parametrize("path", FILES, ids=[p.name.removesuffix(".json.gz") for p in FILES])
def test_recorded_games_replay_identically(path: Path) -> None:
    data = json.loads(gzip.decompress(path.read_bytes()))
    game = Volcanique.with_options_json(data["options"])
    for record in data["games"]:
        state = game.new_state(data["players"])
        steps, events = hashlib.sha256(), hashlib.sha256()
        for text in record["actions"]:
            steps.update(json.dumps(choices(state)).encode())
            events.update(json.dumps(state.apply(parse(text)), sort_keys=True).encode())
        seed = record["seed"]
        assert state.is_terminal(), f"game {seed} does not end"
        assert steps.hexdigest() == record["choices"], f"game {seed}: other choices"
        assert events.hexdigest() == record["events"], f"game {seed}: other events"
        assert state.scores() == record["scores"], f"game {seed}"
        assert final_view(state.observation(None)) == final_view(record["spectator"])
        for seat, view in enumerate(record["seats"]):
            assert final_view(state.observation(seat)) == final_view(view), f"game {seed}"


def test_every_conformance_setup_has_records() -> None:
    assert len(FILES) == len(Volcanique().conformance_configs())
