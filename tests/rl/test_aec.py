"""The PettingZoo environment passes PettingZoo's own API test and plays whole games."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

from lapilli.rl.aec import env  # noqa: E402

# PettingZoo's API test prefers a bare array, but a dict with the action mask beside the
# observation is its own convention for board games (as in its classic environments)
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


@pytest.mark.parametrize(
    "game, players, options",
    [
        ("foggy_island", 2, {"mode": "mercenaries"}),
        ("fuji", 3, {}),
        ("eras", 3, {}),
        ("deeper", 2, {}),  # actions in parts: the same agent steps until each is whole
        ("volcanique", 3, {}),
    ],
)
def test_pettingzoos_api_test_passes(game, players, options):
    api_test(env(game, players, options), num_cycles=200)


def test_masked_random_agents_play_a_game_to_its_end_and_share_the_result():
    e = env("foggy_island", 2)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    moves = 0
    for _ in e.agent_iter():
        observation, _reward, termination, truncation, _info = e.last()
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) and observation["observation"].dtype == np.float32
        e.step(int(rng.choice(legal)))
        moves += 1
    assert moves > 30 and e.position.is_terminal()
    assert sorted(e.position.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_the_same_seed_plays_the_same_game():
    def play(seed):
        e = env("eras", 2)
        e.reset(seed=seed)
        for _ in range(40):
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(np.flatnonzero(mask)[0]))
        return e.position.to_json()

    assert play(7) == play(7)


def test_only_the_agent_to_move_has_legal_actions():
    e = env("fuji", 3)
    e.reset(seed=1)
    waiting = [a for a in e.agents if a != e.agent_selection]
    assert e.observe(e.agent_selection)["action_mask"].any()
    assert not any(e.observe(a)["action_mask"].any() for a in waiting)


def test_an_action_in_parts_takes_several_steps_of_the_same_agent():
    e = env("volcanique", 2)
    e.reset(seed=2)
    rng = np.random.default_rng(2)
    vector = e.game.observation_layout(2).size
    parts = 0
    for _ in range(400):
        agent = e.agent_selection
        observation = e.observe(agent)
        legal = np.flatnonzero(observation["action_mask"])
        before = e.position.to_json()
        e.step(int(rng.choice(legal)))
        if e.position.to_json() == before:  # a part: nothing played yet
            parts += 1
            assert e.agent_selection == agent
            picked = e.observe(agent)["observation"][vector:]
            assert picked.sum() == len(e.choice.chosen) > 0
            others = [a for a in e.agents if a != agent]
            assert not any(e.observe(a)["observation"][vector:].any() for a in others)
    assert parts > 50
