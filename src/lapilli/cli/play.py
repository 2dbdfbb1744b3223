"""A game in the terminal: humans pick from a numbered menu, bots answer, hidden things stay hidden.

Hot-seat play with several humans wipes the screen and the terminal's scrollback and asks
the next player to take the keyboard before their secrets are shown; each then reads what
happened since their last turn. The end of a round whose board is about to vanish
(cleared, or dice rolled again) is shown, and waits for Enter when anyone is playing.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.padding import Padding
from rich.panel import Panel
from rich.text import Text

from lapilli.agents import Agent
from lapilli.agents.table import seat_agent
from lapilli.core.actions import Action
from lapilli.core.errors import LapilliError
from lapilli.core.flow import FlowState
from lapilli.core.loop import Policy
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.state import Event, State

from .rulebook import rules_view

WIPE = "\x1b[H\x1b[2J\x1b[3J"
"""Cursor home, clear the screen, clear the scrollback (so nobody can scroll up to a hand)."""

HELP = """Type the number of an action, its text, or its last word (a tile like c3). Commands:
  undo          take back your last decision of this turn
  rules         the rules in brief (▶ marks the rule of what you are deciding)
  save [FILE]   save the game and keep playing
  quit          save the game and stop (resume with --resume FILE)
  help          this text"""


class QuitGame(Exception):
    pass


class TakenBack(Exception):
    """A human took a decision back: the position changed under the game loop."""


class TerminalGame:
    def __init__(
        self,
        match: Match,
        seats: list[str],
        seed: int | None,
        console: Console,
        save_path: Path,
        bot_delay: float = 0.0,
    ) -> None:
        self.match = match
        self.console = console
        self.rng = random.Random(seed)
        self.save_path = save_path
        self.bot_delay = bot_delay
        self.humans = [i for i, s in enumerate(seats) if s == "human"]
        self.policies: list[Policy] = [
            self.human_turn
            if spec == "human"
            else self.bot(seat_agent(spec, seed=self.rng.randrange(2**31)))
            for spec in seats
        ]
        self.last_human: int | None = None
        self.shown = len(match.log)  # log entries already printed
        self.told = dict.fromkeys(self.humans, self.shown)  # each human's place in the log

    # -- the loop -----------------------------------------------------------------
    def run(self) -> Record:
        try:
            while not self.match.state.is_terminal():
                try:
                    self.match.play(self.policies, self.rng, on_step=self.after_step)
                except TakenBack:
                    self.show_log()
        except QuitGame:
            self.save()
            self.console.print(
                f"Game saved to {self.save_path}. Resume with: "
                f"lapilli play --resume {self.save_path}",
                soft_wrap=True,
            )
            return self.match.record
        self.finish()
        return self.match.record

    def bot(self, agent: Agent) -> Policy:
        """A bot's policy, pausing after each move when asked to."""

        def act(state: State, seat: int) -> Action:
            action = agent.act(state, seat)
            if self.bot_delay:
                time.sleep(self.bot_delay)
            return action

        return act

    def viewer(self) -> int | None:
        """Whose eyes the board is drawn for when nobody in particular is to move."""
        if len(self.humans) == 1:
            return self.humans[0]
        return self.last_human  # hot seat: whoever has the keyboard

    def human_turn(self, state: State, seat: int) -> Action:
        """A human's policy: the menu of legal actions and a prompt (commands answered)."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.hand_over(state, seat)
        self.last_human = seat
        self.console.print(state.render(seat))
        legal = state.legal_actions()
        texts = [state.action_text(a) for a in legal]
        self.console.print(Text(to_act(state, seat), style="bold"))
        items = [f"{i:>2}. {text}" for i, text in enumerate(texts, 1)]
        if len(items) > 8:
            self.console.print(Columns(items, padding=(0, 3)))
        else:
            for item in items:
                self.console.print("  " + item)
        return self.parse(self.read("> ").strip(), legal, texts, seat)

    def parse(self, answer: str, legal: list[Action], texts: list[str], seat: int) -> Action:
        """The action chosen; answers commands and re-prompts on bad input."""
        while True:
            word = answer.lower()
            if word.isdigit() and 1 <= int(word) <= len(legal):
                return legal[int(word) - 1]
            chosen = match_text(answer, legal, texts)
            if chosen is not None:
                return chosen
            if word in ("q", "quit", "exit"):
                raise QuitGame
            if word in ("h", "help", "?"):
                self.console.print(HELP)
            elif word == "rules":
                state = self.match.state
                decision = state.decision() if isinstance(state, FlowState) else None
                now = decision["name"] if decision else None
                self.console.print(Panel(rules_view(self.match.game, now), title="Rules"))
            elif word == "undo":
                try:
                    self.match.undo(seat)
                except LapilliError as exc:
                    self.console.print(f"[red]{exc}[/red]")
                else:
                    self.console.print("Taken back.")
                    raise TakenBack
            elif word.startswith("save"):
                target = answer[4:].strip()
                if target:
                    self.save_path = Path(target)
                self.save()
                self.console.print(f"Saved to {self.save_path}.")
            elif word:
                self.console.print(
                    f"[red]{answer!r} is not one of the {len(legal)} choices.[/red] "
                    "Type a number from the list, or help."
                )
            answer = self.read("> ").strip()

    def read(self, prompt: str) -> str:
        try:
            return self.console.input(prompt)
        except EOFError:
            raise QuitGame from None
        except KeyboardInterrupt:
            self.console.print()
            raise QuitGame from None

    # -- output -------------------------------------------------------------------
    def after_step(self, state: State, seat: int, action: Action, events: list[Event]) -> None:
        """The log of a step; the board of a round that just ended, before it vanishes."""
        self.show_log()
        end = state.round_end(events)
        if end is None or state.is_terminal():  # the end of the game shows its own board
            return
        self.console.print(end)
        if self.humans:
            self.read("The round is over. Press Enter to go on. ")

    def show_log(self) -> None:
        """Print what the viewer may read of the log since the last call."""
        viewer = self.viewer()
        for entry in self.match.log[self.shown :]:
            if entry.visible_to(viewer):
                self.console.print(logged(entry.text))
        self.shown = len(self.match.log)
        if viewer in self.told:
            self.told[viewer] = self.shown

    def hand_over(self, state: State, seat: int) -> None:
        """Hot seat: hide everything on screen (and in the scrollback), let ``seat`` take
        the keyboard, then tell them what happened since their last turn."""
        self.wipe()
        self.console.print(Panel(f"{state.seat_label(seat)}, take the keyboard and press Enter."))
        self.read("")
        self.wipe()
        news = [e for e in self.match.log[self.told[seat] :] if e.visible_to(seat)]
        if news:
            self.console.print(Text("Since your last turn:", style="bold"))
            for entry in news:
                self.console.print(logged(entry.text))
        self.told[seat] = self.shown = len(self.match.log)

    def wipe(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(WIPE)
            self.console.file.flush()

    def finish(self) -> None:
        state = self.match.state
        self.console.print(state.render(self.viewer()))
        scores = ", ".join(f"{state.seat_label(i)} {s:g}" for i, s in enumerate(state.scores()))
        self.console.print(Text(f"{state.result_text()}. Final scores: {scores}", style="bold"))
        self.save()
        self.console.print(
            f"Record saved to {self.save_path} (lapilli replay {self.save_path}).", soft_wrap=True
        )

    def save(self) -> None:
        self.match.record.save(self.save_path)


def logged(text: str) -> Padding:
    """A line of the log, indented (its wrapped lines too, so they read as one entry)."""
    return Padding(Text(text, style="dim"), (0, 0, 0, 2))


def to_act(state: State, seat: int) -> str:
    """Who is to act (the colour or name the player goes by) and what the rule asks,
    in the rulebook's words: "Red (you) to act. Set-up: choose your opening hand"."""
    decision = state.decision() if isinstance(state, FlowState) else None
    prompt = f" {decision['prompt']}" if decision and decision["prompt"] else ":"
    return f"{state.seat_label(seat)} (you) to act.{prompt}"


def match_text(answer: str, legal: list[Action], texts: list[str]) -> Action | None:
    """The action named by its menu text, its JSON-ish text, a unique last word (``c3``)
    or a word no other action's text holds (``wolf``)."""
    word = answer.lower()
    if not word:
        return None
    for action, text in zip(legal, texts, strict=True):
        if word in (text.lower(), str(action).lower()):
            return action
    tails = [a for a, t in zip(legal, texts, strict=True) if t.lower().split()[-1] == word]
    if len(tails) == 1:
        return tails[0]
    # a word that names one action only ("wolf" for "take Wolf into your opening hand")
    named = [a for a, t in zip(legal, texts, strict=True) if word in t.lower().split()]
    return named[0] if len(named) == 1 and not tails else None


def default_save_path(game_id: str) -> Path:
    return Path(f"{game_id}-{time.strftime('%Y%m%d-%H%M%S')}.lapilli.json")
