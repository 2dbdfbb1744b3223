"""Every registered game at a web table: a human seat plays against a bot through the API."""

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.core.registry import game_class, games  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402


@pytest.mark.parametrize("game_id", games())
def test_a_human_plays_every_game_against_a_bot(tmp_path, game_id):
    players = game_class(game_id)().default_players()
    seats = ["human"] + ["random"] * (players - 1)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'tables.db'}")) as client:
        table, tokens = new_table(client, seats=seats, game=game_id)
        acted = 0
        view = wait_for_human(client, table, tokens[0])
        while acted < 12 and not view["terminal"]:
            texts = [a["text"] for a in view["actions"]]
            assert all("=" not in t for t in texts), texts  # the game's words, no engine notation
            response = client.post(
                f"/api/tables/{table}/act", headers=seat(tokens[0]), json={"index": 0}
            )
            assert response.status_code == 200, response.text
            acted += 1
            view = wait_for_human(client, table, tokens[0])
        assert acted == 12 or view["terminal"]
        assert view["you"] == 0 and view["observation"]
        assert view["svg"].startswith("<svg") and view["board_html"] is None
