"""Recorded games replay identically (made anew only for deliberate rule changes).

``records/make.py`` played them with the old engine; here each is replayed and every
step compared: who is to move, the legal actions (with their texts and secrecy) or
chance outcomes, each seat's log, each seat's observation, and the final result.
"""

import gzip
import json
from pathlib import Path

import pytest

from lapilli.core.actions import Action
from lapilli.games.fuji import Fuji

from .records.make import file_name, final, play

RECORDS = Path(__file__).parent / "records"
CONFIGS = Fuji().conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS, ids=[file_name(*c) for c in CONFIGS])
def test_recorded_games_replay_identically(options, players):
    data = json.loads(gzip.decompress((RECORDS / file_name(options, players)).read_bytes()))
    assert data["options"] == options and data["players"] == players
    game = Fuji(**options)
    assert len(data["games"]) >= 30
    for rec in data["games"]:
        actions = [Action.from_json(a) for a in rec["actions"]]
        s, played, trace = play(game, players, rec["seed"], rec["policy"], actions)
        assert len(played) == len(actions), rec["seed"]
        assert final(s, players) == {k: rec[k] for k in ("scores", "returns", "observations")}
        assert trace.digests() == {k: rec[k] for k in ("flow", "logs", "views")}, rec["seed"]
