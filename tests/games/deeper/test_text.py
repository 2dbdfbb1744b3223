"""What players read: the map, the boards, and actions and events in the game's words."""

import random
import re

from rich.console import Console

from lapilli.core import log
from lapilli.core.state import CHANCE, sample_chance

from .helpers import game, position


def shown(renderable) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_map_draws_hexes_with_names_depth_lines_resources_edges_and_pawns():
    s = position(2, tiles={"F20": "40m-11"}, seats={1: {"hex": "I10"}})
    text = shown(s.render(0))
    for piece in ("  0m", " 20m", " 40m", "100m", "F20", "E10", "Hatch1", "Hatch2", "P1", "P2"):
        assert piece in text, piece
    assert "tt" in text  # the floor's 2 titanium
    assert "#=====#" in text  # its rock floor: rock edges drawn # and =
    assert "Tile market: empty" in text and "Decks: 20m 12" in text


def test_the_boards_show_lungs_inventory_storage_and_only_your_own_hand():
    s = position(
        2,
        seats={
            0: {
                "hand": ["radio", "garden"],
                "inventory": {"titanium": 2},
                "storage": {"food": 1},
                "air": 3,
            }
        },
    )
    mine, spectator = shown(s.render(0)), shown(s.render(None))
    assert "Garden" in mine and "Garden" not in spectator and "2 hidden" in spectator
    assert "ooo. 3/4" in mine and "tt.." in mine and "F..." in mine


def test_open_hexes_next_to_the_player_to_move_are_named():
    s = position(1)
    text = shown(s.render(0))
    assert "H20" in text  # no tile there yet: a spot to explore


def test_actions_read_in_the_games_words():
    s = position(
        tiles={"H20": "40m-11"},
        market=["20m-11"],
        seats={0: {"hex": "H0", "inventory": {"fish": 2, "titanium": 2}}},
    )
    texts = {s.action_text(a) for a in s.legal_actions()}
    for expected in (
        "Swim to H20",
        "Scan the 20m deck (11 tiles)",
        "Convert 2 fish -> 1 food (Fabricator)",
        "Craft the Knife (1 titanium)",
        "Move 1 fish from Inventory to Storage",
        "End your actions and breathe",
    ):
        assert expected in texts, expected

    deck = s.decks[0]  # the 20m deck down to its last tile
    for tile in deck.hidden()[1:]:
        deck.draw(tile)
    assert "Scan the 20m deck (1 tile)" in {s.action_text(a) for a in s.legal_actions()}


def test_log_lines_say_what_happened_in_the_games_words():
    s = position(seats={0: {"hex": "H0"}})
    said = s.event_text
    # drowning with an empty Inventory loses nothing: no "loses 0 random resources"
    assert said({"type": "drowned", "seat": 0, "lose": 0, "air": 2}) == (
        "Player 1 drowns: the Inventory is empty, Lungs refilled to 2 air"
    )
    assert said({"type": "drowned", "seat": 1, "lose": 1, "air": 3}) == (
        "Player 2 drowns: loses 1 random resource, Lungs refilled to 3 air"
    )
    assert said({"type": "turn", "seat": 0, "round": 6}) == "Round 6: Player 1's turn"
    made = {"type": "converted", "seat": 0, "use": "food", "made": "food"}
    assert said(made) == "Player 1 converts 2 fish into 1 food"


def test_no_text_reads_like_code_over_a_random_game():
    s = game().new_state(3)
    rng = random.Random(2)
    code = re.compile(r"\w+=\w|\[\d|\{'")
    while not s.is_terminal() and s.round < 60:
        if s.current_player() == CHANCE:
            action = sample_chance(s, rng)
        else:
            for a in s.legal_actions():
                assert not code.search(s.action_text(a)), s.action_text(a)
            action = rng.choice(s.legal_actions())
        _, entries = log.play(s, action)
        for entry in entries:
            assert not code.search(entry.text), entry.text


def test_rules_summary():
    text = game().rules_help()
    assert "up to 2 actions" in text and "docs/rules/deeper.md" in text
