"""Property tests over random legal games: conservation and hidden information."""

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lapilli.core import Record, sample_chance
from lapilli.games.volcanique import Volcanique
from lapilli.games.volcanique.components import KIND_COUNT, LIMITS, SOIL, VOLCANO
from lapilli.games.volcanique.powers import has_power

from .helpers import conserved, step

LAND = sum(KIND_COUNT.values())


def check_invariants(s):
    assert conserved(s), "critters across hand / board / crater / grid"
    for b in range(3):
        assert sum(r[b] for r in s.resources) + s.supply[b] == LIMITS["resource_supply"]
        assert all(r[b] >= 0 for r in s.resources) and s.supply[b] >= 0
    # tiles on the map or taken out of the game by Erosion
    codes = [c for st_ in s.stacks.values() for c in st_] + s.removed
    # a bought tile is in the buyer's hand while its place is chosen
    in_hand = 1 if step(s) in ("place", "rotate") else 0
    bought = ("erupt", "escapes", "volcano_lands")
    volcano_in_hand = any(f.step.name in bought and getattr(f.args, "main", True) for f in s.stack)
    assert sum(1 for c in codes if c >= 0) + sum(s.tiles.values()) + in_hand == LAND
    super_top = 1 if s.super_volcano else 0  # the second volcano tile of a super volcano
    assert (
        sum(1 for c in codes if c == VOLCANO) + s.volcano_tiles + volcano_in_hand + super_top
        == LIMITS["volcano_tiles"]
    )
    assert sum(1 for c in codes if c == SOIL) + len(s.lava) + s.lava_tiles == LIMITS["lava_tiles"]
    assert s.crater == [min(c, 3) for c in s.crater]
    # one owner per biome after every resolution (or owners who all cooperate), except
    # while it is pending
    if not {f.step.name for f in s.stack} & {"migrate", "remove", "evacuate"}:
        for counts in s.biome_counts().values():
            owners = [o for o in range(s.players) if counts[o]]  # (burrowed ones aside)
            assert len(owners) <= 1 or all(has_power(s, o, "cooperative_critters") for o in owners)
    # nobody sees another seat's Caldera cards
    if s.stage != "over":
        for seat in range(s.players):
            view = json.dumps(s.observation(seat))
            for other in range(s.players):
                if other != seat:
                    for card in s.caldera_hands[other].items:
                        if (
                            card not in s.caldera_hands[seat]
                            and card not in s.grid.values()
                            and card not in s.caldera_discard
                        ):
                            assert card not in view


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.sampled_from([2, 3, 4, 5]))
def test_random_games_conserve_pieces_and_hide_cards(seed, players):
    rng = random.Random(seed)
    game = Volcanique()
    s = game.new_state(players)
    record = Record(game.id, players, ["random"] * players, game.options_json())
    steps = 0
    while not s.is_terminal():
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        record.actions.append(a)
        s.apply(a, check=False)
        steps += 1
        if steps % 7 == 0 or s.is_terminal():
            check_invariants(s)
    # replay determinism
    assert record.replay(game=game).to_json() == s.to_json()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(20, 300))
def test_a_position_restored_from_json_plays_on_identically(seed, cut):
    rng = random.Random(seed)
    game = Volcanique()
    s = game.new_state(3)
    actions = []
    while not s.is_terminal():
        a = sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions())
        actions.append(a)
        s.apply(a)
    t = game.new_state(3)
    for a in actions[:cut]:
        t.apply(a)
    u = game.state_from_json(json.loads(json.dumps(t.to_json())))
    for a in actions[cut:]:
        t.apply(a)
        u.apply(a)
    assert u.to_json() == t.to_json() == s.to_json()


def test_a_damaged_position_is_refused_with_a_message():
    import pytest

    from lapilli.core import MalformedInput

    game = Volcanique()
    good = game.new_state(2).to_json()
    for damage in (
        {"stack": [{"step": "nonsense", "seat": 0}]},
        {"tiles": []},
        {"board": [[0, 0, [999]]]},
        {"hand": [21]},
        {"stack": [["bogus", 0]]},
    ):
        with pytest.raises(MalformedInput):
            game.state_from_json({**good, **damage})
    bad = dict(good)
    del bad["critters"]
    with pytest.raises(MalformedInput, match="critters"):
        game.state_from_json(bad)
    with pytest.raises(MalformedInput):
        game.state_from_json([1, 2])
