// A table: the seat's drawn board (board.js), whose highlighted places are its legal
// moves; the moves as a list too (keyboard), the players, the rules, the log, the end
// and the replay.
// A seat link carries its secret after "#seat="; the page trades it for an HttpOnly
// cookie (the server's), then drops it from the address bar and the history.
const tableId = location.pathname.split("/").pop();
const api = `/api/tables/${tableId}`;
let view = null; // the live view last shown
let frame = null; // the replay step shown, or null for the live table
const marked = `lapilli-seen-${tableId}`; // the step at which this seat's last turn ended
const announced = new Set(); // the news entries already put under the status

async function takeSeat() {
  const secret = new URLSearchParams(location.hash.slice(1)).get("seat");
  if (!secret) return;
  history.replaceState(null, "", location.pathname);
  const response = await fetch(`${api}/seat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: secret }),
  });
  if (!response.ok) $("error").textContent = (await response.json()).error;
}

$("board").addEventListener("click", (event) => choose(event.target.closest(".target")));
$("board").addEventListener("keydown", (event) => {
  const target = event.target.closest(".target");
  if (!target || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  choose(target);
});

function choose(target) {
  if (!target || !view || frame) return;
  const one = target.dataset.action;
  const several = (target.dataset.actions || "").split(" ").filter(Boolean);
  if (one !== undefined) play(Number(one));
  else if (several.length) pick(several.map(Number));
}

let opener = null; // the place that opened the picker: focus goes back to it

function pick(indexes) {
  opener = document.activeElement;
  const choices = $("choices");
  choices.replaceChildren();
  for (const i of indexes) {
    const button = element("button", view.actions[i].text, { type: "button" });
    button.addEventListener("click", () => play(i));
    choices.appendChild(button);
  }
  $("picker").hidden = false;
  choices.querySelector("button").focus();
}

// The picker is a modal dialog: Escape or Cancel close it and focus goes back to the
// place that opened it; Tab stays among its buttons.
function closePicker() {
  $("picker").hidden = true;
  if (opener && opener.isConnected) opener.focus();
  opener = null;
}
$("cancel").addEventListener("click", closePicker);
$("picker").addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    event.preventDefault();
    closePicker();
  } else if (event.key === "Tab") {
    const buttons = [...$("picker").querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    const next = (at + (event.shiftKey ? -1 : 1) + buttons.length) % buttons.length;
    event.preventDefault();
    buttons[next].focus();
  }
});

// -- the live table -------------------------------------------------------------------------
async function refresh(atLeast) {
  // the version a websocket announced: a server that has not heard of it yet catches up
  const response = await fetch(atLeast === undefined ? api : `${api}?at_least=${atLeast}`);
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  show(data);
}

function show(data) {
  if (view && data.version < view.version) return; // an answer overtaken by a newer one
  view = data;
  clockRead = performance.now();
  const focus = focusedPart(); // redrawing drops the focus: where it should go back
  $("picker").hidden = true;
  const mine = view.actions.length > 0;
  document.body.dataset.version = view.version;
  document.body.dataset.state = view.terminal ? "over" : mine ? "yours" : "waiting";
  $("title").textContent = view.title;
  document.title = (mine ? "\u25B6 Your turn \u00B7 " : "") + `${view.title} \u00B7 lapilli`;
  $("who").textContent = view.you === null ? "watching" : `you are ${view.seats[view.you].label}`;
  if (!frame) showBoard(view.svg, view.board_html);
  $("status").className = mine ? "yours" : "";
  if (view.terminal) showEnd();
  showMoves();
  say(statusLine());
  showPlayers();
  showRules();
  if (!frame) showLog(view.log, Number(sessionStorage.getItem(marked) ?? view.step - 1));
  $("undo").hidden = !view.can_undo;
  refocus(focus);
}

// The status line, the page's one live region: it names where the moves are.
function statusLine() {
  let line;
  if (view.terminal) line = `Game over. ${view.result}.`;
  else if (view.actions.length) {
    const onBoard = document.querySelectorAll("#board .target[tabindex]").length > 0;
    const inBar = $("extra").children.length > 0;
    const where = [onBoard && "a highlighted place on the board", inBar && "a move under this line"].filter(Boolean);
    line = `Your turn: choose ${where.join(" or ") || "a move from the list of all your moves"}.`;
  } else {
    const who = view.to_move_label || "the dice";
    // a bot's seat to move: it is thinking (hard takes up to its seconds a move)
    if (view.waiting_for_bot) line = `${who} (bot: ${botName(view.seats[view.to_move])}) is thinking\u2026`;
    else line = `Waiting for ${who}\u2026`;
  }
  return view.trouble ? `${line} (${view.trouble})` : line;
}

// A live region speaks on every change of its text: it is changed only when the text
// differs (your turn after your own move is not announced again).
function say(line) {
  if ($("status").textContent !== line) $("status").textContent = line;
}

// Which part of the table had the keyboard's focus before a redraw.
function focusedPart() {
  const at = document.activeElement;
  if (!at || at === document.body) return null;
  if (at.closest("#board")) return "board";
  if (at.closest("#extra, #picker, #undo")) return "bar";
  if (at.closest("#actions")) return "list";
  return null;
}

// After a move (or a redraw) the focus lost with the redrawn part goes to a predictable
// place: the first place to play on the board, the first move in the bar or the list,
// else the status line.
function refocus(part) {
  if (!part || (document.activeElement && document.activeElement !== document.body)) return;
  const next =
    (part !== "list" && document.querySelector("#board .target[tabindex]")) ||
    (part !== "list" && $("extra").querySelector("button")) ||
    (part === "list" && $("actions").querySelector("button")) ||
    $("status");
  next.focus();
}

function showMoves() {
  const list = $("actions");
  list.replaceChildren();
  const onBoard = new Set(
    [...document.querySelectorAll("#board .target")].flatMap((t) =>
      (t.dataset.action ?? t.dataset.actions).split(" ").map(Number),
    ),
  );
  for (const a of view.actions) {
    const button = element("button", a.text, { type: "button" });
    button.dataset.index = a.index;
    if (!onBoard.has(a.index)) button.classList.add("off-board");
    button.addEventListener("click", () => play(a.index));
    list.appendChild(button);
  }
  $("count").textContent = view.actions.length;
  // moves with no place on the board are buttons in the bar (the list if too many)
  const off = view.actions.filter((a) => !onBoard.has(a.index));
  $("extra").replaceChildren();
  if (off.length && off.length <= 12) {
    $("extra").append(element("span", off.length < view.actions.length ? "Also: " : "Moves: "));
    for (const a of off) {
      const button = element("button", a.text, { type: "button" });
      button.addEventListener("click", () => play(a.index));
      $("extra").append(button);
    }
  }
  $("moves").open ||= off.length > 12 && off.length === view.actions.length;
}

// The game's rules in brief (fetched once), the rules of the decision pending marked and
// repeated at the top of the panel.
let rulebook = null;
async function showRules() {
  if (rulebook === null) {
    rulebook = false; // asked once
    const response = await fetch(`/api/games/${view.game}/rules`);
    if (!response.ok) return;
    rulebook = await response.json();
  }
  if (!rulebook) return;
  const decision = view.terminal ? null : view.observation?.decision?.name;
  const now = [];
  const list = rulebook.sections.map((section) => {
    const items = section.rules.map((rule) => {
      const marked = decision && rule.decisions.includes(decision);
      if (marked) now.push(rule.text);
      const item = element("li", rule.text, { className: marked ? "now" : "" });
      if (marked) item.setAttribute("aria-current", "step");
      return item;
    });
    const part = element("div");
    part.append(element("h3", section.title), element("ul"));
    part.lastChild.append(...items);
    return part;
  });
  $("rulelist").replaceChildren(...list, element("p", `Every reading and default: ${rulebook.source}`, { className: "help" }));
  $("rulenow").replaceChildren(
    ...(now.length
      ? [element("p", "The rule now:"), ...now.map((text) => element("p", text, { className: "now" }))]
      : [element("p", "Open the list for every rule of the game.", { className: "help" })]),
  );
}

// A bot by its level or kind ("hard", "greedy"); its whole spec, with the budget the
// server gave it, is in the seat's tooltip.
function botName(seat) {
  return seat.spec.split(":")[0];
}

function showPlayers() {
  const list = $("players");
  list.replaceChildren();
  const clock = view.clock;
  view.seats.forEach((s, i) => {
    const out = clock && clock.out.includes(i);
    const late = clock && clock.on_timeout === "bot" ? " (a bot plays for the seat now)" : " (lost on time)";
    const kind = out ? late : s.kind === "bot" ? ` (bot: ${botName(s)})` : "";
    const name = s.name ? ` ${s.name}` : s.kind === "human" && !s.taken ? " (free seat)" : "";
    const item = element("li", `${s.label}${name ? ":" + name : ""}${kind}`);
    if (s.kind === "bot") item.title = s.spec;
    if (s.player) {
      item.replaceChildren(`${s.label}: `, element("a", s.name, { href: `/player/${s.player}` }), kind);
    }
    if (i === view.you) item.append(element("strong", " \u2014 you"));
    if (view.open && view.you === null && s.kind === "human" && !s.taken && !view.terminal) {
      const sit = element("button", "Take this seat", { type: "button" });
      sit.addEventListener("click", () => join(i));
      item.append(" ", sit);
    }
    if (clock) {
      const shown = element("span", "", { id: `clock-${i}`, className: "clock" });
      shown.setAttribute("aria-label", `${s.label}'s time`);
      item.append(shown);
    }
    if (i === view.to_move && !view.terminal) {
      item.prepend(element("span", "\u25B6 ", { title: "to move" }));
      item.classList.add("to-move");
    }
    const n = view.terminal && view.scores ? view.scores[i] : null;
    if (n !== null) item.append(element("span", ` \u00B7 ${n} point${n === 1 ? "" : "s"}`));
    list.appendChild(item);
  });
  $("clockrule").hidden = !clock;
  if (clock) $("clockrule").textContent = `Clock: ${clock.words}.`;
  tick();
}

// -- the clocks: the server's times, the running one counted down here between views --
let clockRead = 0;
function tick() {
  const clock = view && view.clock;
  if (!clock) return;
  const gone = (performance.now() - clockRead) / 1000;
  // the running clock in the bar too (a phone shows the players far below the board)
  const runs = clock.running !== null && !view.terminal;
  $("clockline").hidden = !runs;
  if (runs) {
    const whose = clock.running === view.you ? "Your time" : `${view.seats[clock.running].label}'s time`;
    $("clockline").textContent = `${whose}: ${span(Math.max(0, clock.left[clock.running] - gone))}`;
  }
  clock.left.forEach((left, i) => {
    const shown = $(`clock-${i}`);
    if (!shown) return;
    const running = clock.running === i && !view.terminal;
    const now = Math.max(0, running ? left - gone : left);
    shown.textContent = clock.out.includes(i) ? "out of time" : span(now);
    shown.className = `clock${running ? " running" : ""}${running && now < 10 ? " low" : ""}${clock.out.includes(i) ? " out" : ""}`;
  });
}
setInterval(tick, 250);

function span(seconds) {
  const s = Math.ceil(seconds);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

// Entries after ``since`` are new to this seat: they are highlighted, and the newest
// are repeated under the status (a phone shows the log far below the board).
function showLog(entries, since) {
  const log = $("log");
  log.replaceChildren(
    ...entries
      .slice()
      .reverse()
      .map((e) => element("li", e.text, { className: e.step > since ? "new" : "" })),
  );
  const fresh = entries.filter((e) => e.step > since).slice(-3);
  // the news is a live region of additions: an entry already there stays, gone ones are
  // removed, and only entries never announced are appended (an answer that arrives late
  // can move ``since`` back, and an entry must not be heard twice)
  const keys = fresh.map((e) => `${e.step}:${e.text}`);
  for (const item of [...$("news").children]) if (!keys.includes(item.dataset.key)) item.remove();
  fresh.forEach((e, i) => {
    if (announced.has(keys[i])) return;
    announced.add(keys[i]);
    const item = element("li", `\u2022 ${e.text}`);
    item.dataset.key = keys[i];
    $("news").append(item);
  });
}

async function play(index) {
  $("error").textContent = "";
  if (!$("picker").hidden) closePicker(); // the focus back on the place, not on the page
  await send("act", { index, version: view.version });
}

async function send(verb, body) {
  const response = await fetch(`${api}/${verb}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    refresh();
    return;
  }
  if (!data.actions.length) sessionStorage.setItem(marked, data.step); // what follows is news
  show(data);
}

$("undo").addEventListener("click", () => send("undo", {}));

async function join(seat) {
  const response = await fetch(`${api}/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat }),
  });
  if (!response.ok) {
    $("error").textContent = (await response.json()).error;
    return;
  }
  refresh(); // the seat's secret came as this table's cookie
}

$("rematch").addEventListener("click", async () => {
  const response = await fetch(`${api}/rematch`, { method: "POST" });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  location.href = `/table/${data.table}`; // the new seat's secret came as that table's cookie
});

// -- the chat: messages as plain text (never HTML), a watcher's marked ---------------------
let said = 0; // the number of the last message shown
function message(m) {
  const item = element("li", undefined, { className: m.watcher ? "watcher" : "" });
  item.append(element("span", m.who + ":", { className: "who" }), element("span", m.text));
  return item;
}

async function loadChat() {
  if (frame) return;
  const response = await fetch(`${api}/chat?after=${said}`);
  if (!response.ok) return;
  const data = await response.json();
  for (const m of data.messages) {
    if (m.n <= said || frame) continue; // (two askings crossed: each message once)
    $("messages").append(message(m));
    said = m.n;
  }
  $("messages").scrollTop = $("messages").scrollHeight;
}

$("say").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("chat-error").textContent = "";
  const text = $("said").value.trim();
  if (!text) return;
  const response = await fetch(`${api}/chat`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ text }),
  });
  if (!response.ok) {
    $("chat-error").textContent = (await response.json()).error;
    return;
  }
  $("said").value = "";
  loadChat();
});

// -- the end and the replay ---------------------------------------------------------------------
function showEnd() {
  $("end").hidden = false;
  $("result").textContent = view.result;
  $("scores").tBodies[0].replaceChildren(
    ...view.seats.map((s, i) => {
      const row = element("tr", undefined, { className: view.outcomes[i] });
      row.append(element("td", s.label + (s.name ? ` (${s.name})` : "") + (i === view.you ? " (you)" : "")));
      const score = view.scores ? String(view.scores[i]) : "\u2014";
      row.append(element("td", score), element("td", view.outcomes[i]));
      return row;
    }),
  );
  $("rematch").hidden = view.you === null;
  $("rematch").textContent = view.rematch ? "Take your seat at the rematch" : "Rematch";
  $("rematch-note").replaceChildren();
  if (view.rematch && view.you === null) {
    $("rematch-note").append(element("a", "Watch the rematch", { href: `/table/${view.rematch}` }));
  } else if (view.you !== null) {
    $("rematch-note").textContent = "same players, everyone one seat on";
  }
  $("ratings").hidden = !view.rated;
  showBreakdown();
  if ($("replay").hidden) setUpReplay();
}

// The game's tally, one row per item and one column per seat (fits a phone).
function showBreakdown() {
  const rows = view.breakdown;
  $("breakdown").hidden = !rows;
  if (!rows) return;
  const head = element("tr", undefined);
  head.append(element("th", "Item"), ...view.seats.map((s) => element("th", s.label)));
  $("breakdown").tHead.replaceChildren(head);
  $("breakdown").tBodies[0].replaceChildren(
    ...Object.keys(rows[0]).map((item) => {
      const row = element("tr", undefined, { className: item === "total" ? "total" : "" });
      row.append(element("th", item.replaceAll("_", " ")), ...rows.map((r) => element("td", String(r[item]))));
      return row;
    }),
  );
}

function setUpReplay() {
  $("replay").hidden = false;
  $("download").href = `${api}/record`;
  $("download").download = `lapilli-${view.game}-${tableId}.json`;
  const viewer = $("viewer");
  viewer.replaceChildren(element("option", "a spectator", { value: "" }));
  view.seats.forEach((s, i) => viewer.appendChild(element("option", s.label, { value: String(i) })));
  if (view.you !== null) viewer.value = String(view.you);
  for (const id of ["step", "slider"]) $(id).max = view.step;
  $("step").value = $("slider").value = view.step;
  $("steplabel").textContent = `The end: step ${view.step} of ${view.step}.`;
}

async function goTo(step) {
  const max = Number($("slider").max);
  step = Math.max(0, Math.min(max, step));
  const seat = $("viewer").value;
  const response = await fetch(`${api}/replay?step=${step}${seat ? `&seat=${seat}` : ""}`);
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  frame = data;
  document.body.dataset.step = frame.step;
  $("step").value = $("slider").value = frame.step;
  showBoard(frame.svg, frame.board_html);
  showLog(frame.log, frame.step - 1);
  $("messages").replaceChildren(...frame.chat.map(message)); // what was said by then
  const what = frame.by ? `${frame.by}: ${frame.last}` : frame.step ? "chance" : "the set-up";
  $("steplabel").textContent = `Step ${frame.step} of ${frame.steps}: ${what}.`;
}

$("first").addEventListener("click", () => goTo(0));
$("prev").addEventListener("click", () => goTo(Number($("slider").value) - 1));
$("next").addEventListener("click", () => goTo(Number($("slider").value) + 1));
$("latest").addEventListener("click", () => goTo(Number($("slider").max)));
$("slider").addEventListener("input", () => goTo(Number($("slider").value)));
$("step").addEventListener("change", () => goTo(Number($("step").value)));
$("viewer").addEventListener("change", () => goTo(Number($("slider").value)));
// the arrow keys step through a finished game (not while typing in a field)
document.addEventListener("keydown", (event) => {
  if ($("replay").hidden || event.target.closest("input, select, textarea")) return;
  const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
  if (by === undefined) return;
  event.preventDefault();
  goTo(Number($("slider").value) + by);
});

narrow.addEventListener("change", () => (frame ? showBoard(frame.svg, frame.board_html) : view && show(view)));

// -- following the table live -----------------------------------------------------------------------
function follow() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${api}/ws`);
  socket.onmessage = (news) => {
    const { version, trouble, chat } = JSON.parse(news.data);
    if (chat !== undefined && chat !== null && chat > said) loadChat();
    if (version === null || version === undefined) return;
    if (!view || version !== view.version || (trouble ?? null) !== (view.trouble ?? null)) refresh(version);
  };
  socket.onclose = () => setTimeout(follow, 2000);
}

takeSeat().then(() => {
  refresh();
  loadChat();
  follow();
});
