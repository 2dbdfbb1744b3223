"""Steps 4-7: claiming, sacrifices, summoning an island, the Caldera, collecting."""

import pytest

from lapilli.core import CHANCE, Action, IllegalAction
from lapilli.core.flow import then
from lapilli.core.hexgrid import distance
from lapilli.games.volcanique.components import VOLCANO
from lapilli.games.volcanique.paying import DISCARD
from lapilli.games.volcanique.pieces import cards
from lapilli.games.volcanique.turn import collect

from .helpers import (
    A,
    D,
    L,
    M,
    at,
    blank,
    conserved,
    crit,
    give,
    lava,
    put,
    put_uno,
    spots,
    step,
    tile,
)


# -- 4. claim every uninhabited tile -------------------------------------------------------
def test_claim_one_critter_per_uninhabited_tile_on_an_uncontrolled_biome():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)  # joins (0, 0), which pink holds: controlled
    put(s, (3, 0), tile("duo-dark-medium"))  # two uncontrolled biomes
    put_uno(s, (5, 0), M)
    put(s, (7, 0), tile("uno-light"), VOLCANO)  # a volcano
    put_uno(s, (5, 2), L)
    s.lava = [lava((5, 2))]  # lava
    crit(s, (0, 0), D, 0)
    at(s, "claim")
    claims = [(a.arg("at"), a.arg("biome")) for a in s.legal_actions() if a.kind == "claim"]
    assert claims == [((3, 0), "dark"), ((3, 0), "medium"), ((5, 0), "medium")]
    s.apply(A("claim", at=(3, 0), biome=M))
    # the tile is inhabited now: no second critter on it
    claims = [a.arg("at") for a in s.legal_actions() if a.kind == "claim"]
    assert claims == [(5, 0)]
    with pytest.raises(IllegalAction, match="uninhabited"):
        s.apply(A("claim", at=(3, 0), biome=D))
    s.apply(A("claim", at=(5, 0), biome=M))
    assert s.hand[0] == 18 and step(s) != "claim"


def test_an_uninhabited_uno_joined_to_an_occupied_biome_is_controlled():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    crit(s, (0, 0), D, 1)
    at(s, "claim")
    assert step(s) != "claim"  # nothing to claim


def test_claiming_is_optional():
    s = blank()
    put_uno(s, (0, 0), D)
    at(s, "claim")
    s.apply(A("done"))
    assert not spots(s.critters)


# -- 5. sacrifices -------------------------------------------------------------------------
def test_sacrifice_one_from_the_board_and_one_from_hand_for_five():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (2, 0), D)
    crit(s, (0, 0), D, 0)
    crit(s, (2, 0), D, 0)
    give(s, 0, dark=5)
    at(s, "sacrifice")
    s.apply(A("sacrifice", at=(0, 0), biome=D))
    assert s.crater[0] == 1
    # once per turn from the board
    assert A("sacrifice", at=(2, 0), biome=D) not in s.legal_actions()
    events = s.apply(A("sacrifice_hand"))
    assert {"type": "paid", "seat": 0, "resources": [5, 0, 0], "for": "sacrifice_hand"} in events
    assert s.crater[0] == 2 and s.hand[0] == 18
    # (the turn went on to collection: 1 dark for the biome at (2, 0))
    assert s.resources[0] == [1, 0, 0] and s.supply[0] == 19
    assert conserved(s)


def test_the_crater_holds_at_most_three():
    s = blank()
    put_uno(s, (0, 0), D)
    crit(s, (0, 0), D, 0)
    give(s, 0, dark=5)
    s.crater[0] = 3
    s.hand[0] -= 3
    at(s, "sacrifice")
    assert step(s) != "sacrifice" or all(
        a.kind not in ("sacrifice", "sacrifice_hand") for a in s.legal_actions()
    )


def test_summon_an_island():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    crit(s, (0, 0), D, 0)
    s.crater[0] = 3
    s.hand[0] -= 3
    give(s, 0, dark=7)
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    # 7 resources back to the supply, the 3 sacrificed critters back to the hand
    assert s.resources[0] == [0, 0, 0] and s.crater[0] == 0 and s.hand[0] == 20
    tiles_before = sum(s.tiles.values())
    s.apply(A("choose_tile", tile="duo-dark-medium"))
    firsts = [a.arg("at") for a in s.legal_actions()]
    # one empty space away from all land
    assert firsts and all(min(distance(h, o) for o in [(0, 0), (1, 0)]) == 2 for h in firsts)
    s.apply(A("place", at=(3, 0)))
    assert len(s.legal_actions()) == 6  # no connecting edge rule for island tiles
    s.apply(A("rotate", rotation=0))
    s.apply(A("choose_tile", tile="uno-light"))
    seconds = {a.arg("at") for a in s.legal_actions()}
    assert all(distance(h, (3, 0)) == 1 and distance(h, (1, 0)) >= 2 for h in seconds)
    s.apply(A("place", at=(4, 0)))
    s.apply(A("choose_tile", tile="trio-dml"))
    s.apply(A("place", at=(4, -1)))
    s.apply(A("rotate", rotation=0))
    assert sum(s.tiles.values()) == tiles_before - 3
    # then the new island's uninhabited tiles may be claimed (only those)
    assert step(s) == "claim"
    assert {a.arg("at") for a in s.legal_actions() if a.kind == "claim"} <= {
        (3, 0),
        (4, 0),
        (4, -1),
    }
    assert conserved(s)


def test_free_island_to_re_enter_the_game():
    s = blank()
    put_uno(s, (0, 0), D)
    s.crater[0] = 3
    s.hand[0] -= 3
    give(s, 0, light=1)
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    assert s.resources[0] == [0, 0, 1]  # nothing paid
    assert step(s) == "island_tile"


def test_no_island_with_resources_but_no_sacrifices():
    s = blank()
    put_uno(s, (0, 0), D)
    crit(s, (0, 0), D, 0)
    s.crater[0] = 2
    s.hand[0] -= 2
    give(s, 0, dark=7)
    at(s, "sacrifice")
    assert A("summon_island") not in s.legal_actions()


# -- 6. the Caldera ------------------------------------------------------------------------
def test_caldera_costs_one_of_each_and_stays_hidden():
    s = blank()
    give(s, 0, dark=1, medium=1, light=2)
    at(s, "caldera")
    s.apply(A("buy_caldera"))
    assert s.resources[0] == [0, 0, 1]
    assert s.current_player() == CHANCE
    assert {a.arg("card") for a, _ in s.chance_outcomes()} == set(s.caldera_deck.items)
    s.apply(Action("draw", card="carnage"))
    assert cards(s.caldera_hands[0]) == ["carnage"]
    assert "carnage" not in str(s.observation(1)) and "carnage" not in str(s.observation(None))
    assert s.observation(1)["caldera_counts"] == [1, 0]
    assert s.observation(0)["caldera_hand"] == ["carnage"]


def test_caldera_needs_one_of_each_resource():
    s = blank()
    give(s, 0, dark=3, medium=3)
    at(s, "caldera")
    assert step(s) != "caldera"


# -- 7. collect resources ------------------------------------------------------------------
def test_collect_one_per_controlled_biome():
    s = blank()
    put(s, (0, 0), tile("trio-dml"))
    put_uno(s, (1, 0), D)  # joins the Trio's dark wedge (east edges)
    crit(s, (0, 0), D, 0)
    crit(s, (1, 0), D, 0)  # same biome: still one resource
    crit(s, (0, 0), M, 0)
    collect(s, 0)
    assert s.resources[0] == [1, 1, 0]


def test_collect_stops_when_the_supply_is_empty():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (2, 0), M)
    crit(s, (0, 0), D, 0)
    crit(s, (2, 0), M, 0)
    s.supply[0] = 0
    collect(s, 0)
    assert s.resources[0] == [0, 1, 0]


def test_discard_down_to_seven_after_collecting():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (2, 0), M)
    crit(s, (0, 0), D, 0)
    crit(s, (2, 0), M, 0)
    give(s, 0, dark=3, light=3)
    _, discards = collect(s, 0)  # 8 in hand
    assert discards == [DISCARD(0, count=1)]
    then(s, *discards)
    s.advance()
    assert s.current_player() == 0
    s.apply(A("discard", resource="light"))
    assert s.resources[0] == [4, 1, 2] and sum(s.resources[0]) == 7


def test_bountiful_resources_raises_the_cap_to_eight():
    s = blank()
    s.grid["L1"] = "bountiful_resources"
    s.unlocked[0] = ("L1",)
    s.hand[0] -= 1
    put_uno(s, (0, 0), D)
    put_uno(s, (2, 0), M)
    crit(s, (0, 0), D, 0)
    crit(s, (2, 0), M, 0)
    give(s, 0, dark=3, light=3)
    _, discards = collect(s, 0)
    assert not discards and sum(s.resources[0]) == 8


def test_an_island_taking_the_last_land_tiles_triggers_the_end():
    s = blank()
    put_uno(s, (0, 0), D)
    s.crater[0] = 3
    s.hand[0] -= 3
    give(s, 0, dark=7)
    s.tiles = {"uno-light": 2}  # fewer than 3 left: the island takes them all
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    s.apply(A("choose_tile", tile="uno-light"))
    s.apply(A("place", at=s.legal_actions()[0].arg("at")))
    s.apply(A("choose_tile", tile="uno-light"))
    s.apply(s.legal_actions()[0])
    assert not s.tiles and s.end_reason == "last_land_tile"


def test_island_tiles_never_go_on_lava_in_the_sea():
    s = blank()
    put_uno(s, (0, 0), D)
    s.lava = [lava((2, 0), 10)]  # lava that reached the sea two steps east
    s.crater[0] = 3
    s.hand[0] -= 3
    give(s, 0, dark=7)
    at(s, "sacrifice")
    s.apply(A("summon_island"))
    s.apply(A("choose_tile", tile="uno-light"))
    assert (2, 0) not in {a.arg("at") for a in s.legal_actions()}
