"""``lapilli serve``: play in the browser, against bots or people, with seat links.

Each human seat has a secret. Its link carries it after a ``#`` (never sent in a
request line, so never in a log); the page trades it for an HttpOnly cookie and
drops it from the address bar. Scripts send it as ``Authorization: Bearer``. The
server checks every action against the seat and the rules, and tells each seat only
what its observation holds. Tables live in a SQL database, so a restart loses no game.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import threading
import time
from collections.abc import AsyncIterator
from functools import cache
from importlib.resources import files
from typing import Annotated, Any

from fastapi import (
    APIRouter,
    Depends,
    FastAPI,
    HTTPException,
    Query,
    Request,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException

from lapilli.agents import AGENTS
from lapilli.agents.table import HUMAN, TableSetup, filler_words, seat_filler
from lapilli.core import positions
from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.match import Match
from lapilli.core.options import option_form
from lapilli.core.registry import game_classes
from lapilli.core.state import CHANCE, Game, Utility

from .clocks import ClockSpec
from .guard import Guard
from .hub import Hub
from .learning import learning
from .leases import Leases, SharedLeases, listen
from .limits import Rate, Sockets
from .online import pages as online_pages
from .online import player_asking, player_of, players, seating
from .replays import last_move_marked, seen_as
from .settings import Settings
from .store import Conflict, Store
from .tables import (
    Keeping,
    LiveTable,
    NotYourTurn,
    Tables,
    board,
    first_line,
    replayed,
    shown_log,
)

STATIC = files("lapilli.web") / "static"
RETRY_AFTER = 2  # seconds a client waits before asking again (the database, a limit)
logger = logging.getLogger("lapilli.web")
COOKIE_DAYS = 30
PLAIN_WORDS = {  # the framework's own refusals, in our words
    "Not Found": "there is no such page",
    "Method Not Allowed": "this address does not take that method",
    "There was an error parsing the body": "the body cannot be read: nested too deep, "
    "a number too long, or not UTF-8 text",
    "Content Too Large": "the body is too large",
}

Text = Annotated[str, Field(max_length=200)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class NewTable(TableSetup):
    private: bool = Field(default=False, description="left out of the list of tables")
    open: bool = Field(default=False, description="listed with its free seats for anyone")
    rated: bool = Field(default=False, description="its players' ratings change at the end")
    clock: ClockSpec | None = Field(default=None, description="real time or turn-based")
    sit: int | None = Field(
        default=None, ge=0, le=64, description="the seat the creating player takes"
    )
    position: str | None = Field(
        default=None,
        max_length=60_000,  # within the body's limit (LAPILLI_MAX_BODY)
        description="a position file's text (TOML or JSON, docs/positions.md) to start from",
    )


class Move(Strict):
    action: dict[str, Any] | None = Field(default=None, max_length=16)
    index: int | None = Field(default=None, ge=0, le=100_000, description="in the legal list")
    version: int | None = Field(
        default=None, ge=0, le=2**53, description="of the position the move was chosen in"
    )

    @field_validator("action")
    @classmethod
    def shallow(cls, action: dict[str, Any] | None) -> dict[str, Any] | None:
        if action is not None and _depth(action) > 5:  # the action, then 4 lists
            raise ValueError("an action's values are nested at most 4 lists deep")
        return action


class SeatSecret(Strict):
    token: Annotated[str, Field(min_length=1, max_length=100)]


class Nothing(Strict):
    pass


def _depth(value: Any) -> int:
    """How deep lists and objects nest in ``value`` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list) and depth <= 64:
            stack.extend((child, depth + 1) for child in item)
    return deepest


def create_app(database: str = "sqlite:///lapilli.db", settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    app = FastAPI(
        title="lapilli",
        version="1",
        lifespan=_lifespan,
        max_body_size=settings.max_body,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,  # no pages of docs, nor the schema they read
    )
    app.state.database = database
    app.state.settings = settings
    app.state.hub = Hub()
    app.state.new_tables = Rate(settings.tables_per_minute)
    app.state.sockets = Sockets(settings.sockets_per_client)
    app.state.chat_rate = Rate(settings.chat_per_minute)
    app.state.new_players = Rate(settings.players_per_minute)
    app.add_middleware(Guard, trusted=settings.origins, hosts=settings.hosts)
    _add_error_answers(app)
    for router in (pages, online_pages, lobby, players, seats, seating, play, finished, learning):
        app.include_router(router)
    app.add_api_websocket_route("/api/tables/{table_id}/ws", updates)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    return app


@contextlib.asynccontextmanager
async def _lifespan(app: FastAPI) -> AsyncIterator[None]:
    hub: Hub = app.state.hub
    hub.loop = asyncio.get_running_loop()
    store = await run_in_threadpool(Store, app.state.database)
    settings: Settings = app.state.settings
    keeping = Keeping(settings.idle_seconds, settings.finished_seconds, settings.max_live)
    # on PostgreSQL other processes may share the tables: leases say who runs the bots
    leases = SharedLeases(store.url) if store.shared else Leases()
    now = getattr(app.state, "now", time.time)  # a test's own clock, else the wall's
    tables = Tables(store, settings.bot_threads, hub.publish, keeping, leases, now)
    for rate in (app.state.new_tables, app.state.chat_rate, app.state.new_players):
        tables.more_chores.append(rate.forget_idle)
    app.state.tables = tables
    stopping = threading.Event()
    if store.shared:
        news = (store.url, store.process, tables.heard, tables.resync, stopping, tables.said)
        threading.Thread(target=listen, args=news, name="lapilli-news", daemon=True).start()
    try:
        yield
    finally:
        stopping.set()
        tables.close()
        hub.loop = None
        leases.close()
        store.close()


def _add_error_answers(app: FastAPI) -> None:
    """Every refusal is a 4xx whose body says why: ``{"error": "..."}``."""

    def answer(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    @app.exception_handler(LapilliError)
    async def refused(request: Request, exc: LapilliError) -> JSONResponse:
        return answer(409 if isinstance(exc, NotYourTurn) else 400, str(exc))

    @app.exception_handler(Conflict)
    async def raced(request: Request, exc: Conflict) -> JSONResponse:
        """Another process changed the table twice while this move was judged."""
        return answer(409, "the table changed meanwhile: nothing was played, look again")

    @app.exception_handler(SQLAlchemyError)
    async def unavailable(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        """The database does not answer: the request may be sent again in a moment (one
        line in the log, no traceback)."""
        logger.warning(
            "%s %s: the database did not answer: %s",
            request.method,
            request.url.path,
            first_line(exc),
        )
        refusal = answer(503, "the database is not answering: nothing was changed, try again")
        refusal.headers["retry-after"] = str(RETRY_AFTER)
        return refusal

    @app.exception_handler(PermissionError)
    async def forbidden(request: Request, exc: PermissionError) -> JSONResponse:
        return answer(403, str(exc))

    @app.exception_handler(StarletteHTTPException)  # FastAPI's own and the router's
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        refusal = answer(exc.status_code, PLAIN_WORDS.get(str(exc.detail), str(exc.detail)))
        refusal.headers.update(exc.headers or {})
        return refusal

    @app.exception_handler(RequestValidationError)
    async def malformed(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = []  # the offending input is never echoed: it may hold a secret
        for error in exc.errors()[:5]:
            if error.get("type") == "json_invalid":
                return answer(422, f"the body is not JSON: {error.get('ctx', {}).get('error')}")
            where = ".".join(str(part) for part in error.get("loc", ()) if part != "body")
            problems.append(f"{where}: {error.get('msg')}" if where else str(error.get("msg")))
        return answer(422, "; ".join(problems) or "the request is malformed")


# -- who asks --------------------------------------------------------------------------
def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def live_table(table_id: str, request: Request) -> LiveTable:
    tables = tables_of(request)
    table = tables.cached(table_id)  # a table in memory answers at once
    if table is None:
        table = await run_in_threadpool(tables.get, table_id)
    if table is None:
        raise HTTPException(404, "there is no such table")
    return table


def cookie_name(table_id: str) -> str:
    return f"seat-{table_id}"


TableAsked = Annotated[LiveTable, Depends(live_table)]


async def seat_asking(request: Request, table: TableAsked) -> int | None:
    return seat_of_request(request, table)


def seat_of_request(request: Request, table: LiveTable) -> int | None:
    """The seat whose secret came with the request (a bearer header or the page's cookie)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer":
        token = request.cookies.get(cookie_name(table.id), "")
    return table.seat_of(token.strip()[:100] or None)


Asker = Annotated[int | None, Depends(seat_asking)]


async def player(seat: Asker) -> int:
    if seat is None:
        raise HTTPException(403, "watchers cannot play: open your seat link")
    return seat


Player = Annotated[int, Depends(player)]


def json_bytes(data: bytes) -> Response:
    return Response(data, media_type="application/json")


async def drawn(table: LiveTable, seat: int | None) -> Response:
    """The seat's view: at once when this version was drawn before, else in a thread."""
    cached = table.cached_view(seat)
    data = cached if cached is not None else await run_in_threadpool(table.view, seat)
    return json_bytes(table.with_clocks(data))


# -- pages -----------------------------------------------------------------------------
pages = APIRouter()


@cache
def page(name: str) -> str:
    return (STATIC / name).read_text()


@pages.get("/", response_class=HTMLResponse)
async def index() -> str:
    return page("index.html")


@pages.get("/table/{table_id}", response_class=HTMLResponse)
async def table_page(table: TableAsked) -> str:
    return page("table.html")


# -- the lobby -------------------------------------------------------------------------
lobby = APIRouter(prefix="/api")


@lobby.get("/games")
def list_games() -> dict[str, Any]:
    return {
        "games": [
            {
                "id": gid,
                "title": cls.title,
                "players": cls.players_summary(),
                "counts": list(cls().player_counts()),
                "default_players": cls().default_players(),
                "options": option_form(cls.Options),
                "seat_bot": seat_filler(cls()),
                "seat_bot_note": f"Seats you do not give a person are played by "
                f"{filler_words(cls())}.",
            }
            for gid, cls in game_classes().items()
        ],
        "bots": list(AGENTS),
        "bot_params": {
            name: [
                {
                    "name": key,
                    "kind": param.type.__name__,
                    "default": param.default,
                    "help": param.help,
                    "minimum": param.minimum,
                    "maximum": param.maximum,
                    "choices": list(param.choices),
                }
                for key, param in agent.PARAMS.items()
            ]
            for name, agent in AGENTS.items()
        },
    }


def client_of(connection: Request | WebSocket) -> str:
    """Who asks, for the limits: their address (the proxy's report, behind one)."""
    return connection.client.host if connection.client else "unknown"


@lobby.post("/tables")
def new_table(spec: NewTable, request: Request) -> Response:
    settings: Settings = request.app.state.settings
    wait = request.app.state.new_tables.take(client_of(request))
    if wait:
        raise HTTPException(
            429,
            f"too many new tables from your address: the next in {wait} s "
            f"({settings.tables_per_minute} a minute)",
            headers={"retry-after": str(wait)},
        )
    if len(spec.seats) > settings.max_seats:
        raise HTTPException(400, f"a table has at most {settings.max_seats} seats")
    game, seats = spec.build()  # the model every door shares: options, seats, bots
    specs = [s if s == HUMAN else settings.bot_spec(s) for s in seats]
    start = None
    if spec.position is not None:  # refused in one sentence when damaged or for another game
        start = positions.load(positions.parse(spec.position, "the uploaded position"), game)
        if start.num_players != len(specs):
            raise HTTPException(
                400, f"the position is for {start.num_players} players, the table has {len(specs)}"
            )
    match = Match(game, len(specs), specs, start=start)
    people = [i for i, s in enumerate(specs) if s == HUMAN]
    options = _table_settings(spec, game, people)
    sitting = {}
    if spec.sit is not None:
        if spec.sit not in people:
            raise HTTPException(400, f"seat {spec.sit} is not a person's seat")
        someone = player_of(request)
        if someone is None:
            raise HTTPException(403, "choose a player name first: a player takes the seat")
        sitting[spec.sit] = someone
    table, secrets = tables_of(request).create(
        match, specs, not spec.private, spec.open, options, sitting
    )
    seat_links = [
        {
            "seat": i,
            "label": match.state.seat_label(i),
            "kind": seat.kind,
            "spec": seat.spec,
            "link": f"/table/{table.id}#seat={secret}" if secret else None,
        }
        for i, (seat, secret) in enumerate(zip(table.seats, secrets, strict=True))
    ]
    answer = JSONResponse(
        {"table": table.id, "watch": f"/table/{table.id}", "seats": seat_links, "you": spec.sit}
    )
    if spec.sit is not None:  # the creating player's page goes straight to their seat
        mine = secrets[spec.sit]
        assert mine is not None
        set_seat_cookie(answer, request, table.id, mine)
    return answer


def _table_settings(spec: NewTable, game: Game, people: list[int]) -> dict[str, Any]:
    """The table's settings kept with it: rated or not, and its clock."""
    settings: dict[str, Any] = {}
    if spec.rated:
        cooperative = game.utility is Utility.COOPERATIVE
        if len(people) < (1 if cooperative else 2):  # (a team is rated against the game)
            least = "one person's seat" if cooperative else "two people's seats"
            raise HTTPException(400, f"a rated table needs at least {least}")
        settings["rated"] = True
    if spec.clock is not None:
        try:
            rule = spec.clock.rule()
        except ValueError as exc:
            raise HTTPException(400, str(exc)) from None
        settings["clock"] = dataclasses.asdict(rule)
        settings["clock_words"] = rule.words()
    return settings


@lobby.get("/tables")
def listed_tables(request: Request) -> dict[str, Any]:
    rows = tables_of(request).store.listed()
    return {"tables": [{"table": i, "game": g, "updated": u} for i, g, u in rows]}


# -- taking a seat ---------------------------------------------------------------------
seats = APIRouter(prefix="/api/tables/{table_id}")


@seats.post("/seat")
async def take_seat(secret: SeatSecret, request: Request, table: TableAsked) -> Response:
    """Trade a seat link's secret for an HttpOnly cookie kept for this table only."""
    seat = table.seat_of(secret.token)
    if seat is None:  # (the model already refuses an empty secret)
        raise HTTPException(400, "a seat link's secret is needed")
    label = table.match.state.seat_label(seat)
    if not table.seats[seat].seated or not table.seats[seat].player:
        # the seat is taken (its clock may start); a player is named at it
        someone = await player_asking(request)
        player, name = someone if someone else ("", table.seats[seat].name)
        if player or not table.seats[seat].seated:
            await run_in_threadpool(table.sit, seat, player, name)
    response = JSONResponse({"seat": seat, "label": label})
    set_seat_cookie(response, request, table.id, secret.token)
    return response


def set_seat_cookie(response: Response, request: Request, table_id: str, token: str) -> None:
    response.set_cookie(
        cookie_name(table_id),
        token,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )


# -- playing ---------------------------------------------------------------------------
play = APIRouter(prefix="/api/tables/{table_id}")


@play.get("")
async def view(
    table: TableAsked,
    seat: Asker,
    at_least: Annotated[int | None, Query(ge=0, le=2**53)] = None,
) -> Response:
    """The seat's view; ``at_least``: a version the asker heard of (from a websocket of
    another process), which this copy reaches first."""
    if at_least is not None and at_least > table.version:
        await run_in_threadpool(table.catch_up)
    return await drawn(table, seat)


@play.post("/act")
async def act(
    move: Move,
    request: Request,
    table: TableAsked,
    seat: Player,
) -> Response:
    if move.action is not None:
        choice: Action | int = Action.from_json(move.action)
    elif move.index is not None:
        choice = move.index
    else:
        raise HTTPException(400, "send an action or the index of one")

    tables = tables_of(request)
    drawn = await run_in_threadpool(tables.act, table, seat, choice, move.version)
    return json_bytes(table.with_clocks(drawn))


@play.post("/undo")
async def undo(
    request: Request, table: TableAsked, seat: Player, _: Nothing | None = None
) -> Response:
    await run_in_threadpool(tables_of(request).undo, table, seat)
    return await drawn(table, seat)


# -- after the game --------------------------------------------------------------------
finished = APIRouter(prefix="/api/tables/{table_id}")


async def over(table: TableAsked) -> LiveTable:
    if not table.finished:
        raise HTTPException(403, "the record holds every secret: it opens when the game ends")
    return table


Finished = Annotated[LiveTable, Depends(over)]


@finished.get("/record")
def record(table: Finished) -> dict[str, Any]:
    return table.match.record.to_json()


@finished.get("/replay")
def replay(
    table: Finished,
    asker: Asker,
    step: Annotated[int, Query(ge=0, le=10_000_000)],
    seat: Annotated[int | None, Query(ge=0, le=64)] = None,
) -> dict[str, Any]:
    """The position after ``step`` actions of a finished game as ``seat`` saw it (a
    spectator by default), its log up to there and who did what at that step, with the
    place of that move outlined on the board (when ``seat`` saw it)."""
    rec = table.match.record
    step = min(step, len(rec.actions))
    if seat is not None and seat >= rec.players:
        raise HTTPException(400, f"there is no seat {seat}: the game had {rec.players}")
    state, logged = replayed(rec, table.match.game, step)
    before = rec.replay(upto=step - 1, game=table.match.game) if step else None
    actor = before.current_player() if before is not None else CHANCE
    # chance tells through its events: only a seat's action is named
    played = before if before is not None and actor != CHANCE else None
    drawn = board(table.draw_board, state, seat, [], [])
    last = played.action_text(rec.actions[step - 1]) if played else None
    if played is not None and last and drawn["svg"] and table.draw_board is not None:
        action = rec.actions[step - 1]
        if seat == actor or not played.is_secret(action):  # a secret stays with its maker
            where = table.draw_board(played.observation(seat), seat, [action], [last])
            said = f"{played.seat_label(actor)}: {last}"
            drawn["svg"] = last_move_marked(drawn["svg"], where, said)
    if seat is not None and seat != asker and drawn["svg"]:
        drawn["svg"] = seen_as(drawn["svg"])  # a watcher is not that seat: no "you" there
    chat = [m for m in table.store.chat(table.id) if m["step"] <= step]
    return {
        "step": step,
        "steps": len(rec.actions),
        "chat": [m | {"watcher": m["seat"] is None} for m in chat],
        "seat": seat,
        "last": last,
        "by": played.seat_label(actor) if played else None,
        "log": shown_log(logged, seat)[-200:],
        **drawn,
    }


# -- following a table live --------------------------------------------------------------
async def updates(socket: WebSocket, table_id: str) -> None:
    """Sends the table's version now and after every change, until either side closes."""
    try:
        table = await run_in_threadpool(socket.app.state.tables.get, table_id)
    except SQLAlchemyError as exc:  # the page tries again in a moment
        logger.warning(
            "a websocket of table %s: the database did not answer: %s", table_id, first_line(exc)
        )
        await socket.close(code=1013, reason="the database is not answering: try again")
        return
    if table is None:
        await socket.close(code=1008, reason="there is no such table")
        return
    sockets: Sockets = socket.app.state.sockets
    client = client_of(socket)
    if not sockets.opened(client):
        await _too_many_sockets(socket, sockets.most)
        return
    try:
        await _follow(socket, table)
    finally:
        sockets.closed(client)


async def _too_many_sockets(socket: WebSocket, most: int) -> None:
    """429 with Retry-After where the server can answer a websocket so, else a close."""
    why = f"too many open websockets from your address (at most {most})"
    if "websocket.http.response" in socket.scope.get("extensions", {}):
        refusal = JSONResponse({"error": why}, 429, headers={"retry-after": str(RETRY_AFTER)})
        await socket.send_denial_response(refusal)
    else:
        await socket.close(code=1008, reason=why)


async def _follow(socket: WebSocket, table: LiveTable) -> None:
    await socket.accept()
    hub: Hub = socket.app.state.hub
    with hub.watch(table.id) as latest:
        closed = asyncio.ensure_future(_until_closed(socket))
        try:
            await socket.send_json({"version": table.version, "trouble": table.trouble})
            while not closed.done():
                news = asyncio.ensure_future(latest.get())
                await asyncio.wait({news, closed}, return_when=asyncio.FIRST_COMPLETED)
                if not news.done():
                    news.cancel()
                    break
                await socket.send_json(news.result())
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass
        finally:
            closed.cancel()


async def _until_closed(socket: WebSocket) -> None:
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        while (await socket.receive())["type"] != "websocket.disconnect":
            pass
