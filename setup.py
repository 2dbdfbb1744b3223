"""Builds lapilli with its compiled engine wherever mypyc and a C compiler are at hand,
and as pure Python otherwise (``docs/performance.md``). Everything else about the package
is in ``pyproject.toml``.

``LAPILLI_PURE=1`` at install time skips the compiled engine (a quick editable install).
An editable install builds the engine beside the sources; after editing a compiled
module, ``python -m lapilli.build`` compiles it again (until then it runs as pure Python).
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "lapilli"


def _engine_build() -> Any:
    """``lapilli/build.py`` alone: the package itself cannot be imported yet."""
    spec = importlib.util.spec_from_file_location("lapilli_build", PACKAGE / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _extensions(build: Any) -> list[Any]:
    if os.environ.get("LAPILLI_PURE", "") not in ("", "0"):
        print("lapilli: LAPILLI_PURE is set: the pure-Python engine only")
        return []
    try:
        return list(build.extensions(PACKAGE))
    except (Exception, SystemExit) as exc:  # no mypyc, or it refused a source (it exits)
        print(f"lapilli: the compiled engine cannot be built ({exc!r}): pure Python")
        return []


def _package_dir(command: Any) -> Path:
    """Where ``compiled.json`` goes: beside the sources for an in-place or editable
    build, else into the package being built."""
    if command.inplace or getattr(command, "editable_mode", False):
        return PACKAGE
    return Path(command.build_lib) / "lapilli"


BUILD = _engine_build()
setup(
    ext_modules=_extensions(BUILD),
    cmdclass={"build_ext": BUILD.build_ext_class(build_ext, _package_dir)},
)
