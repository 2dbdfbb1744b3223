"""Two servers' copies of one table: a change made through one is refused through the
other until that copy catches up; nothing is ever written twice or over another."""

import pytest

pytest.importorskip("sqlalchemy")

from lapilli.core.match import Match  # noqa: E402
from lapilli.core.registry import load_game  # noqa: E402
from lapilli.web.store import Conflict, Store  # noqa: E402
from lapilli.web.tables import StalePosition, Tables  # noqa: E402


@pytest.fixture
def two(db):
    """Two processes' worth of tables on one database."""
    made = [Tables(Store(db), bot_threads=1) for _ in range(2)]
    yield made
    for tables in made:
        tables.close()
        tables.store.close()


def two_humans(tables):
    match = Match(load_game("foggy_island"), 2, ["human", "human"])
    table, _ = tables.create(match, ["human", "human"], listed=False)
    return table


def test_a_move_through_a_stale_copy_is_judged_on_the_newest_position(two):
    a, b = two
    mine = two_humans(a)
    theirs = b.get(mine.id)
    version = theirs.version
    a.act(mine, 0, 0)  # Red takes a token through the first process
    assert theirs.version == version  # the second has not heard of it
    with pytest.raises(StalePosition):  # chosen in the old position: refused, 409
        b.act(theirs, 0, 0, version)
    assert theirs.version == mine.version and theirs.match.record.actions == (
        mine.match.record.actions
    )
    b.act(theirs, 0, 0)  # without a version: played on the newest position
    assert len(b.store.load(mine.id).record.actions) == 2


def test_a_write_from_an_old_version_is_a_conflict(two):
    a, b = two
    mine = two_humans(a)
    theirs = b.get(mine.id)
    a.act(mine, 0, 0)
    state = theirs.match.state
    with pytest.raises(Conflict):
        theirs.store.append(theirs.id, 0, state.legal_actions()[0], theirs.version + 1)
    with pytest.raises(Conflict):
        theirs.store.append(theirs.id, 1, state.legal_actions()[0], theirs.version + 1)


def test_a_copy_catches_up_with_an_undo_made_elsewhere(two):
    a, b = two
    mine = two_humans(a)
    for _ in range(2):
        a.act(mine, 0, 0)
    theirs = b.get(mine.id)
    a.undo(mine, 0)
    a.act(mine, 0, 1)  # another token instead
    assert theirs.catch_up()
    assert theirs.match.record.actions == mine.match.record.actions
    assert theirs.version == mine.version
    assert theirs.match.state.to_json() == mine.match.state.to_json()
    assert not theirs.catch_up()  # nothing more to learn
