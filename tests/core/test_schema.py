"""Observations and events are documented: each game's schemas, the JSON Schemas in
docs/schemas, the pending decision named in the game's words, and a log line for every
kind of event."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from lapilli.core.conformance import ConformanceFailure, check_state
from lapilli.core.errors import MalformedInput
from lapilli.core.events import EventTexts, kinds_of, names_of
from lapilli.core.registry import game_class, games
from lapilli.core.schema import check_event, check_observation, events_schema, json_schema
from lapilli.games.eras import Eras
from lapilli.games.eras.state import ErasState

DOCS = Path(__file__).parents[2] / "docs" / "schemas"


@pytest.mark.parametrize("game_id", games())
def test_each_game_documents_its_observation_in_docs(game_id):
    written = json.loads((DOCS / f"{game_id}.json").read_text())
    assert written == json_schema(game_class(game_id)), (
        "docs/schemas is out of date: run python -m lapilli.core.schema docs/schemas"
    )
    assert written["additionalProperties"] is False
    assert all(field.get("description") for field in written["properties"].values())


@pytest.mark.parametrize("game_id", games())
def test_each_game_documents_its_events_in_docs(game_id):
    written = json.loads((DOCS / f"{game_id}.events.json").read_text())
    assert written == events_schema(game_class(game_id)), (
        "docs/schemas is out of date: run python -m lapilli.core.schema docs/schemas"
    )
    kinds = written["$defs"].values()
    assert all(kind["additionalProperties"] is False for kind in kinds)
    assert all(kind.get("description") for kind in kinds)


@pytest.mark.parametrize("game_id", games())
def test_every_kind_of_event_has_its_own_log_line(game_id):
    parts = game_class(game_id).parts
    assert isinstance(parts.event_text, EventTexts)
    names = [name for kind in kinds_of(parts.event) for name in names_of(kind)]
    assert len(names) == len(set(names)), "two kinds of event share a name"
    assert sorted(names) == sorted(parts.event_text.by_name)


def test_an_event_off_its_documented_kind_is_refused():
    moved = {"type": "moved", "seat": 0, "to": [1, 2], "paid": 0}
    check_event(Eras(), moved)
    for wrong, where in (
        ({**moved, "paid": True}, "paid"),
        ({**moved, "extra": 1}, "extra"),
        ({"type": "teleported", "seat": 0}, "teleported"),
    ):
        with pytest.raises(MalformedInput, match=where):
            check_event(Eras(), wrong)


def test_the_decision_is_named_in_the_games_words():
    state = Eras().new_state(3)
    decision = state.observation(1)["decision"]
    assert decision == {
        "name": "deal start cards",
        "seat": None,
        "prompt": "Preparation: deal a start card",
    }
    words = json_schema(Eras)["$defs"]["Decision"]["properties"]["name"]["enum"]
    assert {"bid", "exchange", "volcano", "move"} <= set(words)


@pytest.mark.parametrize("game_id", games())
def test_every_decision_of_every_game_has_a_word(game_id):
    words = json_schema(game_class(game_id))["$defs"]["Decision"]["properties"]["name"]["enum"]
    assert [word for word in words if "_" in word] == []


class Undocumented(ErasState):
    def observation(self, seat):
        return super().observation(seat) | {"secret_key": 1}


class Miscounted(ErasState):
    def observation(self, seat):
        return super().observation(seat) | {"tokens": ["fifteen"] * self.players}


class Misnamed(ErasState):
    def observation(self, seat):
        return super().observation(seat) | {"decision": None}


@pytest.mark.parametrize(
    "cls, message",
    [
        (Undocumented, "at secret_key: Extra inputs are not permitted"),
        (Miscounted, "at tokens.0: Input should be a valid integer"),
    ],
)
def test_an_observation_the_schema_does_not_describe_is_refused(cls, message):
    state = Eras().new_state(2)
    state.__class__ = cls
    with pytest.raises(MalformedInput, match=message):
        check_observation(state, 0)
    with pytest.raises(ConformanceFailure, match=message):
        check_state(state, set(), random.Random(1))


def test_an_observation_that_does_not_name_the_decision_fails_conformance():
    state = Eras().new_state(2)
    state.__class__ = Misnamed
    with pytest.raises(ConformanceFailure, match="does not name the pending decision"):
        check_state(state, set(), random.Random(1))
