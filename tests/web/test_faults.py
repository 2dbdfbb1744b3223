"""Faults: a database that stops answering gets a 503 with a reason, and bots resume."""

import threading
import time

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy.exc import OperationalError  # noqa: E402

from lapilli.agents import AGENTS, RandomAgent  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402
from lapilli.web.store import Conflict  # noqa: E402
from lapilli.web.tables import LiveTable  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402


def wait_until(check, timeout=10.0, every=0.02):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(every)
    raise AssertionError("it never happened")


class Broken:
    """``Store.append`` fails as a stopped database does, while ``on`` is set."""

    def __init__(self, monkeypatch, store_class):
        self.on = threading.Event()
        append = store_class.append

        def failing(store, *args):
            if self.on.is_set():
                raise OperationalError("INSERT", {}, Exception("connection refused"))
            return append(store, *args)

        monkeypatch.setattr(store_class, "append", failing)


def test_a_database_fault_answers_503_and_changes_nothing(sqlite_url, monkeypatch, caplog):
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client)
        before = wait_for_human(client, table, red)
        broken = Broken(monkeypatch, type(client.app.state.tables.store))
        broken.on.set()
        moved = client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        assert moved.status_code == 503, moved.text
        assert "database is not answering" in moved.json()["error"]
        assert moved.headers["retry-after"].isdigit()
        after = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert after["version"] == before["version"] and after["actions"] == before["actions"]
        broken.on.clear()
        again = client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        assert again.status_code == 200
    assert "Traceback" not in caplog.text


def test_bots_held_up_by_the_database_say_so_and_resume_when_it_answers(
    sqlite_url, monkeypatch, caplog
):
    with TestClient(create_app(sqlite_url)) as client:
        broken = Broken(monkeypatch, type(client.app.state.tables.store))
        broken.on.set()
        table, (red, _) = new_table(client, ("human", "random"), game="fuji")  # dice first
        view = wait_until(lambda: client.get(f"/api/tables/{table}").json()["trouble"])
        assert "database" in view
        time.sleep(1.5)  # several retries fail; each is one line of the log
        held = client.get(f"/api/tables/{table}").json()
        assert held["version"] == 0
        broken.on.clear()
        back = time.time()
        wait_until(lambda: client.get(f"/api/tables/{table}").json()["version"] > 0, 5)
        assert time.time() - back < 2.0  # the bots try again within a second
        view = wait_for_human(client, table, red)
        assert view["trouble"] is None
    assert "Traceback" not in caplog.text
    assert "waits for the database" in caplog.text


class Flaky(RandomAgent):
    """A bot whose first two decisions fail."""

    name = "flaky"
    failures = 0

    def act(self, state, seat):
        if Flaky.failures < 2:
            Flaky.failures += 1
            raise RuntimeError("the bot broke")
        return super().act(state, seat)


def test_a_failing_bot_step_is_tried_again_and_the_table_says_so(sqlite_url, monkeypatch):
    monkeypatch.setitem(AGENTS, "flaky", Flaky)
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client, ("human", "flaky"))
        wait_for_human(client, table, red)
        for _ in range(5):  # Red's opening takes; then the bot is to move
            client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        told = wait_until(lambda: client.get(f"/api/tables/{table}").json()["trouble"])
        assert "a bot's move failed: it is tried again" in told
        view = wait_for_human(client, table, red)
        assert view["trouble"] is None and Flaky.failures == 2


def test_a_move_that_keeps_meeting_changes_made_elsewhere_gets_409(sqlite_url, monkeypatch):
    """Another process changed the table before the move, and again after this copy
    caught up: the move is not played, and the answer says to look again."""
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)

        def raced(live, *args):
            raise Conflict(live.id)

        monkeypatch.setattr(LiveTable, "act", raced)
        moved = client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        assert moved.status_code == 409 and "changed meanwhile" in moved.json()["error"]
