"""Frame arguments that steps of several rule modules share (plain data: this module
imports no rule module). Frames are saved and shown with the position, so they name
hexes and regions as the rulebook's map does, by coordinates (the rules convert them
with ``board.hex_id`` and ``board.region_id``)."""

from __future__ import annotations

from typing import NamedTuple

from lapilli.core.hexgrid import Hex

Region = tuple[int, int, int]
"""A region as frames name it: ``(q, r, colour)``."""


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
