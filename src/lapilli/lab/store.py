"""An experiment's results as three Parquet tables, written as games finish.

``DIR/tables/games/``: one row per game; ``seats/``: one per seat of a game; ``facts/``:
one per fact (the game's own facts and each seat's points by category). Each finished
batch of games is written at once as one part file per table (written aside, then
renamed into place), so memory stays flat and a run cut short keeps every batch it
finished. A rerun reads which games are done and plays only the others.

Every row carries the ``batch`` it was written with: a game whose batch was written
twice (a run stopped between two tables' files, then run again) is read once, from the
batch its ``games`` row names. ``compact`` merges the parts into one file per table.
``DIR/experiment.json`` says which experiment the directory holds; a different
experiment (another game, seed or player count, or an arm already played changed) is
refused rather than mixed in, while new arms may join an experiment.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from .spec import Experiment, LabError

TABLES = ("games", "seats", "facts")

SCHEMAS: dict[str, pa.Schema] = {
    "games": pa.schema(
        [
            ("arm", pa.string()),
            ("game", pa.int64()),
            ("seed", pa.int64()),
            ("rotation", pa.int64()),
            ("rounds", pa.int64()),
            ("turns", pa.int64()),
            ("decisions", pa.int64()),
            ("steps", pa.int64()),
            ("tied", pa.int64()),  # seats (or sides) sharing first place (1: a sole winner)
            ("victory", pa.bool_()),  # cooperative games: the team won
            ("end", pa.string()),
            ("seconds", pa.float64()),
            ("batch", pa.string()),
        ]
    ),
    "seats": pa.schema(
        [
            ("arm", pa.string()),
            ("game", pa.int64()),
            ("seat", pa.int64()),
            ("slot", pa.int64()),  # the bot's place in the spec's seats
            ("bot", pa.string()),
            ("score", pa.float64()),
            ("rank", pa.int64()),
            ("win", pa.float64()),  # the seat's share of the win
            ("return", pa.float64()),
            ("margin", pa.float64()),  # score minus the best other seat's
            ("batch", pa.string()),
        ]
    ),
    "facts": pa.schema(
        [
            ("arm", pa.string()),
            ("game", pa.int64()),
            ("seat", pa.int64()),
            ("name", pa.string()),
            ("item", pa.string()),
            ("value", pa.float64()),
            ("round", pa.int64()),
            ("batch", pa.string()),
        ]
    ),
}

Row = dict[str, Any]
"""A row of one of the tables, by column."""
Rows = dict[str, list[Row]]
"""One or more games' rows, by table."""


@dataclass
class Tables:
    """The three tables as read back, one version of each game."""

    games: pa.Table
    seats: pa.Table
    facts: pa.Table


class Store:
    """The tables of one experiment in ``out``."""

    def __init__(self, out: Path) -> None:
        self.out = Path(out)

    def folder(self, table: str) -> Path:
        return self.out / "tables" / table

    # -- the experiment it holds ----------------------------------------------------------
    def open(self, exp: Experiment, spec_text: str = "") -> None:
        """Start or continue ``exp`` here; refuse a directory holding another one."""
        meta = self.out / "experiment.json"
        identity = exp.identity()
        if meta.exists():
            try:
                held = json.loads(meta.read_text())["identity"]
            except (OSError, ValueError, KeyError, TypeError):
                raise LabError(
                    f"{meta} is damaged: remove {self.out} or use another --out"
                ) from None
            conflict = _difference(held, identity)
            if conflict:
                raise LabError(
                    f"{self.out} holds another experiment ({conflict}): "
                    "use another --out, or remove it to start again"
                )
            identity = _union(held, identity)
        for table in TABLES:
            self.folder(table).mkdir(parents=True, exist_ok=True)
        record = {"identity": identity, "title": exp.title, "games": exp.games, "spec": spec_text}
        _write_text(meta, json.dumps(record, indent=1))

    def meta(self) -> dict[str, Any]:
        """What ``experiment.json`` says (LabError when the directory holds none)."""
        path = self.out / "experiment.json"
        try:
            data: dict[str, Any] = json.loads(path.read_text())
        except FileNotFoundError:
            raise LabError(f"{self.out} holds no experiment (no experiment.json)") from None
        except (OSError, ValueError):
            raise LabError(f"{path} is damaged") from None
        return data

    # -- writing ------------------------------------------------------------------------
    def write(self, rows: Rows) -> None:
        """One finished batch: a part file per table, ``games`` last (it marks the games
        done)."""
        batch = uuid.uuid4().hex
        for table in ("seats", "facts", "games"):
            found = [dict(row, batch=batch) for row in rows.get(table, [])]
            data = pa.Table.from_pylist(found, schema=SCHEMAS[table])
            path = self.folder(table) / f"part-{batch}.parquet"
            tmp = path.with_suffix(".tmp")
            pq.write_table(data, tmp)
            os.replace(tmp, path)

    def compact(self) -> None:
        """Merge each table's parts into one file (the parts go once it is written)."""
        tables = self.load()
        for name in TABLES:
            folder = self.folder(name)
            parts = sorted(folder.glob("*.parquet"))
            if len(parts) <= 1:
                continue
            path = folder / f"all-{uuid.uuid4().hex}.parquet"
            tmp = path.with_suffix(".tmp")
            pq.write_table(getattr(tables, name), tmp)
            os.replace(tmp, path)
            for part in parts:
                part.unlink()

    # -- reading ------------------------------------------------------------------------
    def done(self) -> set[tuple[str, int]]:
        """The (arm, game) pairs already played."""
        games = self._read("games", ["arm", "game"])
        return set(
            zip(games.column("arm").to_pylist(), games.column("game").to_pylist(), strict=True)
        )

    def load(self) -> Tables:
        """Every table, each game once (from the batch its ``games`` row names)."""
        games = self._read("games")
        keep: dict[tuple[str, int], str] = {}
        rows = []
        for i, key in enumerate(
            zip(*(games.column(c).to_pylist() for c in ("arm", "game", "batch")), strict=True)
        ):
            if (key[0], key[1]) not in keep:
                keep[(key[0], key[1])] = key[2]
                rows.append(i)
        games = games.take(pa.array(rows, pa.int64())) if len(rows) != games.num_rows else games
        return Tables(games, self._kept("seats", keep), self._kept("facts", keep))

    def _kept(self, name: str, keep: dict[tuple[str, int], str]) -> pa.Table:
        table = self._read(name)
        if not table.num_rows:
            return table
        columns = (table.column(c).to_pylist() for c in ("arm", "game", "batch"))
        mask = [keep.get((a, g)) == b for a, g, b in zip(*columns, strict=True)]
        return table.filter(pa.array(mask, pa.bool_()))

    def _read(self, name: str, columns: Iterable[str] | None = None) -> pa.Table:
        parts = sorted(self.folder(name).glob("*.parquet"))
        wanted = list(columns) if columns is not None else None
        schema = (
            SCHEMAS[name] if wanted is None else pa.schema([SCHEMAS[name].field(c) for c in wanted])
        )
        if not parts:
            return schema.empty_table()
        try:
            read = [pq.read_table(p, columns=wanted, schema=schema) for p in parts]
        except (OSError, pa.ArrowInvalid) as exc:
            raise LabError(f"{self.folder(name)}: a damaged table file ({exc})") from None
        return pa.concat_tables(read)


def _difference(held: dict[str, Any], wanted: dict[str, Any]) -> str:
    """Why a directory's experiment cannot go on as ``wanted``, in a few words (empty
    when it can: the same game, players and seed, and every arm it already played
    unchanged; new arms may join, arms may be left out)."""
    for key in ("game", "players", "seed"):
        if held.get(key) != wanted.get(key):
            return f"its {key} is {held.get(key)!r}, not {wanted.get(key)!r}"
    played = {a["name"]: a for a in held.get("arms", [])}
    for arm in wanted["arms"]:
        before = played.get(arm["name"])
        if before is not None and before != arm:
            return f"its arm {arm['name']!r} has other options, seats or restrictions"
    return ""


def _union(held: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    """``wanted`` with the arms played before that it leaves out (their games stay in
    the tables: a later spec naming them again must mean the same arms)."""
    names = {a["name"] for a in wanted["arms"]}
    kept = [a for a in held.get("arms", []) if a["name"] not in names]
    return {**wanted, "arms": wanted["arms"] + kept}


def _write_text(path: Path, text: str) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)
