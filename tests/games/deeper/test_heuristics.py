"""The bots' evaluation: it builds what it can, keeps resources safe, and breaks ties by
the stated rule."""

import random
from collections.abc import Iterator

import pytest

from lapilli.agents import make_agent
from lapilli.core.actions import Action
from lapilli.core.state import sample_chance
from lapilli.games.deeper import heuristics as H
from lapilli.games.deeper.components import FOOD, TILES, TITANIUM, UPGRADES
from lapilli.games.deeper.state import DeeperState

from .helpers import A, game, position


def test_the_greedy_bot_builds_the_radio_when_it_can():
    s = position(seats={0: {"inventory": {"titanium": 1, "quartz": 1, "coral": 1}}})
    assert make_agent("greedy", seed=1).act(s, 0) == A("craft", card="radio")


def test_holding_what_the_next_card_needs_is_worth_more():
    empty = position(seats={0: {"hex": "G10"}})
    half = position(seats={0: {"hex": "G10", "inventory": {"titanium": 1, "coral": 1}}})
    assert H.value(half, 0) > H.value(empty, 0)


def test_carrying_it_far_from_home_without_air_is_worth_less():
    deep = {"H20": "20m-01", "H40": "40m-01", "H60": "60m-01"}
    goods = {"titanium": 1, "coral": 1, "quartz": 1}
    safe = position(tiles=deep, seats={0: {"hex": "H60", "air": 4, "inventory": goods}})
    risky = position(tiles=deep, seats={0: {"hex": "H60", "air": 0, "inventory": goods}})
    assert H.value(risky, 0) < H.value(safe, 0)


def test_a_bot_outside_a_tie_names_the_tied_player_next_in_turn_order():
    tied = {
        "built": ["radio", "observatory"],
        "milestones": [40, 60, 80, 100],
        "storage": {"food": 1},
    }
    s = position(
        3,
        seats={
            0: {
                "built": ["radio"],
                "rockets": ["fuel_booster", "command_module"],
                "inventory": {"titanium": 4},
            },
            1: tied,
            2: {
                "built": ["radio"],
                "rockets": [],
                **{k: v for k, v in tied.items() if k != "built"},
            },
        },
    )
    s.apply(A("craft", card="launch_platform"))
    # Player 1 (12: radio 3, rockets 9) and Player 2 (12) tie; Player 3 has 10
    assert s.scores() == [12.0, 12.0, 10.0] and s.current_player() == 0
    assert make_agent("greedy", seed=3).act(s, 0) == A("tie", winner=0)  # a tied bot: itself
    values = {}
    for winner in (0, 1):
        after = s.clone()
        after.apply(A("tie", winner=winner))
        values[winner] = H.heuristic(after, 2)
    # outside the tie, Player 3 prefers Player 1, who comes first after it in turn order
    assert values[0] > values[1]


def test_the_greedy_bot_makes_room_for_what_the_next_card_needs():
    # the Launch Platform (4 titanium) is the last card; spare kelp fills the Inventory
    # every upgrade built: nothing to go home for but the card
    s = _last_card_at_titanium(inventory={"kelp": 8}, upgrades=list(UPGRADES))
    chosen = make_agent("greedy", seed=2).act(s, 0)
    assert chosen.kind == "gather" and chosen.arg("resource") == "titanium"


def test_a_resource_only_deeper_decks_still_hold_is_a_longer_dive():
    # titanium: the 40m deck's tiles hold it; once they are gone it takes a 60m Scan
    s = position(seats={0: {"built": ["radio"], "rockets": ["fuel_booster", "command_module"]}})
    near = H.value(s, 0)
    for tile in list(s.decks[1].hidden()):
        if TILES[tile].resources[TITANIUM]:
            s.decks[1].take(tile)
    s.changed()  # the board changed other than by a rule
    assert H.value(s, 0) < near


def test_cut_off_from_home_a_bot_counts_exploring_a_way_back():
    # Player 2 stands beside Player 1's Hatch (F0), with no tiles between it and its own (J0)
    s = position(2, tiles={"F20": "20m-01"}, seats={1: {"hex": "F20"}})
    for hatch_side in ("I10", "K10"):
        s.tiles[s.ocean.cell(hatch_side)] = None
    reach = H._swims(s, s.pawn[1])
    assert s.ocean.hatches[1] not in reach
    assert H._way_home(s, 1, reach) == 2 * 4  # four hexes of open water: explore, swim
    for hexname, tile in (("G30", "20m-02"), ("H20", "20m-04"), ("I10", "20m-05")):
        s.tiles[s.ocean.cell(hexname)] = tile
    assert H._way_home(s, 1, H._swims(s, s.pawn[1])) == 4  # now a swim


def test_holding_a_cards_whole_cost_a_bot_heads_home_before_the_bigger_card():
    # the Launch Platform's 4 titanium are held; the Command Module (4 stars) lacks the
    # coral that lies deeper: home to build the one in hand first, then dive
    deep = {"H20": "20m-01", "H40": "40m-01", "H60": "60m-01", "H80": "20m-03"}
    kept = {
        "built": ["radio"],
        "rockets": ["fuel_booster"],
        "inventory": {"titanium": 4, "diamond": 1},
        "milestones": [40, 60, 80, 100],
        "upgrades": list(UPGRADES),
    }
    values = [
        H.value(position(tiles=deep, seats={0: {"hex": hexname, "air": 4, **kept}}), 0)
        for hexname in ("H0", "H20", "H40", "H60")
    ]
    assert values == sorted(values, reverse=True) and len(set(values)) == 4


def test_drowning_on_the_way_home_is_counted_where_the_air_runs_out():
    # 3 swims up from H60 (60m) with no air: after the 2 swims of this turn the diver
    # drowns at about the 20m level and loses 1 of its 3 resources
    deep = {"H20": "20m-01", "H40": "40m-01", "H60": "60m-01"}
    goods = {"titanium": 1, "coral": 1, "quartz": 1}
    s = position(tiles=deep, seats={0: {"hex": "H60", "air": 0, "inventory": goods}})
    swum = H._before_drowning(s, 0)[1]
    assert swum == 2
    assert H._kept(s, 0, 3, swum) == 1 - 1 / 3
    assert H._kept(s, 0, 2, swum) == 1.0  # home within this turn's swims
    s.air[0] = 1
    assert H._kept(s, 0, 3, H._before_drowning(s, 0)[1]) == 1.0  # the air lasts


def test_the_air_counts_only_the_actions_left_this_turn():
    # with no air, the diver drowns when this turn ends unless it is home by then
    deep = {"H20": "20m-01", "H40": "40m-01"}
    seats = {0: {"hex": "H40", "air": 0, "inventory": {"titanium": 2}}}
    assert H._before_drowning(position(tiles=deep, seats=seats), 0) == (2, 2)
    assert H._before_drowning(position(tiles=deep, seats=seats, left=1), 0) == (1, 1)
    seats[0]["air"] = 3
    assert H._before_drowning(position(tiles=deep, seats=seats, left=1), 0) == (7, 7)
    seats[0]["upgrades"] = ["fins"]  # a first Swim this turn may go 2 hexes
    assert H._before_drowning(position(tiles=deep, seats=seats, left=1), 0) == (7, 11)
    swum = position(tiles=deep, seats=seats, left=1, swum=True)
    assert H._before_drowning(swum, 0) == (7, 10)


def test_a_bot_looking_one_action_ahead_heads_home_before_its_air_runs_out():
    # at 40m with no air, 2 swims from the Hatch: a Gather first would leave one swim
    # before the turn ends, and the diver would drown at 20m with what it carries
    s = position(
        tiles={"H20": "20m-02", "H40": "20m-01"},
        seats={0: {"hex": "H40", "air": 0, "inventory": {"titanium": 3}}},
    )
    assert make_agent("greedy:depth=1", seed=1).act(s, 0) == A("swim", to="H20")


def test_a_bot_plans_a_tour_to_the_nearest_tile_holding_what_is_missing_first():
    # the Launch Platform's 4 titanium: 1 at F20 (2 swims from the Hatch H0), 3 at H60
    # (3 swims, but 4 from F20). The tour: H0-G10-F20 and a Gather; on to H60 (4 swims)
    # and two Gathers (2 at a time); home (3 swims); the Craft
    s = position(
        tiles={"G10": "20m-02", "F20": "20m-03", "H20": "20m-01", "H40": "40m-01", "H60": "60m-01"},
        resources={"F20": {"titanium": 1}, "H60": {"titanium": 3}, "H20": {}, "H40": {}},
        seats={0: {"built": ["radio"], "rockets": ["fuel_booster", "command_module"]}},
    )
    hatch = s.ocean.hatches[0]
    reach = H._swims(s, hatch)
    goal = (0.0, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0)  # all of it missing
    board = H._shared(s)
    assert H._actions_left(s, board, goal, hatch, reach, 0, hatch) == 2 + 1 + 4 + 2 + 3 + 1
    # nearer the first tile of the tour, fewer actions are left
    g10 = s.ocean.cell("G10")
    assert H._actions_left(s, board, goal, g10, reach, 1, hatch) == 1 + 1 + 4 + 2 + 3 + 1
    # how often a plan drowns: the air lasts 10 actions, then each half refill 6
    assert [H._drownings(n, 10, 4) for n in (10, 11, 16, 17)] == [0, 1, 1, 2]


def test_carried_food_the_storage_has_no_room_for_makes_way_for_the_next_card():
    # the Storage is full of food (scoring); the food in the Inventory cannot score, so
    # the bot drops it to gather the Launch Platform's titanium
    s = _last_card_at_titanium(
        inventory={"food": 4},
        storage={"food": 4},
        upgrades=["fins", "knife", "sea_glide", "rebreather", "air_tank"],
    )
    chosen = make_agent("greedy", seed=2).act(s, 0)
    assert chosen.kind == "gather" and chosen.arg("resource") == "titanium"
    carried = H.value(s, 0)
    s.inventory[0][FOOD] = 0
    assert H.value(s, 0) == carried  # worth nothing while the Storage is full
    s.storage[0][FOOD] = 1  # with room in the Storage, carried food is worth keeping
    s.inventory[0][FOOD] = 3
    carried = H.value(s, 0)
    s.inventory[0][FOOD] = 0
    assert H.value(s, 0) < carried


def _last_card_at_titanium(**seat: object) -> DeeperState:
    """Player 1 on a titanium tile (40m-11) with the Radio and two rocket cards built, so
    the Launch Platform (4 titanium) is the last card, and no milestone left to scan for."""
    return position(
        tiles={"H20": "40m-11"},
        seats={
            0: {
                "hex": "H20",
                "built": ["radio"],
                "rockets": ["fuel_booster", "command_module"],
                "milestones": [40, 60, 80, 100],
                **seat,
            }
        },
    )


# -- the evaluation's memos -------------------------------------------------------------
def _random_positions(players: int, seed: int) -> Iterator[DeeperState]:
    """Every position of a random game."""
    s = game().new_state(players)
    rng = random.Random(seed)
    while not s.is_terminal():
        yield s
        s.apply(sample_chance(s, rng) if s.is_chance_node() else rng.choice(s.legal_actions()))


def _check_rule_renews_the_board_version(s: DeeperState, action: Action) -> None:
    tiles, decks = (tuple(s.tiles), tuple(s.res)), [d.to_json() for d in s.decks]
    versions = s.board_version, s.decks_version
    s.apply(action)
    if (tuple(s.tiles), tuple(s.res)) != tiles:
        assert s.board_version != versions[0], f"{action} changed the board, not its version"
    if [d.to_json() for d in s.decks] != decks:
        assert s.decks_version != versions[1], f"{action} changed the decks, not their version"


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_rule_that_changes_the_board_gives_it_a_new_version(players: int) -> None:
    # the evaluation reads a board once per version: a rule changing the tiles, the
    # resources on them or the decks without a new version would feed it a stale one
    for s in _random_positions(players, seed=players):
        for action in s.legal_actions() if not s.is_chance_node() else []:
            _check_rule_renews_the_board_version(s.clone(), action)
    # the Pump moves resources between tiles (random games seldom build it)
    s = position(seats={0: {"built": ["pump"]}})
    s.apply(A("convert", use="pump"))
    _check_rule_renews_the_board_version(s, A("pump", at="G10", resource="kelp"))


def test_a_world_dealt_for_a_bot_keeps_the_board_versions_with_the_board() -> None:
    # dealing the blueprint cards again leaves the board and the decks alone, so a world
    # keeps their versions (MCTS deals one an iteration): what it keeps must be the same
    rng = random.Random(1)
    for n, s in enumerate(_random_positions(3, seed=7)):
        if n % 25:
            continue
        world = s.determinize(n % 3, rng)
        assert (world.board_version, world.decks_version) == (s.board_version, s.decks_version)
        assert (world.tiles, world.res) == (s.tiles, s.res)
        assert [d.to_json() for d in world.decks] == [d.to_json() for d in s.decks]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_memos_answer_what_the_evaluation_computes(players: int) -> None:
    # siblings share most of what the evaluation reads: each is evaluated with the
    # memos full of its siblings' values, then again with every memo emptied
    checked = 0
    for n, s in enumerate(_random_positions(players, seed=10 + players)):
        if n % 4 or s.is_chance_node():
            continue
        children = []
        for action in s.legal_actions():
            child = s.clone()
            child.apply(action)
            children.append(child)
        warm = [[H.heuristic(c, seat) for seat in range(players)] for c in children]
        for memo in (H._VALUES, H._TRIPS, H._READ, H._TILES, H._DECKS, H._NAMED, H._PATHS):
            memo.clear()
        cold = [[H.heuristic(c, seat) for seat in range(players)] for c in children]
        assert warm == cold
        checked += len(children)
    assert checked > 100
