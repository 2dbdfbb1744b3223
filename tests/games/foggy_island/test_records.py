"""Games recorded with the engine from before the port replay to the same course and end.

``records/make.py`` explains what each record holds. Every action must still be legal,
the same seats must decide among the same actions (same menu texts, same secrecy) and
the same chance outcomes with the same probabilities, every step must cause the same
events and log lines and leave every seat the same view, and the game must end with
the same scores and final views.

The port shows piles, hands and the team pools as the shared zones do (``{"items": ...}``
or ``{"count": n}``), and a 2-player game has no pools any more; ``as_before`` writes
views the old way (the contents or ``{"hidden": n}``, each pool as its size, two empty
pools in a 2-player game) before comparing.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from lapilli.core.actions import Action
from lapilli.core.records import Record
from lapilli.games.foggy_island import FoggyIsland

from .records.make import HERE, as_before, file_name, final, play

CONFIGS = FoggyIsland().conformance_configs()


def load(path: Path):
    return json.loads(gzip.decompress(path.read_bytes()))


@pytest.mark.parametrize(
    ("options", "players"), CONFIGS, ids=[file_name(*c)[: -len(".json.gz")] for c in CONFIGS]
)
def test_recorded_games_replay_to_the_same_course_and_end(options, players):
    data = load(HERE / file_name(options, players))
    assert data["players"] == players and len(data["games"]) >= 30
    game = FoggyIsland(**options)
    for recorded in data["games"]:
        actions = [Action.from_json(a) for a in recorded["actions"]]
        s, _, trace = play(game, players, 0, "random", actions, as_before)
        label = f"{recorded['policy']} game {recorded['seed']}"
        assert trace.digests() == {k: recorded[k] for k in ("flow", "events", "logs", "views")}, (
            label
        )
        assert final(s, players, as_before) == {
            k: recorded[k] for k in ("scores", "returns", "observations")
        }, label


def test_the_golden_playthroughs_end_as_they_did_before_the_port():
    golden = HERE.parents[1].parent / "golden"
    expected = load(HERE / "golden.json.gz")
    assert len(expected) >= 9
    for item in expected:
        record = Record.from_json(json.loads((golden / item["file"]).read_text())["record"])
        s, _, trace = play(
            record.make_game(), record.players, 0, "random", record.actions, as_before
        )
        assert trace.digests() == {k: item[k] for k in ("flow", "events", "logs", "views")}
        assert final(s, record.players, as_before) == {
            k: item[k] for k in ("scores", "returns", "observations")
        }
