"""Positions for bot tests: a seeded random game stopped where a seat has a real choice."""

from __future__ import annotations

import random

from lapilli.core import loop
from lapilli.core.registry import load_game
from lapilli.core.state import CHANCE, State, sample_chance


def position(
    game_id: str = "foggy_island",
    options: list[str] | None = None,
    players: int | None = None,
    seed: int = 0,
    steps: int = 40,
) -> State:
    """The first decision with two or more actions after ``steps`` random steps."""
    game = load_game(game_id, options or [])
    rng = random.Random(seed)
    state = game.new_state(players)
    taken = 0
    while not state.is_terminal():
        player = state.current_player()
        if player != CHANCE and taken >= steps and len(state.legal_actions()) > 1:
            return state
        if player == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        taken += 1
    raise AssertionError(f"{game_id} ended before a decision after {steps} steps")


def play(
    specs: list[str], seed: int, game_id: str = "foggy_island", options: list[str] | None = None
) -> tuple[list, State]:
    """A whole game between bots, every action checked by the rules: (actions, end)."""
    from lapilli.agents import make_agent

    game = load_game(game_id, options or [])
    state = game.new_state(len(specs))
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.randrange(2**31)) for spec in specs]
    actions: list = []
    loop.play(state, [a.act for a in agents], rng, on_step=lambda s, p, a, e: actions.append(a))
    return actions, state
