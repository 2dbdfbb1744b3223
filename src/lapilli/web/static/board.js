// A game's drawn board, shared by the table and the lessons: on a narrow screen the
// drawing is shown twice, cut to its board and to its panels, each with readable lettering
// and zoom buttons when that makes it wider than the screen.
const $ = (id) => document.getElementById(id);
const narrow = matchMedia("(max-width: 800px)");

function element(tag, text, props = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return Object.assign(node, props);
}

// -- the board ----------------------------------------------------------------------------
// On a narrow screen the drawing is shown twice, cut to its board and to its panels, each
// with its lettering at least READABLE pixels high: a copy wider than the screen then
// scrolls sideways under zoom buttons (zoom out: the whole copy on the screen, small). Its
// status line, which the cut would shorten, is shown whole as text above it.
const READABLE = 9;
const zoomedOut = { board: false, panels: false }; // kept from one position to the next

function showBoard(svg, html) {
  const board = $("board");
  board.innerHTML = svg || html || "";
  $("boardline").hidden = true;
  const drawing = board.querySelector("svg");
  if (!drawing) return;
  drawing.removeAttribute("width");
  drawing.removeAttribute("height");
  const boxes = [drawing.dataset.boardBox, drawing.dataset.panelsBox];
  if (narrow.matches && boxes.every(Boolean)) {
    const line = drawing.querySelector(".status-line");
    if (line) {
      $("boardline").textContent = line.dataset.text;
      $("boardline").hidden = false;
      line.remove();
    }
    const panels = drawing.cloneNode(true);
    board.appendChild(panels);
    drawing.setAttribute("viewBox", drawn(drawing, boxes[0].split(" ").map(Number)));
    panels.setAttribute("viewBox", boxes[1]);
    const copies = [
      [drawing, "board", smallest(drawing)],
      [panels, "panels", smallest(panels)],
    ];
    board.replaceChildren(...copies.map(([copy, name, small]) => zoomable(copy, name, small)));
  }
  for (const svg of board.querySelectorAll("svg")) focusable(svg);
  if (narrow.matches && boxes.every(Boolean)) {
    const [first, second] = board.querySelectorAll("svg");
    named(first, "the board");
    named(second, "the players' panels");
    for (const svg of [first, second]) hideOutside(svg);
  }
}

// A phone's two copies are named apart, and each leaves what the other shows out of
// the accessibility tree: a screen reader reads the drawing once.
function named(svg, part) {
  svg.setAttribute("aria-label", `${svg.getAttribute("aria-label") || "drawing"}: ${part}`);
}

function hideOutside(svg) {
  const frame = svg.getBoundingClientRect();
  for (const part of svg.querySelectorAll("g, text")) {
    if (part.closest("[aria-hidden]") || part.querySelector(".target")) continue;
    const b = part.getBoundingClientRect();
    const [x, y] = [b.left + b.width / 2, b.top + b.height / 2];
    if (x < frame.left || x > frame.right || y < frame.top || y > frame.bottom) part.setAttribute("aria-hidden", "true");
  }
}

// The smallest lettering a copy shows, in its own units (transforms taken into account).
function smallest(svg) {
  const frame = svg.getBoundingClientRect();
  const unit = svg.getScreenCTM().a;
  let small = Infinity;
  for (const text of svg.querySelectorAll("text")) {
    const b = text.getBoundingClientRect();
    if (!b.width || b.right < frame.left || b.left > frame.right || b.bottom < frame.top || b.top > frame.bottom) continue;
    const size = parseFloat(getComputedStyle(text).fontSize) * (text.getScreenCTM().a / unit);
    small = Math.min(small, size);
  }
  return small;
}

// A copy in a strip of the screen's width, sized so that its lettering reads; zoom
// buttons when that is wider than the screen.
function zoomable(svg, name, small) {
  const strip = element("div", undefined, { className: "strip" });
  strip.append(svg);
  // a strip that scrolls sideways takes the keyboard's focus (the arrow keys scroll it)
  strip.tabIndex = 0;
  strip.setAttribute("role", "region");
  strip.setAttribute("aria-label", `${name === "board" ? "The board" : "The players' panels"}, scrolled sideways`);
  const width = Number(svg.getAttribute("viewBox").split(" ")[2]);
  const room = $("board").clientWidth;
  const readable = small === Infinity ? 0 : (READABLE * 1.02) / small; // pixels per unit
  if (readable * width <= room) return strip; // it fits, lettering and all
  const apply = () => {
    svg.style.width = `${zoomedOut[name] ? room : Math.ceil(readable * width)}px`;
    zoomOut.setAttribute("aria-pressed", String(zoomedOut[name]));
    zoomIn.setAttribute("aria-pressed", String(!zoomedOut[name]));
  };
  const what = name === "board" ? "the board" : "the players' panels";
  const zoomOut = element("button", "\u2212 whole", { type: "button" });
  // each name starts with the button's visible words (speech control users say them)
  zoomOut.setAttribute("aria-label", `Whole. Zoom out: all of ${what} on the screen, in small lettering`);
  const zoomIn = element("button", "+ readable", { type: "button" });
  zoomIn.setAttribute("aria-label", `Readable. Zoom in: ${what} in readable lettering, scrolled sideways`);
  zoomOut.addEventListener("click", () => ((zoomedOut[name] = true), apply()));
  zoomIn.addEventListener("click", () => ((zoomedOut[name] = false), apply()));
  const bar = element("div", undefined, { className: "zoom" });
  bar.append(element("span", `Zoom ${what}: `), zoomOut, zoomIn);
  const part = element("div", undefined, { className: "zoomable" });
  part.append(bar, strip);
  apply();
  return part;
}

// The part of ``box`` (x y width height) where something is drawn, plus a margin: a
// board drawn small in a large frame fills the phone's width.
function drawn(svg, [x, y, w, h]) {
  let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const part of svg.children) {
    if (!(part instanceof SVGGraphicsElement)) continue;
    const b = part.getBBox();
    const [l, t] = [Math.max(b.x, x), Math.max(b.y, y)];
    const [r, d] = [Math.min(b.x + b.width, x + w), Math.min(b.y + b.height, y + h)];
    if (r <= l || d <= t) continue;
    [left, top, right, bottom] = [Math.min(left, l), Math.min(top, t), Math.max(right, r), Math.max(bottom, d)];
  }
  if (left === Infinity) return `${x} ${y} ${w} ${h}`;
  const m = 6;
  return `${left - m} ${top - m} ${right - left + 2 * m} ${bottom - top + 2 * m}`;
}

// The targets a copy of the drawing shows take the keyboard's focus, named by their title
// and the lettering a sighted player reads on them (a count, a letter). A drawing with
// places to play is a labelled group, not an image (an image holds no controls).
function focusable(svg) {
  svg.setAttribute("role", "group");
  const frame = svg.getBoundingClientRect();
  for (const target of svg.querySelectorAll(".target")) {
    const box = target.getBoundingClientRect();
    const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
    if (x < frame.left || x > frame.right || y < frame.top || y > frame.bottom) continue;
    target.setAttribute("tabindex", "0");
    target.setAttribute("role", "button");
    target.setAttribute("aria-label", placeName(target));
  }
}

// What a place is called: its moves (its title), then what lies there as the drawing
// describes it (the pieces' own titles), then what is written on it (a count, a letter)
// in the order drawn: everything a sighted player reads there. The lettering comes last
// and in one run, as a speech user reads it off the screen ("B / J L H"), not split by
// the pieces' descriptions.
function placeName(target) {
  const lettering = [...target.querySelectorAll("text")];
  // a space between the pieces of lettering (not drawn): their text reads as words,
  // not run together ("E10" and "c", not "E10c"), as the name says them
  for (const part of lettering) {
    for (let at = part; at !== target; at = at.parentNode) if (at.previousSibling?.nodeType !== 3) at.before(" ");
  }
  const parts = [...target.querySelectorAll("title"), ...lettering];
  return parts.map((t) => t.textContent.trim().replaceAll("\n", "; ")).filter(Boolean).join(", ");
}

