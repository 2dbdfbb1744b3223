"""Record random Volcanique games: ``python tests/games/volcanique/records/make.py``.

The first records were made before the port onto the shared turn flow (issue 8), so
that replaying them checked the port changed no behaviour; they are made again only
when a change of behaviour is meant (a reading put right, a power given its effect),
and the commit says which games changed and why. For each conformance set-up, a file
holds random games, each with its actions, the final scores, the final observation of
a spectator and of every seat, and two digests taken along the way: of the choices at
every step (who decides and the set of legal actions, or the chance outcomes with
their probabilities) and of the events every step caused.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from lapilli.core import CHANCE, Action, sample_chance
from lapilli.core.state import State

HERE = Path(__file__).parent
GAMES = 30


def setup_name(options: dict[str, Any], players: int) -> str:
    return "-".join([*[f"{k}={v}" for k, v in sorted(options.items())], f"{players}p"])


def choices(state: State) -> list[Any]:
    """Who decides now and what they may choose, order aside."""
    player = state.current_player()
    if player == CHANCE:
        return [player, sorted([str(a), round(p, 9)] for a, p in state.chance_outcomes())]
    return [player, sorted(str(a) for a in state.legal_actions())]


def play(game: Any, players: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    state = game.new_state(players)
    actions: list[Action] = []
    steps, events = hashlib.sha256(), hashlib.sha256()
    while not state.is_terminal():
        steps.update(json.dumps(choices(state)).encode())
        if state.current_player() == CHANCE:
            action = sample_chance(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        events.update(json.dumps(state.apply(action), sort_keys=True).encode())
    return {
        "seed": seed,
        "actions": [str(a) for a in actions],
        "scores": state.scores(),
        "choices": steps.hexdigest(),
        "events": events.hexdigest(),
        "spectator": state.observation(None),
        "seats": [state.observation(seat) for seat in range(players)],
    }


def parse(text: str) -> Action:
    """An action from its ``str`` form, ``kind name=value ...`` (the records' short form)."""
    kind, *pairs = text.split(" ")
    params: dict[str, Any] = {}
    for pair in pairs:
        name, value = pair.split("=", 1)
        params[name] = tuple(int(x) for x in value.split(",")) if "," in value else _scalar(value)
    return Action(kind, **params)


def _scalar(value: str) -> Any:
    try:
        return int(value)
    except ValueError:
        return value


def main() -> None:
    from lapilli.games.volcanique import Volcanique

    for options, players in Volcanique().conformance_configs():
        game = Volcanique.with_options_json(options)
        games = [play(game, players, seed) for seed in range(GAMES)]
        for record in games:  # the short form must read back as the same actions
            assert [str(parse(a)) for a in record["actions"]] == record["actions"]
        data = {"options": options, "players": players, "games": games}
        path = HERE / f"{setup_name(options, players)}.json.gz"
        path.write_bytes(gzip.compress(json.dumps(data).encode(), mtime=0))
        print(path.name, path.stat().st_size, file=sys.stderr)


if __name__ == "__main__":
    main()
