"""A bounded fuzz of the server: well over 1,000 malformed requests, not one answer of 500.

A seeded generator bends real requests: legal actions with a value changed, a name
dropped or added, wrong types, huge or non-finite numbers, deep nesting, broken JSON
and bytes, unknown fields, odd paths, secrets and query strings. Every answer must be
a 4xx with a message (or a 200 when the bend happened to stay legal).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from lapilli.core.registry import games  # noqa: E402
from lapilli.web.server import create_app  # noqa: E402

from .helpers import seat  # noqa: E402

REQUESTS = 1500
ODD = [
    None, True, False, 0, -1, 1, 2**64, -(2**70), 10**400, 1.5, -0.0, 1e308, float("nan"),
    float("inf"), "", "x", "é🌋", "a" * 3000, "\x00", [], [1, 2], [[[]]], {}, {"kind": "x"},
    ["c3"], [0, 0, 0], "../../etc", "<script>", "1e999",
]  # fmt: skip


def odd(rng: random.Random, depth: int = 0):
    roll = rng.random()
    if roll < 0.08 and depth < 3:
        return [odd(rng, depth + 1) for _ in range(rng.randrange(4))]
    if roll < 0.12 and depth < 3:
        return {rng.choice(["kind", "at", "x", "token"]): odd(rng, depth + 1)}
    if roll < 0.15:
        return json.loads("[" * 400 + "]" * 400)  # deep, yet within the parser's limit
    return rng.choice(ODD)


def bent_action(rng: random.Random, legal: list[dict]) -> dict:
    action = dict(rng.choice(legal)) if legal else {"kind": "take"}
    keys = [k for k in action if k != "kind"]
    change = rng.randrange(5)
    if change == 0 and keys:
        action[rng.choice(keys)] = odd(rng)
    elif change == 1 and keys:
        del action[rng.choice(keys)]
    elif change == 2:
        action[rng.choice(["extra", "seat", "kind2"])] = odd(rng)
    elif change == 3:
        action["kind"] = odd(rng) if rng.random() < 0.5 else rng.choice(["pass", "undo", "Take"])
    elif keys:  # a plausible value of the right type, probably illegal
        key = rng.choice(keys)
        value = action[key]
        if isinstance(value, int) and not isinstance(value, bool):
            action[key] = value + rng.choice([-100, -1, 1, 7, 10**6])
        elif isinstance(value, str):
            action[key] = value[::-1] + "z"
        elif isinstance(value, list):
            action[key] = value[::-1] + value[:1]
    return action


def raw_bodies(rng: random.Random) -> tuple[bytes, str]:
    choice = rng.randrange(6)
    if choice == 0:
        return b'{"game": "fuji", "seats": ["human",', "application/json"
    if choice == 1:
        return b"\xff\xfe\x00garbage", "application/json"
    if choice == 2:
        return b'{"index": NaN}', "application/json"
    if choice == 3:
        return ("[" * 5000 + "]" * 5000).encode(), "application/json"
    if choice == 4:
        return b'{"index": 1' + b"0" * 5000 + b"}", "application/json"
    return b"index=1", rng.choice(["application/x-www-form-urlencoded", "text/plain", ""])


def post(client: TestClient, path: str, body, headers=None):
    """JSON as Python writes it: NaN and Infinity included."""
    content = json.dumps(body).encode()
    return client.post(
        path, content=content, headers={"content-type": "application/json"} | (headers or {})
    )


def one_request(rng: random.Random, client: TestClient, table: str, token: str, legal: list):
    base = f"/api/tables/{table}"
    kind = rng.randrange(12)
    if kind <= 3:
        body = {"action": bent_action(rng, legal)} if kind < 3 else {"index": odd(rng)}
        return post(client, f"{base}/act", body, seat(token))
    if kind == 4:
        spec = {
            "game": rng.choice([*games(), odd(rng)]),
            "seats": rng.choice([["human", odd(rng)], odd(rng), ["mcts:iters=1e12", "random"]]),
            "options": rng.choice([[f"{odd(rng)}={odd(rng)}"], odd(rng), ["players=1e999"]]),
        }
        if rng.random() < 0.3:
            spec[rng.choice(["seed", "private", "x"])] = odd(rng)
        return post(client, "/api/tables", spec)
    if kind == 5:
        content, kind_of = raw_bodies(rng)
        path = rng.choice([f"{base}/act", "/api/tables", f"{base}/undo", f"{base}/seat"])
        return client.post(path, content=content, headers={"content-type": kind_of} | seat(token))
    if kind == 6:
        return client.get(f"{base}/replay", params={"step": odd(rng)})
    if kind == 7:
        return post(client, f"{base}/seat", {"token": odd(rng)})
    if kind == 8:
        return post(client, f"{base}/undo", odd(rng), seat(token))
    if kind == 9:
        path = rng.choice(["/api/tables/", "/table/", "/api/tables/x/act/"]) + quote(
            str(odd(rng))[:300], safe=""
        )
        return client.request(rng.choice(["GET", "POST", "PUT", "DELETE"]), path)
    if kind == 10:
        forged = str(odd(rng))[:200].encode("ascii", "replace").decode()
        return client.get(base, headers={"authorization": f"Bearer {forged}"})
    return client.post(f"{base}/act", content=b"x" * 70_000, headers=seat(token))


def test_malformed_requests_get_4xx_with_a_message_never_500(sqlite_url, monkeypatch):
    monkeypatch.setenv("LAPILLI_TABLES_PER_MINUTE", "100000")  # one client asks for many
    rng = random.Random(14)
    answers: Counter[int] = Counter()
    with TestClient(create_app(sqlite_url), raise_server_exceptions=False) as client:
        for n in range(REQUESTS):
            if n % 50 == 0:  # a fresh table now and then, in every game, humans only
                game = games()[n // 50 % len(games())]
                made = client.post("/api/tables", json={"game": game, "seats": ["human"] * 2})
                table = made.json()["table"]
                tokens = [s["link"].split("#seat=")[1] for s in made.json()["seats"]]
            views = [client.get(f"/api/tables/{table}", headers=seat(t)).json() for t in tokens]
            mover = max(range(2), key=lambda i: len(views[i]["actions"]))  # the seat to move
            legal = [a["action"] for a in views[mover]["actions"]]
            response = one_request(rng, client, table, tokens[mover], legal)
            answers[response.status_code] += 1
            assert response.status_code < 500, (response.status_code, response.text[:300])
            if response.status_code >= 400:
                assert response.text.strip(), f"a {response.status_code} without a message"
    assert sum(answers.values()) == REQUESTS and sum(answers[c] for c in answers if c >= 400) > 1000
