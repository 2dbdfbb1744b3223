"""Live tables: a match, who sits where, the bots, and what each seat may be told.

Three locks per table. ``moving`` lets one change through at a time (a human's action,
an undo, a bot's or a draw's step): it is checked, written to the store, then applied.
``lock`` guards the position while it changes or while a view takes its snapshot; bots
think on a copy, holding neither, so a view never waits for a bot. ``drawing`` lets one
view be drawn at a time, so each is drawn once per version and seat.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import heapq
import io
import itertools
import json
import logging
import queue
import random
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Console

from lapilli.agents import make_agent
from lapilli.core import log as game_log
from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction
from lapilli.core.loop import Policy, play
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.state import CHANCE, Event, Game, State, Utility

from .leases import Leases
from .store import DATABASE_ERRORS, Conflict, Seat, Store, StoredTable, token_hash

LOG_KEPT = 500  # entries kept in memory per table
LOG_SHOWN = 60  # entries a view shows
TABLE_ID = re.compile(r"[0-9a-f]{16}")

logger = logging.getLogger("lapilli.web")


class NotYourTurn(IllegalAction):
    pass


class StalePosition(NotYourTurn):
    """A move chosen in a position that has changed since (refused, 409)."""


Logged = tuple[int, game_log.Entry]
"""A log entry and the step (actions played before it, plus one) that wrote it."""


class Pause(Exception):
    """The bots of a table stop for now (another table waits for the thread, the table
    changed, or the server stops); the table is queued again if they are still due."""


class LiveTable:
    """One table in memory; every change is written to the store before it is told."""

    def __init__(self, stored: StoredTable, store: Store, told: Callable[[LiveTable], None]):
        self.id = stored.id
        self.seats: list[Seat] = stored.seats
        self._seed = stored.seed
        self.store = store
        self.told = told  # called after every change, from whichever thread made it
        self.lock = threading.Lock()
        self.moving = threading.Lock()
        self.drawing = threading.Lock()  # one view drawn at a time: a second asker finds it
        self.version = stored.version
        self.trouble: str | None = None  # why the bots are held up, for every view
        self._views: dict[int | None, tuple[int, str | None, bytes]] = {}
        # replaying the record rebuilds the position, its log and its undo history
        record = stored.record
        game = record.make_game()
        start = record.first_position(game) if record.start is not None else None  # uploaded
        self.match = Match(game, record.players, record.seats, start=start)
        self.log: list[Logged] = []
        for action in record.actions:
            self._apply(action)
        del self.log[:-LOG_KEPT]
        self.draw_board = self.match.game.parts.draw
        self.used = time.monotonic()  # when a request or a step last needed the table

    # -- who is who -------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat whose secret is ``token`` (None: a watcher); PermissionError if none."""
        if not token:
            return None
        held = [i for i, seat in enumerate(self.seats) if seat.holds(token)]
        if not held:
            raise PermissionError("this seat link is not valid for this table")
        return held[0]

    @property
    def finished(self) -> bool:
        return self.match.state.is_terminal()

    def bots_to_move(self) -> bool:
        return self.due(self.match.state)

    def due(self, state: State) -> bool:
        """Whether chance or a bot is to move in ``state``: the bots' runner plays on."""
        player = state.current_player()
        return player == CHANCE or (player >= 0 and self.seats[player].kind == "bot")

    # -- changes ------------------------------------------------------------------------
    def act(self, seat: int, choice: Action | int, version: int | None = None) -> None:
        """Play an action, or the one at this index of the legal list; with ``version``,
        only if the position is still the one of that version."""
        with self.moving:
            if version is not None and version != self.version:
                raise StalePosition(
                    "the position changed since this move was chosen: it was not played, "
                    "look again and choose"
                )
            state = self.match.state
            if state.is_terminal():
                raise IllegalAction("the game is over: no more actions")
            if state.current_player() != seat:
                raise NotYourTurn(f"it is not {state.seat_label(seat)}'s turn")
            if isinstance(choice, Action):
                self._commit(legal_form(state, choice))
                return
            legal = state.legal_actions()
            if choice >= len(legal):
                raise IllegalAction(f"there is no action number {choice}: you have {len(legal)}")
            self._commit(legal[choice])

    def undo(self, seat: int) -> None:
        with self.moving:
            if not self.match.can_undo(seat):
                self.match.undo(seat)  # raises the rule's own message
            n = len(self.match.record.actions) - 1
            # the seat taking back its decision is to move again: no bot is due
            self.store.take_back(self.id, n, self.version + 1, bots_due=False)
            with self.lock:
                self.match.undo(seat)
                self.log.append((n, self.match.log.pop()))
                self.version += 1
        self.told(self)

    def _apply(self, action: Action) -> None:
        """Apply a legal step, its log entries kept with its number."""
        before = len(self.match.log)
        self.match.apply(action)
        step = len(self.match.record.actions)
        self.log.extend((step, entry) for entry in self.match.log[before:])
        del self.match.log[:]

    def _commit(self, action: Action, after: State | None = None) -> None:
        """Write a legal step, then apply it (callers hold ``moving``); ``after`` is the
        position after it where the caller has it (the store keeps whether bots are due
        then, for whichever process runs them)."""
        n = len(self.match.record.actions)
        self.used = time.monotonic()
        if after is None:
            after = self.match.state.clone()
            after.apply(action, check=False)
        self.store.append(self.id, n, action, self.version + 1, self.due(after))
        with self.lock:
            self._apply(action)
            del self.log[:-LOG_KEPT]
            self.version += 1
        if self.match.state.is_terminal():
            self.store.finish(self.id)
        self.told(self)

    def catch_up(self) -> bool:
        """Bring this copy up to the store's, where another process changed the table
        (its new steps applied, or the table rebuilt after an undo); True if it changed."""
        with self.moving:
            n = len(self.match.record.actions)
            found = self.store.since(self.id, n)
            if found is None or found[0] == self.version:
                return False
            version, count, newer = found
            if count == n + len(newer) and version - self.version == len(newer):
                with self.lock:
                    for action in newer:
                        self._apply(action)
                    del self.log[:-LOG_KEPT]
                    self.version = version
            else:  # a step was taken back meanwhile: replay the table as stored
                stored = self.store.load(self.id)
                if stored is None:
                    return False
                fresh = LiveTable(stored, self.store, self.told)
                with self.lock:
                    self.match, self.log, self.version = fresh.match, fresh.log, fresh.version
        self.told(self)
        return True

    # -- chance and bots -------------------------------------------------------------
    def draw(self, step: int, salt: str) -> int:
        """A number from the table's secret seed, fixed for each step of the game."""
        digest = hashlib.blake2b(f"{step}:{salt}".encode(), key=self._seed).digest()
        return int.from_bytes(digest, "big")

    def play_bots(self, keep_going: Callable[[int], bool]) -> None:
        """Chance and bots play until a human is to move or the game ends.

        Bots think on a copy without holding a lock; each step is committed as it comes.
        ``keep_going(seat)`` is asked after each step (``Pause`` when it says no).
        """
        with self.moving:
            work = self.match.state.clone()
            steps = len(self.match.record.actions)
        policies = [None if s.kind == "human" else self._bot(s.spec) for s in self.seats]
        rng = random.Random(self.draw(steps, "chance"))

        def commit(state: State, seat: int, action: Action, events: list[Event]) -> None:
            nonlocal steps
            with self.moving:
                if len(self.match.record.actions) != steps:
                    raise Pause  # the table changed under us: start again from it
                self._commit(action, state)
            steps += 1
            if not keep_going(seat):
                raise Pause

        play(work, policies, rng, on_step=commit)
        self._draw_ahead()

    def _draw_ahead(self) -> None:
        """A human now to move asks for their view as soon as they are told: it is drawn
        while the news is on its way, so their asking finds it ready."""
        with self.lock:
            seat = self.match.state.current_player()
        if seat < 0 or self.seats[seat].kind != "human":
            return
        try:
            self.view(seat)
        except Exception:  # the bots go on; the asking will meet the failure itself
            logger.exception("the view of seat %s at table %s failed", seat, self.id)

    def _bot(self, spec: str) -> Policy:
        def decide(state: State, seat: int) -> Action:
            step = len(self.match.record.actions)
            agent = make_agent(spec, seed=self.draw(step, "bot") % 2**63)
            action = agent.act(state.clone(), seat)
            short = agent.cut_short()
            if short:  # the server's time cap ended its thinking before its own budget
                logger.info("table %s: the %s bot of seat %s was %s", self.id, spec, seat, short)
            return action

        return decide

    # -- what a seat is told -----------------------------------------------------------------
    def cached_view(self, seat: int | None) -> bytes | None:
        """The seat's view if it was drawn at this version (and trouble)."""
        cached = self._views.get(seat)
        if cached is None or cached[0] != self.version or cached[1] != self.trouble:
            return None
        return cached[2]

    def view(self, seat: int | None) -> bytes:
        """The seat's view as JSON, drawn once per version (outside the lock)."""
        with self.drawing:
            cached = self.cached_view(seat)
            if cached is not None:
                return cached
            with self.lock:  # a snapshot: moves go on while it is drawn
                version, trouble = self.version, self.trouble
                state = self.match.state.clone()
                can_undo = seat is not None and self.match.can_undo(seat)
                log = shown_log(self.log, seat)[-LOG_SHOWN:]
                step = len(self.match.record.actions)
            view = self._view(state, seat, version)
            view |= {"can_undo": can_undo, "log": log, "step": step, "trouble": trouble}
            data = json.dumps(view).encode()
            self._views[seat] = (version, trouble, data)
            return data

    def _view(self, state: State, seat: int | None, version: int) -> dict[str, Any]:
        player = state.current_player()
        terminal = state.is_terminal()
        legal = state.legal_actions() if seat is not None and player == seat else []
        texts = [state.action_text(a) for a in legal]
        actions = [
            {"index": i, "text": text, "action": a.to_json()}
            for i, (a, text) in enumerate(zip(legal, texts, strict=True))
        ]
        return {
            "table": self.id,
            "game": self.match.game.id,
            "title": self.match.game.title,
            "options": self.match.game.options_json(),
            "version": version,
            "you": seat,
            "seats": [
                {"label": state.seat_label(i), "kind": s.kind, "spec": s.spec}
                for i, s in enumerate(self.seats)
            ],
            "to_move": player,
            "to_move_label": state.seat_label(player) if player >= 0 else None,
            "waiting_for_bot": player >= 0 and self.seats[player].kind == "bot",
            "terminal": terminal,
            "scores": state.scores() if terminal else None,
            "winners": [state.seat_label(w) for w in state.winners()] if terminal else None,
            "result": state.result_text() if terminal else None,
            "outcomes": outcomes(state) if terminal else None,
            "breakdown": state.score_breakdown() if terminal else None,
            "actions": actions,
            **board(self.draw_board, state, seat, legal, texts),
            "observation": state.observation(seat),
        }


def board(
    draw: Callable[..., str] | None,
    state: State,
    seat: int | None,
    legal: list[Action],
    texts: list[str],
) -> dict[str, str | None]:
    """The seat's board: the game's SVG drawing (its targets index ``legal``), or the
    terminal's text as HTML for a game without one."""
    if draw is not None:
        return {"svg": draw(state.observation(seat), seat, legal, texts), "board_html": None}
    return {"svg": None, "board_html": render_html(state.render(seat))}


def outcomes(state: State) -> list[str]:
    """Each seat's end: won, lost (a team's defeat loses for all), or a draw."""
    winners = state.winners()
    lost = bool(winners) or state.game.utility is Utility.COOPERATIVE
    return [
        "won" if seat in winners else "lost" if lost else "draw"
        for seat in range(state.num_players)
    ]


def shown_log(log: list[Logged], seat: int | None) -> list[dict[str, Any]]:
    return [{"step": step, "text": e.text} for step, e in log if e.visible_to(seat)]


def replayed(record: Record, game: Game, upto: int) -> tuple[State, list[Logged]]:
    """The position after ``upto`` steps of a record, and the log up to there."""
    match = Match(game, record.players, record.seats)
    logged: list[Logged] = []
    for step, action in enumerate(record.actions[:upto], 1):
        before = len(match.log)
        match.apply(action)
        logged.extend((step, entry) for entry in match.log[before:])
    return match.state, logged


def legal_form(state: State, action: Action) -> Action:
    """The legal action equal to ``action``, or IllegalAction saying why there is none.

    Nothing is computed about the action (its text, its effect) before it is known to
    be legal; only a well-formed action is shown to the game to explain its refusal.
    """
    legal = state.legal_actions()
    try:
        return legal[legal.index(action)]
    except ValueError:
        pass
    same_kind = [a for a in legal if a.kind == action.kind]
    if not same_kind:
        kinds = ", ".join(sorted({a.kind for a in legal})) or "none"
        raise IllegalAction(f"no {action.kind!r} action is possible now (possible: {kinds})")
    if not any(_shape(a) == _shape(action) for a in same_kind):
        example = json.dumps(same_kind[0].to_json())
        raise IllegalAction(f"this {action.kind!r} action is not written like {example}")
    try:
        reason = state.illegal_reason(action)
    except Exception:  # the game could not explain it; the refusal stands all the same
        logger.exception("illegal_reason failed for %r", action)
        reason = f"this {action.kind!r} action is not legal now"
    raise IllegalAction(reason)


def _shape(value: Any) -> Any:
    """Parameter names and value types, ignoring values (and the lengths of lists)."""
    if isinstance(value, Action):
        return value.kind, tuple((k, _shape(v)) for k, v in value[1])
    if isinstance(value, tuple):
        return frozenset(_shape(v) for v in value)
    return type(value)


RETRY_FIRST = 0.1  # seconds before the first retry of a failed bot step
RETRY_DATABASE = 1.0  # at most, while the database does not answer: back within a second
RETRY_MOST = 60.0  # at most, for any other failure (a bug should not spin)


class Bots:
    """A few worker threads where chance and bots play; the event loop never does.

    A step that fails (the database does not answer, a bot breaks) is tried again after
    a pause that doubles each time, and the table tells its viewers why it waits.
    """

    def __init__(
        self,
        threads: int,
        told: Callable[[LiveTable], None] = lambda t: None,
        leases: Leases | None = None,
    ):
        self.leases = leases or Leases()  # which tables' bots this process runs
        self.queue: queue.Queue[LiveTable | None] = queue.Queue()
        self.queued: set[str] = set()
        self.failures: dict[str, int] = {}  # failures in a row, by table
        self.told = told
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.later: list[tuple[float, int, LiveTable]] = []  # (when, order, table): retries
        self.order = itertools.count()
        self.timer = threading.Condition(self.lock)
        self.workers = [
            threading.Thread(target=self._work, name=f"lapilli-bots-{i}", daemon=True)
            for i in range(max(1, threads))
        ]
        self.workers.append(threading.Thread(target=self._wait, name="lapilli-retry", daemon=True))
        for worker in self.workers:
            worker.start()

    def wake(self, table: LiveTable) -> None:
        """Queue the table if chance or a bot is to move (never twice at once) and this
        process holds its lease (kept while the table stays in memory, unless it ends)."""
        with self.lock:
            if table.id in self.queued or self.stopping.is_set():
                return
        if not table.bots_to_move():
            if table.finished:
                self.let_go(table.id)
            return
        try:
            if not self.leases.take(table.id):
                return  # another process runs this table's bots
        except DATABASE_ERRORS as exc:  # the sweep takes the table on once it answers
            logger.warning("table %s waits for the database: %s", table.id, first_line(exc))
            return
        with self.lock:
            if table.id in self.queued:
                return
            self.queued.add(table.id)
        self.queue.put(table)

    def let_go(self, table_id: str) -> None:
        """Give up the table's lease: another process may run its bots."""
        with contextlib.suppress(*DATABASE_ERRORS):  # the lease went with its connection
            self.leases.drop(table_id)

    def _work(self) -> None:
        while (table := self.queue.get()) is not None:
            if self.stopping.is_set():
                continue
            try:
                table.play_bots(functools.partial(self._keep_going, table))
            except Pause:
                pass
            except Conflict:  # another process changed the table: play on from its position
                try:
                    table.catch_up()
                except Exception as exc:
                    self._failed(table, exc)
                    continue
            except Exception as exc:
                if not self.stopping.is_set():  # (a step cut short by the shutdown is not)
                    self._failed(table, exc)
                continue
            else:  # (a retry that found nothing to do ends the table's trouble too)
                if table.trouble is not None or table.id in self.failures:
                    self._recovered(table)
            with self.lock:
                self.queued.discard(table.id)
            self.wake(table)

    def _failed(self, table: LiveTable, exc: Exception) -> None:
        """Try the table again later, sooner while it is the database that fails."""
        database = is_database_error(exc)
        with self.lock:
            failures = self.failures[table.id] = self.failures.get(table.id, 0) + 1
            delay = min(RETRY_DATABASE if database else RETRY_MOST, RETRY_FIRST * 2**failures)
            heapq.heappush(self.later, (time.monotonic() + delay, next(self.order), table))
            self.timer.notify()
        if database:  # one line: the database's own words, no traceback
            logger.warning("table %s waits for the database: %s", table.id, first_line(exc))
            table.trouble = "the database is not answering: the bots try again every second"
        else:
            if failures == 1:
                logger.exception("the bots of table %s failed", table.id)
            table.trouble = f"a bot's move failed: it is tried again in {delay:.0f} s"
        self.told(table)

    def _recovered(self, table: LiveTable) -> None:
        with self.lock:
            self.failures.pop(table.id, None)
        if table.trouble is not None:
            table.trouble = None
            self.told(table)

    def _wait(self) -> None:
        """Hands each failed table back to the workers once its pause is over."""
        with self.timer:
            while not self.stopping.is_set():
                now = time.monotonic()
                if self.later and self.later[0][0] <= now:
                    table = heapq.heappop(self.later)[2]
                    self.queue.put(table)  # still marked as queued: nobody else queues it
                    continue
                self.timer.wait(self.later[0][0] - now if self.later else None)

    def _keep_going(self, table: LiveTable, seat: int) -> bool:
        """After a step is kept, the table's trouble is over; after a bot's decision, a
        table waiting for this thread goes first."""
        if table.trouble is not None or table.id in self.failures:
            self._recovered(table)
        return not self.stopping.is_set() and (seat < 0 or self.queue.empty())

    def stop(self) -> None:
        """Workers finish their current step (a bot's decision at most) and leave."""
        with self.timer:
            self.stopping.set()
            self.timer.notify()
        for _ in self.workers:
            self.queue.put(None)


def is_database_error(exc: BaseException) -> bool:
    """Whether ``exc`` comes from the database (it passes: the step is tried again)."""
    return isinstance(exc, DATABASE_ERRORS)


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}"[:300]


@dataclass(frozen=True)
class Keeping:
    """How long tables stay in memory, and how many at most."""

    idle_seconds: float = 300.0  # unused this long: the table leaves memory
    finished_seconds: float = 60.0  # a finished one sooner
    most: int = 1000  # beyond this, the longest unused leave first


CHORES = 1.0  # seconds between two rounds of the server's chores


class Tables:
    """Every table of the server, loaded from the store on first use; tables unused for
    a while leave memory (the store keeps them) and come back when asked for."""

    def __init__(
        self,
        store: Store,
        bot_threads: int,
        publish: Callable[[str, int, str | None], None] = lambda t, v, trouble: None,
        keeping: Keeping = Keeping(),
        leases: Leases | None = None,
    ):
        self.store = store
        self.live: dict[str, LiveTable] = {}
        self.lock = threading.Lock()
        self.publish = publish  # tells a table's watchers: (table id, version, trouble)
        self.told: Callable[[LiveTable], None] = lambda t: publish(t.id, t.version, t.trouble)
        self.keeping = keeping
        self.more_chores: list[Callable[[], None]] = []  # run with tidy(), every CHORES s
        self.bots = Bots(bot_threads, self.told, leases)
        self.chores = threading.Thread(target=self._chores, name="lapilli-chores", daemon=True)
        self.chores.start()

    def cached(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (marked as used), without asking the store."""
        table = self.live.get(table_id)
        if table is not None:
            table.used = time.monotonic()
        return table

    def get(self, table_id: str) -> LiveTable | None:
        table = self.cached(table_id)
        if table is not None or not TABLE_ID.fullmatch(table_id):
            return table
        stored = self.store.load(table_id)
        if stored is None:
            return None
        table = LiveTable(stored, self.store, self.told)
        with self.lock:
            table = self.live.setdefault(table_id, table)
        return table

    def _chores(self) -> None:
        """Every CHORES seconds (the first at once): tables due take their bots on,
        unused ones leave memory."""
        while True:
            for chore in [self.sweep, self.tidy, *self.more_chores]:
                try:
                    chore()
                except DATABASE_ERRORS as exc:
                    logger.warning("the server's chores wait for the database: %s", first_line(exc))
                except Exception:  # a chore that fails is tried again next round
                    logger.exception("the server's chores failed")
            if self.bots.stopping.wait(CHORES):
                return

    def sweep(self) -> None:
        """Tables whose chance or bots are due but that no process runs (at start, after
        another process died or gave up on a fault): this process takes them on."""
        waiting = [t for t in self.store.due() if t not in self.bots.queued]
        for table_id in self.bots.leases.take_many(waiting):
            if self.bots.stopping.is_set():
                return
            try:
                table = self.get(table_id)
                if table is None:
                    self.bots.let_go(table_id)
                    continue
                table.catch_up()
                if table.finished:
                    self.store.finish(table_id)  # its last step was written, not its end
                elif not table.bots_to_move():
                    self.store.not_due(table_id, table.version)
                self.bots.wake(table)  # queued, or its lease let go
            except DATABASE_ERRORS:
                self.bots.let_go(table_id)
                raise
            except Exception:  # a damaged table must not keep the others waiting
                logger.exception("table %s could not be resumed", table_id)

    def heard(self, table_id: str, version: int) -> None:
        """Another process changed a table: this copy catches up, its watchers are told."""
        table = self.live.get(table_id)
        if table is None:
            self.publish(table_id, version, None)
        elif version > table.version:
            self._catch_up(table)
            self.bots.wake(table)  # a move made there may leave bots due here

    def resync(self) -> None:
        """News may have been missed (the listening connection broke): every table in
        memory catches up."""
        for table in list(self.live.values()):
            self._catch_up(table)

    def _catch_up(self, table: LiveTable) -> None:
        """Catch a copy up; if that fails, the next request or news tries again."""
        try:
            table.catch_up()
        except DATABASE_ERRORS as exc:
            logger.warning("table %s waits for the database: %s", table.id, first_line(exc))
        except Exception:
            logger.exception("table %s could not catch up with another process", table.id)

    def tidy(self) -> None:
        """Tables unused for a while leave memory, the longest unused first; none whose
        bots are due or that is changing."""
        now, keeping = time.monotonic(), self.keeping
        with self.lock:
            idle = sorted(self.live.values(), key=lambda t: t.used)
        for n, table in enumerate(idle):
            unused = now - table.used
            over = len(idle) - n > keeping.most
            limit = keeping.finished_seconds if table.finished else keeping.idle_seconds
            if not over and unused < limit:
                continue
            if table.id in self.bots.queued or table.moving.locked():
                continue
            with self.lock:
                if self.live.get(table.id) is not table:
                    continue
                del self.live[table.id]
            self.bots.let_go(table.id)  # another process may run its bots from now on

    def create(
        self, match: Match, specs: list[str], listed: bool
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it and each seat's secret (None for a bot)."""
        tokens = [secrets.token_urlsafe(18) if s == "human" else None for s in specs]
        seats = [
            Seat("human", "human", token_hash(t)) if t else Seat("bot", spec)
            for spec, t in zip(specs, tokens, strict=True)
        ]
        seed = secrets.token_bytes(32)  # 256 bits from the OS; nobody chooses or sees it
        stored = StoredTable(secrets.token_hex(8), seats, match.record, seed, listed)
        table = LiveTable(stored, self.store, self.told)
        self.store.create(stored, bots_due=table.bots_to_move())
        with self.lock:
            self.live[table.id] = table
        self.bots.wake(table)
        return table, tokens

    def act(
        self, table: LiveTable, seat: int, choice: Action | int, version: int | None = None
    ) -> bytes:
        """Play a human's move and return their view after it. The bots (if they are
        to move) start once that view is drawn: the answer does not wait while they play."""
        if version is not None and version > table.version:
            table.catch_up()  # the asker saw news this copy has not heard yet
        try:
            table.act(seat, choice, version)
        except Conflict:  # another process changed the table first: judge it again
            table.catch_up()
            table.act(seat, choice, version)
        try:
            return table.view(seat)
        finally:
            self.bots.wake(table)

    def undo(self, table: LiveTable, seat: int) -> None:
        try:
            table.undo(seat)
        except Conflict:
            table.catch_up()
            table.undo(seat)

    def close(self) -> None:
        self.bots.stop()


def render_html(renderable: Any) -> str:
    """A game's terminal rendering as HTML with inline colours."""
    console = Console(record=True, width=110, file=io.StringIO(), color_system="truecolor")
    console.print(renderable)
    return console.export_html(inline_styles=True, code_format="<pre class=board>{code}</pre>")
