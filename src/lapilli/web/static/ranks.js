// The leaderboard of a game, and a player's page: ratings (with the server's drawing of
// their history), finished games and results. Every name is shown as text, never HTML.
const $ = (id) => document.getElementById(id);

function element(tag, text, props = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return Object.assign(node, props);
}


let titles = {};
async function loadGames() {
  const data = await (await fetch("/api/games")).json();
  titles = Object.fromEntries(data.games.map((g) => [g.id, g.title]));
  return data.games;
}

async function leaderboard() {
  const games = await loadGames();
  const chosen = new URLSearchParams(location.search).get("game") || games[0].id;
  $("game").replaceChildren(...games.map((g) => element("option", g.title, { value: g.id })));
  $("game").value = chosen;
  $("game").addEventListener("change", () => {
    history.replaceState(null, "", `?game=${$("game").value}`);
    showBoard($("game").value);
  });
  showBoard(chosen);
}

async function showBoard(game) {
  const response = await fetch(`/api/leaderboard?game=${encodeURIComponent(game)}`);
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  const rows = data.players.map((p) => {
    const row = element("tr");
    const who = element("td");
    who.append(element("a", p.name, { href: `/player/${p.player}` }));
    row.append(element("td", String(p.rank), { className: "n" }), who);
    row.append(element("td", p.rating.toFixed(1), { className: "n" }));
    row.append(element("td", `${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)}`, { className: "n" }));
    row.append(element("td", String(p.games), { className: "n" }));
    return row;
  });
  if (!rows.length) {
    const none = element("tr");
    none.append(element("td", "Nobody has played a rated game of it yet.", { colSpan: 5 }));
    rows.push(none);
  }
  $("ranking").tBodies[0].replaceChildren(...rows);
}

async function playerPage() {
  await loadGames();
  const id = location.pathname.split("/").pop();
  const response = await fetch(`/api/players/${id}`);
  const data = await response.json();
  if (!response.ok) {
    $("error").textContent = data.error;
    return;
  }
  $("name").textContent = data.name;
  document.title = `${data.name} · lapilli`;
  const parts = data.ratings.map((r) => {
    const part = element("div");
    part.append(element("h3", titles[r.game] || r.game));
    part.append(element("p", `Rating ${r.rating.toFixed(1)} (skill ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}) after ${r.games} rated game${r.games === 1 ? "" : "s"}.`));
    const plot = element("img", undefined, {
      src: `/api/players/${id}/rating.svg?game=${r.game}`,
      alt: `${data.name}'s skill at ${titles[r.game] || r.game}, game by game`,
      className: "plot",
      width: 320,
      height: 120,
    });
    part.append(plot);
    return part;
  });
  $("ratings").replaceChildren(...(parts.length ? parts : [element("p", "No rated game yet.")]));
  const rows = data.games.map((g) => {
    const row = element("tr");
    const link = element("td");
    link.append(element("a", g.table, { href: `/table/${g.table}` }));
    row.append(element("td", titles[g.game] || g.game), link, element("td", g.label));
    row.append(element("td", g.outcome || "not rated"));
    return row;
  });
  if (!rows.length) {
    const none = element("tr");
    none.append(element("td", "No finished game yet.", { colSpan: 4 }));
    rows.push(none);
  }
  $("games").tBodies[0].replaceChildren(...rows);
}

if (location.pathname.startsWith("/player/")) playerPage();
else leaderboard();
