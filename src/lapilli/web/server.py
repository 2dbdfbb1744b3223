"""``lapilli serve``: play in the browser, against bots or people, with seat links.

Each seat has a secret token in its link; the server checks every action against the
seat and the rules, and tells each seat only what its observation holds. Tables live
in a SQL database (SQLite by default), so a restart loses no game.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from importlib.resources import files
from typing import Any

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from lapilli.agents import agent_names, make_agent
from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction, LapilliError
from lapilli.core.match import Match
from lapilli.core.options import describe_options
from lapilli.core.records import Record
from lapilli.core.registry import game_classes, load_game

from .store import Store
from .tables import LiveTable, NotYourTurn, render_html

STATIC = files("lapilli.web") / "static"


class NewTable(BaseModel):
    game: str
    options: list[str] = Field(default_factory=list, description="key=value variant options")
    seats: list[str] = Field(description="one per seat: human, or a bot such as random")
    seed: int | None = None


class Move(BaseModel):
    token: str
    action: dict[str, Any] | None = None
    index: int | None = Field(default=None, description="position in the legal action list")


class Token(BaseModel):
    token: str


def create_app(database: str = "sqlite:///lapilli.db") -> FastAPI:
    app = FastAPI(title="lapilli", version="1")
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    store = Store(database)
    live: dict[str, LiveTable] = {}
    watchers: dict[str, set[asyncio.Queue]] = {}

    def table(table_id: str) -> LiveTable:
        if table_id not in live:
            stored = store.load(table_id)
            if stored is None:
                raise HTTPException(404, f"no table {table_id!r}")
            live[table_id] = LiveTable(stored, store)
        return live[table_id]

    def seat_of(t: LiveTable, token: str | None) -> int | None:
        try:
            return t.seat_of(token)
        except PermissionError as exc:
            raise HTTPException(403, str(exc)) from None

    def notify(t: LiveTable) -> None:
        for queue in watchers.get(t.id, ()):
            queue.put_nowait(t.version)

    async def run_bots(t: LiveTable) -> None:
        """Chance and bots move until a human is to move, telling watchers each step."""
        while await asyncio.to_thread(t.advance_one):
            notify(t)
        notify(t)

    @app.exception_handler(LapilliError)
    async def refused(request: Request, exc: LapilliError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=400)

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        return (STATIC / "index.html").read_text()

    @app.get("/table/{table_id}", response_class=HTMLResponse)
    def table_page(table_id: str) -> str:
        table(table_id)
        return (STATIC / "table.html").read_text()

    @app.get("/api/games")
    def list_games() -> dict[str, Any]:
        return {
            "games": [
                {
                    "id": gid,
                    "title": cls.title,
                    "players": cls.players_summary(),
                    "default_players": cls().default_players(),
                    "options": [
                        {"name": n, "default": d, "help": h}
                        for n, d, h in describe_options(cls.Options)
                    ],
                }
                for gid, cls in game_classes().items()
            ],
            "bots": agent_names(),
        }

    @app.post("/api/tables")
    async def new_table(spec: NewTable) -> dict[str, Any]:
        game = load_game(spec.game, spec.options)
        game.check_players(len(spec.seats))
        for seat in spec.seats:
            if seat != "human":
                make_agent(seat)
        match = Match(game, len(spec.seats), spec.seats)
        seed = spec.seed if spec.seed is not None else secrets.randbits(32)
        stored = store.create(match.record, spec.seats, seed)
        t = live[stored.id] = LiveTable(stored, store)
        asyncio.create_task(run_bots(t))
        state = match.state
        return {
            "table": t.id,
            "watch": f"/table/{t.id}",
            "seats": [
                {
                    "seat": i,
                    "label": state.seat_label(i),
                    "kind": s.kind,
                    "link": f"/table/{t.id}?token={s.token}" if s.kind == "human" else None,
                }
                for i, s in enumerate(t.seats)
            ],
        }

    @app.get("/api/tables")
    def tables() -> dict[str, Any]:
        return {"tables": [{"table": i, "game": g, "updated": u} for i, g, u in store.list()]}

    @app.get("/api/tables/{table_id}")
    def view(table_id: str, token: str | None = None) -> dict[str, Any]:
        t = table(table_id)
        return t.view(seat_of(t, token))

    @app.post("/api/tables/{table_id}/act")
    async def act(table_id: str, move: Move) -> dict[str, Any]:
        t = table(table_id)
        seat = seat_of(t, move.token)
        if seat is None:
            raise HTTPException(403, "watchers cannot act")
        state = t.match.state
        if state.current_player() != seat:
            raise HTTPException(409, f"it is not {state.seat_label(seat)}'s turn")
        if move.action is not None:
            action = Action.from_json(move.action)
        elif move.index is not None:
            legal = state.legal_actions()
            if not 0 <= move.index < len(legal):
                raise HTTPException(400, f"there is no action number {move.index}")
            action = legal[move.index]
        else:
            raise HTTPException(400, "send an action or the index of one")
        try:
            t.act(seat, action)
        except NotYourTurn as exc:
            raise HTTPException(409, str(exc)) from None
        notify(t)
        asyncio.create_task(run_bots(t))
        return t.view(seat)

    @app.post("/api/tables/{table_id}/undo")
    def undo(table_id: str, who: Token) -> dict[str, Any]:
        t = table(table_id)
        seat = seat_of(t, who.token)
        if seat is None:
            raise HTTPException(403, "watchers cannot undo")
        try:
            t.undo(seat)
        except IllegalAction as exc:
            raise HTTPException(409, str(exc)) from None
        notify(t)
        return t.view(seat)

    @app.get("/api/tables/{table_id}/record")
    def record(table_id: str) -> dict[str, Any]:
        t = table(table_id)
        if not t.match.state.is_terminal():
            raise HTTPException(
                403, "the record holds every secret: it is shown when the game ends"
            )
        return t.match.record.to_json()

    @app.get("/api/tables/{table_id}/replay")
    def replay(table_id: str, step: int) -> dict[str, Any]:
        """The position after ``step`` actions of a finished game, as a spectator saw it."""
        t = table(table_id)
        if not t.match.state.is_terminal():
            raise HTTPException(403, "replays open when the game ends")
        rec: Record = t.match.record
        step = max(0, min(step, len(rec.actions)))
        state = rec.replay(upto=step, game=t.match.game)
        return {
            "step": step,
            "steps": len(rec.actions),
            "last": state.action_text(rec.actions[step - 1]) if step else None,
            "board_html": render_html(state.render(None)),
        }

    @app.websocket("/api/tables/{table_id}/ws")
    async def updates(socket: WebSocket, table_id: str) -> None:
        t = table(table_id)
        await socket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        watchers.setdefault(t.id, set()).add(queue)
        try:
            await socket.send_json({"version": t.version})
            while True:
                version = await queue.get()
                await socket.send_json({"version": version})
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            watchers[t.id].discard(queue)
            with contextlib.suppress(Exception):
                await socket.close()

    return app
