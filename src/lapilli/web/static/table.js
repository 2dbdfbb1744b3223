// A table: draw what this seat may see, offer its legal actions, follow changes live.
// A seat link carries its secret after "#seat="; the page trades it for an HttpOnly
// cookie (the server's), then drops it from the address bar and the history.
const $ = (id) => document.getElementById(id);
const tableId = location.pathname.split("/").pop();
const api = `/api/tables/${tableId}`;
let shownVersion = -1;

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

function escape(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

async function refresh() {
  const response = await fetch(api);
  const view = await response.json();
  if (!response.ok) {
    $("error").textContent = view.error;
    return;
  }
  shownVersion = view.version;
  $("title").textContent = view.title;
  $("who").textContent = view.you === null ? "watching" : `you are ${view.seats[view.you].label}`;
  $("board").innerHTML = view.board_html;
  if (view.terminal) {
    const scores = view.seats.map((s, i) => `${s.label} ${view.scores[i]}`).join(", ");
    const winners = view.winners.length ? `${view.winners.join(" and ")} won` : "a draw";
    $("status").textContent = `Game over: ${winners}. ${scores}.`;
    setUpReplay();
  } else if (view.actions.length) {
    $("status").textContent = "Your move:";
  } else {
    $("status").textContent = `Waiting for ${view.to_move_label || "the dice"}${view.waiting_for_bot ? " (bot)" : ""}...`;
  }
  $("actions").innerHTML = "";
  for (const a of view.actions) {
    const button = document.createElement("button");
    button.textContent = a.text;
    button.dataset.index = a.index;
    button.addEventListener("click", () => send("act", { index: a.index }));
    $("actions").appendChild(button);
  }
  $("undo").hidden = !view.can_undo;
  $("log").innerHTML = view.log.slice().reverse().map((line) => `<li>${escape(line)}</li>`).join("");
}

async function send(verb, body) {
  $("error").textContent = "";
  const response = await fetch(`${api}/${verb}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) $("error").textContent = data.error;
  refresh();
}

$("undo").addEventListener("click", () => send("undo", {}));

let replayReady = false;
async function setUpReplay() {
  if (replayReady) return;
  replayReady = true;
  const first = await (await fetch(`${api}/replay?step=0`)).json();
  $("replay").hidden = false;
  $("step").max = first.steps;
  $("step").value = first.steps;
  $("steplabel").textContent = `step ${first.steps} of ${first.steps}`;
  $("step").addEventListener("input", async () => {
    const frame = await (await fetch(`${api}/replay?step=${$("step").value}`)).json();
    $("board").innerHTML = frame.board_html;
    $("steplabel").textContent = `step ${frame.step} of ${frame.steps}: ${frame.last || "set-up"}`;
  });
}

function follow() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}${api}/ws`);
  socket.onmessage = (message) => {
    const { version } = JSON.parse(message.data);
    if (version !== shownVersion) refresh();
  };
  socket.onclose = () => setTimeout(follow, 2000);
}

takeSeat().then(() => {
  refresh();
  follow();
});
