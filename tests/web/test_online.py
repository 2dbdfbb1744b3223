"""Online play through the API: players, open tables, chat, clocks, ratings, rematch."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("sqlalchemy")
from fastapi.testclient import TestClient  # noqa: E402
from sqlalchemy import create_engine, func, inspect, select, text  # noqa: E402

from lapilli.web.clocks import ClockRule, Clocks  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402
from lapilli.web.store import RatingRow, StepRow, Store, TableRow  # noqa: E402

from .helpers import seat  # noqa: E402


class Clock:
    """A wall clock moved by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def my_turn(client, table, timeout=20.0):
    """The view of the client's seat (by its cookie) once it may act."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        view = client.get(f"/api/tables/{table}").json()
        if view["actions"] or view["terminal"]:
            return view
        time.sleep(0.02)
    raise AssertionError("the bots never handed over")


def whose_turn(clients, table, timeout=20.0):
    """The client that may act and its view (once the dice and bots have moved), or
    the first client's view once the game is over."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for client in clients:
            view = client.get(f"/api/tables/{table}").json()
            if view["actions"] or view["terminal"]:
                return client, view
        time.sleep(0.02)
    raise AssertionError("nobody came to move")


def app_with(db, clock=None):
    app = create_app(db)
    if clock is not None:
        app.state.now = clock
    return app


def player(app, name):
    """Another browser: a client of its own (its own cookies) on the same server."""
    client = TestClient(app)
    answer = client.post("/api/players", json={"name": name})
    assert answer.status_code == 200, answer.text
    return client


def open_table(client, game="foggy_island", seats=("human", "human"), **extra):
    body = {"game": game, "seats": list(seats), "open": True, "sit": 0, **extra}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 200, answer.text
    return answer.json()["table"]


def test_a_player_has_a_name_and_a_key_that_is_a_cookie_only(db):
    app = create_app(db)
    with TestClient(app) as client:
        assert client.get("/api/me").status_code == 403
        answer = client.post("/api/players", json={"name": "Ana Lúcia"})
        body = answer.json()
        assert body["name"] == "Ana Lúcia" and set(body) == {"player", "name"}  # no key
        assert "httponly" in answer.headers["set-cookie"].lower()
        me = client.get("/api/me").json()
        assert me["player"] == body["player"] and me["tables"] == [] and me["ratings"] == []
        assert client.post("/api/players", json={"name": "Ana"}).json() == {
            "player": body["player"],
            "name": "Ana",
        }  # a second time: renamed, still the same player
        for bad in ("", "<b>x</b>", "x" * 31, " "):
            refused = client.post("/api/players", json={"name": bad})
            assert refused.status_code in (400, 422) and "error" in refused.json()
        page = client.get(f"/api/players/{body['player']}").json()
        assert page["name"] == "Ana" and page["games"] == []
        assert client.get("/api/players/nobody").status_code == 404


def test_an_open_table_is_found_in_the_lobby_and_a_seat_taken_with_one_request(db):
    app = create_app(db)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table = open_table(ana)
        listed = ana.get("/api/open").json()["tables"]
        assert [(t["table"], t["free"]) for t in listed] == [(table, [1])]
        assert listed[0]["seats"][0]["name"] == "Ana"
        ben = player(app, "Ben")
        joined = ben.post(f"/api/tables/{table}/join", json={}).json()
        assert joined["seat"] == 1 and joined["label"] == "Blue"
        token = joined["link"].split("#seat=")[1]
        assert ben.get(f"/api/tables/{table}").json()["you"] == 1  # the cookie set
        assert ben.get(f"/api/tables/{table}", headers=seat(token)).json()["you"] == 1
        assert ana.get("/api/open").json()["tables"] == []  # no free seat left
        again = player(app, "Cy").post(f"/api/tables/{table}/join", json={})
        assert again.status_code == 409 and "every seat is taken" in again.json()["error"]
        # the player key alone is no seat: Ben's key in a fresh browser only watches
        fresh = TestClient(app, cookies={"lapilli-player": ben.cookies["lapilli-player"]})
        assert fresh.get("/api/me").json()["name"] == "Ben"
        assert fresh.get(f"/api/tables/{table}").json()["you"] is None
        mine = ben.get("/api/me").json()["tables"]
        assert [(t["table"], t["seat"], t["label"]) for t in mine] == [(table, 1, "Blue")]
        view = ana.get(f"/api/tables/{table}").json()
        assert [s["name"] for s in view["seats"]] == ["Ana", "Ben"]
        # by invitation only: no joining without the link
        private = ana.post("/api/tables", json={"game": "foggy_island", "seats": ["human"] * 2})
        refused = ben.post(f"/api/tables/{private.json()['table']}/join", json={})
        assert refused.status_code == 403 and "invitation" in refused.json()["error"]
        nameless = TestClient(app).post(f"/api/tables/{table}/join", json={})
        assert nameless.status_code == 403 and "player name" in nameless.json()["error"]


def test_table_chat_is_kept_marked_limited_and_never_carries_a_secret(db, monkeypatch):
    monkeypatch.setenv("LAPILLI_CHAT_PER_MINUTE", "4")
    app = create_app(db)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        answer = ana.post(
            "/api/tables", json={"game": "foggy_island", "seats": ["human"] * 2, "sit": 0}
        )
        table = answer.json()["table"]
        blue_link = answer.json()["seats"][1]["link"]
        said = ana.post(f"/api/tables/{table}/chat", json={"text": "  hi <b>all</b>\n"}).json()
        assert said["who"] == "Red (Ana)" and said["text"] == "hi <b>all</b>"  # kept as text
        watcher = TestClient(app)
        assert watcher.post(f"/api/tables/{table}/chat", json={"text": "go"}).json()["watcher"]
        leak = ana.post(f"/api/tables/{table}/chat", json={"text": f"join me {blue_link}"})
        assert leak.status_code == 400 and "secret" in leak.json()["error"]
        key = ana.cookies["lapilli-player"]
        leak = ana.post(f"/api/tables/{table}/chat", json={"text": key})
        assert leak.status_code == 400
        messages = watcher.get(f"/api/tables/{table}/chat").json()["messages"]
        assert [(m["who"], m["watcher"]) for m in messages] == [
            ("Red (Ana)", False),
            ("a watcher", True),
        ]
        assert watcher.get(f"/api/tables/{table}/chat?after=1").json()["messages"][0]["n"] == 2
        for _ in range(2):
            ana.post(f"/api/tables/{table}/chat", json={"text": "more"})
        limited = ana.post(f"/api/tables/{table}/chat", json={"text": "too much"})
        assert limited.status_code == 429 and limited.headers["retry-after"]
        too_long = ana.post(f"/api/tables/{table}/chat", json={"text": "x" * 301})
        assert too_long.status_code == 422


def test_clocks_count_a_persons_time_only_and_pass_with_the_turn():
    clocks = Clocks.start(ClockRule("real", 60, 5, "bot"), 2)
    clocks.switch(0, 100.0, 1)
    assert clocks.deadline() == 160.0
    clocks.switch(0, 110.0, 2)  # Red decides again: the clock runs on, no increment
    assert clocks.left_now(110.0) == [50.0, 60.0]
    clocks.switch(None, 120.0, 3)  # a bot or the dice: every clock stands
    assert clocks.left == [45.0, 60.0] and clocks.deadline() is None
    clocks.switch(1, 500.0, 4)
    assert clocks.overdue(559.0) is None and clocks.overdue(560.0) == 1
    turn = Clocks.start(ClockRule("turn", 3600, 0, "lose"), 2)
    turn.switch(1, 0.0, 1)
    turn.switch(0, 3000.0, 2)
    turn.switch(1, 3100.0, 3)  # a fresh hour for each move
    assert turn.left_now(3100.0) == [3600.0, 3600.0]
    assert Clocks.loads(turn.dumps()) == turn
    assert "1 h for each move" in turn.rule.words()


def clocked(client, policy, game="foggy_island", seats=("human", "human"), rated=True, **clock):
    clock = clock or {"kind": "real", "minutes": 1, "increment": 2}
    return open_table(
        client, game=game, seats=seats, rated=rated, clock={**clock, "on_timeout": policy}
    )


def against_ben(app, ana):
    """A rated table Ana opens with an hour a turn, lost on time, and Ben, who joins it."""
    table = clocked(ana, "lose", kind="turn", hours=1)
    ben = player(app, "Ben")
    ben.post(f"/api/tables/{table}/join", json={})
    return table, ben


def test_a_seat_out_of_time_is_played_by_its_bot_when_the_table_says_so(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table = clocked(ana, "bot")
        view = ana.get(f"/api/tables/{table}").json()
        assert view["clock"]["running"] is None  # Blue's seat is free: no clock runs yet
        ben = player(app, "Ben")
        ben.post(f"/api/tables/{table}/join", json={})
        view = ana.get(f"/api/tables/{table}").json()
        to_move = view["to_move"]
        assert view["clock"]["running"] == to_move and view["clock"]["left"] == [60.0, 60.0]
        clock.now += 30
        assert ana.get(f"/api/tables/{table}").json()["clock"]["left"][to_move] == 30.0
        clock.now += 31
        app.state.tables.time_outs()
        view = ana.get(f"/api/tables/{table}").json()
        assert view["clock"]["out"] == [to_move] and view["seats"][to_move]["kind"] == "bot"
        assert not view["terminal"]
        late = ana if to_move == 0 else ben
        refused = late.post(f"/api/tables/{table}/act", json={"index": 0})
        assert refused.status_code == 409 and "your time ran out" in refused.json()["error"]
        assert late.get(f"/api/tables/{table}").json()["you"] == to_move  # still their view
        # the bot plays for the seat: the other seat is soon to move
        other = 1 - to_move
        view = my_turn(ana if other == 0 else ben, table)
        assert view["actions"] and view["to_move"] == other


def test_a_seat_out_of_time_loses_and_a_rated_game_rates_its_players(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        me = ana.post("/api/players", json={"name": "Ana"}).json()["player"]
        table, ben = against_ben(app, ana)
        to_move = ana.get(f"/api/tables/{table}").json()["to_move"]
        clock.now += 3601
        app.state.tables.time_outs()
        view = ana.get(f"/api/tables/{table}").json()
        loser, winner = ("Red", "Blue") if to_move == 0 else ("Blue", "Red")
        assert view["terminal"] and view["result"] == f"{loser} ran out of time: {winner} wins"
        assert view["outcomes"][to_move] == "lost" and view["actions"] == []
        time.sleep(0.5)  # nobody plays on, not even the bot now in the seat out of time
        assert ana.get(f"/api/tables/{table}").json()["step"] == view["step"]
        assert ana.get(f"/api/tables/{table}/record").status_code == 200  # the game is over
        board = ana.get("/api/leaderboard?game=foggy_island").json()["players"]
        assert [p["name"] for p in board] == ["Ben", "Ana"] if to_move == 0 else ["Ana", "Ben"]
        assert board[0]["rating"] > board[1]["rating"] and board[0]["games"] == 1
        page = ana.get(f"/api/players/{me}").json()
        assert page["games"][0]["table"] == table and page["history"][0]["table"] == table
        assert page["games"][0]["label"] == "Red"  # the seat in the game's words
        svg = ana.get(f"/api/players/{me}/rating.svg?game=foggy_island")
        assert svg.headers["content-type"].startswith("image/svg") and "<polyline" in svg.text
        assert ana.get("/api/leaderboard?game=chess").status_code == 400


def watch_the_store(app, table):
    """After each transaction the store commits: whether the table's game is over as
    stored (its clocks ended it, or it is marked finished), with how many steps, and
    how many rated games the players have."""
    store = app.state.tables.store
    writer = store.write
    seen = []

    class Watched:
        close = writer.close

        def __call__(self, change):
            writer(change)
            look()

    def look():
        with store.engine.connect() as db:
            row = db.execute(
                select(TableRow.finished, TableRow.clocks).where(TableRow.id == table)
            ).one()
            steps = db.execute(select(func.count()).where(StepRow.table_id == table)).scalar()
            rated = db.execute(select(func.sum(RatingRow.games))).scalar() or 0
        ended = bool(row.clocks) and Clocks.loads(row.clocks).ended is not None
        seen.append({"over": row.finished or ended, "steps": steps, "rated": rated})

    store.write = Watched()
    return seen


def test_the_end_of_a_rated_game_is_written_with_its_ratings(db):
    """Whoever sees a rated game over (this process or another) sees its ratings: the
    step or time-out that ends it is written in one transaction with them."""
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table, ben = against_ben(app, ana)
        seen = watch_the_store(app, table)
        clock.now += 3601
        app.state.tables.time_outs()
        assert ana.get(f"/api/tables/{table}").json()["terminal"]
        over = [s for s in seen if s["over"]]
        assert over and all(s["rated"] == 2 for s in over), seen

        table = open_table(ana, rated=True)  # the same two, a game to the rules' end
        ben.post(f"/api/tables/{table}/join", json={})
        seen = watch_the_store(app, table)
        while not (turn := whose_turn((ana, ben), table))[1]["terminal"]:
            mover, view = turn
            body = {"index": 0, "version": view["version"]}
            assert mover.post(f"/api/tables/{table}/act", json=body).status_code == 200
        last = max(s["steps"] for s in seen)
        assert [s["over"] for s in seen if s["steps"] == last] == [True], seen[-3:]
        assert [s["rated"] for s in seen if s["over"]] == [4], seen[-3:]


def test_a_cooperative_team_out_of_time_loses_to_the_game(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table = clocked(ana, "lose", game="fuji", seats=("human", "human"))
        player(app, "Ben").post(f"/api/tables/{table}/join", json={})
        for _ in range(200):  # the dice of the set-up first
            if ana.get(f"/api/tables/{table}").json()["clock"]["running"] is not None:
                break
            time.sleep(0.02)
        clock.now += 61
        app.state.tables.time_outs()
        view = ana.get(f"/api/tables/{table}").json()
        assert view["terminal"] and view["result"].endswith("ran out of time: the team loses")
        assert view["outcomes"] == ["lost", "lost"]
        board = ana.get("/api/leaderboard?game=fuji").json()["players"]
        assert len(board) == 2 and all(p["games"] == 1 for p in board)


def test_one_player_in_two_seats_is_rated_once(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table = clocked(ana, "lose", game="fuji", seats=("human", "human"))
        assert ana.post(f"/api/tables/{table}/join", json={}).json()["seat"] == 1
        for _ in range(200):  # the dice of the set-up first
            if ana.get(f"/api/tables/{table}").json()["clock"]["running"] is not None:
                break
            time.sleep(0.02)
        clock.now += 61
        app.state.tables.time_outs()
        assert ana.get(f"/api/tables/{table}").json()["terminal"]
        me = ana.get("/api/me").json()
        assert me["ratings"][0]["games"] == 1 and [t["table"] for t in me["finished"]] == [table]


def test_a_rematch_seats_the_same_people_one_seat_on(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table, ben = against_ben(app, ana)
        early = ben.post(f"/api/tables/{table}/rematch")
        assert early.status_code == 409 and "not over" in early.json()["error"]
        clock.now += 3601
        app.state.tables.time_outs()
        watcher = TestClient(app).post(f"/api/tables/{table}/rematch")
        assert watcher.status_code == 403
        first = ana.post(f"/api/tables/{table}/rematch").json()
        assert first["seat"] == 1 and first["label"] == "Blue"
        assert ana.get(f"/api/tables/{table}").json()["rematch"] == first["table"]
        second = ben.post(f"/api/tables/{table}/rematch").json()
        assert second["table"] == first["table"] and second["seat"] == 0
        new = first["table"]
        assert ana.get(f"/api/tables/{new}").json()["you"] == 1
        assert ben.get(f"/api/tables/{new}").json()["you"] == 0
        view = ana.get(f"/api/tables/{new}").json()
        assert [s["name"] for s in view["seats"]] == ["Ben", "Ana"] and view["rated"]
        assert view["clock"]["kind"] == "turn" and view["clock"]["out"] == []
        again = ana.post(f"/api/tables/{table}/rematch").json()
        assert again["table"] == new  # one rematch per table


def test_clocks_chat_and_ratings_survive_a_restart(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        key = ana.cookies["lapilli-player"]
        table = clocked(ana, "lose")
        ben = player(app, "Ben")
        ben_key = ben.cookies["lapilli-player"]
        ben_seat = ben.post(f"/api/tables/{table}/join", json={}).json()["link"].split("=")[1]
        ana_seat = ana.cookies[f"seat-{table}"]
        ana.post(f"/api/tables/{table}/chat", json={"text": "good luck"})
        clock.now += 20
        before = ana.get(f"/api/tables/{table}").json()["clock"]
        to_move = before["running"]
    clock.now += 5  # (the server is down: the time still passes)
    with TestClient(app_with(db, clock), cookies={"lapilli-player": key}) as again:
        view = again.get(f"/api/tables/{table}", headers=seat(ana_seat)).json()
        assert view["clock"]["running"] == to_move
        assert view["clock"]["left"][to_move] == before["left"][to_move] - 5
        chat = again.get(f"/api/tables/{table}/chat").json()["messages"]
        assert [m["text"] for m in chat] == ["good luck"]
        clock.now += 60
        again.app.state.tables.time_outs()
        assert again.get(f"/api/tables/{table}").json()["terminal"]
        board = again.get("/api/leaderboard?game=foggy_island").json()["players"]
    with TestClient(app_with(db, clock), cookies={"lapilli-player": ben_key}) as third:
        assert third.get("/api/leaderboard?game=foggy_island").json()["players"] == board
        assert third.get("/api/me").json()["finished"][0]["table"] == table
        assert third.get(f"/api/tables/{table}", headers=seat(ben_seat)).json()["you"] == 1


def test_an_older_database_gets_the_new_columns(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = create_engine(url)
    with engine.begin() as db:  # the tables' table as lapilli made it before online play
        db.execute(
            text(
                "CREATE TABLE lapilli_tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), "
                "head TEXT, seats TEXT, seed BLOB, listed BOOLEAN, finished BOOLEAN, "
                "version INTEGER, bots_due BOOLEAN, created FLOAT, updated FLOAT)"
            )
        )
    engine.dispose()
    store = Store(url)
    try:
        assert store.open_tables() == [] and store.overdue(0) == []
    finally:
        store.close()
    indexes = {i["name"] for i in inspect(create_engine(url)).get_indexes("lapilli_tables")}
    assert "ix_lapilli_tables_deadline" in indexes


def test_bad_online_requests_get_clear_errors(db):
    app = create_app(db)
    with TestClient(app) as client:
        client.post("/api/players", json={"name": "Ana"})
        base = {"game": "foggy_island", "seats": ["human", "random"]}
        cases = [
            ({**base, "rated": True}, "at least two people"),
            ({**base, "sit": 1}, "not a person's seat"),
            ({**base, "clock": {"kind": "real"}}, "takes minutes"),
            ({**base, "clock": {"kind": "turn", "hours": 1, "minutes": 3}}, "hours per move"),
            ({**base, "clock": {"kind": "sand"}}, "clock.kind"),
        ]
        for body, words in cases:
            refused = client.post("/api/tables", json=body)
            assert refused.status_code in (400, 422), body
            assert words in refused.json()["error"], refused.json()
        table = open_table(client)
        out = client.post(f"/api/tables/{table}/join", json={"seat": 9})
        assert out.status_code == 400 and "no seat 9" in out.json()["error"]
        mine = client.post(f"/api/tables/{table}/join", json={"seat": 0})
        assert mine.status_code == 409 and "not free" in mine.json()["error"]


def test_among_three_a_seat_out_of_time_loses_and_its_bot_plays_on_to_the_end(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        seats = ("human", "random", "random")
        timing = {"kind": "real", "minutes": 1, "increment": 2, "on_timeout": "lose"}
        short = {"max_rounds": 4}  # a few rounds: the bots finish soon on a loaded machine
        table = open_table(ana, game="deeper", seats=seats, options=short, clock=timing)
        my_turn(ana, table)
        clock.now += 61
        app.state.tables.time_outs()
        deadline = time.time() + 60
        while not (view := ana.get(f"/api/tables/{table}").json())["terminal"]:
            assert time.time() < deadline, "the bots never finished the game"
            time.sleep(0.05)
        assert view["seats"][0]["kind"] == "bot" and view["clock"]["out"] == [0]
        assert view["outcomes"][0] == "lost" and "won" in view["outcomes"]
        assert view["result"].endswith("out of time, so lost: " + view["seats"][0]["label"])
        assert view["scores"] is not None  # the rules' end: its tally stands


def test_a_clock_runs_out_in_one_process_of_two(postgres_url, tmp_path):
    """Two ``lapilli serve`` processes on one PostgreSQL database: a chat message said
    through one is news on the other's websocket; a seat's time runs out once (one
    process ends it), the game is rated once, and both processes say so."""
    from websockets.sync.client import connect

    from .serving import Serve

    one = Serve(postgres_url, tmp_path / "one.log")
    two = Serve(postgres_url, tmp_path / "two.log")
    try:
        one.client.post("/api/players", json={"name": "Ana"})
        clock = {"kind": "turn", "hours": 0.0006, "on_timeout": "lose"}  # 2.16 s a move
        body = {"game": "foggy_island", "seats": ["human"] * 2, "open": True, "rated": True}
        made = one.client.post("/api/tables", json=body | {"sit": 0, "clock": clock})
        table = made.json()["table"]
        two.client.post("/api/players", json={"name": "Ben"})
        ws = f"ws://127.0.0.1:{two.port}/api/tables/{table}/ws"
        with connect(ws, origin=f"http://127.0.0.1:{two.port}") as socket:
            socket.recv(timeout=5)
            one.client.post(f"/api/tables/{table}/chat", json={"text": "hello from one"})
            heard = json.loads(socket.recv(timeout=5))  # the news crossed the processes
            assert heard["chat"] == 1
        said = two.client.get(f"/api/tables/{table}/chat").json()["messages"]
        assert [m["who"] for m in said] == ["Red (Ana)"]
        assert two.client.post(f"/api/tables/{table}/join", json={}).status_code == 200
        deadline = time.time() + 20
        views = []
        while time.time() < deadline:
            views = [s.client.get(f"/api/tables/{table}").json() for s in (one, two)]
            if all(v["terminal"] for v in views):
                break
            time.sleep(0.1)
        assert all(v["terminal"] and "ran out of time" in v["result"] for v in views)
        deadline = time.time() + 5  # (the rating is written just after the game's end)
        while time.time() < deadline:
            board = one.client.get("/api/leaderboard?game=foggy_island").json()["players"]
            if board:
                break
            time.sleep(0.1)
        time.sleep(1.5)  # a second time-out round in either process would rate it again
        board = two.client.get("/api/leaderboard?game=foggy_island").json()["players"]
        assert sorted(p["games"] for p in board) == [1, 1]
    finally:
        one.stop()
        two.stop()
    for log in ("one.log", "two.log"):
        assert "Traceback" not in (tmp_path / log).read_text()


def test_a_replay_shows_what_was_said_by_each_step(db):
    clock = Clock()
    app = app_with(db, clock)
    with TestClient(app) as ana:
        ana.post("/api/players", json={"name": "Ana"})
        table, ben = against_ben(app, ana)
        TestClient(app).post(f"/api/tables/{table}/chat", json={"text": "early"})
        step = my_turn(ana, table)["step"]  # (Red chooses their opening hand first)
        assert ana.post(f"/api/tables/{table}/act", json={"index": 0}).status_code == 200
        ben.post(f"/api/tables/{table}/chat", json={"text": "later"})
        clock.now += 3601
        app.state.tables.time_outs()
        said = {
            n: [m["text"] for m in ana.get(f"/api/tables/{table}/replay?step={n}").json()["chat"]]
            for n in (step, step + 1)
        }
        assert said == {step: ["early"], step + 1: ["early", "later"]}
        first = ana.get(f"/api/tables/{table}/replay?step={step}").json()["chat"][0]
        assert first["watcher"] and first["who"] == "a watcher"
