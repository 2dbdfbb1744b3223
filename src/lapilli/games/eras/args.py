"""Frame arguments shared by several steps."""

from __future__ import annotations

from typing import NamedTuple


class SeatArgs(NamedTuple):
    seat: int  # whose turn, deal or draw it is
