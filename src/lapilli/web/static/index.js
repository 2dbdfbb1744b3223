// The lobby: pick a game, seats and options; create a table and share its seat links.
const $ = (id) => document.getElementById(id);

let games = [];

async function load() {
  const data = await (await fetch("/api/games")).json();
  games = data.games;
  $("game").innerHTML = games.map((g) => `<option value="${g.id}">${g.title} (${g.players})</option>`).join("");
  $("bots").textContent = "Bots: " + data.bots.join(", ");
  showHelp();
  const tables = await (await fetch("/api/tables")).json();
  $("tables").innerHTML = tables.tables
    .map((t) => `<li><a href="/table/${t.table}">${t.game} ${t.table}</a></li>`)
    .join("");
}

function showHelp() {
  const game = games.find((g) => g.id === $("game").value);
  if (!game) return;
  $("seats").value = ["human"].concat(Array(game.default_players - 1).fill("random")).join(",");
  $("help").innerHTML = game.options
    .map((o) => `<div><code>${o.name}=${o.default}</code> ${o.help}</div>`)
    .join("");
}

$("game").addEventListener("change", showHelp);
$("new").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("error").textContent = "";
  const body = {
    game: $("game").value,
    seats: $("seats").value.split(",").map((s) => s.trim()).filter(Boolean),
    options: $("options").value.split(/\s+/).filter(Boolean),
    private: $("private").checked,
  };
  const response = await fetch("/api/tables", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error || "could not create the table";
    return;
  }
  $("links").innerHTML =
    "<p>Share each link with its player (it is their secret seat):</p><ul>" +
    data.seats
      .map((s) => `<li>${s.label}: ${s.link ? `<a href="${s.link}">${location.origin}${s.link}</a>` : "bot"}</li>`)
      .join("") +
    `<li>Watchers: <a href="${data.watch}">${location.origin}${data.watch}</a></li></ul>`;
});

load();
