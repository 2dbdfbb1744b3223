"""The terminal's seats, views and pauses, read from transcripts: --players against
--seats, replay's all-seats and one-seat views, the end of a round, hot-seat hand-over."""

import io
import random
import re

from rich.console import Console
from typer.testing import CliRunner

from lapilli.cli.main import app
from lapilli.cli.play import WIPE, TerminalGame
from lapilli.core.loop import random_policy
from lapilli.core.match import Match
from lapilli.core.records import Record
from lapilli.core.registry import load_game

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


# -- --players and --seats ---------------------------------------------------------------------
def test_a_player_count_the_game_does_not_allow_is_refused_in_its_words():
    result = invoke("play", "fuji", "--players", "5")
    assert result.exit_code == 2
    assert "Fuji with these options is for 2-4 players, not 5" in result.stderr
    result = invoke("play", "foggy_island", "--seats", "human,random,random")
    assert result.exit_code == 2 and "for 2 players, not 3" in result.stderr


def test_more_seats_named_than_players_is_refused_with_the_reason():
    result = invoke("play", "volcanique", "--seats", "random,random,random", "--players", "2")
    assert result.exit_code == 2
    assert "--seats names 3 seats (random, random, random) but --players is 2" in result.stderr


def test_players_fills_the_seats_not_named_with_the_random_bot(tmp_path):
    save = tmp_path / "fuji.json"
    result = invoke(
        "play", "fuji", "--seats", "random", "--players", "3", "--seed", "1", "--save", str(save)
    )
    assert result.exit_code == 0, result.output
    record = Record.load(save)
    # Fuji is cooperative: the seats not named are team-mates, its strongest team bot
    assert record.players == 3 and record.seats == ["random", "greedy", "greedy"]
    # by default: one human and the game's usual number of seats, or --players of them
    save = tmp_path / "volc.json"
    assert (
        invoke(
            "play", "volcanique", "--players", "4", "--save", str(save), input="quit\n"
        ).exit_code
        == 0
    )
    assert Record.load(save).seats == ["human", "random", "random", "random"]


# -- replay: all seats or one ------------------------------------------------------------------
def foggy_record_with_face_down_tokens(tmp_path):
    """A random Foggy weather game, saved, and a step after which both sides have a
    face-down token on the map."""
    for seed in range(100):
        match = Match(load_game("foggy_island", ["mode=weather"]), 2, ["random", "random"])
        rng = random.Random(seed)
        policy = random_policy(rng)
        at = None
        while not match.state.is_terminal():
            match.play([policy, policy], rng, limit=1)
            down = {t.seat for t in match.state.board if t and not t.face_up}
            if at is None and down == {0, 1}:
                at = len(match.record.actions)
        if at is not None:
            path = tmp_path / "weather.json"
            match.record.save(path)
            return path, at
    raise AssertionError("no game with face-down tokens of both sides")


def face_down_cells(output: str) -> list[str]:
    """The face-down tokens in the rows of the map (not the legend)."""
    rows = [line for line in output.splitlines() if re.match(r" \d  ", line)]
    return re.findall(r"(?:##|[A-Z][a-z]|PD)\?[RB]", "\n".join(rows))


def test_replay_shows_all_seats_by_default_and_one_seat_when_asked(tmp_path):
    path, at = foggy_record_with_face_down_tokens(tmp_path)
    everything = invoke("replay", str(path), "--at", str(at), "--no-step")
    assert everything.exit_code == 0, everything.output
    assert "all seats" in everything.stdout
    cells = face_down_cells(everything.stdout)
    assert {c[-1] for c in cells} == {"R", "B"} and not any(c.startswith("##") for c in cells)
    assert "hidden" not in everything.stdout  # every hand is shown
    red = invoke("replay", str(path), "--at", str(at), "--no-step", "--seat", "0").stdout
    cells = face_down_cells(red)
    assert any(c.startswith("##") and c.endswith("B") for c in cells)  # Blue's, unseen by Red
    assert not any(c.startswith("##") and c.endswith("R") for c in cells)  # Red's own, known
    assert "5 hidden" in red or "hidden" in red
    assert "chance:" in everything.stdout and "chance:" not in red
    help_text = invoke("replay", "--help").stdout
    assert "Default:" in help_text and "all seats" in help_text


# -- the end of a round ------------------------------------------------------------------------
def test_the_end_of_a_foggy_round_shows_its_map_and_scoring_before_play_goes_on(tmp_path):
    save = tmp_path / "g.json"
    out = invoke(
        "play", "foggy_island", "--seats", "random,random", "--seed", "3", "--save", str(save)
    ).stdout
    end = out.index("End of round 1: Red ")
    assert out.index("Round 1 scored") < end < out.index("Round 2 scored")
    board = out[end:].split("\n")[2:8]  # the six rows of the map as it was scored
    assert all(len(re.findall(r"[A-Za-z]{2}:[RBW]", row)) == 6 for row in board), board
    assert "End of round 2" not in out  # the last round: the game's end shows its board
    # the replay shows it too, between the steps of the two rounds
    replayed = invoke("replay", str(save), "--no-step").stdout
    assert "End of round 1: Red " in replayed
    last = len(Record.load(save).actions)
    assert replayed.index("End of round 1") < replayed.index(f" {last}. ")


def test_a_human_is_asked_to_go_on_after_the_end_of_a_round(tmp_path):
    match = Match(load_game("foggy_island"), 2, ["human", "random"])
    rng = random.Random(4)
    policy = random_policy(rng)
    while match.state.round == 1 and sum(t is None for t in match.state.board) > 2:
        match.play([policy, policy], rng, limit=1)
    save = tmp_path / "late.json"
    match.record.save(save)
    out = invoke("play", "--resume", str(save), input="1\n" * 60 + "quit\n").stdout
    end = out.index("End of round 1")
    assert end < out.index("The round is over. Press Enter to go on.") < out.index("round 2 of 2")


def test_the_end_of_a_fuji_round_shows_the_mountain_before_new_dice_are_rolled(tmp_path):
    out = invoke(
        "play",
        "fuji",
        "--seats",
        "random,random,random",
        "--seed",
        "1",
        "--save",
        str(tmp_path / "f.json"),
    ).stdout
    end = out.index("End of round 1")
    assert out.index("Fuji — scenario", end) < out.index("End of round 2")


# -- hot seat ----------------------------------------------------------------------------------
def hot_seat(tmp_path, monkeypatch, keys: str, terminal: bool) -> str:
    screen = io.StringIO()
    console = Console(file=screen, force_terminal=terminal, width=160)
    monkeypatch.setattr("sys.stdin", io.StringIO(keys))
    match = Match(load_game("foggy_island"), 2, ["human", "human"])
    TerminalGame(match, ["human", "human"], 5, console, tmp_path / "hot.json").run()
    return screen.getvalue()


def test_hot_seat_hands_over_with_a_wiped_scrollback_then_tells_what_happened(
    tmp_path, monkeypatch
):
    keys = "\n" + "1\n" * 5 + "\n" + "quit\n"  # Red: Enter, five tokens; Blue: Enter, quit
    out = re.sub(r"\x1b\[[0-9;]*m", "", hot_seat(tmp_path, monkeypatch, keys, terminal=True))
    red_hand = re.compile(
        r"Red(?: \(you\))?[ *]+\d+ (?!hidden)"
    )  # Red's row of the table, hand shown
    assert "Red takes" in out and red_hand.search(out)
    wiped = out.rindex(WIPE, 0, out.index("Blue, take the keyboard"))
    assert "Red takes" not in out[wiped:] and not red_hand.search(out[wiped:])
    blue_turn = out[out.index(WIPE, wiped + 1) :]  # wiped again once Blue has the keyboard
    assert "Since your last turn:" in blue_turn and "Red has chosen their opening hand" in blue_turn
    assert "\x1b[3J" in WIPE and "\x1b[2J" in WIPE  # the scrollback as well as the screen


def test_hot_seat_transcript_without_a_terminal_still_hands_over(tmp_path, monkeypatch):
    out = hot_seat(tmp_path, monkeypatch, "\n" + "1\n" * 5 + "\nquit\n", terminal=False)
    assert WIPE not in out  # nothing to wipe in a file
    assert out.index("Red, take the keyboard") < out.index("Blue, take the keyboard")
