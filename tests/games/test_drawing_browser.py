"""The board drawings in headless Chromium: a click in the middle of every legal target
lands on that target (nothing drawn over it swallows the click), every text reaches a
contrast of 4.5:1 (WCAG AA) against what is painted under it, and every piece (a drawn
thing the drawing names: a meeple, a marker, a token, a critter, a tile, a card) 3:1 by
its fill or its outline against what it lies on (WCAG 1.4.11, non-text contrast)."""

import shutil
import xml.etree.ElementTree as ET

import pytest

import lapilli
from tests.games.drawing_checks import positions

playwright = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Chromium is not installed")

# For each target: a point inside its hit shape, and whether the element Chromium finds
# there belongs to that target. Points are tried on a small grid inside the shape's box
# and kept only if they fall in the shape itself.
# What the checks below share, put at the start of each: colours as WCAG reads them, and
# a point inside a shape (tried on a small grid in its box, kept if in the shape itself).
PAINT = """
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const pointIn = (shape) => {
    const box = shape.getBoundingClientRect();
    for (const fx of [0.5, 0.4, 0.6, 0.3, 0.7]) {
      for (const fy of [0.5, 0.4, 0.6, 0.3, 0.7]) {
        const x = box.left + box.width * fx, y = box.top + box.height * fy;
        const p = new DOMPoint(x, y).matrixTransform(shape.getScreenCTM().inverse());
        if (shape.isPointInFill(p)) return [x, y];
      }
    }
    return null;
  };
  // the colour under a point: the filled layers from the top down (blended while they
  // are see-through) to the first opaque one, on white; marks of targets left out
  const backdrop = (stack, skip) => {
    const layers = [];
    for (const el of stack) {
      if (!(el instanceof SVGGeometryElement) || skip(el)) continue;
      const style = getComputedStyle(el);
      if (style.fill === 'none' || /^(hit|halo|hl)$/.test(el.className.baseVal)) continue;
      const alpha = Number(style.fillOpacity) * Number(style.opacity);
      if (alpha <= 0) continue;
      layers.push([rgb(style.fill), alpha]);
      if (alpha >= 0.99) break;
    }
    let bg = [255, 255, 255];
    for (const [c, a] of layers.reverse()) bg = bg.map((v, i) => v * (1 - a) + c[i] * a);
    return bg;
  };
"""

HIT_TEST = (
    """
() => {"""
    + PAINT
    + """
  const misses = [];
  for (const target of document.querySelectorAll('.target')) {
    const shape = target.querySelector(':scope > .hit');
    if (!shape) continue;
    const inside = pointIn(shape);
    if (!inside) { misses.push('no point inside ' + target.textContent.slice(0, 40)); continue; }
    const found = document.elementFromPoint(inside[0], inside[1]);
    if (!found || found.closest('.target') !== target) {
      misses.push(target.querySelector('title').textContent + ' is covered by ' +
                  (found ? found.outerHTML.slice(0, 80) : 'nothing'));
    }
  }
  return [document.querySelectorAll('.target').length, misses];
}
"""
)


# For each text: its fill against the layers painted under the middle of it (blended
# while they are see-through), as a WCAG contrast ratio.
CONTRAST = (
    """
() => {"""
    + PAINT
    + """
  const low = [];
  const all = document.createElement('style');  // what takes no click still has a colour
  all.textContent = 'svg * { pointer-events: visiblePainted !important; }';
  document.head.appendChild(all);
  for (const t of document.querySelectorAll('svg text')) {
    if (!t.textContent.trim()) continue;
    const box = t.getBoundingClientRect();
    const x = box.left + box.width / 2, y = box.top + box.height / 2;
    const stack = document.elementsFromPoint(x, y);
    if (!stack.includes(t)) { low.push(`${t.textContent}: not found at its middle`); continue; }
    const bg = backdrop(stack.slice(stack.indexOf(t) + 1), () => false);
    const r = ratio(rgb(getComputedStyle(t).fill), bg);
    if (r < 4.5) low.push(`${t.textContent} ${r.toFixed(2)} on ${bg.map(Math.round)}`);
  }
  all.remove();
  return low;
}
"""
)


# For each piece (a group the drawing names with a <title>, not a target: a meeple, a
# token, a critter, a tile): its body (the first shape with a fill) at a point inside it,
# and the layers painted under the whole piece there, blended as for the texts. The
# piece reads if its fill or an outline it draws (1 unit wide or more) reaches 3:1 on
# that.
PIECES = (
    """
() => {"""
    + PAINT
    + """
  const low = [];
  const all = document.createElement('style');
  all.textContent = 'svg * { pointer-events: visiblePainted !important; }';
  document.head.appendChild(all);
  for (const title of document.querySelectorAll('svg g > title')) {
    const piece = title.parentNode;
    if (piece.classList.contains('target')) continue;  // the moves' names, not a piece
    const body = [...piece.querySelectorAll('*')].find((el) => el instanceof SVGGeometryElement
      && getComputedStyle(el).fill !== 'none' && Number(getComputedStyle(el).fillOpacity) > 0);
    if (!body) continue;
    const at = pointIn(body);
    if (!at) continue;
    const bg = backdrop(document.elementsFromPoint(at[0], at[1]), (el) => piece.contains(el));
    const style = getComputedStyle(body);
    let best = ratio(rgb(style.fill), bg);
    for (const el of piece.querySelectorAll('*')) {  // an outline: the body's or drawn round it
      if (!(el instanceof SVGGeometryElement)) continue;
      const line = getComputedStyle(el);
      if (line.stroke === 'none' || parseFloat(line.strokeWidth) < 1) continue;
      if (/^(hit|halo|hl)$/.test(el.className.baseVal)) continue;
      best = Math.max(best, ratio(rgb(line.stroke), bg));
    }
    if (best < 3) {
      const name = title.textContent.slice(0, 60);
      low.push(`${name}: ${style.fill} on ${bg.map(Math.round)} ${best.toFixed(2)}`);
    }
  }
  all.remove();
  return low;
}
"""
)


MOST = 40
"""Positions checked per game (random play wanders long in Eras and Deeper)."""


@pytest.fixture(scope="module")
def page():
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        yield browser.new_page(viewport={"width": 1400, "height": 1000})
        browser.close()


@pytest.mark.parametrize(
    "game_id,options,players",
    [
        ("volcanique", {}, 3),
        ("foggy_island", {"mode": "mercenaries"}, 2),
        ("foggy_island", {"mode": "weather"}, 2),
        ("fuji", {}, 4),
        ("fuji", {"variant": "B"}, 2),
        ("eras", {}, 3),
        ("eras", {"up_to_six": True}, 6),
        ("deeper", {}, 2),
        ("deeper", {"milestones": "enter"}, 4),
    ],
)
def test_every_target_takes_the_click_and_every_text_reads(page, game_id, options, players):
    draw = lapilli.load_game(game_id).parts.draw
    clicked = drawn = 0
    for n, state in enumerate(positions(game_id, [(options, players)], range(1), every=3)):
        if n % 4 or state.is_terminal():
            continue
        if drawn == MOST:
            break
        drawn += 1
        seat = state.current_player()
        legal = state.legal_actions()
        labels = [state.action_text(a) for a in legal]
        svg = draw(state.observation(seat), seat, legal, labels)
        root = ET.fromstring(svg)  # the whole drawing in view, at its own size
        page.set_viewport_size({"width": int(root.get("width")), "height": int(root.get("height"))})
        page.set_content(f"<body style='margin:0'>{svg}")
        count, misses = page.evaluate(HIT_TEST)
        assert not misses, misses
        assert page.evaluate(CONTRAST) == []
        assert page.evaluate(PIECES) == []
        clicked += count
    assert clicked > 0
