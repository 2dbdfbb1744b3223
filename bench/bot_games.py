"""Whole games between bots of one kind, timed, with a digest of every action taken.

    python bench/bot_games.py GAME [--players P] [--games N] [--bot SPEC] [--decisions D]

Plays N games (seeds 0 to N-1, chance drawn from the seed) with SPEC (default
``greedy``) on every seat and prints, per game, the CPU seconds the bots took to decide,
their decisions, the scores and a digest of every action, chance included. Run it from
two checkouts in turn (the machine's load changes: alternate them, keep the smallest
time of each): equal digests show that the two versions of the code decided the same.
``--decisions D`` stops each game after D decisions (an MCTS game is long); for
``mcts:iters=...`` the iterations per second are printed too.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from lapilli.agents import make_agent
from lapilli.core.registry import load_game
from lapilli.core.state import sample_chance


def play(game_id: str, players: int, seed: int, spec: str, decisions: int | None) -> str:
    state = load_game(game_id).new_state(players)
    rng = random.Random(seed)
    bots = [make_agent(spec, seed=seed * 10 + i) for i in range(players)]
    digest = hashlib.sha1()
    cpu, decided = 0.0, 0
    while not state.is_terminal() and (decisions is None or decided < decisions):
        seat = state.current_player()
        if seat < 0:
            action = sample_chance(state, rng)
        else:
            start = time.process_time()
            action = bots[seat].act(state, seat)
            cpu += time.process_time() - start
            decided += len(state.legal_actions()) > 1
        digest.update(repr(action).encode())
        state.apply(action)
    line = f"seed {seed}: {cpu:.2f} s CPU, {decided} decisions, scores {state.scores()}"
    iters = dict(p.split("=") for p in spec.partition(":")[2].split(",") if "=" in p)
    if spec.startswith("mcts") and "iters" in iters and cpu:
        line += f", {decided * int(iters['iters']) / cpu:,.0f} iterations/s"
    return f"{line}, digest {digest.hexdigest()[:12]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--decisions", type=int, default=None)
    args = parser.parse_args()
    for seed in range(args.games):
        print(play(args.game, args.players, seed, args.bot, args.decisions), flush=True)


if __name__ == "__main__":
    main()
