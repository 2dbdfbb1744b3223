"""A real terminal session driven through tmux: what a player at a keyboard sees."""

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
    def __init__(self, command: str):
        self.name = f"lapilli-{uuid.uuid4().hex[:8]}"
        subprocess.run(
            ["tmux", "new-session", "-d", "-s", self.name, "-x", "160", "-y", "60", command],
            check=True,
        )

    def send(self, *keys: str) -> None:
        for key in keys:
            subprocess.run(["tmux", "send-keys", "-t", self.name, key, "Enter"], check=True)
            time.sleep(0.15)

    def screen(self) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", self.name],
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

    def close(self) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.name], capture_output=True)


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
        screen = tty.wait_for("Blue placed")
        assert "Wo" in screen  # Red's Wolf is drawn on the map
        tty.send("quit")
        tty.wait_for("Game saved")
    finally:
        tty.close()
    assert save.exists()
