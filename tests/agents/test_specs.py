"""Bots are named with typed parameters; a bad name or parameter fails with a plain sentence."""

import pytest

from lapilli.agents import (
    AGENTS,
    AgentError,
    GreedyAgent,
    MCTSAgent,
    RandomAgent,
    make_agent,
    parse_spec,
    split_specs,
)


def test_every_bot_is_registered():
    assert set(AGENTS) >= {"random", "greedy", "mcts"}
    assert isinstance(make_agent("random"), RandomAgent)
    assert isinstance(make_agent("greedy"), GreedyAgent)
    assert isinstance(make_agent("mcts"), MCTSAgent)


def test_parameters_are_typed():
    bot = make_agent("mcts:iters=2000,seconds=1.5,c=0.3,cutoff=0")
    assert (bot.iters, bot.seconds, bot.c, bot.cutoff) == (2000, 1.5, 0.3, 0)
    assert isinstance(bot.iters, int) and isinstance(bot.seconds, float)
    assert make_agent("mcts:iters=2k").iters == 2000
    assert make_agent("greedy:depth=1,chance=3").depth == 1


def test_colons_also_separate_parameters():
    assert parse_spec("mcts:iters=5:cutoff=0") == ("mcts", {"iters": "5", "cutoff": "0"})
    assert make_agent("mcts:iters=5:cutoff=0").cutoff == 0


def test_a_list_of_bots_keeps_each_bots_parameters():
    assert split_specs("random,mcts:iters=500,c=0.5,greedy") == [
        "random",
        "mcts:iters=500,c=0.5",
        "greedy",
    ]
    assert split_specs("human, mcts:iters=2000 ,greedy") == ["human", "mcts:iters=2000", "greedy"]
    assert split_specs("greedy,depth=1") == ["greedy:depth=1"]


def test_budget_defaults_and_seconds_alone():
    assert make_agent("mcts").iters == MCTSAgent.DEFAULT_ITERS
    bot = make_agent("mcts:seconds=0.5")
    assert bot.iters == 0 and bot.seconds == 0.5


@pytest.mark.parametrize(
    "spec, words",
    [
        ("alphazero", ["no bot called 'alphazero'", "random", "mcts"]),
        ("mcts:depth=3", ["mcts bot has no parameter depth", "iters"]),
        ("random:iters=3", ["random bot has no parameter iters", "none"]),
        ("mcts:iters=abc", ["parameter iters must be a whole number", "'abc'"]),
        ("mcts:iters=1.5", ["whole number"]),
        ("mcts:seconds=fast", ["parameter seconds must be a number"]),
        ("mcts:seconds=nan", ["must be a number"]),
        ("mcts:iters=-5", ["iters must be a whole number from 0 to", "'-5'"]),
        ("mcts:iters=1000000000", ["iters must be a whole number from 0 to 100000000"]),
        ("mcts:playout=1.0", ["playout must be true or false", "'1.0'"]),
        ("mcts:guide=leaf", ["guide must be one of root, own, all"]),
        ("mcts:iters=0", ["needs a budget"]),
        ("mcts:iters=0,seconds=0", ["needs a budget"]),
        ("mcts:iters", ["key=value", "'iters'"]),
        ("mcts:iters=1,iters=2", ["given twice"]),
        ("greedy:depth=0", ["depth must be a whole number from 1 to 50"]),
        ("random:seed=1", ["random bot takes no seed parameter", "--seed"]),
        ("greedy:seed=1", ["greedy bot takes no seed parameter"]),
        ("mcts:seed=1,iters=5", ["mcts bot takes no seed parameter"]),
        ("greedy:depth=", ["needs a value"]),
        (":iters=3", ["starts with the bot's name"]),
    ],
)
def test_bad_specs_say_what_is_wrong(spec, words):
    with pytest.raises(AgentError) as info:
        make_agent(spec)
    for word in words:
        assert word in str(info.value)


def test_describe_lists_parameters():
    text = MCTSAgent.describe()
    assert "iters=0" in text and "seconds" in text


def test_boolean_parameters():
    assert make_agent("mcts:chain=0").chain is False
    assert make_agent("mcts:chain=yes").chain is True
    with pytest.raises(AgentError, match="true or false"):
        make_agent("mcts:chain=maybe")


def test_values_given_in_python_are_of_their_type():
    """Only texts are read; a value from Python must already be of the parameter's type."""
    assert MCTSAgent(iters=5).iters == 5
    assert MCTSAgent(seconds=1).seconds == 1.0
    for wrong in ({"iters": True}, {"iters": 2.0}, {"playout": 1}):
        with pytest.raises(AgentError, match="must be"):
            MCTSAgent(**wrong)
