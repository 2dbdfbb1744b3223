"""Fair use: bot budgets capped by the server, bots thinking without blocking anyone."""

import threading

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.agents import AGENTS, AgentError, RandomAgent  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402
from lapilli.web.settings import Settings  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402


def test_bot_budgets_are_capped_by_the_server():
    settings = Settings(max_bot_seconds=2, max_mcts_iters=5000)
    with pytest.raises(AgentError, match="caps the mcts bot's iters at 5000"):
        settings.bot_spec("mcts:iters=2000000")
    with pytest.raises(AgentError, match="caps the mcts bot's seconds at 2"):
        settings.bot_spec("mcts:seconds=30")
    with pytest.raises(AgentError, match="caps the greedy bot's nodes"):
        settings.bot_spec("greedy:nodes=10000000")
    assert settings.bot_spec("mcts:iters=500") == "mcts:iters=500,seconds=2"  # a time limit
    assert settings.bot_spec("mcts:seconds=1") == "mcts:seconds=1"
    assert settings.bot_spec("random") == "random"
    # greedy's positions, worlds and depth at their caps can outlast the time cap: a clock
    assert settings.bot_spec("greedy") == "greedy:seconds=2"
    with pytest.raises(AgentError, match="caps the greedy bot's seconds at 2"):
        settings.bot_spec("greedy:seconds=30")


def test_settings_come_from_the_environment():
    settings = Settings.from_env({"LAPILLI_MAX_BOT_SECONDS": "1.5", "LAPILLI_ORIGINS": "a, b"})
    assert settings.max_bot_seconds == 1.5 and settings.origins == ("a", "b")
    with pytest.raises(ValueError, match="LAPILLI_BOT_THREADS must be a number"):
        Settings.from_env({"LAPILLI_BOT_THREADS": "many"})


def test_a_bot_budget_over_the_cap_is_refused_at_the_table_with_its_reason(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        body = {"game": "fuji", "seats": ["human", "mcts:iters=2000000"]}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 400 and "caps the mcts bot's iters" in refused.json()["error"]
        made = client.post("/api/tables", json=body | {"seats": ["human", "mcts:iters=50"]})
        assert made.json()["seats"][1]["spec"] == "mcts:iters=50,seconds=5"


class Pondering(RandomAgent):
    """A bot that thinks until the test lets it decide."""

    name = "ponder"
    thinking = threading.Event()
    decide = threading.Event()

    def act(self, state, seat):
        Pondering.thinking.set()
        assert Pondering.decide.wait(20), "the test never let the bot decide"
        return super().act(state, seat)


def test_views_and_moves_elsewhere_are_answered_while_a_bot_thinks(sqlite_url, monkeypatch):
    monkeypatch.setitem(AGENTS, "ponder", Pondering)
    with TestClient(create_app(sqlite_url)) as client:
        other, (green, _) = new_table(client, ("human", "random"))
        wait_for_human(client, other, green)
        table, (red, _) = new_table(client, ("human", "ponder"))
        wait_for_human(client, table, red)
        for _ in range(5):  # Red's opening takes, then the bot is to move
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        assert Pondering.thinking.wait(10)
        view = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert view["waiting_for_bot"] and not view["actions"]  # answered mid-thought
        moved = client.post(f"/api/tables/{other}/act", headers=seat(green), json={"index": 0})
        assert moved.status_code == 200
        Pondering.decide.set()
        assert wait_for_human(client, table, red)["actions"]


def test_a_slow_database_write_holds_up_neither_views_nor_other_requests(sqlite_url, monkeypatch):
    """A move waits for its write in a worker thread; the event loop and views go on."""
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        before = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        store = type(client.app.state.tables.store)
        writing, finish = threading.Event(), threading.Event()
        append = store.append

        def slow_append(self, *args):
            writing.set()
            assert finish.wait(20), "the test never let the write finish"
            append(self, *args)

        monkeypatch.setattr(store, "append", slow_append)
        moved = {}
        mover = threading.Thread(
            target=lambda: moved.update(
                answer=client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
            )
        )
        mover.start()
        assert writing.wait(10)
        view = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert view["version"] == before["version"]  # the move is not shown before it is kept
        assert client.get("/api/games").status_code == 200
        finish.set()
        mover.join(20)
        assert moved["answer"].status_code == 200
        assert moved["answer"].json()["version"] == before["version"] + 1


def test_the_levels_are_offered_by_the_api_and_hard_gets_a_time_limit(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        listed = client.get("/api/games").json()
        assert {"easy", "normal", "hard"} <= set(listed["bots"])
        assert [p["name"] for p in listed["bot_params"]["hard"]] == ["seconds", "iters"]
        made = client.post("/api/tables", json={"game": "eras", "seats": ["human", "hard"]})
        assert made.json()["seats"][1]["spec"] == "hard:seconds=2"
        refused = client.post("/api/tables", json={"game": "eras", "seats": ["human", "hardest"]})
        assert refused.status_code == 400 and "no bot called 'hardest'" in refused.json()["error"]


def test_a_bot_cut_short_by_the_servers_time_cap_is_logged_in_words(
    sqlite_url, caplog, monkeypatch
):
    caplog.set_level("INFO", logger="lapilli.web")
    monkeypatch.setenv("LAPILLI_MAX_BOT_SECONDS", "0.05")
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client, ("human", "hard:iters=20000"), game="eras")
        view = wait_for_human(client, table, red)
        for _ in range(6):
            if view["terminal"]:
                break
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
            view = wait_for_human(client, table, red)
    assert any("was cut short after 0.05 s" in r.getMessage() for r in caplog.records)
