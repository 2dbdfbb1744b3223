"""Foggy Island's tunable numbers (prices, the quick game's coins), its facts for the lab,
and restricted play's features (hiring one mercenary)."""

import random

import pytest

from lapilli.agents import make_agent
from lapilli.core.errors import IllegalAction, OptionError
from lapilli.core.loop import play
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island.facts import FEATURES, facts
from lapilli.games.foggy_island.round import between_rounds
from lapilli.games.foggy_island.state import winning_side

from .helpers import act, new, play_randomly

MERC = {"mode": "mercenaries"}


def test_the_default_prices_are_the_rulebooks_and_a_game_with_them_says_nothing_more():
    game = FoggyIsland()
    assert game.options.price("crow") == 5 and game.options.price("cat") == 12
    assert game.options.quick_coins == 80 and game.options.prices() == {}
    assert "prices" not in new(**MERC).observation(0)


def test_the_rules_read_a_tuned_price_everywhere_a_price_counts():
    s = new(**MERC, cat_price=3, crow_price=20)
    s.points, s.coins, s.round, s.stack = [[5, 3]], [14, 3], 1, []
    between_rounds(s)
    act(s, "done")
    hires = {a.arg("mercenary") for a in s.legal_actions() if a.kind == "hire"}
    assert "cat" in hires and "crow" not in hires  # 3 is affordable, 20 is not
    cat = next(a for a in s.legal_actions() if a.arg("mercenary") == "cat")
    assert s.action_text(cat) == "hire Cat (3 coins, replaces a pig)"
    events = s.apply(cat)
    assert s.coins[0] == 11 and events[0]["cost"] == 3
    assert s.observation(0)["prices"] == {"cat": 3, "crow": 20}
    with pytest.raises(IllegalAction, match="costs 20 coins; your side has 11"):
        act(s, "hire", mercenary="crow")


def test_a_tie_on_coins_is_broken_by_the_prices_paid_in_this_game():
    s = new(**MERC, cat_price=1)
    s.coins, s.hired, s.stack = [20, 20], [["cat"], ["crow"]], []
    assert winning_side(s) == 1  # the Crow (5) cost more than this game's Cat (1)


def test_the_quick_game_starts_with_the_tuned_coins():
    s = new(variant="quick", quick_coins=30)
    while s.coins != [30, 30]:
        s.apply(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    assert s.coins == [30, 30]


def test_a_price_out_of_its_range_is_refused_in_words():
    with pytest.raises(
        OptionError,
        match="option crow_price: -1 is not a valid int \\(a whole number\\) from 0 to 200",
    ):
        FoggyIsland.with_options_json({"crow_price": -1})


def test_the_facts_of_a_game_count_its_rounds_turns_weather_and_hires():
    rng = random.Random(5)
    s = FoggyIsland(variant="quick").new_state(2)
    events = []
    play(
        s,
        [lambda st, seat: rng.choice(st.legal_actions())] * 2,
        rng,
        on_step=lambda st, seat, a, ev: events.extend(ev),
    )
    found = facts(s, events)
    assert found.rounds == len(s.points) >= 2
    assert found.turns == sum(e["type"] == "placed" for e in events) > 0
    weather = [f for f in found.facts if f.name == "weather"]
    assert len(weather) == 1 and weather[0].round == 1  # the quick game: one chosen weather
    hires = [f for f in found.facts if f.name == "hired"]
    assert sorted((f.seat % 2, f.item) for f in hires) == sorted(
        (side, k) for side in (0, 1) for k in s.hired[side]
    )
    assert all(f.value == FoggyIsland().options.price(f.item) for f in hires)
    points = [f for f in found.facts if f.name == "points"]
    assert sum(f.value for f in points if f.seat == 0) == sum(p[0] for p in s.points)


def test_a_bot_forbidden_a_mercenary_never_hires_it():
    game = FoggyIsland(variant="quick")  # the greedy bot hires nearly every mercenary there
    hired = []
    for seed in range(2):
        state = game.new_state(2)
        rng = random.Random(seed)
        bots = [make_agent("greedy", seed=seed), make_agent("greedy", seed=seed + 1)]
        bots[0].forbidden = (FEATURES["crow"], FEATURES["cat"])
        play(state, [b.act for b in bots], rng)
        hired.append(state.hired)
    assert all("crow" not in h[0] and "cat" not in h[0] for h in hired)
    assert any("crow" in h[1] or "cat" in h[1] for h in hired)  # its opponent does hire them


def test_every_mercenary_is_a_feature_and_only_its_hire_uses_it():
    s = play_randomly(new(**MERC), random.Random(1))
    assert set(FEATURES) == {
        "fox",
        "turtle",
        "cat",
        "mouses",
        "snake",
        "chameleon",
        "crow",
        "mole",
        "prairie_dog",
        "hippo",
        "frog",
    }
    from lapilli.games.foggy_island import actions as A

    assert FEATURES["crow"].uses(s, A.HIRE["crow"]) and not FEATURES["crow"].uses(s, A.HIRE["cat"])
    assert not FEATURES["crow"].uses(s, A.CHOOSE["crow"])
