"""Every step's refusal is its rule: it allows each listed action and names a rule for
every other action of the kinds it lists."""

import random

import pytest

from lapilli.core.actions import Action
from lapilli.core.errors import IllegalAction
from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.foggy_island import FoggyIsland
from lapilli.games.foggy_island import actions as A

CONFIGS = FoggyIsland().conformance_configs()

EVERY_ACTION = [
    *A.TAKE.values(),
    *A.CHOOSE.values(),
    *A.CHOOSE_DOWN.values(),
    *A.PLACE,
    *A.HIPPO_SECOND,
    *A.HIPPO_KEEP,
    *A.FROG,
    *A.TARGET,
    *A.REPLACE.values(),
    *A.REMOVE_FOG,
    *A.KEEP_WEATHER.values(),
    *A.HIRE.values(),
    A.PASS,
    A.DONE,
]


def check_refusals(s) -> set[str]:
    frame = s.pending()
    legal = s.legal_actions()
    kinds = {a.kind for a in legal}
    before = s.to_json()
    for action in legal:
        assert frame.step.refuse(s, frame, action) is None, (frame, action)
    for action in EVERY_ACTION:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as refused:
            s.apply(action)
        if action.kind in kinds:
            reason = frame.step.refuse(s, frame, action)
            assert reason and str(refused.value) == reason, (frame, action)
    assert s.to_json() == before
    return {frame.step.name}


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_refusals_match_the_legal_actions_in_random_games(options, players):
    game = FoggyIsland(**options)
    steps_seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        s = game.new_state(players)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply(sample_chance(s, rng))
                continue
            if s.phase not in ("choose", "place") or rng.random() < 0.1:
                steps_seen |= check_refusals(s)
            s.apply(rng.choice(s.legal_actions()))
    assert {"opening", "choose", "place"} <= steps_seen


def test_a_refusal_names_the_rule_in_the_rulebooks_words():
    s = FoggyIsland(mode="weather").new_state(2)
    s.apply(A.WEATHER_CARD["cloudy"])
    s.apply(A.WEATHER_CARD["foggy"])
    with pytest.raises(IllegalAction, match=r"keep one of the two cards drawn \(cloudy or foggy\)"):
        s.apply(A.KEEP_WEATHER["sunny"])
    with pytest.raises(IllegalAction, match="Blue must act now. Weather: keep one"):
        s.apply(A.PLACE[0])


MALFORMED = [
    Action("draw", token="dragon"),
    Action("hire", mercenary="dragon"),
    Action("choose"),
    Action("place", tile="z9"),
    Action("target"),
    Action("remove_fog", board="middle"),
    Action("keep_weather", card="rain"),
]


@pytest.mark.parametrize(("options", "players"), CONFIGS)
def test_malformed_actions_are_refused_everywhere_and_change_nothing(options, players):
    s = FoggyIsland(**options).new_state(players)
    rng = random.Random(7)
    while not s.is_terminal():
        before = s.to_json()
        for action in MALFORMED:
            with pytest.raises(IllegalAction):
                s.apply(action)
        assert s.to_json() == before
        if s.current_player() == CHANCE:
            s.apply(sample_chance(s, rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
