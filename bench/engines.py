"""The compiled engine against pure Python, game by game (``docs/performance.md``).

Each measurement runs in a fresh interpreter (the engine is chosen at import), the two
engines taking turns round after round, and every rate is per second of CPU time, so
other work on a shared machine moves neither. Run it after ``python -m lapilli.build``:

    python bench/engines.py [GAME ...] [--seconds S] [--rounds N]

Prints, per game, random-playout steps/s, clones/s and games/s, greedy-against-greedy
games/s, and the compiled engine's rate as a multiple of pure Python's (best round of
each: the least disturbed).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

MEASURE = """
import json, random, sys, time
import lapilli
from lapilli.agents import make_agent
from lapilli.core.loop import play
from lapilli.core.registry import load_game
from lapilli.sim.bench import bench

game, seconds = load_game(sys.argv[1]), float(sys.argv[2])
players = game.default_players()
result = bench(game, players, seconds)
agents = [make_agent("greedy", seed=seat) for seat in range(players)]
rng, games, start = random.Random(0), 0, time.process_time()
while time.process_time() - start < seconds or games == 0:
    play(game.new_state(players), [agent.act for agent in agents], rng)
    games += 1
greedy = games / (time.process_time() - start)
print(json.dumps({"engine": lapilli.ENGINE, "players": players, "steps": result.steps_per_s,
                  "clones": result.clones_per_s, "games": result.games_per_s,
                  "greedy": greedy}))
"""

GAMES = ["volcanique", "deeper", "fuji", "eras", "foggy_island"]
COLUMNS = ["steps", "clones", "games", "greedy"]


def measure(game: str, seconds: float, pure: bool) -> dict[str, float]:
    env = {**os.environ, "LAPILLI_PURE": "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, game, str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print("| game | players | engine | steps/s | clones/s | games/s | greedy games/s |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for game in args.games:
        best: dict[bool, dict[str, float]] = {}
        engines: dict[bool, str] = {}
        players = 0
        for _ in range(args.rounds):
            for pure in (True, False):
                got = measure(game, args.seconds, pure)
                engines[pure], players = str(got["engine"]), int(got["players"])
                mine = best.setdefault(pure, {c: 0.0 for c in COLUMNS})
                for c in COLUMNS:
                    mine[c] = max(mine[c], float(got[c]))
        for pure in (True, False):
            row = best[pure]
            cells = [f"{row[c]:,.0f}" if row[c] >= 100 else f"{row[c]:.2f}" for c in COLUMNS]
            print(f"| {game} | {players} | {engines[pure]} | " + " | ".join(cells) + " |")
        ratio = [f"{best[False][c] / best[True][c]:.2f}x" for c in COLUMNS]
        print(f"| {game} | {players} | compiled / pure | " + " | ".join(ratio) + " |")


if __name__ == "__main__":
    main()
