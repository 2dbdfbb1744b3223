"""A class's annotations as its source writes them, whichever engine runs.

Fields, frame arguments and their types are declared once, as annotations
(``core.fields``). Interpreted, a class keeps them as written (texts, under ``from
__future__ import annotations``). A module compiled by mypyc keeps only a simplified
type per annotation (``list`` for ``Owned[Zone[str]]``, nothing of ``Annotated``), so
for its classes the annotations are read again from the module's source, which is
installed beside it.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, get_type_hints


def own_annotations(klass: type) -> dict[str, Any]:
    """``klass``'s own annotations, in declaration order: texts or types, as written."""
    module = sys.modules[klass.__module__]
    written = _written(klass.__module__) if _compiled(module) else None
    if written is None:
        found: dict[str, Any] = klass.__dict__.get("__annotations__", {})
        return found
    return dict(written.get(klass.__qualname__, {}))


def type_hints(klass: type) -> dict[str, Any]:
    """``typing.get_type_hints(klass, include_extras=True)``, from the source's own
    annotations when its module is compiled."""
    module = sys.modules[klass.__module__]
    if not _compiled(module):
        return get_type_hints(klass, include_extras=True)
    hints: dict[str, Any] = {}
    for base in reversed(klass.__mro__):
        if base.__module__ == "builtins":
            continue
        names = {**vars(sys.modules[base.__module__]), **vars(base)}
        for name, text in own_annotations(base).items():
            hints[name] = eval(text, names) if isinstance(text, str) else text
    return hints


def _compiled(module: Any) -> bool:
    return str(getattr(module, "__file__", None)).endswith(tuple(EXTENSION_SUFFIXES))


@cache
def _written(module_name: str) -> dict[str, dict[str, str]] | None:
    """Each class's annotations in the module's source, by qualified name (None when
    the source is not installed)."""
    module = sys.modules[module_name]
    compiled = Path(str(getattr(module, "__file__", "")))
    source = compiled.with_name(compiled.name.split(".", 1)[0] + ".py")
    if not source.is_file():
        return None
    found: dict[str, dict[str, str]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef):
                name = prefix + node.name
                found[name] = {
                    item.target.id: ast.unparse(item.annotation)
                    for item in node.body
                    if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
                }
                visit(node.body, name + ".")
            elif isinstance(node, ast.FunctionDef):
                visit(node.body, f"{prefix}{node.name}.<locals>.")

    visit(ast.parse(source.read_text(encoding="utf-8")).body, "")
    return found
