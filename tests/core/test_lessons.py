"""Every game's guided first game: its steps start where they should, teach a rule of
the rulebook, accept legal moves and explain wrong ones; a newcomer can finish it in the
terminal."""

import pytest
from typer.testing import CliRunner

from lapilli.cli.main import app
from lapilli.core.errors import MalformedInput
from lapilli.core.lessons import MAX_STEPS, MIN_STEPS, Lesson, lesson_of
from lapilli.core.registry import games, load_game


def answers(lesson: Lesson) -> str:
    """What a newcomer types: each step's first accepted move, then Enter."""
    return "".join(f"{step.do[0]}\n\n" for step in lesson.steps)


@pytest.mark.parametrize("game", games())
def test_every_game_has_a_lesson_whose_steps_hold(game):
    g = load_game(game, [])
    lesson = lesson_of(g)
    assert lesson is not None, f"{game} has no lesson"
    assert MIN_STEPS <= len(lesson.steps) <= MAX_STEPS
    lesson.check()  # positions, rules cited, moves legal, traps refused
    assert len({s.rule for s in lesson.steps}) >= 4  # it teaches several rules
    for i, step in enumerate(lesson.steps):
        for trap in step.traps:  # a trap is explained by the rules' own refusal
            verdict = lesson.judge(i, trap.action)
            assert verdict.kind == "refused" and verdict.text == lesson.start(i).illegal_reason(
                trap.action
            )


@pytest.mark.parametrize("game", games())
def test_a_newcomer_finishes_the_lesson_in_the_terminal(game):
    lesson = lesson_of(load_game(game, []))
    result = CliRunner().invoke(app, ["learn", game], input=answers(lesson), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "Lesson complete" in result.output
    assert result.output.count("✓") == len(lesson.steps) and "✗" not in result.output


def test_a_wrong_move_is_explained_by_the_rule_or_by_what_the_step_asks():
    lesson = lesson_of(load_game("foggy_island", []))
    first = lesson.steps[0]
    typed = f"{first.traps[0].label}\ntake Wolf into your opening hand\n{first.do[0]}\nquit\n"
    result = CliRunner().invoke(app, ["learn", "foggy_island"], input=typed)
    out = " ".join(result.output.split())
    assert "✗ Not allowed: Set-up: you have no fox in your pile" in out  # the rules' refusal
    assert (
        f"✗ Not this one: The rules allow that, but this step asks something else: {first.ask}"
        in out
    )
    assert "✓" in out and "Lesson stopped" in out


def test_a_lesson_is_refused_when_its_data_is_wrong():
    game = load_game("foggy_island", [])
    data = dict(game.parts.lesson)
    steps = list(data["steps"])
    with pytest.raises(MalformedInput, match="6-12 steps"):
        Lesson(game, {**data, "steps": steps[:2]})
    with pytest.raises(MalformedInput, match="no key 'moves'"):
        Lesson(game, {**data, "steps": [{**steps[0], "moves": []}, *steps[1:]]})
    with pytest.raises(MalformedInput, match="the learner 'Green'"):
        Lesson(game, {**data, "learner": "Green"})
    unplayable = Lesson(game, {**data, "steps": [{**steps[1], "do": ["place on z9"]}, *steps[1:]]})
    with pytest.raises(MalformedInput, match="no legal move reads 'place on z9'"):
        unplayable.check()
    wrong_seat = {**steps[1], "position": {**steps[1]["position"], "turn": {"seat": "Blue"}}}
    with pytest.raises(MalformedInput, match="does not wait for Red"):
        Lesson(game, {**data, "steps": [wrong_seat, *steps[1:]]}).start(0)


def test_a_game_without_a_lesson_says_so():
    result = CliRunner().invoke(app, ["learn", "nonsense"])
    assert result.exit_code == 2 and "Traceback" not in result.output
