"""A real terminal session driven through tmux: what a player at a keyboard sees."""

import re
import shutil
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

LAPILLI = str(Path(sys.executable).parent / "lapilli")


class Tmux:
    def __init__(self, command: str, width: int = 160):
        self.name = f"lapilli-{uuid.uuid4().hex[:8]}"
        self.tmux = ["tmux", "-L", self.name]  # a server of its own, gone with the session
        size = ["-x", str(width), "-y", "60"]
        subprocess.run(
            [*self.tmux, "new-session", "-d", "-s", self.name, *size, command], check=True
        )

    def send(self, *keys: str) -> None:
        for key in keys:
            subprocess.run([*self.tmux, "send-keys", "-t", self.name, key, "Enter"], check=True)
            time.sleep(0.15)

    def screen(self) -> str:
        return subprocess.run(
            [*self.tmux, "capture-pane", "-p", "-t", self.name],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def history(self, joined: bool = False) -> str:
        """The screen and everything scrolled off it (what a player could scroll up to);
        ``joined``: each line the terminal had to wrap joined again."""
        return subprocess.run(
            [
                *self.tmux,
                "capture-pane",
                "-p",
                *(["-J"] if joined else []),
                "-S",
                "-",
                "-t",
                self.name,
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    def wait_for(self, text: str, timeout: float = 15) -> str:
        deadline = time.time() + timeout
        while time.time() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never appeared; screen:\n{self.screen()}")

    def wait_for_prompt(self, timeout: float = 15) -> None:
        """Until the game asks (its prompt, empty, is the last line shown)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            shown = [line for line in self.screen().splitlines() if line.strip()]
            if shown and shown[-1].rstrip() == ">":
                return
            time.sleep(0.1)
        raise AssertionError(f"no prompt; screen:\n{self.screen()}")

    def close(self) -> None:
        subprocess.run([*self.tmux, "kill-server"], capture_output=True)


def test_a_player_takes_tokens_places_one_and_quits_in_a_real_terminal(tmp_path):
    save = tmp_path / "tty.json"
    tty = Tmux(f"{LAPILLI} play foggy_island --seed 5 --save {save}; sleep 30")
    try:
        tty.wait_for("take Wolf")
        tty.send(*["wolf"] * 5)
        tty.wait_for("play Wolf")
        tty.send("wolf")
        tty.wait_for("place on f6")
        tty.send("d4")
        screen = tty.wait_for("Blue places")
        assert "Wo" in screen  # Red's Wolf is drawn on the map
        tty.send("quit")
        tty.wait_for("Game saved")
    finally:
        tty.close()
    assert save.exists()


RED_HAND = re.compile(
    r"Red(?: \(you\))?[ *]+\d+ (?!hidden)"
)  # Red's row of the table with the hand shown


def test_hot_seat_hand_over_leaves_no_earlier_hand_in_the_scrollback(tmp_path):
    save = tmp_path / "hot.json"
    tty = Tmux(f"{LAPILLI} play foggy_island --seats human,human --seed 5 --save {save}; sleep 30")
    try:
        tty.wait_for("Red, take the keyboard")
        tty.send("")
        tty.wait_for("take ")
        tty.send("1", "1", "1")
        deadline = time.time() + 15
        while tty.history().count("Red takes") < 3 and time.time() < deadline:
            time.sleep(0.1)
        earlier = tty.history()
        assert "Red takes" in earlier and RED_HAND.search(earlier)  # Red's hand was on screen
        tty.send("1", "1")
        tty.wait_for("Blue, take the keyboard")
        handed = tty.history()
        assert "Red takes" not in handed and not RED_HAND.search(handed), handed
        tty.send("")
        blue = tty.wait_for("Since your last turn")
        assert "Red has chosen their opening hand" in blue
        history = tty.history()
        assert "Red takes" not in history and not RED_HAND.search(history), history
        tty.send("quit")
        tty.wait_for("Game saved")
    finally:
        tty.close()


@pytest.mark.parametrize("width", [80, 100])
def test_every_games_first_moves_fit_the_terminal_without_wrapping(tmp_path, width):
    """Nothing the game prints is wider than the terminal: a line the terminal had to wrap
    (a word cut in two, a map row broken into noise) would be one line longer than it."""
    for game in ("foggy_island", "fuji", "eras", "deeper", "volcanique"):
        save = tmp_path / f"{game}.json"
        # the game reads the terminal's width (not the COLUMNS the other CLI tests set)
        command = f"env -u COLUMNS -u LINES {LAPILLI} play {game} --seed 3 --save {save}"
        tty = Tmux(f"{command}; sleep 30", width)
        try:
            for _ in range(4):
                tty.wait_for_prompt()
                tty.send("1")
            tty.send("quit")
            tty.wait_for("Game saved")
            lines = tty.history(joined=True).splitlines()
        finally:
            tty.close()
        # (a file's path is printed whole, to be copied: only its lines may be longer)
        wrapped = [line for line in lines if len(line.rstrip()) > width and str(save) not in line]
        assert not wrapped, (game, wrapped)
