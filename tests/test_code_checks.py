"""CI checks the code, not only its behaviour: lint and formatting (ruff) everywhere,
types (mypy, configured in pyproject.toml), and no import cycle inside a package."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

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


def test_the_whole_package_type_checks_strictly():
    done = run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr


# -- no import cycles inside a package -----------------------------------------------------
SRC = ROOT / "src" / "lapilli"


def _runtime_imports(path: Path, module: str) -> set[str]:
    """What a module imports when it is loaded: its top-level imports, leaving out
    ``if TYPE_CHECKING:`` blocks and imports inside functions."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    parts = parts[: len(parts) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                found.add(base)
                found.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If | ast.Try | ast.With):
                for block in ("body", "orelse", "finalbody", "handlers"):
                    for item in getattr(node, block, []):
                        visit(item.body if isinstance(item, ast.ExceptHandler) else [item])

    visit(tree.body)
    return found


def package_cycles(package: Path, root: Path = SRC.parent) -> list[list[str]]:
    """The import cycles among the modules of one package (not its subpackages);
    ``root`` is the folder its dotted name starts from."""
    name = ".".join(package.relative_to(root).parts)
    modules = {f"{name}.{p.stem}": p for p in package.glob("*.py") if p.name != "__init__.py"}
    graph = {m: _runtime_imports(p, m) & set(modules) - {m} for m, p in modules.items()}
    cycles, done = [], set()
    for start in sorted(graph):  # each module's cycle back to itself, found once
        if start in done:
            continue
        seen, todo = {start}, list(graph[start])
        while todo:
            m = todo.pop()
            if m not in seen:
                seen.add(m)
                todo.extend(graph[m])
        loop = sorted(m for m in seen if start in _reach(graph, m))
        if len(loop) > 1:
            cycles.append([m.rpartition(".")[2] for m in loop])
            done.update(loop)
    return cycles


def _reach(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        m = todo.pop()
        for n in graph[m] - seen:
            seen.add(n)
            todo.append(n)
    return seen


PACKAGES = sorted(p.parent for p in SRC.rglob("__init__.py"))


@pytest.mark.parametrize("package", PACKAGES, ids=[p.name for p in PACKAGES])
def test_no_module_imports_itself_back_through_others(package: Path) -> None:
    assert package_cycles(package) == []


def test_the_cycle_finder_finds_a_cycle_and_skips_type_checking_imports(tmp_path: Path) -> None:
    toy = tmp_path / "toy"
    toy.mkdir()
    (toy / "__init__.py").write_text("")
    (toy / "a.py").write_text("from . import b\n")
    (toy / "b.py").write_text("from .c import x\n")
    (toy / "c.py").write_text("from .a import y\n")
    (toy / "d.py").write_text("from .a import y\n")
    (toy / "e.py").write_text(
        "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from .d import z\n"
    )
    (toy / "f.py").write_text("from .e import w\n\n\ndef later():\n    from .f import v\n")
    assert package_cycles(toy, tmp_path) == [["a", "b", "c"]]
