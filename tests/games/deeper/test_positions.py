"""Saved positions round-trip; a damaged one is refused, naming what is wrong."""

import copy
import json
import random
import signal

import pytest

from lapilli.core.errors import MalformedInput
from lapilli.core.loop import play, random_policy
from lapilli.games.deeper.board import ocean
from lapilli.games.deeper.components import NRES, RESOURCES

from .helpers import game, position


def played(players=2, seed=1):
    """The end of a random game."""
    s = game().new_state(players)
    rng = random.Random(seed)
    play(s, [random_policy(rng)] * players, rng)
    return s


def test_a_position_survives_its_json_form():
    s = position(
        3,
        tiles={"H20": "40m-11"},
        market=["20m-01"],
        seats={1: {"hand": ["radio", "garden"], "inventory": {"fish": 2}}},
    )
    back = game().state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()


def _resource(name, k):
    return _OCEAN.cell(name) * NRES + RESOURCES.index(k)


_OCEAN = ocean(1)
H20, H0, G10, H40 = (_OCEAN.cell(name) for name in ("H20", "H0", "G10", "H40"))


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d.pop("tiles"), "has no tiles"),
        (lambda d: d.update(players=7), "for 1-4 players, not 7"),
        (lambda d: d["tiles"].__setitem__(H20, "99m-01"), "'99m-01' is not a tile"),
        (lambda d: d["tiles"].append("20m-01"), "has 76 hexes"),
        (lambda d: d["tiles"].__setitem__(H0, "20m-01"), "H0 is a Hatch"),
        (lambda d: d["tiles"].__setitem__(H20, "20m-01"), "20m-01 is in two places"),
        (lambda d: d["res"].__setitem__(_resource("G10", "fish"), -1), "-1 fish is not a count"),
        (lambda d: d["decks"].pop(), "the decks are"),
        (lambda d: d.update(removed=["20m-01"]), "removed: '20m-01' is not a tile that can be"),
        (lambda d: d.update(market=["start-1"]), "market: 'start-1' is not a tile that can be"),
        (lambda d: d["pawn"].__setitem__(0, H40), "which has no tile"),
        (lambda d: d["air"].__setitem__(0, 9), "9 air in Lungs of 4"),
        (lambda d: d["inventory"][0].__setitem__(0, 5), "more resources than cells"),
        (lambda d: d["upgrades"].__setitem__(0, 1 << 20), "is not an upgrade"),
        (lambda d: d["hands"][0].update(items={"garden": 1}), "do not add up"),
        (lambda d: d.update(rockets=["launch_platform"]), "rocket cards do not add up"),
        (lambda d: d.update(stack=[{"step": "swim", "seat": 0}]), "no step called 'swim'"),
        (lambda d: d.update(end="boredom"), "cannot end by 'boredom'"),
        (lambda d: d.update(round=1.0), "round must be a whole number"),
    ],
)
def test_a_damaged_position_is_refused(damage, message):
    s = position(1)
    data = copy.deepcopy(s.to_json())
    damage(data)
    with pytest.raises(MalformedInput, match=message):
        game().state_from_json(data)


def test_positions_from_random_games_round_trip():
    s = played()
    back = game().state_from_json(json.loads(json.dumps(s.to_json())))
    assert back.to_json() == s.to_json()


def _first_key(zone):
    return next(iter(zone["items"]))


@pytest.mark.parametrize(
    "damage, message",
    [
        (lambda d: d["decks"][0]["items"].__setitem__(_first_key(d["decks"][0]), 10**9), "two"),
        (lambda d: d["blueprints"]["items"].__setitem__(_first_key(d["blueprints"]), 10**9), "up"),
        (lambda d: d["hands"][0].update(items={"garden": 10**9}), "do not add up"),
    ],
)
def test_a_huge_card_count_is_refused_at_once(damage, message):
    """A deck or hand of a billion cards is counted, never spelled out card by card."""
    s = position(1)
    data = copy.deepcopy(s.to_json())
    damage(data)
    signal.signal(signal.SIGALRM, _too_slow)
    signal.alarm(5)
    try:
        with pytest.raises(MalformedInput, match=message):
            game().state_from_json(data)
    finally:
        signal.alarm(0)


def _too_slow(*_):
    raise AssertionError("loading the position took more than 5 seconds")
