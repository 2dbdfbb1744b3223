"""``refuse`` is the rule: it allows every listed action and names a rule for the others."""

import random
from collections import defaultdict

from lapilli.core.state import CHANCE, sample_chance

from .helpers import game


def test_refusals_agree_with_the_legal_actions_over_random_games():
    for players, seed in ((1, 0), (2, 1), (4, 2)):
        s = game().new_state(players)
        rng = random.Random(seed)
        seen = defaultdict(set)  # actions listed before at each step
        while not s.is_terminal() and s.round < 40:
            if s.current_player() == CHANCE:
                s.apply(sample_chance(s, rng))
                continue
            legal = s.legal_actions()
            frame = s.stack[-1]
            for a in legal:
                rule = s.game.parts.steps.free_kinds.get(a.kind) or frame.step
                if rule.refuse is not None:
                    assert rule.refuse(s, frame, a) is None, (frame.step.name, a)
            strangers = sorted(seen[frame.step.name] - set(legal))
            for a in rng.sample(strangers, min(8, len(strangers))):
                # an action of this step that is not allowed now names its rule
                assert "must act now" not in s.illegal_reason(a), (frame.step.name, a)
            seen[frame.step.name].update(legal)
            s.apply(rng.choice(legal))
