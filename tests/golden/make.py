"""Regenerate the golden playthroughs: ``python tests/golden/make.py GAME ...``.

``python tests/golden/make.py --redigest GAME ...`` keeps each file's recorded game and
recomputes only its digests: for a deliberate change of words (a log line, an action's
text) the games stay the same actions, and only what is read along them changes.

Each file holds a game's record (bots' moves, chance sampled) and, for every step, a
digest of everything a player or a program reads there: the events, the log lines, each
seat's and a spectator's observation, the text of the actions offered, each seat's
numeric view, and the scores. The test replays the record and compares step by step,
so a change of behaviour shows as the first step that differs (then look at why, and
regenerate only if the change is meant). The digests do not depend on how a position
is saved (``to_json``), so the engine's insides can change under them.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from lapilli.core import log
from lapilli.core.records import Record
from lapilli.core.registry import game_class
from lapilli.core.state import State
from lapilli.sim.runner import Setup, play_one

HERE = Path(__file__).parent
BOTS = ("random", "greedy")  # seats alternate between them: both reach corners of the rules


def _hash(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def step_digest(state: State, events: list[Any], lines: list[log.Entry]) -> str:
    """What every seat, a spectator and a program read after one step."""
    seats: list[int | None] = [*range(state.num_players), None]
    parts: dict[str, Any] = {
        "player": state.current_player(),
        "events": events,
        "log": [tuple(entry) for entry in lines],
        "observations": [state.observation(seat) for seat in seats],
        "legal": [[a.to_json(), state.action_text(a)] for a in state.legal_actions()],
        "scores": state.scores(),
        "returns": state.returns(),
    }
    if state.game.parts.numeric is not None:
        parts["numeric"] = [state.numeric(seat).tobytes().hex() for seat in range(len(seats) - 1)]
    return _hash(parts)


def trace(record: Record) -> list[str]:
    """The digest of the start and of each step of a replayed record."""
    game = record.make_game()
    state = record.first_position(game)
    digests = [step_digest(state, [], [])]
    for action in record.actions:
        events, lines = log.play(state, action)
        digests.append(step_digest(state, events, lines))
    return digests


def make(game_id: str, seeds: tuple[int, ...] = (1, 2)) -> None:
    cls = game_class(game_id)
    for options, players in cls().conformance_configs():
        pairs = tuple(f"{k}={v}" for k, v in options.items())
        seats = tuple(BOTS[i % 2] for i in range(players))
        for seed in seeds:
            setup = Setup(game_id, pairs, seats, records=True)
            result = play_one(setup, 0, seed)
            assert result.record is not None
            record = Record.from_json(json.loads(result.record))
            name = "-".join([game_id, *[f"{k}={v}" for k, v in options.items()], f"{players}p"])
            data = {"record": record.to_json(), "steps": trace(record)}
            (HERE / f"{name}-{seed}.json").write_text(json.dumps(data) + "\n")


def redigest(game_id: str) -> None:
    """The same recorded games of ``game_id``, digested again by the current code."""
    for path in sorted(HERE.glob(f"{game_id}-*.json")):
        record = Record.from_json(json.loads(path.read_text())["record"])
        data = {"record": record.to_json(), "steps": trace(record)}
        path.write_text(json.dumps(data) + "\n")


if __name__ == "__main__":
    args = sys.argv[1:]
    again = args[:1] == ["--redigest"]
    for game in args[again:]:
        (redigest if again else make)(game)
