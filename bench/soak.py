"""Soak runs: the conformance suite over many random games of every game and set-up.

    python bench/soak.py [GAME ...] [--seeds N]

The test suite plays each set-up a few times (``tests/core/test_conformance.py``); this
plays N seeds of every set-up of every game (all by default), checking the engine
contract at positions along the way (``core.conformance.check_game``: legal lists,
refusals, clones, JSON round trips, schemas, determinize, the no-leak check, records
that replay), and prints how many games, steps and positions passed, and the time.
A failure stops with the conformance suite's message and the seed.
"""

from __future__ import annotations

import argparse
import time

from lapilli.core.conformance import check_game
from lapilli.core.registry import game_class, games


def soak(game_id: str, seeds: range) -> None:
    cls = game_class(game_id)
    for options, players in cls().conformance_configs():
        start = time.process_time()
        runs = check_game(cls.with_options_json(options), players, seeds, checks_per_game=20)
        steps = sum(run.steps for run in runs)
        seconds = time.process_time() - start
        print(
            f"{game_id} {players}p {options or ''}: {len(runs)} games, {steps} steps, "
            f"{sum(run.altered for run in runs)} hidden-change comparisons, {seconds:.0f} s CPU"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("games", nargs="*", default=games())
    parser.add_argument("--seeds", type=int, default=40, help="games per set-up")
    args = parser.parse_args()
    for game_id in args.games:
        soak(game_id, range(100, 100 + args.seeds))


if __name__ == "__main__":
    main()
