"""Tables that survive a restart, kept in a SQL database (SQLite or PostgreSQL).

A table is a game record plus who sits where: each seat is a human (known by the hash
of its secret token) or a bot. Each step is one row, written before anyone is told of
it, so a restart rebuilds every table by replaying its steps. The table's chance seed
is kept here too: it never leaves the server.

Several server processes may share one PostgreSQL database. Every change names the
table's version it follows, and is refused (``Conflict``) if another process changed
the table first: that process's copy catches up and tries again. Each change is
announced on the ``lapilli`` channel (``NOTIFY``) so the other processes tell their
watchers; ``bots_due`` marks the tables whose chance or bots are to move, for whichever
process runs them (``leases.py``).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
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
    cast,
    column,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
    values,
)
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, aliased, mapped_column

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
    bots_due: Mapped[bool] = mapped_column(Boolean, default=True)  # chance or a bot to move
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float, index=True)
    # added for online play (older databases get them from _add_missing_columns)
    open: Mapped[bool] = mapped_column(Boolean, default=False)  # free seats for anyone
    settings: Mapped[str] = mapped_column(Text, default="{}")  # clock, rated, rematch
    clocks: Mapped[str] = mapped_column(Text, default="")  # the clocks' state (JSON)
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True, index=True)


class PlayerRow(Base):
    """A player: a display name and the hash of the key the server gave them."""

    __tablename__ = "lapilli_players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # public
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str] = mapped_column(String(40))
    created: Mapped[float] = mapped_column(Float)


class SittingRow(Base):
    """Who sits where: a player's tables, without any seat's secret."""

    __tablename__ = "lapilli_sittings"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(32), index=True)


class ChatRow(Base):
    __tablename__ = "lapilli_chat"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1 for the first message
    at: Mapped[float] = mapped_column(Float)
    step: Mapped[int] = mapped_column(Integer)  # actions played when it was said
    who: Mapped[str] = mapped_column(String(60))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)  # None: a watcher
    text: Mapped[str] = mapped_column(Text)


class RatingRow(Base):
    """A player's openskill rating at one game (the game itself rates as ``@game``)."""

    __tablename__ = "lapilli_ratings"

    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)


class ResultRow(Base):
    """One player's result at one finished rated table, and their rating after it."""

    __tablename__ = "lapilli_results"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    seat: Mapped[int] = mapped_column(Integer)
    outcome: Mapped[str] = mapped_column(String(16))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[float] = mapped_column(Float, index=True)


class StepRow(Base):
    __tablename__ = "lapilli_steps"

    table_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)  # 0 for the first action
    action: Mapped[str] = mapped_column(Text)


class Unreachable(SQLAlchemyError):
    """A connection of the server's own (leases, news) could not reach the database."""


DATABASE_ERRORS = (SQLAlchemyError,)
"""What the database raises when it cannot answer (stopped, unreachable, busy)."""

Write = Callable[[Connection], object]
Kept = tuple[str, float | None]
"""A table's clocks as kept: their state (JSON), and when the running one runs out."""
CHANNEL = "lapilli"  # where changes are announced: "<table id> <version> <process>"
TOUCH = (
    update(TableRow)
    .where(TableRow.id == bindparam("table"))
    .values(version=bindparam("new_version"), updated=bindparam("now"), bots_due=bindparam("due"))
)


class Conflict(Exception):
    """Another process changed the table first: nothing was written."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    spec: str  # bot spec ("random", "mcts:iters=500") or "human"
    token_hash: str = ""  # sha256 of the seat's secret (humans only)
    player: str = ""  # the player's id, once a player sits there
    name: str = ""  # their display name then
    seated: bool = False  # someone took the seat (its link opened, or by a click)

    def to_json(self) -> dict[str, str | bool]:
        return {
            "kind": self.kind,
            "spec": self.spec,
            "token_hash": self.token_hash,
            "player": self.player,
            "name": self.name,
            "seated": self.seated,
        }

    def holds(self, token: str) -> bool:
        """Whether ``token`` is this seat's secret (compared in constant time); a seat
        a bot took over (its time ran out) still shows its holder their own view."""
        return bool(self.token_hash) and hmac.compare_digest(self.token_hash, token_hash(token))


@dataclass
class StoredTable:
    id: str
    seats: list[Seat]
    record: Record
    seed: bytes
    listed: bool = True
    version: int = 0
    open: bool = False
    settings: dict[str, Any] = field(default_factory=dict)  # clock, rated, rematch
    clocks: str = ""  # the clocks' state as stored (JSON), "" without a clock


def engine_url(url: str) -> str:
    """A plain PostgreSQL URL uses psycopg (version 3), the driver of the postgres extra."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain) :]
    return url


class Played(NamedTuple):
    """Step ``n`` of a table, played: the batch's steps are inserted by one statement,
    then each table moves to its new version if it still has the one before."""

    table_id: str
    n: int
    action: str  # its JSON
    version: int
    bots_due: bool  # after this step: chance or a bot is to move
    clocks: Kept | None = None  # the table's clocks after it (a clocked table)
    end: Write | None = None  # the game's end, where this step ends it (``Store.ending``)


class Writer:
    """One thread writes for every table: the writes that wait while it commits go
    together in its next transaction (a group commit). Many tables' moves then cost
    one commit, and no database lock is held by a thread waiting for the interpreter.
    """

    def __init__(self, engine: Engine, announce: str = "") -> None:
        self.engine = engine
        self.announce = announce  # NOTIFY every change, signed so (PostgreSQL), or ""
        self.own: Connection | None = None  # kept for the steps played (PostgreSQL)
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
        self._let_go()

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
        if self.announce and all(
            isinstance(write, Played) and write.clocks is None and write.end is None
            for write, _ in batch
        ):
            return self._commit_played(batch)  # the busiest case: one statement
        try:
            with self.engine.begin() as db:
                played: list[Played] = []
                for write, _ in batch:
                    if isinstance(write, Played):
                        played.append(write)
                        continue
                    _write_played(db, played, self.announce)  # in order: an undo may follow
                    played = []
                    write(db)
                _write_played(db, played, self.announce)
        except Exception as exc:
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
            else:  # one write failed: the others are committed on their own
                for one in batch:
                    self._commit([one])
            return
        for _, done in batch:
            done.set_result(None)

    def _commit_played(self, batch: list[tuple[Write | Played, Future[None]]]) -> None:
        """Steps played at several tables, written by one statement on a connection of
        the writer's own (one round trip, where a transaction takes five): each table
        moves to its new version, with its steps, only from the version before them;
        a table that had moved on is a ``Conflict`` for its writer alone."""
        played = [write for write, _ in batch if isinstance(write, Played)]
        try:
            if self.own is None:
                self.own = self.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
            moved = _played_at_once(self.own, played, self.announce)
        except Exception as exc:
            self._let_go()
            if len(batch) == 1:
                batch[0][1].set_exception(exc)
            else:  # a step written twice fails them all: each on its own
                for one in batch:
                    self._commit([one])
            return
        for write, done in batch:
            if isinstance(write, Played) and write.table_id not in moved:
                done.set_exception(Conflict(write.table_id))
            else:
                done.set_result(None)

    def _let_go(self) -> None:
        if self.own is not None:
            with contextlib.suppress(Exception):  # a broken connection is dropped all the same
                self.own.close()
            self.own = None


PLAYED_AT_ONCE = text(
    """
WITH moved AS (
    UPDATE lapilli_tables AS t
    SET version = m.new, updated = :now, bots_due = m.due
    FROM unnest(CAST(:ids AS text[]), CAST(:olds AS integer[]), CAST(:news AS integer[]),
                CAST(:dues AS boolean[])) AS m(id, old, new, due)
    WHERE t.id = m.id AND t.version = m.old
    RETURNING t.id, t.version
), steps AS (
    INSERT INTO lapilli_steps (table_id, n, action)
    SELECT s.table_id, s.n, s.action
    FROM unnest(CAST(:step_ids AS text[]), CAST(:step_ns AS integer[]),
                CAST(:step_actions AS text[])) AS s(table_id, n, action)
    JOIN moved ON moved.id = s.table_id
)
SELECT moved.id, pg_notify(:channel, moved.id || ' ' || moved.version || ' ' || :process)
FROM moved
"""
)


def _played_at_once(db: Connection, played: list[Played], process: str) -> set[str]:
    """The tables moved (their steps inserted, the change announced) by one statement."""
    before: dict[str, int] = {}
    newest: dict[str, Played] = {}
    for p in played:
        before.setdefault(p.table_id, p.version - 1)
        newest[p.table_id] = p
    rows = db.execute(
        PLAYED_AT_ONCE,
        {
            "now": time.time(),
            "ids": list(newest),
            "olds": [before[t] for t in newest],
            "news": [p.version for p in newest.values()],
            "dues": [p.bots_due for p in newest.values()],
            "step_ids": [p.table_id for p in played],
            "step_ns": [p.n for p in played],
            "step_actions": [p.action for p in played],
            "channel": CHANNEL,
            "process": process,
        },
    )
    return {row[0] for row in rows}


class Store:
    def __init__(self, url: str = "sqlite:///lapilli.db") -> None:
        self.url = url  # as given: the listener connects with it (leases.py)
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
        self.shared = self.engine.dialect.name == "postgresql"  # other processes may share it
        Base.metadata.create_all(self.engine)
        _add_missing_columns(self.engine)
        self.process = secrets.token_hex(6)  # signs its announcements: it hears its own too
        self.write = Writer(self.engine, announce=self.process if self.shared else "")

    def close(self) -> None:
        self.write.close()
        self.engine.dispose()

    def create(
        self, table: StoredTable, bots_due: bool = True, deadline: float | None = None
    ) -> None:
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
            "bots_due": bots_due,
            "created": now,
            "updated": now,
            "open": table.open,
            "settings": json.dumps(table.settings),
            "clocks": table.clocks,
            "deadline": deadline,
        }
        steps = [
            {"table_id": table.id, "n": n, "action": json.dumps(a.to_json())}
            for n, a in enumerate(table.record.actions)
        ]
        self.write(lambda db: _create(db, row, steps, table.seats))

    def append(
        self,
        table_id: str,
        n: int,
        action: Action,
        version: int,
        bots_due: bool = True,
        clocks: Kept | None = None,
        end: Write | None = None,
    ) -> None:
        """Step ``n`` of the table is played, taking it from ``version - 1`` to
        ``version``; ``Conflict`` if the table moved on. ``clocks``: the table's clocks
        after it, and ``end``: the game's end where the step ends it, written with it."""
        action_json = json.dumps(action.to_json())
        try:
            self.write(Played(table_id, n, action_json, version, bots_due, clocks, end))
        except IntegrityError:  # another process wrote step n first
            raise Conflict(table_id) from None

    @staticmethod
    def ending(table_id: str, rating: Write | None = None) -> Write:
        """The write that marks the table's game over; ``rating`` runs with it, once only
        (not if another process, or an earlier try, marked the end first)."""
        finished = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.finished.is_(False))
            .values(finished=True, bots_due=False, deadline=None)
        )

        def write(db: Connection) -> None:
            if db.execute(finished).rowcount == 1 and rating is not None:
                rating(db)

        return write

    def change(
        self,
        table_id: str,
        version: int,
        seats: list[Seat],
        bots_due: bool,
        settings: dict[str, Any] | None = None,
        clocks: Kept | None = None,
        end: Write | None = None,
    ) -> None:
        """The table moves to ``version`` without a step: its seats (a player sat down, a
        bot took over a seat out of time) or its settings changed (``Conflict`` if the
        table moved on), with the clocks as they then run and the game's end if time
        ended it."""
        changed: dict[str, Any] = {"seats": json.dumps([s.to_json() for s in seats])}
        if settings is not None:
            changed["settings"] = json.dumps(settings)

        def write(db: Connection) -> None:
            _touch(db, table_id, version, bots_due)
            db.execute(update(TableRow).where(TableRow.id == table_id).values(changed))
            _seat_players(db, table_id, seats)
            _keep_clocks(db, table_id, clocks)
            if end is not None:
                end(db)
            if self.shared:
                _announce(db, {table_id: version}, self.process)

        self.write(write)

    def clocks(self, table_id: str) -> str:
        with self.engine.connect() as db:
            found = db.execute(select(TableRow.clocks).where(TableRow.id == table_id)).first()
        return found[0] or "" if found else ""

    def overdue(self, now: float) -> list[str]:
        """Unfinished tables whose running clock has run out by ``now``."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(TableRow.id).where(
                    TableRow.finished.is_(False),
                    TableRow.deadline.is_not(None),
                    TableRow.deadline <= now,
                )
            )
            return [r[0] for r in rows]

    def rematch(
        self,
        old_id: str,
        version: int,
        settings: dict[str, Any],
        new: StoredTable,
        due: bool,
    ) -> None:
        """The finished table ``old_id`` names its rematch (moving to ``version``) and the
        rematch is made, in one transaction (``Conflict`` if the old table changed
        meanwhile: another rematch was made first)."""
        head = new.record.to_json()
        del head["actions"]
        now = time.time()
        row = {
            "id": new.id,
            "game": new.record.game,
            "head": json.dumps(head),
            "seats": json.dumps([s.to_json() for s in new.seats]),
            "seed": new.seed,
            "listed": new.listed,
            "finished": False,
            "version": 0,
            "bots_due": due,
            "created": now,
            "updated": now,
            "open": new.open,
            "settings": json.dumps(new.settings),
            "clocks": new.clocks,
            "deadline": None,
        }
        named = update(TableRow).where(TableRow.id == old_id).values(settings=json.dumps(settings))

        def write(db: Connection) -> None:
            _touch(db, old_id, version, False)
            db.execute(named)
            _create(db, row, [], new.seats)
            if self.shared:
                _announce(db, {old_id: version}, self.process)

        self.write(write)

    def load_seats(self, table_id: str) -> list[Seat]:
        with self.engine.connect() as db:
            found = db.execute(select(TableRow.seats).where(TableRow.id == table_id)).first()
        return [Seat(**s) for s in json.loads(found[0])] if found else []

    # -- players ---------------------------------------------------------------------
    def new_player(self, player_id: str, key: str, name: str) -> None:
        row = {"id": player_id, "key_hash": token_hash(key), "name": name, "created": time.time()}
        self.write(lambda db: db.execute(insert(PlayerRow).values(row)))

    def player_by_key(self, key: str) -> tuple[str, str] | None:
        """The player (id, name) whose key this is."""
        with self.engine.connect() as db:
            row = db.execute(
                select(PlayerRow.id, PlayerRow.name).where(PlayerRow.key_hash == token_hash(key))
            ).first()
        return (row[0], row[1]) if row else None

    def player(self, player_id: str) -> str | None:
        """A player's name."""
        with self.engine.connect() as db:
            row = db.execute(select(PlayerRow.name).where(PlayerRow.id == player_id)).first()
        return row[0] if row else None

    def rename(self, player_id: str, name: str) -> None:
        change = update(PlayerRow).where(PlayerRow.id == player_id).values(name=name)
        self.write(lambda db: db.execute(change))

    def sittings(self, player_id: str, limit: int = 100) -> list[dict[str, Any]]:
        """The player's tables, the latest first: id, game, seat, players, finished, last
        change."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    TableRow.id,
                    TableRow.game,
                    SittingRow.seat,
                    TableRow.finished,
                    TableRow.updated,
                    TableRow.seats,
                )
                .join(SittingRow, SittingRow.table_id == TableRow.id)
                .where(SittingRow.player == player_id)
                .order_by(TableRow.updated.desc(), SittingRow.seat)
                .limit(limit)
            )
            found: dict[str, dict[str, Any]] = {}  # a table once (its first seat of theirs)
            for r in rows:
                row = {"table": r[0], "game": r[1], "seat": r[2], "finished": r[3], "updated": r[4]}
                found.setdefault(r[0], row | {"players": len(json.loads(r[5]))})
            return list(found.values())

    def open_tables(self, limit: int = 50) -> list[tuple[str, str, list[Seat], dict[str, Any]]]:
        """Unfinished open tables, the latest first: id, game, seats, settings."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(TableRow.id, TableRow.game, TableRow.seats, TableRow.settings)
                .where(TableRow.open.is_(True), TableRow.finished.is_(False))
                .order_by(TableRow.updated.desc())
                .limit(limit)
            )
            return [
                (r[0], r[1], [Seat(**s) for s in json.loads(r[2])], json.loads(r[3] or "{}"))
                for r in rows
            ]

    # -- chat ------------------------------------------------------------------------
    def say(self, table_id: str, step: int, who: str, seat: int | None, said: str) -> int:
        """Keep a chat message; returns its number at the table (1 for the first)."""
        numbered: list[int] = []

        def write(db: Connection) -> None:
            last = db.execute(
                select(func.max(ChatRow.n)).where(ChatRow.table_id == table_id)
            ).scalar()
            n = (last or 0) + 1
            row = {"table_id": table_id, "n": n, "at": time.time(), "step": step}
            db.execute(insert(ChatRow).values(row | {"who": who, "seat": seat, "text": said}))
            if self.shared:
                db.execute(select(func.pg_notify(CHANNEL, f"{table_id} chat:{n} {self.process}")))
            numbered.append(n)

        self.write(write)
        return numbered[0]

    def chat(self, table_id: str, after: int = 0, limit: int = 200) -> list[dict[str, Any]]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(ChatRow.n, ChatRow.at, ChatRow.step, ChatRow.who, ChatRow.seat, ChatRow.text)
                .where(ChatRow.table_id == table_id, ChatRow.n > after)
                .order_by(ChatRow.n)
                .limit(limit)
            )
            return [
                {"n": r[0], "at": r[1], "step": r[2], "who": r[3], "seat": r[4], "text": r[5]}
                for r in rows
            ]

    def chat_count(self, table_id: str) -> int:
        with self.engine.connect() as db:
            n = db.execute(select(func.max(ChatRow.n)).where(ChatRow.table_id == table_id))
            return int(n.scalar() or 0)

    # -- ratings ---------------------------------------------------------------------
    def ratings(self, db: Connection, game: str, players: list[str]) -> dict[str, RatingRow]:
        rows = db.execute(
            select(RatingRow).where(RatingRow.game == game, RatingRow.player.in_(players))
        ).scalars()
        return {r.player: r for r in rows}

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        """The game's rated players, the best first (by mu - 3 sigma, openskill's
        ordinal: a player's rating made cautious by its uncertainty)."""
        ordinal = RatingRow.mu - 3 * RatingRow.sigma
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    RatingRow.player, PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games
                )
                .join(PlayerRow, PlayerRow.id == RatingRow.player)
                .where(RatingRow.game == game)
                .order_by(ordinal.desc())
                .limit(limit)
            )
            return [
                {"player": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "games": r[4]}
                for r in rows
            ]

    def player_ratings(self, player_id: str) -> list[dict[str, Any]]:
        with self.engine.connect() as db:
            rows = db.execute(
                select(RatingRow.game, RatingRow.mu, RatingRow.sigma, RatingRow.games).where(
                    RatingRow.player == player_id
                )
            )
            return [{"game": r[0], "mu": r[1], "sigma": r[2], "games": r[3]} for r in rows]

    def results(self, player_id: str, limit: int = 200) -> list[dict[str, Any]]:
        """The player's rated results, oldest first, with their rating after each."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(
                    ResultRow.table_id,
                    ResultRow.game,
                    ResultRow.seat,
                    ResultRow.outcome,
                    ResultRow.mu,
                    ResultRow.sigma,
                    ResultRow.at,
                )
                .where(ResultRow.player == player_id)
                .order_by(ResultRow.at.desc())
                .limit(limit)
            )
            found = [
                {
                    "table": r[0],
                    "game": r[1],
                    "seat": r[2],
                    "outcome": r[3],
                    "mu": r[4],
                    "sigma": r[5],
                    "at": r[6],
                }
                for r in rows
            ]
        return found[::-1]

    def take_back(
        self,
        table_id: str,
        n: int,
        version: int,
        bots_due: bool = False,
        clocks: Kept | None = None,
    ) -> None:
        """Step ``n`` (the last) was undone (``Conflict`` if the table moved on)."""

        def write(db: Connection) -> None:
            _touch(db, table_id, version, bots_due)
            db.execute(delete(StepRow).where(StepRow.table_id == table_id, StepRow.n >= n))
            _keep_clocks(db, table_id, clocks)
            if self.shared:
                _announce(db, {table_id: version}, self.process)

        self.write(write)

    def not_due(self, table_id: str, version: int) -> None:
        """The table at ``version`` waits for no bot (unless it has changed since)."""
        clear = (
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.version == version)
            .values(bots_due=False)
        )
        self.write(lambda db: db.execute(clear))

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
                row.id,
                seats,
                Record.from_json(data),
                row.seed,
                row.listed,
                row.version,
                bool(row.open),
                json.loads(row.settings or "{}"),
                row.clocks or "",
            )

    def since(self, table_id: str, n: int) -> tuple[int, int, list[Action]] | None:
        """The table's version, its number of steps, and its steps from step ``n`` on
        (None if there is no such table): what a copy with ``n`` steps lacks. One
        statement, so all three come from the same moment."""
        counted = aliased(StepRow)
        count = (
            select(func.count())
            .select_from(counted)
            .where(counted.table_id == TableRow.id)
            .correlate(TableRow)
            .scalar_subquery()
        )
        later = (StepRow.table_id == TableRow.id) & (StepRow.n >= n)
        query = (
            select(TableRow.version, count, StepRow.action)
            .select_from(TableRow)
            .outerjoin(StepRow, later)
            .where(TableRow.id == table_id)
            .order_by(StepRow.n)
        )
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        if not rows:
            return None
        actions = [Action.from_json(json.loads(r[2])) for r in rows if r[2] is not None]
        return rows[0][0], rows[0][1], actions

    def unfinished(self) -> list[str]:
        with Session(self.engine) as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.finished.is_(False))))

    def due(self) -> list[str]:
        """The unfinished tables whose chance or bots are to move."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(TableRow.id).where(
                        TableRow.finished.is_(False), TableRow.bots_due.is_(True)
                    )
                )
            )

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


def _create(
    db: Connection, row: dict[str, Any], steps: list[dict[str, Any]], seats: list[Seat]
) -> None:
    db.execute(insert(TableRow).values(row))
    if steps:
        db.execute(insert(StepRow), steps)
    _seat_players(db, row["id"], seats)


def _seat_players(db: Connection, table_id: str, seats: list[Seat]) -> None:
    """Keep who sits where (a player's list of tables reads it)."""
    db.execute(delete(SittingRow).where(SittingRow.table_id == table_id))
    sitting = [
        {"table_id": table_id, "seat": i, "player": s.player}
        for i, s in enumerate(seats)
        if s.player
    ]
    if sitting:
        db.execute(insert(SittingRow), sitting)


def _keep_clocks(db: Connection, table_id: str, clocks: Kept | None) -> None:
    if clocks is not None:
        change = {"clocks": clocks[0], "deadline": clocks[1]}
        db.execute(update(TableRow).where(TableRow.id == table_id).values(change))


def _touch(db: Connection, table_id: str, version: int, bots_due: bool) -> None:
    """Move the table to ``version`` from the one before it (``Conflict`` otherwise)."""
    moved = db.execute(
        TOUCH.where(TableRow.version == version - 1),
        {"table": table_id, "new_version": version, "now": time.time(), "due": bots_due},
    )
    if moved.rowcount != 1:
        raise Conflict(table_id)


def _write_played(db: Connection, played: list[Played], announce: str) -> None:
    if not played:
        return
    db.execute(
        insert(StepRow), [{"table_id": p.table_id, "n": p.n, "action": p.action} for p in played]
    )
    before: dict[str, int] = {}  # each table's version before the batch
    newest: dict[str, Played] = {}
    for p in played:  # one table's steps in a batch come from one process, in order
        before.setdefault(p.table_id, p.version - 1)
        newest[p.table_id] = p
    now = time.time()
    for table_id, p in newest.items():  # (in the same transaction as the steps)
        _keep_clocks(db, table_id, p.clocks)
    if announce:  # PostgreSQL: every table moved by one statement
        _move_all(db, [(t, before[t], p.version, p.bots_due) for t, p in newest.items()], now)
    else:
        for table_id, p in newest.items():
            moved = db.execute(
                TOUCH.where(TableRow.version == before[table_id]),
                {"table": table_id, "new_version": p.version, "now": now, "due": p.bots_due},
            )
            if moved.rowcount != 1:
                raise Conflict(table_id)
    for p in played:  # the games these steps end, once their tables have moved
        if p.end is not None:
            p.end(db)
    if announce:  # then one announcement
        _announce(db, {t: p.version for t, p in newest.items()}, announce)


def _move_all(db: Connection, moves: list[tuple[str, int, int, bool]], now: float) -> None:
    """Each (table, version before, version after, bots due) at once, each table only
    from its version before (``Conflict`` names a table that had moved on)."""
    rows = values(
        column("id", String),
        column("old", Integer),
        column("new", Integer),
        column("due", Boolean),
        name="moves",
    ).data(moves)
    moved = db.execute(
        update(TableRow)
        .where(TableRow.id == rows.c.id, TableRow.version == rows.c.old)
        .values(version=rows.c.new, updated=now, bots_due=rows.c.due)
        .returning(TableRow.id)
    )
    missing = {m[0] for m in moves} - set(moved.scalars())
    if missing:
        raise Conflict(missing.pop())


def _announce(db: Connection, versions: dict[str, int], process: str) -> None:
    """Tell the other processes (at commit) which tables changed, and their versions."""
    notes = [f"{table_id} {version} {process}" for table_id, version in versions.items()]
    note = func.unnest(cast(notes, ARRAY(Text))).column_valued("note")
    db.execute(select(func.pg_notify(CHANNEL, note)))


ADDED_COLUMNS = {
    "bots_due": "BOOLEAN NOT NULL DEFAULT TRUE",  # true: every process looks once, and clears it
    "open": "BOOLEAN NOT NULL DEFAULT FALSE",
    "settings": "TEXT NOT NULL DEFAULT '{}'",
    "clocks": "TEXT NOT NULL DEFAULT ''",
    "deadline": "FLOAT",
}


def _add_missing_columns(engine: Engine) -> None:
    """A database made by an older lapilli gets the columns added since (the tables
    added since, ``create_all`` makes)."""
    columns = {c["name"] for c in inspect(engine).get_columns(TableRow.__tablename__)}
    for name, kind in ADDED_COLUMNS.items():
        if name not in columns:
            with engine.begin() as db:
                db.execute(text(f"ALTER TABLE {TableRow.__tablename__} ADD COLUMN {name} {kind}"))
    if "deadline" not in columns:  # the time-out sweep reads it every second
        with engine.begin() as db:
            db.execute(
                text(
                    "CREATE INDEX IF NOT EXISTS ix_lapilli_tables_deadline "
                    f"ON {TableRow.__tablename__} (deadline)"
                )
            )


def _sqlite_wal(connection: Any, _record: Any) -> None:
    """Readers never wait for a writer; a commit survives a killed process."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()
