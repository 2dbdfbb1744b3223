"""Steps 1-2 of a turn: movement, buying and stacking, migration, joining, splitting,
contested biomes, the second tile on soil, forced sacrifice."""

import pytest

from lapilli.core import IllegalAction
from lapilli.core.errors import MalformedInput
from lapilli.core.flow import then
from lapilli.games.volcanique.turn import rest_of_turn

from .helpers import (
    VOLCANO_T,
    A,
    D,
    M,
    at,
    blank,
    claims,
    conserved,
    crit,
    described,
    give,
    hex_id,
    lava,
    put,
    put_uno,
    region_id,
    spots,
    step,
    tile,
)


def line_of_dark(s, hexes=((0, 0), (1, 0), (2, 0))):
    for h in hexes:
        put_uno(s, h, D)


# -- 1. movement ---------------------------------------------------------------------------
DUO_AND_TWO_DARK_UNOS = {  # the Duo: dark E, NE, NW; medium W, SW, SE
    "0,0": ["duo-dark-medium"],
    "1,0": ["dark Uno"],
    "2,0": ["dark Uno"],
}


def test_move_within_connected_biome_or_onto_uncontrolled_biome_of_its_tile():
    s = described(
        map=DUO_AND_TWO_DARK_UNOS,
        seats={"Pink": {"critters": {"0,0 dark": 1}}},
        turn={"seat": "Pink", "at": "move"},
    )
    s.apply(A("move_from", at=(0, 0), biome=D))
    targets = {(a.arg("at"), a.arg("biome")) for a in s.legal_actions()}
    assert targets == {((1, 0), "dark"), ((2, 0), "dark"), ((0, 0), "medium")}
    s.apply(A("move_to", at=(2, 0), biome=D))
    assert (2, 0, D, 0) in spots(s.critters) and (0, 0, D, 0) not in spots(s.critters)


def test_no_movement_onto_a_controlled_biome():
    # the medium Uno joins the Duo's medium biome, held by Blue
    seats = {"Pink": {"critters": {"0,0 dark": 1}}, "Blue": {"critters": {"-1,0 medium": 1}}}
    duo = {"0,0": ["duo-dark-medium"], "-1,0": ["medium Uno"]}
    # Pink's critter has nowhere to go: the medium biome of its tile is controlled, so a
    # position at Pink's move is refused (play would go on by itself)
    with pytest.raises(MalformedInput, match="Pink \\(P1\\)'s move has nothing to choose here"):
        described(map=duo, seats=seats, turn={"seat": "Pink"})
    s2 = described(map={**duo, "1,0": ["dark Uno"]}, seats=seats, turn={"seat": "Pink"})
    s2.apply(A("move_from", at=(0, 0), biome=D))
    with pytest.raises(IllegalAction, match="uncontrolled biome"):
        s2.apply(A("move_to", at=(0, 0), biome=M))


def test_moving_is_optional():
    s = described(
        map=DUO_AND_TWO_DARK_UNOS,
        seats={"Pink": {"critters": {"0,0 dark": 1}, "resources": {"dark": 2}}},
        turn={"seat": "Pink"},
    )
    s.apply(A("done"))
    assert step(s) == "buy" and (0, 0, D, 0) in spots(s.critters)


# -- 2. buying and stacking ----------------------------------------------------------------
def test_buy_pays_the_cost_to_the_supply_and_stacks_on_land_only():
    s = blank()
    line_of_dark(s)
    put(s, (0, 1), tile("uno-dark"), VOLCANO_T)
    put_uno(s, (1, 1), D)
    s.lava = [lava((1, 1))]
    give(s, 0, dark=2)
    supply = list(s.supply)
    at(s, "buy")
    assert [a.arg("tile") for a in s.legal_actions()] == [
        "uno-dark",
        "duo-dark-medium",
        "duo-dark-light",
    ]
    s.apply(A("buy", tile="uno-dark"))
    assert s.resources[0] == [0, 0, 0] and s.supply[0] == supply[0] + 2
    places = {a.arg("at") for a in s.legal_actions()}
    assert places == {(0, 0), (1, 0), (2, 0)}  # not the volcano, not the lava
    with pytest.raises(IllegalAction, match="ocean"):
        s.apply(A("place", at=(5, 5)))
    with pytest.raises(IllegalAction, match="volcano"):
        s.apply(A("place", at=(0, 1)))
    with pytest.raises(IllegalAction, match="lava"):
        s.apply(A("place", at=(1, 1)))
    s.apply(A("place", at=(1, 0)))
    assert len(s.stacks[hex_id((1, 0))]) == 2


def test_connecting_biome_edge_rule_limits_rotations():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    give(s, 0, dark=3)
    at(s, "buy")
    s.apply(A("buy", tile="duo-dark-light"))
    # only (1, 0) has a dark neighbour: the place is taken without asking
    assert step(s) == "rotate" and s.pending().args.at == (1, 0)
    # the Duo's dark edge must face west (direction 3): rotations 1, 2, 3 only
    assert [a.arg("rotation") for a in s.legal_actions()] == [1, 2, 3]
    with pytest.raises(IllegalAction, match="connecting biome"):
        s.apply(A("rotate", rotation=0))


def test_a_tile_that_matches_no_edge_cannot_be_bought():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), D)
    give(s, 0, medium=2, light=1)
    at(s, "buy")
    assert "uno-medium" not in [a.arg("tile") for a in s.legal_actions()]


def test_payment_with_a_choice_of_resources():
    s = blank()
    line_of_dark(s)
    give(s, 0, dark=1, medium=1, light=1)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    pays = s.legal_actions()
    assert len(pays) == 3 and all(a.kind == "pay" for a in pays)
    s.apply(A("pay", dark=1, medium=0, light=1))
    assert s.resources[0] == [0, 1, 0]


# -- migration -----------------------------------------------------------------------------
def test_covered_critter_migrates_where_its_owner_chooses():
    s = blank()
    line_of_dark(s)
    put_uno(s, (1, 1), M)
    crit(s, (1, 0), D, 1)
    give(s, 0, medium=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-medium"))
    s.apply(A("place", at=(1, 0)))
    # blue (seat 1) chooses where its critter migrates, within its connected biome
    assert s.current_player() == 1
    assert {a.arg("at") for a in s.legal_actions()} == {(0, 0), (2, 0)}
    s.apply(A("migrate", at=(2, 0)))
    assert spots(s.critters) == {(2, 0, D, 1): 1}
    assert conserved(s)


def test_covered_critter_that_cannot_migrate_returns_to_hand():
    s = blank()
    put_uno(s, (0, 0), M)
    put_uno(s, (1, 0), D)
    crit(s, (1, 0), D, 1)
    give(s, 0, medium=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-medium"))  # (1, 0) is the only place: taken at once
    assert s.stacks[hex_id((1, 0))][-1] == tile("uno-medium")
    assert not spots(s.critters) and s.hand[1] == 21


# -- joining and splitting biomes ----------------------------------------------------------
def test_joining_two_own_biomes_makes_one():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), M)
    put_uno(s, (2, 0), D)
    put_uno(s, (1, -1), D)  # lets a dark tile go on (1, 0)
    crit(s, (0, 0), D, 0)
    crit(s, (2, 0), D, 0)
    assert (
        len({s.board.biome_of[region_id((0, 0, D))], s.board.biome_of[region_id((2, 0, D))]}) == 2
    )
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(1, 0)))
    b = s.board
    assert (
        b.biome_of[region_id((0, 0, D))]
        == b.biome_of[region_id((2, 0, D))]
        == b.biome_of[region_id((1, 0, D))]
    )
    # the joined tile is uninhabited but controlled: nothing to claim there
    assert spots(s.critters) == {(0, 0, D, 0): 1, (2, 0, D, 0): 1}
    assert (1, 0, D) not in claims(s, 0)


def test_splitting_a_biome():
    s = blank()
    line_of_dark(s)
    put_uno(s, (1, 1), M)
    crit(s, (0, 0), D, 1)
    give(s, 0, medium=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-medium"))
    s.apply(A("place", at=(1, 0)))
    b = s.board
    assert b.biome_of[region_id((0, 0, D))] != b.biome_of[region_id((2, 0, D))]
    # the half without blue's critter is uncontrolled again and may be claimed
    assert (2, 0, D) in claims(s, 0)


# -- contested biomes ----------------------------------------------------------------------
def contested_position(pink, blue, n=2):
    """Dark biomes left (pink) and right (blue) of a medium Uno at (1, 0)."""
    s = blank(n)
    put_uno(s, (1, 0), M)
    put_uno(s, (1, -1), D)
    left = [(0, 0), (-1, 0), (-2, 0)]
    right = [(2, 0), (3, 0), (4, 0)]
    for h in left + right:
        put_uno(s, h, D)
    for h in left[:pink]:
        crit(s, h, D, 0)
    for h in right[:blue]:
        crit(s, h, D, 1)
    # (1, -1) joins the left biome; keep it uninhabited
    give(s, 0, dark=2)
    return s


def test_contested_biome_tie_returns_all_critters():
    s = contested_position(1, 1)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(1, 0)))
    assert not spots(s.critters)
    assert s.hand == [21, 21]


def test_contested_biome_most_critters_wins_equal_casualties():
    s = contested_position(2, 1)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(1, 0)))
    # blue loses its 1; pink, the winner, also loses 1 and chooses which
    assert s.current_player() == 0
    assert {a.arg("at") for a in s.legal_actions()} == {(0, 0), (-1, 0)}
    s.apply(A("remove", at=(-1, 0), biome=D))
    assert spots(s.critters) == {(0, 0, D, 0): 1}
    assert s.hand == [20, 21]
    assert conserved(s)


def test_contested_three_way_winner_keeps_the_difference_to_the_runner_up():
    s = blank(3)
    # a medium gap at (1, 0) between a left biome (blue 3) and a right biome (purple 2)
    put_uno(s, (1, 0), M)
    put_uno(s, (1, -1), D)
    for h in [(0, 0), (-1, 0), (-2, 0), (2, 0), (3, 0)]:
        put_uno(s, h, D)
    for h in [(0, 0), (-1, 0), (-2, 0)]:
        crit(s, h, D, 1)
    for h in [(2, 0), (3, 0)]:
        crit(s, h, D, 2)
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(1, 0)))
    # 3 vs 2: purple loses 2, blue loses 2 (choosing which), 1 blue critter is left
    while step(s) == "remove":
        s.apply(s.legal_actions()[0])
    owners = [spot[3] for spot in spots(s.critters)]
    assert owners == [1]
    assert s.hand[2] == 21 and s.hand[1] == 20


# -- a second tile when the first went on volcanic soil ------------------------------------
def test_second_tile_after_stacking_on_soil():
    s = blank()
    put(s, (0, 0), -1)  # volcanic soil
    put_uno(s, (1, 0), D)
    put_uno(s, (2, 0), D)
    give(s, 0, dark=4)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(0, 0)))
    # the buy step again, with the option to stop (a volcano costs 5: 2 are left)
    assert step(s) == "buy"
    assert A("done") in s.legal_actions()
    assert A("buy", tile="volcano") not in s.legal_actions()
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(2, 0)))
    assert s.this_turn.tiles == 2 and step(s) != "buy"


def test_no_second_tile_without_soil():
    s = blank()
    line_of_dark(s)
    give(s, 0, dark=4)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(0, 0)))
    assert step(s) != "buy"


# -- cannot afford a tile: forced sacrifice ------------------------------------------------
def test_cannot_afford_any_tile_forces_a_sacrifice_from_hand():
    s = blank()
    line_of_dark(s)
    crit(s, (0, 0), D, 0)
    give(s, 0, light=1)
    then(s, *rest_of_turn(s, "buy"))  # step 2, the rest of the turn below it
    events = s.advance()
    assert s.crater[0] == 1 and s.hand[0] == 19
    assert {"type": "forced_sacrifice", "seat": 0} in events
    # may still sacrifice a critter from the board afterwards
    assert step(s) == "sacrifice"
    assert A("sacrifice", at=(0, 0), biome=D) in s.legal_actions()


def test_buying_the_last_land_tile_triggers_the_end():
    s = blank()
    line_of_dark(s)
    s.tiles = {"uno-dark": 1}
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("buy", tile="uno-dark"))
    s.apply(A("place", at=(0, 0)))
    assert s.end_reason == "last_land_tile"
    assert s.stage == "main"  # the current player finishes the turn as usual
    while s.player == 0 and not s.is_terminal():
        s.apply(s.legal_actions()[-1] if s.legal_actions() else s.chance_outcomes()[0][0])
    assert s.stage == "final" and s.player == 1


def test_buying_is_compulsory_unless_the_variant_allows_skipping():
    s = blank()
    line_of_dark(s)
    give(s, 0, dark=2)
    at(s, "buy")
    assert A("done") not in s.legal_actions()
    s = blank(optional_buy=True)
    line_of_dark(s)
    give(s, 0, dark=2)
    at(s, "buy")
    s.apply(A("done"))
    assert s.resources[0] == [2, 0, 0] and s.crater[0] == 0  # no forced sacrifice either
