// The lobby: a game from the list, each seat a human or a bot with its parameters, the
// game's variant options as typed fields; create the table and share its seat links.
const $ = (id) => document.getElementById(id);

let games = [];
let botParams = {};

function element(tag, text, props = {}) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return Object.assign(node, props);
}

// A field for one typed value (an option or a bot parameter): returns the label and a
// function reading the value back, typed.
function field(spec, idPrefix) {
  const id = `${idPrefix}-${spec.name}`;
  const label = element("label", undefined, { htmlFor: id });
  let input;
  let read;
  if (spec.kind === "bool") {
    input = element("input", undefined, { type: "checkbox", checked: Boolean(spec.default) });
    read = () => input.checked;
    label.append(input, ` ${spec.name.replaceAll("_", " ")}`);
  } else {
    if (spec.choices && spec.choices.length) {
      input = element("select");
      for (const choice of spec.choices) input.append(element("option", String(choice), { value: String(choice) }));
      input.value = String(spec.default);
      read = () => spec.choices.find((c) => String(c) === input.value);
    } else if (["int", "float"].includes(spec.kind)) {
      input = element("input", undefined, { type: "number", step: spec.kind === "int" ? "1" : "any" });
      if (spec.minimum !== null && spec.minimum !== undefined) input.min = spec.minimum;
      if (spec.maximum !== null && spec.maximum !== undefined) input.max = spec.maximum;
      if (spec.default !== null) input.value = spec.default;
      else input.placeholder = "auto";
      read = () => (input.value === "" ? null : Number(input.value));
    } else {
      input = element("input", undefined, { type: "text", value: spec.default ?? "" });
      read = () => input.value;
    }
    label.append(`${spec.name.replaceAll("_", " ")} `, input);
  }
  input.id = id;
  input.name = spec.name;
  const help = element("small", spec.help, { id: `${id}-help`, className: "help" });
  input.setAttribute("aria-describedby", help.id);
  label.append(element("br"), help);
  return [label, read];
}

async function load() {
  const data = await (await fetch("/api/games")).json();
  games = data.games;
  botParams = data.bot_params;
  $("game").replaceChildren(...games.map((g) => element("option", `${g.title} (${g.players})`, { value: g.id })));
  showGame();
  showMe();
  showOpen();
  const tables = await (await fetch("/api/tables")).json();
  if (!tables.tables.length) $("tables").replaceChildren(element("li", "none yet"));
  else $("tables").replaceChildren(
    ...tables.tables.map((t) => {
      const item = element("li");
      item.append(element("a", `${t.game} ${t.table}`, { href: `/table/${t.table}` }));
      return item;
    }),
  );
}

const game = () => games.find((g) => g.id === $("game").value);
let readOptions = [];
let readSeats = [];

function showGame() {
  const g = game();
  $("about").textContent = `${g.title}: ${g.players} players. ${g.seat_bot_note}`;
  $("learn").textContent = `Learn to play ${g.title}`;
  $("players").replaceChildren(...g.counts.map((n) => element("option", String(n), { value: String(n) })));
  $("players").value = String(g.default_players);
  $("seats").replaceChildren(); // another game: its own seats, the bots it fills them with
  showSeats();
  readOptions = [];
  $("options").replaceChildren(
    ...g.options.map((o) => {
      const [label, read] = field(o, "option");
      readOptions.push([o, read]);
      return label;
    }),
  );
  if (!g.options.length) $("options").append(element("p", "This game has no variants.", { className: "help" }));
}

function showSeats() {
  const n = Number($("players").value);
  const kept = [...$("seats").querySelectorAll("select.kind")].map((s) => s.value);
  readSeats = [];
  $("seats").replaceChildren();
  for (let i = 0; i < n; i++) {
    const row = element("div", undefined, { className: "seat" });
    const kind = element("select", undefined, { className: "kind", id: `seat-${i}` });
    kind.append(element("option", "human", { value: "human" }));
    for (const bot of Object.keys(botParams)) kind.append(element("option", `bot: ${bot}`, { value: bot }));
    kind.value = kept[i] || (i === 0 ? "human" : game().seat_bot);
    const label = element("label", `Seat ${i + 1} `, { htmlFor: kind.id });
    label.append(kind);
    const params = element("details", undefined, { className: "params" });
    row.append(label, params);
    let reads = [];
    const showParams = () => {
      const specs = botParams[kind.value] || [];
      reads = [];
      params.replaceChildren(element("summary", `${kind.value} bot settings`));
      for (const p of specs) {
        const [field_, read] = field(p, `seat-${i}-${kind.value}`);
        reads.push([p, read]);
        params.append(field_);
      }
      params.hidden = !specs.length;
    };
    kind.addEventListener("change", showParams);
    showParams();
    readSeats.push(() => {
      if (kind.value === "human") return "human";
      const changed = reads.filter(([p, read]) => read() !== p.default && !(read() === null && p.default === null));
      if (!changed.length) return kind.value;
      return `${kind.value}:` + changed.map(([p, read]) => `${p.name}=${read() ?? "auto"}`).join(",");
    });
    $("seats").appendChild(row);
  }
}

// -- the player: a name, their tables ---------------------------------------------------
let me = null;
const titleOf = (id) => (games.find((g) => g.id === id) || { title: id }).title;

async function showMe() {
  const response = await fetch("/api/me");
  me = response.ok ? await response.json() : null;
  $("mine").hidden = !me;
  $("save-name").textContent = me ? "Change your name" : "Play under this name";
  if (!me) return;
  $("name").value = me.name;
  const page = element("a", "your page and ratings", { href: `/player/${me.player}` });
  $("playing-as").replaceChildren(`You play as ${me.name}: `, page);
  const item = (t) => {
    const li = element("li");
    li.append(element("a", `${titleOf(t.game)} ${t.table}`, { href: `/table/${t.table}` }));
    return li;
  };
  $("my-tables").replaceChildren(...(me.tables.length ? me.tables.map(item) : [element("li", "none")]));
  $("my-finished").replaceChildren(
    ...(me.finished.length ? me.finished.map(item) : [element("li", "none yet")]),
  );
}

// (a plain button: the lobby's one submit button is the new table's; Enter still sends)
$("save-name").addEventListener("click", () => $("naming").requestSubmit());
$("naming").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("name-error").textContent = "";
  const response = await fetch("/api/players", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: $("name").value }),
  });
  if (!response.ok) $("name-error").textContent = (await response.json()).error;
  showMe();
});

async function showOpen() {
  const data = await (await fetch("/api/open")).json();
  if (!data.tables.length) {
    $("open").replaceChildren(element("li", "none now: make one below and tick Open"));
    return;
  }
  $("open").replaceChildren(
    ...data.tables.map((t) => {
      const li = element("li", undefined, { className: "open-table" });
      const who = t.seats.map((s) => `${s.label}: ${s.kind === "bot" ? "a bot" : s.name || "free seat"}`);
      li.append(element("strong", t.title), ` · ${who.join(", ")}`);
      if (t.rated) li.append(" · rated");
      if (t.clock) li.append(` · clock: ${t.clock}`);
      li.append(element("br"));
      for (const seat of t.free) {
        const button = element("button", `Sit as ${t.seats[seat].label}`, { type: "button" });
        button.addEventListener("click", () => join(t.table, seat));
        li.append(button);
      }
      return li;
    }),
  );
}

async function join(table, seat) {
  $("join-error").textContent = "";
  const response = await fetch(`/api/tables/${table}/join`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ seat }),
  });
  const data = await response.json();
  if (!response.ok) {
    $("join-error").textContent = data.error;
    showOpen();
    return;
  }
  location.href = `/table/${table}`; // the seat's secret came as this table's cookie
}

function showClock() {
  const kind = $("clock").value;
  $("clock-real").hidden = kind !== "real";
  $("clock-turn").hidden = kind !== "turn";
  $("timeout-line").hidden = !kind;
}
$("clock").addEventListener("change", showClock);

function clockAsked() {
  const kind = $("clock").value;
  if (!kind) return null;
  const clock = { kind, on_timeout: $("on-timeout").value };
  if (kind === "real") Object.assign(clock, { minutes: Number($("minutes").value), increment: Number($("increment").value) });
  else clock.hours = Number($("hours").value);
  return clock;
}

$("game").addEventListener("change", showGame);
$("learn").addEventListener("click", () => (location.href = `/learn/${game().id}`));
$("players").addEventListener("change", showSeats);
$("new").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("error").textContent = "";
  const options = {};
  for (const [o, read] of readOptions) if (read() !== o.default) options[o.name] = read();
  const body = {
    game: $("game").value,
    seats: readSeats.map((read) => read()),
    options,
    private: $("private").checked,
    open: $("open-table").checked,
    rated: $("rated").checked,
  };
  const clock = clockAsked();
  if (clock) body.clock = clock;
  const firstPerson = body.seats.indexOf("human");
  if (me && firstPerson >= 0) body.sit = firstPerson; // the player takes the first person's seat
  const file = $("position").files[0];
  if (file) body.position = await file.text(); // the server reads and checks it
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
  if (data.you !== null && body.open) {
    location.href = `/table/${data.table}`; // the others find it in the lobby
    return;
  }
  const list = element("ul");
  for (const s of data.seats) {
    const item = element("li", `${s.label}: `);
    if (s.seat === data.you) item.append(element("a", "your seat", { href: `/table/${data.table}` }));
    else if (s.link) item.append(element("a", location.origin + s.link, { href: s.link }));
    else item.append(`bot (${s.spec})`);
    list.append(item);
  }
  const watch = element("li", "Watchers: ");
  watch.append(element("a", location.origin + data.watch, { href: data.watch }));
  list.append(watch);
  $("links").replaceChildren(element("p", "Share each link with its player (it is their secret seat):"), list);
});

load();
setInterval(() => document.hidden || showOpen(), 5000); // tables opened meanwhile
