"""Volcanique's log speaks the rulebook's words: every event of random games reads as a
sentence (no raw lists, no engine names), and a few read exactly as written here."""

import random

import lapilli
from lapilli.core import sample_chance
from lapilli.games.volcanique.log import event_text


def test_every_event_of_random_games_reads_as_words():
    game = lapilli.load_game("volcanique")
    kinds = set()
    for seed, players in [(1, 2), (2, 3), (3, 4), (4, 2), (5, 3), (6, 5)]:
        state, rng = game.new_state(players), random.Random(seed)
        for _ in range(1500):
            if state.is_terminal():
                break
            if state.current_player() < 0:
                action = sample_chance(state, rng)
            else:
                action = rng.choice(state.legal_actions())
            for event in state.apply(action):
                line = event_text(state, event)
                assert line is not None, event  # no event left to the engine's fallback
                assert "[" not in line and "_" not in line and "None" not in line, line
                kinds.add(event["type"])
    assert {"moved", "collected", "claimed", "stacked", "game_over"} <= kinds


def test_events_read_as_written():
    state = lapilli.load_game("volcanique").new_state(2)
    said = {
        "Pink (P1) moves a critter from medium (0,0) to light (-1,0)": {
            "type": "moved",
            "seat": 0,
            "from": [0, 0, 1],
            "to": [-1, 0, 2],
        },
        "Blue (P2) collects 1 medium, 2 light": {
            "type": "collected",
            "seat": 1,
            "resources": [0, 1, 2],
        },
        "A contested biome is a tie (Pink (P1) 1, Blue (P2) 1): every critter there goes home": {
            "type": "contested",
            "winner": None,
            "counts": {"0": 1, "1": 1},
        },
        "Blue (P2) wins a contested biome (Pink (P1) 1, Blue (P2) 2)": {
            "type": "contested",
            "winner": 1,
            "counts": {"0": 1, "1": 2},
        },
        "Pink (P1) sacrifices a critter from their hand": {
            "type": "sacrificed",
            "seat": 0,
            "from": "hand",
        },
        "Lava flows into the ocean at (1,0)": {"type": "lava", "at": [1, 0], "ocean": True},
        "The end is near: the last land tile was placed": {
            "type": "end_triggered",
            "reason": "last_land_tile",
            "seat": 1,
        },
    }
    for text, event in said.items():
        assert state.event_text(event) == text
