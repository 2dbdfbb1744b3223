"""Tables that survive a restart: each table's record is kept in a SQL database.

A table is a game record plus who sits where: each seat is a human (with a secret
token for its link) or a bot. Every applied action is written before it is
acknowledged, so a restart rebuilds each table by replaying its record.
"""

from __future__ import annotations

import json
import secrets
import time
from dataclasses import dataclass

from sqlalchemy import Float, Integer, String, Text, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from lapilli.core.records import Record


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    seats: Mapped[str] = mapped_column(Text)  # JSON: [{"kind": "human"|"bot", ...}]
    record: Mapped[str] = mapped_column(Text)  # JSON game record
    seed: Mapped[int] = mapped_column(Integer)
    created: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)


@dataclass
class Seat:
    kind: str  # "human" or "bot"
    spec: str  # bot spec ("random", "mcts:iters=500") or "human"
    token: str  # secret of the seat's link (humans only)

    def to_json(self) -> dict:
        return {"kind": self.kind, "spec": self.spec, "token": self.token}


@dataclass
class StoredTable:
    id: str
    seats: list[Seat]
    record: Record
    seed: int


class Store:
    def __init__(self, url: str = "sqlite:///lapilli.db") -> None:
        args = {"check_same_thread": False} if url.startswith("sqlite") else {}
        self.engine = create_engine(url, connect_args=args)
        Base.metadata.create_all(self.engine)

    def create(self, record: Record, seat_specs: list[str], seed: int) -> StoredTable:
        seats = [
            Seat("human", "human", secrets.token_urlsafe(12))
            if spec == "human"
            else Seat("bot", spec, "")
            for spec in seat_specs
        ]
        table = StoredTable(secrets.token_hex(6), seats, record, seed)
        now = time.time()
        with Session(self.engine) as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=record.game,
                    seats=json.dumps([s.to_json() for s in seats]),
                    record=json.dumps(record.to_json()),
                    seed=seed,
                    created=now,
                    updated=now,
                )
            )
            session.commit()
        return table

    def save(self, table_id: str, record: Record) -> None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                raise KeyError(table_id)
            row.record = json.dumps(record.to_json())
            row.updated = time.time()
            session.commit()

    def load(self, table_id: str) -> StoredTable | None:
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = [Seat(**s) for s in json.loads(row.seats)]
            return StoredTable(row.id, seats, Record.from_json(json.loads(row.record)), row.seed)

    def list(self, limit: int = 50) -> list[tuple[str, str, float]]:
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.game, TableRow.updated)
                .order_by(TableRow.updated.desc())
                .limit(limit)
            )
            return [(r.id, r.game, r.updated) for r in rows]
