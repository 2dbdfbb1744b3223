"""Ratings: a game played in sides rates each side as a team."""

import pytest
from sqlalchemy import create_engine, select

from lapilli.web.ratings import Sitting, by_side, model, rate
from lapilli.web.store import Base, RatingRow

TEAM = [[0, 2], [1, 3]]  # Foggy Island's team game: Red 1 and Red 2 against Blue 1 and Blue 2


def sittings(*outcomes: str, players: str = "abcd") -> list[Sitting]:
    return [Sitting(i, p, o) for i, (p, o) in enumerate(zip(players, outcomes, strict=True))]


def test_the_players_are_grouped_by_the_side_they_sat_on():
    seated = sittings("won", "lost", "won", "lost")
    assert by_side(seated, TEAM) == [["a", "c"], ["b", "d"]]
    assert by_side(seated, []) == [["a"], ["b"], ["c"], ["d"]]  # no sides: each alone
    # a player on both sides is rated alone, as in a game without sides
    both = sittings("won", "lost", "won", "lost", players="abca")
    assert by_side(both, TEAM) == [["a"], ["b"], ["c"]]


def test_a_side_is_rated_as_a_team_against_the_other():
    engine = create_engine("sqlite://")
    Base.metadata.create_all(engine)
    with engine.begin() as db:
        rate(db, "t1", "foggy_island", False, sittings("won", "lost", "won", "lost"), TEAM)
        rows = db.execute(select(RatingRow.player, RatingRow.mu, RatingRow.sigma)).all()
    after = {p: (mu, sigma) for p, mu, sigma in rows}
    pl = model()
    fresh = [[pl.rating(), pl.rating()], [pl.rating(), pl.rating()]]
    (won, _), (lost, _) = pl.rate(fresh, ranks=[0, 1])
    for player in "ac":
        assert after[player] == pytest.approx((won.mu, won.sigma))
    for player in "bd":
        assert after[player] == pytest.approx((lost.mu, lost.sigma))
    # seat by seat (four players, two tied first) the winners would gain another amount
    (alone,), *_ = pl.rate([[pl.rating()] for _ in range(4)], ranks=[0, 2, 0, 2])
    assert alone.mu != pytest.approx(won.mu)
