// The score calculator page: the same calculator as `wonderland score`, on the server. Each
// player's part is picked (Parade: their cards on a grid of the 66 cards; Wonderland's War:
// a stepper per scoring part) or typed ("Type it instead"); both fill the same inputs, so the
// server gets the same request either way and stays the judge of it.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { ruleRef } from "/static/words.js";
import { parseQuests, questPicker, startValue, stepper } from "/static/score-steppers.js";

const gameId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let form = null;
let typed = false;   // "Type it instead": plain inputs, as the terminal asks
let picker = null;   // the card picker, for a game scored from collected cards

/** What each player's inputs hold now: [{ name, <field>: text }]. */
function entries() {
  return [...document.querySelectorAll(".entry")].map((row) => {
    const entry = { name: row.querySelector(".name").value };
    for (const input of row.querySelectorAll(".field")) entry[input.dataset.key] = input.value;
    return entry;
  });
}

function cardsField() {
  return form.fields.find((field) => field.kind === "cards") || null;
}

function typedBox(field, p, value) {
  return el("span", { class: "field-box" },
    el("label", { for: `${field.key}-${p}` }, field.prompt),
    el("input", { id: `${field.key}-${p}`, "data-key": field.key, class: field.example.length > 12 ? "field wide" : "field", placeholder: field.blank ?? field.example, title: `e.g. ${field.example}`, value: value || "", autocomplete: "off" }));
}

function pickedBox(field, p, value) {
  const changed = () => hideResultIfStale();
  if (field.kind === "number") return stepper({ id: `${field.key}-${p}`, field, value: startValue(field, value), onChange: changed });
  if (field.kind === "quests") return questPicker({ field, p, text: value, onChange: changed });
  if (field.kind === "cards") {
    const input = el("input", { id: `${field.key}-${p}`, "data-key": field.key, class: "field wide cards-text", value: value || "", autocomplete: "off", placeholder: "tap the cards below, or type R3 R7 B0" });
    input.addEventListener("input", () => picker && picker.refresh());
    return el("div", { class: "cards-box" },
      el("label", { for: `${field.key}-${p}` }, field.label, " ", field.clause ? ruleRef(field.clause) : null),
      input,
      el("div", { class: "score-counts", id: `counts-${p}`, "aria-label": "cards per colour" }));
  }
  return typedBox(field, p, value);
}

function drawEntries(old = entries()) {
  const count = Number($("players").value);
  $("entries").replaceChildren(...Array.from({ length: count }, (_, p) => {
    const values = old[p] || {};
    const name = el("input", { id: `name-${p}`, class: "name", value: values.name || `Player ${p + 1}`, size: "14", autocomplete: "off" });
    name.addEventListener("input", () => picker && picker.refresh());
    const fields = form.fields.map((field) => (typed ? typedBox : pickedBox)(field, p, values[field.key]));
    return el("div", { class: `entry${typed ? " typed" : " picked"}` },
      el("p", { class: "entry-head" }, el("label", { for: `name-${p}` }, `Seat ${p}`), name), ...fields);
  }));
  if (picker) picker.refresh();
}

/** Switch between picking and typing; a quests text the steppers cannot show keeps typing. */
function setMode(wantTyped) {
  const old = entries();
  if (!wantTyped) {
    const quests = form.fields.filter((field) => field.kind === "quests");
    const bad = old.flatMap((entry) => quests.filter((field) => parseQuests(entry[field.key]) === null)
      .map((field) => `${entry.name}: ${field.label} "${entry[field.key]}"`));
    if (bad.length) {
      showProblems([`The steppers cannot show ${bad.join(", ")}: write each quest as feat/objective points (e.g. 3/2 -/4), or clear it.`]);
      return;
    }
  }
  typed = wantTyped;
  $("mode").setAttribute("aria-pressed", String(typed));
  $("mode-label").textContent = typed ? "Pick instead" : "Type it instead";
  $("picker").hidden = typed || !picker;
  $("score-chips-box").hidden = typed || !picker;
  drawEntries(old);
}

function showProblems(problems) {
  $("problems").replaceChildren(el("p", {}, icon("warning"), " Please correct:"), el("ul", {}, ...problems.map((p) => el("li", {}, p))));
  $("problems").hidden = false;
}

let shown = null;    // the request of the result on show

function hideResultIfStale() {
  if (shown !== null && JSON.stringify(request()) !== shown) $("result").classList.add("stale");
}

function showReport(report) {
  const head = el("tr", {}, el("th", {}, "player"), ...report.columns.map((c) => el("th", {}, c)), el("th", {}, "total"));
  const rows = report.players.map((p) => el("tr", { class: p.winner ? "winner" : null },
    el("td", {}, p.name, p.winner ? el("span", { class: "win-mark" }, " ", icon("star", "winner")) : null), ...p.cells.map((c) => el("td", {}, c)), el("td", { class: "total" }, String(p.total))));
  $("result").replaceChildren(
    el("h2", { id: "result-title", tabindex: "-1" }, `Scores (${report.lowest_wins ? "lowest" : "highest"} total wins)`),
    el("div", { class: "scores-wrap", tabindex: "0", role: "region", "aria-label": "the scores" },
      el("table", { class: "scores" }, el("thead", {}, head), el("tbody", {}, ...rows))),
    el("ul", { class: "notes" }, ...report.notes.map((n) => el("li", {}, n))),
    el("p", { class: "explanation" }, report.explanation));
  $("result").classList.remove("stale");
  $("result").hidden = false;
}

function request() {
  const variants = {};
  for (const box of document.querySelectorAll("#variants input")) if (box.checked) variants[box.name] = true;
  return { players: entries(), variants };
}

$("score-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const body = request();
  const response = await fetch(`/api/score/${gameId}`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) {
    showProblems(data.detail && data.detail.problems ? data.detail.problems : [JSON.stringify(data.detail)]);
    $("result").hidden = true;
    $("problems").scrollIntoView({ block: "nearest" });
    return;
  }
  $("problems").hidden = true;
  shown = JSON.stringify(body);
  showReport(data);
  $("result-title").focus({ preventScroll: true });
  $("result").scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
});

/** The majority rule of the chosen variants, for the live counts (P32, P36, A7). */
function majorityRule(players) {
  const checked = (name) => Boolean(document.querySelector(`#variants input[name="${name}"]:checked`));
  return {
    lead: players === 2 && !checked("two_player_plain_majority") ? 2 : 0,
    all_equal_no_majority: checked("all_equal_no_majority"),
  };
}

async function setUpPicker() {
  const field = cardsField();
  if (!field) return;
  const { cardPicker } = await import("/static/score-cards.js");
  picker = cardPicker({
    colours: (form.content && form.content.colours) || [],
    inputs: () => [...document.querySelectorAll(`.entry .field[data-key="${field.key}"]`)],
    names: () => [...document.querySelectorAll(".entry .name")].map((input) => input.value.trim()),
    rule: majorityRule,
  });
  $("picker").replaceChildren(
    el("h2", { class: "picker-title" }, "Tap each player's cards"),
    el("p", { class: "meta" }, "Choose the player at the bottom, then tap the cards they collected, the 2 kept at the end included (P28). A second tap puts a card back."),
    picker.root);
  $("score-chips").replaceChildren(picker.chips);
  $("score-notice").replaceChildren(picker.notice);
  $("picker").hidden = typed;
  $("score-chips-box").hidden = typed;
  document.head.append(el("link", { rel: "stylesheet", href: "/games/parade/renderer.css" }));
  picker.choose(0);
}

async function main() {
  form = await (await fetch(`/api/score/${gameId}`)).json();
  $("game-name").textContent = form.name;
  document.title = `${form.name} score calculator · Wonderland Table`;
  for (let n = form.min_players; n <= form.max_players; n++) $("players").append(el("option", { value: n }, String(n)));
  $("players").value = String(Math.min(Math.max(3, form.min_players), form.max_players));
  $("players").addEventListener("change", () => drawEntries());
  $("variants").replaceChildren(...form.variants.map((v) => el("p", { class: "variant" },
    el("input", { type: "checkbox", id: `v-${v.name}`, name: v.name, onchange: () => { if (picker) picker.refresh(); hideResultIfStale(); } }), " ",
    el("label", { for: `v-${v.name}` }, el("code", {}, v.name), ` — ${v.help} `), el("span", { class: "clause" }, `(${v.clause})`))));
  $("variants-box").hidden = !form.variants.length;
  drawEntries([]);
  $("mode").addEventListener("click", () => setMode(!typed));
  await setUpPicker();
}

main();
