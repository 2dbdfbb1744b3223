"""Tables that survive a restart, kept in a SQL database (SQLite or PostgreSQL).

A table is a game record plus who sits where: each seat is a human (known by the hash
of its secret token) or a bot. Each step is one row, written before anyone is told of
it, so a restart rebuilds every table by replaying its steps. The table's chance seed
is kept here too: it never leaves the server.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import (
    Boolean,
    Connection,
    Engine,
    Float,
    Integer,
    LargeBinary,
    String,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from lapilli.core.actions import Action
from lapilli.core.records import Record


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "lapilli_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    head: Mapped[str] = mapped_column(Text)  # the record's JSON without its actions
    seats: Mapped[str] = mapped_column(Text)  # JSON: [{"kind", "spec", "token_hash"}]
    seed: Mapped[bytes] = mapped_column(LargeBinary(64))
    listed: Mapped[bool] = mapped_column(Boolean)
    finished: Mapped[bool] = mapped_column(Boolean, index=True)
    version: Mapped[int] = mapped_column(Integer)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float, index=True)


class StepRow(Base):
    __tablename__ = "lapilli_steps"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0 for the first action
    action: Mapped[str] = mapped_column(Text)


DATABASE_ERRORS = (SQLAlchemyError,)
"""What the database raises when it cannot answer (stopped, unreachable, busy)."""

Write = Callable[[Connection], object]
TOUCH = (
    update(TableRow)
    .where(TableRow.id == bindparam("table"))
    .values(version=bindparam("new_version"), updated=bindparam("now"))
)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    spec: str  # bot spec ("random", "mcts:iters=500") or "human"
    token_hash: str = ""  # sha256 of the seat's secret (humans only)

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind, "spec": self.spec, "token_hash": self.token_hash}

    def holds(self, token: str) -> bool:
        """Whether ``token`` is this seat's secret (compared in constant time)."""
        return self.kind == "human" and hmac.compare_digest(self.token_hash, token_hash(token))


@dataclass
class StoredTable:
    id: str
    seats: list[Seat]
    record: Record
    seed: bytes
    listed: bool = True
    version: int = 0


def engine_url(url: str) -> str:
    """A plain PostgreSQL URL uses psycopg (version 3), the driver of the postgres extra."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


class Played(NamedTuple):
    """Step ``n`` of a table, played: the batch's steps are written by two statements,
    one inserting them all and one moving each table to its newest version."""

    table_id: str
    n: int
    action: str  # its JSON
    version: int


class Writer:
    """One thread writes for every table: the writes that wait while it commits go
    together in its next transaction (a group commit). Many tables' moves then cost
    one commit, and no database lock is held by a thread waiting for the interpreter.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.waiting: list[tuple[Write | Played, Future[None]]] = []
        self.wake = threading.Condition()
        self.closed = False
        self.thread = threading.Thread(target=self._run, name="lapilli-writer", daemon=True)
        self.thread.start()

    def __call__(self, write: Write | Played) -> None:
        """Run ``write(connection)`` (or write the step played) in a transaction;
        returns once it is committed."""
        done: Future[None] = Future()
        with self.wake:
            if self.closed:
                raise RuntimeError("the store is closed")
            self.waiting.append((write, done))
            self.wake.notify()
        done.result()

    def close(self) -> None:
        """Commit what waits, then stop."""
        with self.wake:
            self.closed = True
            self.wake.notify()
        self.thread.join(timeout=10)

    def _run(self) -> None:
        while True:
            with self.wake:
                while not self.waiting and not self.closed:
                    self.wake.wait()
                batch, self.waiting = self.waiting, []
            if not batch:
                return
            self._commit(batch)

    def _commit(self, batch: list[tuple[Write | Played, Future[None]]]) -> None:
        try:
            with self.engine.begin() as db:
                played: list[Played] = []
                for write, _ in batch:
                    if isinstance(write, Played):
                        played.append(write)
                        continue
                    _write_played(db, played)  # in order: an undo may follow a step
                    played = []
                    write(db)
                _write_played(db, played)
        except Exception as exc:
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
            else:  # one write failed: the others are committed on their own
                for one in batch:
                    self._commit([one])
            return
        for _, done in batch:
            done.set_result(None)


class Store:
    def __init__(self, url: str = "sqlite:///lapilli.db") -> None:
        url = engine_url(url)
        if url.startswith("sqlite"):
            self.engine = create_engine(url, connect_args={"check_same_thread": False})
            event.listen(self.engine, "connect", _sqlite_wal)
        else:
            self.engine = create_engine(
                url,
                pool_pre_ping=True,  # a connection broken by a restart is replaced
                pool_size=8,
                max_overflow=16,
                pool_timeout=5,
                connect_args={"connect_timeout": 5},
            )
        Base.metadata.create_all(self.engine)
        self.write = Writer(self.engine)

    def close(self) -> None:
        self.write.close()
        self.engine.dispose()

    def create(self, table: StoredTable) -> None:
        head = table.record.to_json()
        del head["actions"]
        now = time.time()
        row = {
            "id": table.id,
            "game": table.record.game,
            "head": json.dumps(head),
            "seats": json.dumps([s.to_json() for s in table.seats]),
            "seed": table.seed,
            "listed": table.listed,
            "finished": False,
            "version": table.version,
            "created": now,
            "updated": now,
        }
        steps = [
            {"table_id": table.id, "n": n, "action": json.dumps(a.to_json())}
            for n, a in enumerate(table.record.actions)
        ]

        def write(db: Connection) -> None:
            db.execute(insert(TableRow).values(row))
            if steps:
                db.execute(insert(StepRow), steps)

        self.write(write)

    def append(self, table_id: str, n: int, action: Action, version: int) -> None:
        """Step ``n`` of the table is played (``finish`` marks the last)."""
        self.write(Played(table_id, n, json.dumps(action.to_json()), version))

    def finish(self, table_id: str) -> None:
        finished = update(TableRow).where(TableRow.id == table_id).values(finished=True)
        self.write(lambda db: db.execute(finished))

    def take_back(self, table_id: str, n: int, version: int) -> None:
        """Step ``n`` (the last) was undone."""

        def write(db: Connection) -> None:
            db.execute(delete(StepRow).where(StepRow.table_id == table_id, StepRow.n >= n))
            _touch(db, table_id, version)

        self.write(write)

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            steps = session.scalars(
                select(StepRow.action).where(StepRow.table_id == table_id).order_by(StepRow.n)
            )
            data = json.loads(row.head) | {"actions": [json.loads(a) for a in steps]}
            seats = [Seat(**s) for s in json.loads(row.seats)]
            return StoredTable(
                row.id, seats, Record.from_json(data), row.seed, row.listed, row.version
            )

    def unfinished(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.finished.is_(False))))

    def listed(self, limit: int = 50) -> list[tuple[str, str, float]]:
        """The most recently played public tables: (id, game, last change)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.game, TableRow.updated)
                .where(TableRow.listed.is_(True))
                .order_by(TableRow.updated.desc())
                .limit(limit)
            )
            return [(r.id, r.game, r.updated) for r in rows]


def _touch(db: Connection, table_id: str, version: int) -> None:
    db.execute(TOUCH, {"table": table_id, "new_version": version, "now": time.time()})


def _write_played(db: Connection, played: list[Played]) -> None:
    if not played:
        return
    db.execute(
        insert(StepRow), [{"table_id": p.table_id, "n": p.n, "action": p.action} for p in played]
    )
    newest = {p.table_id: p.version for p in played}
    now = time.time()
    db.execute(TOUCH, [{"table": t, "new_version": v, "now": now} for t, v in newest.items()])


def _sqlite_wal(connection: Any, _record: Any) -> None:
    """Readers never wait for a writer; a commit survives a killed process."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
