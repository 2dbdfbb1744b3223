"""How much stronger each bot is than the one below it, in every game.

    python bench/strength.py [GAME ...] [--games N] [--jobs J]

For each game (all by default) plays two head-to-head matches with seats rotated,
``greedy`` against ``random`` and ``mcts`` (100 iterations) against ``random``, N games
each, and prints how often the stronger bot won with its 95% Wilson interval and the
mean score margin. In Fuji, a cooperative game, each bot plays as a whole team and the
figure is how often that team escapes. The tests only check that bots play legal
moves; claims of strength live here, with their figures (see ``bench/README.md``).
"""

from __future__ import annotations

import argparse
import sys

from lapilli.core.registry import games
from lapilli.sim import tournament as T

MATCHES = (("greedy", "random"), ("mcts:iters=100", "random"))


def match(game_id: str, bots: tuple[str, str], n: int, jobs: int) -> str:
    t = T.plan(game_id, list(bots))
    T.run(t, n, seed=1000, jobs=jobs)
    if t.teams:  # a cooperative game: each bot's team alone
        rows = []
        for st in T.standings(t):
            rows.append(f"{st.bot} team {st.rate:.0%} ({st.low:.0%}-{st.high:.0%}) of {st.games}")
        return "; ".join(rows)
    duel = next(h for h in T.head_to_head(t) if h.bot == bots[0] and h.other == bots[1])
    low, high = duel.interval
    margin = _margin(t, bots[0])
    return f"{duel.rate:.0%} ({low:.0%}-{high:.0%}) of {duel.games}, margin {margin:+.1f}"


def _margin(t: T.Tournament, bot: str) -> float:
    """The mean score of ``bot``'s seats minus the best other seat's."""
    total = 0.0
    for result in t.results:
        mine = [s for s, b in zip(result.scores, result.seats, strict=True) if b == bot]
        others = [s for s, b in zip(result.scores, result.seats, strict=True) if b != bot]
        total += max(mine) - max(others)
    return total / len(t.results)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=games())
    parser.add_argument("--games", dest="n", type=int, default=40, help="games per match")
    parser.add_argument("--jobs", type=int, default=1, help="processes in parallel")
    args = parser.parse_args()
    for game_id in args.games:
        for bots in MATCHES:
            print(f"{game_id}: {bots[0]} vs {bots[1]}: {match(game_id, bots, args.n, args.jobs)}")
            sys.stdout.flush()


if __name__ == "__main__":
    main()
