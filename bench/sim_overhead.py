"""How much the simulation lab costs over the engine itself.

    python bench/sim_overhead.py [GAME] [GAMES] [ROUNDS]

Plays GAMES random-vs-random games per round two ways, side by side in one process
(alternating in tenths, so a busy machine slows both alike), and prints games per CPU
second of each and their ratio:

- the simulation: ``lapilli.sim.runner.run_games`` (bots as policies, the one game
  loop, results summed), exactly what ``lapilli sim GAME --seats random,random`` runs;
- a bare random playout: the few lines below, with nothing around the engine.

The bare loop is written out here on purpose: it is the yardstick, not a tool.
"""

from __future__ import annotations

import random
import sys
import time

from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE, sample_chance
from lapilli.sim.runner import Setup, Summary, run_games


def simulation(game_id: str, games: int, seed: int) -> float:
    """CPU seconds of ``games`` games as ``lapilli sim`` plays them."""
    summary = Summary(2, load_game(game_id, []).utility)
    start = time.process_time()
    for result in run_games(Setup(game_id, (), ("random", "random")), games, seed=seed):
        summary.add(result)
    return time.process_time() - start


def bare(game_id: str, games: int, seed: int) -> float:
    """CPU seconds of ``games`` bare random playouts."""
    game = load_game(game_id, [])
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(games):
        state = game.new_state(2)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply(action, False)
    return time.process_time() - start


def main() -> None:
    game_id = sys.argv[1] if len(sys.argv) > 1 else "foggy_island"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    tenth = max(1, games // 10)
    for i in range(1, rounds + 1):
        spent = [0.0, 0.0]
        for part in range(10):
            spent[0] += simulation(game_id, tenth, seed=part * tenth)
            spent[1] += bare(game_id, tenth, seed=part * tenth)
        sim, base = 10 * tenth / spent[0], 10 * tenth / spent[1]
        print(
            f"round {i}: simulation {sim:,.0f} games/s, bare playout {base:,.0f} games/s "
            f"({sim / base:.0%} of bare)"
        )


if __name__ == "__main__":
    main()
