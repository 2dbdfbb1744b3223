"""Live tables: a match, who sits where, the bots, and what each seat may be told.

Three locks per table. ``moving`` lets one change through at a time (a human's action,
an undo, a bot's or a draw's step): it is checked, written to the store, then applied.
``lock`` guards the position while it changes or while a view takes its snapshot; bots
think on a copy, holding neither, so a view never waits for a bot. ``drawing`` lets one
view be drawn at a time, so each is drawn once per version and seat.
"""

from __future__ import annotations

import base64
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
from dataclasses import dataclass, replace
from typing import Any

from rich.console import Console
from sqlalchemy import Connection

from lapilli.agents import make_agent
from lapilli.agents.table import seat_filler
from lapilli.core import log as game_log
from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction
from lapilli.core.loop import Policy, play
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.state import CHANCE, Event, Game, State, Utility

from .clocks import ClockRule, Clocks
from .leases import Leases
from .ratings import Sitting, rate
from .store import DATABASE_ERRORS, Conflict, Seat, Store, StoredTable, Write, token_hash

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

    def __init__(
        self,
        stored: StoredTable,
        store: Store,
        told: Callable[[LiveTable], None],
        now: Callable[[], float] = time.time,
    ):
        self.id = stored.id
        self.seats: list[Seat] = stored.seats
        self.open = stored.open
        self.listed = stored.listed
        self.settings = stored.settings  # clock, rated, rematch
        self.clocks = Clocks.loads(stored.clocks) if stored.clocks else None
        self.now = now  # the wall clock (a test's own, moved by hand)
        self.said = 0  # chat messages at the table (Tables.get counts them)
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
        """The rules' end, or a seat's time ran out and ended the game."""
        return self.match.state.is_terminal() or self.ended is not None

    @property
    def ended(self) -> str | None:
        """Why the game ended before the rules' end (a seat out of time), if it did."""
        return self.clocks.ended if self.clocks is not None else None

    def free_seats(self, seats: list[Seat] | None = None) -> list[int]:
        """People's seats nobody has taken yet."""
        seats = self.seats if seats is None else seats
        return [i for i, s in enumerate(seats) if s.kind == "human" and not s.seated]

    def person_to_move(self, state: State) -> int | None:
        """The seat whose clock runs in ``state``: a person's, once every seat is taken."""
        return self._person(state.current_player(), state.is_terminal(), self.seats, self.clocks)

    def _person(
        self, player: int, terminal: bool, seats: list[Seat], clocks: Clocks | None
    ) -> int | None:
        if terminal or (clocks and clocks.ended) or player < 0 or self.free_seats(seats):
            return None
        return player if seats[player].kind == "human" else None

    def _clocks_at(
        self,
        player: int,
        terminal: bool,
        version: int,
        seats: list[Seat] | None = None,
        clocks: Clocks | None = None,
    ) -> Clocks | None:
        """The clocks once the table is at ``version`` with ``player`` to move (from a
        copy of ``clocks``, by default the table's): the person's clock runs, the others
        stand. None without a clock. Written with the change that makes them so."""
        base = clocks or self.clocks
        if base is None:
            return None
        after = Clocks.loads(base.dumps())
        seats = self.seats if seats is None else seats
        after.switch(self._person(player, terminal, seats, after), self.now(), version)
        return after

    def bots_to_move(self) -> bool:
        return self.due(self.match.state)

    def due(self, state: State) -> bool:
        """Whether chance or a bot is to move in ``state``: the bots' runner plays on
        (never once time has ended the game)."""
        if self.ended is not None:
            return False
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
            if self.finished:
                raise IllegalAction("the game is over: no more actions")
            self._still_yours(seat)
            if state.current_player() != seat:
                raise NotYourTurn(f"it is not {state.seat_label(seat)}'s turn")
            if isinstance(choice, Action):
                self._commit(legal_form(state, choice))
                return
            legal = state.legal_actions()
            if choice >= len(legal):
                raise IllegalAction(f"there is no action number {choice}: you have {len(legal)}")
            self._commit(legal[choice])

    def _still_yours(self, seat: int) -> None:
        if self.seats[seat].kind != "human":
            raise NotYourTurn(f"your time ran out: a bot plays for {self.label(seat)} now")

    def undo(self, seat: int) -> None:
        with self.moving:
            self._still_yours(seat)
            if not self.match.can_undo(seat):
                self.match.undo(seat)  # raises the rule's own message
            n = len(self.match.record.actions) - 1
            # the seat taking back its decision is to move again: no bot is due
            clocks = self._clocks_at(seat, False, self.version + 1)
            self.store.take_back(self.id, n, self.version + 1, False, _kept(clocks))
            with self.lock:
                self.match.undo(seat)
                self.log.append((n, self.match.log.pop()))
                self.version += 1
                self.clocks = clocks
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
        version = self.version + 1
        clocks = self._clocks_at(after.current_player(), after.is_terminal(), version)
        end = self._ending(after, clocks) if after.is_terminal() else None
        self.store.append(self.id, n, action, version, self.due(after), _kept(clocks), end)
        with self.lock:
            self._apply(action)
            del self.log[:-LOG_KEPT]
            self.version = version
            self.clocks = clocks
        self.told(self)

    # -- clocks, seats and the end -----------------------------------------------------
    def conclude(self) -> None:
        """Mark the game over in the store (where its end was not written with its last
        step: a store from before the two were written together)."""
        self.store.write(self._ending(self.match.state, self.clocks))

    def _ending(
        self, state: State, clocks: Clocks | None, seats: list[Seat] | None = None
    ) -> Write:
        """The write that marks the game over, rating its players if the table is rated:
        it goes in the same transaction as the step or time-out that ends the game, so
        whoever sees the end sees the ratings too."""
        if not self.settings.get("rated"):
            return self.store.ending(self.id)
        ends = self.outcomes(state, clocks)
        sittings = [
            Sitting(i, s.player, end)
            for i, (s, end) in enumerate(zip(seats or self.seats, ends, strict=True))
            if s.player
        ]
        game, cooperative = self.match.game.id, self.match.game.utility is Utility.COOPERATIVE
        sides = state.sides()

        def rating(db: Connection) -> None:
            rate(db, self.id, game, cooperative, sittings, sides)

        return self.store.ending(self.id, rating)

    def losers_on_time(self, clocks: Clocks | None = None) -> list[int]:
        """Seats whose time ran out at a table where that loses (by the table's clocks,
        or ``clocks``)."""
        clocks = clocks or self.clocks
        lose = clocks is not None and clocks.rule.on_timeout == "lose"
        return list(clocks.out) if clocks is not None and lose else []

    def outcomes(self, state: State | None = None, clocks: Clocks | None = None) -> list[str]:
        """Each seat's end: the rules', except that a seat out of time (where the table
        said so) has lost, and a game that time ended is won by the seat left. Where the
        rules' winners all ran out of time, the best score among the others wins."""
        state = state or self.match.state
        clocks = clocks or self.clocks
        losers = set(self.losers_on_time(clocks))
        seats = range(state.num_players)
        if clocks is not None and clocks.ended is not None:
            if self.match.game.utility is Utility.COOPERATIVE:
                return ["lost"] * state.num_players
            return ["lost" if i in losers else "won" for i in seats]
        ends = outcomes(state)
        if not losers or any(ends[i] == "won" for i in seats if i not in losers):
            return ["lost" if i in losers else end for i, end in enumerate(ends)]
        left = [i for i in seats if i not in losers]
        scores = state.scores()
        best = max(scores[i] for i in left)
        return ["won" if i in left and scores[i] == best else "lost" for i in seats]

    def change_seats(
        self,
        seats: list[Seat],
        settings: dict[str, Any] | None = None,
        clocks: Clocks | None = None,
    ) -> None:
        """New seats (or settings, or clocks) without a step (callers hold ``moving``):
        the clocks as they run with the new seats are written with them."""
        version = self.version + 1
        state = self.match.state
        after = self._clocks_at(state.current_player(), state.is_terminal(), version, seats, clocks)
        due = self.due_with(seats) and not (after and after.ended)
        newly_over = after is not None and after.ended is not None and self.ended is None
        end = self._ending(state, after, seats) if newly_over else None
        self.store.change(self.id, version, seats, due, settings, _kept(after), end)
        with self.lock:
            self.seats, self.version, self.clocks = seats, version, after
            if settings is not None:
                self.settings = settings

    def due_with(self, seats: list[Seat]) -> bool:
        state = self.match.state
        player = state.current_player()
        if self.finished:
            return False
        return player == CHANCE or (player >= 0 and seats[player].kind == "bot")

    def sit(self, seat: int, player: str, name: str) -> None:
        """Someone takes a person's seat (a player, or "" for a guest with the link)."""
        with self.moving:
            seats = list(self.seats)
            old = seats[seat]
            if old.seated and (old.player == player or not player):
                return
            if old.seated and old.player and old.player != player:
                raise PermissionError(f"{self.label(seat)} is taken by {old.name}")
            seats[seat] = replace(old, player=player, name=name, seated=True)
            self.change_seats(seats)
        self.told(self)

    def rematch_token(self, seat: int) -> str:
        """The secret of ``seat`` at this table's rematch: drawn from this table's secret
        seed, so a holder of a seat here gets theirs there without it being kept."""
        digest = hashlib.blake2b(f"rematch:{seat}".encode(), key=self._seed, digest_size=18)
        return base64.urlsafe_b64encode(digest.digest()).decode().rstrip("=")

    def label(self, seat: int) -> str:
        return self.match.state.seat_label(seat)

    def time_out(self) -> bool:
        """If the running clock has run out: the seat is out of time, and as the table
        chose its bot plays on for it or it loses (which ends the game where one seat
        is left, or at once in a cooperative game); True if so."""
        with self.moving:
            clocks = self.clocks
            if clocks is None or clocks.version != self.version:
                return False  # (a change not yet written with its clock: next round)
            now = self.now()
            seat = clocks.overdue(now)
            if seat is None or self.finished:
                return False
            seats = list(self.seats)
            filler = seat_filler(self.match.game)
            seats[seat] = replace(seats[seat], kind="bot", spec=filler)
            clocks = Clocks.loads(clocks.dumps())  # (the table's own change with the seats)
            clocks.time_out(seat, now, self.version + 1)
            who = self.label(seat)
            if clocks.rule.on_timeout == "lose":
                left = [i for i in range(len(seats)) if i not in clocks.out]
                if self.match.game.utility is Utility.COOPERATIVE:
                    clocks.ended = f"{who} ran out of time: the team loses"
                elif len(left) <= 1:
                    winner = f"{self.label(left[0])} wins" if left else "nobody wins"
                    clocks.ended = f"{who} ran out of time: {winner}"
            self.change_seats(seats, clocks=clocks)  # (the end with it, if it ends the game)
        self.told(self)
        return True

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
                clocks = self.store.clocks(self.id) if self.clocks is not None else ""
                with self.lock:
                    for action in newer:
                        self._apply(action)
                    del self.log[:-LOG_KEPT]
                    self.version = version
                    if clocks:
                        self.clocks = Clocks.loads(clocks)
            else:  # a step taken back, a seat or a clock changed: replay the table as stored
                stored = self.store.load(self.id)
                if stored is None:
                    return False
                fresh = LiveTable(stored, self.store, self.told, self.now)
                with self.lock:
                    self.match, self.log, self.version = fresh.match, fresh.log, fresh.version
                    self.seats, self.settings, self.clocks = (
                        fresh.seats,
                        fresh.settings,
                        fresh.clocks,
                    )
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
                if len(self.match.record.actions) != steps or self.ended is not None:
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
        ended = self.ended
        terminal = state.is_terminal() or ended is not None
        mine = seat is not None and player == seat and not terminal
        mine = mine and seat is not None and self.seats[seat].kind == "human"  # (not its bot)
        legal = state.legal_actions() if mine else []
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
                {
                    "label": state.seat_label(i),
                    "kind": s.kind,
                    "spec": s.spec,
                    "player": s.player or None,
                    "name": s.name or None,
                    "taken": s.seated,
                }
                for i, s in enumerate(self.seats)
            ],
            "open": self.open,
            "rated": bool(self.settings.get("rated")),
            "rematch": self.settings.get("rematch"),
            "to_move": player,
            "to_move_label": state.seat_label(player) if player >= 0 else None,
            "waiting_for_bot": player >= 0 and self.seats[player].kind == "bot",
            "terminal": terminal,
            **self._end(state, terminal),
            "actions": actions,
            **board(self.draw_board, state, seat, legal, texts),
            "observation": state.observation(seat),
        }

    def _end(self, state: State, terminal: bool) -> dict[str, Any]:
        """The scores, winners, result and each seat's end, once the game is over."""
        if not terminal:
            keys = ("scores", "winners", "result", "outcomes", "breakdown")
            return dict.fromkeys(keys)
        ends = self.outcomes(state)
        if self.ended is not None:  # time ended it: no rules' tally
            won = [state.seat_label(i) for i, end in enumerate(ends) if end == "won"]
            return {
                "scores": None,
                "winners": won,
                "result": self.ended,
                "outcomes": ends,
                "breakdown": None,
            }
        result = state.result_text()
        late = [state.seat_label(i) for i in self.losers_on_time()]
        if late:  # the rules' words, then who lost on time whatever the points say
            result += f"; out of time, so lost: {', '.join(late)}"
        return {
            "scores": state.scores(),
            "winners": [state.seat_label(i) for i, end in enumerate(ends) if end == "won"],
            "result": result,
            "outcomes": ends,
            "breakdown": state.score_breakdown(),
        }

    def with_clocks(self, view: bytes) -> bytes:
        """A drawn view with the clocks as they are now (views are drawn once per
        version; the clocks run on between versions)."""
        if self.clocks is None:
            return view
        clocks = json.dumps(self.clocks.view(self.now())).encode()
        return view[:-1] + b', "clock": ' + clocks + b"}"


def _kept(clocks: Clocks | None) -> tuple[str, float | None] | None:
    """Clocks as the store keeps them: their state, and when the running one runs out."""
    return (clocks.dumps(), clocks.deadline()) if clocks is not None else None


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
        publish: Callable[[str, int, str | None, int], None] = lambda t, v, w, n: None,
        keeping: Keeping = Keeping(),
        leases: Leases | None = None,
        now: Callable[[], float] = time.time,
    ):
        self.store = store
        self.live: dict[str, LiveTable] = {}
        self.lock = threading.Lock()
        self.now = now  # the wall clock the tables' clocks read
        # tells a table's watchers: (table id, version, trouble, chat messages)
        self.publish = publish
        self.told: Callable[[LiveTable], None] = lambda t: publish(
            t.id, t.version, t.trouble, t.said
        )
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
        table = LiveTable(stored, self.store, self.told, self.now)
        table.said = self.store.chat_count(table_id)
        with self.lock:
            table = self.live.setdefault(table_id, table)
        return table

    def _chores(self) -> None:
        """Every CHORES seconds (the first at once): tables due take their bots on,
        unused ones leave memory."""
        while True:
            for chore in [self.sweep, self.time_outs, self.tidy, *self.more_chores]:
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
                    table.conclude()  # (an older version wrote its last step without its end)
                elif not table.bots_to_move():
                    self.store.not_due(table_id, table.version)
                self.bots.wake(table)  # queued, or its lease let go
            except DATABASE_ERRORS:
                self.bots.let_go(table_id)
                raise
            except Exception:  # a damaged table must not keep the others waiting
                logger.exception("table %s could not be resumed", table_id)

    def time_outs(self) -> None:
        """Tables whose running clock has run out: the process holding a table's lease
        (the one running its bots, or taking it now) ends its seat's time."""
        overdue = self.store.overdue(self.now())
        for table_id in self.bots.leases.take_many(overdue):
            table = self.get(table_id)
            if table is None:
                continue
            table.catch_up()
            if table.time_out():
                self.bots.wake(table)  # its bot plays on (or, over, the lease is let go)
            elif table.id not in self.bots.queued and not table.bots_to_move():
                self.bots.let_go(table.id)

    def said(self, table_id: str, n: int) -> None:
        """A chat message was kept (here or by another process): watchers are told."""
        table = self.live.get(table_id)
        if table is None:
            self.publish(table_id, -1, None, n)  # (the page asks for the rest)
            return
        table.said = max(table.said, n)
        self.told(table)

    def heard(self, table_id: str, version: int) -> None:
        """Another process changed a table: this copy catches up, its watchers are told."""
        table = self.live.get(table_id)
        if table is None:
            self.publish(table_id, version, None, -1)
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
        self,
        match: Match,
        specs: list[str],
        listed: bool,
        open: bool = False,
        settings: dict[str, Any] | None = None,
        sitting: dict[int, tuple[str, str]] | None = None,
    ) -> tuple[LiveTable, list[str | None]]:
        """A new table; returns it and each seat's secret (None for a bot). ``settings``:
        the clock (a ``ClockRule``'s fields) and whether it is rated; ``sitting``: the
        players already in their seats (seat: (player id, name))."""
        tokens = [secrets.token_urlsafe(18) if s == "human" else None for s in specs]
        seats = [
            Seat("human", "human", token_hash(t)) if t else Seat("bot", spec)
            for spec, t in zip(specs, tokens, strict=True)
        ]
        for i, (player, name) in (sitting or {}).items():
            seats[i] = replace(seats[i], player=player, name=name, seated=True)
        settings = settings or {}
        clocks = ""
        if settings.get("clock"):
            clocks = Clocks.start(ClockRule(**settings["clock"]), len(seats)).dumps()
        seed = secrets.token_bytes(32)  # 256 bits from the OS; nobody chooses or sees it
        table_id = secrets.token_hex(8)
        stored = StoredTable(table_id, seats, match.record, seed, listed, 0, open, settings, clocks)
        table = LiveTable(stored, self.store, self.told, self.now)
        if table.clocks is not None:  # a seat's clock may run from the start
            table.clocks.switch(table.person_to_move(match.state), self.now(), 0)
            stored.clocks = table.clocks.dumps()
        deadline = table.clocks.deadline() if table.clocks else None
        self.store.create(stored, bots_due=table.bots_to_move(), deadline=deadline)
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
