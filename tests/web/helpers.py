"""Helpers of the web tests: seat headers, new tables, waiting for the bots."""

from __future__ import annotations

import time


def seat(token):
    """The header a script sends its seat's secret in."""
    return {"authorization": f"Bearer {token}"}


def new_table(client, seats=("human", "random"), game="foggy_island", **extra):
    """A table made through the API: its id and each seat's secret (None for bots)."""
    response = client.post("/api/tables", json={"game": game, "seats": list(seats), **extra})
    assert response.status_code == 200, response.text
    data = response.json()
    tokens = [s["link"].split("#seat=")[1] if s["link"] else None for s in data["seats"]]
    return data["table"], tokens


def wait_for_human(client, table, token, timeout=20.0):
    """Bots and dice move in the background: wait until this seat may act or the game ends."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        view = client.get(f"/api/tables/{table}", headers=seat(token)).json()
        if view["actions"] or view["terminal"]:
            return view
        time.sleep(0.02)
    raise AssertionError("the bots never handed over")


# options for short games, one per game: the end comes after a few dozen moves
SHORT = {
    "foggy_island": {},
    "volcanique": {"max_rounds": 2},
    "fuji": {"level": 1, "variant": "B"},
    "eras": {"round_limit": 3},
    "deeper": {"max_rounds": 3},
}
