"""The private helper: the sums a table cannot do, from what the seat may see only."""

import io
import random

from rich.console import Console

from lapilli.core.state import CHANCE, TERMINAL
from lapilli.games.fuji import Fuji
from lapilli.games.fuji.board import cell
from lapilli.games.fuji.components import VALID
from lapilli.games.fuji.movement import movement_value

from .helpers import act, new, plan, roll, row_board

SKILLS = ("buddy", "gatherer", "equipment_manager")


def planning_position():
    """Seat 0 at (0,0) on a row of card 16; an eruption token at (2,0); seat 0 to plan."""
    s = new(3, skills=SKILLS, equipment=["shovel", "rope", "water"])
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    s.eruption_tokens[cell(2, 0)] = 1
    roll(s, {0: "A1 A2 B3 B4 C5 C6", 1: "A6 A6 B6 B6 C6 C6", 2: "A1 A1 B1 B1 C1 C1"})
    return s


def test_phase_2_lists_every_card_within_reach_with_rerolls_and_the_cost_of_failing():
    s = planning_position()
    (mine,) = s.observation(0)["helper"]
    assert mine["adventurer"] == 0 and mine["destination"] is None
    cards = {tuple(c["card"]): c for c in mine["cards"]}
    assert set(cards) == {(0, 0), (1, 0), (2, 0), (3, 0)}
    assert [cards[x, 0]["rerolls"] for x in range(4)] == [2, 1, 1, 0]
    # level 2: a tie or a loss costs the top row, 4 stamina
    assert all(c["stamina_on_fail"] == 4 and not c["exhausted_on_fail"] for c in cards.values())
    assert cards[0, 0]["value"] == movement_value(s, 0, 16)
    # the token at (2,0) is on every way to (2,0) and (3,0), not to (1,0)
    assert "move last" in cards[2, 0]["warning"] and "warning" in cards[3, 0]
    assert "warning" not in cards[1, 0] and "warning" not in cards[0, 0]


def test_the_destination_compares_your_dice_with_what_you_know_of_your_neighbours():
    s = planning_position()
    plan(s, {0: (1, 0), 1: (4, 0), 2: (7, 0)})
    (mine,) = s.observation(0)["helper"]
    dest = mine["destination"]
    assert dest["card"] == [1, 0] and dest["value"] == movement_value(s, 0, 16)
    assert dest["hidden"] == 0 and dest["valid"] == sum(
        VALID[16][s.dice[d].type][s.dice[d].value] > 0 for d in s.counting(0)
    )
    # the neighbours' dice are behind their screens: counted, not guessed
    assert [(n["adventurer"], n["value"], n["hidden"]) for n in dest["neighbours"]] == [
        (2, 0, 6),
        (1, 0, 6),
    ]
    assert not dest["certain"] and dest["ahead_by"] == dest["value"]


def test_a_radio_shows_a_neighbours_dice_to_the_helper():
    s = new(3, skills=SKILLS, equipment=["radio", "rope", "water"])
    row_board(s, [16] * 8, start={0: (0, 0), 1: (4, 0), 2: (7, 0)})
    roll(s, {})
    act(s, "use", card="radio")
    act(s, "destination", x=1, y=0)
    dest = s.observation(1)["helper"][0]
    assert dest["adventurer"] == 1 and dest["destination"] is None
    act(s, "destination", x=4, y=0)
    act(s, "destination", x=7, y=0)
    act(s, "destination", x=1, y=0)
    act(s, "destination", x=4, y=0)
    view = s.observation(1)["helper"][0]["destination"]
    seat0 = next(n for n in view["neighbours"] if n["adventurer"] == 0)
    assert seat0["hidden"] == 0 and seat0["value"] == movement_value(s, 0, 16)


def test_the_helper_is_for_its_seat_only_and_tells_no_secret():
    """Each seat gets a helper for its own meeple only, a spectator none, and rolling
    again every die a seat cannot see changes nothing in that seat's helper."""
    game = Fuji(level=3, scenario="3")
    rng = random.Random(4)
    checked = 0
    for players in (2, 3):
        s = game.new_state(players)
        while s.current_player() != TERMINAL:
            if s.current_player() == CHANCE:
                outcomes = s.chance_outcomes()
                s.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            assert s.observation(None)["helper"] == []
            for seat in range(players):
                mine = s.observation(seat)["helper"]
                assert all(s.controller(h["adventurer"]) == seat for h in mine)
                other = s.determinize(seat, random.Random(checked))
                assert other.observation(seat)["helper"] == mine
                checked += 1
            s.apply(rng.choice(s.legal_actions()))
    assert checked > 100


def test_the_text_view_shows_the_helper_to_its_seat():
    s = planning_position()
    plan(s, {0: (2, 0), 1: (4, 0), 2: (7, 0)})

    def text(seat):
        screen = io.StringIO()
        Console(file=screen, no_color=True, width=160).print(s.render(seat))
        return screen.getvalue()

    mine = text(0)
    assert "Helper for Mr Iain Jones (blue) (only you see this)" in mine
    assert "Destination column 2 row 0" in mine and "a tie or loss costs 4 stamina" in mine
    assert "should move last" in mine
    assert "Helper for Mr Iain Jones" not in text(1) and "Helper" not in text(None)


def test_the_bots_chance_of_a_move_follows_the_dice_the_seat_knows():
    """The heuristic's chance that a planned move succeeds: certain when every die is
    seen and the mover is ahead, nil on a known tie, in between with hidden dice."""
    from lapilli.games.fuji.dice import Aside
    from lapilli.games.fuji.heuristics import success_chance

    s = planning_position()
    plan(s, {0: (1, 0), 1: (4, 0), 2: (7, 0)})
    hidden = success_chance(s, 0, 0)
    assert 0.0 < hidden < 1.0
    for die in s.dice:
        die.seen = -1  # every die shown (as in phase 5)
    ahead = movement_value(s, 0, 16) > max(movement_value(s, b, 16) for b in (1, 2))
    assert success_chance(s, 0, 0) == (1.0 if ahead else 0.0)
    for d in s.counting(1):
        s.dice[d].aside = Aside.MACHETE
    for d in s.counting(2):
        s.dice[d].aside = Aside.MACHETE
    assert success_chance(s, 0, 0) == 1.0  # the neighbours count nothing: 0 < mine
