"""Play many games between bots, in parallel processes, and sum them up as they finish.

Games run headless: no undo copies, no log, and states that can skip their event
payloads (``FlowState.narrate``) are told to. A game's actions are kept only when the
simulation keeps records, and then leave the worker as one compact line of a records
file. Results stream back in game order and are summed as they come, so a long
simulation holds no more in memory than a short one.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache

from lapilli.agents import make_agent
from lapilli.core.actions import Action
from lapilli.core.loop import play, quiet
from lapilli.core.records import Record, record_line
from lapilli.core.registry import load_game
from lapilli.core.state import Event, Game, State, Utility


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares."""

    game: str
    options: tuple[str, ...]
    seats: tuple[str, ...]
    records: bool = False  # keep each game's record (as a line of a records file)


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    returns: list[float]
    winners: list[int]
    steps: int
    record: str | None = field(default=None, repr=False)  # a records-file line


@cache
def _game(game_id: str, options: tuple[str, ...]) -> Game:
    return load_game(game_id, list(options))


def play_one(setup: Setup, index: int, seed: int) -> GameResult:
    """One game with bots on every seat; chance and bots seeded from ``seed``."""
    game = _game(setup.game, setup.options)
    state = quiet(game.new_state(len(setup.seats)))
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.randrange(2**31)) for spec in setup.seats]
    actions: list[Action] = []

    def keep(state: State, seat: int, action: Action, events: list[Event]) -> None:
        actions.append(action)

    # bots answer from legal_actions; the records file is replayed with every check
    steps = play(
        state,
        [agent.act for agent in agents],
        rng,
        on_step=keep if setup.records else None,
        check=False,
    )
    result = GameResult(
        index=index,
        seed=seed,
        seats=list(setup.seats),
        scores=state.scores(),
        returns=state.returns(),
        winners=state.winners(),
        steps=steps,
    )
    if setup.records:
        record = Record(
            game.id,
            len(setup.seats),
            list(setup.seats),
            game.options_json(),
            actions,
            game.version,
            {"scores": result.scores, "returns": result.returns, "winners": result.winners},
        )
        result.record = record_line(record, index, seed)
    return result


def _play_batch(args: tuple[Setup, int, int, int]) -> list[GameResult]:
    setup, first, last, seed = args
    return [play_one(setup, i, seed + i) for i in range(first, last)]


def run_games(setup: Setup, n: int, seed: int = 0, jobs: int = 1) -> Iterator[GameResult]:
    """Play ``n`` games (game i uses seed ``seed + i``), ``jobs`` processes at a time;
    the results come in game order."""
    if jobs <= 1:
        for i in range(n):
            yield play_one(setup, i, seed + i)
        return
    size = max(1, min(50, n // (jobs * 8)))
    batches = ((setup, i, min(n, i + size), seed) for i in range(0, n, size))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in pool.map(_play_batch, batches):
            yield from batch


@dataclass
class Summary:
    """Totals over the games seen so far (``add`` one result at a time)."""

    players: int
    utility: Utility
    games: int = 0
    wins: list[float] = field(default_factory=list)  # per seat; a shared win counts 1/k
    victories: int = 0  # cooperative: games the team won
    draws: int = 0  # competitive: games nobody won
    score_sums: list[float] = field(default_factory=list)
    steps: int = 0

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.score_sums = [0.0] * self.players

    @property
    def cooperative(self) -> bool:
        return self.utility is Utility.COOPERATIVE

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.steps += result.steps
        winners = result.winners
        if self.cooperative:
            self.victories += bool(winners)
        elif winners:
            for seat in winners:
                self.wins[seat] += 1 / len(winners)
        else:
            self.draws += 1
        for seat, score in enumerate(result.scores):
            self.score_sums[seat] += score

    @property
    def mean_scores(self) -> list[float]:
        return [s / max(1, self.games) for s in self.score_sums]

    @property
    def mean_steps(self) -> float:
        return self.steps / max(1, self.games)

    def result_text(self) -> str:
        """The outcome in words: the team's record, or the draws."""
        if self.cooperative:
            rate = self.victories / max(1, self.games)
            return f"The team won {self.victories} of {self.games} games ({rate:.1%})."
        return f"Draws: {self.draws} of {self.games} games."
