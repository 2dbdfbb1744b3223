"""The Gymnasium environment: one seat learns, the others are lapilli bots."""

import re
import warnings
from pathlib import Path

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from lapilli.agents import AgentError  # noqa: E402
from lapilli.core.errors import MalformedInput  # noqa: E402
from lapilli.rl.gym import SeatEnv  # noqa: E402

README = Path(__file__).parents[2] / "README.md"


@pytest.mark.parametrize(
    "game, players, seat",
    [
        ("eras", 3, 1),
        ("foggy_island", 2, 0),
        ("deeper", 2, 1),
        ("fuji", 3, 2),
        ("volcanique", 2, 0),
    ],
)
def test_gymnasiums_env_checker_passes_without_a_warning(game, players, seat):
    env = gymnasium.make(
        "lapilli/Seat-v0",
        game=game,
        players=players,
        seat=seat,
        render_mode="ansi",
        disable_env_checker=True,
    ).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env)


def test_a_masked_learner_plays_to_the_end_against_bots_and_gets_its_result():
    env = SeatEnv("foggy_island", players=2, seat=1, bots="greedy")
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        assert legal.size and obs.shape == env.observation_space.shape
        # the mask marks exactly the legal actions of the learning seat
        assert {env.codec.decode([i]) for i in legal} == set(env.position.legal_actions())
        assert env.position.current_player() == 1
        obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        steps += 1
    assert not truncated and steps > 10
    assert reward == env.position.returns()[1] and reward in (0.0, 0.5, 1.0)
    assert not info["action_mask"].any()


def test_an_illegal_id_changes_nothing_and_names_the_rule():
    env = SeatEnv("eras", players=2, seat=0)
    obs, info = env.reset(seed=5)
    before = env.position.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    after, reward, done, truncated, info = env.step(illegal)
    assert env.position.to_json() == before and np.array_equal(after, obs)
    assert reward == 0.0 and not done and info["illegal"]


def test_the_same_seed_plays_the_same_game():
    def play(seed):
        env = SeatEnv("eras", players=3, seat=2, bots=["random", "greedy"])
        obs, info = env.reset(seed=seed)
        for _ in range(30):
            obs, reward, done, truncated, info = env.step(
                int(np.flatnonzero(info["action_mask"])[0])
            )
            if done:
                break
        return env.position.to_json()

    assert play(11) == play(11)


def test_bad_set_ups_are_refused_at_once():
    with pytest.raises(ValueError, match="learning seat is 0-1"):
        SeatEnv("eras", players=2, seat=2)
    with pytest.raises(ValueError, match="one per other seat"):
        SeatEnv("eras", players=3, bots=["random"])
    with pytest.raises(AgentError, match="no bot called"):
        SeatEnv("eras", players=2, bots="oracle")
    with pytest.raises(MalformedInput):
        SeatEnv("eras", players=9)


def test_the_readme_example_runs(capsys):
    section = README.read_text().split("## Learning agents")[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    exec(compile(code, "README.md", "exec"), {})
    assert re.fullmatch(r"reward at the end: (0\.0|0\.5|1\.0)\n", capsys.readouterr().out)


def test_a_learner_chooses_an_action_in_parts_and_sees_what_it_picked():
    env = SeatEnv("deeper", players=2, seat=0)
    obs, info = env.reset(seed=4)
    vector = env.game.observation_layout(2).size
    rng = np.random.default_rng(4)
    parts = 0
    done = False
    while not done:
        before = env.position.to_json()
        obs, reward, done, truncated, info = env.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        if env.position.to_json() == before and not done:
            parts += 1
            assert reward == 0.0 and obs[vector:].sum() == len(env.choice.chosen) > 0
    assert parts > 10 and reward == env.position.returns()[0]


def test_an_id_that_may_not_come_next_changes_nothing_and_says_why():
    env = SeatEnv("deeper", players=2, seat=0)
    obs, info = env.reset(seed=1)
    before = env.position.to_json()
    tile = next(i for i in range(env.codec.size) if env.codec.part_text(i).startswith("tile "))
    after, reward, done, truncated, info = env.step(tile)
    assert env.position.to_json() == before and np.array_equal(after, obs)
    assert info["illegal"] == f"the action id {tile} is not one of the choices now"


@pytest.mark.parametrize("vector", ["sync", "async"])
def test_gymnasiums_vector_environments_run_seat_environments_side_by_side(vector):
    from gymnasium.vector import AsyncVectorEnv, SyncVectorEnv

    kind = SyncVectorEnv if vector == "sync" else AsyncVectorEnv

    def make():
        return gymnasium.make("lapilli/Seat-v0", game="foggy_island", players=2, seat=0)

    envs = kind([make] * (2 if vector == "sync" else 3))
    try:
        obs, info = envs.reset(seed=3)
        assert obs.shape == (envs.num_envs, 1142) and obs.dtype == np.float32
        rng = np.random.default_rng(3)
        ended, rewards = 0, set()
        for _ in range(400):
            masks = info["action_mask"]
            actions = [int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks]
            obs, reward, terminated, truncated, info = envs.step(np.array(actions))
            ended += int(terminated.sum())
            rewards |= {float(r) for r, t in zip(reward, terminated, strict=True) if t}
        assert ended >= envs.num_envs and rewards <= {0.0, 0.5, 1.0}
    finally:
        envs.close()
