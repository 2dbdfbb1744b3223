"""An experiment as a file: the TOML keys, checked whole before any game runs.

A spec names a game, the seats' bots, how many games each arm plays and from which
seed, and its arms: named variants (``[arms.NAME]``), or a sweep over option values
(``[sweep]``), or the game as it is. ``[restrict]`` adds restricted play (a bot that
may not use one feature against the same bot), ``[skill]`` the skill gap (the strongest
bot against weaker ones). Everything is resolved here into an ``Experiment``: a list of
``Arm`` each with its options, its line-up and what its bots may not use; every arm
plays games 0..games-1 on the same seeds (common random numbers).

Every mistake (an unknown key, game, option, value, bot, feature or arm) is a
``LabError`` naming it, raised before anything is played.
"""

from __future__ import annotations

import itertools
import math
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from lapilli.agents.table import HUMAN, seat_spec
from lapilli.core.errors import LapilliError
from lapilli.core.options import options_from_json, options_to_json
from lapilli.core.registry import game_class
from lapilli.core.state import Game, Utility


class LabError(LapilliError):
    """An experiment that cannot run as written: the message says what to change."""


Scalar = bool | int | float | str
Name = Annotated[str, Field(min_length=1, max_length=80)]
Bot = Annotated[str, Field(min_length=1, max_length=200)]
_STRICT = ConfigDict(extra="forbid", strict=True)


class ArmSpec(BaseModel):
    """``[arms.NAME]``: a variant, by the options it changes (and its own seats, if any)."""

    model_config = _STRICT
    options: dict[Name, Scalar] = Field(default_factory=dict)
    seats: list[Bot] | None = None
    bonus: list[float] | None = None


class RestrictSpec(BaseModel):
    """``[restrict]``: each feature, forbidden to one bot playing against the same bot."""

    model_config = _STRICT
    bot: Bot | None = None
    features: list[Name] | None = None
    arms: list[Name] | None = None


class SkillSpec(BaseModel):
    """``[skill]``: the strongest bot against each weaker one, per variant."""

    model_config = _STRICT
    bot: Bot
    against: list[Bot] = Field(default_factory=lambda: ["random", "greedy"])
    arms: list[Name] | None = None


class SpecModel(BaseModel):
    """The whole file."""

    model_config = _STRICT
    title: Annotated[str, Field(max_length=200)] | None = None
    game: Name
    players: int | None = Field(default=None, ge=1, le=16)
    games: int = Field(ge=1, le=10_000_000)
    seed: int = Field(default=0, ge=0, le=2**62)
    seats: list[Bot] | None = None
    options: dict[Name, Scalar] = Field(default_factory=dict)
    arms: dict[Name, ArmSpec] = Field(default_factory=dict)
    sweep: dict[Name, list[Scalar]] = Field(default_factory=dict)
    baseline: Name | None = None
    restrict: RestrictSpec | None = None
    skill: SkillSpec | None = None
    batch: int = Field(default=10, ge=1, le=10_000)


@dataclass(frozen=True)
class Arm:
    """One arm: a variant and a line-up, played on games 0..games-1.

    ``seats`` are the bots in the order the spec lists them (slot 0 first); game ``i``
    rotates them by ``i mod players`` so that every bot plays every seat equally often.
    """

    name: str
    options: tuple[tuple[str, Scalar], ...]
    seats: tuple[str, ...]
    forbid: tuple[tuple[str, ...], ...]
    kind: str = "arm"  # "arm", "restrict" (restricted play) or "skill" (skill gap)
    variant: str = ""  # the arm whose rules it plays (itself for a plain arm)
    feature: str = ""  # restricted play: the feature slot 0 may not use
    control: str = ""  # restricted play: the arm without the restriction
    bonus: tuple[float, ...] = ()  # points added to each seat's score at the end (komi)

    def options_dict(self) -> dict[str, Scalar]:
        return dict(self.options)

    def label(self, slot: int) -> str:
        """The bot of a slot in words: ``greedy``, ``greedy without crow``."""
        bot = self.seats[slot]
        banned = self.forbid[slot] if slot < len(self.forbid) else ()
        return f"{bot} without {', '.join(banned)}" if banned else bot

    def lineup(self, index: int) -> list[int]:
        """Which slot sits in each seat in game ``index``: seat ``(slot + i) mod n``."""
        n = len(self.seats)
        r = index % n
        return [(seat - r) % n for seat in range(n)]


@dataclass(frozen=True)
class Experiment:
    """A checked spec: the game, the count of games per arm, the arms."""

    game: str
    title: str
    players: int
    games: int
    seed: int
    batch: int
    arms: tuple[Arm, ...]
    baseline: str
    cooperative: bool

    def arm(self, name: str) -> Arm:
        return next(a for a in self.arms if a.name == name)

    def identity(self) -> dict[str, Any]:
        """What makes two runs the same experiment (``games`` and ``batch`` may change
        between runs: more games extend it, a batch size only changes the work units)."""
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "arms": [
                {
                    "name": a.name,
                    "options": [list(o) for o in a.options],
                    "seats": list(a.seats),
                    "forbid": [list(f) for f in a.forbid],
                    "bonus": list(a.bonus),
                }
                for a in self.arms
            ],
        }


def read(path: Path) -> Experiment:
    """The experiment of a TOML file, checked (``LabError`` otherwise)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LabError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise LabError(f"{path} is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LabError(f"{path} is not valid TOML: {exc}") from None
    return resolve(data, where=str(path))


def resolve(data: dict[str, Any], where: str = "the spec") -> Experiment:
    """The experiment a spec's data describes, checked whole."""
    try:
        spec = SpecModel.model_validate(data)
    except ValidationError as exc:
        raise LabError(f"{where}: {_problem(exc)}") from None
    try:
        return _resolve(spec)
    except LabError as exc:
        raise LabError(f"{where}: {exc}") from None
    except LapilliError as exc:  # a bad game, option or bot, in the engine's own words
        raise LabError(f"{where}: {exc}") from None


def _problem(error: ValidationError) -> str:
    """The first problem of a spec in one line: the key and what it takes."""
    problem = error.errors()[0]
    key = ".".join(str(p) for p in problem.get("loc", ())) or "the file"
    kind = problem.get("type", "")
    if kind == "extra_forbidden":
        return f"unknown key {key!r} (keys: see docs/lab.md)"
    if kind == "missing":
        return f"the key {key!r} is missing"
    return f"{key}: {problem.get('msg', 'not valid')} (got {problem.get('input')!r})"


def _resolve(spec: SpecModel) -> Experiment:
    cls = game_class(spec.game)
    base = _options(cls, spec.options, "options")
    probe = cls(base)
    players = probe.check_players(spec.players or len(spec.seats or []) or None)
    seats = _seats(spec.seats, players, "seats")
    arms = _plain_arms(spec, cls, seats, players)
    baseline = _baseline(spec, cls, arms)
    cooperative = probe.utility is Utility.COOPERATIVE
    if spec.restrict is not None:
        arms += _restrict_arms(spec.restrict, probe, arms, baseline, seats, players)
    if spec.skill is not None:
        arms += _skill_arms(spec.skill, arms, players, cooperative)
    names = [a.name for a in arms]
    if len(set(names)) != len(names):
        twice = sorted({n for n in names if names.count(n) > 1})
        raise LabError(f"two arms are called {', '.join(twice)}: rename one")
    title = spec.title or f"{probe.title}, {players} players"
    return Experiment(
        game=cls.id,
        title=title,
        players=players,
        games=spec.games,
        seed=spec.seed,
        batch=spec.batch,
        arms=tuple(arms),
        baseline=baseline,
        cooperative=cooperative,
    )


def _options(cls: type[Game], values: dict[str, Scalar], where: str) -> Any:
    try:
        return options_from_json(cls.Options, dict(values))
    except LapilliError as exc:
        raise LabError(f"{where}: {exc}") from None


def _seats(named: list[str] | None, players: int, where: str) -> tuple[str, ...]:
    """The bots of every seat, checked (default: greedy everywhere)."""
    if named is None:
        return ("greedy",) * players
    if len(named) != players:
        raise LabError(f"{where} names {len(named)} bots for {players} players: one per seat")
    checked = tuple(seat_spec(s) for s in named)
    if HUMAN in checked:
        raise LabError(f"{where}: an experiment is played by bots only, not {HUMAN}")
    return checked


def _written(options: Any) -> tuple[tuple[str, Scalar], ...]:
    return tuple(sorted(options_to_json(options).items()))


def _plain_arms(
    spec: SpecModel, cls: type[Game], seats: tuple[str, ...], players: int
) -> list[Arm]:
    """The spec's variants: its arms, its sweep, or the game as it is."""
    if spec.arms and spec.sweep:
        raise LabError("give [arms] or [sweep], not both")
    found: list[tuple[str, dict[str, Scalar], tuple[str, ...]]] = []
    bonus: dict[str, tuple[float, ...]] = {}
    if spec.arms:
        for name, arm in spec.arms.items():
            own = seats if arm.seats is None else _seats(arm.seats, players, f"arms.{name}.seats")
            found.append((name, {**spec.options, **arm.options}, own))
            if arm.bonus is not None:
                bonus[name] = _bonus(cls, arm.bonus, players, f"arms.{name}.bonus")
    elif spec.sweep:
        keys = list(spec.sweep)
        for key in keys:
            if not spec.sweep[key]:
                raise LabError(f"sweep.{key} lists no values")
        for combo in itertools.product(*(spec.sweep[k] for k in keys)):
            name = ", ".join(f"{k}={_text(v)}" for k, v in zip(keys, combo, strict=True))
            found.append((name, {**spec.options, **dict(zip(keys, combo, strict=True))}, seats))
    else:
        found.append(("default", dict(spec.options), seats))
    arms = []
    for name, values, own in found:
        options = _options(cls, values, f"arm {name!r}")
        cls(options).check_players(players)
        arms.append(
            Arm(
                name,
                _written(options),
                own,
                ((),) * players,
                variant=name,
                bonus=bonus.get(name, ()),
            )
        )
    return arms


def _bonus(cls: type[Game], points: list[float], players: int, where: str) -> tuple[float, ...]:
    """Points given to each seat at the end (a handicap): one number per seat, for a
    game whose points decide the winner."""
    if cls.utility is Utility.COOPERATIVE or not cls.points_decide:
        raise LabError(f"{where}: {cls.title}'s winner is not decided by points alone")
    if len(points) != players:
        raise LabError(f"{where} gives {len(points)} numbers for {players} seats: one per seat")
    if not all(math.isfinite(x) for x in points):
        raise LabError(f"{where}: the points must be finite numbers")
    return tuple(float(x) for x in points)


def _text(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _baseline(spec: SpecModel, cls: type[Game], arms: list[Arm]) -> str:
    """The arm the others are compared with: the spec's ``baseline``, else the arm with
    the game's default rules (a sweep's rulebook value), else the first."""
    names = [a.name for a in arms]
    if spec.baseline is not None:
        if spec.baseline not in names:
            raise LabError(f"baseline {spec.baseline!r} is not an arm; arms: {', '.join(names)}")
        return spec.baseline
    default = _written(cls.Options())
    return next((a.name for a in arms if a.options == default), names[0])


def _restrict_arms(
    restrict: RestrictSpec,
    game: Game,
    arms: list[Arm],
    baseline: str,
    seats: tuple[str, ...],
    players: int,
) -> list[Arm]:
    """For each variant and feature: the bot without the feature (slot 0) against the
    same bot, and once per variant the control (the same bot everywhere)."""
    features = game.parts.features or {}
    if not features:
        raise LabError(f"{game.title} names no features for restricted play yet")
    chosen = restrict.features if restrict.features is not None else list(features)
    unknown = [f for f in chosen if f not in features]
    if unknown:
        raise LabError(
            f"restrict.features: {game.title} has no feature {', '.join(map(repr, unknown))}; "
            f"features: {', '.join(features)}"
        )
    bot = seat_spec(restrict.bot) if restrict.bot else seats[0]
    if bot == HUMAN:
        raise LabError("restrict.bot: restricted play is for bots, not human")
    variants = _variants(restrict.arms, arms, baseline, "restrict.arms")
    same = (bot,) * players
    free = ((),) * players
    made: list[Arm] = []
    for v in variants:
        control = v.name if v.seats == same and v.forbid == free else f"{v.name} / {bot}"
        if control != v.name:
            made.append(Arm(control, v.options, same, free, "restrict", v.name, "", control))
        for feature in chosen:
            forbid = ((feature,),) + ((),) * (players - 1)
            name = f"{v.name} / {bot} without {feature}"
            made.append(Arm(name, v.options, same, forbid, "restrict", v.name, feature, control))
    return made


def _variants(named: list[str] | None, arms: list[Arm], baseline: str, key: str) -> list[Arm]:
    if named is None:
        return [a for a in arms if a.name == baseline]
    known = {a.name: a for a in arms}
    unknown = [n for n in named if n not in known]
    if unknown:
        raise LabError(f"{key}: no arm {', '.join(map(repr, unknown))}; arms: {', '.join(known)}")
    return [known[n] for n in named]


def _skill_arms(skill: SkillSpec, arms: list[Arm], players: int, cooperative: bool) -> list[Arm]:
    """Per variant: the strongest bot against each weaker one (in a cooperative game,
    each as a whole team)."""
    strong = seat_spec(skill.bot)
    weaker = [seat_spec(b) for b in skill.against]
    if HUMAN in [strong, *weaker]:
        raise LabError("skill: the skill gap is measured between bots, not human")
    weaker = [b for b in weaker if b != strong]
    if not weaker:
        raise LabError("skill.against names no bot other than skill.bot")
    variants = [a for a in arms if a.kind == "arm"]
    if skill.arms is not None:
        variants = _variants(skill.arms, variants, "", "skill.arms")
    free = ((),) * players
    made: list[Arm] = []
    for v in variants:
        if cooperative:
            for bot in [strong, *weaker]:
                made.append(
                    Arm(
                        f"{v.name} / team of {bot}",
                        v.options,
                        (bot,) * players,
                        free,
                        "skill",
                        v.name,
                    )
                )
        else:
            for bot in weaker:
                seats = (strong,) + (bot,) * (players - 1)
                made.append(
                    Arm(f"{v.name} / {strong} vs {bot}", v.options, seats, free, "skill", v.name)
                )
    return made
