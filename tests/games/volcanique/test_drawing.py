import random
import re

import pytest

import lapilli
from lapilli.core import sample_chance
from lapilli.core.state import CHANCE
from lapilli.core.svg import contrast
from lapilli.games.volcanique.components import BIOMES, KINDS
from lapilli.games.volcanique.drawing import (
    BIOME_FILL,
    biome_mark,
    draw,
    mini_tile,
    region_spot,
    regions,
    space,
)
from lapilli.games.volcanique.text import place_words
from tests.games.drawing_checks import check, parse, positions, targets, text_of
from tests.games.volcanique.helpers import (
    A,
    D,
    M,
    at,
    blank,
    crit,
    give,
    hex_id,
    put,
    put_uno,
    spot_id,
    tile,
)
from tests.games.volcanique.helpers import power as unlock

OFF_BOARD = {"done", "abandon", "buy_point"}
"""Choices with no piece to click: the action list offers them."""


def on_board(action) -> bool:
    return action.kind not in OFF_BOARD


def play_until(test, players=3, seed=0, options=None):
    """A random game's first position where ``test(state)`` holds."""
    rng = random.Random(seed)
    s = lapilli.load_game("volcanique", **(options or {})).new_state(players)
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
            continue
        if test(s):
            return s
        s.apply(rng.choice(s.legal_actions()))
    pytest.skip("no such position in this game")


CONFIGS = lapilli.load_game("volcanique").conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_positions_draw_for_every_seat_with_every_target(options, players):
    for state in positions("volcanique", [(options, players)], range(1), every=18):
        check(draw, state, on_board)


def test_every_hex_shows_its_height_and_every_critter_its_seat():
    s = play_until(lambda s: s.observation(None)["turn"] >= 12, players=4, seed=3)
    obs = s.observation(None)
    svg = draw(obs, None, [], [])
    shown = text_of(svg)
    for q, r, stack in obs["map"]:
        height = len(stack) - (1 if stack[-1] == -2 else 0)
        where = re.escape(place_words((q, r)))
        assert re.search(rf"{where}, height {height}:", shown)
    critters = re.findall(r"(\w+) \(P(\d)\) critter on (\w+)", shown)
    expected = sorted((p + 1, b) for _, _, b, p, _ in obs["critters"])
    assert sorted((int(p), b) for _, p, b in critters) == expected


def test_the_power_grid_shows_who_unlocked_what():
    s = play_until(lambda s: any(s.observation(None)["unlocked"]), players=3, seed=1)
    obs = s.observation(None)
    root = parse(draw(obs, None, [], []))
    shown = " ".join(node.text or "" for node in root.iter())
    for power in obs["grid"].values():
        assert lapilli.games.volcanique.components.POWERS[power]["name"].split()[0] in shown
    unlocked = sum(len(marks) for marks in obs["unlocked"])
    assert unlocked > 0
    # each unlock is a pawn on the grid; hand and crater pawns are drawn elsewhere
    assert shown.count("unlocked") == unlocked


def test_caldera_cards_show_only_to_their_owner():
    def two_hands(s):
        obs = s.observation(None)
        return obs["stage"] != "over" and sum(1 for n in obs["caldera_counts"] if n) >= 2

    s = play_until(two_hands, players=3, seed=4)
    owners = [p for p, n in enumerate(s.observation(None)["caldera_counts"]) if n]
    seat, other = owners[0], owners[1]
    mine = text_of(draw(s.observation(seat), seat, [], []))
    names = lapilli.games.volcanique.components.POWERS
    for card in s.observation(seat)["caldera_hand"]:
        assert f"Caldera card: {names[card]['name']}" in mine
    # a state differing only in what `seat` cannot see draws the same for `seat`
    rng = random.Random(7)
    hidden = s.observation(other)["caldera_hand"]
    for _ in range(20):
        guess = s.determinize(seat, rng)
        if guess.observation(other)["caldera_hand"] != hidden:
            break
    assert guess.observation(other)["caldera_hand"] != hidden
    assert draw(guess.observation(seat), seat, [], []) == draw(s.observation(seat), seat, [], [])
    # and the owner's own drawing does show them
    theirs = text_of(draw(s.observation(other), other, [], []))
    assert all(f"Caldera card: {names[card]['name']}" in theirs for card in hidden)
    assert "Caldera card:" not in text_of(draw(s.observation(None), None, [], []))


def test_a_payment_is_a_row_of_cubes_per_way_to_pay():
    s = play_until(lambda s: any(a.kind == "pay" for a in s.legal_actions()), seed=2)
    legal = s.legal_actions()
    labels = [s.action_text(a) for a in legal]
    seat = s.current_player()
    found = targets(parse(draw(s.observation(seat), seat, legal, labels)), len(legal))
    for i, a in enumerate(legal):
        if a.kind == "pay":
            assert len(found[i]) == 1
            cubes = [
                n
                for n in found[i][0].iter()
                if n.tag.endswith("rect") and n.get("rx") == "3" and n.get("width") == "16"
            ]
            assert len(cubes) == sum(a.arg(b) for b in ("dark", "medium", "light"))


# -- the powers on the board, the tile being placed, the end -------------------------------


def test_the_tile_being_placed_is_in_the_observation_and_the_drawing():
    s = blank()
    for h in ((0, 0), (1, 0), (2, 0)):
        put_uno(s, h, D)
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="duo-dark-medium"))
    assert s.pending().step.name == "place"
    placing = s.observation(1)["placing"]
    assert placing == {"seat": 0, "tile": "duo-dark-medium", "at": None}
    while s.pending().step.name != "rotate":
        s.apply(s.legal_actions()[0])
    placing = s.observation(None)["placing"]
    assert placing["tile"] == "duo-dark-medium" and placing["at"] is not None
    legal = s.legal_actions()
    shown = text_of(draw(s.observation(0), 0, legal, [s.action_text(a) for a in legal]))
    # in the game's words (not "places a duo-dark-medium tile")
    assert "Pink (P1) places a tile:" in shown and "dark/medium Duo" in shown
    assert place_words(placing["at"]) in shown  # where, in words
    assert "places a dark/medium Duo tile here" in shown  # the hex, marked on the map
    assert "duo-dark-medium" not in shown
    assert s.observation(0)["placing"] is not None and s.apply(legal[0]) is not None
    assert s.observation(0)["placing"] is None  # placed


def test_final_scores_are_in_the_observation_at_the_end_only():
    rng = random.Random(2)
    s = lapilli.load_game("volcanique").new_state(2)
    while not s.is_terminal():
        chance = s.current_player() == CHANCE
        s.apply(sample_chance(s, rng) if chance else rng.choice(s.legal_actions()))
    view = s.observation(None)
    assert view["scores"] == s.scores()
    assert [row["total"] for row in view["score_breakdown"]] == s.scores()
    shown = text_of(draw(view, None, [], []))
    for score in s.scores():
        assert f"final score {score:g}" in shown
    running = play_until(lambda s: s.observation(None)["turn"] >= 6, players=2, seed=2)
    assert "scores" not in running.observation(None)


def test_colossal_burrowed_and_sea_critters_frozen_spaces_and_the_super_volcano_show():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    put(s, (0, 1), tile("uno-dark"), -2)  # a volcano
    crit(s, (0, 0), D, 0)
    s.colossal[spot_id((0, 0, D, 0))] = 1
    s.bury(spot_id((1, 0, M, 1)), 1)
    s.sea[hex_id((2, 0))] = 1
    s.super_volcano = (0, 1, 0)
    s.winter = (((0, 0), s.turn),)  # spawned this turn: only its own space is frozen
    shown = text_of(draw(s.observation(None), None, [], []))
    assert "Pink (P1) critter on dark, Colossal" in shown
    assert "Blue (P2) burrowed critter on medium" in shown
    assert "Blue (P2) sea critter, 2 east of the starting hex" in shown
    assert "the super volcano of Pink (P1)" in shown
    assert "the starting hex frozen by the Volcanic Winter" in shown
    assert "1 east of the starting hex frozen" not in shown


def test_the_tech_tree_shows_what_each_seat_may_unlock_next():
    s = blank()
    unlock(s, 0, "bountiful_resources")  # L1: its neighbours come next
    shown = text_of(draw(s.observation(None), None, [], []))
    assert "Pink (P1) may unlock Agile Critters next" in shown
    assert "Pink (P1) may unlock Erosion next" in shown
    assert "Pink (P1) may unlock Rift next" not in shown  # not linked to what it holds
    assert "Blue (P2) may unlock Bountiful Resources next" in shown  # L1 first
    assert "Blue (P2) may unlock Agile Critters next" not in shown


def test_a_space_is_named_in_words_by_the_walk_from_the_starting_hex():
    assert space((0, 0)) == "the starting hex"
    assert space((1, 0)) == "1 east of the starting hex"
    assert space((-2, 1)) == "1 west, 1 south-west of the starting hex"
    assert space((0, -3)) == "3 north-west of the starting hex"
    assert space((2, 1)) == "2 east, 1 south-east of the starting hex"
    # every space of the map has a name of its own
    spaces = [(q, r) for q in range(-6, 7) for r in range(-6, 7)]
    assert len({space(h) for h in spaces}) == len(spaces)


def test_each_terrain_has_a_mark_besides_its_colour():
    """A tile of each terrain draws a different shape: a tree, a tuft, grains."""
    marks = {b: biome_mark(b, (0.0, 0.0), 4.0) for b in ("dark", "medium", "light")}
    assert marks["dark"].startswith("<polygon") and "#ffffff" in marks["dark"]
    assert marks["medium"].startswith("<polyline")
    assert marks["light"].count("<circle") == 3
    for biome, paint in (("dark", "#ffffff"), ("medium", "#111111"), ("light", "#5d4037")):
        assert contrast(paint, BIOME_FILL[biome]) >= 3.0  # non-text contrast


def test_the_small_tiles_of_the_supply_and_the_turns_carry_the_terrain_marks_too():
    """The supply's tiles and the new tile's turns are drawn small: each terrain on them
    carries its mark (a tree, a tuft, grains), and a supply tile is named in words."""
    for kind in KINDS:
        for rotation in range(6):
            mini = mini_tile(40.0, 40.0, 17, kind, rotation)
            code = KINDS.index(kind) * 6 + rotation
            for c, dirs in regions(code):
                spot = region_spot((40.0, 40.0), 17, dirs)
                assert biome_mark(BIOMES[c], spot, 17 * 0.28) in mini, (kind, rotation, c)
    shown = text_of(draw(blank().observation(None), None, [], []))
    assert "dark Uno tiles in the supply: 6" in shown
    assert "Trio (dark, medium, light counter-clockwise) tiles in the supply: 9" in shown
