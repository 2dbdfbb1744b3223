"""Secrets kept: seat secrets out of URLs, stores and other sites' reach; unguessable draws."""

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from lapilli.web.server import create_app  # noqa: E402
from lapilli.web.store import Store, token_hash  # noqa: E402

from .helpers import new_table, seat, wait_for_human  # noqa: E402

HEADERS = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def test_a_seat_link_keeps_its_secret_out_of_the_request_line(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        data = client.post("/api/tables", json={"game": "fuji", "seats": ["human", "human"]})
        for s in data.json()["seats"]:
            path, _, secret = s["link"].partition("#seat=")
            assert "?" not in path and len(secret) >= 24  # after '#': never sent to a server


def test_the_secret_is_traded_for_an_httponly_cookie(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client)
        wait_for_human(client, table, red)
        refused = client.post(f"/api/tables/{table}/seat", json={"token": red + "x"})
        assert refused.status_code == 403 and "not valid" in refused.json()["error"]
        taken = client.post(f"/api/tables/{table}/seat", json={"token": red})
        assert taken.json() == {"seat": 0, "label": "Red"}
        cookie = taken.headers["set-cookie"].lower()
        assert "httponly" in cookie and "samesite=strict" in cookie
        view = client.get(f"/api/tables/{table}").json()  # the cookie alone says who asks
        assert view["you"] == 0 and view["actions"]
        client.cookies.clear()
        assert client.get(f"/api/tables/{table}", params={"token": red}).json()["you"] is None


def test_the_store_keeps_no_seat_secret_and_a_fresh_128_bit_seed_per_table(sqlite_url, tmp_path):
    with TestClient(create_app(sqlite_url)) as client:
        made = [new_table(client, ("human", "human")) for _ in range(3)]
        chosen = client.post(
            "/api/tables", json={"game": "fuji", "seats": ["random"] * 2, "seed": 7}
        )
        assert chosen.status_code == 422 and "seed" in chosen.json()["error"]
    raw = b"".join(f.read_bytes() for f in tmp_path.glob("tables.db*"))
    for _, tokens in made:
        for token in tokens:
            assert token.encode() not in raw and token_hash(token).encode() in raw
    store = Store(sqlite_url)
    seeds = [store.load(table).seed for table, _ in made]
    store.close()
    assert all(len(s) >= 16 for s in seeds) and len(set(seeds)) == 3


def test_draws_follow_the_secret_seed_only(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        table, _ = new_table(client, ("human", "human"))
        live = client.app.state.tables.get(table)
        first = live.draw(0, "chance")
        live._seed = bytes([live._seed[0] ^ 1]) + live._seed[1:]  # one bit of the key
        assert live.draw(0, "chance") != first
        assert live.draw(1, "chance") != live.draw(0, "chance")


def test_every_answer_carries_the_security_headers(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        for path in ("/", "/api/games", "/static/table.js", "/api/tables/0123456789abcdef"):
            response = client.get(path)
            for name, value in HEADERS.items():
                assert response.headers[name] == value, (path, name)
            policy = response.headers["content-security-policy"]
            assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy


def test_other_sites_may_neither_act_nor_follow(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        body = {"game": "fuji", "seats": ["human", "random"]}
        evil = {"origin": "https://evil.example"}
        refused = client.post("/api/tables", json=body, headers=evil)
        assert refused.status_code == 403 and "another site" in refused.json()["error"]
        ours = client.post("/api/tables", json=body, headers={"origin": "http://testserver"})
        table = ours.json()["table"]
        with (
            pytest.raises(WebSocketDisconnect),
            client.websocket_connect(f"/api/tables/{table}/ws", headers=evil) as socket,
        ):
            socket.receive_json()
        with client.websocket_connect(
            f"/api/tables/{table}/ws", headers={"origin": "http://testserver"}
        ) as socket:
            assert "version" in socket.receive_json()


def test_private_tables_are_not_listed_but_open_by_their_link(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        public, _ = new_table(client, ("human", "human"))
        private, (red, _) = new_table(client, ("human", "human"), private=True)
        listed = [t["table"] for t in client.get("/api/tables").json()["tables"]]
        assert public in listed and private not in listed
        assert client.get(f"/table/{private}").status_code == 200
        assert client.get(f"/api/tables/{private}", headers=seat(red)).json()["you"] == 0


def test_a_request_for_another_name_is_refused(sqlite_url, monkeypatch):
    """A page of another site whose name points at this machine (DNS rebinding) sends
    that site's name in Host: refused, pages, API and websockets alike."""
    with TestClient(create_app(sqlite_url)) as client:
        table, (red, _) = new_table(client)
        for host in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
            page = client.get("/", headers={"host": host})
            assert page.status_code == 403 and "does not answer" in page.json()["error"]
            made = client.post(
                "/api/tables",
                headers={"host": host},
                json={"game": "fuji", "seats": ["human", "human"]},
            )
            assert made.status_code == 403
            socket = f"/api/tables/{table}/ws"
            with (
                pytest.raises(WebSocketDisconnect),
                client.websocket_connect(socket, headers={"host": host}),
            ):
                pass
        assert client.get("/", headers={"host": "127.0.0.1:8000"}).status_code == 200
        assert client.get("/", headers={"host": "[::1]:8000"}).status_code == 200
        assert client.get("/", headers={"host": "LOCALHOST"}).status_code == 200
    monkeypatch.setenv("LAPILLI_HOSTS", "games.example")
    with TestClient(create_app(sqlite_url), base_url="http://games.example") as client:
        assert client.get("/").status_code == 200
        assert client.get("/", headers={"host": "localhost"}).status_code == 403
    monkeypatch.setenv("LAPILLI_HOSTS", "*")
    with TestClient(create_app(sqlite_url)) as client:
        assert client.get("/", headers={"host": "anything.example"}).status_code == 200


def test_the_api_schema_is_not_served_when_the_docs_are_off(sqlite_url):
    with TestClient(create_app(sqlite_url)) as client:
        for path in ("/openapi.json", "/docs", "/redoc"):
            assert client.get(path).status_code == 404


def test_the_server_answers_to_loopback_and_the_address_it_listens_on():
    from lapilli.web.settings import Settings

    assert Settings().hosts == ("127.0.0.1", "localhost", "::1")
    assert Settings().answering_at("192.168.1.5").hosts[-1] == "192.168.1.5"
    assert Settings().answering_at("0.0.0.0").hosts == Settings().hosts
