"""Throughput of random playouts: games/s, steps/s, clones/s (``lapilli bench``).

Every rate is per second of this process's CPU time, so that other work on a shared
machine does not move it."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from lapilli.core.actions import Action
from lapilli.core.loop import Policy, play, random_policy
from lapilli.core.state import Game, State


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
    policies = [random_policy(rng)] * players
    games = steps = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        steps += play(game.new_state(players), policies, rng)
        games += 1
    return games, steps, time.process_time() - start


def clone_rate(game: Game, players: int, seconds: float, seed: int = 0) -> float:
    """Clones per second of positions taken from the middle of random games."""
    rng = random.Random(seed)
    states = [_middle_position(game, players, rng) for _ in range(5)]
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for s in states:
            for _ in range(100):
                s.clone()
        count += 500
    return count / (time.process_time() - start)


def _middle_position(game: Game, players: int, rng: random.Random) -> State:
    trail: list[State] = []
    state = game.new_state(players)
    play(state, [random_policy(rng)] * players, rng, on_step=lambda s, *_: trail.append(s.clone()))
    return trail[len(trail) // 2]


PEER = "python_tic_tac_toe"
"""The peer a playout rate is compared with: OpenSpiel's pure-Python tic-tac-toe."""


def peer_rate(seconds: float, seed: int = 0) -> float | None:
    """Steps per second of random playouts of OpenSpiel's pure-Python tic-tac-toe, the
    yardstick for a game's speed (None when OpenSpiel, the ``rl`` extra, is missing).
    Measure it in the same run as the game: the machine's load changes both alike."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers the peer)
    except ImportError:
        return None
    game = pyspiel.load_game(PEER)
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


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
    """Decisions (and search iterations) per second of one bot, on positions of random
    games: at about a third of the real choices the bot is timed (its move is not played)."""
    from lapilli.agents import make_agent

    rng = random.Random(seed)
    agent = make_agent(spec, seed=seed)
    bench = BotBench(0, 0.0, 0)
    choose = random_policy(rng)

    def sometimes_timed(state: State, seat: int) -> Action:
        if bench.seconds < seconds and len(state.legal_actions()) > 1 and rng.random() < 0.3:
            start = time.process_time()
            agent.act(state, seat)
            bench.seconds += time.process_time() - start
            bench.decisions += 1
            bench.iterations += getattr(agent, "last_iterations", 0)
        return choose(state, seat)

    policies: list[Policy | None] = [sometimes_timed] * players
    while bench.seconds < seconds:
        play(game.new_state(players), policies, rng)
    return bench
