"""Which engine runs: the compiled one (``lapilli.build``) or pure Python.

Python imports a compiled module in preference to its ``.py`` file. The compiled engine
is used only when it is whole and up to date: ``compiled.json`` (written by the build)
lists a digest of every compiled source, and a source that differs from its digest (an
edit since the build) makes the whole package run as pure Python, with a warning, until
the engine is built again. ``LAPILLI_PURE=1`` chooses pure Python at run time. Either
way the choice is made here, before any other module of the package is imported, and
``ENGINE`` names it (``lapilli --version``, ``lapilli bench``).

Never compiled: it decides whether the compiled modules may be imported.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).resolve().parent
MANIFEST = PACKAGE / "compiled.json"


class PureFinder(importlib.abc.MetaPathFinder):
    """Finds the package's modules in their ``.py`` files, never in compiled ones."""

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if not name.startswith("lapilli.") or path is None:
            return None
        last = name.rpartition(".")[2]
        for entry in path:
            package = Path(entry) / last
            if (package / "__init__.py").is_file():
                return importlib.util.spec_from_file_location(
                    name, package / "__init__.py", submodule_search_locations=[str(package)]
                )
            module = Path(entry) / f"{last}.py"
            if module.is_file():
                return importlib.util.spec_from_file_location(name, module)
        return None


def _stale(manifest: dict[str, object]) -> list[str]:
    """The compiled sources edited since the build (or gone)."""
    sources = manifest.get("sources")
    if not isinstance(sources, dict):
        return ["compiled.json"]
    stale = []
    for name, digest in sources.items():
        path = PACKAGE / name
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            stale.append(name)
    return stale


def _compiled_present() -> bool:
    return any(PACKAGE.glob("core/*.so")) or any(PACKAGE.glob("core/*.pyd"))


def choose() -> str:
    """Choose the engine for this process (installing the pure finder if need be) and
    name it."""
    if os.environ.get("LAPILLI_PURE", "") not in ("", "0"):
        return _pure("pure Python (LAPILLI_PURE)")
    if not _compiled_present():
        return "pure Python"
    try:
        manifest = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return _pure("pure Python (the compiled engine has no compiled.json: rebuild it)")
    stale = _stale(manifest)
    if stale:
        shown = ", ".join(stale[:3]) + (", ..." if len(stale) > 3 else "")
        sys.stderr.write(
            f"lapilli: {shown} changed since the engine was compiled: running pure Python "
            "(python -m lapilli.build compiles it again; LAPILLI_PURE=1 silences this)\n"
        )
        return _pure("pure Python (the compiled engine is out of date)")
    return f"compiled ({manifest.get('compiler', 'mypyc')})"


def _pure(name: str) -> str:
    if not any(isinstance(f, PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PureFinder())
    return name


ENGINE = choose()
"""The engine in use, in words: "compiled (mypyc 1.x)" or "pure Python (why)"."""
