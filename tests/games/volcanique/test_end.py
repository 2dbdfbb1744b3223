"""End triggers, the final turns and the finale."""

from lapilli.core import CHANCE, TERMINAL, Action
from lapilli.games.volcanique.pieces import Stage
from lapilli.games.volcanique.triggers import trigger_end

from .helpers import A, D, M, at, blank, crit, end_the_turn, give, hex_id, lava, put_uno, step


def test_all_critters_deployed_triggers_the_end():
    s = blank()
    put_uno(s, (0, 0), D)
    crit(s, (0, 0), D, 0, n=21)
    give(s, 1, dark=3)
    end_the_turn(s)
    assert s.end_reason == "all_critters_deployed"
    # the other player's final turn: spend the last resources
    assert s.stage == "final" and s.player == 1 and step(s) == "spend"


def test_volcanic_winter_unlock_triggers_the_end():
    s = blank()
    put_uno(s, (0, 0), D, 2)
    s.unlocked[0] = ("L1", "L3m")
    s.hand[0] -= 2
    give(s, 0, dark=5)
    at(s, "buy")
    s.apply(A("buy", tile="volcano"))  # the only land tile is the target
    s.apply(A("unlock", slot="L5"))  # the grid in these tests holds Volcanic Winter at L5
    assert step(s) == "winter_spawn"  # its holder chooses where the winter starts
    s.apply(A("freeze", at=(0, 0)))
    assert s.end_reason == "volcanic_winter" and s.winter == (((0, 0), 10),)


def test_super_volcanic_eruption_hook_triggers_the_end():
    s = blank()
    events = trigger_end(s, "super_volcanic_eruption", 1)
    assert events[0]["reason"] == "super_volcanic_eruption" and s.end_reason
    assert trigger_end(s, "last_land_tile", 0) == []  # only the first trigger counts


def test_round_limit_safeguard():
    s = blank(max_rounds=6)
    s.round, s.player = 5, 1
    put_uno(s, (0, 0), D)
    end_the_turn(s)
    assert s.end_reason == "round_limit"


def final_turn_position():
    """Pink (seat 0) just ended the turn that took the last land tile; blue plays its
    final turn. A lava flow sits on a 2-high stack in the sea."""
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (5, 0), M, 2)
    crit(s, (0, 0), D, 1)
    give(s, 1, dark=3, medium=4)
    s.lava = [lava((5, 0))]
    s.lava_tiles -= 1
    s.tiles = {}
    s.end_reason = "last_land_tile"
    end_the_turn(s)
    return s


def test_final_turn_progresses_lava_first_and_does_not_collect():
    s = final_turn_position()
    assert s.stage == "final" and s.player == 1
    # the final turn starts with the lava
    assert s.current_player() == CHANCE and step(s) == "lava_flow"
    s.apply(Action("lava", at=(6, 0)))
    # spend: a volcano or points (3 resources = 1 point); no land tiles
    assert s.current_player() == 1 and step(s) == "spend"
    assert set(s.legal_actions()) == {A("buy", tile="volcano"), A("buy_point"), A("done")}
    s.apply(A("buy_point"))
    s.apply(A("pay", dark=3, medium=0, light=0))
    assert s.points[1] == 1
    s.apply(A("buy_point"))  # only medium left: paid without asking
    assert s.points[1] == 2 and s.resources[1] == [0, 1, 0]
    # no more spending possible: claiming (the tile the lava left), then the sacrifice
    # (board only, one)
    assert step(s) == "claim"
    s.apply(A("done"))
    assert step(s) == "sacrifice"
    assert set(s.legal_actions()) == {A("sacrifice", at=(0, 0), biome=D), A("done")}
    s.apply(A("done"))
    # no collection; the lava is in the ocean, so no finale turns: the game is over
    assert s.resources[1] == [0, 1, 0]
    assert s.current_player() == TERMINAL
    assert s.score_breakdown()[1]["points"] == 2


def test_finale_turns_run_until_all_lava_reaches_the_ocean():
    s = blank()
    # a tall ridge: lava must step down 4, 3, 2, 1 before the sea
    for i, h in enumerate([4, 3, 2, 1]):
        put_uno(s, (i, 0), M, h)
    s.lava = [lava((0, 0))]
    s.lava_tiles -= 1
    s.stage = Stage.FINAL
    s.final_left = []
    s.player = 0
    end_the_turn(s)
    assert s.stage == "finale"
    turns = 0
    while s.current_player() != TERMINAL:
        if s.current_player() == CHANCE:
            # follow the ridge down while it can
            outs = [a for a, _ in s.chance_outcomes()]
            ridge = [a for a in outs if hex_id(a.arg("at")) in s.stacks]
            s.apply(ridge[0] if ridge else outs[0])
        else:
            # finale turns: only claiming
            assert {a.kind for a in s.legal_actions()} <= {"claim", "done"}
            s.apply(s.legal_actions()[-1])
        turns += 1
        assert turns < 50
    assert all(not flow.flowing for flow in s.lava)
    assert s.stage == "over"
