"""Tournaments between bots: fair seating, win rates with confidence intervals, ratings.

``schedule`` lists the line-ups: with at least as many bots as seats, every group of
bots meets in every seat rotation; with fewer, the bots alternate round the table.
In a cooperative game every seat shares the result, so each bot plays as a whole
team (``teams=True``, the default when the game declares ``Utility.COOPERATIVE``) and
its record is the team's: victories out of games played.

Game ``i`` plays line-up ``i mod len(schedule)`` with seed ``seed + i``, so ``n`` a
multiple of the schedule's length seats everyone equally often. Each game is
independent and reproducible (bots with iteration budgets are seeded).

Ratings come from openskill's Plackett-Luce model, updated game by game in order:
the bots of a game are ranked by their return; in team play each team is rated
against the game itself (a pseudo-player), so a rating says how often it escapes.
"""

from __future__ import annotations

import csv
import itertools
import math
import random
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lapilli.agents import Agent, make_agent
from lapilli.agents.table import HUMAN, seat_spec
from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.loop import Policy, play, quiet
from lapilli.core.registry import load_game
from lapilli.core.state import State, Utility, win_shares

from .runner import Setup

THE_GAME = "(the game)"
"""The pseudo-player a team of cooperating bots is rated against."""


class TournamentError(LapilliError):
    """A tournament that cannot be set up (bad bots, counts or seats)."""


@dataclass
class TournamentGame:
    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    returns: list[float]
    winners: list[int]
    steps: int
    seconds: float
    decisions: list[int] = field(default_factory=list)  # per seat
    think: list[float] = field(default_factory=list)  # seconds each seat's bot thought
    iterations: list[int] = field(default_factory=list)  # search iterations (MCTS)
    sides: list[list[int]] = field(default_factory=list)  # the seats by side


@dataclass
class BotStanding:
    bot: str
    games: int
    wins: float  # the bot's share of the wins (k seats tied first: 1/k each); a team's victories
    low: float
    high: float
    mean_score: float
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0
    decisions: int = 0
    think: float = 0.0
    iterations: int = 0

    @property
    def seconds_per_move(self) -> float:
        return self.think / self.decisions if self.decisions else 0.0

    @property
    def iterations_per_second(self) -> float:
        return self.iterations / self.think if self.think else 0.0

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def team_text(self) -> str:
        """A cooperative game's record of this bot's team, in words."""
        return f"{self.bot}: the team won {self.wins:g} of {self.games} games"


@dataclass
class Tournament:
    game: str
    options: tuple[str, ...]
    players: int
    bots: list[str]
    teams: bool
    schedule: list[tuple[str, ...]]
    results: list[TournamentGame] = field(default_factory=list)
    cooperative: bool = False  # the game's result is the team's victory or defeat


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    # rounding must not put the interval beside its own estimate (e.g. 10 of 10)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def schedule(bots: list[str], players: int, teams: bool) -> list[tuple[str, ...]]:
    """Line-ups (one bot per seat) that seat every bot fairly."""
    if teams:
        return [(b,) * players for b in bots]
    lineups: list[tuple[str, ...]] = []
    if len(bots) >= players:
        for group in itertools.combinations(bots, players):
            for r in range(players):
                lineups.append(group[r:] + group[:r])
    else:
        k = len(bots)
        for first in range(k):
            base = tuple(bots[(first + i) % k] for i in range(players))
            for r in range(players):
                lineup = base[r:] + base[:r]
                if lineup not in lineups:
                    lineups.append(lineup)
    return lineups


def plan(
    game_id: str,
    bots: list[str],
    options: Iterable[str] = (),
    players: int | None = None,
    teams: bool | None = None,
) -> Tournament:
    """Check the bots and the game, and seat the bots."""
    options = tuple(options)
    game = load_game(game_id, list(options))
    players = game.check_players(players or game.default_players())
    bots = [seat_spec(b) for b in bots if b.strip()]  # a bad bot name or parameter fails now
    if HUMAN in bots:
        raise TournamentError("a tournament is played by bots only: name bots, not human")
    if not bots:
        raise TournamentError("name at least one bot, e.g. --bots random,greedy,mcts")
    if len(set(bots)) != len(bots):
        raise TournamentError(f"a bot is named twice in {','.join(bots)}")
    cooperative = game.utility is Utility.COOPERATIVE
    if teams is None:
        teams = cooperative
    if not teams and len(bots) < 2:
        raise TournamentError("a tournament needs two bots at least (or --teams)")
    lineups = schedule(bots, players, teams)
    return Tournament(game.id, options, players, bots, teams, lineups, cooperative=cooperative)


def _play(setup: Setup, index: int, seed: int) -> TournamentGame:
    """One game, seeded as ``runner.play_one`` seeds it (the same game for the same
    seed), timing each bot's decisions; every action is checked by the rules (a bot's
    illegal action fails the tournament)."""
    start = time.perf_counter()
    n = len(setup.seats)
    game = load_game(setup.game, list(setup.options))
    state = quiet(game.new_state(n))
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.randrange(2**31)) for spec in setup.seats]
    decisions = [0] * n
    think = [0.0] * n

    def timed(agent: Agent) -> Policy:
        def act(state: State, seat: int) -> Action:
            tick = time.perf_counter()
            action = agent.act(state, seat)
            think[seat] += time.perf_counter() - tick
            decisions[seat] += 1
            return action

        return act

    steps = play(state, [timed(agent) for agent in agents], rng)
    return TournamentGame(
        index=index,
        seed=seed,
        seats=list(setup.seats),
        scores=list(state.scores()),
        returns=list(state.returns()),
        winners=list(state.winners()),
        sides=state.sides(),
        steps=steps,
        seconds=time.perf_counter() - start,
        decisions=decisions,
        think=think,
        iterations=[getattr(a, "total_iterations", 0) for a in agents],
    )


def _play_args(args: tuple[Setup, int, int]) -> TournamentGame:
    return _play(*args)


def run(
    t: Tournament,
    n: int,
    seed: int = 0,
    jobs: int = 1,
    on_result: Callable[[TournamentGame], None] | None = None,
) -> list[TournamentGame]:
    """Play ``n`` games of the tournament (``jobs`` processes); results in game order."""
    if n < 1 or jobs < 1:
        raise TournamentError("the number of games and of jobs must be at least 1")
    work = [
        (Setup(t.game, t.options, t.schedule[i % len(t.schedule)]), i, seed + i) for i in range(n)
    ]
    results: list[TournamentGame] = []
    if jobs <= 1:
        for args in work:
            result = _play(*args)
            results.append(result)
            if on_result:
                on_result(result)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(_play_args, args) for args in work]
            for future in as_completed(futures):
                result = future.result()
                results.append(result)
                if on_result:
                    on_result(result)
    results.sort(key=lambda r: r.index)
    t.results = results
    return results


def _bot_results(result: TournamentGame, cooperative: bool) -> dict[str, tuple[float, float]]:
    """Each bot's (mean share of the win, mean score) over the seats it held in one
    game; k seats (or sides) tied first share the win, 1/k each, and a team shares its
    result (``core.state.win_shares``)."""
    held: dict[str, list[int]] = {}
    for seat, bot in enumerate(result.seats):
        held.setdefault(bot, []).append(seat)
    utility = Utility.COOPERATIVE if cooperative else Utility.GENERAL_SUM
    shares = win_shares(result.returns, utility, result.sides)
    return {
        bot: (
            sum(shares[s] for s in seats) / len(seats),
            sum(result.scores[s] for s in seats) / len(seats),
        )
        for bot, seats in held.items()
    }


def standings(t: Tournament) -> list[BotStanding]:
    """Win rate (Wilson 95% interval), mean score and openskill rating of each bot."""
    table = {bot: BotStanding(bot, 0, 0.0, 0.0, 1.0, 0.0) for bot in t.bots}
    score_sums = dict.fromkeys(t.bots, 0.0)
    for result in t.results:
        for seat, bot in enumerate(result.seats):
            if result.decisions:
                table[bot].decisions += result.decisions[seat]
                table[bot].think += result.think[seat]
                table[bot].iterations += result.iterations[seat]
        for bot, (ret, score) in _bot_results(result, t.cooperative).items():
            table[bot].games += 1
            # a team wins or loses whole: a victory counts 1 for each of its bots
            table[bot].wins += bool(result.winners) if t.cooperative else ret
            score_sums[bot] += score
    for bot, rating in _ratings(t).items():
        s = table[bot]
        s.low, s.high = wilson(s.wins, s.games)
        s.mean_score = score_sums[bot] / s.games if s.games else 0.0
        s.mu, s.sigma, s.ordinal = rating.mu, rating.sigma, rating.ordinal()
    return sorted(table.values(), key=lambda s: -s.ordinal)


def _ratings(t: Tournament) -> dict[str, Any]:
    """Each bot's openskill rating (Plackett-Luce), updated game by game: the bots of a
    game ranked by their shares of the win; a team against the game itself."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in t.bots}
    if t.teams:
        ratings[THE_GAME] = model.rating(name=THE_GAME)
    for result in t.results:
        per_bot = _bot_results(result, t.cooperative)
        names = list(per_bot)
        outcome = [per_bot[b][0] for b in names]
        if t.teams:
            # a team against the game: it wins, or the game does
            names.append(THE_GAME)
            outcome.append(1.0 - max(outcome))
        if len(names) < 2:
            continue
        ranks = [-x for x in outcome]  # lower rank is better; equal returns tie
        new = model.rate([[ratings[b]] for b in names], ranks=ranks)
        for b, team in zip(names, new, strict=True):
            ratings[b] = team[0]
    return {bot: ratings[bot] for bot in t.bots}


@dataclass
class HeadToHead:
    bot: str
    other: str
    games: int
    wins: float  # bot's wins against other (a tie between them 1/2)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def head_to_head(t: Tournament) -> list[HeadToHead]:
    """For each pair of bots that met: how often the first beat the second.

    A game counts for a pair when both sat at the table; the first bot's share is its
    return against the second's (1 for a win over it, 1/2 when they share the result).
    """
    if t.teams:
        return []
    table: dict[tuple[str, str], list[float]] = {}
    for result in t.results:
        per_bot = _bot_results(result, t.cooperative)
        for a, b in itertools.permutations(per_bot, 2):
            ra, rb = per_bot[a][0], per_bot[b][0]
            share = 0.5 if ra == rb else (1.0 if ra > rb else 0.0)
            cell = table.setdefault((a, b), [0, 0.0])
            cell[0] += 1
            cell[1] += share
    order = {b: i for i, b in enumerate(t.bots)}
    return [
        HeadToHead(a, b, int(games), wins)
        for (a, b), (games, wins) in sorted(
            table.items(), key=lambda kv: (order[kv[0][0]], order[kv[0][1]])
        )
    ]


CSV_FIELDS = ["game", "index", "seed", "steps", "seconds"]


def _csv_header(t: Tournament) -> list[str]:
    seat_fields = [
        f"{k}_{i}"
        for i in range(t.players)
        for k in ("bot", "score", "return", "decisions", "think", "iterations")
    ]
    return CSV_FIELDS + seat_fields + ["winners", "options"]


def _csv_row(t: Tournament, r: TournamentGame) -> list[Any]:
    row: list[Any] = [t.game, r.index, r.seed, r.steps, f"{r.seconds:.3f}"]
    for i in range(t.players):
        row += [r.seats[i], f"{r.scores[i]:g}", f"{r.returns[i]:g}"]
        row += [r.decisions[i], f"{r.think[i]:.3f}", r.iterations[i]]
    row += [" ".join(str(w) for w in r.winners), " ".join(t.options)]
    return row


def write_csv(t: Tournament, path: Path) -> None:
    """One row per game: the bot, score and return of each seat, winners, length."""
    with Path(path).open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(_csv_header(t))
        for r in t.results:
            writer.writerow(_csv_row(t, r))


class CsvLog:
    """Rows written as games finish (a long tournament can be watched or cut short);
    ``close`` rewrites the file in game order."""

    def __init__(self, t: Tournament, path: Path) -> None:
        self.t = t
        self.path = Path(path)
        self.fh = self.path.open("w", newline="")
        self.writer = csv.writer(self.fh)
        self.writer.writerow(_csv_header(t))
        self.fh.flush()

    def add(self, result: TournamentGame) -> None:
        self.writer.writerow(_csv_row(self.t, result))
        self.fh.flush()

    def close(self) -> None:
        self.fh.close()
        if self.t.results:
            write_csv(self.t, self.path)
