"""Online play: players, open tables, table chat, rematches, ratings.

A player is a display name and a key the server issues, kept in an HttpOnly cookie
(``lapilli-player``; no password). The key names who the player is (their tables, their
results, their ratings), never what a seat may see: a seat's view still takes the seat's
own secret, which a player gets by taking a free seat, opening a seat link, or asking
for their seat of a rematch with their seat of the game before.
"""

from __future__ import annotations

import functools
import re
import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from lapilli.core.match import Match
from lapilli.core.registry import game_classes

from .limits import Rate
from .ratings import history_svg, ordinal
from .store import Conflict, Seat, StoredTable, token_hash
from .tables import LiveTable, Tables

# (the server's own helpers are imported where they are used: the server imports this)
PLAYER_COOKIE = "lapilli-player"
COOKIE_DAYS = 365
NAME = re.compile(r"[^\W_](?:[\w .'-]{0,28}[^\W_])?")  # letters, digits, spaces, . ' -
CHAT_MOST = 300  # characters in one message
SECRET_LIKE = re.compile(r"[A-Za-z0-9_-]{20,}")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)


class Named(Strict):
    name: Annotated[str, Field(min_length=1, max_length=30)]


class Said(Strict):
    text: Annotated[str, Field(min_length=1, max_length=CHAT_MOST)]


class Joining(Strict):
    seat: int | None = Field(
        default=None, ge=0, le=64, description="a free seat (default the first)"
    )


# -- who asks ------------------------------------------------------------------------
def tables_of(request: Request) -> Tables:
    tables: Tables = request.app.state.tables
    return tables


async def player_asking(request: Request) -> tuple[str, str] | None:
    """The player whose key came with the request (id, name), if any."""
    if not request.cookies.get(PLAYER_COOKIE):
        return None
    return await run_in_threadpool(player_of, request)


def player_of(request: Request) -> tuple[str, str] | None:
    """(The same, from a worker thread.)"""
    key = request.cookies.get(PLAYER_COOKIE, "").strip()[:100]
    return tables_of(request).store.player_by_key(key) if key else None


Someone = Annotated[tuple[str, str] | None, Depends(player_asking)]


async def known_player(someone: Someone) -> tuple[str, str]:
    if someone is None:
        raise HTTPException(403, "choose a player name first (the lobby's 'You' box)")
    return someone


Known = Annotated[tuple[str, str], Depends(known_player)]


def seat_cookie(response: Response, request: Request, table_id: str, token: str) -> None:
    from .server import set_seat_cookie

    set_seat_cookie(response, request, table_id, token)


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def limited(request: Request, rate: Rate, what: str) -> None:
    wait = rate.take(client_of(request))
    if wait:
        raise HTTPException(
            429,
            f"too many {what} from your address: the next in {wait} s",
            headers={"retry-after": str(wait)},
        )


def clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not NAME.fullmatch(name):
        raise HTTPException(
            400, "a name is 1 to 30 letters, digits, spaces, dots, apostrophes or hyphens"
        )
    return name


# -- players ---------------------------------------------------------------------------
players = APIRouter(prefix="/api")


@players.post("/players")
def new_player(named: Named, request: Request, response: Response) -> dict[str, Any]:
    """A new player with this name (or, with a key already, the player renamed); the
    key comes back as an HttpOnly cookie."""
    store = tables_of(request).store
    name = clean_name(named.name)
    key = request.cookies.get(PLAYER_COOKIE, "").strip()[:100]
    found = store.player_by_key(key) if key else None
    if found is not None:
        store.rename(found[0], name)
        return {"player": found[0], "name": name}
    limited(request, request.app.state.new_players, "new players")
    player_id, key = secrets.token_hex(8), secrets.token_urlsafe(24)
    store.new_player(player_id, key, name)
    response.set_cookie(
        PLAYER_COOKIE,
        key,
        max_age=COOKIE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=request.url.scheme == "https",
    )
    return {"player": player_id, "name": name}


@players.get("/me")
def me(request: Request, someone: Known) -> dict[str, Any]:
    """The asking player: their tables being played, their finished games, ratings."""
    store = tables_of(request).store
    player_id, name = someone
    sittings = _labelled(store.sittings(player_id))
    return {
        "player": player_id,
        "name": name,
        "tables": [s for s in sittings if not s["finished"]],
        "finished": [s for s in sittings if s["finished"]],
        "ratings": _ratings(store.player_ratings(player_id)),
    }


def _labelled(sittings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each sitting with its seat's name in the game's words (``label``: Red, Blue...)."""
    return [s | {"label": seat_labels(s["game"], s["players"])[s["seat"]]} for s in sittings]


def _ratings(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r | {"rating": round(ordinal(r["mu"], r["sigma"]), 2)} for r in rows]


@players.get("/players/{player_id}")
def player_page_data(player_id: str, request: Request) -> dict[str, Any]:
    """A player's public page: name, ratings, finished games with their results and
    the rating after each (nothing of a game in progress)."""
    store = tables_of(request).store
    name = store.player(player_id[:32])
    if name is None:
        raise HTTPException(404, "there is no such player")
    results = store.results(player_id)
    finished = [s for s in _labelled(store.sittings(player_id)) if s["finished"]]
    outcome = {r["table"]: r["outcome"] for r in results}
    return {
        "player": player_id,
        "name": name,
        "ratings": _ratings(store.player_ratings(player_id)),
        "games": [s | {"outcome": outcome.get(s["table"])} for s in finished],
        "history": [r | {"rating": round(ordinal(r["mu"], r["sigma"]), 2)} for r in results],
    }


@players.get("/players/{player_id}/rating.svg")
def rating_plot(
    player_id: str, request: Request, game: Annotated[str, Query(max_length=64)]
) -> Response:
    store = tables_of(request).store
    if store.player(player_id[:32]) is None:
        raise HTTPException(404, "there is no such player")
    if game not in game_classes():
        raise HTTPException(400, f"there is no game {game!r}")
    svg = history_svg(store.results(player_id), game)
    return Response(svg, media_type="image/svg+xml")


@players.get("/leaderboard")
def leaderboard(request: Request, game: Annotated[str, Query(max_length=64)]) -> dict[str, Any]:
    """The game's rated players, the best first (rating: mu - 3 sigma)."""
    if game not in game_classes():
        raise HTTPException(400, f"there is no game {game!r}")
    rows = tables_of(request).store.leaderboard(game)
    return {
        "game": game,
        "players": [
            r | {"rank": i + 1, "rating": round(ordinal(r["mu"], r["sigma"]), 2)}
            for i, r in enumerate(rows)
        ],
    }


# -- open tables --------------------------------------------------------------------
@players.get("/open")
def open_tables(request: Request) -> dict[str, Any]:
    """Tables with a free seat for anyone: their game, seats, clock and whether rated."""
    found = []
    titles = {gid: cls.title for gid, cls in game_classes().items()}
    for table_id, game, seats, settings in tables_of(request).store.open_tables():
        free = [i for i, s in enumerate(seats) if s.kind == "human" and not s.seated]
        if not free:
            continue
        found.append(
            {
                "table": table_id,
                "game": game,
                "title": titles.get(game, game),
                "free": free,
                "seats": [
                    {
                        "seat": i,
                        "label": label,
                        "kind": s.kind,
                        "name": s.name or None,
                        "free": i in free,
                    }
                    for i, (s, label) in enumerate(
                        zip(seats, seat_labels(game, len(seats)), strict=True)
                    )
                ],
                "rated": bool(settings.get("rated")),
                "clock": settings.get("clock_words"),
            }
        )
    return {"tables": found}


@functools.cache
def seat_labels(game: str, players: int) -> list[str]:
    """The seats' names at a game of ``players`` (Red, Blue...), as its set-up names them."""
    try:
        state = Match(game_classes()[game](), players).state
        return [state.seat_label(i) for i in range(players)]
    except Exception:  # a game removed since, or a count it no longer takes
        return [f"seat {i + 1}" for i in range(players)]


seating = APIRouter(prefix="/api/tables/{table_id}")


async def live_table(table_id: str, request: Request) -> LiveTable:
    from .server import live_table as found

    return await found(table_id, request)


TableAsked = Annotated[LiveTable, Depends(live_table)]


@seating.post("/join")
def join(
    table: TableAsked, request: Request, someone: Known, joining: Joining | None = None
) -> JSONResponse:
    """Take a free seat of an open table: its secret is then the player's (as an
    HttpOnly cookie for the page, in the answer for a script)."""
    if not table.open:
        raise HTTPException(403, "this table is by invitation only: ask for a seat link")
    if table.finished:
        raise HTTPException(409, "the game is over")
    free = table.free_seats()
    wanted = joining.seat if joining is not None and joining.seat is not None else None
    if wanted is None:
        if not free:
            raise HTTPException(409, "every seat is taken")
        wanted = free[0]
    if wanted >= len(table.seats):
        raise HTTPException(400, f"there is no seat {wanted}: the table has {len(table.seats)}")
    if wanted not in free:
        raise HTTPException(409, f"{table.label(wanted)}'s seat is not free")
    token = secrets.token_urlsafe(18)
    player_id, name = someone
    with table.moving:  # (a second click finds the seat taken)
        if wanted not in table.free_seats():
            raise HTTPException(409, f"{table.label(wanted)}'s seat was just taken")
        seats = list(table.seats)
        seats[wanted] = Seat("human", "human", token_hash(token), player_id, name, seated=True)
        try:
            table.change_seats(seats)
        except Conflict:
            raise HTTPException(409, "the table changed meanwhile: look again") from None
    table.told(table)
    tables_of(request).bots.wake(table)
    label = table.label(wanted)
    answer = JSONResponse(
        {"seat": wanted, "label": label, "link": f"/table/{table.id}#seat={token}"}
    )
    seat_cookie(answer, request, table.id, token)
    return answer


# -- chat ------------------------------------------------------------------------------
@seating.get("/chat")
def chat(
    table: TableAsked,
    request: Request,
    after: Annotated[int, Query(ge=0, le=2**31)] = 0,
) -> dict[str, Any]:
    """The table's messages after number ``after`` (at most 200)."""
    messages = tables_of(request).store.chat(table.id, after)
    return {"messages": [shown(m) for m in messages], "count": table.said}


def shown(message: dict[str, Any]) -> dict[str, Any]:
    return message | {"watcher": message["seat"] is None}


def spoken(text: str) -> str:
    """A message as kept: one line of printable text, spaces squeezed."""
    text = "".join(c if c.isprintable() else " " for c in text)
    return " ".join(text.split())


@seating.post("/chat")
def say(said: Said, table: TableAsked, request: Request, someone: Someone) -> dict[str, Any]:
    """Say something at the table: a seat's holder as their seat, anyone else as a
    watcher. A seat's secret or a player's key is never said."""
    from .server import seat_of_request

    seat = seat_of_request(request, table)
    text = spoken(said.text)
    if not text:
        raise HTTPException(400, "say something: the message is empty")
    store = tables_of(request).store
    for word in SECRET_LIKE.findall(text):
        if any(s.token_hash and s.token_hash == token_hash(word) for s in table.seats) or (
            store.player_by_key(word) is not None
        ):
            raise HTTPException(400, "that is a secret (a seat link or a player key): not sent")
    limited(request, request.app.state.chat_rate, "chat messages")
    name = someone[1] if someone else None
    if seat is not None:
        who = table.label(seat) + (f" ({table.seats[seat].name})" if table.seats[seat].name else "")
    else:
        who = f"{name} (watching)" if name else "a watcher"
    step = len(table.match.record.actions)
    n = store.say(table.id, step, who, seat, text)
    tables_of(request).said(table.id, n)
    return {"n": n, "who": who, "text": text, "watcher": seat is None}


# -- rematch -------------------------------------------------------------------------
@seating.post("/rematch")
def rematch(table: TableAsked, request: Request, someone: Someone) -> JSONResponse:
    """One click: a new table with the same game, options, clock and people, every
    person one seat on (seat 1's to seat 2, the last to seat 1). The first asker makes
    it; each of the others, with their seat here, gets their seat there."""
    from .server import seat_of_request

    seat = seat_of_request(request, table)
    if seat is None:
        raise HTTPException(403, "only the players of this table start its rematch")
    if not table.finished:
        raise HTTPException(409, "the game is not over yet")
    tables = tables_of(request)
    new_id = table.settings.get("rematch") or _make_rematch(tables, table)
    new = tables.get(new_id)
    if new is None:
        raise HTTPException(404, "the rematch's table is gone")
    mine = (seat + 1) % len(table.seats)
    player, name = someone if someone else (table.seats[seat].player, table.seats[seat].name)
    new.sit(mine, player, name or "")
    tables.bots.wake(new)
    token = table.rematch_token(mine)
    label = new.label(mine)
    answer = JSONResponse(
        {"table": new.id, "seat": mine, "label": label, "link": f"/table/{new.id}#seat={token}"}
    )
    seat_cookie(answer, request, new.id, token)
    return answer


def _make_rematch(tables: Tables, table: LiveTable) -> str:
    """The rematch's table (made once: a second asker finds the first's)."""
    n = len(table.seats)
    record = table.match.record
    game = record.make_game()
    start = record.first_position(game) if record.start is not None else None
    seats = []
    for new_seat in range(n):
        old = table.seats[(new_seat - 1) % n]
        if old.token_hash:  # a person's seat (one a bot took over on time too)
            token = table.rematch_token(new_seat)
            seats.append(Seat("human", "human", token_hash(token), old.player, old.name))
        else:
            seats.append(Seat("bot", old.spec))
    specs = [s.spec for s in seats]
    match = Match(game, n, specs, start=start)
    settings = {k: v for k, v in table.settings.items() if k != "rematch"}
    settings["rematch_of"] = table.id
    new_id = secrets.token_hex(8)
    clocks = ""
    if settings.get("clock"):
        from .clocks import ClockRule, Clocks

        clocks = Clocks.start(ClockRule(**settings["clock"]), n).dumps()
    seed = secrets.token_bytes(32)
    stored = StoredTable(
        new_id, seats, match.record, seed, table.listed, 0, False, settings, clocks
    )
    with table.moving:
        if table.settings.get("rematch"):
            return str(table.settings["rematch"])
        old_settings = table.settings | {"rematch": new_id}
        version = table.version + 1
        due = LiveTable(stored, tables.store, tables.told, tables.now).bots_to_move()
        tables.store.rematch(table.id, version, old_settings, stored, due)
        with table.lock:
            table.settings, table.version = old_settings, version
    table.told(table)
    return new_id


# -- pages -----------------------------------------------------------------------------
pages = APIRouter()


@pages.get("/leaderboard", response_class=HTMLResponse)
async def leaderboard_page() -> str:
    from .server import page

    return page("leaderboard.html")


@pages.get("/player/{player_id}", response_class=HTMLResponse)
async def player_page(player_id: str) -> str:
    from .server import page

    return page("player.html")
