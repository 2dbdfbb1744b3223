"""What a replay adds to a game's drawing: the place of the move just replayed outlined
(taken from the drawing of the position before it, where that move was a target), and a
seat's view shown to someone else without calling that seat "you"."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from lapilli.core.svg import esc

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)
LAST_MOVE = "<style>.last-move{fill:none;stroke:#ff6d00;stroke-width:5;pointer-events:none}</style>"
YOU = " \u2014 you"
"""How every game's drawing names the seat whose view it is (``Red — you``)."""
WATCHED = {YOU: " \u2014 their view", ", yours now": ", theirs now"}
"""What a seat's drawing says to that seat alone, and what a watcher reads instead (a
drawing words the rest of a seat's panel without "you": "sealed bid: 4", "screen")."""


def last_move_marked(after: str, before: str, said: str) -> str:
    """``after`` with the outlines of ``before``'s targets (one move, drawn as the only
    legal one) in the last move's colour, titled with what was done; unchanged when the
    move had no place on the board."""
    outlines = []
    for target in ET.fromstring(before).iter(f"{{{SVG}}}g"):
        if target.get("class") != "target":
            continue
        for shape in target:
            if shape.get("class") == "hl":
                shape.set("class", "last-move")
                outlines.append(ET.tostring(shape, encoding="unicode"))
    if not outlines:
        return after
    mark = f'<g class="last-move-mark"><title>Last move: {esc(said)}</title>{LAST_MOVE}'
    mark += "".join(outlines) + "</g>"
    head, _, _ = after.rpartition("</svg>")
    return f"{head}{mark}</svg>"


def seen_as(svg: str) -> str:
    """A seat's view as someone else watches it: its panel says whose view it is."""
    for mine, theirs in WATCHED.items():
        svg = svg.replace(mine, theirs)
    return svg
