"""What the learning environments cost over the engine itself.

    python bench/adapter_overhead.py [GAME ...] [--games N] [--rounds R]

For each game (its default set-up), plays N games per round three ways, alternating in
tenths in one process (so a busy machine slows each alike), and prints CPU seconds
(``time.process_time``) per decision of the learning seat and the ratios:

- bare: the few lines below drive the engine as a learner would, with nothing around
  it: at each of seat 0's decisions it reads the seat's vector (``state.numeric``) and
  the codec's mask, then plays a random legal action; the other seats are lapilli's
  random bot, chance is sampled;
- gym: ``lapilli.rl.gym.SeatEnv`` against the same bots, the same random legal action
  (an action in parts takes a step per part: its ids, one by one);
- spiel: the OpenSpiel game, every seat the same random legal action, its ids one by
  one through ``apply_action`` after ``legal_actions()``, and seat 0's observation read
  at each of its steps, as OpenSpiel's learning code reads it
  (``open_spiel.python.observation.make_observation``: a NumPy tensor, not a list).

The bare loop is written out here on purpose: it is the yardstick, not a tool.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np
from open_spiel.python.observation import make_observation

from lapilli.agents import make_agent
from lapilli.core.registry import game_class
from lapilli.core.state import sample_chance
from lapilli.rl import spiel
from lapilli.rl.gym import SeatEnv


def bare(game_id: str, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and seat 0's decisions in ``games`` games driven by hand."""
    game = game_class(game_id)()
    players = game.default_players()
    codec = game.action_codec(players)
    rng = random.Random(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        bots = {p: make_agent("random", seed=rng.randrange(2**63)) for p in range(1, players)}
        state = game.new_state(players)
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply(sample_chance(state, rng), check=False)
            elif player == 0:
                state.numeric(0)
                codec.mask(state)
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
                decisions += 1
            else:
                state.apply(bots[player].act(state, player))
    return time.process_time() - start, decisions


def gym(game_id: str, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and seat 0's decisions (whole actions) in ``games`` SeatEnv games."""
    env = SeatEnv(game_id, seat=0, bots="random")
    rng = np.random.default_rng(seed)
    decisions = 0
    start = time.process_time()
    for g in range(games):
        obs, info = env.reset(seed=seed * 100_003 + g)
        done = False
        while not done:
            options = env.choice.options(env.position)
            ids, _ = options[int(rng.integers(len(options)))]
            taken = env.choice.taken
            while env.choice.taken == taken:  # its ids one by one (some may be taken already)
                obs, reward, done, truncated, info = env.step(ids[len(env.choice.chosen)])
            decisions += 1
    return time.process_time() - start, decisions


def openspiel(game_id: str, games: int, seed: int) -> tuple[float, int]:
    """CPU seconds and seat 0's decisions in ``games`` OpenSpiel games."""
    game = spiel.load(game_id)
    observer = make_observation(game)
    rng = np.random.default_rng(seed)
    decisions = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
                continue
            player = state.current_player()
            options = state.choice.options(state.position)
            ids, _ = options[int(rng.integers(len(options)))]
            taken = state.choice.taken
            while state.choice.taken == taken:
                state.legal_actions()
                if player == 0:
                    observer.set_from(state, 0)
                state.apply_action(ids[len(state.choice.chosen)])
            decisions += player == 0
    return time.process_time() - start, decisions


WAYS = {"bare": bare, "gym": gym, "spiel": openspiel}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", default=["foggy_island"])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    for game_id in args.games_ids:
        tenth = max(1, args.games // 10)
        for r in range(1, args.rounds + 1):
            spent = {way: [0.0, 0] for way in WAYS}
            for part in range(10):
                for way, play in WAYS.items():
                    seconds, decisions = play(game_id, tenth, seed=1000 * r + part)
                    spent[way][0] += seconds
                    spent[way][1] += decisions
            per = {way: s / max(1, d) for way, (s, d) in spent.items()}
            print(
                f"{game_id} round {r}: "
                + ", ".join(f"{way} {1e6 * t:.0f} us" for way, t in per.items())
                + f"; gym / bare {per['gym'] / per['bare']:.2f}"
                + f", spiel / bare {per['spiel'] / per['bare']:.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
