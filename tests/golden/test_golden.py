"""Golden playthroughs: recorded games of every game replay with the same events, log,
observations, numeric views, action texts and scores at every step."""

import json
from pathlib import Path

import pytest

from lapilli.core.records import Record
from lapilli.core.registry import games

from .make import trace

FILES = sorted(Path(__file__).parent.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_identically(path):
    data = json.loads(path.read_text())
    record = Record.from_json(data["record"])
    steps = trace(record)
    assert record.replay().is_terminal()
    pairs = enumerate(zip(steps, data["steps"], strict=False))
    first = next((i for i, (a, b) in pairs if a != b), None)
    assert first is None, f"step {first} reads differently from the recorded game"
    assert len(steps) == len(data["steps"])


@pytest.mark.parametrize("game", games())
def test_every_game_has_golden_games(game):
    assert len([p for p in FILES if p.name.startswith(f"{game}-")]) >= 4
