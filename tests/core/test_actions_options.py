import copy
import pickle
from dataclasses import dataclass, field
from typing import Literal

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import MalformedInput, OptionError
from lapilli.core.options import options_from_json, parse_options


def test_action_is_a_hashable_value_with_a_json_form():
    a = Action("place", tile="c3", rotation=4)
    assert a == Action("place", rotation=4, tile="c3")
    assert hash(a) == hash(Action("place", rotation=4, tile="c3"))
    assert a.kind == "place" and a.arg("tile") == "c3" and a.arg("missing", 7) == 7
    assert a.to_json() == {"kind": "place", "rotation": 4, "tile": "c3"}
    assert str(a) == "place rotation=4 tile=c3"


def test_action_lists_round_trip_as_tuples():
    a = Action("place_tile", at=(2, -1))
    data = a.to_json()
    assert data["at"] == [2, -1]
    assert Action.from_json(data) == a


def test_an_action_survives_copying_and_pickling():
    a = Action("place_tile", at=(2, -1), tile="c3")
    for again in (copy.copy(a), copy.deepcopy(a), pickle.loads(pickle.dumps(a))):
        assert again == a and again.kind == "place_tile" and type(again) is Action
    assert pickle.loads(pickle.dumps(Action("pass"))) == Action("pass")


@pytest.mark.parametrize("bad", [None, [], {"tile": 3}, {"kind": 5}, {"kind": "x", "p": {"a": 1}}])
def test_malformed_actions_are_refused_with_a_message(bad):
    with pytest.raises(MalformedInput) as exc:
        Action.from_json(bad)
    assert str(exc.value)


@dataclass(frozen=True)
class Opts:
    level: int = field(default=1, metadata={"choices": (1, 2, 3, 4)})
    mode: Literal["a", "b"] = "a"
    fast: bool = False


def test_options_parse_from_text_with_types():
    opts = parse_options(Opts, ["level=3", "mode=b", "fast=yes"])
    assert opts == Opts(level=3, mode="b", fast=True)


@pytest.mark.parametrize(
    "pairs, words",
    [
        (["level=9"], "not one of"),
        (["level=x"], "not one of 1, 2, 3, 4"),
        (["mode=c"], "not one of a, b"),
        (["speed=1"], "unknown option 'speed'"),
        (["level"], "key=value"),
        (["fast=maybe"], "not a valid bool"),
    ],
)
def test_bad_options_say_what_is_wrong(pairs, words):
    with pytest.raises(OptionError, match=words):
        parse_options(Opts, pairs)


def test_options_from_json_checks_names():
    assert options_from_json(Opts, {"level": 2}) == Opts(level=2)
    with pytest.raises(OptionError):
        options_from_json(Opts, {"colour": "red"})
    with pytest.raises(OptionError):
        options_from_json(Opts, ["level"])
