"""Tuning the hard level: a search over the MCTS bot's parameters against a fixed
opponent, played by the lab (``lapilli lab tune GAME``, docs/bots.md).

The search is **sequential halving** (Karnin, Koren & Somekh, "Almost optimal
exploration in multi-armed bandits", ICML 2013), a bandit for finding the best arm
with a fixed budget of plays: a few candidate parameter sets (the level's present
one and others drawn from a small grid) each play ``games`` games against the
opponent; the better half plays as many again, on the next seeds; and so on until one
is left. It suits a budget of a few hundred games, where TAG's NTBEA (which models
each parameter's effect to search a large space) has too few results to model: here
the grid is small, the games are noisy and slow, and halving spends most games on
the contenders. Every candidate plays the same seeds (common random numbers, as the
lab's arms do), so they are compared on the same deals.

A competitive game's candidate plays slot 0 and the seats of its side (Foggy Island's
team game: its team-mate too) against the opponent everywhere else, seats rotated; its
figure is its share of the wins. A cooperative game's (Fuji) candidate plays every
seat, and its figure is the team's victory rate.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lapilli.agents.base import parse_spec
from lapilli.agents.levels import LEVELS_FILE, GameLevels, Variant, read_levels, written
from lapilli.core.registry import game_class

from .runner import batches, local
from .spec import Experiment, LabError, resolve
from .stats import wilson

__all__ = [
    "LEVELS_FILE",
    "Candidate",
    "Tuning",
    "candidate_seats",
    "levels_text",
    "tune",
    "wilson",
    "write_hard",
]

GRID: dict[str, tuple[str, ...]] = {
    "c": ("0.3", "0.7", "1.2"),
    "prior": ("1", "5", "20"),
    "widen": ("1", "2", "4"),
    "cutoff": ("0", "3"),
    "guide": ("root",),
}
"""The parameters searched and their values, in any game. Greedy's opinion is asked at
the root: asked at every decision of its own in the tree (``guide=own``) it cost
Volcanique 55 times the CPU a game (344 s against 6.2 s at 100 iterations a move),
Foggy Island nine times (400 iterations), and Deeper, whose greedy looks a whole turn
ahead, 1.5 times a decision on average but far more at some positions (a pair of tuning
games ran 17 minutes of CPU, unfinished). A tuning at a fixed number of iterations does
not see that cost, though at play's 2 s it means searching a fraction as far; so
``own`` is searched only where a game asks for it (``GRID_GAME``)."""
GRID_ROUNDS: dict[str, tuple[str, ...]] = {"rounds": ("1", "2")}
"""Where the game has a horizon and a quick move (Fuji): how many rounds to play out
instead of how many random steps (its rollouts use the game's quick move)."""

GRID_GAME: dict[str, dict[str, tuple[str, ...]]] = {
    "deeper": {"rounds": ("2", "3"), "scale": ("1", "3")},
    "eras": {"guide": ("root", "own")},
    "foggy_island": {"tree": ("0", "50", "100", "200")},
    "fuji": {"guide": ("root", "own")},
}
"""Per game, values of its own that replace the grid's. Eras and Fuji search ``guide=own``
as well (their tunings did). Deeper's horizon is the turn, so its rollouts play out the
next seat's turn (2) or up to its own next one (3) with two players; its leaves, centred
on the root's lead, are told apart at a sharper scale than its heuristic's 3. Foggy
Island's search may grow one tree or fresh trees of 50 to 200 iterations (``tree``),
which kept its team game near greedy's opinion."""

SEED = 1000
"""The tuning's first seed; the strength table in docs/bots.md is measured from 50000."""


@dataclass
class Candidate:
    """A parameter set and its results so far."""

    spec: str  # the MCTS spec without a budget, as levels.toml writes it
    games: int = 0
    wins: float = 0.0
    rounds: list[int] = field(default_factory=list)  # the halving rounds it played

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Tuning:
    """What a tuning run found: every candidate, best first, and its set-up."""

    game: str
    opponent: str
    iters: int
    seed: int
    candidates: list[Candidate]
    played: int  # games in all
    options: dict[str, Any] = field(default_factory=dict)  # the variant tuned, if any
    side: int = 1  # the seats a candidate plays (Foggy Island's team game: 2; Fuji: all)

    @property
    def best(self) -> Candidate:
        return self.candidates[0]

    def summary(self) -> str:
        """The line levels.toml keeps beside the chosen parameters."""
        best = self.best
        low, high = wilson(best.wins, best.games)
        against = "as a team" if self.opponent == "" else f"against {self.opponent}"
        if self.opponent and self.side > 1:
            against = f"as a side of {self.side} {against}"
        return (
            f"{datetime.date.today().isoformat()}: sequential halving over "
            f"{len(self.candidates)} candidates {against}, {self.iters} iterations a move, "
            f"{self.played} games from seed {self.seed}; chosen: {best.rate:.0%} "
            f"({low:.0%}-{high:.0%}) of {best.games} games"
        )


def candidates(game_id: str, present: str, count: int, seed: int, horizon: bool) -> list[str]:
    """The level's present spec and ``count - 1`` others drawn from the grid (seeded)."""
    name, fixed = parse_spec(present)
    grid = dict(GRID)
    if horizon:
        grid = {k: v for k, v in grid.items() if k != "cutoff"} | GRID_ROUNDS
    grid |= GRID_GAME.get(game_id, {})
    rng = random.Random(f"{game_id}:{seed}")
    found = [present]
    tries = 0
    while len(found) < count and tries < 1000:
        tries += 1
        params = dict(fixed) | {k: rng.choice(v) for k, v in grid.items()}
        spec = f"{name}:" + ",".join(f"{k}={v}" for k, v in sorted(params.items()))
        if spec not in found:
            found.append(spec)
    return found


OnRound = Callable[[int, list[Candidate]], None]
OnGames = Callable[[int], None]


def total_games(count: int, games: int) -> int:
    """The games a halving of ``count`` candidates plays, ``games`` each at first."""
    total = 0
    while count > 1:
        total += count * games
        count, games = max(1, count // 2), games * 2
    return total


def tune(
    game_id: str,
    *,
    players: int | None = None,
    opponent: str = "greedy",
    count: int = 8,
    games: int = 8,
    iters: int = 100,
    seed: int = SEED,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    levels_file: Path = LEVELS_FILE,
    on_round: OnRound | None = None,
    on_games: OnGames | None = None,
) -> Tuning:
    """Sequential halving of ``count`` candidates for ``game_id``'s hard level, each
    searching ``iters`` iterations a move: ``games`` games each in the first round,
    as many more for the better half in each next one. ``on_games(n)`` hears of every
    ``n`` games played (a progress bar), ``on_round`` of every round's standings."""
    levels = read_levels(levels_file)
    if game_id not in levels:
        raise LabError(f"{levels_file} has no levels for {game_id!r}")
    probe = resolve({"game": game_id, "games": 1, "players": players, "options": options or {}})
    cooperative = probe.cooperative
    present = levels[game_id].spec("hard", options)
    horizon = "rounds" in parse_spec(present)[1]
    alive = [Candidate(s) for s in candidates(game_id, present, count, seed, horizon)]
    mine = candidate_seats(probe, options)
    everyone = list(alive)
    played, first, rnd = 0, 0, 0
    while len(alive) > 1:
        rnd += 1
        last = first + games * (2 ** (rnd - 1))  # seeds seed+first .. seed+last-1
        seeds = (seed, first, last)
        played += _play(probe, alive, (mine, opponent), iters, seeds, jobs, options, on_games)
        first = last
        for c in alive:
            c.rounds.append(rnd)
        alive.sort(key=lambda c: c.rate, reverse=True)  # stable: the present one first
        if on_round is not None:
            on_round(rnd, list(alive))
        alive = alive[: max(1, len(alive) // 2)]
    everyone.sort(key=lambda c: (c is alive[0], len(c.rounds), c.rate), reverse=True)
    against = "" if cooperative else opponent
    return Tuning(game_id, against, iters, seed, everyone, played, dict(options or {}), len(mine))


def candidate_seats(probe: Experiment, options: dict[str, Any] | None) -> frozenset[int]:
    """The slots a candidate plays: every one in a cooperative game, else slot 0's side.
    The lab turns the slots round the seats game by game, which keeps a side's slots
    together where sides alternate round the table, as Foggy Island's do."""
    if probe.cooperative:
        return frozenset(range(probe.players))
    game = game_class(probe.game).with_options_json(options or {})
    return frozenset(next(side for side in game.new_state(probe.players).sides() if 0 in side))


def _play(
    probe: Experiment,
    alive: list[Candidate],
    lineup: tuple[frozenset[int], str],
    iters: int,
    seeds: tuple[int, int, int],
    jobs: int,
    options: dict[str, Any] | None,
    on_games: OnGames | None,
) -> int:
    """Games ``first``..``last - 1`` (from ``seed``) of every candidate alive, through the
    lab's runner, the candidate in the ``lineup``'s slots and its opponent elsewhere;
    each candidate's wins added up. Returns the games played."""
    seed, first, last = seeds
    mine, opponent = lineup
    n = probe.players
    arms = {}
    for i, c in enumerate(alive):
        bot = f"{c.spec},iters={iters}"
        arms[f"candidate-{i}"] = {"seats": [bot if s in mine else opponent for s in range(n)]}
    exp = resolve(
        {
            "game": probe.game,
            "players": n,
            "games": last,
            "seed": seed,
            "options": options or {},
            "arms": arms,
            "batch": 2,
        },
        where="the tuning",
    )
    done = {(a.name, i) for a in exp.arms for i in range(first)}  # earlier rounds' seeds
    todo = batches(exp, done)
    played = 0
    for batch, rows in local(exp, todo, jobs):
        c = alive[int(batch.arm.split("-")[1])]
        if probe.cooperative:
            c.wins += sum(1.0 for g in rows["games"] if g["victory"])
        else:
            c.wins += sum(float(s["win"]) for s in rows["seats"] if s["slot"] == 0)
        c.games += batch.size
        played += batch.size
        if on_games is not None:
            on_games(batch.size)
    return played


def write_hard(tuning: Tuning, levels_file: Path = LEVELS_FILE) -> None:
    """The chosen parameters as the game's hard level in ``levels_file``, or as its
    variant's when the tuning played one (the other games, levels and variants
    unchanged)."""
    levels = read_levels(levels_file)
    old = levels[tuning.game]
    spec, why = tuning.best.spec, tuning.summary()
    if not tuning.options:
        levels[tuning.game] = replace(old, hard=spec, tuned=why)
    else:
        mine = tuple((k, written(v)) for k, v in tuning.options.items())
        others = tuple(v for v in old.variants if set(v.options) != set(mine))
        levels[tuning.game] = replace(old, variants=(*others, Variant(mine, spec, why)))
    levels_file.write_text(levels_text(levels), encoding="utf-8")


HEADER = """\
# The bots behind the levels easy, normal and hard, per game (docs/bots.md).
# easy and normal are written by hand; hard's search parameters are chosen by the
# tuning command (lapilli lab tune GAME --write, which rewrites the hard and tuned
# lines of the game it tuned; with -o option=value, those of that variant: a table
# [GAME."option=value"] whose hard is played where the game has those options).
# hard's budget is not written here: it thinks at most 2 s a move
# (hard:seconds=0.5 or hard:iters=300,seconds=0 asks less).
"""


def levels_text(levels: dict[str, GameLevels]) -> str:
    """The levels file's text (TOML), games in name order."""
    parts = [HEADER]
    for game_id in sorted(levels):
        lv = levels[game_id]
        parts.append(f"\n[{game_id}]\n")
        for key in ("easy", "normal", "hard", "tuned"):
            parts.append(f'{key} = "{_quoted(getattr(lv, key))}"\n')
        for variant in lv.variants:
            parts.append(f'\n[{game_id}."{variant.key}"]\n')
            parts.extend(
                f'{key} = "{_quoted(getattr(variant, key))}"\n' for key in ("hard", "tuned")
            )
    return "".join(parts)


def _quoted(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')
