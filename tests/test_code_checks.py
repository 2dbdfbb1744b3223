"""CI checks the code, not only its behaviour: lint and formatting (ruff) everywhere,
types (mypy, configured in pyproject.toml) in the shared engine and the bots."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True
    )


def test_the_code_is_formatted():
    done = run("ruff", "format", "--check", "src", "tests")
    assert done.returncode == 0, "run `ruff format src tests`:\n" + done.stdout + done.stderr


def test_the_code_passes_the_linter():
    done = run("ruff", "check", "src", "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_core_and_agents_type_check():
    done = run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
