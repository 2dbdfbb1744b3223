"""Load on ``lapilli serve``: many browsers' worth of human clients, each against a bot.

    python bench/web_load.py                      # 50 games for 60 s on a server of its own
    python bench/web_load.py --url http://127.0.0.1:8000 --games 20 --seconds 30

Each client plays one table at a time as a human would through the page: it reads its
view, picks a random legal action, and when a bot or the dice are to move it waits for
the table's websocket to announce a version newer than the one it shows. It reports
human moves per second and the p50/p99 latency of a move (POST act) and of a view (GET).
Loopback only; it stops by itself after ``--seconds`` (plus at most one request's timeout).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect


class Tally:
    def __init__(self) -> None:
        self.view: list[float] = []
        self.act: list[float] = []
        self.games = 0
        self.errors: dict[str, int] = {}

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def timed(samples: list[float], request) -> httpx.Response:
    started = time.perf_counter()
    response = await request
    samples.append(time.perf_counter() - started)
    return response


class Follow:
    """The newest version a table's websocket announced, kept as the page keeps it."""

    def __init__(self) -> None:
        self.version = -1
        self.changed = asyncio.Event()

    async def listen(self, socket) -> None:
        async for message in socket:
            self.version = json.loads(message)["version"]
            self.changed.set()

    async def newer_than(self, version: int, end: float) -> None:
        """Returns when a version after ``version`` was announced (TimeoutError at ``end``)."""
        while self.version <= version:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), timeout=max(0.1, end - time.time()))


async def view_of(http: httpx.AsyncClient, table: str, headers: dict, tally: Tally) -> dict:
    return (await timed(tally.view, http.get(f"/api/tables/{table}", headers=headers))).json()


async def one_table(http: httpx.AsyncClient, args, rng: random.Random, tally: Tally, end: float):
    made = await http.post("/api/tables", json={"game": args.game, "seats": ["human", args.bot]})
    if made.status_code != 200:
        return tally.error(f"create {made.status_code}")
    table = made.json()["table"]
    headers = {"authorization": "Bearer " + made.json()["seats"][0]["link"].split("#seat=")[1]}
    ws_url = str(http.base_url).replace("http", "ws", 1).rstrip("/") + f"/api/tables/{table}/ws"
    async with connect(ws_url, origin=str(http.base_url).rstrip("/")) as changes:
        follow = Follow()
        listening = asyncio.create_task(follow.listen(changes))
        view = await view_of(http, table, headers, tally)
        while time.time() < end and not view["terminal"]:
            if view["actions"]:
                body = {"index": rng.randrange(len(view["actions"]))}
                act = http.post(f"/api/tables/{table}/act", json=body, headers=headers)
                answer = await timed(tally.act, act)
                if answer.status_code != 200:
                    tally.error(f"act {answer.status_code}")
                else:
                    view = answer.json()
                continue
            try:  # a bot or the dice are to move: wait until the table changes
                await follow.newer_than(view["version"], end)
            except TimeoutError:
                break
            view = await view_of(http, table, headers, tally)
        listening.cancel()
    tally.games += view["terminal"]


async def client(base: str, args, seed: int, tally: Tally, end: float) -> None:
    rng = random.Random(seed)
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.time() < end:
            try:
                await one_table(http, args, rng, tally, end)
            except (httpx.HTTPError, OSError, TimeoutError) as exc:
                tally.error(type(exc).__name__)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(tally: Tally, seconds: float) -> None:
    print(f"{len(tally.act)} moves in {seconds:.0f} s: {len(tally.act) / seconds:.1f} moves/s")
    print(f"games finished: {tally.games}; errors: {tally.errors or 'none'}")
    for name, samples in (("act", tally.act), ("view", tally.view)):
        p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
        print(f"{name:>4}: n={len(samples)} p50 {p50 * 1000:.0f} ms  p99 {p99 * 1000:.0f} ms")


def loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@contextmanager
def own_server():
    """``lapilli serve`` on a free loopback port with a fresh SQLite database."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="lapilli-load-")
    lapilli = str(Path(sys.executable).parent / "lapilli")
    command = [lapilli, "serve", "--port", str(port), "--db", f"sqlite:///{folder}/load.db"]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, env=os.environ)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                httpx.get(base + "/api/games", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # a server that does not stop on SIGTERM
            server.kill()
            server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server on this machine (default: start one)")
    parser.add_argument("--games", type=int, default=50, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--game", default="foggy_island")
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    if args.url and not loopback(args.url):
        parser.error("the load goes to this machine only (a loopback address)")
    if not 0 < args.seconds <= 600 or not 0 < args.games <= 500:
        parser.error("at most 600 seconds and 500 games")

    async def run(base: str) -> None:
        tally, started = Tally(), time.time()
        end = started + args.seconds
        await asyncio.gather(*(client(base, args, i, tally, end) for i in range(args.games)))
        report(tally, time.time() - started)

    if args.url:
        asyncio.run(run(args.url.rstrip("/")))
    else:
        with own_server() as base:
            asyncio.run(run(base))


if __name__ == "__main__":
    main()
