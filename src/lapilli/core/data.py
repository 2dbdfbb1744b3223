"""Component data (tiles, cards, costs) lives in TOML files inside each game's package."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import Any


@cache
def load_toml(package: str, name: str = "data.toml") -> dict[str, Any]:
    """The parsed TOML file ``name`` shipped inside ``package`` (read once)."""
    return tomllib.loads(files(package).joinpath(name).read_text(encoding="utf-8"))
