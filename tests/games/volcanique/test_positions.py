"""Volcanique positions described in the rulebook's words, and impossible ones refused
(by the builder and on loading a saved position)."""

import json
import random

import pytest

from lapilli.core import sample_chance
from lapilli.core.errors import MalformedInput
from lapilli.games.volcanique import Volcanique
from lapilli.games.volcanique.components import CRITTERS, KIND_COUNT, LIMITS, POWER_IDS
from lapilli.games.volcanique.positions import build

from .helpers import step


def position(**description):
    return build(Volcanique(), description)


STARTER = {
    "map": {"0,0": ["duo-dark-medium"], "1,0": ["dark Uno"], "2,0": ["uno-dark"]},
    "seats": {"Pink": {"critters": {"0,0 dark": 1}}},
}


def test_what_is_not_named_follows_by_conservation():
    s = position(
        map={"0,0": ["soil", "uno-dark"], "1,0": ["uno-light", "volcano"]},
        lava=["1,1"],
        seats={
            "Pink": {"critters": {"0,0 dark": 2}, "crater": 1, "powers": ["bountiful_resources"]},
            "Blue": {"resources": {"dark": 3}, "caldera": ["carnage"]},
        },
        turn={"seat": "Pink", "at": "sacrifice"},  # (Blue would have nothing to choose)
    )
    assert s.hand == [CRITTERS - 2 - 1 - 1, CRITTERS]
    assert s.supply[0] == LIMITS["resource_supply"] - 3
    assert s.tiles["uno-dark"] == KIND_COUNT["uno-dark"] - 1
    assert s.volcano_tiles == LIMITS["volcano_tiles"] - 1
    assert s.lava_tiles == LIMITS["lava_tiles"] - 2  # the soil and the lava tile
    assert len(s.caldera_deck) == len(POWER_IDS) - len(s.grid) - 1
    assert list(s.unlocked[0]) == ["L1"]  # where the default grid holds Bountiful Resources


def test_play_resumes_at_the_named_step_of_the_named_seat():
    starter = {**STARTER, "map": {**STARTER["map"], "-1,1": ["light Uno"]}}
    s = position(**starter, turn={"seat": "Blue", "at": "claim"})
    assert step(s) == "claim" and s.current_player() == 1
    claims = {(a.arg("at"), a.arg("biome")) for a in s.legal_actions() if a.kind == "claim"}
    # 0,0 is inhabited; the dark Unos join Pink's dark biome: only the light Uno is free
    assert claims == {((-1, 1), "light")}


def test_a_turn_entered_at_its_start_runs_through_the_flow():
    s = position(**STARTER, turn={"seat": "Pink"})
    assert step(s) == "move" and s.current_player() == 0


@pytest.mark.parametrize(
    "description, message",
    [
        ({"seats": {"Pink": {"crater": 7}}}, "crater is 7, not 0-3"),
        (
            {"map": {"0,0": ["uno-dark"] * 99}},
            r"^Volcanique position: more dark Uno tiles than the box holds \(6\): 99 on the map "
            r"\(0,0 \(99\)\)$",
        ),
        (
            {"map": {f"{q},0": ["uno-dark"] for q in range(7)}},
            r"more dark Uno tiles than the box holds \(6\): 7 on the map \(0,0, 1,0, 2,0, 3,0, ",
        ),
        (
            {"map": {"0,0": ["uno-dark"]}, "seats": {"Blue": {"critters": {"0,0 light": 1}}}},
            "on 0,0 light",
        ),
        ({"seats": {"Pink": {"critters": {"5,5 dark": 1}}}}, "on 5,5 dark"),
        (
            {"map": {"0,0": ["uno-dark"]}, "seats": {"Pink": {"critters": {"0,0 dark": 30}}}},
            "more than its 21 critters",
        ),
        ({"seats": {"Pink": {"resources": {"dark": 25}}}}, "dark resources do not add up"),
        (
            {"seats": {"Pink": {"caldera": ["carnage"]}, "Blue": {"caldera": ["carnage"]}}},
            "a power card is in two places",
        ),
        ({"seats": {"Pink": {"powers": ["flying"]}}}, "'flying' is not a power on the grid"),
        ({"map": {"0,0": ["volcano", "uno-dark"]}}, "a volcano under another tile"),
    ],
)
def test_impossible_positions_are_refused_naming_what_is_wrong(description, message):
    with pytest.raises(MalformedInput, match=message):
        position(**description)


def test_a_damaged_saved_position_is_refused_on_load():
    s = position(**STARTER)
    game = s.game
    for change, message in [
        (lambda d: d["crater"].__setitem__(0, 7), "critters"),
        (
            lambda d: d["tiles"].__setitem__("uno-dark", 99),
            "more dark Uno tiles .* 99 in the supply",
        ),
        (lambda d: d["critters"].append([[0, 0, 2, 1], 1]), "on 0,0 light"),
        (lambda d: d.pop("hand"), "hand"),
    ]:
        data = s.to_json()
        change(data)
        with pytest.raises(MalformedInput, match=message):
            game.state_from_json(data)


def test_a_position_at_a_lava_diversion_reloads_from_its_own_json():
    """The pending frame of a flow still leaving its volcano names lava flow -1."""
    game = Volcanique()
    s = game.new_state(4)
    rng = random.Random(2)
    seen = set()
    while not s.is_terminal() and len(seen) < 2:
        if s.is_chance_node():
            s.apply(sample_chance(s, rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
        top = s.stack[-1] if s.stack else None
        if top is not None and top.step.name in ("divert", "diversion") and top.args[0] == -1:
            seen.add(top.step.name)
            data = json.loads(json.dumps(s.to_json()))
            back = game.state_from_json(data)
            assert back.to_json() == data and back.current_player() == s.current_player()
    assert seen == {"divert", "diversion"}


@pytest.mark.parametrize("where", ["map", "lava", "sea"])
def test_a_hex_far_off_the_board_is_refused(where):
    s = position(**STARTER)
    data = s.to_json()
    far = [10**6, -(10**6)]
    if where == "map":
        data["board"].append([*far, data["board"][0][2]])
    elif where == "lava":
        data["lava"].append([far, -1])
    else:
        data["sea"] = [[far, 0]]
    with pytest.raises(MalformedInput, match="far off"):
        s.game.state_from_json(data)
