"""Every action offered anywhere is refused elsewhere with a reason, never a crash."""

import random
import re

from lapilli.core import IllegalAction
from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.eras import Eras

RAW = re.compile(r"=|\b[a-z]+_[a-z]+\b")  # "kind key=value" or a snake_case name


def test_any_action_at_any_moment_is_either_legal_or_refused_in_words():
    rng = random.Random(7)
    game = Eras()
    positions, pool = [], set()
    for players in (2, 3):
        s = game.new_state(players)
        while not s.is_terminal():
            if rng.random() < 0.05:
                positions.append(s.clone())
            if s.current_player() == CHANCE:
                outcomes = [a for a, _ in s.chance_outcomes()]
                pool.update(outcomes)
                action = sample_chance(s, rng)
            else:
                pool.update(s.legal_actions())
                action = rng.choice(s.legal_actions())
            s.apply(action)
    pool = sorted(pool)
    assert len(pool) > 100
    for s in positions:
        allowed = set(s.legal_actions()) | {a for a, _ in s.chance_outcomes()}
        before = s.to_json()
        for action in rng.sample(pool, 60):
            if action in allowed:
                continue
            try:
                s.apply(action)
            except IllegalAction as exc:
                assert str(exc) and not RAW.search(str(exc)), str(exc)
            else:
                raise AssertionError(f"{action} was applied although not allowed")
            assert s.to_json() == before
