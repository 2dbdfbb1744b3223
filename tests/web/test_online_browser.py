"""Two people in two browsers find each other in the lobby, play a rated game with a
clock, chat, see their ratings change when a clock runs out, and start a rematch.

Screenshots (the lobby, the table with its clocks and chat, the leaderboard, at a
desktop's and a phone's size) go to the test's directory and ``LAPILLI_SHOTS``.
"""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
from playwright.sync_api import expect  # noqa: E402

from .browsing import LOW_CONTRAST, shot  # noqa: E402
from .test_table_browser import DESKTOP, PHONE, until  # noqa: E402

SECONDS = 12  # each player's time (real time, no increment: the one to move runs out)


def named(context, server, name):
    page = context.new_page()
    page.goto(server + "/")
    page.fill("#name", name)
    page.click("#save-name")
    expect(page.locator("#playing-as")).to_contain_text(f"You play as {name}")
    return page


def whose_turn(*pages, timeout=10.0):
    """The page whose player is to move (as soon as one page says so)."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for page in pages:
            if page.evaluate("document.body.dataset.state") == "yours":
                return page
        time.sleep(0.05)
    raise AssertionError("nobody's turn came")


def both_shots(page, tmp_path, name):
    shot(page, tmp_path, f"{name}-desktop")
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    shot(page, tmp_path, f"{name}-phone")
    page.set_viewport_size(DESKTOP)


def test_two_people_meet_play_a_rated_clocked_game_chat_and_rematch(browser, live_server, tmp_path):
    ana_browser = browser.new_context(viewport=DESKTOP)
    ben_browser = browser.new_context(viewport=DESKTOP)
    try:
        ana = named(ana_browser, live_server, "Ana")
        ana.select_option("#game", "foggy_island")
        ana.select_option("#players", "2")
        ana.select_option("#seat-1", "human")
        ana.check("#open-table")
        ana.check("#rated")
        ana.select_option("#clock", "real")
        ana.fill("#minutes", str(SECONDS / 60))
        ana.fill("#increment", "0")
        ana.select_option("#on-timeout", "lose")
        ana.click("#new button[type=submit]")
        ana.wait_for_url("**/table/*")
        table = ana.url.rsplit("/", 1)[1]
        expect(ana.locator("#players")).to_contain_text("free seat")

        ben = named(ben_browser, live_server, "Ben")
        listed = ben.locator("#open li.open-table")
        expect(listed).to_contain_text("Foggy Island")
        expect(listed).to_contain_text("Red: Ana, Blue: free seat")
        expect(listed).to_contain_text("rated")
        both_shots(ben, tmp_path, "online-lobby")
        listed.get_by_role("button", name="Sit as Blue").click()
        ben.wait_for_url(f"**/table/{table}")
        expect(ben.locator("#who")).to_have_text("you are Blue")
        expect(ana.locator("#players")).to_contain_text("Blue: Ben")  # told by the websocket
        for page in (ana, ben):
            expect(page.locator("#clock-0")).to_be_visible()
            expect(page.locator("#clock-1")).to_be_visible()

        # a few moves, from the list of moves of whoever is to move
        for _ in range(4):
            mover = whose_turn(ana, ben)
            version = mover.evaluate("document.body.dataset.version")
            if not mover.locator("#moves").evaluate("d => d.open"):
                mover.locator("#moves summary").click()
            mover.locator("#actions button").first.click()
            until(mover, f"document.body.dataset.version !== '{version}'")

        # chat: as text, never as HTML; each side sees the other's
        ana.fill("#said", "<b>good luck</b>")
        ana.click("#say button")
        said = ben.locator("#messages li").last
        expect(said).to_have_text("Red (Ana):<b>good luck</b>")
        assert ben.locator("#messages b").count() == 0
        ben.fill("#said", "thanks!")
        ben.press("#said", "Enter")
        expect(ana.locator("#messages li").last).to_have_text("Blue (Ben):thanks!")
        running = ana.locator(".clock.running")
        expect(running).to_have_count(1)
        expect(ana.locator("#board .to-move")).to_be_visible()  # the board's "▶ to move"
        expect(ana.locator("#clockline")).to_contain_text("time: 0:")  # in the bar too
        assert ana.evaluate(LOW_CONTRAST) == []
        both_shots(ana, tmp_path, "online-table")

        # nobody is rated yet
        assert ana.request.get(f"{live_server}/api/leaderboard?game=foggy_island").json() == {
            "game": "foggy_island",
            "players": [],
        }

        # the player to move waits: their time runs out, and they lose
        for page in (ana, ben):
            until(page, "document.body.dataset.state === 'over'", SECONDS + 10)
            expect(page.locator("#result")).to_contain_text("ran out of time")
        loser = 0 if "Red ran out" in ana.locator("#result").inner_text() else 1
        winner_name, loser_name = ("Ben", "Ana") if loser == 0 else ("Ana", "Ben")
        expect(ana.locator(".clock.out")).to_have_count(1)
        # the board's position is the last one played, but nobody is to move any more
        for page in (ana, ben):
            expect(page.locator("#board .to-move")).to_be_hidden()
        both_shots(ben, tmp_path, "online-end")

        ana.click("#ratings")
        ana.wait_for_url("**/leaderboard")
        ana.select_option("#game", "foggy_island")
        rows = ana.locator("#ranking tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.first).to_contain_text(winner_name)
        expect(rows.last).to_contain_text(loser_name)
        both_shots(ana, tmp_path, "online-leaderboard")
        rows.filter(has_text="Ana").get_by_role("link").click()
        expect(ana.locator("#name")).to_have_text("Ana")
        expect(ana.locator("img.plot")).to_be_visible()
        expect(ana.locator("#games tbody")).to_contain_text("won" if loser == 1 else "lost")
        both_shots(ana, tmp_path, "online-player")
        ana.goto(f"{live_server}/table/{table}")

        # the rematch: one click each, everyone one seat on
        ana.click("#rematch")
        ana.wait_for_url(lambda url: "/table/" in url and not url.endswith(table))
        expect(ana.locator("#who")).to_have_text("you are Blue")
        expect(ben.locator("#rematch")).to_have_text("Take your seat at the rematch")
        ben.click("#rematch")
        ben.wait_for_url(ana.url)
        expect(ben.locator("#who")).to_have_text("you are Red")
        expect(ana.locator("#players")).to_contain_text("Red: Ben")
    finally:
        ana_browser.close()
        ben_browser.close()
