"""A real ``lapilli serve`` process: killed with -9 mid-game, stopped with browsers open."""

from __future__ import annotations

import json
import signal
import time

import pytest

pytest.importorskip("fastapi")
from websockets.sync.client import connect  # noqa: E402

from lapilli.core.state import CHANCE  # noqa: E402
from lapilli.web.store import Store  # noqa: E402

from .serving import Serve  # noqa: E402


def seat(token):
    return {"authorization": f"Bearer {token}"}


def create(server, seats, game="foggy_island"):
    data = server.client.post("/api/tables", json={"game": game, "seats": seats}).json()
    tokens = [s["link"].split("#seat=")[1] if s["link"] else None for s in data["seats"]]
    return data["table"], tokens


def wait_until(server, table, token, done, timeout=30.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        view = server.client.get(f"/api/tables/{table}", headers=seat(token) if token else {})
        if done(view.json()):
            return view.json()
        time.sleep(0.05)
    raise AssertionError(f"table {table} stalled")


def my_turn(view):
    return bool(view["actions"]) or view["terminal"]


def test_kill_9_loses_no_game_and_stalls_none(db, tmp_path):
    """A bot thinking, a draw due, a bot's reply queued, a human to move: all resume."""
    server = Serve(db, tmp_path / "serve.log", bot_threads=1)
    try:
        human, (red, _) = create(server, ["human", "random"])
        wait_until(server, human, red, my_turn)
        server.client.post(f"/api/tables/{human}/act", headers=seat(red), json={"index": 0})
        reply, (red2, _) = create(server, ["human", "random"])
        wait_until(server, reply, red2, my_turn)
        # the one bot thread is now busy with a thinking bot: what comes next waits
        thinking, _ = create(server, ["mcts:seconds=5", "mcts:seconds=5"])
        time.sleep(0.5)  # its first decision (Red's pick of a token) takes the 5 seconds
        draw, (red3, _) = create(server, ["human", "random"], game="fuji")  # opens with dice
        for _ in range(5):  # Red takes its opening hand; Blue's takes wait for the bot thread
            server.client.post(f"/api/tables/{reply}/act", headers=seat(red2), json={"index": 0})
        before = {t: server.client.get(f"/api/tables/{t}").json() for t in (human, reply)}
        before_red = server.client.get(f"/api/tables/{human}", headers=seat(red)).json()
        server.process.send_signal(signal.SIGKILL)
        server.process.wait()
    finally:
        server.stop()

    store = Store(db)  # what the killed server left: the cases this test is about
    stored = {t: store.load(t) for t in (human, reply, thinking, draw)}
    store.close()
    positions = {t: s.record.replay() for t, s in stored.items()}
    assert positions[draw].current_player() == CHANCE and not stored[draw].record.actions
    assert positions[thinking].current_player() in (0, 1)  # a bot was to move
    assert positions[reply].current_player() == 1  # the bot's reply was due
    assert positions[human].current_player() == 0

    server = Serve(db, tmp_path / "serve.log")
    try:
        wait_until(server, draw, red3, my_turn)
        after = wait_until(server, reply, red2, my_turn)
        assert after["version"] > before[reply]["version"]
        versions = stored[thinking].version
        wait_until(server, thinking, None, lambda v: v["version"] > versions or v["terminal"])
        still = server.client.get(f"/api/tables/{human}", headers=seat(red)).json()
        assert still["observation"] == before_red["observation"]
        assert still["version"] == before_red["version"] and still["can_undo"]
        assert server.client.post(f"/api/tables/{human}/undo", headers=seat(red)).status_code == 200
        act = server.client.post(f"/api/tables/{human}/act", headers=seat(red), json={"index": 0})
        assert act.status_code == 200
    finally:
        assert server.signal(signal.SIGTERM) is not None


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_one_signal_stops_the_server_with_browsers_connected(sqlite_url, tmp_path, stop):
    server = Serve(sqlite_url, tmp_path / "serve.log")
    try:
        table, (red, _) = create(server, ["human", "mcts:seconds=2"])
        wait_until(server, table, red, my_turn)
        server.client.post(f"/api/tables/{table}/act", headers=seat(red), json={"index": 0})
        ws = f"ws://127.0.0.1:{server.port}/api/tables/{table}/ws"
        origin = f"http://127.0.0.1:{server.port}"
        sockets = [connect(ws, origin=origin) for _ in range(3)]
        for socket in sockets:
            assert "version" in socket.recv(timeout=5)
        started = time.time()
        code = server.signal(stop)
        assert time.time() - started < 10
        assert code in (0, -stop, 128 + stop), (code, (tmp_path / "serve.log").read_text())
        for socket in sockets:
            socket.close()
    finally:
        server.stop()


def test_a_postgresql_outage_answers_503_and_the_bots_resume(
    postgres_cluster, postgres_url, tmp_path
):
    """PostgreSQL stops for a few seconds under a running server: requests that need it
    get a 503 with a reason (no traceback in the log), the bot tables say why they wait,
    and their bots go on within 2 s of the database coming back."""
    log = tmp_path / "serve.log"
    server = Serve(postgres_url, log)
    try:
        human, (red, _) = create(server, ["human", "random"])
        wait_until(server, human, red, my_turn)
        bots, _ = create(server, ["mcts:seconds=0.05", "mcts:seconds=0.05"])
        wait_until(server, bots, None, lambda v: v["version"] > 2)
        postgres_cluster.stop()
        try:
            stopped = time.time()
            made = server.client.post("/api/tables", json={"game": "fuji", "seats": ["random"] * 2})
            assert made.status_code == 503 and "database" in made.json()["error"]
            act = f"/api/tables/{human}/act"
            moved = server.client.post(act, headers=seat(red), json={"index": 0})
            assert moved.status_code == 503 and moved.headers["retry-after"]
            held = wait_until(server, bots, None, lambda v: v["trouble"])
            assert "database" in held["trouble"]
            time.sleep(max(0.0, 4 - (time.time() - stopped)))
            frozen = server.client.get(f"/api/tables/{bots}").json()["version"]
        finally:
            postgres_cluster.start()
        back = time.time()
        wait_until(server, bots, None, lambda v: v["version"] > frozen and not v["trouble"])
        assert time.time() - back < 2.0
        moved = server.client.post(act, headers=seat(red), json={"index": 0})
        assert moved.status_code == 200
    finally:
        server.stop()
    assert "Traceback" not in log.read_text()


def test_two_processes_share_tables_and_one_takes_over_when_the_other_dies(postgres_url, tmp_path):
    """Two servers on one PostgreSQL, a human on each: moves made on one reach the
    other's websocket; kill -9 the process running the bots mid-thought, and the other
    takes them over within seconds; the game plays on there."""
    one, two = Serve(postgres_url, tmp_path / "one.log"), Serve(postgres_url, tmp_path / "two.log")
    try:
        table, tokens = create(one, ["human", "mcts:seconds=1", "human"], game="eras")
        killed = cross_process_moves(one, two, table, tokens)
        assert killed is not None, "the bot never came to move after the first player"
        started, version = killed
        wait_until(two, table, None, lambda v: v["version"] > version, timeout=20)
        assert time.time() - started < 6, "the other process did not take the bots over"
        moves = 0
        deadline = time.time() + 60
        while moves < 4 and time.time() < deadline:  # both players now on the second process
            views = [
                two.client.get(f"/api/tables/{table}", headers=seat(tokens[s])).json()
                for s in (0, 2)
            ]
            if views[0]["terminal"]:
                break
            mover = next((v for v in views if v["actions"]), None)
            if mover is None:
                time.sleep(0.05)
                continue
            act = {"index": 0, "version": mover["version"]}
            done = two.client.post(
                f"/api/tables/{table}/act", headers=seat(tokens[mover["you"]]), json=act
            )
            if done.status_code == 409:  # the bot moved since that view: look again
                continue
            assert done.status_code == 200, done.text
            moves += 1
        assert moves == 4 or views[0]["terminal"]
    finally:
        one.stop()
        two.stop()
    for log in ("one.log", "two.log"):
        assert "Traceback" not in (tmp_path / log).read_text()


def cross_process_moves(one, two, table, tokens):
    """Seat 0 plays on ``one``, seat 2 on ``two`` (its websocket there hears of every
    move made on ``one``), until seat 0's move leaves the bot (seat 1) to think on
    ``one``: then ``one`` is killed. Returns (when, the version then), or None."""
    servers = {0: one, 2: two}
    ws = f"ws://127.0.0.1:{two.port}/api/tables/{table}/ws"
    with connect(ws, origin=f"http://127.0.0.1:{two.port}") as socket:
        heard = json.loads(socket.recv(timeout=5))["version"]
        deadline = time.time() + 60
        while time.time() < deadline:
            views = {
                s: server.client.get(
                    f"/api/tables/{table}", headers=seat(tokens[s]), params={"at_least": heard}
                ).json()
                for s, server in servers.items()
            }
            mover = next((v for v in views.values() if v["actions"]), None)
            if views[0]["terminal"]:
                return None
            if mover is None:
                time.sleep(0.05)
                continue
            server = servers[mover["you"]]
            act = {"index": 0, "version": mover["version"]}
            done = server.client.post(
                f"/api/tables/{table}/act", headers=seat(tokens[mover["you"]]), json=act
            )
            if done.status_code == 409:  # the bot moved since that view: look again
                continue
            assert done.status_code == 200, done.text
            after = done.json()
            if server is one:  # the news reaches the player on the other process
                while heard < after["version"]:
                    heard = json.loads(socket.recv(timeout=5))["version"]
                if after["waiting_for_bot"] and after["to_move"] == 1:
                    one.process.send_signal(signal.SIGKILL)  # the bot thinks there
                    one.process.wait()
                    return time.time(), after["version"]
    return None
