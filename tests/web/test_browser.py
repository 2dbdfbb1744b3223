"""The browser front end, driven in headless Chromium: lobby, seat link, a few moves."""

import logging
import shutil

import pytest

pytest.importorskip("fastapi")
playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")

import httpx  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from .browsing import LOW_CONTRAST, serve, shot  # noqa: E402


@pytest.fixture
def server(tmp_path):
    # uvicorn's access log is on (log_level "info"): no secret may show in it
    yield from serve(f"sqlite:///{tmp_path / 'web.db'}")


@pytest.fixture
def page():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser.new_page(viewport={"width": 1280, "height": 800})
        browser.close()


def test_create_a_table_in_the_lobby_and_play_a_turn(server, page, tmp_path, caplog):
    caplog.set_level(logging.INFO)
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=foggy_island]", state="attached")
    page.select_option("#game", "foggy_island")
    assert page.input_value("#seat-0") == "human" and page.input_value("#seat-1") == "random"
    page.click("button[type=submit]")
    link = page.wait_for_selector("#links a")
    secret = link.get_attribute("href").split("#seat=")[1]
    link.click()
    page.wait_for_selector("#board .target")
    assert "you are Red" in page.text_content("#who")
    assert "seat" not in page.url and "token" not in page.url  # the secret left the address
    page.reload()  # the seat is kept by its cookie
    page.wait_for_selector("#board .target")
    assert "you are Red" in page.text_content("#who")
    wolves = page.locator("#board .target", has=page.locator("title", has_text="take Wolf"))
    assert wolves.get_attribute("role") == "button"  # the board's targets take the focus
    assert "take Wolf" in wolves.get_attribute("aria-label")
    wolves.focus()
    page.keyboard.press("Enter")  # and answer the keyboard
    expect(page.locator("#undo")).to_be_visible()
    page.click("#undo")  # taken back at once
    expect(page.locator("#undo")).to_be_hidden()
    assert page.evaluate("view.observation.hands[0].items") == {}
    for _ in range(5):  # the opening hand: five Wolves, taken from the pile drawn
        version = page.get_attribute("body", "data-version")
        wolves.click()
        expect(page.locator("body")).not_to_have_attribute("data-version", version)
    page.locator("#board .target", has=page.locator("title", has_text="play Wolf")).first.click()
    page.locator("#board .target", has=page.locator("title", has_text="place on c3")).click()
    expect(page.locator("#log")).to_contain_text("Blue places")
    expect(page.locator("#log")).to_contain_text("Red places Wolf on c3")
    expect(page.locator("#status")).to_contain_text("Your turn")  # Red's turn again
    view = page.evaluate("view")
    assert view["observation"]["hands"][1] == {"count": 5}  # Blue's hand stays hidden
    hand = view["observation"]["hands"][0]["items"]
    assert sum(hand.values()) == 5 and hand["wolf"] >= 4  # refilled from the pile
    page.screenshot(path=str(tmp_path / "table.png"))
    requests = [r.getMessage() for r in caplog.records if r.name == "uvicorn.access"]
    assert any("/api/tables/" in line for line in requests)  # the access log was on
    assert not any(secret in r.getMessage() for r in caplog.records)


def test_the_lobby_sets_bots_and_variants_with_typed_fields(server, page, tmp_path):
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=fuji]", state="attached")
    page.select_option("#game", "fuji")
    page.select_option("#players", "3")
    expect(page.locator(".seat")).to_have_count(3)
    # a cooperative game: the team-mates are its strongest team bot, and the lobby says so
    assert [page.input_value(f"#seat-{i}") for i in range(3)] == ["human", "greedy", "greedy"]
    expect(page.locator("#about")).to_contain_text("the strongest team bot for Fuji")
    page.select_option("#seat-1", "mcts")  # a bot whose parameters hold a comma
    page.locator(".seat").nth(1).locator("summary").click()
    page.fill("#seat-1-mcts-iters", "50")
    page.fill("#seat-1-mcts-c", "0.5")
    page.select_option("#seat-2", "greedy")
    page.select_option("#option-level", "1")  # a choice
    page.check("#option-extra_thrill")  # a checkbox
    assert "eruption token" in page.text_content("#option-extra_thrill-help")
    shot(page, tmp_path, "lobby-1280")
    assert page.evaluate(LOW_CONTRAST) == []
    page.evaluate("document.getElementById('about').style.color = '#555555'")
    about = page.text_content("#about")
    assert page.evaluate(LOW_CONTRAST) == [f'P "{about[:30]}" 2.03']  # the check sees
    page.evaluate("document.getElementById('about').style.color = ''")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, tmp_path, "lobby-390")
    page.click("button[type=submit]")
    expect(page.locator("#links")).to_contain_text("bot (mcts:iters=50,c=0.5,")
    expect(page.locator("#links")).to_contain_text("bot (greedy:seconds=5)")  # its clock
    table = page.get_attribute("#links li:last-child a", "href").split("/")[-1]
    options = httpx.get(f"{server}/api/tables/{table}").json()["options"]
    assert options["level"] == 1 and options["extra_thrill"] is True
    assert options["variant"] == "A"  # untouched fields keep their defaults


def test_an_illegal_request_shows_its_reason(server, page):
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=foggy_island]", state="attached")
    page.select_option("#game", "foggy_island")
    page.select_option("#option-mode", "weather")  # each allowed, not together
    page.select_option("#option-variant", "team")
    page.click("button[type=submit]")
    expect(page.locator("#error")).to_contain_text("only Sunny Weather is possible")


def test_a_number_beyond_its_range_is_stopped_by_the_form(server, page):
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=volcanique]", state="attached")
    page.select_option("#game", "volcanique")
    limit = page.locator("#option-caldera_limit")
    assert (limit.get_attribute("min"), limit.get_attribute("max")) == ("0", "20")


def test_the_lobby_starts_a_table_from_an_uploaded_position(server, page):
    from pathlib import Path

    position = Path(__file__).parents[2] / "docs/positions/foggy_island.toml"
    page.goto(server + "/")
    page.wait_for_selector("#game option[value=foggy_island]", state="attached")
    page.select_option("#game", "foggy_island")
    page.set_input_files("#position", str(position))
    page.click("button[type=submit]")
    expect(page.locator("#links")).to_contain_text("Red: ")
    watch = page.get_attribute("#links li:last-child a", "href")
    board = httpx.get(f"{server}/api/tables/{watch.split('/')[-1]}").json()["observation"]["board"]
    row_two = board[7:10]  # b2, c2, d2: the position's three Red Wolves (Blue's bot plays on)
    assert [(c["token"], c["seat"]) for c in row_two] == [("wolf", 0)] * 3
