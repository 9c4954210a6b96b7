// The score calculator page: the same calculator as `wonderland score`, on the server.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

const gameId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let form = null;

function drawEntries() {
  const count = Number($("players").value);
  const old = [...document.querySelectorAll(".entry")].map((row) =>
    [...row.querySelectorAll("input")].map((input) => input.value));
  $("entries").replaceChildren(...Array.from({ length: count }, (_, p) => {
    const values = old[p] || [];
    const name = el("input", { id: `name-${p}`, class: "name", value: values[0] || `Player ${p + 1}`, size: "14" });
    const fields = form.fields.map((field, i) => el("span", { class: "field-box" },
      el("label", { for: `${field.key}-${p}` }, field.prompt),
      el("input", { id: `${field.key}-${p}`, "data-key": field.key, class: field.example.length > 12 ? "field wide" : "field", placeholder: field.blank ?? field.example, title: `e.g. ${field.example}`, value: values[i + 1] || "" })));
    return el("p", { class: "entry" }, el("label", { for: `name-${p}` }, `Seat ${p}`), name, ...fields);
  }));
}

function showReport(report) {
  const head = el("tr", {}, el("th", {}, "player"), ...report.columns.map((c) => el("th", {}, c)), el("th", {}, "total"));
  const rows = report.players.map((p) => el("tr", { class: p.winner ? "winner" : null },
    el("td", {}, p.name, p.winner ? el("span", { class: "win-mark" }, " ", icon("star", "winner")) : null), ...p.cells.map((c) => el("td", {}, c)), el("td", { class: "total" }, String(p.total))));
  $("result").replaceChildren(
    el("h2", {}, `Scores (${report.lowest_wins ? "lowest" : "highest"} total wins)`),
    el("div", { class: "scores-wrap", tabindex: "0", role: "region", "aria-label": "the scores" },
      el("table", { class: "scores" }, el("thead", {}, head), el("tbody", {}, ...rows))),
    el("ul", { class: "notes" }, ...report.notes.map((n) => el("li", {}, n))),
    el("p", { class: "explanation" }, report.explanation));
  $("result").hidden = false;
}

$("score-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const players = [...document.querySelectorAll(".entry")].map((row) => {
    const entry = { name: row.querySelector(".name").value };
    for (const input of row.querySelectorAll(".field")) entry[input.dataset.key] = input.value;
    return entry;
  });
  const variants = {};
  for (const box of document.querySelectorAll("#variants input")) if (box.checked) variants[box.name] = true;
  const response = await fetch(`/api/score/${gameId}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ players, variants }),
  });
  const data = await response.json();
  if (!response.ok) {
    const problems = data.detail && data.detail.problems ? data.detail.problems : [JSON.stringify(data.detail)];
    $("problems").replaceChildren(el("p", {}, "Please correct:"), el("ul", {}, ...problems.map((p) => el("li", {}, p))));
    $("problems").hidden = false;
    $("result").hidden = true;
    return;
  }
  $("problems").hidden = true;
  showReport(data);
});

async function main() {
  form = await (await fetch(`/api/score/${gameId}`)).json();
  $("game-name").textContent = form.name;
  document.title = `${form.name} score calculator · Wonderland Table`;
  for (let n = form.min_players; n <= form.max_players; n++) $("players").append(el("option", { value: n }, String(n)));
  $("players").value = String(Math.min(Math.max(3, form.min_players), form.max_players));
  $("players").addEventListener("change", drawEntries);
  drawEntries();
  $("variants").replaceChildren(...form.variants.map((v) => el("p", { class: "variant" },
    el("input", { type: "checkbox", id: `v-${v.name}`, name: v.name }), " ",
    el("label", { for: `v-${v.name}` }, el("code", {}, v.name), ` — ${v.help} `), el("span", { class: "clause" }, `(${v.clause})`))));
  $("variants-box").hidden = !form.variants.length;
}

main();
