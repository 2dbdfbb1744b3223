"""A live server on a loopback port and headless Chromium, for the browser tests."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def serve(database: str) -> Iterator[str]:
    """A uvicorn server with the lapilli app on a free port, until the caller is done."""
    import uvicorn

    from lapilli.web.server import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(database), host="127.0.0.1", port=port, log_level="info")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not srv.started:
        assert time.time() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=5)


@pytest.fixture
def live_server(tmp_path):
    yield from serve(f"sqlite:///{tmp_path / 'web.db'}")


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    if CHROMIUM is None:
        pytest.skip("Chromium is not installed")
    with playwright.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def shot(page, tmp_path: Path, name: str) -> None:
    """A full-page screenshot in the test's directory, copied to ``LAPILLI_SHOTS`` if set."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    wanted = os.environ.get("LAPILLI_SHOTS")
    if wanted:
        os.makedirs(wanted, exist_ok=True)
        shutil.copy(path, os.path.join(wanted, path.name))


# Every piece of HTML text (the drawings are checked in tests/games): its colour against
# the background painted under it (ancestors' colours blended while see-through), as a
# WCAG contrast ratio; the texts below 4.5:1 are returned.
LOW_CONTRAST = """
(() => {
  const rgba = (c) => {
    const v = (c.match(/[\\d.]+/g) || []).map(Number);
    return v.length === 3 ? [...v, 1] : v;
  };
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const low = [];
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('svg') || !el.checkVisibility()) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own && !['INPUT', 'SELECT'].includes(el.tagName)) continue;
    const layers = [];
    for (let at = el; at; at = at.parentElement) {
      const bg = rgba(getComputedStyle(at).backgroundColor);
      if (bg[3] > 0) layers.push(bg);
      if (bg[3] >= 1) break;
    }
    let under = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) {
      under = under.map((v, i) => v * (1 - a) + [r, g, b][i] * a);
    }
    const [l1, l2] = [lum(rgba(getComputedStyle(el).color)), lum(under)].sort((a, b) => b - a);
    const ratio = (l1 + 0.05) / (l2 + 0.05);
    const said = el.textContent.trim().slice(0, 30);
    if (ratio < 4.5) low.push(`${el.tagName} "${said}" ${ratio.toFixed(2)}`);
  }
  return low;
})()
"""


# Every piece of lettering in the drawings: its paint against the paint of the shape
# drawn under its middle (the topmost filled, mostly opaque shape that is not lettering),
# as a WCAG contrast ratio; below 4.5:1 is returned (axe cannot measure SVG text).
LOW_CONTRAST_DRAWN = """
(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const low = [];
  // what lies under a badge drawn "never in the way of a click" is found too
  const all = [...document.querySelectorAll('#board svg *')];
  for (const e of all) e.style.pointerEvents = 'visiblePainted';
  for (const text of document.querySelectorAll('#board svg text')) {
    const box = text.getBoundingClientRect();
    if (!box.width || !text.textContent.trim()) continue;
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const painted = (e) => e instanceof SVGGeometryElement && !e.closest('text')
      && getComputedStyle(e).fill.startsWith('rgb')
      && Number(getComputedStyle(e).fillOpacity) >= 0.5
      && Number(getComputedStyle(e).opacity) >= 0.5;
    const around = (e) => {
      const b = e.getBoundingClientRect();
      return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom;
    };
    // a piece's letter is read on the piece (its silhouette drawn just before it), else
    // on whatever is drawn under its middle
    const own = [...text.parentNode.children].slice(0, [...text.parentNode.children].indexOf(text))
      .filter((e) => painted(e) && around(e)).pop();
    const under = own || document.elementsFromPoint(x, y).find(painted);
    if (!under) continue;
    const [ink, paper] = [rgb(getComputedStyle(text).fill), rgb(getComputedStyle(under).fill)];
    const r = ratio(ink, paper);
    const said = text.textContent.trim().slice(0, 20);
    const [fg, bg] = [getComputedStyle(text).fill, getComputedStyle(under).fill];
    if (r < 4.5) low.push(`"${said}" ${fg} on ${bg} ${r.toFixed(2)}`);
  }
  for (const e of all) e.style.removeProperty('pointer-events');
  return low;
})()
"""
