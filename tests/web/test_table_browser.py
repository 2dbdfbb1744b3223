"""Every game played in headless Chromium by clicking its drawn board, to the end screen;
a replay stepped through; two seats in two browsers that never see each other's secrets.

Screenshots of each board mid-game are saved in the test's directory and, when
``LAPILLI_SHOTS`` names a directory, copied there for a person to look at.
"""

from __future__ import annotations

import json
import random
import re
import time
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
import httpx  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from .browsing import LOW_CONTRAST, shot  # noqa: E402
from .helpers import new_table, seat  # noqa: E402

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
MOST = 300  # decisions of the human seat before the test gives up on the game

# The targets whose middle lies inside their drawing's frame (a phone shows the drawing
# twice, cut to the board and to the panels: each copy hides the other's part).
SHOWN = """
[...document.querySelectorAll('#board .target')].flatMap((t, i) => {
  const box = (t.querySelector(':scope > .hit') || t).getBoundingClientRect();
  const frame = t.ownerSVGElement.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom ? [i] : [];
})
"""
YOURS_OR_OVER = "['yours', 'over'].includes(document.body.dataset.state)"


def until(page, expression: str, timeout: float = 30.0) -> None:
    """Wait until ``expression`` is true in the page (polled from here: the page's
    Content-Security-Policy forbids the eval of Playwright's own waiting)."""
    deadline = time.time() + timeout
    while not page.evaluate(expression):
        assert time.time() < deadline, f"still not {expression}"
        time.sleep(0.02)


def decide(page, rng: random.Random) -> str:
    """One decision, as a player makes it: a random highlighted place on the board
    (then a choice from the picker if the place stands for several moves) or a button
    of the bar (a move with no place on the board); the list only if neither shows."""
    version, shown, extra = page.evaluate(
        f"[document.body.dataset.version, {SHOWN}, document.querySelectorAll('#extra button')"
        ".length]"
    )
    pick = rng.randrange(len(shown) + extra) if shown or extra else None
    if pick is not None and pick < len(shown):
        target = page.locator("#board .target").nth(shown[pick])
        several = target.get_attribute("data-actions")
        hit = target.locator(":scope > .hit")
        (hit if hit.count() else target).click()
        if several:  # a place that stands for several moves: the picker lists them
            expect(page.locator("#picker")).to_be_visible()
            choices = page.locator("#choices button")
            choices.nth(rng.randrange(choices.count())).click()
        how = "picker" if several else "board"
    elif pick is not None:
        page.locator("#extra button").nth(pick - len(shown)).click()
        how = "bar"
    else:
        if not page.locator("#moves").evaluate("d => d.open"):
            page.locator("#moves summary").click()
        buttons = page.locator("#actions button")
        buttons.nth(rng.randrange(buttons.count())).click()
        how = "list"
    until(page, f"document.body.dataset.version !== '{version}'")
    return how


def play_to_the_end(page, tmp_path, name: str, rng: random.Random, shot_at: int) -> dict:
    """The human seat of ``page`` plays until the end screen; how it chose, counted."""
    counts = {"board": 0, "picker": 0, "bar": 0, "list": 0}
    for decision in range(MOST):
        until(page, YOURS_OR_OVER)
        if page.evaluate("document.body.dataset.state") == "over":
            return counts
        assert page.title().startswith("\u25b6 Your turn")
        if decision == shot_at:
            shot(page, tmp_path, f"{name}-mid")
            assert page.evaluate(LOW_CONTRAST) == []
        counts[decide(page, rng)] += 1
    raise AssertionError(f"{name}: no end after {MOST} decisions ({counts})")


def open_seat(browser, server: str, link: str, viewport: dict):
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(server + link)
    until(page, "document.body.dataset.state !== undefined")
    return context, page, errors


GAMES = [
    ("foggy_island", {}, DESKTOP, 20),
    ("volcanique", {"max_rounds": 2}, DESKTOP, 8),
    ("fuji", {"level": 4, "scenario": "2"}, PHONE, 8),
    ("fuji", {"level": 1, "variant": "B"}, DESKTOP, 8),
    ("eras", {"round_limit": 3}, DESKTOP, 6),
    ("deeper", {"max_rounds": 3}, DESKTOP, 2),
    ("foggy_island", {"mode": "weather"}, PHONE, 30),
    ("volcanique", {"max_rounds": 2}, PHONE, 12),
    ("eras", {"round_limit": 3}, PHONE, 8),
    ("deeper", {"max_rounds": 3}, PHONE, 4),
]


@pytest.mark.parametrize(
    "game,options,viewport,shot_at", GAMES, ids=[f"{g[0]}-{g[2]['width']}" for g in GAMES]
)
def test_a_human_plays_a_whole_game_by_clicking_the_board(
    browser, live_server, tmp_path, game, options, viewport, shot_at
):
    with httpx.Client(base_url=live_server) as client:
        response = client.post(
            "/api/tables", json={"game": game, "seats": ["human", "random"], "options": options}
        )
        assert response.status_code == 200, response.text
        link = response.json()["seats"][0]["link"]
    context, page, errors = open_seat(browser, live_server, link, viewport)
    name = f"{game}-{viewport['width']}-{'-'.join(f'{k}{v}' for k, v in options.items())}"
    started = time.time()
    counts = play_to_the_end(page, tmp_path, name, random.Random(7), shot_at)
    took = time.time() - started
    on_board = counts["board"] + counts["picker"]
    assert on_board > counts["bar"] + counts["list"], counts  # mostly on the board
    expect(page.locator("#end")).to_be_visible()
    result = page.text_content("#result")
    assert result and "not over" not in result
    if game == "fuji":  # a cooperative game: the team's victory or defeat, in words
        assert result.startswith(("Victory", "Defeat")), result
    outcomes = page.locator("#scores tbody tr td:last-child").all_text_contents()
    assert len(outcomes) == 2 and set(outcomes) <= {"won", "lost", "draw"}
    if game == "fuji":  # the team wins or loses as one
        assert len(set(outcomes)) == 1
    view = page.evaluate("view")
    if game in ("volcanique", "deeper"):  # their tallies, item by item, add up to the scores
        expect(page.locator("#breakdown")).to_be_visible()
        assert page.locator("#breakdown tbody tr").count() >= 4
        for row, score in zip(view["breakdown"], view["scores"], strict=True):
            assert row.pop("total", sum(row.values())) == sum(row.values()) == score, row
    else:
        assert view["breakdown"] is None and page.locator("#breakdown").is_hidden()
    assert not page.title().startswith("\u25b6")  # no "your turn" once the game is over
    assert "\u25b6" not in page.text_content("#board")  # nor anybody's turn on the board
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the page scrolls sideways ({width}px)"
    shot(page, tmp_path, f"{name}-end")
    assert page.evaluate(LOW_CONTRAST) == []
    assert not errors, errors
    print(f"{name}: {counts} in {took:.1f} s")
    context.close()


def test_a_replay_steps_through_the_finished_game(browser, live_server, tmp_path):
    with httpx.Client(base_url=live_server) as client:
        table, (red, _) = new_table(
            client, seats=("human", "random"), game="deeper", options={"max_rounds": 3}
        )
        view = client.get(f"/api/tables/{table}", headers=seat(red)).json()
    context, page, errors = open_seat(browser, live_server, f"/table/{table}#seat={red}", DESKTOP)
    play_to_the_end(page, tmp_path, "deeper-replay", random.Random(3), -1)
    expect(page.locator("#replay")).to_be_visible()
    steps = int(page.locator("#slider").get_attribute("max"))
    assert steps > 3
    page.click("#first")
    until(page, "document.body.dataset.step === '0'")
    expect(page.locator("#steplabel")).to_contain_text(f"Step 0 of {steps}: the set-up")
    page.click("#next")
    until(page, "document.body.dataset.step === '1'")
    page.click("#next")
    until(page, "document.body.dataset.step === '2'")
    label = page.text_content("#steplabel")
    assert label.startswith(f"Step 2 of {steps}: ")
    page.click("#prev")
    until(page, "document.body.dataset.step === '1'")
    page.fill("#step", str(steps - 1))
    page.press("#step", "Enter")
    until(page, f"document.body.dataset.step === '{steps - 1}'")
    log_then = page.locator("#log li").count()
    page.click("#latest")
    until(page, f"document.body.dataset.step === '{steps}'")
    assert page.locator("#log li").count() >= log_then
    page.keyboard.press("ArrowLeft")  # the arrow keys step too
    until(page, f"document.body.dataset.step === '{steps - 1}'")
    page.keyboard.press("ArrowRight")
    until(page, f"document.body.dataset.step === '{steps}'")
    page.select_option("#viewer", "")  # as a spectator saw it
    until(page, f"document.body.dataset.step === '{steps}'")
    shot(page, tmp_path, "deeper-replay-end")
    record = page.evaluate(
        "async () => (await fetch(document.getElementById('download').href)).json()"
    )
    assert record["game"] == "deeper" and len(record["actions"]) == steps
    assert page.get_attribute("#download", "download").endswith(".json")
    assert view["you"] == 0
    assert not errors, errors
    context.close()


def test_two_seats_in_two_browsers_never_see_each_others_secrets(browser, live_server, tmp_path):
    """Foggy Island's opening hands are secret: each seat sees its own tokens and the
    other's as backs, in the page's data as in its drawing and log."""
    with httpx.Client(base_url=live_server) as client:
        table, (red, blue) = new_table(client, seats=("human", "human"))
        pages = []
        for token in (red, blue):
            pages.append(open_seat(browser, live_server, f"/table/{table}#seat={token}", DESKTOP))
        rng = random.Random(5)
        for _ in range(10):  # the opening: five tokens each, whoever is to take one
            mover = client.get(f"/api/tables/{table}").json()["to_move"]
            page = pages[mover][1]
            until(page, YOURS_OR_OVER)
            decide(page, rng)
        for me, (_, page, errors) in enumerate(pages):
            other = 1 - me
            until(page, f"view && view.step >= 10 && view.you === {me}")
            seen = page.evaluate("view")
            assert seen["observation"]["hands"][other] == {"count": 5}
            assert sum(seen["observation"]["hands"][me]["items"].values()) == 5
            my_view = client.get(f"/api/tables/{table}", headers=seat((red, blue)[me])).json()
            their_view = client.get(f"/api/tables/{table}", headers=seat((red, blue)[other])).json()
            assert _same_drawing(page, my_view["svg"])
            assert not _same_drawing(page, their_view["svg"])
            log = page.text_content("#log")
            i_am, they_are = seen["seats"][me]["label"], seen["seats"][other]["label"]
            assert log.count(f"{i_am} takes ") == 5  # what I took, I read
            assert f"{they_are} takes" not in log  # what they took, I do not
            assert log.count(f"{they_are} has chosen their opening hand") == 1
            assert json.dumps(their_view["observation"]["hands"][other]) not in json.dumps(seen)
            shot(page, tmp_path, f"foggy-two-seats-{i_am}")
            assert not errors, errors
        watcher = browser.new_page(viewport=DESKTOP)  # a third browser, with no seat
        watcher.goto(f"{live_server}/table/{table}")
        until(watcher, "document.body.dataset.state === 'waiting'")
        assert watcher.text_content("#who") == "watching"
        assert watcher.locator("#board .target").count() == 0  # nothing to click
        seen = watcher.evaluate("view")
        assert seen["observation"]["hands"][0] == seen["observation"]["hands"][1] == {"count": 5}
        assert "takes" not in watcher.text_content("#log")
        watcher.close()
        for context, _, _ in pages:
            context.close()


def _same_drawing(page, served: str) -> bool:
    """Whether the page shows this drawing: the same elements and the same texts (the
    page puts spaces between a place's pieces of lettering, for its name: not compared)."""
    root = ET.fromstring(served)
    shown = page.evaluate(
        "(() => { const svg = document.querySelector('#board svg');"
        " return [svg.querySelectorAll('*').length + 1, svg.textContent.replace(/\\s+/g, '')];"
        " })()"
    )
    return shown == [len(list(root.iter())), re.sub(r"\s+", "", "".join(root.itertext()))]


def test_a_stale_click_is_refused_and_the_page_shows_the_new_position(browser, live_server):
    """Two tabs of one seat: a move made in one makes the other's board stale; a click
    there is refused (409), says why, and the page redraws the position as it is."""
    with httpx.Client(base_url=live_server) as client:
        table, (red, _) = new_table(client, seats=("human", "human"))
        context, first, _ = open_seat(browser, live_server, f"/table/{table}#seat={red}", DESKTOP)
        second = context.new_page()  # the same seat, by its cookie
        second.goto(f"{live_server}/table/{table}")
        until(second, "document.body.dataset.state === 'yours'")
        old = second.get_attribute("body", "data-version")
        view_url = re.compile(re.escape(f"{live_server}/api/tables/{table}") + r"(\?.*)?$")
        second.route(view_url, lambda route: route.abort())  # this tab hears of no change
        # wait for its refresh to fail, so no late notice redraws it once unrouted
        with second.expect_event("requestfailed", lambda r: view_url.match(r.url) is not None):
            decide(first, random.Random(1))
        assert second.get_attribute("body", "data-version") == old
        second.unroute(view_url)
        second.locator("#board .target > .hit").first.click()  # chosen in the old position
        expect(second.locator("#error")).to_contain_text("position changed")
        until(second, f"document.body.dataset.version === '{int(old) + 1}'")
        view = client.get(f"/api/tables/{table}", headers=seat(red)).json()
        assert view["version"] == int(old) + 1 and view["step"] == 1  # only the first move
        context.close()


def test_the_page_says_a_bot_is_thinking_while_the_hard_level_thinks(browser, live_server):
    """hard thinks its seconds a move: meanwhile the status names the bot thinking."""
    with httpx.Client(base_url=live_server) as client:
        table, (red, _) = new_table(client, seats=("human", "hard"))
        context, page, errors = open_seat(
            browser, live_server, f"/table/{table}#seat={red}", DESKTOP
        )
        rng = random.Random(2)
        until(page, YOURS_OR_OVER)
        while page.evaluate("document.body.dataset.state") == "yours":
            decide(page, rng)  # Red's opening, then the bot is to move
        expect(page.locator("#status")).to_contain_text("(bot: hard) is thinking")
        assert not errors
        context.close()
