"""Swim, Gather, Explore, Scan and Terraform (the actions outside the habitat)."""

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.schema import check_event
from lapilli.core.state import CHANCE

from .helpers import A, at, inv, on, position, step


# -- Swim ------------------------------------------------------------------------------
def test_swim_moves_to_an_adjacent_hex_tile():
    s = position(tiles={"H20": "20m-01"})
    assert {a.arg("to") for a in s.legal_actions() if a.kind == "swim"} == {"G10", "H20", "I10"}
    s.apply(A("swim", to="H20"))
    assert at(s) == "H20"


# -- Gather ----------------------------------------------------------------------------
def test_gather_takes_up_to_two_of_one_type_into_open_inventory_cells():
    s = position(tiles={"H20": "20m-04"}, seats={0: {"hex": "H20"}})  # 3 fish
    gathers = [a for a in s.legal_actions() if a.kind == "gather"]
    assert gathers == [A("gather", resource="fish", n=1), A("gather", resource="fish", n=2)]
    s.apply(A("gather", resource="fish", n=2))
    assert inv(s) == {"fish": 2} and on(s, "H20") == {"fish": 1}
    with pytest.raises(IllegalAction, match="Gather: your tile holds 1 fish"):
        s.apply(A("gather", resource="fish", n=2))
    with pytest.raises(IllegalAction, match="Gather: take 1 to 2 resources"):
        s.apply(A("gather", resource="fish", n=3))


def test_gather_one_type_only():
    s = position(seats={0: {"hex": "G10"}})  # fish and kelp
    with pytest.raises(IllegalAction, match="Gather: your tile holds 0 coral"):
        s.apply(A("gather", resource="coral", n=1))


def test_a_full_inventory_returns_resources_to_the_supply_to_make_room():
    s = position(
        tiles={"H20": "40m-11"},
        seats={0: {"hex": "H20", "inventory": {"fish": 3, "kelp": 1}}},
    )
    s.apply(A("gather", resource="titanium", n=2))
    assert step(s) == "discard" and s.current_player() == 0
    assert s.legal_actions()[:2] == [A("discard", resource="fish"), A("discard", resource="kelp")]
    s.apply(A("discard", resource="fish"))
    assert step(s) == "discard"  # two cells to free
    s.apply(A("discard", resource="kelp"))
    assert inv(s) == {"fish": 2, "titanium": 2} and on(s, "H20") == {}
    assert step(s) == "act" and s.stack[-1].args.left == 1


# -- Explore ---------------------------------------------------------------------------
def test_explore_places_a_market_tile_next_to_you_with_its_resources():
    s = position(market=["40m-12", "20m-01"], seats={0: {"hex": "G10"}})
    spots = {(a.arg("tile"), a.arg("at")) for a in s.legal_actions() if a.kind == "explore"}
    # 40m-12 is a rock floor: it fits below G10 on any side; all water fits too
    assert spots == {(t, h) for t in ("40m-12", "20m-01") for h in ("F20", "G30", "H20")}
    s.apply(A("explore", tile="40m-12", at="G30"))
    assert s.tiles[s.ocean.cell("G30")] == "40m-12" and s.market == ["20m-01"]
    assert on(s, "G30") == {"kelp": 1, "coral": 1, "titanium": 1}


def test_explore_needs_a_tile_from_the_market_next_to_you():
    s = position(market=["20m-01"], seats={0: {"hex": "G10"}})
    with pytest.raises(IllegalAction, match="take a tile from the tile market"):
        s.apply(A("explore", tile="20m-02", at="G30"))
    with pytest.raises(IllegalAction, match="adjacent to your current tile"):
        s.apply(A("explore", tile="20m-01", at="G50"))
    with pytest.raises(IllegalAction, match="H0 already holds a tile"):
        s.apply(A("explore", tile="20m-01", at="H0"))


# -- Scan --------------------------------------------------------------------------------
def test_scan_chooses_the_deck_of_your_depth_or_a_shallower_one():
    s = position(tiles={"H20": "20m-01", "H40": "40m-01"}, seats={0: {"hex": "H40"}})
    assert [a.arg("deck") for a in s.legal_actions() if a.kind == "scan"] == ["20m", "40m"]
    with pytest.raises(IllegalAction, match="current depth or shallower .you are at 40m"):
        s.apply(A("scan", deck="60m"))
    at_surface = position()
    assert [a.arg("deck") for a in at_surface.legal_actions() if a.kind == "scan"] == ["20m"]


def test_scan_draws_until_a_tile_fits_then_places_it_and_the_rest_go_to_the_market():
    s = position(tiles={"H20": "40m-11"}, seats={0: {"hex": "H20"}})  # a floor: rock below
    s.apply(A("scan", deck="20m"))
    assert s.current_player() == CHANCE and len(s.chance_outcomes()) == 12
    s.apply(A("draw", tile="20m-01"))  # all water: fits neither G30 (rock NE needed) nor I30
    assert s.current_player() == CHANCE and step(s) == "scan_draw"
    s.apply(A("draw", tile="20m-11"))  # rock NE, SE: fits at G30
    assert step(s) == "place"
    assert s.legal_actions() == [A("place", at="G30")]
    s.apply(A("place", at="G30"))
    assert s.tiles[s.ocean.cell("G30")] == "20m-11" and on(s, "G30") == {"fish": 1}
    assert s.market == ["20m-01"]


def test_scan_stops_after_four_tiles_and_the_market_is_trimmed_to_four():
    s = position(
        tiles={"H20": "40m-11"},
        market=["40m-01", "40m-02", "40m-03"],
        seats={0: {"hex": "H20"}},
    )
    s.apply(A("scan", deck="20m"))
    for tile in ("20m-01", "20m-02", "20m-03", "20m-04"):  # all water: none fits
        s.apply(A("draw", tile=tile))
    assert len(s.market) == 7 and step(s) == "trim" and s.current_player() == 0
    s.apply(A("trim", tile="40m-02"))
    s.apply(A("trim", tile="20m-03"))
    s.apply(A("trim", tile="20m-01"))
    assert s.market == ["40m-01", "40m-03", "20m-02", "20m-04"]
    assert s.decks[1].under == ["40m-02"] and s.decks[0].under == ["20m-03", "20m-01"]
    assert step(s) == "act"  # the Scan is over: nothing was placed


def test_tiles_returned_under_a_deck_come_back_after_the_shuffled_ones():
    s = position(tiles={"H20": "40m-11"}, seats={0: {"hex": "H20"}})
    deck = s.decks[0]
    for tile in list(deck.hidden()):
        deck.take(tile)
    deck.put("20m-05")
    deck.put_under("20m-01")
    s.apply(A("scan", deck="20m"))
    assert s.chance_outcomes() == [(A("draw", tile="20m-05"), 1.0)]
    s.apply(A("draw", tile="20m-05"))
    assert s.chance_outcomes() == [(A("draw", tile="20m-01"), 1.0)]
    s.apply(A("draw", tile="20m-01"))
    # the deck ran out after 2 draws: both go to the market
    assert s.market == ["20m-05", "20m-01"] and step(s) == "act"


def test_an_empty_deck_cannot_be_scanned():
    s = position()
    for tile in list(s.decks[0].hidden()):
        s.decks[0].take(tile)
    s.changed()
    assert not [a for a in s.legal_actions() if a.kind == "scan"]
    with pytest.raises(IllegalAction, match="the 20m deck is empty"):
        s.apply(A("scan", deck="20m"))


# -- Terraform -----------------------------------------------------------------------------
def test_terraform_replaces_an_adjacent_tile_with_one_resource_fewer():
    s = position(
        tiles={"H20": "20m-01"},
        market=["40m-12"],
        resources={"H20": {"fish": 2}},
        seats={0: {"hex": "G10"}},
    )
    s.apply(A("terraform", tile="40m-12", at="H20"))
    # the old tile's resources go to the supply, the old tile under its deck
    assert s.tiles[s.ocean.cell("H20")] == "40m-12" and s.decks[0].under == ["20m-01"]
    assert step(s) == "fewer"
    assert [a.arg("resource") for a in s.legal_actions()] == ["kelp", "coral", "titanium"]
    s.apply(A("fewer", resource="kelp"))
    assert on(s, "H20") == {"coral": 1, "titanium": 1}


def test_terraform_with_a_tile_of_one_resource_type_takes_one_away_by_itself():
    s = position(tiles={"H20": "20m-01"}, market=["40m-11"], seats={0: {"hex": "G10"}})
    s.apply(A("terraform", tile="40m-11", at="H20"))
    assert on(s, "H20") == {"titanium": 1} and step(s) == "act"


def test_terraform_keeps_pawns_on_the_new_tile_and_never_replaces_a_hatch():
    s = position(
        2, tiles={"H20": "20m-01"}, market=["20m-02"], seats={0: {"hex": "G10"}, 1: {"hex": "H20"}}
    )
    with pytest.raises(IllegalAction, match="a Hatch cannot be replaced"):
        s.apply(A("terraform", tile="20m-02", at="F0"))
    s.apply(A("terraform", tile="20m-02", at="H20"))
    assert at(s, 1) == "H20"


def test_terraform_must_still_fit_every_neighbour():
    s = position(
        tiles={"H20": "40m-11", "G30": "40m-08"}, market=["20m-01"], seats={0: {"hex": "G10"}}
    )
    # all water on G30 would touch H20's rock floor
    with pytest.raises(IllegalAction, match="Legal tile placement: its NE edge"):
        s.apply(A("terraform", tile="20m-01", at="G30"))
    with pytest.raises(IllegalAction, match="holds no tile to replace"):
        s.apply(A("terraform", tile="20m-01", at="F20"))


def test_only_terraform_names_the_tile_it_replaced_and_both_are_documented():
    s = position(tiles={"H20": "20m-05"}, market=["20m-04", "20m-01"], seats={0: {"hex": "G10"}})
    terraformed = s.apply(A("terraform", tile="20m-04", at="H20"))[0]
    assert terraformed == {
        "type": "placed",
        "seat": 0,
        "tile": "20m-04",
        "at": "H20",
        "how": "terraform",
        "replaced": "20m-05",
    }
    explored = s.apply(A("explore", tile="20m-01", at="F20"))[0]
    assert explored["how"] == "explore" and "replaced" not in explored
    for event in (terraformed, explored):
        check_event(s.game, event)


def test_a_terraformed_tile_goes_under_its_deck_and_comes_back_full():
    # ours: "discard" sends the tile where trimmed market tiles go, so the ocean never
    # runs dry; its resources went to the supply and it comes back with all of them
    s = position(
        tiles={"H20": "20m-05"},
        market=["20m-04"],
        resources={"H20": {"kelp": 1}},
        seats={0: {"hex": "G10"}},
    )
    for tile in list(s.decks[0].hidden()):
        s.decks[0].take(tile)
    events = s.apply(A("terraform", tile="20m-04", at="H20"))
    assert s.decks[0].under == ["20m-05"] and not s.removed
    assert "replacing 20m-05 (to the bottom of the 20m deck)" in s.event_text(events[0])
    s.apply(A("swim", to="H20"))  # the second action; next turn, a Scan of the 20m deck
    s.apply(A("scan", deck="20m"))
    assert s.chance_outcomes() == [(A("draw", tile="20m-05"), 1.0)]
    s.apply(A("draw", tile="20m-05"))
    s.apply(A("place", at="H40"))
    assert on(s, "H40") == {"kelp": 2}


def test_a_terraformed_starting_tile_leaves_the_game():
    s = position(market=["20m-04"])
    s.apply(A("terraform", tile="20m-04", at="G10"))
    assert list(s.removed) == ["start-1"] and all("start-1" not in d for d in s.decks)
