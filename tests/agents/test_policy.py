"""A learned policy at the table: ``--seats human,policy:FILE``, and only there."""

from __future__ import annotations

import random
import runpy
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from lapilli.agents import AgentError
from lapilli.agents.policy import PolicyAgent, save_policy
from lapilli.agents.table import TableSetup
from lapilli.cli.main import app
from lapilli.core.records import Record
from lapilli.core.registry import game_class
from lapilli.core.state import sample_chance

EXAMPLE = Path(__file__).parents[2] / "examples" / "foggy_policy_gradient.py"


def policy_file(path: Path, game_id: str = "foggy_island", players: int = 2, **options) -> str:
    """A linear policy of small random weights for a set-up, saved as a learner saves it."""
    game = game_class(game_id).with_options_json(options)
    codec = game.action_codec(players)
    size = game.observation_layout(players).size + codec.choice_size
    rng = np.random.default_rng(1)
    file = path / f"{game_id}.npz"
    save_policy(file, game, players, rng.normal(size=(codec.size, size)), np.zeros(codec.size))
    return str(file)


def invoke(*args: str, input: str | None = None):
    return CliRunner().invoke(app, list(args), input=input, catch_exceptions=False)


def test_a_policy_plays_a_whole_game_at_the_table(tmp_path):
    file = policy_file(tmp_path)
    save = tmp_path / "game.json"
    seats = f"policy:{file},random"
    result = invoke("play", "foggy_island", "--seats", seats, "--seed", "5", "--save", str(save))
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output
    record = Record.load(save)
    assert record.seats == [f"policy:{file}", "random"] and record.replay().is_terminal()


def test_a_human_plays_against_a_policy(tmp_path):
    file = policy_file(tmp_path)
    keys = "\n".join(["wolf"] * 5 + ["quit"]) + "\n"
    result = invoke(
        "play", "foggy_island", "--seats", f"human,policy:{file}", "--seed", "1",
        "--save", "/dev/null", input=keys,
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Blue has chosen their opening hand (5 tokens)" in result.output  # the policy


def test_a_policy_of_another_set_up_or_no_policy_at_all_is_refused_in_one_line(tmp_path):
    file = policy_file(tmp_path)
    other = invoke("play", "foggy_island", "-o", "mode=weather", "--seats", f"policy:{file}")
    assert "plays foggy_island with the options" in other.output and other.exit_code != 0
    assert "Traceback" not in other.output
    junk = tmp_path / "junk.npz"
    junk.write_text("not a policy")
    for bad in (junk, tmp_path / "missing.npz"):
        result = invoke("play", "foggy_island", "--seats", f"policy:{bad},random")
        assert "cannot read the policy" in result.output and result.exit_code != 0


def test_a_web_table_takes_no_policy_seat(tmp_path):
    file = policy_file(tmp_path)
    with pytest.raises(AgentError, match="only the command line"):
        TableSetup(game="foggy_island", seats=["human", f"policy:{file}"]).build()


def test_a_policy_chooses_actions_in_parts_legal_to_the_end(tmp_path):
    agent = PolicyAgent(seed=3, file=policy_file(tmp_path, "deeper"))
    game = game_class("deeper")()
    state, rng = game.new_state(2), random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
        elif state.current_player() == 0:
            state.apply(agent.act(state, 0))  # checked: a legal action
        else:
            state.apply(rng.choice(state.legal_actions()))


def test_the_example_trains_saves_and_measures_a_policy(tmp_path, monkeypatch, capsys):
    pytest.importorskip("gymnasium")
    out = tmp_path / "p.npz"
    argv = [str(EXAMPLE), "--minutes", "0.02", "--batch", "4", "--games", "4", "--out", str(out)]
    monkeypatch.setattr(sys, "argv", argv)
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    assert "against the random bot" in capsys.readouterr().out
    PolicyAgent(file=str(out)).check(game_class("foggy_island")(), 2)
