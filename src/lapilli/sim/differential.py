"""The two engines side by side: the same games on the compiled engine and on pure
Python, compared step by step (``docs/performance.md``, ``bench/differential.py``).

A game is played from a seed by bots on every seat (``random`` or ``greedy``), chance
drawn from the same seeded source, with every event told. Its *stream* is one line of
canonical JSON per thing the rules say: the legal actions (or chance outcomes with
their probabilities) before each step, the seat and action taken, the events it
returned, every seat's and a spectator's observation after it, and at the end the
scores, returns, winners and the whole position (``to_json``). Any difference of value
or of type (``1`` against ``true``, ``1`` against ``1.0``) changes a line.

The engine is chosen once per process (``lapilli._engine``), so each engine plays in a
subprocess of its own (``LAPILLI_PURE=1`` for pure Python): both print one digest per
game; where digests differ, both engines print that game's stream again and the first
line that differs is reported.

    python -m lapilli.sim.differential GAME:PLAYERS:BOT:GAMES[:FIRST_SEED] ...

plays the given games on both engines and says whether they agree (exit status 1 if
not; 2 if the compiled engine is not built or is out of date).
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

WORKER = "lapilli.sim.differential"


@dataclass(frozen=True)
class Batch:
    """Games of one game and player count, played by one kind of bot from seeds
    ``first`` to ``first + games - 1``."""

    game: str
    players: int
    bot: str  # "random" or "greedy", on every seat
    games: int
    first: int = 0

    @property
    def name(self) -> str:
        return f"{self.game}:{self.players}:{self.bot}:{self.games}:{self.first}"

    @classmethod
    def parse(cls, text: str) -> Batch:
        game, players, bot, games, *first = text.split(":")
        return cls(game, int(players), bot, int(games), int(first[0]) if first else 0)


@dataclass(frozen=True)
class Difference:
    batch: Batch
    seed: int
    line: int  # the first line of the stream that differs (0-based)
    pure: str
    compiled: str

    def __str__(self) -> str:
        return (
            f"{self.batch.game}, {self.batch.players} players, {self.batch.bot} bots, "
            f"seed {self.seed}: the engines part at line {self.line} of the game's stream\n"
            f"  pure:     {self.pure[:400]}\n  compiled: {self.compiled[:400]}"
        )


class EngineMissing(RuntimeError):
    """The compiled engine is not built, or is out of date."""


# -- one engine: the streams ---------------------------------------------------------------
def _line(*item: Any) -> str:
    return json.dumps(item, sort_keys=True, separators=(",", ":"), allow_nan=True)


def stream(game_id: str, players: int, bot: str, seed: int) -> Iterator[str]:
    """The lines of one game, played from ``seed`` on whichever engine this process runs."""
    from lapilli.agents import make_agent
    from lapilli.core.registry import load_game
    from lapilli.core.state import CHANCE, TERMINAL, sample_chance

    state = load_game(game_id).new_state(players)
    rng = random.Random(seed)
    agents = [make_agent(bot, seed=rng.randrange(2**31)) for _ in range(players)]
    seats: list[int | None] = [*range(players), None]
    yield _line("start", game_id, players, bot, seed)
    while (seat := state.current_player()) != TERMINAL:
        if seat == CHANCE:
            yield _line("outcomes", state.chance_outcomes())
            action = sample_chance(state, rng)
        else:
            yield _line("legal", state.legal_actions())
            action = agents[seat].act(state, seat)
        yield _line("action", seat, action)
        yield _line("events", state.apply(action))
        for viewer in seats:
            yield _line("observation", viewer, state.observation(viewer))
    yield _line("end", state.scores(), state.returns(), state.winners())
    yield _line("position", state.to_json())


def digest(lines: Iterator[str]) -> tuple[str, int]:
    """The SHA-256 of a stream and its number of lines."""
    h = hashlib.sha256()
    count = 0
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
        count += 1
    return h.hexdigest(), count


def _work(argv: Sequence[str]) -> int:
    """The subprocess: ``digests BATCH ...`` prints the engine then one digest per game;
    ``stream GAME PLAYERS BOT SEED`` prints one game's stream."""
    import lapilli

    print(json.dumps({"engine": lapilli.ENGINE}), flush=True)
    if argv[0] == "stream":
        game, players, bot, seed = argv[1], int(argv[2]), argv[3], int(argv[4])
        for line in stream(game, players, bot, seed):
            print(line)
        return 0
    for text in argv[1:]:
        batch = Batch.parse(text)
        for seed in range(batch.first, batch.first + batch.games):
            sha, lines = digest(stream(batch.game, batch.players, batch.bot, seed))
            print(json.dumps({"batch": batch.name, "seed": seed, "digest": sha, "lines": lines}))
    return 0


# -- both engines --------------------------------------------------------------------------
def _environment(pure: bool) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("LAPILLI_PURE", None)
    if pure:
        env["LAPILLI_PURE"] = "1"
    return env


def _start(args: Sequence[str], pure: bool) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", WORKER, "--worker", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=_environment(pure),
    )


def _finish(process: subprocess.Popen[str]) -> list[str]:
    out, err = process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"an engine's process failed:\n{err[-3000:]}")
    return out.splitlines()


def _both(args: Sequence[str]) -> tuple[list[str], list[str]]:
    """The output of the worker on pure Python and on the compiled engine, run at once
    (one core each); refuses to compare if the compiled engine is not the one running."""
    pure, compiled = _start(args, True), _start(args, False)
    pure_out, compiled_out = _finish(pure), _finish(compiled)
    engine = json.loads(compiled_out[0])["engine"]
    assert json.loads(pure_out[0])["engine"].startswith("pure"), pure_out[0]
    if not engine.startswith("compiled"):
        raise EngineMissing(
            f"the compiled engine is not in use ({engine}): python -m lapilli.build"
        )
    return pure_out[1:], compiled_out[1:]


def compiled_engine() -> str:
    """The engine a process gets when it does not ask for pure Python (``compiled
    (mypyc ...)`` once the engine is built and up to date)."""
    engine: str = json.loads(_finish(_start(["digests"], False))[0])["engine"]
    return engine


def compare(batches: Sequence[Batch]) -> tuple[int, list[Difference]]:
    """Play ``batches`` on both engines; the number of games played and where the
    engines part (at most one difference per batch, the first)."""
    pure, compiled = _both(["digests", *(b.name for b in batches)])
    if len(pure) != len(compiled):
        raise RuntimeError(f"the engines played {len(pure)} and {len(compiled)} games")
    by_name = {b.name: b for b in batches}
    differences: dict[str, Difference] = {}
    for p, c in zip(pure, compiled, strict=True):
        mine, theirs = json.loads(p), json.loads(c)
        if mine["digest"] != theirs["digest"] and mine["batch"] not in differences:
            batch = by_name[mine["batch"]]
            differences[batch.name] = first_difference(batch, mine["seed"])
    return len(pure), list(differences.values())


def first_difference(batch: Batch, seed: int) -> Difference:
    """Play one game again on both engines and find the first line that differs."""
    args = ["stream", batch.game, str(batch.players), batch.bot, str(seed)]
    pure, compiled = _both(args)
    for index, (p, c) in enumerate(zip(pure, compiled, strict=False)):
        if p != c:
            return Difference(batch, seed, index, p, c)
    shorter = min(len(pure), len(compiled))
    ends = ["(the stream ends)", "(the stream ends)"]
    p, c = [s[shorter] if len(s) > shorter else ends[0] for s in (pure, compiled)]
    return Difference(batch, seed, shorter, p, c)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--worker":
        return _work(args[1:])
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    try:
        played, differences = compare([Batch.parse(a) for a in args])
    except EngineMissing as exc:
        print(exc)
        return 2
    for difference in differences:
        print(difference)
    print(f"{played} games, {len(differences)} batches where the engines differ")
    return 1 if differences else 0


if __name__ == "__main__":
    sys.exit(main())
