"""The engine in use: compiled or pure Python, chosen once at import (``lapilli._engine``)."""

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import lapilli
import lapilli.core
from lapilli import _engine
from lapilli.build import compiled_sources

SRC = Path(lapilli.__file__).resolve().parent.parent


def run_python(code, **env):
    """``code``'s output in a fresh interpreter (the engine is chosen at import)."""
    environment = {**os.environ, "PYTHONPATH": str(SRC), **env}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, check=True
    )
    return done.stdout.strip()


def test_lapilli_pure_runs_every_module_from_its_python_source():
    code = "import lapilli.core.flow as f, lapilli; print(f.__file__); print(lapilli.ENGINE)"
    where, engine = run_python(code, LAPILLI_PURE="1").splitlines()
    assert where.endswith("flow.py")
    assert engine == "pure Python (LAPILLI_PURE)"


def test_the_pure_finder_finds_modules_and_packages_in_their_sources():
    finder = _engine.PureFinder()
    flow = finder.find_spec("lapilli.core.flow", lapilli.core.__path__)
    assert flow is not None and flow.origin.endswith("core/flow.py")
    games = finder.find_spec("lapilli.games", lapilli.__path__)
    assert games is not None and games.origin.endswith("games/__init__.py")
    assert games.submodule_search_locations
    assert finder.find_spec("json", None) is None  # other packages are left alone


def test_an_edited_source_is_named_stale():
    path = _engine.PACKAGE / "core" / "flow.py"
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    assert _engine._stale({"sources": {"core/flow.py": digest}}) == []
    assert _engine._stale({"sources": {"core/flow.py": "0" * 64}}) == ["core/flow.py"]
    assert _engine._stale({"sources": {"core/gone.py": digest}}) == ["core/gone.py"]
    assert _engine._stale({}) == ["compiled.json"]


def test_the_compiled_engine_holds_the_rules_not_the_views():
    names = {p.relative_to(_engine.PACKAGE).as_posix() for p in compiled_sources()}
    assert {"core/flow.py", "core/fields.py", "games/volcanique/lava.py"} <= names
    assert not {n for n in names if n.endswith(("/drawing.py", "/text.py", "/view.py"))}
