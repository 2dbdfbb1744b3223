"""The compiled engine: the same rules source compiled with mypyc (``docs/performance.md``).

``python -m lapilli.build`` compiles the engine in place, beside the sources: the
modules of ``core/`` and every game's rules (``COMPILED``), each into a C extension that
Python imports instead of the ``.py`` file. It writes ``compiled.json`` beside them: the
compiler and a digest of every compiled source, so that an edited source is noticed at
import and the whole engine runs as pure Python until it is built again
(``lapilli._engine``). ``python -m lapilli.build --clean`` removes the compiled engine.

``setup.py`` uses the same list when pip builds the package: the compiled engine wherever
mypyc and a C compiler are at hand, the pure-Python engine otherwise.

Only the standard library is imported at module level: ``setup.py`` loads this file on
its own, before the package's dependencies may be installed.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent
"""The ``lapilli`` package directory."""
MANIFEST = "compiled.json"

CORE_INTERPRETED = {
    "conformance.py",  # the test suite's checks
    "decision.py",  # pydantic reads its annotations: they must stay as written
    "events.py",  # declarations; pydantic reads the games' event kinds through it
    "lessons.py",  # guided first games (texts)
    "match.py",  # the terminal's and the server's game driver (undo, log)
    "numeric.py",  # numeric views stay with numpy
    "parts.py",  # declarations only
    "rules.py",  # the rules in brief (texts)
    "schema.py",  # documentation
    "svg.py",  # drawing
}
GAME_INTERPRETED = {
    "__init__.py",
    "bounds.py",  # what a set-up promises learning libraries (with numeric.py)
    "game.py",  # the declaration: one call per game, and the import cycle's top
    "drawing.py",
    "events.py",  # TypedDicts that pydantic reads by their annotations (schemas)
    "numeric.py",
    "options.py",  # read by their annotations (core.options): they must stay as written
    "pictures.py",
    "rules.py",  # the rules in brief, in the rulebook's words
    "text.py",
    "view.py",
}


def compiled_sources(package: Path = PACKAGE) -> list[Path]:
    """The modules of the compiled engine: the core and every game's rules (views,
    texts and drawings stay interpreted: they are not on the paths bots search)."""
    core = [p for p in sorted((package / "core").glob("*.py")) if p.name not in CORE_INTERPRETED]
    games = [
        p for p in sorted((package / "games").glob("*/*.py")) if p.name not in GAME_INTERPRETED
    ]
    return core + games


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest(package: Path, sources: Sequence[Path]) -> dict[str, Any]:
    """What ``compiled.json`` holds: the compiler and each compiled source's digest."""
    from mypy.version import __version__ as mypy_version

    return {
        "compiler": f"mypyc {mypy_version}",
        "python": ".".join(map(str, sys.version_info[:2])),
        "sources": {p.relative_to(package).as_posix(): digest(p) for p in sources},
    }


def extensions(
    package: Path = PACKAGE, opt_level: str | None = None, target_dir: str | None = None
) -> list[Any]:
    """The C extensions of the compiled engine (``mypycify``: the C it writes goes to
    ``target_dir``, by default ``build/``)."""
    from mypyc.build import mypycify

    paths = [os.path.relpath(p) for p in compiled_sources(package)]
    config = package.parent.parent / "pyproject.toml"
    options = ["--config-file", str(config)] if config.exists() else []
    level = opt_level or os.environ.get("MYPYC_OPT_LEVEL", "3")
    # one group (one shared library), compiled without mypyc's whole-program
    # assumptions: games and tests subclass the engine's classes where mypyc cannot see
    return list(
        mypycify(
            [*options, *paths],
            opt_level=level,
            multi_file=True,
            separate=[(paths, "lapilli_engine")],
            target_dir=target_dir,
        )
    )


def parallel_compile(compiler: Any, jobs: int) -> None:
    """Compile an extension's C files on ``jobs`` cores (distutils compiles them one by
    one; mypyc splits the engine into one C file per module)."""

    def compile_all(
        sources: list[str],
        output_dir: str | None = None,
        macros: Any = None,
        include_dirs: Any = None,
        debug: bool = False,
        extra_preargs: Any = None,
        extra_postargs: Any = None,
        depends: Any = None,
    ) -> list[str]:
        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs
        )
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj: str) -> None:
            src, ext = build[obj]
            compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(one, objects))
        return list(objects)

    compiler.compile = compile_all


def build_ext_class(base: type, package_of: Callable[[Any], Path]) -> type:
    """A ``build_ext`` that compiles on every core, falls back to pure Python when the
    C compiler fails, and writes ``compiled.json`` beside the extensions it built."""

    class BuildExt(base):  # type: ignore[misc]
        def build_extensions(self) -> None:
            parallel_compile(self.compiler, os.cpu_count() or 1)
            super().build_extensions()

        def run(self) -> None:
            # the digests of the sources as compiled, taken before a slow compile
            data = manifest(PACKAGE, compiled_sources(PACKAGE))
            try:
                super().run()
            except Exception as exc:  # no C compiler, or it failed: the pure engine
                print(f"lapilli: the compiled engine was not built ({exc}); pure Python")
                return
            (package_of(self) / MANIFEST).write_text(json.dumps(data, indent=1) + "\n")

    return BuildExt


def clean(package: Path = PACKAGE) -> int:
    """Remove the compiled engine from ``package``: its extensions and manifest."""
    found = [*package.rglob("*.so"), *package.rglob("*.pyd"), package / MANIFEST]
    found += [*package.parent.glob("*__mypyc*.so"), *package.parent.glob("*__mypyc*.pyd")]
    removed = 0
    for path in found:
        if path.exists():
            path.unlink()
            removed += 1
    return removed


def build_in_place(opt_level: str | None = None) -> None:
    """Compile the engine beside the sources (the developer's workflow)."""
    from setuptools import Distribution
    from setuptools.command.build_ext import build_ext

    root = PACKAGE.parent
    start = time.perf_counter()
    os.chdir(root)
    clean()
    dist = Distribution(
        {
            "name": "lapilli-engine",
            "ext_modules": extensions(PACKAGE, opt_level, str(root.parent / "build" / "mypyc")),
            "cmdclass": {"build_ext": build_ext_class(build_ext, lambda cmd: PACKAGE)},
        }
    )
    command = dist.get_command_obj("build_ext")
    command.inplace = True
    command.build_temp = str(root.parent / "build" / "engine")
    dist.run_command("build_ext")
    built = (PACKAGE / MANIFEST).exists()
    took = time.perf_counter() - start
    print(f"lapilli: {'compiled' if built else 'not compiled'} in {took:.0f} s")


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["--clean"]:
        print(f"lapilli: removed {clean()} compiled files")
        return 0
    if args == ["--list"]:
        print("\n".join(str(p.relative_to(PACKAGE)) for p in compiled_sources()))
        return 0
    if args and args[0] != "--opt":
        print("usage: python -m lapilli.build [--opt 0-3 | --clean | --list]")
        return 2
    build_in_place(args[1] if len(args) > 1 else None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
