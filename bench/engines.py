"""The compiled engine against pure Python, game by game (``docs/performance.md``).

Each measurement runs in a fresh interpreter (the engine is chosen at import), the two
engines taking turns round after round, and every rate is per second of CPU time, so
other work on a shared machine moves neither. Run it after ``python -m lapilli.build``:

    python bench/engines.py [GAME[:PLAYERS] ...] [--seconds S] [--rounds N]

Prints, per game, random-playout steps/s (and as a multiple of OpenSpiel's pure-Python
tic-tac-toe measured in the same process, when the ``rl`` extra is installed), clones/s,
games/s, greedy-against-greedy games/s and MCTS iterations/s (``mcts:iters=100`` on
positions of random games), and the compiled engine's rate as a multiple of pure
Python's (best round of each: the least disturbed).
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
from lapilli.sim.bench import bench, bot_rate, peer_rate

game, players, seconds = load_game(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
players = players or game.default_players()
result = bench(game, players, seconds)
peer = peer_rate(seconds / 3)
agents = [make_agent("greedy", seed=seat) for seat in range(players)]
rng, games, start = random.Random(0), 0, time.process_time()
while time.process_time() - start < seconds or games == 0:
    play(game.new_state(players), [agent.act for agent in agents], rng)
    games += 1
greedy = games / (time.process_time() - start)
mcts = bot_rate(game, players, "mcts:iters=100", seconds).iterations_per_s
print(json.dumps({"engine": lapilli.ENGINE, "players": players, "steps": result.steps_per_s,
                  "peer": result.steps_per_s / peer if peer else 0.0,
                  "clones": result.clones_per_s, "games": result.games_per_s,
                  "greedy": greedy, "mcts": mcts}))
"""

GAMES = ["volcanique", "volcanique:4", "deeper", "fuji", "eras", "foggy_island"]
COLUMNS = ["steps", "peer", "clones", "games", "greedy", "mcts"]
HEADER = (
    "| game | players | engine | steps/s | steps/s ÷ peer | clones/s | games/s "
    "| greedy games/s | MCTS iterations/s |"
)


def measure(game: str, players: int, seconds: float, pure: bool) -> dict[str, float]:
    env = {**os.environ, "LAPILLI_PURE": "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, game, str(players), str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def cell(value: float) -> str:
    return f"{value:,.0f}" if value >= 100 else f"{value:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(HEADER)
    print("| --- " * (len(COLUMNS) + 3) + "|")
    for spec in args.games:
        game, _, count = spec.partition(":")
        best: dict[bool, dict[str, float]] = {}
        engines: dict[bool, str] = {}
        players = int(count or 0)
        for _ in range(args.rounds):
            for pure in (True, False):
                got = measure(game, players, args.seconds, pure)
                engines[pure], players = str(got["engine"]), int(got["players"])
                mine = best.setdefault(pure, {c: 0.0 for c in COLUMNS})
                for c in COLUMNS:
                    mine[c] = max(mine[c], float(got[c]))
        for pure in (True, False):
            row = best[pure]
            cells = [cell(row[c]) for c in COLUMNS]
            print(f"| {game} | {players} | {engines[pure]} | " + " | ".join(cells) + " |")
        ratio = [
            f"**{best[False][c] / best[True][c]:.2f}×**" if best[True][c] else "-" for c in COLUMNS
        ]
        print("| | | compiled ÷ pure | " + " | ".join(ratio) + " |", flush=True)


if __name__ == "__main__":
    main()
