"""A policy-gradient agent for Foggy Island in NumPy alone, then seated at a table.

    pip install -e '.[rl]'
    python examples/foggy_policy_gradient.py [--minutes 4] [--out foggy_policy.npz]
    lapilli play foggy_island --seats human,policy:foggy_policy.npz

The agent is a linear softmax policy over the seat's numeric view: a score per action
id, ``weights @ observation + bias``, and a softmax over the ids the mask allows. It
learns by REINFORCE against lapilli's random bot, on both seats in turn, through
``lapilli.rl.gym.SeatEnv`` (two processes play each batch side by side): after each
batch of games, every choice it made is made more likely by its result less
a baseline (the mean result so far), with Adam's step sizes. Then it plays the random
bot with its best-scored action each time (as ``policy:FILE`` seats play), prints its
win rate, and saves the policy (``lapilli.agents.policy.save_policy``).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time

import numpy as np

from lapilli.agents.policy import PolicyAgent, save_policy
from lapilli.core.registry import game_class
from lapilli.rl.gym import SeatEnv

GAME, PLAYERS = "foggy_island", 2


class Linear:
    """A linear softmax policy and its Adam optimiser."""

    def __init__(self, ids: int, size: int, rate: float) -> None:
        self.weights = np.zeros((ids, size), dtype=np.float64)
        self.bias = np.zeros(ids, dtype=np.float64)
        self.rate = rate
        self.moments = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self.squares = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self.steps = 0

    def probabilities(self, obs: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.weights[legal] @ obs + self.bias[legal]
        scores = np.exp(scores - scores.max())
        return scores / scores.sum()

    def ascend(self, grads: list[np.ndarray]) -> None:
        """One Adam step up the gradients (of the expected result)."""
        self.steps += 1
        for param, grad, m, v in zip(
            (self.weights, self.bias), grads, self.moments, self.squares, strict=True
        ):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            param += self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def play(env: SeatEnv, policy: Linear, rng: np.random.Generator, seed: int) -> tuple:
    """One game of the learner sampling its policy: its result and its choices."""
    obs, info = env.reset(seed=seed)
    trail = []
    done, reward = False, 0.0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        p = policy.probabilities(obs, legal)
        pick = int(rng.choice(len(legal), p=p))
        trail.append((obs, legal, pick, p))
        obs, reward, done, _, info = env.step(int(legal[pick]))
    return float(reward), trail


ENVS: list[SeatEnv] = []  # a worker's two environments, one per seat


def rollouts(policy: Linear, baseline: float, games: int, seed: int) -> tuple:
    """``games`` games on both seats: the gradient of the expected result (REINFORCE,
    less the baseline) and the results."""
    if not ENVS:
        ENVS.extend(SeatEnv(GAME, players=PLAYERS, seat=seat, bots="random") for seat in (0, 1))
    rng = np.random.default_rng(seed)
    grads = [np.zeros_like(policy.weights), np.zeros_like(policy.bias)]
    results = []
    for g in range(games):
        result, trail = play(ENVS[g % 2], policy, rng, seed + g)
        results.append(result)
        advantage = result - baseline
        for x, legal, pick, p in trail:
            push = -p * advantage
            push[pick] += advantage
            grads[0][legal] += np.outer(push, x)
            grads[1][legal] += push
    return grads, results


def train(policy: Linear, seconds: float, batch: int, seed: int, jobs: int) -> int:
    """REINFORCE until ``seconds`` have passed, ``jobs`` processes playing each batch
    side by side; the games played."""
    baseline, games = 0.5, 0
    start = time.perf_counter()
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        while time.perf_counter() - start < seconds:
            share = batch // jobs
            seeds = [seed * 1_000_003 + games + j * share for j in range(jobs)]
            parts = pool.starmap(rollouts, [(policy, baseline, share, s) for s in seeds])
            grads = [sum(part[0][k] for part in parts) / batch for k in range(2)]
            policy.ascend(grads)
            results = [r for part in parts for r in part[1]]
            baseline = 0.9 * baseline + 0.1 * float(np.mean(results))
            games += batch
    return games


def evaluate(path: str, games: int, seed: int) -> tuple[float, float]:
    """The saved policy's share of wins and mean result against the random bot, on
    both seats, playing its best-scored action each time."""
    agent = PolicyAgent(seed=seed, file=path)
    wins, results = 0, 0.0
    for g in range(games):
        seat = g % 2
        env = SeatEnv(GAME, players=PLAYERS, seat=seat, bots="random")
        env.reset(seed=seed + g)
        done, reward = False, 0.0
        while not done:
            ids = env.codec.encode(agent.act(env.position, seat))
            taken = env.choice.taken
            while env.choice.taken == taken:  # its ids (those all agree on are taken)
                _, reward, done, _, _ = env.step(ids[len(env.choice.chosen)])
        wins += reward == 1.0
        results += reward
    return wins / games, results / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=4.0, help="training time")
    parser.add_argument("--out", default="foggy_policy.npz", help="where to save the policy")
    parser.add_argument("--batch", type=int, default=16, help="games per update")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's step size")
    parser.add_argument("--games", type=int, default=400, help="games to measure it")
    parser.add_argument("--jobs", type=int, default=2, help="processes playing side by side")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = game_class(GAME)()
    codec = game.action_codec(PLAYERS)
    size = game.observation_layout(PLAYERS).size + codec.choice_size
    policy = Linear(codec.size, size, args.rate)
    start = time.perf_counter()
    played = train(policy, args.minutes * 60, args.batch, args.seed, args.jobs)
    trained = time.perf_counter() - start
    save_policy(args.out, game, PLAYERS, policy.weights, policy.bias)
    wins, mean = evaluate(args.out, args.games, seed=10_000 + args.seed)
    print(
        f"trained on {played} games in {trained:.0f} s; against the random bot: "
        f"{wins:.1%} wins, mean result {mean:.3f} ({args.games} games)"
    )
    print(f"saved {args.out}: lapilli play {GAME} --seats human,policy:{args.out}")


if __name__ == "__main__":
    main()
