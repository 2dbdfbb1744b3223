"""The web server: tables, seat links, rule checks, undo, restarts (on SQLite and PostgreSQL)."""

import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.core.match import Match  # noqa: E402
from lapilli.core.registry import load_game  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402
from lapilli.web.store import Seat, StoredTable  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402


def test_pages_and_the_game_list_are_served(db):
    with TestClient(create_app(db)) as client:
        assert "New table" in client.get("/").text
        games = client.get("/api/games").json()
        assert "foggy_island" in [g["id"] for g in games["games"]]
        assert "random" in games["bots"]
        assert client.get("/static/table.js").status_code == 200
        by_id = {g["id"]: g for g in games["games"]}
        # a cooperative game's empty seats are its strongest team bot, an opponent's random
        assert (
            by_id["fuji"]["seat_bot"] == "greedy" and by_id["foggy_island"]["seat_bot"] == "random"
        )
        assert "strongest team bot for Fuji" in by_id["fuji"]["seat_bot_note"]


def test_a_human_plays_against_a_bot_and_sees_only_their_own_hand(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        view = wait_for_human(client, table, red)
        assert view["you"] == 0 and [a["text"] for a in view["actions"]][0].startswith("take")
        for _ in range(5):
            view = client.post(
                f"/api/tables/{table}/act", headers=seat(red), json={"index": 0}
            ).json()
        view = wait_for_human(client, table, red)
        assert view["observation"]["hands"][1] == {"count": 5}
        assert sum(view["observation"]["hands"][0]["items"].values()) == 5
        assert "has chosen their opening hand" in " ".join(e["text"] for e in view["log"])
        spectator = client.get(f"/api/tables/{table}").json()
        assert spectator["you"] is None and spectator["actions"] == []
        assert spectator["observation"]["hands"][0] == {"count": 5}
        assert view["svg"].startswith("<svg") and view["board_html"] is None
        assert (
            'data-action="0"' in client.get(f"/api/tables/{table}", headers=seat(red)).json()["svg"]
        )  # the first of Red's moves is a place on the board
        assert "data-action" not in spectator["svg"]  # a watcher has nothing to click


def test_the_server_refuses_bad_moves_with_reasons_and_changes_nothing(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        before = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        bad = client.post(
            f"/api/tables/{table}/act",
            headers=seat(red),
            json={"action": {"kind": "take", "token": "cat"}},
        )
        assert bad.status_code == 400 and "no cat in your pile" in bad.json()["error"]
        assert (
            client.post(
                f"/api/tables/{table}/act", headers=seat("forged"), json={"index": 0}
            ).status_code
            == 403
        )
        assert (
            client.post(
                f"/api/tables/{table}/act", headers=seat(red), json={"index": 99}
            ).status_code
            == 400
        )
        assert client.get("/api/tables/nope").status_code == 404
        after = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert after["observation"] == before["observation"]
        assert client.get(f"/api/tables/{table}/record").status_code == 403  # secrets until the end


def test_two_humans_each_act_only_on_their_turn(db):
    with TestClient(create_app(db)) as client:
        table, (red, blue) = new_table(client, seats=("human", "human"))
        wait_for_human(client, table, red)
        response = client.post(f"/api/tables/{table}/act", headers=seat(blue), json={"index": 0})
        assert response.status_code == 409 and "not Blue's turn" in response.json()["error"]


def test_undo_within_a_turn(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        view = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert view["can_undo"]
        view = client.post(f"/api/tables/{table}/undo", headers=seat(red)).json()
        assert sum(view["observation"]["hands"][0]["items"].values()) == 0


def test_a_restart_loses_no_game(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        for _ in range(3):
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        before = client.get(f"/api/tables/{table}", headers=seat(red)).json()
    with TestClient(create_app(db)) as client:  # a new process on the same database
        after = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert after["observation"] == before["observation"]
        assert after["log"] == before["log"]
        client.post(f"/api/tables/{table}/undo", headers=seat(red))
        before = client.get(f"/api/tables/{table}", headers=seat(red)).json()
    with TestClient(create_app(db)) as client:
        after = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert after["observation"] == before["observation"]
        assert after["version"] == before["version"]  # the undo counted: no version repeats
        assert after["can_undo"]  # Red's two takes of this turn can still be taken back
        for taken in (1, 0):
            view = client.post(f"/api/tables/{table}/undo", headers=seat(red)).json()
            assert sum(view["observation"]["hands"][0]["items"].values()) == taken
        assert client.post(f"/api/tables/{table}/undo", headers=seat(red)).status_code == 400


def test_a_restart_resumes_the_tables_where_bots_or_dice_are_due(db):
    """Tables are stored, then a server starts: it plays their bots and draws at once."""
    with TestClient(create_app(db)) as client:
        tables = {}
        for game in ("fuji", "foggy_island"):
            store = client.app.state.tables.store
            game_obj = load_game(game)
            match = Match(game_obj, 2, ["random", "random"])
            seats = [Seat("bot", "random"), Seat("bot", "random")]
            tables[game] = StoredTable(f"{len(tables):016x}", seats, match.record, b"k" * 32)
            store.create(tables[game])  # written as a crashed server would have left it
    with TestClient(create_app(db)) as client:
        for table in tables.values():
            deadline = time.time() + 30
            while not client.get(f"/api/tables/{table.id}").json()["terminal"]:
                assert time.time() < deadline, "a stored table was not resumed"
                time.sleep(0.05)


def test_bots_only_tables_finish_and_open_their_record_and_replay(db):
    with TestClient(create_app(db)) as client:
        table, _ = new_table(client, seats=("random", "random"))
        deadline = time.time() + 20
        while not client.get(f"/api/tables/{table}").json()["terminal"]:
            assert time.time() < deadline
            time.sleep(0.05)
        record = client.get(f"/api/tables/{table}/record").json()
        assert record["game"] == "foggy_island" and record["result"]["scores"]
        frame = client.get(f"/api/tables/{table}/replay", params={"step": 3}).json()
        assert frame["step"] == 3 and frame["last"].startswith("take") and frame["by"] == "Red"
        assert frame["svg"].startswith("<svg") and "data-action" not in frame["svg"]
        assert [e["step"] for e in frame["log"]] == sorted(e["step"] for e in frame["log"])
        assert all(e["step"] <= 3 for e in frame["log"])
        end = client.get(f"/api/tables/{table}/replay", params={"step": 10**6}).json()
        assert end["step"] == end["steps"] == len(record["actions"])
        assert len(end["log"]) > len(frame["log"])
        # a seat's view of the finished game: its own hand, the others' hidden
        red = client.get(f"/api/tables/{table}/replay", params={"step": 8, "seat": 0}).json()
        watcher = client.get(f"/api/tables/{table}/replay", params={"step": 8}).json()
        assert red["svg"] != watcher["svg"]
        assert len(red["log"]) >= len(watcher["log"])
        wrong = client.get(f"/api/tables/{table}/replay", params={"step": 8, "seat": 2})
        assert wrong.status_code == 400 and "no seat 2" in wrong.json()["error"]


def test_a_move_chosen_in_an_older_position_is_refused(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        view = wait_for_human(client, table, red)
        moved = client.post(
            f"/api/tables/{table}/act",
            headers=seat(red),
            json={"index": 0, "version": view["version"]},
        )
        assert moved.status_code == 200 and moved.json()["version"] == view["version"] + 1
        stale = client.post(
            f"/api/tables/{table}/act",
            headers=seat(red),
            json={"index": 0, "version": view["version"]},
        )
        assert stale.status_code == 409 and "position changed" in stale.json()["error"]
        after = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert after["version"] == view["version"] + 1  # the stale move changed nothing


def test_the_lobby_gets_typed_options_and_bot_parameters(db):
    with TestClient(create_app(db)) as client:
        games = client.get("/api/games").json()
        fuji = next(g for g in games["games"] if g["id"] == "fuji")
        level = next(o for o in fuji["options"] if o["name"] == "level")
        assert level["kind"] == "choice" and level["choices"] == [1, 2, 3, 4] and level["help"]
        thrill = next(o for o in fuji["options"] if o["name"] == "extra_thrill")
        assert thrill["kind"] == "bool" and thrill["default"] is False
        iters = next(p for p in games["bot_params"]["mcts"] if p["name"] == "iters")
        assert iters["kind"] == "int" and iters["help"]
        table, _ = new_table(
            client,
            game="fuji",
            seats=("human", "mcts:iters=50,c=0.7"),  # one seat, its parameters comma-separated
            options={"level": 1, "extra_thrill": True, "scenario": "3"},
        )
        record = client.app.state.tables.get(table).match.record
        assert record.options["level"] == 1 and record.options["extra_thrill"] is True
        assert record.seats[1].startswith("mcts:iters=50,c=0.7")
        wrong = client.post(
            "/api/tables",
            json={"game": "fuji", "seats": ["human", "human"], "options": {"level": 9}},
        )
        assert wrong.status_code == 400 and "level" in wrong.json()["error"]


def test_watchers_hear_of_every_change(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        with client.websocket_connect(f"/api/tables/{table}/ws") as socket:
            first = socket.receive_json()["version"]
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
            assert socket.receive_json()["version"] > first


def test_bad_table_requests_get_clear_errors(db):
    with TestClient(create_app(db)) as client:
        r = client.post("/api/tables", json={"game": "chess", "seats": ["human", "human"]})
        assert r.status_code == 400 and "no game called 'chess'" in r.json()["error"]
        r = client.post("/api/tables", json={"game": "foggy_island", "seats": ["human"] * 3})
        assert r.status_code == 400 and "for 2 players" in r.json()["error"]
        r = client.post("/api/tables", json={"game": "foggy_island", "seats": ["human", "genius"]})
        assert r.status_code == 400 and "no bot called" in r.json()["error"]


@pytest.mark.parametrize(
    "body, words",
    [
        ({"game": "fuji", "seats": ["human", "random:seed=1"]}, "takes no seed parameter"),
        ({"game": "fuji", "seats": ["human", "mcts:seed=1"]}, "takes no seed parameter"),
        ({"game": "fuji", "seats": ["human", "greedy:depth=1.5"]}, "depth must be a whole"),
        ({"game": "fuji", "seats": ["human"] * 2, "options": {"level": 1.5}}, "option level"),
        ({"game": "fuji", "seats": ["human"] * 2, "options": {"level": True}}, "option level"),
        ({"game": "eras", "seats": ["human"] * 2, "options": {"round_limit": 1e300}}, "round"),
        ({"game": "eras", "seats": ["human"] * 2, "options": {"up_to_six": "yes"}}, "up_to_six"),
        (
            {"game": "volcanique", "seats": ["human"] * 2, "options": {"caldera_limit": 10**12}},
            "option caldera_limit",
        ),
        ({"game": "fuji", "seats": ["human"] * 2, "options": ["level=1.5"]}, "option level"),
    ],
)
def test_tables_are_checked_by_the_same_model_as_the_terminal(sqlite_url, body, words):
    """Bad options and bot parameters get a 400 naming them, never a 500."""
    with TestClient(create_app(sqlite_url)) as client:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 400, answer.text
        assert words in answer.json()["error"]
        assert client.get("/api/tables").json()["tables"] == []


def test_bot_specs_are_kept_normalised(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        table, _ = new_table(client, game="fuji", seats=("human", "mcts:iters=1k,playout=yes"))
        record = client.app.state.tables.get(table).match.record
        assert record.seats[1].startswith("mcts:iters=1000,playout=true")


def test_a_replay_outlines_the_last_move_and_never_calls_a_watcher_you(db):
    with TestClient(create_app(db)) as client:
        table, (red, _) = new_table(client, seats=("human", "random"))
        while not (view := wait_for_human(client, table, red))["terminal"]:
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        steps = view["step"]
        frames = [
            client.get(f"/api/tables/{table}/replay", params={"step": n, "seat": 0}).json()
            for n in range(1, steps + 1)
        ]
        placed = [f for f in frames if f["last"] and f["last"].startswith("place on")]
        assert placed, "somebody placed a token"
        for frame in placed:  # where the token went, outlined and titled
            assert 'class="last-move-mark"' in frame["svg"]
            assert f"<title>Last move: {frame['by']}: {frame['last']}</title>" in frame["svg"]
        # Red's view of the game: "you" for Red only, "their view" for anyone else
        n = placed[0]["step"]
        mine = client.get(
            f"/api/tables/{table}/replay", params={"step": n, "seat": 0}, headers=seat(red)
        ).json()
        theirs = client.get(f"/api/tables/{table}/replay", params={"step": n, "seat": 0}).json()
        assert "Red \u2014 you" in mine["svg"] and "\u2014 you" not in theirs["svg"]
        assert "Red \u2014 their view" in theirs["svg"]


def test_a_table_starts_from_an_uploaded_position(db):
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs/positions/foggy_island.toml").read_text()
    with TestClient(create_app(db)) as client:
        made = client.post(
            "/api/tables",
            json={"game": "foggy_island", "seats": ["random", "human"], "position": text},
        )
        assert made.status_code == 200, made.text
        blue = made.json()["seats"][1]["link"].split("#seat=")[1]
        view = wait_for_human(client, made.json()["table"], blue)
        board = view["observation"]["board"]
        assert sum(cell is not None for cell in board) == 5  # b2, c2, d2 Red; c3, d4 Blue
        wrong_game = client.post(
            "/api/tables", json={"game": "eras", "seats": ["human", "random"], "position": text}
        )
        assert wrong_game.status_code == 400 and "for 'foggy_island'" in wrong_game.json()["error"]
        damaged = client.post(
            "/api/tables",
            json={"game": "foggy_island", "seats": ["human", "random"], "position": "[map\nz9 ="},
        )
        assert damaged.status_code == 400
        assert damaged.json()["error"].startswith("the uploaded position is not a position file")
