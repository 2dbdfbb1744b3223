import random

import pytest

import lapilli
from lapilli.core import sample_chance
from lapilli.core.state import CHANCE
from lapilli.games.foggy_island.drawing import draw
from tests.games.drawing_checks import SVG, check, parse, positions, targets, text_of

OFF_BOARD = {"pass", "done"}
"""Choices with no piece to click: the action list offers them."""


def on_board(action) -> bool:
    return action.kind not in OFF_BOARD


def play_until(test, options=None, seeds=range(40)):
    """The first position of a random game (trying seeds in turn) where ``test`` holds."""
    game = lapilli.load_game("foggy_island", **(options or {}))
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_state()
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(sample_chance(s, rng))
                continue
            if test(s):
                return s
            s.apply(rng.choice(s.legal_actions()))
    raise AssertionError("no such position in any game tried")


CONFIGS = lapilli.load_game("foggy_island").conformance_configs()


@pytest.mark.parametrize("options,players", CONFIGS)
def test_random_positions_draw_for_every_seat_with_every_target(options, players):
    for state in positions("foggy_island", [(options, players)], range(1), every=9):
        check(draw, state, on_board)


def face_down_of(s, seat):
    """Tiles holding a face-down token of ``seat``."""
    return [
        i
        for i, c in enumerate(s.observation(seat)["board"])
        if c is not None and not c["face_up"] and c["seat"] == seat
    ]


def test_face_down_tokens_and_hands_stay_hidden_from_the_opponent():
    s = play_until(
        lambda s: len(face_down_of(s, 1)) >= 2 and s.current_player() == 0, {"mode": "weather"}
    )
    mine = draw(s.observation(0), 0, [], [])
    # the same position with everything seat 0 cannot see dealt again
    rng = random.Random(3)
    for _ in range(30):
        guess = s.determinize(0, rng)
        theirs, guessed = s.observation(1), guess.observation(1)
        if theirs["hands"][1] != guessed["hands"][1] and any(
            theirs["board"][t] != guessed["board"][t] for t in face_down_of(s, 1)
        ):
            break
    else:
        pytest.fail("no guess changed the hidden tokens")
    assert draw(guess.observation(0), 0, [], []) == mine
    # each seat sees the faces of its own face-down tokens only; the others' are backs
    for seat in (0, 1):
        root = parse(draw(s.observation(seat), seat, [], []))
        seen = sum("(face down)" in (n.text or "") for n in root.iter(f"{SVG}title"))
        assert seen == len(face_down_of(s, seat))


def test_the_hand_is_yours_to_click_and_a_face_down_choice_asks():
    s = play_until(
        lambda s: any(a.arg("face") == "down" for a in s.legal_actions()), {"mode": "mercenaries"}
    )
    seat = s.current_player()
    legal = s.legal_actions()
    labels = [s.action_text(a) for a in legal]
    found = targets(parse(draw(s.observation(seat), seat, legal, labels)), len(legal))
    for i, a in enumerate(legal):
        if a.arg("face") == "down":
            up = legal.index(lapilli.Action("choose", token=a.arg("token")))
            # one token in the hand offers both ways to play it
            assert found[i][0] is found[up][0]
            assert found[i][0].get("data-actions") == f"{up} {i}"


def test_lines_that_score_now_are_drawn_with_their_points():
    s = play_until(
        lambda s: (
            s.observation(None)["phase"] == "choose"
            and sum(c is not None for c in s.observation(None)["board"]) >= 24
        )
    )
    from lapilli.games.foggy_island.components import Token
    from lapilli.games.foggy_island.scoring import scored_lines

    board = [
        None if c is None else Token(c["token"], c["seat"], c["face_up"], c["colour"])
        for c in s.observation(None)["board"]
    ]
    lines = scored_lines(board)
    shown = text_of(draw(s.observation(None), None, [], []))
    assert lines, "a full enough board has lines"
    for line in lines:
        assert f"{'RB'[line.side]} {line.points}" in shown


def test_fog_boards_cover_the_closed_quarters_and_can_be_removed():
    s = play_until(
        lambda s: any(a.kind == "remove_fog" for a in s.legal_actions()), {"mode": "weather"}
    )
    seat = s.current_player()
    legal = s.legal_actions()
    labels = [s.action_text(a) for a in legal]
    svg = draw(s.observation(seat), seat, legal, labels)
    closed = {"NW", "NE", "SW", "SE"} - set(s.observation(seat)["open"])
    for q in closed:
        assert f"fog ({q})" in text_of(svg)
    found = targets(parse(svg), len(legal))
    assert {legal[i].arg("board") for i in found if legal[i].kind == "remove_fog"} == closed


def test_a_line_worth_one_point_says_one_point():
    from tests.games.foggy_island.helpers import position

    s = position({"a1": ("wolf", 0), "b1": ("wolf", 0), "c1": ("wolf", 0)})
    svg = draw(s.observation(None), None, [], [])
    assert "Red line of 3: 1 point<" in svg and "1 points" not in svg
