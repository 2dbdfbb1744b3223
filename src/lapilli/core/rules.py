"""A game's rules in brief, as data: one source for ``lapilli rules``, the terminal's
``rules`` command, the browser's Rules panel and the lessons.

A ``Rulebook`` is sections in a fixed order (the game, set-up, a turn, scoring, the end,
variants, our readings), each a list of ``Rule``s: a paragraph in the rulebook's words,
tagged with the decisions it governs (``Step.word``, as observations name the pending
decision), so a front end can point at the rule being decided now. A test checks that
every tag names a decision of the game and every decision has a rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

SECTIONS = ("The game", "Set-up", "A turn", "Scoring", "The end", "Variants", "Our readings")
"""The sections every rulebook has, in this order."""


@dataclass(frozen=True)
class Rule:
    """One rule in the rulebook's words; ``decisions``: the decisions it governs; ``key``:
    a name lessons cite it by."""

    text: str
    decisions: tuple[str, ...] = ()
    key: str = ""


@dataclass(frozen=True)
class Section:
    title: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Rulebook:
    """A game's rules in brief: ``sections`` in the order of ``SECTIONS``."""

    title: str
    sections: tuple[Section, ...]
    source: str = ""  # where the full readings are (docs/rules/<game>.md)
    by_key: dict[str, Rule] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        titles = tuple(s.title for s in self.sections)
        if titles != SECTIONS:
            raise ValueError(f"{self.title}: the sections are {SECTIONS}, not {titles}")
        keyed = [r for _, r in self.rules() if r.key]
        object.__setattr__(self, "by_key", {r.key: r for r in keyed})
        if len(self.by_key) != len(keyed):
            raise ValueError(f"{self.title}: two rules share a key")

    def rules(self) -> Iterator[tuple[Section, Rule]]:
        for section in self.sections:
            for rule in section.rules:
                yield section, rule

    def about(self, decision: str | None) -> list[Rule]:
        """The rules governing ``decision`` (an observation's ``decision.name``)."""
        return [r for _, r in self.rules() if decision is not None and decision in r.decisions]

    def decisions(self) -> set[str]:
        return {d for _, r in self.rules() for d in r.decisions}

    def text(self) -> str:
        """Plain text, a paragraph a line (for the console to wrap), sections titled."""
        out = [self.title]
        for section in self.sections:
            out += ["", f"{section.title.upper()}"]
            out += [f"- {rule.text}" for rule in section.rules]
        if self.source:
            out += ["", f"Every reading, default and source: {self.source}"]
        return "\n".join(out)

    def to_json(self) -> dict[str, Any]:
        """For the browser: sections of rules, each with the decisions it governs."""
        return {
            "title": self.title,
            "source": self.source,
            "sections": [
                {
                    "title": s.title,
                    "rules": [{"text": r.text, "decisions": list(r.decisions)} for r in s.rules],
                }
                for s in self.sections
            ],
        }


def rule(text: str, *decisions: str, key: str = "") -> Rule:
    """``rule("Place the token on a free tile", "place")``: a rule and its decisions."""
    return Rule(" ".join(text.split()), decisions, key)


def section(title: str, *rules: Rule | str) -> Section:
    """A section; a plain string is a rule governing no decision."""
    return Section(title, tuple(r if isinstance(r, Rule) else rule(r) for r in rules))
