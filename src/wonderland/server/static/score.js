// The score calculator page: the same calculator as `wonderland score`, on the server. Each
// player's part is picked (a stepper per number; a field of the game's own kind by the game's
// widget module) or typed ("Type it instead"); both fill the same inputs, so the server gets
// the same request either way and stays the judge of it (offline, the same code in the
// browser: offline-api.js).
//
// A game's widget module (its calculator's `web_widgets`, in the game's web folder) exports
// `widgets`, per field kind: `box(field, p, value, page)`, player p's part as picked;
// optionally `panel(field, page)`, one for the page ({ label, body, bar, refresh }: nodes above
// the players and in the bottom bar, redrawn by `refresh()`); optionally
// `check(field, entries)`, why picking cannot show typed entries (null: it can). It may export
// `styles`, stylesheets next to it. `page` is below.
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { ask } from "/static/offline-api.js";
import { startValue, stepper } from "/static/score-steppers.js";
import { prose } from "/static/words.js";

const gameId = location.pathname.split("/").pop();
const $ = (id) => document.getElementById(id);
let form = null;
let typed = false;   // "Type it instead": plain inputs, as the terminal asks
let widgets = {};    // the game's widgets by field kind
let panels = [];     // their panels on the page

/** What the page offers a game's widgets. */
const page = {
  get content() { return form.content || {}; },
  /** The inputs of field `key`, in seat order. */
  inputs: (key) => [...document.querySelectorAll(`.entry .field[data-key="${key}"]`)],
  names: () => [...document.querySelectorAll(".entry .name")].map((input) => input.value.trim()),
  /** Whether the variant `name` is chosen. */
  checked: (name) => Boolean(document.querySelector(`#variants input[name="${name}"]:checked`)),
  /** A value changed: a result on show may be stale. */
  changed: () => hideResultIfStale(),
  /** Redraw the panels from the inputs. */
  refresh: () => refreshPanels(),
};

function refreshPanels() {
  for (const panel of panels) panel.refresh();
}

/** What each player's inputs hold now: [{ name, <field>: text }]. */
function entries() {
  return [...document.querySelectorAll(".entry")].map((row) => {
    const entry = { name: row.querySelector(".name").value };
    for (const input of row.querySelectorAll(".field")) entry[input.dataset.key] = input.value;
    return entry;
  });
}

function typedBox(field, p, value) {
  return el("span", { class: "field-box" },
    el("label", { for: `${field.key}-${p}` }, field.prompt),
    el("input", { id: `${field.key}-${p}`, "data-key": field.key, class: field.example.length > 12 ? "field wide" : "field", placeholder: field.blank ?? field.example, title: `e.g. ${field.example}`, value: value || "", autocomplete: "off" }));
}

function pickedBox(field, p, value) {
  if (field.kind === "number") return stepper({ id: `${field.key}-${p}`, field, value: startValue(field, value), onChange: page.changed });
  const widget = widgets[field.kind];
  return widget ? widget.box(field, p, value, page) : typedBox(field, p, value);
}

function drawEntries(old = entries()) {
  const count = Number($("players").value);
  $("entries").replaceChildren(...Array.from({ length: count }, (_, p) => {
    const values = old[p] || {};
    const name = el("input", { id: `name-${p}`, class: "name", value: values.name || `Player ${p + 1}`, size: "14", autocomplete: "off" });
    name.addEventListener("input", refreshPanels);
    const fields = form.fields.map((field) => (typed ? typedBox : pickedBox)(field, p, values[field.key]));
    return el("div", { class: `entry${typed ? " typed" : " picked"}` },
      el("p", { class: "entry-head" }, el("label", { for: `name-${p}` }, `Seat ${p + 1}`), name), ...fields);
  }));
  refreshPanels();
}

/** Switch between picking and typing; a text the game's widgets cannot show keeps typing. */
function setMode(wantTyped) {
  const old = entries();
  if (!wantTyped) {
    const problems = form.fields.map((field) => widgets[field.kind]?.check?.(field, old)).filter(Boolean);
    if (problems.length) {
      showProblems(problems);
      return;
    }
  }
  typed = wantTyped;
  $("mode").setAttribute("aria-pressed", String(typed));
  $("mode-label").textContent = typed ? "Pick instead" : "Type it instead";
  showPanels();
  drawEntries(old);
}

function showPanels() {
  $("picker").hidden = typed || !panels.length;
  $("picker-bar").hidden = typed || !panels.length;
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
    el("p", { class: "scores-more", id: "scores-more", hidden: "" }, "More columns to the right: swipe the table sideways."),
    el("ul", { class: "notes" }, ...report.notes.map((n) => el("li", {}, prose(n)))),
    el("p", { class: "explanation" }, prose(report.explanation)));
  $("result").classList.remove("stale");
  $("result").hidden = false;
  watchWidth($("result").querySelector(".scores-wrap"));
}

/** A score table wider than the screen (a phone) fades at its right edge and says that it
 * scrolls, until it is scrolled to its end. */
function watchWidth(wrap) {
  const mark = () => {
    const more = wrap.scrollLeft + wrap.clientWidth < wrap.scrollWidth - 1;
    wrap.classList.toggle("more-right", more);
    $("scores-more").hidden = !more;
  };
  wrap.addEventListener("scroll", mark, { passive: true });
  new ResizeObserver(mark).observe(wrap);
}

function request() {
  const variants = {};
  for (const box of document.querySelectorAll("#variants input")) if (box.checked) variants[box.name] = true;
  return { players: entries(), variants };
}

$("score-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!form || !$("entries").children.length) return;  // not drawn yet: nothing to score
  const body = request();
  // The form's own check answers 200 with the problems, so a refusal is no failed request.
  const { ok, data } = await ask("POST", `/api/score/${gameId}/check`, body);
  if (!ok || !data.report) {
    showProblems(data.problems || ["The scores could not be calculated; please try again."]);
    $("result").hidden = true;
    $("problems").scrollIntoView({ block: "nearest" });
    return;
  }
  $("problems").hidden = true;
  shown = JSON.stringify(body);
  showReport(data.report);
  $("result-title").focus({ preventScroll: true });
  $("result").scrollIntoView({ block: "start", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
});

/** The game's widget module and its stylesheets; without one (or if it fails to load) its
 *  fields are typed, and the error is still reported. */
async function loadWidgets() {
  if (!form.widgets) return;
  try {
    const module = await import(form.widgets);
    for (const name of module.styles || []) loadStyles(new URL(name, new URL(form.widgets, location.href)).pathname);
    widgets = module.widgets || {};
  } catch (error) {
    setTimeout(() => { throw error; });
  }
}

/** The game's panels, once the players' parts are drawn. */
function setUpPanels() {
  panels = form.fields.flatMap((field) => {
    const widget = widgets[field.kind];
    return widget && widget.panel ? [widget.panel(field, page)] : [];
  });
  if (!panels.length) return;
  $("picker").setAttribute("aria-label", panels.map((panel) => panel.label).join(", "));
  $("picker").replaceChildren(...panels.flatMap((panel) => panel.body));
  $("picker-bar").replaceChildren(...panels.flatMap((panel) => panel.bar || []));
  showPanels();
}

async function main() {
  form = (await ask("GET", `/api/score/${gameId}`)).data;
  // The widgets first: nothing can be chosen or typed until the players' parts are drawn
  // with them (drawing them afterwards would wipe what was typed meanwhile).
  await loadWidgets();
  $("game-name").textContent = form.name;
  document.title = `${form.name} score calculator · Wonderland Table`;
  for (let n = form.min_players; n <= form.max_players; n++) $("players").append(el("option", { value: n }, String(n)));
  $("players").value = String(Math.min(Math.max(3, form.min_players), form.max_players));
  $("players").addEventListener("change", () => drawEntries());
  $("variants").replaceChildren(...form.variants.map((v) => el("p", { class: "variant" },
    el("input", { type: "checkbox", id: `v-${v.name}`, name: v.name, onchange: () => { refreshPanels(); hideResultIfStale(); } }), " ",
    el("label", { for: `v-${v.name}` }, el("code", {}, v.name), ` — ${v.help} `), el("span", { class: "clause" }, `(${v.clause})`))));
  $("variants-box").hidden = !form.variants.length;
  drawEntries([]);
  $("mode").addEventListener("click", () => setMode(!typed));
  setUpPanels();
  for (const id of ["players", "mode", "calculate"]) $(id).disabled = false;  // ready
}

main();
