"""The terminal view."""

from rich.console import Console

from lapilli.core import Action
from lapilli.core.flow import then
from lapilli.games.volcanique.claiming import CLAIM
from lapilli.games.volcanique.turn import DRAW

from .helpers import D, L, blank, crit, hex_id, hold, lava, put, put_uno, spot_id, tile


def text(state, seat):
    console = Console(width=160, record=True)
    console.print(state.render(seat))
    return console.export_text()


def test_the_view_shows_heights_biomes_critters_lava_and_hides_other_hands():
    s = blank()
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), L, 1)
    crit(s, (0, 0), D, 0)
    s.lava = [lava((1, 0))]
    hold(s, 0, "carnage")
    then(s, CLAIM(0))
    mine, theirs = text(s, 0), text(s, 1)
    assert "d 3 " in mine and "Pd" in mine and "LAVA" in mine and "0,0" in mine
    assert "Carnage" in mine and "Carnage" not in theirs and "1 hidden" in theirs


def test_the_map_shows_which_edge_of_each_tile_has_which_biome():
    s = blank()
    # a dark/medium Duo turned once: dark on NE, NW and W, medium on SW, SE and E
    put(s, (0, 0), tile("duo-dark-medium", 1))
    then(s, CLAIM(0))
    lines = text(s, 0).splitlines()
    row = next(i for i, line in enumerate(lines) if " 0,0 " in line)
    column = lines[row].index(" 0,0 ") - 1
    cell = [line[column : column + 8] for line in lines[row - 2 : row + 1]]
    assert cell == ["d 1    d", "d      m", "m 0,0  m"]


def test_the_power_grid_is_shown_as_a_tech_tree_with_holders_and_next_unlocks():
    s = blank()
    s.unlocked[0] = ("L1", "L3m")
    then(s, CLAIM(0))
    lines = text(s, 1).splitlines()
    # levels from the top, each slot with its power, holders and links
    rows = [line.split("│")[1:6] for line in lines if line.startswith("│ L")]
    slots = [[cell.strip() for cell in row] for row in rows]
    assert [r[0] for r in slots] == ["L5", "L4", "L4", "L3", "L3", "L3", "L2", "L2", "L1"]
    assert slots[4] == [
        "L3",
        "L3m",
        "Cooperative Critters",
        "Pink (P1)",
        "L1, L2a, L2b, L4a, L4b, L5",
    ]
    # what each seat may unlock next
    pink = next(line for line in lines if line.strip().startswith("Pink (P1):"))
    assert "L2a Agile Critters" in pink and "L5 Volcanic Winter" in pink
    blue = next(line for line in lines if line.strip().startswith("Blue (P2):"))
    assert blue.strip() == "Blue (P2): L1 Bountiful Resources"


def test_the_view_names_symbiosis_targets_and_tiles_at_risk_from_lava():
    s = blank(3)
    put_uno(s, (0, 0), D, 3)
    put_uno(s, (1, 0), L, 1)
    put_uno(s, (5, 0), L, 1)
    crit(s, (1, 0), L, 1)
    crit(s, (5, 0), L, 1)
    s.lava = [lava((0, 0))]
    then(s, CLAIM(0))
    view = text(s, 0)
    assert "Pink (P1) may stack on tiles of Blue (P2), on volcanic soil and tiles" in view
    assert "Tiles at risk from lava (marked !): " in view
    risk = next(line for line in view.splitlines() if "Tiles at risk" in line)
    assert "(1,0) [Blue (P2)]" in risk and "(5,0)" not in risk
    assert "!1,0" in view


def test_every_action_of_random_games_reads_in_words():
    import random

    from lapilli.core import sample_chance
    from lapilli.games.volcanique import Volcanique

    for seed in range(3):
        rng = random.Random(seed)
        s = Volcanique().new_state(2 + seed)
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply(sample_chance(s, rng))
                continue
            for a in s.legal_actions():
                words = s.action_text(a)
                assert "=" not in words, words
            s.apply(rng.choice(s.legal_actions()))


def test_the_map_marks_colossal_burrowed_and_sea_critters_and_the_winter():
    s = blank()
    put_uno(s, (0, 0), D)
    put_uno(s, (1, 0), L)
    crit(s, (0, 0), D, 0)
    s.colossal[spot_id((0, 0, D, 0))] = 1
    s.bury(spot_id((1, 0, L, 0)), 1)
    s.sea[hex_id((2, 0))] = 1
    s.winter = (((1, 0), s.turn),)
    then(s, CLAIM(0))
    view = text(s, 0)
    assert "PdC" in view and "pl_" in view and "Bsea" in view and "*1,0" in view


def test_events_and_chance_outcomes_read_in_the_games_words():
    s = blank()
    stacked = {
        "type": "stacked",
        "seat": 0,
        "tile": "duo-dark-medium",
        "at": [-2, 0],
        "rotation": 1,
    }
    assert s.event_text(stacked) == (
        "Pink (P1) stacks a dark/medium Duo on the hex 2 west of the starting hex, rotation 1: "
        "dark NE/NW/W, medium E/SW/SE"
    )
    assert s.event_text({"type": "lava", "at": [0, 1], "ocean": True}) == (
        "the lava flows into the sea at the hex 1 south-east of the starting hex"
    )
    then(s, DRAW(seat=1))
    assert (
        s.action_text(Action("draw", card="carnage")) == "Blue (P2) draws the Caldera card Carnage"
    )


def test_rounds_and_turns_count_from_one_and_the_set_up_has_neither():
    from lapilli.core import load_game
    from lapilli.games.volcanique.state import Stage

    s = load_game("volcanique").new_state(2)
    # the set-up is said once: not "Set-up; now: Pink (P1): set-up: choose a tile"
    assert text(s, 0).startswith("Set-up. Now Pink (P1): choose a tile for your starting island")
    s = blank()
    s.round, s.turn, s.stage = 0, 0, Stage.MAIN
    assert text(s, 0).startswith("Round 1, turn 1 (main game). Now ")


def test_a_map_wider_than_the_terminal_is_drawn_in_parts_that_fit():
    from lapilli.core import load_game, positions

    game = load_game("volcanique")
    two_islands = {"map": {"0,0": ["uno-dark"], "12,0": ["uno-light"]}, "turn": {"at": "claim"}}
    s = positions.build(game, two_islands)
    for width in (80, 100):
        console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(s.render(0))
        lines = console.export_text().splitlines()
        assert max(len(line.rstrip()) for line in lines) <= width
        assert any(line.startswith("The map, part 2 of") for line in lines)
        shown = " ".join(lines)
        assert shown.count(" 0,0 ") == 1 and shown.count(" 12,0 ") == 1  # each hex once
    wide = Console(width=200, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    wide.print(s.render(0))
    assert "The map, part" not in wide.export_text()  # whole when it fits


def test_the_end_sequence_and_a_rift_read_as_sentences():
    from lapilli.games.volcanique.text import event_text

    s = blank()
    said = event_text(s, {"type": "end_triggered", "reason": "last_land_tile", "seat": 1})
    # not "Blue (P2) the end is near: the last land tile is taken"
    assert said == "the end is near, in Blue (P2)'s turn: the last land tile is taken"
    said = event_text(s, {"type": "end_triggered", "reason": "all_critters_deployed", "seat": 0})
    assert said == "the end is near: Pink (P1) has deployed all their critters"
    rift = {"type": "rift", "seat": 0, "tiles": [[1, 0]], "dir": 0}
    assert event_text(s, rift).startswith(
        "Pink (P1) splits off 1 tile, the hex 1 east of the starting hex, and moves it 1 "
    )


def test_an_action_that_shows_nothing_yet_is_logged_said_of_its_maker():
    from lapilli.core import load_game, log

    s = load_game("volcanique").new_state(2)
    while s.current_player() < 0:
        s.apply(s.chance_outcomes()[0][0])
    s.apply(s.legal_actions()[0])  # the Uno is laid at once
    _, lines = log.play(s, s.legal_actions()[0])  # the Duo waits for its place
    assert [e.text for e in lines] == ["Pink (P1) takes a dark/medium Duo tile"]  # not "...: take"
