"""Every game's rules in brief: the same sections, a rule for every decision, each in
the terminal (``lapilli rules``) and as JSON for the browser."""

import pytest
from typer.testing import CliRunner

from lapilli.cli.main import app
from lapilli.core.registry import game_classes, games
from lapilli.core.rules import SECTIONS, Rulebook, rule, section


@pytest.mark.parametrize("game", games())
def test_every_decision_of_every_game_has_its_rule(game):
    cls = game_classes()[game]
    book = cls.parts.rules
    assert book is not None, f"{game} has no rulebook"
    words = {st.decision for st in cls.parts.steps.by_name.values() if st.legal is not None}
    assert words <= book.decisions(), (
        f"decisions without a rule: {sorted(words - book.decisions())}"
    )
    assert book.decisions() <= words, f"tags naming no decision: {sorted(book.decisions() - words)}"


@pytest.mark.parametrize("game", games())
def test_lapilli_rules_gives_every_section_in_the_games_words(game):
    result = CliRunner().invoke(app, ["rules", game], catch_exceptions=False)
    assert result.exit_code == 0
    text = " ".join(result.output.split())
    at = [text.index(title) for title in SECTIONS]  # set-up, a turn, scoring, the end, ...
    assert at == sorted(at)
    assert f"docs/rules/{game}.md" in text
    book = game_classes()[game].parts.rules
    assert sum(len(s.rules) for s in book.sections) >= 15  # a full summary, not a paragraph
    for _, r in book.rules():
        assert " ".join(r.text.split()) in text


def test_a_rulebook_keeps_its_sections_in_order_and_its_keys_apart():
    sections = [section(title, "a rule") for title in SECTIONS]
    with pytest.raises(ValueError, match="the sections are"):
        Rulebook("Toy", tuple(reversed(sections)))
    twice = [section(SECTIONS[0], rule("one", key="k"), rule("two", key="k")), *sections[1:]]
    with pytest.raises(ValueError, match="two rules share a key"):
        Rulebook("Toy", tuple(twice))
    book = Rulebook("Toy", (section(SECTIONS[0], rule("Place a token", "place")), *sections[1:]))
    assert [r.text for r in book.about("place")] == ["Place a token"] and book.about(None) == []
    assert book.to_json()["sections"][0]["rules"][0] == {
        "text": "Place a token",
        "decisions": ["place"],
    }
