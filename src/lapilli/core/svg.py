"""SVG plumbing for the board drawings: escaping, a tiny element builder, hex geometry,
readable colours, clickable targets, and the pieces every board draws the same way: a
column laid top to bottom (``Stack``), a seat's lettered piece (``chip``), the seats'
colours (``SEAT_PALETTE``), the status line's "who decides what" (``deciding``).

A game's ``drawing.draw(observation, seat, legal, labels)`` returns one self-contained
SVG (no scripts, no external resources). An element that stands for legal actions is
wrapped by ``Targets.wrap``: it carries ``class="target"``, ``data-action="i"`` (or
``data-actions="i j k"`` when a click needs a small picker) with ``i`` an index into
``legal``, a ``<title>`` with the action's label, and a highlight outline.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from .actions import Action
from .hexgrid import Hex

if TYPE_CHECKING:
    from .decision import Decision

Point = tuple[float, float]


# -- text and elements ---------------------------------------------------------------------
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"})


def esc(value: Any) -> str:
    """``value`` as XML text or attribute content."""
    return str(value).translate(_ESCAPES)


def _num(v: float) -> str:
    """A coordinate to one decimal, without a trailing ``.0``."""
    out = f"{v:.1f}"
    return out[:-2] if out.endswith(".0") else out


@cache
def _attr_name(key: str) -> str:
    return key.rstrip("_").replace("_", "-")


def attrs(**kw: Any) -> str:
    """Attributes in order; ``class_`` -> ``class``, ``data_action`` -> ``data-action``;
    ``None`` and ``False`` values are left out."""
    out = []
    for key, value in kw.items():
        if value is None or value is False:
            continue
        kind = type(value)
        if kind is str:
            value = value.translate(_ESCAPES)
        elif kind is float:
            value = _num(value)
        elif kind is not int:
            value = esc(value)
        out.append(f' {_attr_name(key)}="{value}"')
    return "".join(out)


def el(tag: str, *children: str | None, **kw: Any) -> str:
    """One element; children are markup strings (``None`` skipped)."""
    body = "".join(c for c in children if c)
    if body:
        return f"<{tag}{attrs(**kw)}>{body}</{tag}>"
    return f"<{tag}{attrs(**kw)}/>"


MIN_LETTERING = 8.0
"""The smallest lettering a board draws, in its units: a phone shows a board at least
9/8 of its size (9 px letters), so a smaller letter would only make it scroll further."""


def text(x: float, y: float, content: Any, **kw: Any) -> str:
    """A ``<text>`` element, its content escaped (lettering never below MIN_LETTERING)."""
    size = kw.get("font_size")
    if isinstance(size, (int, float)) and size < MIN_LETTERING:
        kw["font_size"] = MIN_LETTERING
    return f"<text{attrs(x=x, y=y, **kw)}>{esc(content)}</text>"


def label(x: float, y: float, content: Any, size: float = 13, bold: bool = False, **kw: Any) -> str:
    """Board lettering: ``text`` in dark ink unless ``fill`` says otherwise."""
    kw.setdefault("fill", LETTERING)
    return text(x, y, content, font_size=size, font_weight="bold" if bold else None, **kw)


def to_move(x: float, y: float, size: float = 13) -> str:
    """A seat panel's "▶ to move", right-aligned at ``x``: its class (``to-move``) lets a
    page hide it once the game is over though no rule ended it (a clock ran out)."""
    return label(x, y, "▶ to move", size, True, text_anchor="end", class_="to-move")


def title(content: str) -> str:
    return f"<title>{esc(content)}</title>"


BOLD_CHAR = 0.58
"""The mean width of a bold letter of the boards' lettering, in font sizes (generous)."""


def status_line(x: float, y: float, content: str, width: float, size: float = 16) -> str:
    """A board's status line (the round, whose decision, its rule): one line of bold
    lettering, shortened at a word with an ellipsis where it would run past ``width``;
    the whole line stays in its tooltip and in ``data-text`` (a page with no room for
    it on the board shows it whole)."""
    fits = int(width / (size * BOLD_CHAR))
    line = "status-line"  # a page may show it as text instead (a phone's narrow board)
    if len(content) <= fits:
        return group(label(x, y, content, size, True), class_=line, data_text=content)
    short = content[: fits - 1].rsplit(" ", 1)[0].rstrip(",:;·") + "…"
    return group(title(content), label(x, y, short, size, True), class_=line, data_text=content)


def joined(*bits: str | None) -> str:
    """A status line's parts, one after the other (empty ones left out)."""
    return " · ".join(bit for bit in bits if bit)


def deciding(decision: Decision | None, seat_name: Callable[[int], str]) -> str | None:
    """The observation's pending decision as a status line says it, "<seat>: <its
    rule>" (the step's word when it has no rule text); None while no seat decides (a
    roll, a draw, the game over)."""
    if decision is None or decision["seat"] is None:
        return None
    return f"{seat_name(decision['seat'])}: {decision['prompt'] or decision['name']}"


def pts(points: Iterable[Point]) -> str:
    """A ``points`` attribute."""
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def group(*children: str | None, **kw: Any) -> str:
    return el("g", *children, **kw)


# -- layout --------------------------------------------------------------------------------------
class Stack:
    """A column of the drawing laid top to bottom: each piece is drawn at the running
    ``y`` and moves it down by its height. A panel's functions take the stack and add to
    it, rather than handing ``(markup, y)`` pairs back and forth."""

    def __init__(self, x: float, y: float) -> None:
        self.x = x
        self.top = y
        self.y = y
        self.parts: list[str] = []

    def add(self, *markup: str, height: float = 0) -> None:
        """``markup`` (drawn at the current ``y``), then move ``height`` down."""
        self.parts.extend(markup)
        self.y += height

    def gap(self, height: float) -> None:
        """Move ``height`` down with nothing drawn."""
        self.y += height

    @property
    def height(self) -> float:
        """How far the stack has come down from its top."""
        return self.y - self.top

    def below(self) -> Stack:
        """A new stack (a panel, a section) starting where this one has come to."""
        return Stack(self.x, self.y)

    def markup(self, *behind: str) -> str:
        """What was added, as one group over ``behind`` (a frame, drawn once the height
        is known)."""
        return group(*behind, *self.parts)


# -- hexes (pointy-top, axial; see core/hexgrid) ----------------------------------------------
SQRT3 = math.sqrt(3.0)


def hex_center(h: Hex, size: float) -> Point:
    """Pixel centre of hex ``h`` (``size`` = centre to corner); r grows downwards."""
    q, r = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def hex_corners(center: Point, size: float) -> list[Point]:
    """The six corners, counter-clockwise from the one at 30 degrees (between the east
    and north-east edges): corner ``k`` lies between the edges facing directions
    ``k`` and ``k + 1``."""
    cx, cy = center
    out = []
    for k in range(6):
        a = math.radians(30 + 60 * k)
        out.append((cx + size * math.cos(a), cy - size * math.sin(a)))
    return out


def edge_corners(direction: int) -> tuple[int, int]:
    """The corners bounding the edge that faces ``direction`` (0 = east, as hexgrid)."""
    return ((direction - 1) % 6, direction % 6)


def direction_vector(direction: int) -> Point:
    """A unit vector from a hex's centre towards the middle of the edge facing
    ``direction`` (screen coordinates, y down)."""
    a = math.radians(60 * direction)
    return (math.cos(a), -math.sin(a))


# -- colours -------------------------------------------------------------------------------------
def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


@cache  # a drawing asks about a few colours many times
def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    h = colour.lstrip("#")
    r, g, b = (int(h[i : i + 2], 16) for i in (0, 2, 4))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


PAPER = "#fbf8f1"  # under every board: a warm off-white
PANEL = "#ffffff"  # a player's panel
LETTERING = "#111111"  # the boards' words: near-black, softer than pure black
INK_DARK = "#000000"
INK_LIGHT = "#ffffff"


SEAT_PALETTE: dict[str, str] = {
    "red": "#d32f2f",
    "orange": "#e07100",  # #f57c00 was 2.6:1 on the paper
    "yellow": "#af8c0a",  # a dark gold: #f2c418 was 1.6:1, and no light yellow reaches 3:1
    "green": "#2e8b45",
    "blue": "#1e63c9",
    "purple": "#8e44ad",
    "pink": "#eb5c9f",  # #ef7fb4 was 2.4:1
    "magenta": "#c2185b",
    "black": "#262626",
}
"""The seats' colours by the names the rulebooks give them, one paint each for every
board. Each reaches 3:1 against the paper and the panels (WCAG 1.4.11, non-text
contrast), so a seat's pieces and its panel's edge stand out; its letter takes ``ink``."""


def seat_colour(name: str) -> str:
    """The paint of a seat colour a rulebook names ("Red", "blue", ...)."""
    return SEAT_PALETTE[name.lower()]


def ink(background: str) -> str:
    """Text colour for ``background``: near-black or white, whichever contrasts more
    (one of them always reaches the 4.5:1 of WCAG AA)."""
    if contrast(INK_DARK, background) >= contrast(INK_LIGHT, background):
        return INK_DARK
    return INK_LIGHT


def chip(
    shape: str | Sequence[str],
    fill: str,
    letter: Any,
    at: Point,
    size: float,
    tip: str = "",
    centred: bool = True,
    over: Sequence[str] = (),
) -> str:
    """A piece with its letter: a seat's pawn, cone or meeple with the seat's initial or
    number (or a token with its kind's letter). ``shape`` is its silhouette, painted in
    ``fill``; the letter is bold, ``size`` high, in the ink that reads on ``fill``, at
    ``at`` (the middle of its baseline, or its start if not ``centred``); ``over`` is
    drawn on top (a count); ``tip`` is the tooltip."""
    shapes = (shape,) if isinstance(shape, str) else shape
    anchor = "middle" if centred else None
    return group(
        title(tip) if tip else None,
        *shapes,
        label(at[0], at[1], letter, size, True, text_anchor=anchor, fill=ink(fill)),
        *over,
    )


# -- clickable targets ------------------------------------------------------------------------
HIGHLIGHT = "#c2006b"
"""Dashed outline of a legal target (over a white halo, so it reads on any colour)."""

STYLE = f"""
.target{{cursor:pointer}}
.target .hit{{fill:#ffffff;fill-opacity:0}}
.target .halo{{fill:none;stroke:#ffffff;stroke-width:6;pointer-events:none}}
.target .hl{{fill:none;stroke:{HIGHLIGHT};stroke-width:3;stroke-dasharray:7 4;
pointer-events:none}}
.target:hover .hit{{fill-opacity:.25}}
.target:hover .hl{{stroke-width:4.5;stroke-dasharray:none}}
text{{font-family:"DejaVu Sans",Verdana,Arial,sans-serif}}
"""


class Targets:
    """Which legal actions an element of the drawing stands for."""

    def __init__(self, legal: Sequence[Action], labels: Sequence[str]) -> None:
        self.legal = legal
        self.labels = labels
        self.used: set[int] = set()

    def find(self, kind: str | Iterable[str], **args: Any) -> list[int]:
        """Indexes of the legal actions of ``kind`` whose arguments include ``args``
        (lists compare equal to tuples)."""
        kinds = {kind} if isinstance(kind, str) else set(kind)
        want = {k: tuple(v) if isinstance(v, list) else v for k, v in args.items()}
        return [
            i
            for i, a in enumerate(self.legal)
            if a.kind in kinds and all(a.arg(k) == v for k, v in want.items())
        ]

    def where(self, test: Callable[[Action], bool]) -> list[int]:
        return [i for i, a in enumerate(self.legal) if test(a)]

    def wrap(self, body: str, indexes: Sequence[int], outline: str = "") -> str:
        """``body`` as a target for ``indexes`` (unchanged if there are none).

        ``outline`` is the shape (an element without fill or stroke, e.g.
        ``<rect x=.. />``) that receives clicks and shows the highlight."""
        if not indexes:
            return body
        self.used.update(indexes)
        one = len(indexes) == 1
        label = "\n".join(self.labels[i] for i in indexes)
        marks = ""
        if outline:
            marks = (
                _with_class(outline, "hit")
                + _with_class(outline, "halo")
                + _with_class(outline, "hl")
            )
        return group(
            title(label),
            body,
            marks,
            class_="target",
            data_action=str(indexes[0]) if one else None,
            data_actions=None if one else " ".join(map(str, indexes)),
        )


def _with_class(shape: str, cls: str) -> str:
    head, sep, rest = shape.partition(" ")
    return f'{head} class="{cls}" {rest}' if sep else shape


Box = tuple[float, float, float, float]


def _box(box: Box | None) -> str | None:
    return None if box is None else " ".join(_num(float(v)) for v in box)


def document(
    width: float,
    height: float,
    *body: str,
    label: str = "",
    board: Box | None = None,
    panels: Box | None = None,
) -> str:
    """The whole SVG: a viewBox of ``width`` x ``height``, the shared style, the paper,
    ``body``.

    ``board`` and ``panels`` are the boxes (x, y, width, height) of the play area and of
    the players' panels beside it, as ``data-board-box`` / ``data-panels-box``: a narrow
    screen may show the same drawing twice, once with each box as its viewBox, one
    above the other."""
    return el(
        "svg",
        title(label) if label else None,
        f"<style>{STYLE}</style>",
        el("rect", x=0, y=0, width=width, height=height, fill=PAPER),
        *body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_num(float(width))} {_num(float(height))}",
        width=round(width),
        height=round(height),
        role="img",
        aria_label=label or None,
        data_board_box=_box(board),
        data_panels_box=_box(panels),
    )


def panel_frame(
    x: float,
    y: float,
    width: float,
    height: float,
    colour: str,
    current: bool,
    fill: str = PANEL,
) -> str:
    """A player's panel: a card edged in the seat's colour, in thick black while that
    seat is to move (so the turn reads without telling colours apart)."""
    return el(
        "rect",
        x=x,
        y=y,
        width=width,
        height=height,
        rx=8,
        fill=fill,
        stroke="#111111" if current else colour,
        stroke_width=4 if current else 2,
    )
