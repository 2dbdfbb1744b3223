"""Frames made once. A frame is an immutable value (a step, who decides, its named
arguments), and building one costs more than finding it again: the steps every turn
pushes (move, buy, claim, pay...) are made here once and reused."""

from __future__ import annotations

from typing import Any

from lapilli.core.flow import Frame, Step

_MADE: dict[tuple[Any, ...], Frame] = {}


def frame(step: Step, decider: int | None = None, /, **args: Any) -> Frame:
    """``step(decider, **args)`` (``step(**args)`` for a step nobody decides), made
    once. The arguments are named in the order ``step.Args`` declares them (they are
    looked up by their values). For frames whose arguments take few values (seats,
    prices, tile kinds, a hex): one with long lists is better made on the spot."""
    key = (step, decider, *args.values())
    made = _MADE.get(key)
    if made is None:
        names: tuple[str, ...] = getattr(step.Args, "_fields", ())
        if list(args) != list(names[: len(args)]):
            raise TypeError(f"name the arguments of {step.name} in their order: {names}")
        made = _MADE[key] = step(**args) if decider is None else step(decider, **args)
    return made
