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


# -- every moment of the game: the supply, the end, the winter, powers used, reactions ----------
ISLAND = {
    "0,0": ["duo-dark-medium"],
    "1,0": ["dark Uno"],
    "2,0": ["uno-dark"],
    "-1,0": ["medium Uno"],
}
PINK_ON_0_0 = {"Pink": {"critters": {"0,0 dark": 1}}}


def test_the_supply_may_hold_only_the_last_land_tiles():
    s = position(map=ISLAND, seats=PINK_ON_0_0, supply={"dark Uno": 1, "volcanoes": 2})
    assert s.tiles == {"uno-dark": 1} and s.volcano_tiles == 2
    assert s.lava_tiles == LIMITS["lava_tiles"]  # not named: all that is not on the map
    with pytest.raises(MalformedInput, match="dark Uno: 9 left, but the box holds 6 and the map 2"):
        position(map=ISLAND, supply={"dark Uno": 9})


def test_a_final_turn_the_super_volcanos_last_turn_and_the_finale():
    volcano = {**ISLAND, "3,0": ["uno-dark", "volcano"]}
    final = position(
        map=volcano,
        seats=PINK_ON_0_0,
        stage="final",
        end="last land tile",
        turn={"seat": "Pink", "at": "turn"},
    )
    assert final.stage.value == "final" and final.end_reason == "last_land_tile"
    assert step(final) == "move"  # all lava first (none here), then move, spend, ...
    sv = {"at": "3,0", "seat": "Pink"}
    eruption = position(
        map=volcano, seats=PINK_ON_0_0, super_volcano=sv, stage="eruption", turn={"seat": "Pink"}
    )
    assert eruption.super_volcano == (3, 0, 0) and eruption.end_reason == "super_volcanic_eruption"
    assert [f.step.name for f in eruption.stack[::-1]][:2] == ["move", "super_erupts"]
    finale = position(
        map=ISLAND,
        stage="finale",
        end="last land tile",
        lava=["2,1"],
        seats={"Pink": {"critters": {"0,0 dark": 1}}},
        turn={"seat": "Blue", "at": "claim"},
    )
    assert finale.stage.value == "finale" and step(finale) == "claim"
    for description, message in [
        ({"stage": "final"}, "the final stage follows an end trigger"),
        ({"stage": "final", "end": "last land tile", "turn": {"at": "buy"}}, "no buy step"),
        ({"super_volcano": {"at": "1,0", "seat": "Pink"}}, "there is none at 1,0"),
        ({"stage": "eruption", "end": "super volcanic eruption"}, "the super volcano owner's"),
    ]:
        with pytest.raises(MalformedInput, match=message):
            position(map=ISLAND, seats=PINK_ON_0_0, **description)


def test_the_winter_freezes_the_hexes_within_its_spread():
    from lapilli.games.volcanique.board import hex_id
    from lapilli.games.volcanique.winter import frozen

    s = position(
        map=ISLAND,
        winter={"2,0": 1},
        seats={"Pink": {"critters": {"0,0 dark": 1}, "resources": {"dark": 3}}},
        turn={"seat": "Pink", "at": "buy"},
    )
    assert s.end_reason == "volcanic_winter"
    cold = [(q, r) for q, r in [(2, 0), (1, 0), (0, 0), (-1, 0)] if frozen(s, hex_id((q, r)))]
    assert cold == [(2, 0), (1, 0)]  # the spawn point and one space around it


def test_limited_powers_used_and_the_magma_bomb_thrown_this_round():
    s = position(
        map=ISLAND,
        round=3,
        seats={"Pink": {"critters": {"0,0 dark": 1}, "used": ["rift"], "magma_bomb_thrown": True}},
    )
    assert s.used[0] == ("rift@main",) and s.bombed == [3, -1]


@pytest.mark.parametrize(
    "powers, message",
    [
        (["L5"], r"Super Volcanic Eruption \(L5\) cannot be unlocked .* the Level 1 power \(L1\)"),
        (["L1", "L4b"], r"Crafty Critters \(L4b\) cannot be unlocked without a power next to it"),
    ],
)
def test_a_power_set_the_grid_cannot_give_is_refused(powers, message):
    from lapilli.games.volcanique.positions import dealt_grid

    grid = dealt_grid({})
    with pytest.raises(MalformedInput, match=message):
        position(seats={"Pink": {"powers": [grid[slot] for slot in powers]}})
    held = position(
        map=ISLAND,
        seats={"Pink": {"critters": {"0,0 dark": 1}, "powers": [grid["L1"], grid["L2a"]]}},
    )
    assert held.unlocked[0] == ("L1", "L2a")


def test_a_volcanos_target_and_the_reactions_to_it():
    landed = {**ISLAND, "1,0": ["dark Uno", "volcano"]}
    siphon = position(
        map=landed,
        seats={
            "Pink": {"critters": {"0,0 dark": 1}},
            "Blue": {"critters": {"2,0 dark": 2}, "caldera": ["magma_siphon"]},
        },
        turn={"seat": "Pink", "at": "react"},
        reaction={"seat": "Blue", "power": "magma_siphon", "volcano": "1,0"},
    )
    assert step(siphon) == "siphon" and siphon.current_player() == 1
    bomb = position(
        map=landed,
        grid={"L1": "magma_bomb"},
        seats={
            "Pink": {"critters": {"0,0 dark": 1}},
            "Blue": {"critters": {"2,0 dark": 2}, "powers": ["magma_bomb"]},
        },
        turn={"seat": "Pink", "at": "react"},
        reaction={"seat": "Blue", "power": "magma_bomb", "volcano": "1,0"},
    )
    assert step(bomb) == "bomb" and bomb.current_player() == 1
    target = position(map=ISLAND, seats=PINK_ON_0_0, turn={"seat": "Pink", "at": "erupt"})
    assert step(target) == "erupt" and target.volcano_tiles == LIMITS["volcano_tiles"] - 1
    with pytest.raises(MalformedInput, match="Blue \\(P2\\) has no Magma Siphon to use here"):
        position(
            map=landed,
            seats={"Pink": {"critters": {"0,0 dark": 1}}, "Blue": {"critters": {"2,0 dark": 2}}},
            turn={"seat": "Pink", "at": "react"},
            reaction={"seat": "Blue", "power": "magma_siphon", "volcano": "1,0"},
        )


def test_a_seat_with_an_empty_hand_never_starts_the_end_during_the_build():
    all_out = {"Pink": {"critters": {"0,0 dark": 20, "1,0 dark": 1}}}  # 21: the hand is empty
    with pytest.raises(MalformedInput, match="Pink \\(P1\\)'s claim has nothing to choose here"):
        position(map=ISLAND, seats=all_out, turn={"seat": "Pink", "at": "claim"})
    s = position(map=ISLAND, seats=all_out, turn={"seat": "Pink", "at": "sacrifice"})
    assert s.hand[0] == 0 and step(s) == "sacrifice"
    assert s.end_reason == "" and s.stage.value == "main"  # the end waits for the turn's end


def test_the_final_turns_to_come_and_the_magma_bombs_thrown_are_seen_by_all():
    s = position(
        players=3,
        map=ISLAND,
        stage="final",
        end="last land tile",
        final=["Purple"],
        round=2,
        seats={"Blue": {"critters": {"0,0 dark": 1}, "magma_bomb_thrown": True}},
        turn={"seat": "Blue", "at": "turn"},
    )
    seen = s.observation(None)
    assert seen["final_turns"] == [2] and seen["bomb_thrown"] == [False, True, False]
    assert "final turns to come: Purple (P3)" in text_of(s)


def text_of(s):
    from rich.console import Console

    console = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(s.render(0))
    return console.export_text()
