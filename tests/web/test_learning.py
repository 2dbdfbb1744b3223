"""Rules and lessons in the browser's API: the same rulebook and lessons as the terminal,
every step of every lesson playable through the API, wrong moves explained."""

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.core.lessons import lesson_of  # noqa: E402
from lapilli.core.registry import game_class, games, load_game  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402


@pytest.fixture
def client(sqlite_url):
    with TestClient(create_app(sqlite_url)) as c:
        yield c


@pytest.mark.parametrize("game", games())
def test_the_rules_panel_reads_the_games_rulebook(client, game):
    data = client.get(f"/api/games/{game}/rules").json()
    assert data == game_class(game).parts.rules.to_json()
    assert [s["title"] for s in data["sections"]][:2] == ["The game", "Set-up"]


@pytest.mark.parametrize("game", games())
def test_every_lesson_step_is_played_through_the_api(client, game):
    lesson = lesson_of(load_game(game, []))
    outline = client.get(f"/api/lessons/{game}").json()
    assert len(outline["steps"]) == len(lesson.steps) and outline["learner"]
    assert "/static/learn.js" in client.get(f"/learn/{game}").text
    for i, step in enumerate(lesson.steps):
        shown = client.get(f"/api/lessons/{game}/{i}").json()
        assert shown["svg"].startswith("<svg") and shown["rule"] and shown["ask"] == step.ask
        labels = [c["label"] for c in shown["choices"]]
        for trap in step.traps:  # the rules' refusal, word for word
            answer = client.post(
                f"/api/lessons/{game}/{i}", json={"choice": labels.index(trap.label)}
            ).json()
            assert answer == {
                "verdict": "refused",
                "text": lesson.start(i).illegal_reason(trap.action),
            }
        right = labels.index(next(label for label in labels if label.lower() == step.do[0].lower()))
        answer = client.post(f"/api/lessons/{game}/{i}", json={"choice": right}).json()
        assert answer["verdict"] == "right" and answer["text"] == step.done
        assert answer["svg"].startswith("<svg") and "data-action" not in answer["svg"]


def test_a_legal_move_off_the_lesson_says_what_the_step_asks(client):
    shown = client.get("/api/lessons/foggy_island/0").json()
    wolf = [c["label"] for c in shown["choices"]].index("take Wolf into your opening hand")
    answer = client.post("/api/lessons/foggy_island/0", json={"choice": wolf}).json()
    assert answer["verdict"] == "off" and shown["ask"] in answer["text"]


def test_bad_lesson_requests_get_clear_errors(client):
    assert client.get("/api/lessons/nonsense").status_code == 404
    assert client.get("/learn/nonsense").status_code == 404
    assert client.get("/api/lessons/foggy_island/99").json()["error"].startswith("the lesson has")
    assert client.post("/api/lessons/foggy_island/0", json={"choice": 999}).status_code == 400
    assert client.post("/api/lessons/foggy_island/0", json={"choice": "1"}).status_code == 422
    assert client.get("/api/games/nonsense/rules").status_code == 404
