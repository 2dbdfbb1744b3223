"""Places and moves are named for a listener in the game's words: what lies there and
where, never a bare pair of numbers such as "(0,-1)" (a screen reader says nothing a
player can find with it)."""

import random
import re

import pytest

import lapilli
from lapilli.core import log, sample_chance
from lapilli.core.registry import games
from lapilli.core.state import CHANCE, State
from lapilli.games.fuji.actions import DEST
from lapilli.games.volcanique.board import hex_id
from tests.games.drawing_checks import positions, text_of
from tests.games.volcanique.helpers import A, blank, put, tile

WAYS = ("east", "north-east", "north-west", "west", "south-west", "south-east")
BARE = re.compile(r"\(-?\d+,\s?-?\d+\)")
"""A place named by its coordinates alone: "(0,-1)", "(5, 6)"."""


def first_decision(game: str, players: int) -> State:
    """A new game after its set-up's draws (seeded), at its first decision."""
    rng = random.Random(1)
    s = lapilli.load_game(game).new_state(players)
    while s.current_player() == CHANCE:
        s.apply(sample_chance(s, rng))
    return s


def test_fuji_names_a_card_by_its_column_and_row_and_what_lies_there():
    s = first_decision("fuji", 3)
    assert s.action_text(DEST[(0, 6)]) == "destination: column 0 row 6, the volcano"
    start = s.action_text(DEST[(1, 4)])  # every meeple starts on the same card
    assert re.fullmatch(
        r"destination: column 1 row 4, a landscape card asking for [\w ,]+, where "
        r"Mr Iain Jones \(blue\), Lady Livingstone \(purple\) and Hiromi \(green\) stand",
        start,
    ), start


def test_volcanique_names_a_hex_by_what_lies_there_and_the_walk_from_the_starting_hex():
    s = first_decision("volcanique", 2)
    for _ in range(2):  # the Uno (it goes on the starting hex by itself), then the Duo
        s.apply(next(a for a in s.legal_actions() if a.kind == "choose_tile"))
    places = {s.action_text(a) for a in s.legal_actions() if a.kind == "place"}
    around = {f"place the tile on the sea, 1 {way} of the starting hex" for way in WAYS}
    assert places and places <= around, places
    s = blank()
    put(s, (1, -1), tile("trio-dml"), tile("uno-dark"))
    assert hex_id((1, -1)) in s.stacks
    assert s.action_text(A("claim", at=(1, -1), biome="dark")) == (
        "claim the dark biome of the dark Uno (height 2), 1 north-east of the starting hex"
    )
    assert s.action_text(A("erupt", at=(-2, 3))) == (
        "erupt on the sea, 2 south-west, 1 south-east of the starting hex"
    )


@pytest.mark.parametrize("game", games())
def test_no_move_or_place_of_random_games_is_named_by_bare_coordinates(game):
    draw = lapilli.load_game(game).parts.draw
    configs = [({}, lapilli.load_game(game).default_players())]
    for n, state in enumerate(positions(game, configs, range(2), every=1)):
        if n >= 80 or state.is_terminal():
            break
        legal = state.legal_actions()
        texts = [state.action_text(a) for a in legal]
        said = [state.said_text(a) for a in legal]
        for text in texts + said:
            assert not BARE.search(text), text
        seat = state.current_player()
        shown = text_of(draw(state.observation(seat), seat, legal, texts))
        found = BARE.search(shown)
        assert found is None, shown[max(0, found.start() - 80) : found.end() + 20]


@pytest.mark.parametrize("game", games())
def test_no_log_line_of_a_random_game_names_a_place_by_bare_coordinates(game):
    rng = random.Random(3)
    for _ in range(2):
        s = lapilli.load_game(game).new_state(None)
        while not s.is_terminal():
            legal = [] if s.current_player() == CHANCE else s.legal_actions()
            action = sample_chance(s, rng) if not legal else rng.choice(legal)
            for line in log.play(s, action)[1]:
                assert not BARE.search(line.text), line.text
