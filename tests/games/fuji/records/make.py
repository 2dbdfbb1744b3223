"""Record random Fuji games: ``python tests/games/fuji/records/make.py``.

Made first with the engine before the port onto the shared turn flow (issue 8), so that
``test_records.py`` could check the port changed no behaviour; made anew for issue 15,
whose rule readings (phase 4 open until nobody acts, with a signal; the Lighter's
refusal; the Equipment manager giving at any time; villages never flipping) change the
course of every recorded game; made anew once more when the Duct tape and Compass step
stopped settling itself (whether a die still shows the number is its owner's secret).
Regenerate only for a deliberate rule change; ``make.py redigest`` keeps the games'
actions and refreshes what they show, after a deliberate change of texts. Each set-up of
``Fuji().conformance_configs()`` gets 30 random games (chance sampled, decisions picked
uniformly, as the conformance suite plays) and 10 games of a player keen on equipment
cards and rerolls (so that every card shows up), stored gzip-compressed, each with:

- its actions (decisions and chance outcomes, as in a game record);
- the final scores, returns and the final ``observation`` of a spectator and every seat;
- digests of what happens on the way: who is to move with the legal actions (their
  menu texts, whether secret) or chance outcomes at every step; every seat's and a
  spectator's log lines; every seat's observation after each step (without
  ``waiting_for`` and ``decision``, which name the turn flow's steps).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from lapilli.core.actions import Action
from lapilli.core.state import CHANCE, TERMINAL, sample_chance
from lapilli.games.fuji import Fuji

HERE = Path(__file__).parent
RANDOM_GAMES = 30
KEEN_GAMES = 10
KEEN = ("use", "select", "reroll", "give_card")


def keen(s, rng: random.Random) -> Action:
    legal = s.legal_actions()
    wanted = [a for a in legal if a[0] in KEEN]
    if wanted and rng.random() < 0.6:
        return rng.choice(wanted)
    return rng.choice(legal)


def uniform(s, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


POLICIES = {"random": uniform, "keen": keen}


def file_name(options: dict[str, Any], players: int) -> str:
    return "-".join(["fuji", *[f"{k}={v}" for k, v in options.items()], f"{players}p"]) + ".json.gz"


class Trace:
    """Digests of a game's course, fed step by step."""

    def __init__(self, players: int) -> None:
        self.viewers = [None, *range(players)]
        self.flow = hashlib.sha256()
        self.logs = {v: hashlib.sha256() for v in self.viewers}
        self.views = hashlib.sha256()

    def before(self, s) -> None:
        player = s.current_player()
        if player == CHANCE:
            items = [f"{a}:{p!r}" for a, p in s.chance_outcomes()]
        else:
            items = [f"{a}:{s.action_text(a)}:{s.is_secret(a)}" for a in s.legal_actions()]
        self.flow.update(f"{player}|{'|'.join(items)}\n".encode())

    def after(self, s, action: Action, events: list) -> None:
        for v in self.viewers:
            lines = [s.event_text(e) for e in events if e.get("private") in (None, v)]
            self.logs[v].update(("\n".join([str(action), *lines]) + "\n").encode())
            view = game_view(s.observation(v))
            self.views.update(json.dumps(view, sort_keys=True).encode())

    def digests(self) -> dict[str, Any]:
        return {
            "flow": self.flow.hexdigest(),
            "logs": {str(v): h.hexdigest() for v, h in self.logs.items()},
            "views": self.views.hexdigest(),
        }


FLOW_NOTES = ("waiting_for", "decision")
"""Observation keys that name the turn flow's steps (``decision`` came after these
records were made), not the game."""


def game_view(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in FLOW_NOTES}


def play(game: Fuji, players: int, seed: int, policy: str, actions: list[Action] | None = None):
    """A game played by ``policy`` (or the replay of ``actions``): the final state, the
    actions and the trace."""
    rng = random.Random(seed)
    s = game.new_state(players)
    trace = Trace(players)
    played: list[Action] = []
    while s.current_player() != TERMINAL:
        trace.before(s)
        if actions is not None:
            a = actions[len(played)]
        elif s.current_player() == CHANCE:
            a = sample_chance(s, rng)
        else:
            a = POLICIES[policy](s, rng)
        played.append(a)
        trace.after(s, a, s.apply(a))
    return s, played, trace


def final(s, players: int) -> dict[str, Any]:
    return {
        "scores": s.scores(),
        "returns": s.returns(),
        "observations": {
            str(v): {k: x for k, x in s.observation(v).items() if k != "decision"}
            for v in [None, *range(players)]
        },
    }


def make() -> None:
    for options, players in Fuji().conformance_configs():
        game = Fuji(**options)
        games = []
        runs = [("random", seed) for seed in range(RANDOM_GAMES)]
        runs += [("keen", 1000 + seed) for seed in range(KEEN_GAMES)]
        for policy, seed in runs:
            s, actions, trace = play(game, players, seed, policy)
            games.append(
                {
                    "policy": policy,
                    "seed": seed,
                    "actions": [a.to_json() for a in actions],
                    **final(s, players),
                    **trace.digests(),
                }
            )
        data = {"options": options, "players": players, "games": games}
        raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
        (HERE / file_name(options, players)).write_bytes(gzip.compress(raw, 9, mtime=0))


def redigest() -> None:
    """Replay every stored game's actions with today's engine and store what it shows:
    for a deliberate change of texts (the games stay the same actions)."""
    for path in sorted(HERE.glob("fuji-*.json.gz")):
        data = json.loads(gzip.decompress(path.read_bytes()))
        game = Fuji(**data["options"])
        for item in data["games"]:
            actions = [Action.from_json(a) for a in item["actions"]]
            s, _, trace = play(game, data["players"], 0, "random", actions)
            item.update(final(s, data["players"]), **trace.digests())
        raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
        path.write_bytes(gzip.compress(raw, 9, mtime=0))


if __name__ == "__main__":
    redigest() if sys.argv[1:] == ["redigest"] else make()
