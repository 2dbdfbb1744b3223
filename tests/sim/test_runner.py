"""Headless simulation: reproducible in any number of processes, summed as games come."""

import dataclasses
import json

from lapilli.core.records import Record
from lapilli.core.state import Utility
from lapilli.sim.runner import GameResult, Setup, Summary, play_one, run_games

SETUP = Setup("foggy_island", ("mode=weather",), ("random", "greedy:depth=1"))


def test_results_come_in_game_order_and_do_not_depend_on_the_processes():
    one = [(r.index, r.scores, r.steps) for r in run_games(SETUP, 5, seed=4, jobs=1)]
    two = [(r.index, r.scores, r.steps) for r in run_games(SETUP, 5, seed=4, jobs=2)]
    assert one == two and [i for i, _, _ in one] == [0, 1, 2, 3, 4]


def test_a_record_is_kept_only_when_asked_and_replays_to_the_same_end():
    assert play_one(SETUP, 0, 7).record is None
    kept = play_one(dataclasses.replace(SETUP, records=True), 0, 7)
    line = json.loads(kept.record)
    assert line["index"] == 0 and line["seed"] == 7
    assert all(isinstance(a, list) for a in line["actions"])  # compact actions
    end = Record.from_json(line).replay()
    assert end.is_terminal() and end.scores() == kept.scores and len(line["actions"]) == kept.steps


def _result(winners, scores=(1.0, 1.0), steps=10, returns=(0.0, 0.0)):
    return GameResult(0, 0, ["a", "b"], list(scores), list(returns), winners, steps)


def test_a_competitive_summary_counts_ties_one_way_as_shares_of_the_win():
    summary = Summary(2, Utility.GENERAL_SUM)
    # a win, a shared win, a game stopped with no winner (a tie of all), a win
    for returns in ([1.0, 0.0], [0.5, 0.5], [0.0, 0.0], [0.0, 1.0]):
        summary.add(_result([], returns=returns))
    assert summary.wins == [2.0, 2.0] and summary.ties == 2 and summary.games == 4
    assert summary.result_text().startswith("Ties: 2 of 4 games had first place shared")


def test_the_length_is_told_in_rounds_and_turns_when_the_game_reports_them():
    result = play_one(SETUP, 0, 7)
    summary = Summary(2, Utility.ZERO_SUM)
    summary.add(result)
    assert result.facts is not None and result.facts.rounds == 2
    assert summary.length_text().startswith("Mean length: 2.0 rounds, ")
    assert result.decisions < result.steps  # chance steps are not decisions


def test_a_cooperative_summary_counts_the_teams_victories():
    summary = Summary(3, Utility.COOPERATIVE)
    for won in (1.0, 0.0, 0.0, 1.0):
        summary.add(_result([], scores=(4.0, 4.0, 4.0), steps=20, returns=(won,) * 3))
    assert summary.victories == 2 and summary.wins == [0.0] * 3 and summary.ties == 0
    assert summary.result_text() == "The team won 2 of 4 games (50.0%)."
    assert summary.mean_scores == [4.0] * 3 and summary.mean_steps == 20
