// A lesson: each step's rule, the board (board.js) whose highlighted places are the legal
// moves, every move the learner may try (the rules' tempting refusals among them), and
// what a move comes to: the step done, the rules' refusal, or what the step asks instead.
const game = location.pathname.split("/").pop();
const api = `/api/lessons/${game}`;
let outline = null; // the lesson: its title, about, learner, steps
let shown = null; // the step shown

async function getJson(url, options) {
  const response = await fetch(url, options);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error);
  return data;
}

async function start() {
  outline = await getJson(api);
  $("title").textContent = outline.title;
  $("who").textContent = `you are ${outline.learner}`;
  $("about").textContent = outline.about;
  document.title = `${outline.title} \u00B7 lapilli`;
  await showStep(0);
}

async function showStep(step) {
  shown = await getJson(`${api}/${step}`);
  document.body.dataset.step = String(step);
  document.body.dataset.state = "asking";
  $("progress").textContent = `Step ${step + 1} of ${shown.steps}`;
  $("steptitle").textContent = shown.title;
  $("rule").textContent = `The rule: ${shown.rule}`;
  $("say").textContent = shown.say;
  $("ask").textContent = shown.ask;
  $("verdict").textContent = "";
  $("verdict").className = "";
  $("news").replaceChildren();
  $("next").hidden = $("again").hidden = true;
  showBoard(shown.svg, shown.board_html);
  showChoices();
}

// The moves with no place on the board, and the traps, are buttons in the bar; every
// move is in the list as well.
function showChoices() {
  const onBoard = new Set(
    [...document.querySelectorAll("#board .target")].flatMap((t) =>
      (t.dataset.action ?? t.dataset.actions).split(" ").map(Number),
    ),
  );
  const button = (c, i) => {
    const b = element("button", c.label, { type: "button" });
    b.addEventListener("click", () => tryMove(i));
    return b;
  };
  $("actions").replaceChildren(...shown.choices.map(button));
  $("count").textContent = shown.choices.length;
  const off = shown.choices.map((c, i) => [c, i]).filter(([c]) => c.legal === null || !onBoard.has(c.legal));
  $("extra").replaceChildren();
  if (off.length && off.length <= 12) {
    $("extra").append(element("span", "Also: "), ...off.map(([c, i]) => button(c, i)));
  }
  $("moves").open = off.length > 12;
}

$("board").addEventListener("click", (event) => pickTarget(event.target.closest(".target")));
$("board").addEventListener("keydown", (event) => {
  const target = event.target.closest(".target");
  if (!target || (event.key !== "Enter" && event.key !== " ")) return;
  event.preventDefault();
  pickTarget(target);
});

function pickTarget(target) {
  if (!target || !shown || document.body.dataset.state !== "asking") return;
  const legal = (target.dataset.action ?? target.dataset.actions ?? "").split(" ").filter(Boolean).map(Number);
  const choices = shown.choices.map((c, i) => [c, i]).filter(([c]) => legal.includes(c.legal));
  if (choices.length === 1) tryMove(choices[0][1]);
  else if (choices.length) {
    $("extra").replaceChildren(element("span", "This place stands for several moves: "));
    for (const [c, i] of choices) {
      const b = element("button", c.label, { type: "button" });
      b.addEventListener("click", () => tryMove(i));
      $("extra").append(b);
    }
  }
}

async function tryMove(choice) {
  if (document.body.dataset.state !== "asking") return;
  const answer = await getJson(`${api}/${shown.step}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ choice }),
  });
  if (answer.verdict !== "right") {
    const mark = answer.verdict === "refused" ? "Not allowed" : "Not this one";
    $("verdict").textContent = `\u2717 ${mark}: ${answer.text}`;
    $("verdict").className = "wrong";
    return;
  }
  document.body.dataset.state = "done";
  $("verdict").textContent = `\u2713 ${answer.text}`;
  $("verdict").className = "right";
  $("news").replaceChildren(...answer.log.map((line) => element("li", `\u2022 ${line}`)));
  $("extra").replaceChildren();
  showBoard(answer.svg, answer.board_html);
  const last = shown.step + 1 >= shown.steps;
  $("next").hidden = last;
  $("again").hidden = !last;
  if (last) $("progress").textContent = "Lesson complete: you have played every step.";
  (last ? $("again") : $("next")).focus();
}

$("next").addEventListener("click", () => showStep(shown.step + 1));
$("again").addEventListener("click", () => showStep(0));
narrow.addEventListener("change", () => shown && showBoard(shown.svg, shown.board_html));

start().catch((error) => ($("verdict").textContent = error.message));
