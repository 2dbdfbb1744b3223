"""Property tests over random legal games: conservation, secrecy, replay, copies."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from lapilli.core.records import Record
from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.foggy_island import FoggyIsland

CONFIGS = [
    ({}, 2),
    ({"mode": "weather"}, 2),
    ({"mode": "mercenaries"}, 2),
    ({"variant": "quick"}, 2),
    ({"variant": "team"}, 4),
]


def tokens_of_side(s, side):
    """Every token of one side wherever it is: map, hands, piles, team pool."""
    counts = Counter()
    for t, token in enumerate(s.board):
        if token is None or token[1] % 2 != side:
            continue
        if token[0] == "hippo" and token[1] in s.hippo and t != min(s.hippo[token[1]]):
            continue  # a Hippo lying on two tiles is one token
        counts[token[0]] += 1
    for p in s.side_seats(side):
        counts.update(s.hands[p].items)
        counts.update(s.piles[p].items)
    for pool in s.pool[side : side + 1]:
        counts.update(pool.items)
    return counts


def random_walk(options, players, seed):
    game = FoggyIsland(**options)
    s = game.new_state(players)
    rng = random.Random(seed)
    actions = []
    yield s
    while not s.is_terminal():
        action = (
            sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions())
        )
        actions.append(action)
        s.apply(action)
        yield s


@settings(max_examples=25, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_every_token_is_somewhere_and_piles_hold_18(config, seed):
    for s in random_walk(*config, seed):
        for side in (0, 1):
            assert tokens_of_side(s, side) == Counter(s.composition(side))
            assert sum(s.composition(side).values()) == 18
        for p in range(s.players):
            assert len(s.hands[p]) <= 5


@settings(max_examples=15, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), probe=st.integers(0, 10**6))
def test_no_seat_sees_another_seats_hidden_tokens(config, seed, probe):
    rng = random.Random(probe)
    for i, s in enumerate(random_walk(*config, seed)):
        if i % 17:
            continue
        for seat in range(s.players):
            # change everything the seat cannot see: its view must not change
            other = s.determinize(seat, rng)
            assert other.observation(seat) == s.observation(seat)
            text = json.dumps(s.observation(seat))
            for p in range(s.players):
                if p != seat and s.hands[p]:
                    assert json.dumps({"count": len(s.hands[p])}) in text
            for token in s.board:
                if token and not token[2] and token[1] != seat and not s.is_terminal():
                    assert token[0] not in json.dumps(
                        [
                            v
                            for v in s.observation(seat)["board"]
                            if v and v["seat"] == token[1] and not v["face_up"]
                        ]
                    )


@settings(max_examples=20, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6))
def test_a_record_replays_to_the_same_final_state(config, seed):
    options, players = config
    game = FoggyIsland(**options)
    s = game.new_state(players)
    record = Record(game.id, players, ["random"] * players, game.options_json())
    rng = random.Random(seed)
    while not s.is_terminal():
        action = (
            sample_chance(s, rng) if s.current_player() == CHANCE else rng.choice(s.legal_actions())
        )
        record.actions.append(action)
        s.apply(action)
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    assert again.replay().to_json() == s.to_json()


@settings(max_examples=20, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 10**6), cut=st.integers(0, 400))
def test_json_round_trip_and_clones_are_independent(config, seed, cut):
    for i, s in enumerate(random_walk(*config, seed)):
        if i < cut and not s.is_terminal():
            continue
        snapshot = s.to_json()
        assert s.game.state_from_json(json.loads(json.dumps(snapshot))).to_json() == snapshot
        twin = s.clone()
        if not twin.is_terminal():
            rng = random.Random(seed)
            for _ in range(10):
                if twin.is_terminal():
                    break
                twin.apply(
                    sample_chance(twin, rng)
                    if twin.current_player() == CHANCE
                    else rng.choice(twin.legal_actions())
                )
        assert s.to_json() == snapshot
        break
