"""A game's lesson in the terminal (``lapilli learn GAME``): each step's rule, the board,
the question, and what a wrong move comes to, read from the lesson's data
(``core.lessons``) as the browser reads it."""

from __future__ import annotations

from collections.abc import Callable

from rich.columns import Columns
from rich.console import Console
from rich.panel import Panel
from rich.text import Text

from lapilli.core.lessons import Choice, Lesson

from .play import logged, match_text
from .rulebook import rules_view

HELP = """Type the number of a move, its text, or a word only it holds (d2). Commands:
  rule      the rule this step teaches
  rules     every rule of the game
  quit      stop the lesson"""


class Stopped(Exception):
    """The learner stopped the lesson."""


class TerminalLesson:
    def __init__(self, lesson: Lesson, console: Console, read: Callable[[str], str]) -> None:
        self.lesson = lesson
        self.console = console
        self.read = read

    def run(self) -> bool:
        """Every step in turn; True when the learner finished the lesson."""
        lesson = self.lesson
        self.console.print(Text(lesson.title, style="bold"))
        self.console.print(lesson.about, soft_wrap=False)
        try:
            for i in range(len(lesson.steps)):
                self.step(i)
        except Stopped:
            self.console.print("Lesson stopped. `lapilli learn` starts it again.")
            return False
        self.console.print(Text("Lesson complete: you have played every step.", style="bold green"))
        return True

    def step(self, i: int) -> None:
        lesson, step = self.lesson, self.lesson.steps[i]
        rule = lesson.rule(i)
        state = lesson.start(i)
        self.console.rule(f"Step {i + 1} of {len(lesson.steps)}: {step.title}")
        self.console.print(Panel(rule.text, title="The rule", title_align="left"))
        self.console.print(state.render(lesson.seat))
        self.console.print(step.say)
        choices = lesson.choices(i, state)
        self.menu(step.ask, choices)
        while True:
            chosen = self.answer(choices, rule.text)
            verdict = lesson.judge(i, chosen.action, state)
            if verdict.kind == "right":
                break
            mark = "Not allowed" if verdict.kind == "refused" else "Not this one"
            self.console.print(Text(f"✗ {mark}: {verdict.text}", style="red"))
            self.console.print(f"Try again. {step.ask}")
        _, lines = lesson.play(i, chosen.action)
        for entry in lines:
            self.console.print(logged(entry.text))
        self.console.print(Text(f"✓ {verdict.text}", style="green"))
        if i + 1 < len(lesson.steps):
            self.ask_raw("Press Enter for the next step (q to stop). ")

    def menu(self, ask: str, choices: list[Choice]) -> None:
        self.console.print(Text(ask, style="bold"))
        items = [f"{n:>2}. {c.label}" for n, c in enumerate(choices, 1)]
        if len(items) > 8:
            self.console.print(Columns(items, padding=(0, 3)))
        else:
            for item in items:
                self.console.print("  " + item)

    def answer(self, choices: list[Choice], rule: str) -> Choice:
        """The move the learner names; commands are answered on the way."""
        labels = [c.label for c in choices]
        actions = [c.action for c in choices]
        while True:
            answer = self.ask_raw("> ").strip()
            word = answer.lower()
            if word.isdigit() and 1 <= int(word) <= len(choices):
                return choices[int(word) - 1]
            found = match_text(answer, actions, labels)
            if found is not None:
                return choices[actions.index(found)]
            if word == "rule":
                self.console.print(Panel(rule, title="The rule", title_align="left"))
            elif word == "rules":
                self.console.print(rules_view(self.lesson.game))
            elif word in ("h", "help", "?"):
                self.console.print(HELP)
            elif word:
                self.console.print(
                    f"[red]{answer!r} is not one of the {len(choices)} moves.[/red] "
                    "Type a number from the list, or help."
                )

    def ask_raw(self, prompt: str) -> str:
        try:
            answer = self.read(prompt)
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            raise Stopped from None
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise Stopped
        return answer
