"""Play many games between bots, in parallel processes, and sum them up."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from lapilli.agents import make_agent
from lapilli.core.match import Match
from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares."""

    game: str
    options: tuple[str, ...]
    seats: tuple[str, ...]


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    returns: list[float]
    winners: list[int]
    steps: int
    record: dict[str, Any] = field(repr=False)


def play_one(setup: Setup, index: int, seed: int) -> GameResult:
    """One game with bots on every seat; chance and bots seeded from ``seed``."""
    game = load_game(setup.game, list(setup.options))
    match = Match(game, len(setup.seats), list(setup.seats))
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.randrange(2**31)) for spec in setup.seats]
    state = match.state
    while not match.state.is_terminal():
        state = match.state
        seat = state.current_player()
        if seat == CHANCE:
            match.play_chance(rng)
        else:
            match.apply(agents[seat].act(state, seat))
    final = match.state
    return GameResult(
        index=index,
        seed=seed,
        seats=list(setup.seats),
        scores=final.scores(),
        returns=final.returns(),
        winners=final.winners(),
        steps=len(match.record.actions),
        record=match.record.to_json(),
    )


def _play_batch(args: tuple[Setup, list[tuple[int, int]]]) -> list[GameResult]:
    setup, jobs = args
    return [play_one(setup, i, s) for i, s in jobs]


def run_games(
    setup: Setup,
    n: int,
    seed: int = 0,
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``n`` games (game i uses seed ``seed + i``), ``jobs`` processes at a time."""
    work = [(i, seed + i) for i in range(n)]
    results: list[GameResult] = []

    def collect(batch: list[GameResult]) -> None:
        for result in batch:
            results.append(result)
            if on_result:
                on_result(result)

    if jobs <= 1:
        for i, s in work:
            collect([play_one(setup, i, s)])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for batch in pool.map(_play_batch, _batches(setup, work, jobs)):
                collect(batch)
    results.sort(key=lambda r: r.index)
    return results


def _batches(setup: Setup, work: list[tuple[int, int]], jobs: int) -> Iterator[tuple[Setup, list]]:
    size = max(1, min(20, len(work) // (jobs * 4) or 1))
    for start in range(0, len(work), size):
        yield setup, work[start : start + size]


@dataclass
class Summary:
    games: int
    wins: list[float]  # per seat; a shared win counts 1/k
    mean_scores: list[float]
    mean_steps: float
    draws: int


def summarise(results: list[GameResult], players: int) -> Summary:
    wins = [0.0] * players
    scores = [0.0] * players
    draws = 0
    for r in results:
        if r.winners:
            for w in r.winners:
                wins[w] += 1 / len(r.winners)
        else:
            draws += 1
        for i, s in enumerate(r.scores):
            scores[i] += s
    n = max(1, len(results))
    return Summary(
        games=len(results),
        wins=wins,
        mean_scores=[s / n for s in scores],
        mean_steps=sum(r.steps for r in results) / n,
        draws=draws,
    )
