"""Play many games between bots, in parallel processes, and sum them up as they finish.

Games run headless: no undo copies, no log. Their events are read as they happen (each
game's ``facts`` declaration turns them into its length in rounds and turns and, for the
lab, its facts), then dropped. A game's actions are kept only when the simulation keeps
records, and then leave the worker as one compact line of a records file. Results
stream back in game order and are summed as they come, so a long simulation holds no
more in memory than a short one.

Ties count one way everywhere (``core.state.win_shares``): when k seats share first
place each gets 1/k of a win, so a seat's win rate compares with its fair share 1/n
(where seats play in sides, a side's win is each of its seats': 1 over the sides).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache

from lapilli.agents import make_agent
from lapilli.core.actions import Action
from lapilli.core.facts import GameFacts
from lapilli.core.loop import play
from lapilli.core.records import Record, record_line
from lapilli.core.registry import game_class, load_game
from lapilli.core.state import CHANCE, Event, Game, State, Utility, first_places, win_shares


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares."""

    game: str
    options: tuple[str, ...]
    seats: tuple[str, ...]
    records: bool = False  # keep each game's record (as a line of a records file)
    forbid: tuple[tuple[str, ...], ...] = ()
    """Per seat, the game's features its bot may not use (restricted play; empty: none)."""
    options_json: tuple[tuple[str, object], ...] | None = None
    """The options as typed values (the lab's TOML), instead of ``key=value`` texts."""


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[str]
    scores: list[float]
    returns: list[float]
    winners: list[int]
    steps: int
    record: str | None = field(default=None, repr=False)  # a records-file line
    decisions: int = 0  # steps taken by seats (chance steps left out)
    facts: GameFacts | None = field(default=None, repr=False)  # the game's own, if declared
    shares: list[float] = field(default_factory=list)  # each seat's share of the win
    sides: list[list[int]] = field(default_factory=list)  # the seats by side, if in sides
    breakdown: list[dict[str, int]] | None = field(default=None, repr=False)


@cache
def _game(
    game_id: str, options: tuple[str, ...], typed: tuple[tuple[str, object], ...] | None
) -> Game:
    if typed is not None:
        return game_class(game_id).with_options_json(dict(typed))
    return load_game(game_id, list(options))


def game_of(setup: Setup) -> Game:
    """The game a setup plays, built once per process."""
    return _game(setup.game, setup.options, setup.options_json)


def play_one(setup: Setup, index: int, seed: int) -> GameResult:
    """One game with bots on every seat; chance and bots seeded from ``seed``."""
    game = game_of(setup)
    state = game.new_state(len(setup.seats))
    rng = random.Random(seed)
    agents = [make_agent(spec, seed=rng.randrange(2**31)) for spec in setup.seats]
    features = game.parts.features or {}
    for agent, names in zip(agents, setup.forbid, strict=False):
        agent.forbidden = tuple(features[name] for name in names)
    actions: list[Action] = []
    events: list[Event] = []
    decisions = 0

    def keep(state: State, seat: int, action: Action, happened: list[Event]) -> None:
        nonlocal decisions
        decisions += seat != CHANCE
        events.extend(happened)
        if setup.records:
            actions.append(action)

    # bots answer from legal_actions; the records file is replayed with every check
    steps = play(state, [agent.act for agent in agents], rng, on_step=keep, check=False)
    facts = game.parts.facts
    returns = state.returns()
    sides = state.sides()
    result = GameResult(
        index=index,
        seed=seed,
        seats=list(setup.seats),
        scores=state.scores(),
        returns=returns,
        winners=state.winners(),
        steps=steps,
        decisions=decisions,
        facts=facts(state, events) if facts is not None else None,
        shares=win_shares(returns, game.utility, sides),
        sides=sides,
        breakdown=state.score_breakdown(),
    )
    if setup.records:
        record = Record(
            game.id,
            len(setup.seats),
            list(setup.seats),
            game.options_json(),
            actions,
            game.version,
            {"scores": result.scores, "returns": result.returns, "winners": result.winners},
        )
        result.record = record_line(record, index, seed)
    return result


def _play_batch(args: tuple[Setup, int, int, int]) -> list[GameResult]:
    setup, first, last, seed = args
    return [play_one(setup, i, seed + i) for i in range(first, last)]


def run_games(setup: Setup, n: int, seed: int = 0, jobs: int = 1) -> Iterator[GameResult]:
    """Play ``n`` games (game i uses seed ``seed + i``), ``jobs`` processes at a time;
    the results come in game order."""
    if jobs <= 1:
        for i in range(n):
            yield play_one(setup, i, seed + i)
        return
    size = max(1, min(50, n // (jobs * 8)))
    batches = ((setup, i, min(n, i + size), seed) for i in range(0, n, size))
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for batch in pool.map(_play_batch, batches):
            yield from batch


@dataclass
class Summary:
    """Totals over the games seen so far (``add`` one result at a time)."""

    players: int
    utility: Utility
    games: int = 0
    wins: list[float] = field(default_factory=list)  # per seat; k seats tied first get 1/k
    victories: int = 0  # cooperative: games the team won
    ties: int = 0  # competitive: games whose first place was shared (draws included)
    score_sums: list[float] = field(default_factory=list)
    steps: int = 0
    decisions: int = 0
    rounds: int = 0
    turns: int = 0
    counted: int = 0  # games whose rounds and turns the game reports

    def __post_init__(self) -> None:
        self.wins = [0.0] * self.players
        self.score_sums = [0.0] * self.players

    @property
    def cooperative(self) -> bool:
        return self.utility is Utility.COOPERATIVE

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.steps += result.steps
        self.decisions += result.decisions
        if result.facts is not None:
            self.counted += 1
            self.rounds += result.facts.rounds
            self.turns += result.facts.turns
        shares = result.shares or win_shares(result.returns, self.utility)
        if self.cooperative:
            self.victories += bool(shares and shares[0] > 0)
        else:
            self.ties += first_places(shares, result.sides) > 1
            for seat, share in enumerate(shares):
                self.wins[seat] += share
        for seat, score in enumerate(result.scores):
            self.score_sums[seat] += score

    @property
    def mean_scores(self) -> list[float]:
        return [s / max(1, self.games) for s in self.score_sums]

    @property
    def mean_steps(self) -> float:
        return self.steps / max(1, self.games)

    def length_text(self) -> str:
        """The mean length in the game's units: rounds and turns (the game's own
        count), and decisions (every choice a seat made; chance steps are not counted)."""
        decisions = f"{self.decisions / max(1, self.games):.1f} decisions"
        if not self.counted:
            return f"Mean length: {decisions} (chance steps not counted)."
        rounds, turns = self.rounds / self.counted, self.turns / self.counted
        return f"Mean length: {rounds:.1f} rounds, {turns:.1f} turns, {decisions}."

    def result_text(self) -> str:
        """The outcome in words: the team's record, or the ties and how they count."""
        if self.cooperative:
            rate = self.victories / max(1, self.games)
            return f"The team won {self.victories} of {self.games} games ({rate:.1%})."
        return (
            f"Ties: {self.ties} of {self.games} games had first place shared; each of the "
            "k seats tied first counts 1/k of a win."
        )
