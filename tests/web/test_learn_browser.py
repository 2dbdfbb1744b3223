"""Learning in headless Chromium: the lobby's Learn button, every game's lesson played
to its end by clicking, a wrong move explained; the rules beside a table with the rule
being decided marked. Screenshots are saved (and copied to ``LAPILLI_SHOTS``)."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
import httpx  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from lapilli.core.lessons import lesson_of  # noqa: E402
from lapilli.core.registry import game_class, games, load_game  # noqa: E402

from .browsing import LOW_CONTRAST, shot  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def until(page, expression: str, timeout: float = 20.0) -> None:
    deadline = time.time() + timeout
    # a page still loading has no body yet: that is "not yet", not an error
    while not page.evaluate(f"document.body !== null && ({expression})"):
        assert time.time() < deadline, f"still not {expression}"
        time.sleep(0.02)


def move(page, label: str) -> None:
    """Try a move by its label, from the list of every move."""
    if not page.locator("#moves").evaluate("d => d.open"):
        page.locator("#moves summary").click()
    page.locator("#actions button", has_text=label).filter(has_text=label).first.click()


@pytest.mark.parametrize(
    "game,viewport",
    [(g, DESKTOP) for g in games()] + [("fuji", PHONE)],
    ids=[f"{g}-1280" for g in games()] + ["fuji-390"],
)
def test_a_lesson_is_played_to_its_end_in_the_browser(
    browser, live_server, tmp_path, game, viewport
):
    lesson = lesson_of(load_game(game, []))
    page = browser.new_page(viewport=viewport)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server + "/")
    page.wait_for_selector(f"#game option[value={game}]", state="attached")
    page.select_option("#game", game)
    page.get_by_role("button", name=f"Learn to play {game_class(game).title}").click()
    until(page, "document.body.dataset.state === 'asking'")
    assert page.url.endswith(f"/learn/{game}")
    for i, step in enumerate(lesson.steps):
        until(
            page,
            f"document.body.dataset.step === '{i}' && document.body.dataset.state === 'asking'",
        )
        assert step.ask in page.text_content("#ask")
        if step.traps:  # a move the rules forbid, explained by the rule's own refusal
            move(page, step.traps[0].label)
            refusal = lesson.start(i).illegal_reason(step.traps[0].action)
            expect(page.locator("#verdict")).to_contain_text(f"Not allowed: {refusal}")
        if i == 1:
            shot(page, tmp_path, f"learn-{game}-{viewport['width']}")
            assert page.evaluate(LOW_CONTRAST) == []
        move(page, step.do[0])
        until(page, "document.body.dataset.state === 'done'")
        expect(page.locator("#verdict")).to_contain_text(step.done[:40])
        if i + 1 < len(lesson.steps):
            page.click("#next")
    expect(page.locator("#progress")).to_contain_text("Lesson complete")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert not errors, errors


def test_the_rules_beside_a_table_mark_the_rule_being_decided(browser, live_server, tmp_path):
    with httpx.Client(base_url=live_server) as client:
        made = client.post(
            "/api/tables", json={"game": "foggy_island", "seats": ["human", "random"]}
        )
        link = made.json()["seats"][0]["link"]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(live_server + link)
    until(page, "document.body.dataset.state === 'yours'")
    opening = game_class("foggy_island").parts.rules.by_key["opening"].text
    expect(page.locator("#rulenow")).to_contain_text(opening)  # choosing the opening hand
    page.locator("#rulebook summary").click()
    marked = page.locator("#rulelist li[aria-current=step]")
    expect(marked).to_have_count(1)
    assert marked.text_content() == opening
    expect(page.locator("#rulelist")).to_contain_text("Scoring")
    shot(page, tmp_path, "table-rules-1280")
    assert page.evaluate(LOW_CONTRAST) == []
