"""Play an experiment's games, in local processes or on Ray, and store them as they finish.

The work is cut into batches: up to ``batch`` consecutive games of one arm. A batch is
played by ``play_batch`` wherever it runs and comes back as table rows, which the
calling process writes (``store.Store.write``) before asking for more. Game ``i`` of
every arm uses seed ``seed + i`` for its chance and its bots (as ``lapilli sim`` does)
and rotates the spec's seats by ``i``: the same spec gives the same games, row for
row, whatever the backend, the number of processes or the order batches finish in.

Ray (``--backend ray``) runs each batch as a task. A worker lost mid-batch costs that
batch only: Ray runs it again (``max_retries``), and a batch that still fails is
submitted again by the driver, a few times, before the run gives up. ``--address``
joins a running cluster (``ray start --head`` on one machine, ``ray start --address``
on the others); without it a local Ray instance is started for the run.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass

from lapilli.core.errors import LapilliError
from lapilli.core.state import Utility, first_places, win_shares
from lapilli.sim.runner import GameResult, Setup, play_one

from .spec import Arm, Experiment, LabError
from .store import Row, Rows, Store


@dataclass(frozen=True)
class Batch:
    """Games ``first``..``last - 1`` of one arm."""

    arm: str
    first: int
    last: int

    @property
    def size(self) -> int:
        return self.last - self.first


def batches(exp: Experiment, done: set[tuple[str, int]]) -> list[Batch]:
    """The batches still to play: runs of consecutive unplayed games of each arm, cut
    every ``exp.batch`` games (a rerun skips what is done)."""
    found: list[Batch] = []
    for arm in exp.arms:
        run: list[int] = []
        for i in range(exp.games):
            if (arm.name, i) in done:
                continue
            if run and (i != run[-1] + 1 or len(run) == exp.batch):
                found.append(Batch(arm.name, run[0], run[-1] + 1))
                run = []
            run.append(i)
        if run:
            found.append(Batch(arm.name, run[0], run[-1] + 1))
    return found


def setup_of(exp: Experiment, arm: Arm, index: int) -> Setup:
    """Game ``index`` of ``arm``: its seats rotated, each bot's forbidden features."""
    slots = arm.lineup(index)
    return Setup(
        exp.game,
        (),
        tuple(arm.seats[s] for s in slots),
        forbid=tuple(arm.forbid[s] for s in slots),
        options_json=arm.options,
    )


def play_game(exp: Experiment, arm: Arm, index: int) -> Rows:
    """One game of an arm, as its rows in the three tables."""
    start = time.perf_counter()
    setup = setup_of(exp, arm, index)
    result = play_one(setup, index, exp.seed + index)
    if arm.bonus:
        _add_bonus(result, arm.bonus)
    seconds = time.perf_counter() - start
    key = {"arm": arm.name, "game": index}
    facts = result.facts
    game = {
        **key,
        "seed": exp.seed + index,
        "rotation": index % len(result.scores),
        "rounds": facts.rounds if facts else None,
        "turns": facts.turns if facts else None,
        "decisions": result.decisions,
        "steps": result.steps,
        "tied": first_places(result.shares, result.sides) if not exp.cooperative else 1,
        "victory": bool(result.shares and result.shares[0] > 0) if exp.cooperative else None,
        "end": facts.end if facts else "",
        "seconds": seconds,
    }
    return {
        "games": [game],
        "seats": _seat_rows(key, arm, index, result),
        "facts": _fact_rows(key, result),
    }


def _seat_rows(key: Row, arm: Arm, index: int, result: GameResult) -> list[Row]:
    """Each seat's row: the slot and bot that sat there, its score, rank and win."""
    slots = arm.lineup(index)
    ranks = _ranks(result.returns, result.scores)
    rows = []
    for seat, score in enumerate(result.scores):
        others = [s for i, s in enumerate(result.scores) if i != seat]
        rows.append(
            {
                **key,
                "seat": seat,
                "slot": slots[seat],
                "bot": arm.label(slots[seat]),
                "score": score,
                "rank": ranks[seat],
                "win": result.shares[seat],
                "return": result.returns[seat],
                "margin": score - max(others) if others else 0.0,
            }
        )
    return rows


def _fact_rows(key: Row, result: GameResult) -> list[Row]:
    """The points by category of each seat, then the game's own facts."""
    rows: list[Row] = [
        {
            **key,
            "seat": seat,
            "name": "points",
            "item": category,
            "value": float(value),
            "round": None,
        }
        for seat, points in enumerate(result.breakdown or [])
        for category, value in points.items()
        if category != "total"  # the score itself, already in the seats table
    ]
    for fact in result.facts.facts if result.facts else []:
        rows.append(
            {
                **key,
                "seat": fact.seat,
                "name": fact.name,
                "item": fact.item,
                "value": float(fact.value),
                "round": fact.round,
            }
        )
    return rows


def _add_bonus(result: GameResult, bonus: tuple[float, ...]) -> None:
    """Each seat's points raised by its bonus, and the result decided again by points:
    the most points win, equal points share the win (the game's own tie-breaks are not
    played again)."""
    result.scores = [s + b for s, b in zip(result.scores, bonus, strict=True)]
    best = max(result.scores)
    top = [s == best for s in result.scores]
    result.returns = [1.0 / sum(top) if t else 0.0 for t in top]
    result.shares = win_shares(result.returns, Utility.GENERAL_SUM, result.sides)
    result.winners = [i for i, t in enumerate(top) if t]


def _ranks(returns: list[float], scores: list[float]) -> list[int]:
    """Each seat's place, 1 the best: by result, then points; equal seats share the
    better place."""
    keys = list(zip(returns, scores, strict=True))
    return [1 + sum(1 for other in keys if other > mine) for mine in keys]


def play_batch(exp: Experiment, batch: Batch) -> Rows:
    """Every game of a batch, as rows."""
    arm = exp.arm(batch.arm)
    rows: Rows = {"games": [], "seats": [], "facts": []}
    for i in range(batch.first, batch.last):
        for table, found in play_game(exp, arm, i).items():
            rows[table].extend(found)
    return rows


def _play_batch_args(args: tuple[Experiment, Batch]) -> Rows:
    return play_batch(*args)


OnBatch = Callable[[Batch], None]


def store_all(
    store: Store, results: Iterator[tuple[Batch, Rows]], on_batch: OnBatch | None = None
) -> int:
    """Write each batch's rows as it comes; returns the games written."""
    played = 0
    for batch, rows in results:
        store.write(rows)
        played += batch.size
        if on_batch is not None:
            on_batch(batch)
    return played


def local(exp: Experiment, todo: list[Batch], jobs: int) -> Iterator[tuple[Batch, Rows]]:
    """Batches played here (``jobs`` 1) or in ``jobs`` processes, as they finish; a few
    batches in flight per process, so a long run keeps little in memory."""
    if jobs <= 1:
        for batch in todo:
            yield batch, play_batch(exp, batch)
        return
    pending = iter(todo)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: dict[Future[Rows], Batch] = {}

        def submit() -> None:
            batch = next(pending, None)
            if batch is not None:
                running[pool.submit(_play_batch_args, (exp, batch))] = batch

        for _ in range(jobs * 2):
            submit()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                batch = running.pop(future)
                yield batch, _rows(future)
                submit()


def _rows(future: Future[Rows]) -> Rows:
    try:
        return future.result()
    except LapilliError as exc:
        raise LabError(f"a game failed: {exc}") from None
