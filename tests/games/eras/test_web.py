"""Eras at a browser table: the server's generic view draws the terminal board."""

import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.web.server import create_app  # noqa: E402


def test_a_human_plays_eras_against_a_bot_in_the_browser(tmp_path):
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        body = {"game": "eras", "seats": ["human", "random"], "seed": 3}
        data = client.post("/api/tables", json=body).json()
        table = data["table"]
        red = data["seats"][0]["link"].split("token=")[1]
        acted = 0
        deadline = time.time() + 20
        while acted < 12 and time.time() < deadline:
            view = client.get(f"/api/tables/{table}", params={"token": red}).json()
            if view["terminal"]:
                break
            if not view["actions"]:
                time.sleep(0.02)
                continue
            texts = [a["text"] for a in view["actions"]]
            assert all("=" not in t for t in texts), texts
            view = client.post(f"/api/tables/{table}/act", json={"token": red, "index": 0}).json()
            acted += 1
        assert acted == 12
        assert "<pre class=board>" in view["board_html"] and "Red (you)" in view["board_html"]
        assert view["observation"]["paths"] is not None
