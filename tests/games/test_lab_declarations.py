"""Each game's declarations for the balance lab: its tunable numbers (the rulebook's by
default, read by the rules when changed), its facts of a finished game, and the features
restricted play may forbid."""

import random

import pytest

from lapilli.core.loop import play, random_policy
from lapilli.core.registry import game_classes, load_game
from lapilli.core.state import CHANCE, sample_chance


def played(game, players, seed=1):
    """A random game to its end, and every event it caused."""
    rng = random.Random(seed)
    state = game.new_state(players)
    events = []
    play(
        state, [random_policy(rng)] * players, rng, on_step=lambda s, seat, a, ev: events.extend(ev)
    )
    return state, events


def until(state, name, rng=None):
    """Play chance and first choices until the step ``name`` waits."""
    rng = rng or random.Random(0)
    while state.pending().step.name != name:
        if state.current_player() == CHANCE:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game_id", list(game_classes()))
def test_every_game_declares_facts_and_features(game_id):
    cls = game_classes()[game_id]
    assert cls.parts.facts is not None and cls.parts.features
    for name, feature in cls.parts.features.items():
        assert name.isidentifier() and feature.help


@pytest.mark.parametrize(
    "game_id, players",
    [("deeper", 2), ("eras", 3), ("foggy_island", 2), ("fuji", 3), ("volcanique", 3)],
)
def test_the_facts_of_a_random_game_agree_with_its_end(game_id, players):
    game = load_game(game_id)
    state, events = played(game, players)
    found = game.parts.facts(state, events)
    assert found.rounds >= 1 and found.turns >= found.rounds
    for fact in found.facts:
        assert fact.seat is None or 0 <= fact.seat < players
        assert fact.round is None or 0 <= fact.round <= found.rounds + 1
    features = game.parts.features
    # every feature judges every legal action of a position without failing
    state = game.new_state(players)
    rng = random.Random(2)
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(sample_chance(state, rng))
            continue
        for feature in features.values():
            for action in state.legal_actions():
                assert feature.uses(state, action) in (True, False)
        state.apply(rng.choice(state.legal_actions()))


# -- Deeper -------------------------------------------------------------------------------
def test_deeper_reads_its_air_decks_and_actions():
    default = load_game("deeper").new_state(2)
    assert default.air == [4, 4] and [len(d) for d in default.decks] == [12] * 5
    s = load_game("deeper", air_start=2, deck_tiles=6, actions=3).new_state(2)
    assert s.air == [2, 2] and [len(d) for d in s.decks] == [6] * 5
    assert until(s, "act").pending().args.left == 3


def test_deeper_facts_count_drownings_and_builds():
    state, events = played(load_game("deeper", air_start=1), 2, seed=3)
    found = load_game("deeper").parts.facts(state, events)
    drowned = [f for f in found.facts if f.name == "drowned"]
    assert len(drowned) == sum(e["type"] == "drowned" for e in events) > 0
    assert found.rounds == state.round and found.turns == state.turns
    assert [f.seat for f in found.facts if f.name == "first player"] == [state.first]
    assert found.end in ("the last rocket card built", "the round limit")


# -- Eras ---------------------------------------------------------------------------------
def test_eras_reads_its_tokens_and_what_they_buy():
    from lapilli.games.eras.positions import position

    s = load_game("eras", tokens=8).new_state(3)
    assert s.tokens == [8, 8, 8] and s.box(0) == 0
    game = load_game("eras", recover=2, waterhole_recover=3)
    # Fish #2 has a waterhole: 2 + 3 back from the box at the start of the turn
    s = position(paths={0: ["fish-2"]}, tokens={0: 5}, game=game, players=2)
    assert s.tokens[0] == 10


def test_eras_facts_count_thunderbolts():
    state, events = played(load_game("eras"), 3, seed=4)
    found = load_game("eras").parts.facts(state, events)
    drawn = [f for f in found.facts if f.name == "thunderbolt drawn"]
    assert len(drawn) == sum(e["type"] == "thunderbolt" for e in events)
    assert found.turns == state.turns


# -- Fuji -----------------------------------------------------------------------------------
def test_fujis_stamina_track_is_tunable_and_the_rulebooks_by_default():
    game = load_game("fuji")
    assert game.options.injury_marks() == (5, 10, 15, 20) and game.options.stamina == 25
    s = game.new_state(3)
    assert "stamina_track" not in s.observation(0)
    tuned = load_game("fuji", stamina=12, injury_every=3).new_state(3)
    assert tuned.exhaustion == 12 and tuned.injury_marks == (3, 6, 9)
    assert tuned.observation(0)["stamina_track"] == {"exhaustion": 12, "injuries": [3, 6, 9]}


def test_fuji_collapses_at_the_tuned_exhaustion():
    from lapilli.games.fuji.movement import lose_stamina

    s = load_game("fuji", stamina=10).new_state(3)
    events = []
    lose_stamina(s, 0, 9, events)
    assert not s.result
    lose_stamina(s, 0, 1, events)
    assert s.cause.endswith("collapsed from exhaustion")


def test_fuji_facts_name_the_cause_of_a_defeat():
    state, events = played(load_game("fuji", stamina=8, level=4), 3, seed=5)
    found = load_game("fuji").parts.facts(state, events)
    assert found.rounds == state.round
    if state.returns()[0] == 0:
        assert found.end.startswith("defeat: ")
        assert [f.item for f in found.facts if f.name == "defeat"] == [found.end[8:]]


# -- Volcanique -------------------------------------------------------------------------------
def test_volcanique_reads_its_prices():
    from lapilli.games.volcanique.components import KINDS

    game = load_game("volcanique", uno_cost=4, trio_cost=1, volcano_cost=2, caldera_cost=2)
    costs = {k: game.options.tile_cost(i) for i, k in enumerate(KINDS)}
    assert set(costs.values()) == {4, 2, 1}  # Uno 4, Duo 2 (default), Trio 1
    default = load_game("volcanique").options
    assert [default.uno_cost, default.duo_cost, default.trio_cost, default.volcano_cost] == [
        2,
        2,
        3,
        5,
    ]
    assert default.caldera_cost == 1


def test_volcanique_facts_say_who_unlocked_which_power_and_how_the_game_ended():
    state, events = played(load_game("volcanique"), 2, seed=6)
    found = load_game("volcanique").parts.facts(state, events)
    unlocked = [f for f in found.facts if f.name == "power unlocked"]
    assert len(unlocked) == sum(1 for e in events if e["type"] == "unlocked" and e["power"])
    assert found.end and found.turns == state.turn


def test_volcaniques_rules_charge_the_tuned_prices():
    from lapilli.games.volcanique import actions as A
    from lapilli.games.volcanique.turn import may_buy_caldera

    from .volcanique.helpers import blank, give

    s = blank(caldera_cost=2, volcano_cost=7)
    give(s, 0, 1, 1, 1)
    assert not may_buy_caldera(s, 0)  # 2 of each, and the seat holds 1 of each
    give(s, 0, 1, 1, 1)
    assert may_buy_caldera(s, 0)
    assert s.action_text(A.BUY["volcano"]) == "buy a volcano (7 resources)"
