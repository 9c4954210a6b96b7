// "Suggest a move" at the table page: the seat asks the server which move the `hard` level
// would make now. The answer (for this seat alone) is shown beside the board with its reason
// and the best moves weighed, and the suggested move is marked on the picture until the
// table moves on. Words from the server are inserted as text only.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { SidePanel } from "/static/side-panel.js";

let ctx = null;        // the page's last render context
let advice = null;     // the last advice message, or null
let asked = null;      // the version asked about and not yet answered, or null

const side = new SidePanel("advice", {
  ask: () => [icon("star"), el("span", { class: "advice-ask-words" }, " Suggest a move")],
  onAsk: ask,
  // At the top of the side column, beside the board on a wide screen and right below it on
  // a phone: the board never shifts when the suggestion comes and goes.
  place: (bar, panel) => {
    const column = document.querySelector(".table-side");
    if (column) column.prepend(bar, panel);
    else document.getElementById("board").after(bar, panel);
  },
});

function ask() {
  if (!ctx || ctx.offline || !ctx.state) return;
  asked = ctx.state.version;
  ctx.send({ type: "advice", version: asked });
  drawBar();
}

function open(state) {
  return Boolean(state && !ctx.replay && !state.waiting && !state.finished && !state.expired && (state.legal || []).length);
}

// Whether the advice still answers the state shown: the same version at a turn-based table,
// the same move still open at a real-time one.
function current(state) {
  if (!advice || !open(state)) return false;
  if (state.live) return state.legal.some((a) => a.id === advice.action);
  return advice.version === state.version;
}

function percent(share) {
  return `${Math.round(share * 100)} %`;
}

function value(move) {
  if (move.value === null || move.value === undefined) return "";
  const shown = /chance|fraction|share/.test(advice.value_label) ? percent(move.value) : move.value.toFixed(1);
  return ` · ${advice.value_label} ${shown}`;
}

function drawPanel(state) {
  if (!current(state)) {
    side.hide();
    return;
  }
  const moves = advice.alternatives.map((move) => el("li", { class: move.id === advice.action ? "advice-best" : null },
    el("span", { class: "advice-move" }, move.label),
    el("span", { class: "advice-figures" }, ` — preferred ${percent(move.share)}${value(move)}`)));
  side.show(
    side.heading("star", ` Suggested: ${advice.label}`,
      el("button", { type: "button", class: "advice-close", "aria-label": "Hide the suggestion", title: "Hide the suggestion", onclick: () => { advice = null; redraw(); } }, icon("close"))),
    el("p", { class: "advice-reason" }, advice.reason),
    el("ol", { class: "advice-moves", "aria-label": `The best moves the ${advice.level} level weighed` }, ...moves));
}

function drawBar() {
  const state = ctx && ctx.state;
  side.bar.hidden = !open(state);
  const waiting = asked !== null && state && asked === state.version;
  side.button.disabled = Boolean(ctx && ctx.offline) || waiting;
  side.button.lastChild.textContent = waiting ? " Thinking…" : " Suggest a move";
}

// The suggested move's controls on the picture: those of its action id (or a control that
// opens a choice among several, data-actions), else the cards its label names (buttons with data-card).
function mark(state) {
  const board = document.getElementById("board");
  for (const node of board.querySelectorAll(".advised")) node.classList.remove("advised");
  if (!current(state)) return;
  const id = CSS.escape(String(advice.action));
  let nodes = [...board.querySelectorAll(`[data-action="${id}"], [data-actions~="${id}"]`)];
  if (!nodes.length) {
    nodes = advice.label.split(" ").flatMap((word) => [...board.querySelectorAll(`button[data-card="${CSS.escape(word)}"]`)]);
  }
  for (const node of nodes) node.classList.add("advised");
}

function redraw() {
  const state = ctx && ctx.state;
  if (asked !== null && (!state || state.version !== asked) && !(state && state.live)) asked = null;
  drawBar();
  drawPanel(state);
  mark(state);
}

/** Draw the suggestion controls for the page's context ({ state, send, offline, replay }). */
export function adviceRender(context) {
  ctx = context;
  side.build();
  redraw();
}

/** An advice message from the server, or a refusal of the last ask (clears "Thinking…"). */
export function adviceMessage(message) {
  if (message.type === "advice") advice = message;
  asked = null;
  if (ctx) redraw();
}
