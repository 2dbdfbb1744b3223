"""Throughput of random playouts: games/s, steps/s, clones/s (``lapilli bench``)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from lapilli.core.state import CHANCE, Game, sample_chance


@dataclass
class BenchResult:
    game: str
    players: int
    games: int
    steps: int
    seconds: float
    clones_per_s: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def steps_per_s(self) -> float:
        return self.steps / self.seconds


def random_playouts(
    game: Game, players: int, seconds: float, seed: int = 0
) -> tuple[int, int, float]:
    """As many random games as fit in ``seconds``; returns (games, steps, elapsed)."""
    rng = random.Random(seed)
    games = steps = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state = game.new_state(players)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action)
            steps += 1
        games += 1
    return games, steps, time.perf_counter() - start


def clone_rate(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """Clones per second of positions taken from the middle of random games."""
    rng = random.Random(seed)
    states = []
    for _ in range(5):
        state = game.new_state(players)
        trail = []
        while not state.is_terminal():
            trail.append(state.clone())
            if state.current_player() == CHANCE:
                state.apply(sample_chance(state, rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        states.append(trail[len(trail) // 2])
    count = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for s in states:
            for _ in range(100):
                s.clone()
        count += 500
    return count / (time.perf_counter() - start)


def bench(game: Game, players: int, seconds: float = 3.0) -> BenchResult:
    games, steps, elapsed = random_playouts(game, players, seconds)
    return BenchResult(
        game.id, players, games, steps, elapsed, clone_rate(game, players, seconds / 3)
    )


@dataclass
class BotBench:
    decisions: int
    seconds: float
    iterations: int  # search iterations (MCTS), 0 for bots that do not search

    @property
    def decisions_per_s(self) -> float:
        return self.decisions / self.seconds

    @property
    def iterations_per_s(self) -> float:
        return self.iterations / self.seconds


def bot_rate(game: Game, players: int, spec: str, seconds: float, seed: int = 0) -> BotBench:
    """Decisions (and search iterations) per second of one bot, on positions of random games."""
    from lapilli.agents import make_agent

    rng = random.Random(seed)
    agent = make_agent(spec, seed=seed)
    decisions = iterations = 0
    spent = 0.0
    while spent < seconds:
        state = game.new_state(players)
        while not state.is_terminal() and spent < seconds:
            player = state.current_player()
            if player == CHANCE:
                state.apply(sample_chance(state, rng))
                continue
            if len(state.legal_actions()) > 1 and rng.random() < 0.3:
                start = time.perf_counter()
                agent.act(state, player)
                spent += time.perf_counter() - start
                decisions += 1
                iterations += getattr(agent, "last_iterations", 0)
            state.apply(rng.choice(state.legal_actions()))
    return BotBench(decisions, spent, iterations)
