"""Record random Foggy Island games: ``python tests/games/foggy_island/records/make.py``.

Made first with the engine from before the port onto the shared turn flow (issue 8), so
that ``test_records.py`` could check that the port changed no behaviour; made anew for
issue 15, which changes every view (the live lines and points) and the course of the
quick games (one weather chosen from all three) and the team games (the hired
mercenaries shared out evenly). Regenerate only for a deliberate change. Each set-up of
``FoggyIsland().conformance_configs()`` gets 30 random games (chance sampled, decisions
picked uniformly, as the conformance suite plays); the set-ups with mercenaries get 10
more games of a player keen on hiring and on placing mercenaries face up (so that every
ability shows up). They are stored gzip-compressed, each with:

- its actions (decisions and chance outcomes, as in a game record);
- the final scores, returns and the final ``observation`` of a spectator and every seat;
- digests of what happens on the way: who is to move with the legal actions (their
  menu texts, whether secret) or the chance outcomes at every step; the events of every
  step and every seat's and a spectator's log lines; every seat's observation after
  each step (without ``ctx``, the old engine's notes on the turn in progress, which the
  port replaces with the pending step's arguments).

``make.py redigest`` keeps every stored game's actions and refreshes what they show, after
a deliberate change of texts or views.
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
from lapilli.games.foggy_island import FoggyIsland

HERE = Path(__file__).parent
GOLDEN = HERE.parents[2] / "golden"
RANDOM_GAMES = 30
KEEN_GAMES = 10
FLOW_NOTES = ("ctx", "step", "decision")
"""Observation keys that describe the turn flow's internals (old and new), not the game."""


def keen(s, rng: random.Random) -> Action:
    """Hires, plays mercenaries face up and uses their abilities whenever it can."""
    legal = s.legal_actions()
    wanted = [
        a
        for a in legal
        if a.kind == "hire"
        or (a.kind == "choose" and a.arg("face") is None and a.arg("token") in MERCENARY_KINDS)
    ]
    if wanted and rng.random() < 0.7:
        return rng.choice(wanted)
    acting = [a for a in legal if a.kind not in ("pass", "done")]
    if acting and rng.random() < 0.7:
        return rng.choice(acting)
    return rng.choice(legal)


MERCENARY_KINDS = {
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


def uniform(s, rng: random.Random) -> Action:
    return rng.choice(s.legal_actions())


POLICIES = {"random": uniform, "keen": keen}


def file_name(options: dict[str, Any], players: int) -> str:
    parts = ["foggy_island", *[f"{k}={v}" for k, v in options.items()], f"{players}p"]
    return "-".join(parts) + ".json.gz"


def game_view(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in FLOW_NOTES}


class Trace:
    """Digests of a game's course, fed step by step; ``view`` picks what of each
    observation is compared."""

    def __init__(self, players: int, view=game_view) -> None:
        self.view = view
        self.viewers = [None, *range(players)]
        self.flow = hashlib.sha256()
        self.events = hashlib.sha256()
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
        self.events.update((json.dumps(events, sort_keys=True) + "\n").encode())
        for v in self.viewers:
            lines = [s.event_text(e) for e in events if e.get("private") in (None, v)]
            self.logs[v].update(("\n".join([str(action), *lines]) + "\n").encode())
            view = self.view(s.observation(v))
            self.views.update(json.dumps(view, sort_keys=True).encode())

    def digests(self) -> dict[str, Any]:
        return {
            "flow": self.flow.hexdigest(),
            "events": self.events.hexdigest(),
            "logs": {str(v): h.hexdigest() for v, h in self.logs.items()},
            "views": self.views.hexdigest(),
        }


def play(
    game: FoggyIsland,
    players: int,
    seed: int,
    policy: str,
    actions: list[Action] | None = None,
    view=game_view,
):
    """A game played by ``policy`` (or the replay of ``actions``): the final state, the
    actions and the trace."""
    rng = random.Random(seed)
    s = game.new_state(players)
    trace = Trace(players, view)
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
    if actions is not None and len(played) != len(actions):
        raise AssertionError(f"the game ended after {len(played)} of {len(actions)} actions")
    return s, played, trace


def final(s, players: int, view=game_view) -> dict[str, Any]:
    return {
        "scores": s.scores(),
        "returns": s.returns(),
        "observations": {str(v): view(s.observation(v)) for v in [None, *range(players)]},
    }


def write(path: Path, data: Any) -> None:
    raw = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    path.write_bytes(gzip.compress(raw, 9, mtime=0))


def make() -> None:
    for options, players in FoggyIsland().conformance_configs():
        game = FoggyIsland(**options)
        runs = [("random", seed) for seed in range(RANDOM_GAMES)]
        if game.options.mercenaries:
            runs += [("keen", 1000 + seed) for seed in range(KEEN_GAMES)]
        games = []
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
        write(
            HERE / file_name(options, players),
            {"options": options, "players": players, "games": games},
        )


def redigest() -> None:
    """Replay every stored game's actions with today's engine and store what it shows:
    for a deliberate change of texts or views (issue 9: every event and chance outcome
    in the game's words, face-up placements marked as reveals)."""
    for path in [*sorted(HERE.glob("foggy_island-*.json.gz"))]:
        data = json.loads(gzip.decompress(path.read_bytes()))
        game = FoggyIsland(**data["options"])
        for item in data["games"]:
            actions = [Action.from_json(a) for a in item["actions"]]
            s, _, trace = play(game, data["players"], 0, "random", actions)
            item.update(final(s, data["players"]), **trace.digests())
        write(path, data)


if __name__ == "__main__":
    redigest() if sys.argv[1:] == ["redigest"] else make()
