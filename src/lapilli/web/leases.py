"""Several server processes on one database: who runs each table's bots, and news.

Alone on its database (SQLite), a process runs every table's bots. On PostgreSQL, any
number of processes may share the tables: each table's bots run in the one process that
holds its lease, a session advisory lock (``pg_try_advisory_lock``) on a connection kept
for the purpose. A process that dies loses its connection and with it its leases, and
another takes the table over at its next sweep (``Tables.sweep``). A process also
listens on the ``lapilli`` channel, where every change is announced, to bring its copies
of the tables up to date and tell its own watchers.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from .store import CHANNEL, Unreachable

logger = logging.getLogger("lapilli.web")
RECONNECT_MOST = 1.0  # seconds between attempts to reach the database again


def libpq_url(url: str) -> str:
    """A PostgreSQL URL as psycopg takes it (without SQLAlchemy's driver name)."""
    for prefix in ("postgresql+psycopg://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql://" + url[len(prefix) :]
    return url


def lock_key(table_id: str) -> int:
    """A table id (16 hex digits) as a PostgreSQL advisory lock key (a signed bigint)."""
    return int(table_id, 16) - 2**63


class Leases:
    """Alone on the database: every lease is this process's."""

    def take(self, table_id: str) -> bool:
        """Whether this process runs the table's bots (now holding its lease)."""
        return True

    def take_many(self, table_ids: list[str]) -> list[str]:
        """The tables among ``table_ids`` whose leases this process now holds."""
        return table_ids

    def drop(self, table_id: str) -> None:
        """Another process may run the table's bots from now on."""

    def close(self) -> None:
        pass


class SharedLeases(Leases):
    """Leases as PostgreSQL advisory locks, held on a connection of their own."""

    def __init__(self, url: str) -> None:
        import psycopg  # the postgres extra

        self.psycopg = psycopg
        self.url = libpq_url(url)
        self.connection: Any = None
        self.held: set[str] = set()
        self.lock = threading.Lock()

    def _run(self, sql: str, *args: Any) -> list[Any]:
        """Rows of ``sql`` on the lease connection (callers hold ``lock``); a broken
        connection loses every lease held on it, and is made again next time."""
        try:
            if self.connection is None or self.connection.closed:
                self.held.clear()  # the old session's locks went with it
                self.connection = self.psycopg.connect(self.url, autocommit=True, connect_timeout=5)
            return list(self.connection.execute(sql, args).fetchall())
        except self.psycopg.Error as exc:
            self._forget()
            raise Unreachable(f"the leases' connection failed: {exc}") from None

    def _forget(self) -> None:
        self.held.clear()
        if self.connection is not None:
            self.connection.close()
        self.connection = None

    def take(self, table_id: str) -> bool:
        with self.lock:
            if table_id in self.held:
                return True
            (got,) = self._run("SELECT pg_try_advisory_lock(%s)", lock_key(table_id))[0]
            if got:
                self.held.add(table_id)
            return bool(got)

    def take_many(self, table_ids: list[str]) -> list[str]:
        with self.lock:
            wanted = {lock_key(t): t for t in table_ids if t not in self.held}
            mine = [t for t in table_ids if t in self.held]
            if wanted:
                rows = self._run(
                    "SELECT k FROM unnest(%s::bigint[]) AS k WHERE pg_try_advisory_lock(k)",
                    list(wanted),
                )
                got = [wanted[k] for (k,) in rows]
                self.held.update(got)
                mine += got
            return mine

    def drop(self, table_id: str) -> None:
        with self.lock:
            if table_id not in self.held:
                return
            self.held.discard(table_id)
            self._run("SELECT pg_advisory_unlock(%s)", lock_key(table_id))

    def close(self) -> None:
        with self.lock:
            self._forget()


def listen(
    url: str,
    me: str,
    heard: Callable[[str, int], None],
    reconnected: Callable[[], None],
    stopping: threading.Event,
    said: Callable[[str, int], None] = lambda table_id, n: None,
) -> None:
    """Until ``stopping``: ``heard(table id, version)`` for each change announced by
    another process than ``me``; ``reconnected()`` after the connection was made again
    (news may have been missed meanwhile); ``said(table id, n)`` for a chat message (its
    note reads ``chat:n`` where a version stands)."""
    import psycopg  # the postgres extra

    pause, first = 0.1, True
    while not stopping.is_set():
        try:
            with psycopg.connect(libpq_url(url), autocommit=True, connect_timeout=5) as db:
                db.execute(f"LISTEN {CHANNEL}")
                if not first:
                    reconnected()
                first, pause = False, 0.1
                while not stopping.is_set():
                    for note in db.notifies(timeout=0.5):
                        table_id, version, process = note.payload.split(" ")
                        if process == me:
                            continue
                        if version.startswith("chat:"):
                            said(table_id, int(version[5:]))
                        else:
                            heard(table_id, int(version))
        except psycopg.Error as exc:
            first = False
            logger.warning("the news from other processes waits for the database: %s", exc)
        except Exception:  # the news must go on whatever one of them did
            logger.exception("a change announced by another process could not be followed")
        stopping.wait(pause)
        pause = min(RECONNECT_MOST, pause * 2)
