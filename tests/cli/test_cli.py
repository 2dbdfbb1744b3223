"""The lapilli command, driven as a user would drive it."""

import json
import re

import pytest
from typer.testing import CliRunner

import lapilli
from lapilli.cli.main import app
from lapilli.core.records import Record, read_records

runner = CliRunner()


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input, catch_exceptions=False)


def test_games_lists_foggy_island_with_its_options():
    result = invoke("games")
    assert result.exit_code == 0
    assert "foggy_island" in result.output and "mode=basic" in result.output


def test_play_a_few_moves_then_quit_saves_a_record_that_resumes(tmp_path):
    save = tmp_path / "g.json"
    keys = "\n".join(["wolf"] * 5 + ["nonsense", "help", "1", "undo", "1", "c3", "quit"]) + "\n"
    result = invoke(
        "play",
        "foggy_island",
        "--seats",
        "human,random",
        "--seed",
        "4",
        "--save",
        str(save),
        input=keys,
    )
    assert result.exit_code == 0, result.output
    assert "is not one of the" in result.output  # bad input re-prompts with the reason
    assert "Taken back." in result.output
    assert f"Game saved to {save}" in result.output
    record = Record.load(save)
    assert record.seats == ["human", "random"]
    state = record.replay()
    assert state.board[14] is not None and state.board[14][:2] == ("wolf", 0)  # c3 is Red's
    # resuming continues from the same position
    again = invoke("play", "--resume", str(save), input="quit\n")
    assert again.exit_code == 0 and "Game saved" in again.output
    assert Record.load(save).actions == record.actions


def test_the_human_view_hides_the_bots_hand():
    keys = "\n".join(["wolf"] * 5 + ["quit"]) + "\n"
    result = invoke("play", "foggy_island", "--seed", "1", "--save", "/dev/null", input=keys)
    assert "5 hidden" in result.output
    assert "Blue has chosen their opening hand (5 tokens)" in result.output


def test_bots_play_a_whole_game(tmp_path):
    save = tmp_path / "bots.json"
    result = invoke(
        "play", "foggy_island", "--seats", "random,random", "--seed", "2", "--save", str(save)
    )
    assert result.exit_code == 0
    assert "Final scores" in result.output
    assert Record.load(save).replay().is_terminal()


def test_replay_prints_the_log_and_final_scores(tmp_path):
    save = tmp_path / "bots.json"
    invoke("play", "foggy_island", "--seats", "random,random", "--seed", "3", "--save", str(save))
    result = invoke("replay", str(save), "--no-step")
    assert result.exit_code == 0
    assert "1. Red: take" in result.output and "Final scores" in result.output


def test_bad_names_and_options_get_clear_errors():
    assert "no game called 'nope'" in invoke("play", "nope").output
    assert "not one of basic" in invoke("play", "foggy_island", "-o", "mode=odd").output
    assert (
        "no bot called 'wizard'" in invoke("play", "foggy_island", "--seats", "human,wizard").output
    )
    assert "for 2 players, not 3" in invoke("sim", "foggy_island", "--seats", "a,b,c").output


@pytest.mark.parametrize(
    "args, words",
    [
        (("play", "fuji", "--seats", "human,random:seed=1"), "random bot takes no seed"),
        (("sim", "fuji", "--seats", "greedy:seed=1,random", "-n", "1"), "greedy bot takes no seed"),
        (("tournament", "fuji", "--bots", "mcts:seed=1,random", "-n", "1"), "mcts bot takes no"),
        (("sim", "fuji", "-o", "level=1.5", "-n", "1"), "option level: '1.5' is not one of"),
        (("sim", "eras", "-o", "round_limit=1e300", "-n", "1"), "option round_limit"),
        (("sim", "fuji", "--seats", "human,random", "-n", "1"), "played by bots only"),
        (("tournament", "fuji", "--bots", "human,random", "-n", "1"), "played by bots only"),
    ],
)
def test_seats_options_and_bot_parameters_are_refused_in_one_line(args, words):
    """The same model as the lobby's checks every command's seats, options and bots."""
    result = invoke(*args)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert lines[-1].startswith("error: ") and words in lines[-1], result.output


def test_sim_prints_a_summary(tmp_path):
    facts = tmp_path / "facts.jsonl"
    result = invoke("sim", "foggy_island", "-n", "6", "--out", str(facts))
    assert result.exit_code == 0
    assert "win rate" in result.output and "Mean length" in result.output
    rows = [json.loads(line) for line in facts.read_text().splitlines()]
    assert len(rows) == 6 and all(len(r["scores"]) == 2 for r in rows)


def test_bench_reports_throughput():
    result = invoke("bench", "foggy_island", "--seconds", "0.3")
    assert result.exit_code == 0
    assert "steps/s" in result.output and "foggy_island" in result.output


def test_replay_for_one_seat_tells_only_what_that_seat_was_told(tmp_path):
    save = tmp_path / "bots.json"
    invoke("play", "foggy_island", "--seats", "random,random", "--seed", "5", "--save", str(save))
    red = invoke("replay", str(save), "--no-step", "--seat", "0").output
    blue = invoke("replay", str(save), "--no-step", "--seat", "1").output
    assert "Red takes" in red and "Red takes" not in blue
    assert "Blue has chosen their opening hand" in red and "Blue takes" not in red
    assert "chance:" not in red  # no raw draws
    assert "--seat is a seat number" in invoke("replay", str(save), "--seat", "5").output


def test_seats_take_bots_with_several_parameters(tmp_path):
    save = tmp_path / "g.json"
    result = invoke(
        "play",
        "foggy_island",
        "--seats",
        "mcts:iters=5,cutoff=2,random",
        "--seed",
        "1",
        "--save",
        str(save),
    )
    assert result.exit_code == 0, result.output
    assert Record.load(save).seats == ["mcts:iters=5,cutoff=2", "random"]


def test_sim_runs_every_foggy_island_mode():
    for options in (["-o", "mode=weather"], ["-o", "mode=mercenaries"], ["-o", "variant=quick"]):
        result = invoke("sim", "foggy_island", "-n", "3", *options)
        assert result.exit_code == 0, result.output
        assert "Mean length" in result.output
        # the length in the game's units, and ties counted one way (shares of the win)
        assert re.search(r"Mean length: 2\.0 rounds|Mean length: [45]\.\d rounds", result.output)
        assert "each of the k seats tied first counts 1/k of a win" in result.output


def test_bench_times_a_bot_too():
    result = invoke("bench", "foggy_island", "--seconds", "0.3", "--bot", "mcts:iters=50")
    assert result.exit_code == 0, result.output
    assert "bot iters/s" in result.output


def test_sim_keeps_compact_records_only_when_asked_and_replay_reads_them(tmp_path):
    kept = tmp_path / "games.jsonl.gz"
    result = invoke("sim", "foggy_island", "-n", "4", "--seed", "9", "--records", str(kept))
    assert result.exit_code == 0, result.output
    assert f"Records written to {kept}" in result.output
    games = list(read_records(kept))
    assert [i for i, _ in games] == [0, 1, 2, 3]
    for _, record in games:
        end = record.replay()  # every action checked again
        assert end.is_terminal() and record.result["scores"] == end.scores()
    shown = invoke("replay", str(kept), "--game", "2", "--no-step")
    assert shown.exit_code == 0, shown.output
    assert f"{len(games[2][1].actions)} actions" in shown.output and "Final scores" in shown.output
    assert "holds no game 9" in invoke("replay", str(kept), "--game", "9").output
    # the same seeds without --records: the same games, nothing written
    plain = invoke("sim", "foggy_island", "-n", "4", "--seed", "9")
    assert plain.output.split("Mean length")[0] == result.output.split("Mean length")[0]
    assert "Records written" not in plain.output


def test_a_cooperative_sim_reports_the_team_victories():
    result = invoke("sim", "fuji", "-n", "3", "--seats", "random,random")
    assert result.exit_code == 0, result.output
    assert re.search(r"The team won \d of 3 games", result.output)
    assert "Ties" not in result.output and "win rate" not in result.output


def test_the_end_of_a_cooperative_game_reads_as_the_teams_victory_or_defeat(tmp_path):
    save = tmp_path / "fuji.json"
    result = invoke("play", "fuji", "--seats", "random,random", "--seed", "1", "--save", str(save))
    assert result.exit_code == 0, result.output
    end = Record.load(save).replay()
    expected = "Victory: the team wins" if end.winners() else "Defeat: the team loses"
    assert expected in result.output and "Final scores" in result.output


def test_play_starts_from_a_position_file_and_the_record_resumes_there(tmp_path):
    save = tmp_path / "from-position.json"
    example = "docs/positions/foggy_island.toml"
    result = invoke(
        "play",
        "foggy_island",
        "--position",
        example,
        "--seats",
        "random,human",
        "--save",
        str(save),
        input="quit\n",
    )
    assert result.exit_code == 0, result.output
    assert "Wo:R Wo:R Wo:R" in result.output  # Red's three wolves on b2-d2
    record = Record.load(save)
    assert record.start is not None and record.replay().board[7][:2] == ("wolf", 0)  # b2
    again = invoke("play", "--resume", str(save), input="quit\n")
    assert again.exit_code == 0 and "Wo:R Wo:R Wo:R" in again.output


def test_a_position_file_of_another_game_or_with_two_sets_of_options_is_refused(tmp_path):
    example = "docs/positions/foggy_island.toml"
    other = invoke("play", "volcanique", "--position", example)
    assert other.exit_code == 2 and "is a position of foggy_island, not volcanique" in other.output
    file = tmp_path / "weather.toml"
    file.write_text('game = "foggy_island"\noptions = { mode = "weather" }\n')
    both = invoke("play", "--position", str(file), "-o", "mode=basic")
    assert both.exit_code == 2 and "not both" in both.output


def test_bench_compares_with_openspiel_tic_tac_toe():
    pytest.importorskip("pyspiel")
    result = invoke("bench", "foggy_island", "--seconds", "0.3", "--peer")
    assert result.exit_code == 0, result.output
    assert "x peer" in result.output


def test_peer_rate_counts_tic_tac_toe_steps():
    pytest.importorskip("pyspiel")
    from lapilli.sim.bench import peer_rate

    rate = peer_rate(0.2)
    assert rate is not None and rate > 100  # at most 9 steps a game, thousands a second


def test_version_names_the_engine():
    result = invoke("--version")
    assert result.exit_code == 0
    assert f"lapilli {lapilli.__version__}, engine: {lapilli.ENGINE}" in result.output


def test_bench_names_the_engine():
    result = invoke("bench", "foggy_island", "--seconds", "0.1")
    assert result.exit_code == 0
    words = " ".join(result.output.replace("│", " ").split())  # the title may wrap
    assert f"engine {lapilli.ENGINE}" in words


@pytest.mark.parametrize("game", ["foggy_island", "eras"])
def test_the_end_of_a_game_is_said_once(tmp_path, game):
    save = tmp_path / "end.json"
    result = invoke("play", game, "--seats", "greedy,greedy", "--seed", "2", "--save", str(save))
    told = [
        line
        for line in result.output.splitlines()
        if re.search(r"\b(wins|win|draw)\b", line) and not line.startswith("  ")  # not the log
    ]
    assert len(told) == 1 and "Final scores" in told[0], told


def test_the_first_screen_says_who_you_are_and_what_you_are_choosing():
    result = invoke("play", "foggy_island", "--seed", "1", "--save", "/dev/null", input="quit\n")
    assert "Red (you) to act. Set-up: choose your opening hand: take 5 tokens" in result.output
    assert "1. take Wolf into your opening hand" in result.output
    assert re.search(r"Red \(you\) \*\s+-", result.output)  # your row of the table


def test_a_cooperative_games_unnamed_seats_get_its_strongest_team_bot_and_say_so(tmp_path):
    save = tmp_path / "fuji.json"
    result = invoke("play", "fuji", "--seats", "human,greedy", "--save", str(save), input="quit\n")
    assert result.exit_code == 0, result.output
    assert Record.load(save).seats == ["human", "greedy", "greedy"]  # not a random team-mate
    assert (
        "Seats not named (Hiromi (green)) are played by the greedy bot, the strongest team "
        "bot for Fuji (it plays on your side)." in " ".join(result.output.split())
    )


def test_an_opponents_unnamed_seat_gets_the_random_bot_and_says_so(tmp_path):
    save = tmp_path / "foggy.json"
    result = invoke("play", "foggy_island", "--save", str(save), input="quit\n")
    assert Record.load(save).seats == ["human", "random"]
    assert "Seats not named (Blue) are played by the random bot." in " ".join(result.output.split())


def test_the_rules_command_in_a_game_marks_the_rule_being_decided():
    result = invoke("play", "foggy_island", "--save", "/dev/null", input="rules\nquit\n")
    marked = [line for line in result.output.splitlines() if "▶" in line]
    assert marked and "opening hand" in marked[0]  # the opening hand is being chosen


def test_games_shows_every_options_help_whole_at_80_columns(monkeypatch):
    from lapilli.cli import main
    from lapilli.core.options import describe_options
    from lapilli.core.registry import game_classes

    monkeypatch.setattr(main.console, "width", 80)
    out = invoke("games").output
    lines = out.splitlines()
    assert "…" not in out and max(len(line.rstrip()) for line in lines) <= 80
    joined = " ".join(out.split())
    for cls in game_classes().values():
        for name, default, help_ in describe_options(cls.Options):
            assert f"{name}={default}" in joined and " ".join(help_.split()) in joined


@pytest.mark.parametrize("every", [0.0, 3600.0])
def test_a_long_run_logged_to_a_file_says_how_far_it_is(
    monkeypatch: pytest.MonkeyPatch, every: float
) -> None:
    """Rich draws no bar into a file until the end, so a run under nohup says how far it
    is in lines: at most one per interval, and one when done."""
    from io import StringIO

    from rich.console import Console

    from lapilli.cli import common

    log = StringIO()
    monkeypatch.setattr(common, "err", Console(file=log, force_terminal=False, width=200))
    with common.progress_bar(every) as progress:
        task = progress.add_task("tuning deeper", total=4)
        for _ in range(4):
            progress.advance(task)
    lines = log.getvalue().splitlines()
    assert len(lines) == (4 if every == 0 else 1)
    assert lines[0].startswith("tuning deeper: 1 of 4, " if every == 0 else "tuning deeper: 4 of 4")
    assert re.fullmatch(r"tuning deeper: 4 of 4, \d+ s so far", lines[-1])
