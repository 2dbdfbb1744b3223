"""Every game on a phone (390 × 844 in headless Chromium): no board wider than the screen
unless the page offers a zoom control beside it, no lettering on a board under 9 px, the
status line whole, and the page never scrolls sideways. Screenshots are saved (and copied
to ``LAPILLI_SHOTS`` when set) for a person to look at."""

from __future__ import annotations

import time

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("playwright.sync_api")
import httpx  # noqa: E402

from lapilli.core.registry import games  # noqa: E402

from .browsing import shot  # noqa: E402

PHONE = {"width": 390, "height": 844}
MIDDLE = 8  # decisions made before measuring, so the boards hold pieces and text

# Each copy of the drawing: its width, the zoom buttons beside it, the smallest lettering.
MEASURE = """
[...document.querySelectorAll('#board svg')].map((svg) => {
  const frame = svg.getBoundingClientRect();
  const strip = svg.closest('.strip');
  const shown = strip ? strip.getBoundingClientRect() : frame;
  let small = Infinity;
  for (const t of svg.querySelectorAll('text')) {
    const b = t.getBoundingClientRect();
    if (!b.width || b.right < frame.left || b.left > frame.right) continue;
    small = Math.min(small, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
  }
  const part = svg.closest('.zoomable');
  const zoom = part ? [...part.querySelectorAll('button')].filter(
    (b) => /zoom/i.test(b.getAttribute('aria-label') || '')).length : 0;
  return {width: frame.width, shown: shown.width, small, zoom};
})
"""


def open_table(browser, server: str, game: str):
    seats = ["human", "greedy", "greedy"] if game == "fuji" else ["human", "random"]
    with httpx.Client(base_url=server) as client:
        response = client.post("/api/tables", json={"game": game, "seats": seats})
        assert response.status_code == 200, response.text
        link = response.json()["seats"][0]["link"]
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.goto(server + link)
    return context, page


def until_yours(page, timeout: float = 30.0) -> bool:
    deadline = time.time() + timeout
    while page.evaluate("document.body && document.body.dataset.state") not in ("yours", "over"):
        assert time.time() < deadline, "the human seat never got a move"
        time.sleep(0.05)
    return page.evaluate("document.body && document.body.dataset.state") == "yours"


@pytest.mark.parametrize("game", games())
def test_every_board_fits_a_phone_or_offers_a_zoom_and_reads(browser, live_server, tmp_path, game):
    context, page = open_table(browser, live_server, game)
    for _ in range(MIDDLE):
        if not until_yours(page):
            break
        version = page.evaluate("document.body.dataset.version")
        if not page.locator("#moves").evaluate("d => d.open"):
            page.locator("#moves summary").click()
        page.locator("#actions button").first.click()  # any legal move, from the list
        deadline = time.time() + 30
        while page.evaluate("document.body.dataset.version") == version:
            assert time.time() < deadline
            time.sleep(0.05)
    until_yours(page)
    copies = page.evaluate(MEASURE)
    assert len(copies) == 2  # the board and the players' panels
    for copy in copies:
        assert copy["shown"] <= PHONE["width"]  # a strip of the screen's width
        if copy["width"] > PHONE["width"]:
            assert copy["zoom"] >= 1, f"{game}: a board wider than the screen and no zoom"
        assert copy["small"] >= 9, f"{game}: lettering of {copy['small']:.1f} px"
    line = page.locator("#boardline")
    if line.is_visible():  # the status line, whole, instead of cut at the board's edge
        assert "…" not in line.text_content()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, tmp_path, f"phone-{game}")
    zoom_out = page.get_by_role("button", name="Zoom out: all of the board", exact=False)
    if zoom_out.count():  # zoomed out, the whole board is on the screen
        zoom_out.click()
        assert page.evaluate(MEASURE)[0]["width"] <= PHONE["width"]
        shot(page, tmp_path, f"phone-{game}-whole")
    context.close()
