"""Databases for the web tests: a SQLite file, and a PostgreSQL server started here.

The PostgreSQL server is Debian's ``postgresql`` package run by hand: ``initdb`` and
``pg_ctl`` into a temporary directory, listening on a loopback port only, as the
``postgres`` user when the tests run as root. Where it is missing, its tests skip
and say why.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid

import pytest

from .browsing import browser, live_server  # noqa: F401 (fixtures)
from .serving import free_port


@pytest.fixture(autouse=True)
def test_client_name(monkeypatch):
    """In-process test clients call the server "testserver": it answers to that too."""
    monkeypatch.setenv("LAPILLI_HOSTS", "127.0.0.1,localhost,::1,testserver")


@pytest.fixture
def sqlite_url(tmp_path):
    return f"sqlite:///{tmp_path / 'tables.db'}"


def _postgres_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    if found:
        return os.path.dirname(found[-1])
    pg_ctl = shutil.which("pg_ctl")
    return os.path.dirname(pg_ctl) if pg_ctl else None


class PostgresServer:
    """Our PostgreSQL server: its URL, and stopping and starting it (an outage)."""

    def __init__(self, bindir: str, base: str, run_as: list[str]) -> None:
        self.bindir, self.base, self.run_as = bindir, base, run_as
        self.data, self.port = os.path.join(base, "data"), free_port()
        self.url = f"postgresql://lapilli@127.0.0.1:{self.port}"

    def pg(self, tool: str, *args: str) -> None:
        subprocess.run(
            self.run_as + [os.path.join(self.bindir, tool), *args], check=True, capture_output=True
        )

    def start(self) -> None:
        settings = f"-p {self.port} -k {self.base} -c listen_addresses=127.0.0.1 -c fsync=off"
        log = os.path.join(self.base, "log")
        self.pg("pg_ctl", "-D", self.data, "-l", log, "-o", settings, "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self.pg("pg_ctl", "-D", self.data, "-m", mode, "-w", "stop")


@pytest.fixture(scope="session")
def postgres_cluster():
    """A PostgreSQL server of our own (skips when none can be started)."""
    pytest.importorskip(
        "psycopg", reason="the postgres extra is missing: pip install -e '.[postgres]'"
    )
    bindir = _postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    run_as: list[str] = []
    base = tempfile.mkdtemp(prefix="lapilli-pg-")
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to run PostgreSQL as")
        os.chown(base, user.pw_uid, user.pw_gid)
        run_as = ["runuser", "-u", "postgres", "--"]
    server = PostgresServer(bindir, base, run_as)
    try:
        server.pg(
            "initdb", "-D", server.data, "-A", "trust", "-U", "lapilli", "-E", "UTF8", "--no-sync"
        )
        server.start()
    except (OSError, subprocess.CalledProcessError) as exc:
        shutil.rmtree(base, ignore_errors=True)
        detail = getattr(exc, "stderr", b"") or b""
        pytest.skip(f"PostgreSQL could not be started: {exc} {detail.decode()[-300:]}")
    try:
        yield server
    finally:
        server.stop("immediate")
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server(postgres_cluster):
    """The URL of our PostgreSQL server."""
    return postgres_cluster.url


@pytest.fixture
def postgres_url(postgres_server):
    """A fresh, empty database on our PostgreSQL server."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{postgres_server}/postgres", autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return f"{postgres_server}/{name}"


@pytest.fixture(params=["sqlite", "postgres"])
def db(request):
    """Each test that asks for ``db`` runs on SQLite and on PostgreSQL."""
    return request.getfixturevalue(f"{request.param}_url")
