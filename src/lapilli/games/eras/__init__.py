"""Eras: the era-card path game (seed 001, listed elsewhere as "Evolution")."""

from .game import Eras

__all__ = ["Eras"]
