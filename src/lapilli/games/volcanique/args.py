"""Frame arguments that steps of several rule modules share (plain data: this module
imports no rule module)."""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.hexgrid import Hex

from .board import Region


class Moving(NamedTuple):
    region: Region  # where the critter stands
    dests: tuple[Hex, ...]  # the tiles of its biome it may go to


class Target(NamedTuple):
    volcano: Hex


class Striking(NamedTuple):
    volcano: Hex
    seat: int  # who unleashed it
    main: bool  # the volcano bought (False: a lateral one)


class Volcano(NamedTuple):
    volcano: Hex
    height: int  # the land height under the volcano


class Seat(NamedTuple):
    seat: int
