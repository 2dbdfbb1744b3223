"""Game with mercenary characters: each ability, hiring, coins, rounds and tie-breaks."""

import random

import pytest

from lapilli.core.errors import IllegalAction
from lapilli.core.state import TERMINAL
from lapilli.games.foggy_island.board import TILE_NAMES
from lapilli.games.foggy_island.components import MERCENARIES
from lapilli.games.foggy_island.round import between_rounds
from lapilli.games.foggy_island.state import winning_side
from lapilli.games.foggy_island.turn import end_round_now

from .helpers import act, at, new, play, play_randomly, position, start_turn

MERC = {"mode": "mercenaries"}


def hand(*kinds):
    counts = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return counts


def test_costs_and_mandatory_replacements_are_the_documented_ones():
    table = {k: (m.cost, m.replaces) for k, m in MERCENARIES.items()}
    assert table == {
        "fox": (8, "wolf"),
        "turtle": (6, "wolf"),
        "cat": (12, "pig"),
        "mouses": (8, "wolf"),
        "snake": (9, "wolf"),
        "chameleon": (7, "rat"),
        "crow": (5, "rat"),
        "mole": (6, "rat"),
        "prairie_dog": (6, "rabbit"),
        "hippo": (7, "rabbit"),
        "frog": (7, "wolf"),
    }
    assert MERCENARIES["crow"].count == 2


def test_fox_forces_the_opponent_to_swap_an_adjacent_token_for_one_from_hand():
    layout = {"c2": ("wolf", 1), "d3": ("rat", 1), "b3": ("wolf", 0), "a1": ("wolf", 1)}
    s = position(
        layout,
        hands=[
            hand("fox", "wolf", "wolf", "wolf", "wolf"),
            hand("rabbit", "wolf", "wolf", "wolf", "wolf"),
        ],
        **MERC,
    )
    play(s, "fox", "c3")
    assert s.phase == "target" and s.current_player() == 0
    # only Blue's face-up tokens next to the Fox (not Red's b3, not Blue's far a1)
    assert {a.arg("tile") for a in s.legal_actions()} == {"c2", "d3"}
    act(s, "target", tile="c2")
    assert s.phase == "replace" and s.current_player() == 1
    act(s, "replace", token="rabbit")
    assert at(s, "c2")[0] == "rabbit"
    assert s.hands[1].items == {"wolf": 5}  # the Wolf went back to Blue's hand
    assert s.phase == "draw" and s.pending().args.seat == 0  # then Red draws as usual


def test_fox_other_reading_the_owner_changes_one_of_their_own_adjacent_tokens():
    """Option fox=own: "the player" is the Fox's owner, who changes one of their own
    tokens next to the Fox for one from their hand."""
    layout = {"c2": ("wolf", 1), "d3": ("rat", 0), "b3": ("wolf", 0), "a1": ("wolf", 0)}
    s = position(
        layout,
        hands=[hand("fox", "pig", "wolf", "wolf", "wolf"), hand(*["wolf"] * 5)],
        fox="own",
        **MERC,
    )
    play(s, "fox", "c3")
    # Red's own face-up tokens next to the Fox: b3 and the spy Rat on d3 (not Blue's c2)
    assert {a.arg("tile") for a in s.legal_actions()} == {"b3", "d3"}
    with pytest.raises(IllegalAction, match="one of your own"):
        act(s, "target", tile="c2")
    act(s, "target", tile="b3")
    assert s.phase == "replace" and s.current_player() == 0
    act(s, "replace", token="pig")
    assert at(s, "b3")[:2] == ("pig", 0) and s.hands[0].items == {"wolf": 4}


@pytest.mark.parametrize("kind", ["fox", "mouses", "snake", "mole"])
def test_a_mercenary_with_no_target_says_so_in_the_log(kind):
    s = position(hands=[hand(kind, *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    act(s, "choose", token=kind)
    events = act(s, "place", tile="c3")
    lines = [s.event_text(e) for e in events]
    title = MERCENARIES[kind].title
    assert f"Red's {title} on c3 has no" in " ".join(lines) and "not used" in lines[-1]
    assert s.phase == "draw"


def test_turtle_gives_an_extra_placement_to_the_player_then_the_opponent():
    s = position(
        hands=[hand("turtle", "wolf", "wolf", "wolf", "wolf"), hand(*["wolf"] * 5)], **MERC
    )
    play(s, "turtle", "a1")
    act(s, "draw", token="wolf")
    assert s.current_player() == 0 and s.phase == "choose"  # Red's extra token
    play(s, "wolf", "b1")
    act(s, "draw", token="wolf")
    assert s.current_player() == 1  # Blue's extra token
    play(s, "wolf", "a2")
    act(s, "draw", token="wolf")
    assert s.current_player() == 1 and s.owed() == []  # then Blue's own turn
    play(s, "wolf", "a3")
    act(s, "draw", token="wolf")
    assert s.current_player() == 0


def test_mouses_swaps_with_an_adjacent_opponent_token():
    layout = {"c2": ("pig", 1), "b3": ("rabbit", 1)}
    s = position(layout, hands=[hand("mouses", *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    play(s, "mouses", "c3")
    # the Rabbit is white: no ability moves it
    assert [a.arg("tile") for a in s.legal_actions()] == ["c2"]
    act(s, "target", tile="c2")
    assert at(s, "c2")[0] == "mouses" and at(s, "c3")[0] == "pig"


def test_mole_is_a_spy_that_swaps_with_an_adjacent_opponent_token():
    layout = {"d3": ("wolf", 1)}
    s = position(layout, hands=[hand("mole", *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    play(s, "mole", "c3")
    act(s, "target", tile="d3")
    assert at(s, "d3") == ("mole", 0, True, 1)  # builds Blue's line
    assert at(s, "c3")[0] == "wolf" and at(s, "c3")[1] == 1


def test_snake_makes_the_opponent_replace_any_token_of_your_choice():
    layout = {"f6": ("pig", 1), "a1": ("wolf", 1), "b1": ("rabbit", 1)}
    s = position(layout, hands=[hand("snake", *["wolf"] * 4), hand("rat", *["wolf"] * 4)], **MERC)
    play(s, "snake", "c3")
    assert {a.arg("tile") for a in s.legal_actions()} == {"f6", "a1"}
    act(s, "target", tile="f6")
    assert s.current_player() == 1
    act(s, "replace", token="rat")
    assert at(s, "f6") == ("rat", 1, True, 0)  # a Blue Rat builds Red's line now
    assert s.hands[1].items == {"wolf": 4, "pig": 1}


def test_chameleon_takes_the_colour_of_tokens_placed_next_to_it():
    layout = {"c3": ("chameleon", 0)}
    hands = [hand(*["wolf"] * 5), hand("rat", "rabbit", *["wolf"] * 3)]
    s = position(layout, hands=hands, to_move=1, **MERC)  # Blue's turn
    assert at(s, "c3")[3] == 0
    play(s, "wolf", "c2")
    assert at(s, "c3")[3] == 1  # a Blue Wolf next to it: it builds Blue's line
    act(s, "draw", token="wolf")
    play(s, "wolf", "e5")  # Red, far away: no change
    act(s, "draw", token="wolf")
    assert at(s, "c3")[3] == 1
    play(s, "rat", "b3")  # a Blue Rat builds Red's line: the Chameleon turns red
    assert at(s, "c3")[3] == 0
    act(s, "draw", token="wolf")
    play(s, "wolf", "f6")  # Red
    act(s, "draw", token="wolf")
    play(s, "rabbit", "d3")  # a white token leaves it as it is
    assert at(s, "c3")[3] == 0


def test_prairie_dog_may_swap_two_tokens_next_to_it():
    layout = {"c2": ("wolf", 0), "c4": ("wolf", 1), "b3": ("rabbit", 0)}
    s = position(layout, hands=[hand("prairie_dog", *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    play(s, "prairie_dog", "c3")
    assert {str(a) for a in s.legal_actions()} == {"target tile=c2", "target tile=c4", "pass"}
    act(s, "target", tile="c2")
    assert [a.arg("tile") for a in s.legal_actions()] == ["c4"]
    act(s, "target", tile="c4")
    assert at(s, "c2")[1] == 1 and at(s, "c4")[1] == 0
    # and passing is allowed
    s2 = position(layout, hands=[hand("prairie_dog", *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    play(s2, "prairie_dog", "c3")
    act(s2, "pass")
    assert at(s2, "c2")[1] == 0 and s2.phase == "draw"


def test_hippo_lies_on_two_tiles_until_its_owners_next_turn():
    s = position(hands=[hand("hippo", *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
    play(s, "hippo", "a1")
    assert {a.arg("tile") for a in s.legal_actions()} == {"b1", "a2"}
    act(s, "hippo", tile="b1")
    assert at(s, "a1") == at(s, "b1") == ("hippo", 0, True, -1)
    act(s, "draw", token="wolf")
    with pytest.raises(IllegalAction, match="b1 is taken"):
        play(s, "wolf", "b1")
    act(s, "place", tile="c1")  # the Wolf chosen
    act(s, "draw", token="wolf")
    # Red's next turn: the Hippo must first move to one of its two tiles
    assert s.current_player() == 0 and s.phase == "hippo_keep"
    act(s, "keep_hippo", tile="b1")
    assert at(s, "a1") is None and at(s, "b1")[0] == "hippo"
    assert s.phase == "choose"


def test_frog_may_move_to_an_empty_adjacent_tile_before_placing():
    layout = {"c3": ("frog", 0), "c2": ("wolf", 1)}
    s = position(layout, **MERC)
    start_turn(s, 0)
    assert s.phase == "frog"
    assert {str(a) for a in s.legal_actions()} == {
        "move_frog tile=b3",
        "move_frog tile=d3",
        "move_frog tile=c4",
        "pass",
    }
    act(s, "move_frog", tile="d3")
    assert at(s, "d3")[0] == "frog" and at(s, "c3") is None
    assert s.phase == "choose"


def test_white_tokens_cannot_be_moved_by_any_ability():
    layout = {"c2": ("rabbit", 1), "d3": ("hippo", 1), "b3": ("prairie_dog", 1)}
    for merc in ("fox", "mouses", "mole"):
        s = position(layout, hands=[hand(merc, *["wolf"] * 4), hand(*["wolf"] * 5)], **MERC)
        play(s, merc, "c3")
        assert s.phase == "draw", merc  # nothing to act on: the ability does nothing


def test_coins_equal_points_and_hiring_replaces_a_basic_token():
    s = new(**MERC)
    s.points = [[5, 3]]
    s.coins = [14, 3]
    s.round = 1
    s.stack = []
    between_rounds(s)
    assert s.phase == "hire" and s.current_player() == 1  # the next round's first hires first
    assert [a.arg("mercenary") for a in s.legal_actions() if a.kind == "hire"] == []
    act(s, "done")
    assert s.current_player() == 0
    hires = {a.arg("mercenary") for a in s.legal_actions() if a.kind == "hire"}
    assert hires == {k for k, m in MERCENARIES.items() if m.cost <= 14}
    act(s, "hire", mercenary="cat")
    assert s.coins[0] == 2 and s.hired[0] == ["cat"]
    assert s.composition(0) == {"wolf": 9, "rat": 4, "rabbit": 3, "pig": 1, "cat": 1}
    assert len(s.piles[0]) == 18
    with pytest.raises(IllegalAction, match="costs 5 coins; your side has 2"):
        act(s, "hire", mercenary="crow")
    act(s, "done")
    assert s.round == 2 and s.first == 1


def test_the_mercenary_game_lasts_four_rounds_and_coins_win():
    for seed in range(4):
        s = play_randomly(new(**MERC), random.Random(seed))
        assert len(s.points) >= 4
        spent = [sum(MERCENARIES[k].cost for k in h) for h in s.hired]
        assert [s.coins[i] + spent[i] for i in (0, 1)] == [
            sum(p[i] for p in s.points) for i in (0, 1)
        ]
        if s.winners():
            w = s.winners()[0]
            assert s.coins[w] > s.coins[1 - w] or (
                s.coins[w] == s.coins[1 - w] and spent[w] > spent[1 - w]
            )


def test_tie_on_coins_goes_to_the_higher_cost_of_hired_mercenaries():
    s = new(**MERC)
    s.coins, s.hired = [20, 20], [["cat"], ["crow"]]
    assert winning_side(s) == 0


def test_a_full_tie_plays_an_additional_round():
    s = position(**MERC)
    s.round = 4
    s.coins, s.hired = [10, 10], [[], []]
    s.board = [None] * 36
    s.points = [[0, 0]] * 3
    end_round_now(s)
    s.advance()  # an empty map scores 0 each: still a tie
    assert s.rounds == 5 and s.phase == "hire" and s.current_player() != TERMINAL


def test_a_pile_always_holds_18_tokens():
    s = play_randomly(new(**MERC), random.Random(11))
    assert all(sum(s.composition(side).values()) == 18 for side in (0, 1))


def test_tile_names_cover_the_board():
    assert TILE_NAMES[0] == "a1" and TILE_NAMES[35] == "f6"
