"""The compiled engine against pure Python, game by game, from the same seeds (issue 23):
200 random games per game and player count and 20 greedy games per game (default
player count), every action, chance outcome, event, observation (each seat's and a
spectator's, after every step), score and final position compared
(``lapilli.sim.differential``). Run it after ``python -m lapilli.build``:

    python bench/differential.py [GAME ...] [--random N] [--greedy N]

Each batch runs on both engines at once (two processes, one core each) and prints how
many games agreed; the first line where the engines part is printed for any batch
that does not. Exit status 1 if any game differs, 2 if the compiled engine is not
built or is out of date. Takes about 20 minutes of CPU time on pure Python's side.
"""

from __future__ import annotations

import argparse
import sys
import time

from lapilli.core.registry import load_game
from lapilli.sim.differential import Batch, EngineMissing, compare

GAMES = ["volcanique", "deeper", "fuji", "eras", "foggy_island"]


def plan(games: list[str], random_games: int, greedy_games: int) -> list[Batch]:
    """Random games at every player count, greedy games at the default one."""
    batches = []
    for name in games:
        game = load_game(name)
        batches += [Batch(name, n, "random", random_games) for n in game.player_counts()]
        batches.append(Batch(name, game.default_players(), "greedy", greedy_games))
    return [b for b in batches if b.games > 0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--random", type=int, default=200, help="per game and player count")
    parser.add_argument("--greedy", type=int, default=20, help="per game")
    args = parser.parse_args()
    played = differing = 0
    start = time.perf_counter()
    for batch in plan(args.games, args.random, args.greedy):
        try:
            games, differences = compare([batch])
        except EngineMissing as exc:
            print(exc)
            return 2
        played += games
        differing += len(differences)
        verdict = "the same on both engines" if not differences else "DIFFER"
        print(f"{batch.game} {batch.players}p, {games} {batch.bot} games: {verdict}", flush=True)
        for difference in differences:
            print(difference, flush=True)
    took = time.perf_counter() - start
    print(f"{played} games in {took:.0f} s; {differing} batches where the engines differ")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
