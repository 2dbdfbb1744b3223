"""Memory over many simulated games: does the engine keep anything from one game to the
next? (``docs/performance.md``)

    python bench/memory.py [GAME[:PLAYERS] ...] [--games N] [--every K]

Plays N random games of each game in this process (the engine in use: compiled, or pure
Python with ``LAPILLI_PURE=1``) and prints the process's resident memory after the
first K games (caches warm) and then every K games, with the growth per game past
that point. A flat line (growth near 0 bytes a game) is what a simulation of 20,000
games needs.
"""

from __future__ import annotations

import argparse
import gc
import os
import random

import lapilli
from lapilli.agents import make_agent
from lapilli.core.loop import play
from lapilli.core.registry import load_game

GAMES = ["volcanique", "deeper", "fuji", "eras", "foggy_island"]
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident() -> int:
    """The process's resident memory now, in bytes (Linux)."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * PAGE


def run(name: str, games: int, every: int) -> None:
    spec, _, count = name.partition(":")
    game = load_game(spec)
    players = int(count) if count else game.default_players()
    bots = [make_agent("random", seed=seat).act for seat in range(players)]
    rng = random.Random(0)
    marks: list[tuple[int, int]] = []
    for n in range(1, games + 1):
        play(game.new_state(players), bots, rng)
        if n % every == 0:
            gc.collect()
            marks.append((n, resident()))
    (first, base), (last, end) = marks[0], marks[-1]
    per_game = (end - base) / max(last - first, 1)
    line = ", ".join(f"{n:,}: {rss / 2**20:.1f}" for n, rss in marks)
    print(f"{spec} {players}p, {lapilli.ENGINE}: resident MiB after {line}")
    print(f"  growth after the first {first:,} games: {per_game:+.1f} bytes a game")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--games", type=int, default=20_000, dest="count")
    parser.add_argument("--every", type=int, default=2_000)
    args = parser.parse_args()
    for name in args.games:
        run(name, args.count, args.every)


if __name__ == "__main__":
    main()
