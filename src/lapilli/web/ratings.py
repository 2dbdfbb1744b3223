"""Players' ratings: openskill's Plackett-Luce model, per player and per game.

After a rated game ends, its players are ranked by their results (the winners first,
a draw shares a rank, a seat that lost on time last) and rated together. Where the game
is played in sides (Foggy Island's team game), the players of a side are rated as a
team against the other side's. In a cooperative game the team plays against the game
itself, which has a rating of its own (as the player ``@game``): a won game raises the
team and lowers the game.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, insert, select, update

from lapilli.core.svg import esc

from .store import RatingRow, ResultRow

THE_GAME = "@game"  # the rating of a cooperative game itself
RANKS = {"won": 0, "draw": 1, "lost": 2}


@dataclass(frozen=True)
class Sitting:
    seat: int
    player: str
    outcome: str  # "won", "lost" or "draw"


def model() -> Any:
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate(
    db: Connection,
    table_id: str,
    game: str,
    cooperative: bool,
    sittings: list[Sitting],
    sides: list[list[int]] | None = None,
) -> None:
    """Rate the players of a finished table (in the finishing transaction); ``sides``
    groups the seats that won or lost together (``State.sides``)."""
    players = sorted({s.player for s in sittings})
    if cooperative:
        players.append(THE_GAME)
    if len(players) < 2:
        return  # nobody to be rated against
    rows = db.execute(
        select(RatingRow.player, RatingRow.mu, RatingRow.sigma, RatingRow.games).where(
            RatingRow.game == game, RatingRow.player.in_(players)
        )
    )
    known = {r.player: (r.mu, r.sigma, r.games) for r in rows}
    pl = model()
    before = {
        p: pl.rating(mu=known[p][0], sigma=known[p][1]) if p in known else pl.rating()
        for p in players
    }
    outcome = {s.player: s.outcome for s in sittings}  # (a player in two seats: the last)
    if cooperative:
        team = [before[p] for p in players if p != THE_GAME]
        won = any(o == "won" for o in outcome.values())
        new_team, new_game = pl.rate([team, [before[THE_GAME]]], ranks=[0, 1] if won else [1, 0])
        after = dict(zip([p for p in players if p != THE_GAME], new_team, strict=True))
        after[THE_GAME] = new_game[0]
    else:
        teams = by_side(sittings, sides or [])
        ranks = [RANKS[outcome[team[0]]] for team in teams]
        rated = pl.rate([[before[p] for p in team] for team in teams], ranks=ranks)
        after = {
            p: r
            for team, new in zip(teams, rated, strict=True)
            for p, r in zip(team, new, strict=True)
        }
    now = time.time()
    for p, r in after.items():
        games = known[p][2] + 1 if p in known else 1
        values = {"mu": r.mu, "sigma": r.sigma, "games": games}
        if p in known:
            where = (RatingRow.player == p) & (RatingRow.game == game)
            db.execute(update(RatingRow).where(where).values(values))
        else:
            db.execute(insert(RatingRow).values(values | {"player": p, "game": game}))
    for s in {s.player: s for s in reversed(sittings)}.values():  # a player's first seat
        r = after[s.player]
        row = {"table_id": table_id, "player": s.player, "game": game, "seat": s.seat}
        db.execute(
            insert(ResultRow).values(
                row | {"outcome": s.outcome, "mu": r.mu, "sigma": r.sigma, "at": now}
            )
        )


def by_side(sittings: list[Sitting], sides: list[list[int]]) -> list[list[str]]:
    """The players grouped by the side they sat on; each alone where the game has no
    sides, or where a player sat on two sides (their seats' results then disagree)."""
    side_of = {seat: k for k, side in enumerate(sides) for seat in side}
    teams: dict[int, list[str]] = {}
    for s in sittings:
        team = teams.setdefault(side_of.get(s.seat, -1 - s.seat), [])
        if s.player not in team:
            team.append(s.player)
    found = list(teams.values())
    players = [p for team in found for p in team]
    if len(players) != len(set(players)):
        return [[p] for p in sorted(set(players))]
    return found


def ordinal(mu: float, sigma: float) -> float:
    """A rating made cautious by its uncertainty (openskill's ordinal): mu - 3 sigma."""
    return mu - 3 * sigma


def history_svg(results: list[dict[str, Any]], game: str) -> str:
    """A small line plot of a player's rating (mu, with mu ± sigma shaded) game by game."""
    points = [r for r in results if r["game"] == game]
    width, height, pad = 320, 120, 24
    title = f"Rating at {game}, game by game"
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{esc(title)}">'
        f"<title>{esc(title)}</title>"
        f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>'
    )
    if not points:
        note = '<text x="10" y="60" font-size="13" fill="#222">no rated game yet</text>'
        return head + note + "</svg>"
    start = model().rating()
    mus = [start.mu] + [p["mu"] for p in points]
    sigmas = [start.sigma] + [p["sigma"] for p in points]
    low = float(min(m - s for m, s in zip(mus, sigmas, strict=True)))
    high = float(max(m + s for m, s in zip(mus, sigmas, strict=True)))
    span = max(high - low, 1e-9)

    def x(i: int) -> float:
        return pad + i * (width - 2 * pad) / max(1, len(mus) - 1)

    def y(v: float) -> float:
        return height - pad - (v - low) * (height - 2 * pad) / span

    upper = [f"{x(i):.1f},{y(m + s):.1f}" for i, (m, s) in enumerate(zip(mus, sigmas, strict=True))]
    lower = [f"{x(i):.1f},{y(m - s):.1f}" for i, (m, s) in enumerate(zip(mus, sigmas, strict=True))]
    line = [f"{x(i):.1f},{y(m):.1f}" for i, m in enumerate(mus)]
    band = " ".join(upper + lower[::-1])
    body = (
        f'<polygon points="{band}" fill="#8cc8ff" opacity="0.5"/>'
        f'<polyline points="{" ".join(line)}" fill="none" stroke="#003a70" stroke-width="2"/>'
        + "".join(
            f'<circle cx="{p.split(",")[0]}" cy="{p.split(",")[1]}" r="3" fill="#003a70"/>'
            for p in line
        )
        + f'<text x="4" y="14" font-size="11" fill="#222">{high:.1f}</text>'
        + f'<text x="4" y="{height - 4}" font-size="11" fill="#222">{low:.1f}</text>'
        + f'<text x="{width - 4}" y="{height - 4}" font-size="11" fill="#222" '
        f'text-anchor="end">{len(points)} game{"s" if len(points) != 1 else ""}</text>'
    )
    return head + body + "</svg>"
