"""What players read: the board drawn as rows of cards, actions and events in words."""

import random
import re

from lapilli.core.state import CHANCE, sample_chance
from lapilli.games.eras import Eras
from lapilli.games.eras.text import event_text

from .helpers import BLUE, RED, position, rendered

RAW = re.compile(r"\w+=|[\[\]{}]|_")


def test_every_action_and_event_of_random_games_reads_as_words():
    rng = random.Random(11)
    kinds_seen, events_seen = set(), set()
    for players in (2, 4):
        s = Eras().new_state(players)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                action = sample_chance(s, rng)
                options = [action]
            else:
                options = s.legal_actions()
                action = rng.choice(options)
            for a in options:
                text = s.action_text(a)
                assert text and not RAW.search(text), text
                kinds_seen.add(a.kind)
            for e in s.apply(action):
                line = s.event_text(e)
                assert line and not RAW.search(line), (e, line)
                events_seen.add(e["type"])
    assert {"include", "bid", "erupt", "forward", "thunderbolt"} <= kinds_seen
    assert {"bids", "rolled", "moved", "won"} <= events_seen


def test_the_board_draws_each_path_with_its_sites_hazards_and_crossings():
    s = position(
        paths={RED: ["bacteria-3", "algae-3", "reptiles-4"], BLUE: ["fish-1"]},
        pieces={RED: "2L", BLUE: "SM"},
        cones={BLUE: "Red 3L"},
    )
    text = rendered(s, RED)
    red = text.split("Blue  tokens")[0].splitlines()  # Red's rows come first
    rows = {line.split()[0]: line for line in red if re.match(r"  [S1-6] ", line)}
    assert rows["S"].split() == ["S", "start", "1", "rock", "rock", "rock"]
    # one row per card: place and copy, era, hazard, the sites L M R, the crossing ahead
    assert rows["1"].split() == [
        "1",
        "#3",
        "Bacteria",
        "waterhole",
        "rock",
        "rock",
        "‖",
        "ravine",
        "(L,",
        "M)",
    ]
    assert rows["2"].split() == [
        "2",
        "#3",
        "Algae",
        "@waterhole",
        "rock",
        "rock",
        "≈",
        "rising",
        "sea",
    ]
    # Reptiles #4, the last card: its volcano hazard and volcano site, the cone on L
    assert rows["3"].split() == ["3", "#4", "Reptiles", "volcano", "▲rock", "rock", "volcano"]
    assert "Red (you)" in text and "cone on Red's path" in text


def test_a_crossing_on_the_last_card_of_a_path_is_shown():
    s = position(paths={RED: ["bacteria-1", "algae-3"]}, pieces={RED: "SM"})
    last = next(line for line in rendered(s, RED).splitlines() if line.startswith("  2 #3"))
    assert last.rstrip().endswith("≈ rising sea")


def test_a_full_path_of_the_widest_words_fits_eighty_columns():
    full = ["bacteria-6", "algae-6", "fish-6", "reptiles-5", "birds-5", "mammals-6"]
    s = position(paths={RED: full, BLUE: ["fish-3"]}, pieces={RED: "6R", BLUE: "1L"})
    rows = [line for line in rendered(s, RED, width=200).splitlines() if line.startswith("  ")]
    assert len(rows) > 9 and max(len(line.rstrip()) for line in rows) <= 80


def test_the_rules_summary_names_the_era_order_and_the_die():
    help_text = Eras().rules_help()
    assert "1 Bacteria, 2 Algae, 3 Fish" in help_text and "8 Primates" in help_text
    assert "2 × a thunderbolt, 1 × a volcano, 3 × a dot" in help_text


def test_texts_name_sites_in_board_notation():
    s = position(paths={RED: ["fish-1"]}, pieces={RED: "1M"}, at="move")
    texts = [s.action_text(a) for a in s.legal_actions()]
    assert texts == [
        "Move sideways to 1L",
        "Move sideways to 1R",
        "Move back to SM",
        "Stop moving (end your turn)",
    ]
    assert event_text(s, {"type": "forced_back", "seat": BLUE, "to": [2, 0], "why": "tremor"}) == (
        "Blue's piece is forced back one card to 2L (tremor)"
    )
    # a card inserted before the piece: the piece keeps its place number, on the new card
    inserted = {"type": "forced_back", "seat": RED, "to": [2, 1], "why": "insert"}
    assert event_text(s, inserted) == (
        "Red's piece goes back one card, onto the card inserted before it (2M)"
    )


def test_a_roll_reads_in_words_not_emoji():
    s = position()
    assert (
        event_text(s, {"type": "rolled", "seat": RED, "face": "volcano"}) == "Red rolls a volcano"
    )
    assert event_text(s, {"type": "rolled", "seat": BLUE, "face": "dot"}) == "Blue rolls a dot"


def test_the_events_about_one_player_each_have_their_sentence():
    from lapilli.core.events import names_of
    from lapilli.games.eras.events import SeatEvent
    from lapilli.games.eras.text import SEAT_EVENTS

    assert set(SEAT_EVENTS) == set(names_of(SeatEvent))


def test_the_preparation_is_not_turn_zero():
    s = Eras().new_state(2)
    assert "turn 0" not in rendered(s, RED) and "preparation" in rendered(s, RED).splitlines()[0]
