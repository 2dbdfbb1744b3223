"""Load on ``lapilli serve``: many browsers' worth of human clients, each against a bot.

    python bench/web_load.py                       # both set-ups below, 50 games, 60 s each
    python bench/web_load.py --setups sqlite --games 20 --seconds 30
    python bench/web_load.py --url http://127.0.0.1:8000      # a server already running
    python bench/web_load.py --idle-tables 5000               # then memory after 5,000 tables

Set-ups, run one after the other in the same run: ``sqlite`` is one process on a SQLite
file; ``postgres`` is two processes on one PostgreSQL database (a server of its own,
started from Debian's ``postgresql`` package in a temporary directory, or ``--pg-url``),
each request of a client sent to either process at random, as a proxy without sticky
sessions would (``--route request``) or, by default, all of a table's requests to the
process chosen when it was made (a proxy with session affinity).

Each client plays one table at a time as a human would through the page: it reads its
view, picks a random legal action, and when a bot or the dice are to move it waits for
the table's websocket to announce a version newer than the one it shows. It reports
human moves per second and the p50/p99 latency of a move (POST act) and of a view (GET).
With ``--idle-tables N`` it then creates N tables on fresh servers, lets them go idle
and reports each process's resident memory. Loopback only; it stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import glob
import ipaddress
import json
import os
import pwd
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import httpx
from websockets.asyncio.client import connect

IDLE_SECONDS = 10  # the servers' LAPILLI_IDLE_SECONDS here: idle tables leave memory soon
SERVER_ENV = {  # one address plays every client: the per-client limits would stop it
    "LAPILLI_TABLES_PER_MINUTE": "1000000",
    "LAPILLI_SOCKETS_PER_CLIENT": "100000",
    "LAPILLI_IDLE_SECONDS": str(IDLE_SECONDS),
}


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


async def view_of(http, table: str, headers: dict, tally: Tally, at_least: int) -> dict:
    params = {"at_least": at_least} if at_least >= 0 else {}
    request = http.get(f"/api/tables/{table}", headers=headers, params=params)
    return (await timed(tally.view, request)).json()


async def one_table(https: list, args, rng: random.Random, tally: Tally, end: float):
    """One game; each request goes to one of the processes at random (``--route
    request``), or all of a table's to one chosen when it is made (``--route table``)."""
    if args.route == "table":
        https = [rng.choice(https)]
    made = await rng.choice(https).post(
        "/api/tables", json={"game": args.game, "seats": ["human", args.bot]}
    )
    if made.status_code != 200:
        return tally.error(f"create {made.status_code}")
    table = made.json()["table"]
    headers = {"authorization": "Bearer " + made.json()["seats"][0]["link"].split("#seat=")[1]}
    base = str(rng.choice(https).base_url).rstrip("/")
    ws_url = base.replace("http", "ws", 1) + f"/api/tables/{table}/ws"
    async with connect(ws_url, origin=base) as changes:
        follow = Follow()
        listening = asyncio.create_task(follow.listen(changes))
        view = await view_of(rng.choice(https), table, headers, tally, follow.version)
        while time.time() < end and not view["terminal"]:
            if view["actions"]:
                body = {"index": rng.randrange(len(view["actions"])), "version": view["version"]}
                act = rng.choice(https).post(f"/api/tables/{table}/act", json=body, headers=headers)
                answer = await timed(tally.act, act)
                if answer.status_code != 200:
                    tally.error(f"act {answer.status_code}")
                    view = await view_of(rng.choice(https), table, headers, tally, follow.version)
                else:
                    view = answer.json()
                continue
            try:  # a bot or the dice are to move: wait until the table changes
                await follow.newer_than(view["version"], end)
            except TimeoutError:
                break
            view = await view_of(rng.choice(https), table, headers, tally, follow.version)
        listening.cancel()
    tally.games += view["terminal"]


async def client(bases: list[str], args, seed: int, tally: Tally, end: float) -> None:
    rng = random.Random(seed)
    async with contextlib.AsyncExitStack() as stack:
        https = [
            await stack.enter_async_context(httpx.AsyncClient(base_url=b, timeout=30))
            for b in bases
        ]
        while time.time() < end:
            try:
                await one_table(https, args, rng, tally, end)
            except (httpx.HTTPError, OSError, TimeoutError) as exc:
                tally.error(type(exc).__name__)


def percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def report(name: str, tally: Tally, seconds: float) -> None:
    print(f"== {name}")
    print(f"{len(tally.act)} moves in {seconds:.0f} s: {len(tally.act) / seconds:.1f} moves/s")
    print(f"games finished: {tally.games}; errors: {tally.errors or 'none'}")
    for what, samples in (("act", tally.act), ("view", tally.view)):
        p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
        print(f"{what:>4}: n={len(samples)} p50 {p50 * 1000:.0f} ms  p99 {p99 * 1000:.0f} ms")


def loopback(url: str) -> bool:
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def servers(db: str, count: int) -> Iterator[list[tuple[str, int]]]:
    """``count`` processes of ``lapilli serve --db DB`` on free loopback ports:
    (base URL, process id) each."""
    lapilli = str(Path(sys.executable).parent / "lapilli")
    started = []
    try:
        for _ in range(count):
            port = free_port()
            command = [lapilli, "serve", "--port", str(port), "--db", db]
            process = subprocess.Popen(
                command, stdout=subprocess.DEVNULL, env=os.environ | SERVER_ENV
            )
            started.append((f"http://127.0.0.1:{port}", process))
            deadline = time.time() + 30
            while time.time() < deadline:
                try:
                    httpx.get(started[-1][0] + "/api/games", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.2)
        yield [(base, process.pid) for base, process in started]
    finally:
        for _, process in started:
            process.terminate()
        for _, process in started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:  # a server that does not stop on SIGTERM
                process.kill()
                process.wait()


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    """A PostgreSQL server of our own on a loopback port (Debian's package), and the
    URL of a fresh database on it."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if not found:
        sys.exit("PostgreSQL is not installed (apt-get install postgresql), or give --pg-url")
    bindir, base = os.path.dirname(found[-1]), tempfile.mkdtemp(prefix="lapilli-pg-")
    run_as = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        user = pwd.getpwnam("postgres")
        os.chown(base, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    data, port = os.path.join(base, "data"), free_port()

    def pg(tool: str, *args: str) -> None:
        subprocess.run(
            run_as + [os.path.join(bindir, tool), *args], check=True, capture_output=True
        )

    pg("initdb", "-D", data, "-A", "trust", "-U", "lapilli", "-E", "UTF8", "--no-sync")
    settings = f"-p {port} -k {base} -c listen_addresses=127.0.0.1 -c max_connections=200"
    pg("pg_ctl", "-D", data, "-l", os.path.join(base, "log"), "-o", settings, "-w", "start")
    try:
        url = f"postgresql://lapilli@127.0.0.1:{port}"
        yield url
    finally:
        pg("pg_ctl", "-D", data, "-m", "fast", "stop")
        shutil.rmtree(base, ignore_errors=True)


def fresh_database(server: str) -> str:
    import psycopg

    name = f"load_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(f"{server}/postgres", autocommit=True) as db:
        db.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def load(bases: list[str], args) -> tuple[Tally, float]:
    tally, started = Tally(), time.time()
    end = started + args.seconds
    await asyncio.gather(*(client(bases, args, i, tally, end) for i in range(args.games)))
    return tally, time.time() - started


async def make_tables(bases: list[str], count: int, game: str) -> int:
    """``count`` new tables (a human against the random bot), spread over the processes."""
    made = 0

    async def maker(k: int) -> None:
        nonlocal made
        async with httpx.AsyncClient(base_url=bases[k % len(bases)], timeout=30) as http:
            for _ in range(k, count, 20):
                body = {"game": game, "seats": ["human", "random"], "private": True}
                answer = await http.post("/api/tables", json=body)
                made += answer.status_code == 200

    await asyncio.gather(*(maker(k) for k in range(20)))
    return made


def memory(name: str, db: str, processes: int, args) -> None:
    with servers(db, processes) as running:
        bases = [b for b, _ in running]
        before = [resident_mb(pid) for _, pid in running]
        started = time.time()
        made = asyncio.run(make_tables(bases, args.idle_tables, args.game))
        took = time.time() - started
        full = [resident_mb(pid) for _, pid in running]
        time.sleep(IDLE_SECONDS + 3)  # idle: they leave memory at the next chores
        idle = [resident_mb(pid) for _, pid in running]
    print(f"== memory, {name}: {made} tables made in {took:.0f} s")
    for k, (b, f, i) in enumerate(zip(before, full, idle, strict=True)):
        print(f"process {k}: {b:.0f} MB at start, {f:.0f} MB after, {i:.0f} MB once idle")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server on this machine (default: start them)")
    parser.add_argument("--setups", default="sqlite,postgres", help="sqlite, postgres or both")
    parser.add_argument("--pg-url", help="a PostgreSQL server on loopback (default: start one)")
    parser.add_argument("--processes", type=int, default=2, help="on PostgreSQL")
    parser.add_argument("--games", type=int, default=50, help="tables played at once")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--idle-tables", type=int, default=0, help="then the memory run")
    parser.add_argument(
        "--route",
        choices=("table", "request"),
        default="table",
        help="several processes: all of a table's requests to one (a proxy with session "
        "affinity), or each request to either",
    )
    parser.add_argument("--game", default="foggy_island")
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    for url in filter(None, (args.url, args.pg_url)):
        if not loopback(url):
            parser.error("the load goes to this machine only (a loopback address)")
    if not 0 < args.seconds <= 600 or not 0 < args.games <= 500:
        parser.error("at most 600 seconds and 500 games")
    if not 0 <= args.idle_tables <= 20_000:
        parser.error("at most 20,000 idle tables")
    if args.url:
        report(args.url, *asyncio.run(load([args.url.rstrip("/")], args)))
        return
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    with contextlib.ExitStack() as stack:
        pg = None
        if "postgres" in setups:
            pg = args.pg_url.rstrip("/") if args.pg_url else stack.enter_context(postgres())
        for setup in setups:
            folder = tempfile.mkdtemp(prefix="lapilli-load-")
            db, count, name = (
                (f"sqlite:///{folder}/load.db", 1, "one process, SQLite")
                if setup == "sqlite"
                else (fresh_database(pg), args.processes, f"{args.processes} processes, PostgreSQL")
            )
            with servers(db, count) as running:
                tally, seconds = asyncio.run(load([b for b, _ in running], args))
            report(name, tally, seconds)
            if args.idle_tables:
                fresh = f"sqlite:///{folder}/idle.db" if setup == "sqlite" else fresh_database(pg)
                memory(name, fresh, count, args)
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
