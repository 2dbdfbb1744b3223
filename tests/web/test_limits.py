"""Bounded: new tables and open websockets per client, and tables in memory."""

import time

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from starlette.testclient import WebSocketDenialResponse  # noqa: E402

from lapilli.web.limits import Rate  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402


def test_new_tables_per_client_are_limited_with_a_retry_after(sqlite_url, monkeypatch):
    monkeypatch.setenv("LAPILLI_TABLES_PER_MINUTE", "3")
    with TestClient(create_app(sqlite_url)) as client:
        body = {"game": "fuji", "seats": ["human", "human"]}
        for _ in range(3):
            assert client.post("/api/tables", json=body).status_code == 200
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "too many new tables" in refused.json()["error"]
        assert 1 <= int(refused.headers["retry-after"]) <= 20
        assert len(client.get("/api/tables").json()["tables"]) == 3


def test_a_bucket_refills_and_idle_clients_are_forgotten(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    rate = Rate(per_minute=2)
    assert rate.take("a") == 0 and rate.take("a") == 0
    assert rate.take("a") == 30 and rate.take("b") == 0
    clock[0] += 30
    assert rate.take("a") == 0
    clock[0] += 120
    rate.forget_idle()
    assert rate.buckets == {}


def test_open_websockets_per_client_are_limited(sqlite_url, monkeypatch):
    monkeypatch.setenv("LAPILLI_SOCKETS_PER_CLIENT", "2")
    with TestClient(create_app(sqlite_url)) as client:
        table, _ = new_table(client)
        path = f"/api/tables/{table}/ws"
        with client.websocket_connect(path) as one, client.websocket_connect(path) as two:
            assert "version" in one.receive_json() and "version" in two.receive_json()
            with pytest.raises(WebSocketDenialResponse) as refused:
                client.websocket_connect(path).__enter__()
            assert refused.value.status_code == 429
            assert refused.value.headers["retry-after"]
            assert "too many open websockets" in refused.value.json()["error"]
        with client.websocket_connect(path) as three:  # the others closed: room again
            assert "version" in three.receive_json()


def test_unused_and_finished_tables_leave_memory_and_come_back(sqlite_url, monkeypatch):
    monkeypatch.setenv("LAPILLI_IDLE_SECONDS", "1")
    monkeypatch.setenv("LAPILLI_FINISHED_SECONDS", "0.5")
    with TestClient(create_app(sqlite_url)) as client:
        tables = client.app.state.tables
        table, (red, _) = new_table(client)
        before = wait_for_human(client, table, red)
        done, _ = new_table(client, ("random", "random"), game="fuji")
        deadline = time.time() + 20
        while (table in tables.live or done in tables.live) and time.time() < deadline:
            time.sleep(0.1)
        assert table not in tables.live and done not in tables.live
        again = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert again["version"] == before["version"] and again["actions"] == before["actions"]
        assert table in tables.live
        moved = client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        assert moved.status_code == 200
        assert client.get(f"/api/tables/{done}").json()["terminal"]


def test_at_most_so_many_tables_stay_in_memory(sqlite_url, monkeypatch):
    monkeypatch.setenv("LAPILLI_MAX_LIVE", "2")
    with TestClient(create_app(sqlite_url)) as client:
        tables = client.app.state.tables
        made = [new_table(client, ("human", "human"), game="fuji")[0] for _ in range(5)]
        deadline = time.time() + 10
        while tables.bots.queued and time.time() < deadline:
            time.sleep(0.1)  # the set-ups' chance steps, which mark a table used, are done
        for table in made:  # used in this order: the first made is the longest unused
            assert client.get(f"/api/tables/{table}").status_code == 200
        while len(tables.live) > 2 and time.time() < deadline:
            time.sleep(0.1)
        assert set(tables.live) == set(made[-2:])
        assert client.get(f"/api/tables/{made[0]}").status_code == 200  # read back
