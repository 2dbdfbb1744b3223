"""A table's checks, in process: legality first, then anything about the action."""

import pytest

pytest.importorskip("sqlalchemy")

from lapilli.core.actions import Action  # noqa: E402
from lapilli.core.errors import IllegalAction  # noqa: E402
from lapilli.core.registry import load_game  # noqa: E402
from lapilli.web.tables import legal_form  # noqa: E402


@pytest.fixture
def state():
    return load_game("foggy_island").new_state(2)  # Red takes a token from the pile


def test_a_legal_action_comes_back_in_its_legal_form(state):
    legal = state.legal_actions()[0]
    bent = Action.from_json(legal.to_json())
    assert legal_form(state, bent) is legal


@pytest.mark.parametrize(
    ("sent", "says"),
    [
        ({"kind": "fly"}, "no 'fly' action is possible now (possible: take)"),
        ({"kind": "take", "token": [1, [2]]}, "this 'take' action is not written like"),
        ({"kind": "take", "token": "wolf", "at": 3}, "this 'take' action is not written like"),
        ({"kind": "take", "token": float("nan")}, "this 'take' action is not written like"),
        ({"kind": "take", "token": "cat"}, "no cat in your pile"),
    ],
)
def test_an_illegal_action_is_refused_before_its_text_is_made(state, monkeypatch, sent, says):
    def no_text(self, action):
        raise AssertionError(f"action_text was asked about {action}")

    monkeypatch.setattr(type(state), "action_text", no_text)
    with pytest.raises(IllegalAction, match=says.replace("(", r"\(").replace(")", r"\)")):
        legal_form(state, Action.from_json(sent))


def test_a_game_that_cannot_explain_a_refusal_still_refuses(state, monkeypatch):
    def broken(self, action):
        raise KeyError(action.arg("token"))

    monkeypatch.setattr(type(state), "illegal_reason", broken)
    with pytest.raises(IllegalAction, match="this 'take' action is not legal now"):
        legal_form(state, Action("take", token="cat"))
