"""Pictures of the character tokens and weather cards, drawn in a 100 x 100 box.

Each animal is a simple silhouette in ``ink`` with its eyes and details cut out in
``paper`` (the token's background), so it reads on red, blue and white tokens alike.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from lapilli.core.svg import el, group


def _eyes(paper: str, y: float = 45, dx: float = 12, r: float = 5) -> str:
    return el("circle", cx=50 - dx, cy=y, r=r, fill=paper) + el(
        "circle", cx=50 + dx, cy=y, r=r, fill=paper
    )


def wolf(ink: str, paper: str) -> str:
    return group(
        el("polygon", points="18,34 28,4 42,28 58,28 72,4 82,34 74,62 50,94 26,62", fill=ink),
        el("polygon", points="32,44 44,48 34,52", fill=paper),
        el("polygon", points="68,44 56,48 66,52", fill=paper),
        el("circle", cx=50, cy=84, r=5, fill=paper),
    )


def rat(ink: str, paper: str) -> str:
    return group(
        el(
            "path",
            d="M70,80 Q96,86 92,60",
            fill="none",
            stroke=ink,
            stroke_width=5,
            stroke_linecap="round",
        ),
        el("circle", cx=26, cy=24, r=15, fill=ink),
        el("circle", cx=74, cy=24, r=15, fill=ink),
        el("circle", cx=26, cy=24, r=7, fill=paper),
        el("circle", cx=74, cy=24, r=7, fill=paper),
        el("polygon", points="20,42 50,30 80,42 56,90 44,90", fill=ink),
        _eyes(paper, 50, 13, 4.5),
        el(
            "path",
            d="M38,78 L14,72 M38,82 L16,86 M62,78 L86,72 M62,82 L84,86",
            stroke=ink,
            stroke_width=2,
        ),
    )


def rabbit(ink: str, paper: str) -> str:
    return group(
        el("ellipse", cx=36, cy=26, rx=9, ry=25, fill=ink),
        el("ellipse", cx=64, cy=26, rx=9, ry=25, fill=ink),
        el("ellipse", cx=36, cy=28, rx=4, ry=17, fill=paper),
        el("ellipse", cx=64, cy=28, rx=4, ry=17, fill=paper),
        el("circle", cx=50, cy=66, r=28, fill=ink),
        _eyes(paper, 60, 11, 4.5),
        el("ellipse", cx=50, cy=74, rx=5, ry=3.5, fill=paper),
    )


def pig(ink: str, paper: str) -> str:
    return group(
        el("polygon", points="18,32 22,8 42,24", fill=ink),
        el("polygon", points="82,32 78,8 58,24", fill=ink),
        el("circle", cx=50, cy=56, r=36, fill=ink),
        _eyes(paper, 44, 15, 5),
        el("ellipse", cx=50, cy=68, rx=16, ry=11, fill=paper),
        el("ellipse", cx=44, cy=68, rx=3, ry=5, fill=ink),
        el("ellipse", cx=56, cy=68, rx=3, ry=5, fill=ink),
    )


def fox(ink: str, paper: str) -> str:
    return group(
        el("polygon", points="10,26 30,4 42,30 58,30 70,4 90,26 84,52 50,92 16,52", fill=ink),
        el("polygon", points="16,52 36,58 50,92", fill=paper),
        el("polygon", points="84,52 64,58 50,92", fill=paper),
        el("polygon", points="32,40 44,44 34,48", fill=paper),
        el("polygon", points="68,40 56,44 66,48", fill=paper),
        el("circle", cx=50, cy=86, r=5, fill=ink),
    )


def turtle(ink: str, paper: str) -> str:
    return group(
        el("circle", cx=86, cy=58, r=10, fill=ink),
        el("ellipse", cx=24, cy=80, rx=8, ry=6, fill=ink),
        el("ellipse", cx=70, cy=80, rx=8, ry=6, fill=ink),
        el("path", d="M8,72 Q12,26 48,24 Q80,26 82,72 Z", fill=ink),
        el(
            "polygon",
            points="36,40 58,40 66,56 56,70 38,70 28,56",
            fill="none",
            stroke=paper,
            stroke_width=3,
        ),
        el("circle", cx=89, cy=55, r=2.5, fill=paper),
    )


def cat(ink: str, paper: str) -> str:
    return group(
        el("polygon", points="20,44 24,6 48,30", fill=ink),
        el("polygon", points="80,44 76,6 52,30", fill=ink),
        el("circle", cx=50, cy=58, r=32, fill=ink),
        el("ellipse", cx=38, cy=52, rx=5, ry=7, fill=paper),
        el("ellipse", cx=62, cy=52, rx=5, ry=7, fill=paper),
        el("polygon", points="44,66 56,66 50,72", fill=paper),
        el(
            "path",
            d="M34,72 L6,66 M34,76 L6,82 M66,72 L94,66 M66,76 L94,82",
            stroke=ink,
            stroke_width=2.5,
        ),
    )


def mouses(ink: str, paper: str) -> str:
    def mouse(cx: float, cy: float, s: float) -> str:
        return group(
            el("circle", cx=cx - 14 * s, cy=cy - 14 * s, r=10 * s, fill=ink),
            el("circle", cx=cx + 14 * s, cy=cy - 14 * s, r=10 * s, fill=ink),
            el(
                "polygon",
                points=f"{cx - 18 * s},{cy - 4 * s} {cx},{cy - 12 * s} "
                f"{cx + 18 * s},{cy - 4 * s} {cx},{cy + 24 * s}",
                fill=ink,
            ),
            el("circle", cx=cx - 6 * s, cy=cy, r=2.6 * s, fill=paper),
            el("circle", cx=cx + 6 * s, cy=cy, r=2.6 * s, fill=paper),
        )

    return group(mouse(30, 46, 1.0), mouse(70, 60, 1.0))


def snake(ink: str, paper: str) -> str:
    return group(
        el(
            "path",
            d="M14,86 C10,60 78,72 78,48 C78,26 40,26 44,44",
            fill="none",
            stroke=ink,
            stroke_width=11,
            stroke_linecap="round",
        ),
        el("ellipse", cx=56, cy=24, rx=16, ry=11, fill=ink),
        el("circle", cx=60, cy=21, r=3, fill=paper),
        el("path", d="M72,26 L86,28 M84,28 L90,24 M84,28 L90,32", stroke=ink, stroke_width=2.5),
    )


def chameleon(ink: str, paper: str) -> str:
    return group(
        el("path", d="M22,62 Q30,28 62,30 Q86,32 90,52 L70,62 Z", fill=ink),
        el(
            "path",
            d="M24,60 Q10,86 30,88 Q44,88 40,74 Q36,66 30,72",
            fill="none",
            stroke=ink,
            stroke_width=7,
            stroke_linecap="round",
        ),
        el("path", d="M40,62 L34,80 M64,60 L70,80", stroke=ink, stroke_width=6),
        el("circle", cx=72, cy=42, r=8, fill=paper),
        el("circle", cx=73, cy=42, r=3.5, fill=ink),
    )


def crow(ink: str, paper: str) -> str:
    return group(
        el("polygon", points="20,82 8,96 34,88", fill=ink),
        el("ellipse", cx=42, cy=64, rx=30, ry=20, fill=ink, transform="rotate(-25 42 64)"),
        el("circle", cx=68, cy=32, r=16, fill=ink),
        el("polygon", points="80,26 98,34 80,40", fill=ink),
        el("circle", cx=72, cy=29, r=3.5, fill=paper),
        el("path", d="M34,84 L30,96 M46,84 L46,96", stroke=ink, stroke_width=4),
    )


def mole(ink: str, paper: str) -> str:
    return group(
        el("ellipse", cx=48, cy=58, rx=38, ry=28, fill=ink),
        el("circle", cx=58, cy=48, r=3, fill=paper),
        el("circle", cx=76, cy=48, r=3, fill=paper),
        el("ellipse", cx=90, cy=58, rx=8, ry=6, fill=ink),
        el("ellipse", cx=91, cy=58, rx=4, ry=3, fill=paper),
        el("path", d="M60,84 l-4,10 M66,84 l0,10 M72,82 l4,10", stroke=ink, stroke_width=3),
    )


def prairie_dog(ink: str, paper: str) -> str:
    return group(
        el("ellipse", cx=50, cy=66, rx=20, ry=30, fill=ink),
        el("circle", cx=50, cy=28, r=17, fill=ink),
        el("circle", cx=36, cy=15, r=5, fill=ink),
        el("circle", cx=64, cy=15, r=5, fill=ink),
        _eyes(paper, 26, 7, 3),
        el("ellipse", cx=50, cy=35, rx=4, ry=2.5, fill=paper),
        el("path", d="M38,58 Q50,50 62,58", fill="none", stroke=paper, stroke_width=3),
    )


def hippo(ink: str, paper: str) -> str:
    return group(
        el("circle", cx=26, cy=20, r=8, fill=ink),
        el("circle", cx=74, cy=20, r=8, fill=ink),
        el("rect", x=16, y=22, width=68, height=44, rx=20, fill=ink),
        el("rect", x=8, y=52, width=84, height=38, rx=18, fill=ink),
        _eyes(paper, 38, 14, 5),
        el("ellipse", cx=36, cy=66, rx=5, ry=7, fill=paper),
        el("ellipse", cx=64, cy=66, rx=5, ry=7, fill=paper),
    )


def frog(ink: str, paper: str) -> str:
    return group(
        el("circle", cx=30, cy=34, r=14, fill=ink),
        el("circle", cx=70, cy=34, r=14, fill=ink),
        el("ellipse", cx=50, cy=62, rx=40, ry=28, fill=ink),
        el("circle", cx=30, cy=33, r=6, fill=paper),
        el("circle", cx=70, cy=33, r=6, fill=paper),
        el(
            "path",
            d="M28,66 Q50,82 72,66",
            fill="none",
            stroke=paper,
            stroke_width=4,
            stroke_linecap="round",
        ),
    )


ANIMALS: dict[str, Callable[[str, str], str]] = {
    "wolf": wolf,
    "rat": rat,
    "rabbit": rabbit,
    "pig": pig,
    "fox": fox,
    "turtle": turtle,
    "cat": cat,
    "mouses": mouses,
    "snake": snake,
    "chameleon": chameleon,
    "crow": crow,
    "mole": mole,
    "prairie_dog": prairie_dog,
    "hippo": hippo,
    "frog": frog,
}


def animal(kind: str, x: float, y: float, size: float, ink: str, paper: str) -> str:
    """The picture of ``kind`` in the ``size`` x ``size`` square at (x, y)."""
    s = size / 100
    return group(picture(kind, ink, paper), transform=f"translate({x:.1f} {y:.1f}) scale({s:.3f})")


@cache
def picture(kind: str, ink: str, paper: str) -> str:
    """An animal drawn once for each pair of colours (a board shows it many times)."""
    return ANIMALS[kind](ink, paper)


# -- weather cards ------------------------------------------------------------------------
def _cloud(fill: str, stroke: str) -> str:
    return el(
        "path",
        d="M22,70 Q8,70 10,56 Q12,44 26,46 Q28,28 46,30 Q58,18 70,32 Q88,30 88,50 Q94,70 76,70 Z",
        fill=fill,
        stroke=stroke,
        stroke_width=3,
    )


def weather(card: str, x: float, y: float, size: float) -> str:
    """Sunny: the sun; Cloudy: a cloud over the sun; Foggy: a cloud in bands of fog."""
    parts = []
    if card in ("sunny", "cloudy"):
        cx, cy = (50, 50) if card == "sunny" else (64, 36)
        rays = "".join(
            f"M{cx + 26 * c:.1f},{cy + 26 * s:.1f} L{cx + 38 * c:.1f},{cy + 38 * s:.1f} "
            for c, s in (
                (1, 0),
                (0.7, 0.7),
                (0, 1),
                (-0.7, 0.7),
                (-1, 0),
                (-0.7, -0.7),
                (0, -1),
                (0.7, -0.7),
            )
        )
        parts.append(el("path", d=rays, stroke="#b26a00", stroke_width=5, stroke_linecap="round"))
        parts.append(
            el("circle", cx=cx, cy=cy, r=20, fill="#ffc107", stroke="#b26a00", stroke_width=3)
        )
    if card in ("cloudy", "foggy"):
        parts.append(_cloud("#eceff1", "#546e7a"))
    if card == "foggy":
        parts.append(
            el(
                "path",
                d="M6,80 L94,80 M14,90 L86,90 M20,60 L80,60",
                stroke="#78909c",
                stroke_width=5,
                stroke_linecap="round",
            )
        )
    s = size / 100
    return group(*parts, transform=f"translate({x:.1f} {y:.1f}) scale({s:.3f})")
