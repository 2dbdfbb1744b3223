"""Every game played to its end with the keyboard alone (Tab to a place or a move, Enter
to play it; the picker's choices too), in headless Chromium: the focus never falls to
the page after a move, the picker is a dialog that Escape closes (the focus back on its
place), and the status line, the page's live region, is never rewritten with the same
words (a screen reader would say them again), nor the news under it given an entry
twice. The long games are played short (two or three rounds) through their options."""

from __future__ import annotations

import random
import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
import httpx  # noqa: E402

from .helpers import SHORT, new_table  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
MOST = 300  # decisions before the test gives up on the game
MOVE = "#board .target[tabindex], #extra button, #actions button, #choices button"
# every text the status line is given, as a screen reader hears it
LISTEN = """
window.heard = [];
window.news = [];  // every entry added to the news under the status (announced as added)
new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach(
  (n) => news.push(n.dataset.key)))).observe(document.getElementById('news'), {childList: true});
new MutationObserver(() => heard.push(document.getElementById('status').textContent))
  .observe(document.getElementById('status'),
           {childList: true, characterData: true, subtree: true});
"""


def until(page, expression: str, timeout: float = 30.0) -> None:
    deadline = time.time() + timeout
    while not page.evaluate(f"document.body !== null && ({expression})"):
        assert time.time() < deadline, f"still not {expression}"
        time.sleep(0.02)


def focused(page, selector: str) -> bool:
    return page.evaluate(f"!!document.activeElement?.matches('{selector}')")


def tab_to_a_move(page, rng: random.Random) -> None:
    """Tab (a few more times at random) until the focus is on a move."""
    extra = rng.randrange(4)
    for _ in range(600):
        if focused(page, MOVE):
            if extra == 0:
                return
            extra -= 1
        page.keyboard.press("Tab")
    raise AssertionError("no move could be reached with Tab")


def open_the_list(page) -> None:
    """With no place and no move in the bar: the list of every move, opened by keyboard."""
    for _ in range(600):
        if focused(page, "#moves summary"):
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError("the list of moves could not be reached with Tab")


@pytest.mark.parametrize("game", list(SHORT))
def test_a_whole_game_is_played_with_the_keyboard_alone(browser, live_server, game):
    seats = ["human", "random", "random"] if game == "fuji" else ["human", "random"]
    rng = random.Random(7)
    with httpx.Client(base_url=live_server) as client:
        table, tokens = new_table(client, seats=seats, game=game, options=SHORT[game])
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server}/table/{table}#seat={tokens[0]}")
    until(page, "document.body.dataset.state !== undefined")
    page.evaluate(LISTEN)
    escaped = 0
    for decision in range(MOST):
        until(page, "['yours', 'over'].includes(document.body.dataset.state)")
        if page.evaluate("document.body.dataset.state") == "over":
            break
        if decision:  # after a move, the focus is somewhere predictable, not on the page
            assert not page.evaluate("document.activeElement === document.body"), decision
        version = page.evaluate("document.body.dataset.version")
        if not page.evaluate(f"!!document.querySelector('{MOVE}')"):
            open_the_list(page)
        tab_to_a_move(page, rng)
        opener = page.evaluate("document.activeElement.getAttribute('aria-label')")
        page.keyboard.press("Enter")
        if page.locator("#picker").is_visible():  # a place that stands for several moves
            assert page.get_attribute("#picker", "role") == "dialog"
            assert focused(page, "#choices button")
            if not escaped:  # Escape closes it, and the focus goes back to the place
                page.keyboard.press("Escape")
                assert not page.locator("#picker").is_visible()
                assert page.evaluate("document.activeElement.getAttribute('aria-label')") == opener
                escaped += 1
                page.keyboard.press("Enter")
                assert focused(page, "#choices button")
            for _ in range(rng.randrange(3)):
                page.keyboard.press("Tab")  # the focus stays in the dialog
                assert focused(page, "#picker button")
            if focused(page, "#cancel"):
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        until(page, f"document.body.dataset.version !== '{version}'")
    else:
        raise AssertionError(f"{game}: no end after {MOST} decisions")
    until(page, "document.getElementById('status').textContent.startsWith('Game over')")
    heard = page.evaluate("heard")
    repeats = [a for a, b in zip(heard, heard[1:], strict=False) if a == b]
    assert not repeats, f"the status line said again: {repeats[:3]}"
    news = page.evaluate("news")
    assert news, "nothing was announced of the other seats' moves"
    twice = sorted({key for key in news if news.count(key) > 1})
    assert not twice, f"announced twice: {twice}"
    assert not errors, errors
    context.close()


def test_your_turn_is_not_said_again_after_your_own_move(browser, live_server):
    """Fuji's first decisions are all the human's: the status line stays as it was."""
    with httpx.Client(base_url=live_server) as client:
        table, tokens = new_table(
            client, seats=["human", "random", "random"], game="fuji", options=SHORT["fuji"]
        )
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{live_server}/table/{table}#seat={tokens[0]}")
    until(page, "document.body.dataset.state === 'yours'")
    assert page.get_attribute("#status", "role") == "status"
    assert page.get_attribute("#bar", "aria-live") is None  # the bar's buttons are not read
    page.evaluate(LISTEN)
    said = page.text_content("#status")
    assert said.startswith("Your turn: choose ")
    version = page.evaluate("document.body.dataset.version")
    tab_to_a_move(page, random.Random(1))
    page.keyboard.press("Enter")
    if page.locator("#picker").is_visible():
        page.keyboard.press("Enter")
    until(page, f"document.body.dataset.version !== '{version}'")
    until(page, "['yours', 'over'].includes(document.body.dataset.state)")
    if page.text_content("#status") == said:
        assert page.evaluate("heard") == []
    page.close()


def test_an_entry_is_announced_once_though_a_late_answer_moves_the_news_back(browser, live_server):
    """The answer to the move that ends a turn can arrive after the views of the bot's
    moves it started: the news then starts earlier again, and an entry it had already
    said and dropped must not be said twice."""
    with httpx.Client(base_url=live_server) as client:
        table, tokens = new_table(
            client, seats=["human", "random"], game="volcanique", options=SHORT["volcanique"]
        )
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(f"{live_server}/table/{table}#seat={tokens[0]}")
    until(page, "document.body.dataset.state !== undefined")
    until(page, "document.body.dataset.state === 'yours'")  # no view comes while it waits
    page.evaluate(LISTEN)
    page.evaluate("""() => {
      const log = [1, 2, 3, 4].map((step) => ({step, text: `move ${step}`}));
      showLog(log.slice(0, 3), 2);  // the view after move 3: the news says move 3
      showLog(log, 3);  // after move 4: move 4 only
      showLog(log, 1);  // the late answer: the news is moves 2 to 4
    }""")
    assert page.evaluate("news") == ["3:move 3", "4:move 4", "2:move 2"]
    context.close()
