"""Deeper: underwater exploration by depth (Chris Glein, prototype)."""

from .game import Deeper

__all__ = ["Deeper"]
