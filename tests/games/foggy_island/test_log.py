"""The log in the game's words: each thing said once, to whoever may read it."""

from lapilli.core import log
from lapilli.core.actions import Action

from .helpers import new, play, position


def lines(state, action, seat):
    """What ``seat`` reads of ``action``."""
    return [e.text for e in log.play(state, action)[1] if e.visible_to(seat)]


def opening(state):
    """Through the set-up's draws to the first opening-hand decision."""
    while state.current_player() < 0:
        state.apply(state.chance_outcomes()[0][0])
    return state


def test_the_opponent_reads_once_that_an_opening_hand_is_chosen():
    s = opening(new())
    red_reads, blue_reads = [], []
    for _ in range(5):
        action = s.legal_actions()[0]
        before = s.clone()
        red_reads += lines(before, action, 0)
        blue_reads += lines(s, action, 1)
    assert blue_reads == ["Red has chosen their opening hand (5 tokens)"]
    assert len(red_reads) == 5 and all(" into their opening hand" in r for r in red_reads)


def test_a_token_placed_face_up_is_told_once_not_chosen_then_placed():
    s = position()
    for seat in (0, 1):
        assert lines(s.clone(), Action("choose", token="wolf"), seat) == []
    s.apply(Action("choose", token="wolf"))
    assert lines(s, Action("place", tile="c3"), 1) == ["Red places Wolf on c3"]


def test_a_token_going_face_down_is_told_to_its_chooser_and_then_placed_face_down():
    s = position(weather="foggy")
    said = ["Red chooses Wolf to place face down"]  # not "Red: play Wolf"
    assert lines(s.clone(), Action("choose", token="wolf"), 0) == said
    assert lines(s.clone(), Action("choose", token="wolf"), 1) == []
    s.apply(Action("choose", token="wolf"))
    assert lines(s, Action("place", tile="c3"), 1) == ["Red places a face-down token on c3"]


def test_the_prairie_dogs_first_pick_and_its_pass_read_as_what_they_are():
    layout = {"c2": ("wolf", 0), "c4": ("wolf", 1), "b3": ("rabbit", 0)}
    hands = [{"prairie_dog": 1, "wolf": 4}, {"wolf": 5}]
    s = position(layout, hands=hands, mode="mercenaries")
    play(s, "prairie_dog", "c3")
    texts = {str(a): s.action_text(a) for a in s.legal_actions()}
    assert texts["pass"] == "swap nothing" and texts["target tile=c2"] == "swap the token on c2"
    # not "Red: pass", "Red: pick c2"
    assert lines(s.clone(), Action("pass"), 1) == ["Red swaps nothing"]
    picked = lines(s.clone(), Action("target", tile="c2"), 1)
    assert picked == ["Red picks the token on c2 for the Prairie Dog's swap"]
