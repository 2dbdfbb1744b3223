"""axe-core's WCAG 2.1 A and AA rules (with its experimental label-in-name rule) on the
lobby and on every game's table mid-game, at its end and in replay, at 1280 and 390
pixels wide: any violation fails. The drawings'
lettering, which axe cannot measure, is measured against what is drawn under it.

axe's script comes from an installed package (the ``dev`` extra's
``axe-playwright-python``), never from the network. Tables are brought to the wanted
position through the API (random legal moves), so each page costs a few seconds."""

from __future__ import annotations

import random
import time
from importlib import resources

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
axe_package = pytest.importorskip("axe_playwright_python", reason="the dev extra is missing")
import httpx  # noqa: E402

from .browsing import LOW_CONTRAST_DRAWN, serve  # noqa: E402
from .helpers import SHORT, new_table, seat, wait_for_human  # noqa: E402

AXE = resources.files(axe_package).joinpath("axe.min.js").read_text(encoding="utf-8")
WIDTHS = {"1280": {"width": 1280, "height": 800}, "390": {"width": 390, "height": 844}}
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
MIDDLE = 2  # moves of the human seat before "mid-game" (a short game can end after 3)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from serve(f"sqlite:///{tmp_path_factory.mktemp('axe') / 'web.db'}")


def violations(page) -> list[str]:
    """axe's WCAG 2.1 A/AA violations on the page as shown, one line per rule and node."""
    page.evaluate(AXE)
    found = page.evaluate(
        "async (tags) => (await axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " rules: {'label-content-name-mismatch': {enabled: true}},"
        " resultTypes: ['violations']})).violations.map((v) => [v.id, v.impact,"
        " v.nodes.length, v.nodes.slice(0, 3).map((n) => n.target.join(' ') + ': '"
        " + n.failureSummary.replaceAll('\\n', ' ') + ' [named '"
        " + document.querySelector(n.target[0])?.getAttribute('aria-label') + ', reads '"
        " + document.querySelector(n.target[0])?.textContent + ']')])",
        RULES,
    )
    return [f"{rule} ({impact}, {n} nodes): {nodes}" for rule, impact, n, nodes in found]


def label_in_name(page) -> list[str]:
    """axe's label-in-name rule alone: the places whose name leaves out the lettering
    drawn on them, or splits it."""
    page.evaluate(AXE)
    return page.evaluate(
        "async () => (await axe.run(document, {runOnly: {type: 'rule', values:"
        " ['label-content-name-mismatch']}, resultTypes: ['violations']})).violations"
        ".flatMap((v) => v.nodes.map((n) => document.querySelector(n.target[0])"
        "?.getAttribute('aria-label')))"
    )


def low_lettering(page) -> list[str]:
    """The drawings' lettering below 4.5:1 on what is drawn under it, the whole drawing
    on the screen (a tall window: only what is on the screen can be measured)."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 4000})
    try:
        return page.evaluate(LOW_CONTRAST_DRAWN)
    finally:
        page.set_viewport_size(size)


def until(page, expression: str, timeout: float = 30.0) -> None:
    deadline = time.time() + timeout
    while not page.evaluate(f"document.body !== null && ({expression})"):
        assert time.time() < deadline, f"still not {expression}"
        time.sleep(0.02)


def settled(page) -> None:
    """The table drawn, its rules fetched (the last part of the page to arrive)."""
    until(page, "document.body.dataset.state !== undefined")
    until(page, "document.querySelector('#rulelist').children.length > 0")


def advance(client, table: str, token: str, moves: int, rng: random.Random) -> dict:
    """``moves`` random legal moves of the human seat (fewer if the game ends)."""
    view = wait_for_human(client, table, token)
    played = 0
    while played < moves and not view["terminal"]:
        index = rng.randrange(len(view["actions"]))
        body = {"index": index, "version": view["version"]}
        response = client.post(f"/api/tables/{table}/act", json=body, headers=seat(token))
        # a bot or the dice may move between the look and the move: look again
        assert response.status_code == 200 or "changed" in response.text, response.text
        played += response.status_code == 200
        view = wait_for_human(client, table, token)
    return view


def test_the_lobby_passes_axe(browser, server):
    for name, viewport in WIDTHS.items():
        page = browser.new_page(viewport=viewport)
        page.goto(server + "/")
        page.wait_for_selector("#game option", state="attached")
        assert violations(page) == [], f"lobby at {name}"
        page.close()


def test_a_place_says_its_lettering_in_one_run(browser, server):
    """A Fuji card holding meeples: its lettering (the card's letters, each meeple's
    initial) reads "B / J L H" on the screen, and the name says it so, after the pieces'
    descriptions (axe's experimental label-in-name rule, on in every test here: it once
    flagged such cards, whose name split the letters by the meeples' names)."""
    lettered = "document.querySelector('#board .target[tabindex] text') !== null"
    rng = random.Random(30)
    with httpx.Client(base_url=server, timeout=30) as client:
        table, tokens = new_table(client, seats=["human", "random", "random"], game="fuji")
        for name, viewport in WIDTHS.items():
            page = browser.new_page(viewport=viewport)
            for _ in range(12):  # to a decision with a place bearing lettering
                view = wait_for_human(client, table, tokens[0])
                assert not view["terminal"]
                page.goto(f"{server}/table/{table}#seat={tokens[0]}")
                settled(page)
                until(page, "document.body.dataset.state === 'yours'")
                time.sleep(0.5)  # the drawing's places take the focus once it is in
                if page.evaluate(lettered):
                    break
                advance(client, table, tokens[0], 1, rng)
            assert page.evaluate(lettered), name
            assert label_in_name(page) == [], name
            page.close()


@pytest.mark.parametrize("game", list(SHORT))
def test_every_table_passes_axe_mid_game_at_the_end_and_in_replay(browser, server, game):
    seats = ["human", "random", "random"] if game == "fuji" else ["human", "random"]
    rng = random.Random(30)
    found: dict[str, list[str]] = {}
    with httpx.Client(base_url=server, timeout=30) as client:
        table, tokens = new_table(client, seats=seats, game=game, options=SHORT[game])
        token = tokens[0]
        contexts = {}
        for name, viewport in WIDTHS.items():
            contexts[name] = browser.new_context(viewport=viewport)
            contexts[name].new_page().goto(f"{server}/table/{table}#seat={token}")
        assert not advance(client, table, token, MIDDLE, rng)["terminal"]
        for name, context in contexts.items():
            page = context.pages[0]
            page.goto(f"{server}/table/{table}")
            settled(page)
            until(page, "document.body.dataset.state === 'yours'")
            found[f"mid-game {name}"] = violations(page)
            if name == "1280":
                found["drawn lettering mid-game"] = low_lettering(page)
            else:  # a phone's page widened past 800 px keeps readable colours
                page.set_viewport_size(WIDTHS["1280"])
                found["mid-game 390 widened to 1280"] = violations(page)
                page.set_viewport_size(WIDTHS["390"])
        while not advance(client, table, token, 50, rng)["terminal"]:
            pass
        for name, context in contexts.items():
            page = context.pages[0]
            page.goto(f"{server}/table/{table}")
            settled(page)
            until(page, "document.body.dataset.state === 'over'")
            found[f"end {name}"] = violations(page)
            if name == "1280":
                found["drawn lettering at the end"] = low_lettering(page)
            page.click("#prev")  # a step of the replay
            until(page, "document.body.dataset.step !== undefined")
            found[f"replay {name}"] = violations(page)
            context.close()
    bad = [f"{where}: {line}" for where, lines in found.items() for line in lines]
    assert not bad, "\n".join(bad)
