"""Actions are made once and reused, up to a bound: a long simulation does not grow with
every new hex its islands meet."""

from __future__ import annotations

from lapilli.core.actions import Action
from lapilli.games.volcanique import actions, critters


def test_the_reused_actions_stay_bounded():
    first = actions.act("place", at=(0, 0))
    assert actions.act("place", at=(0, 0)) is first  # reused while kept
    for q in range(actions.ACTIONS_KEPT + 10):  # more hexes than are kept
        actions.act("place", at=(q, 1))
    assert 0 < len(actions._ACTIONS) <= actions.ACTIONS_KEPT
    again = actions.act("place", at=(0, 0))
    assert again == first == Action("place", at=(0, 0))  # made again, equal by value


def test_the_sea_moves_made_once_stay_bounded():
    for to in range(actions.ACTIONS_KEPT + 10):  # more pairs of spaces than are kept
        critters._sea_act("sea_move", to, 0)
    assert 0 < len(critters._SEA) <= actions.ACTIONS_KEPT
