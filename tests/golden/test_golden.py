"""Golden playthroughs: recorded games replay to exactly the recorded final position."""

import json
from pathlib import Path

import pytest

from lapilli.core.records import Record

from .make import digest

FILES = sorted(Path(__file__).parent.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_identically(path):
    data = json.loads(path.read_text())
    final = Record.from_json(data["record"]).replay()
    assert final.is_terminal()
    assert final.scores() == data["scores"]
    assert digest(final) == data["digest"]


def test_there_are_golden_games():
    assert len(FILES) >= 3
