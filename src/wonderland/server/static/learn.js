// The Learn page: a teaching script step by step on the game's drawn table (a move is made by
// clicking it on the table, or typed), then practice tasks, drawn when they have a position;
// the server's hosting aids (the same code as `wonderland teach` and `wonderland practice`) do
// all the judging (offline, the same code in the browser: offline-api.js).
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { ask } from "/static/offline-api.js";
import { prose } from "/static/words.js";

const gameId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

async function post(url, body) {
  const { ok, data } = await ask("POST", url, body);
  if (!ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
  return data;
}

/** A tick for a right answer, a cross for a wrong one (announced as words). */
function verdictIcon(right) {
  return icon(right ? "check" : "close", right ? "right" : "wrong");
}

// -- the drawn table -------------------------------------------------------------------------
// Each board gets its own copy of the game's renderer (a module per board: a renderer keeps
// what it drew), drawn from the table state message the server sends with a step or a task.
const boards = {};

async function boardFor(name) {
  if (boards[name]) return boards[name];
  let renderer;
  try {
    renderer = await import(`/games/${gameId}/renderer.js?board=${name}`);
    loadStyles(`/games/${gameId}/renderer.css`);
  } catch (error) {  // the generic table rather than none; the error is still reported
    renderer = await import("/static/generic-renderer.js");
    loadStyles("/static/generic-renderer.css");
    setTimeout(() => { throw error; });
  }
  boards[name] = { renderer, node: $(`${name}-board`), drawn: null };
  return boards[name];
}

/** The text of the named board's position is shown instead of its drawing. */
const TEXT = { lesson: "lesson-text-box", task: "task-table" };

function clearBoard(name) {
  const board = boards[name];
  if (board) {
    board.node.replaceChildren();
    board.node.hidden = true;
    board.drawn = null;
  }
  if (name === "task") $(TEXT.task).hidden = false;
}

/** Draw `table` ({ state, seat, content }) on the named board; `act(label)` takes a move.
 *  One board is drawn at a time (a renderer's controls have fixed ids): drawing one shows the
 *  other's position as text until it is drawn again. */
async function drawTable(name, table, { act = null, send = () => {} } = {}) {
  const board = await boardFor(name);
  const node = board.node;
  if (!table) { clearBoard(name); return; }
  for (const other of Object.keys(TEXT)) if (other !== name) clearBoard(other);
  if (name === "task") $(TEXT.task).hidden = true;
  const state = table.state;
  const seatName = (seat) => (seat === table.seat ? "you" : `player ${seat + 1}`);
  const ctx = {
    view: state.view, previous: board.drawn, state, seat: table.seat, legal: state.legal,
    act: (id) => { const action = state.legal.find((a) => a.id === id); if (action && act) act(action.label); },
    send, seats: state.seats, name: seatName, content: table.content, replay: false, offline: false,
  };
  node.hidden = false;
  try {
    board.renderer.render(node, ctx);
  } catch (error) {
    setTimeout(() => { throw error; });
  }
  board.drawn = state.view;
}

// -- teaching script -------------------------------------------------------------------------
let lessonId = null;
let asks = false;
let busy = false;

function showFeedback(data) {
  const feedback = $("lesson-feedback");
  if (data.feedback && data.feedback.message) {
    feedback.replaceChildren(verdictIcon(data.feedback.accepted), " ", prose(data.feedback.message));
    feedback.className = data.feedback.accepted ? "ok" : "error";
  } else {
    feedback.replaceChildren();
    feedback.className = "";
  }
}

async function showLesson(data) {
  lessonId = data.lesson;
  showFeedback(data);
  if (data.done) {
    await drawTable("lesson", null);
    $("lesson-where").textContent = "";
    $("lesson-title").textContent = "That is the whole lesson — now try the practice tasks.";
    for (const id of ["lesson-say", "lesson-rule", "lesson-table"]) $(id).replaceChildren();
    $("lesson-text-box").hidden = true;
    $("lesson-form").hidden = true;
    $("lesson-ask").hidden = true;
    return;
  }
  const card = data.card;
  asks = card.asks;
  await drawTable("lesson", data.table, asks ? { act: tryMove, send: scriptedRoll } : {});
  if (data.feedback && !data.feedback.accepted) return;  // same step: try again
  $("lesson-where").textContent = `${data.title} · part ${card.scene_number} of ${card.scenes}: ${card.scene} · step ${card.step_number} of ${card.steps}`;
  $("lesson-title").textContent = card.title;
  $("lesson-table").textContent = card.table;
  $("lesson-say").replaceChildren(prose(card.say));
  $("lesson-rule").textContent = card.rule_text ? `Rule ${card.rule_text}` : "";
  $("lesson-move-box").hidden = !asks;
  $("lesson-move-label").textContent = `Your move for seat ${card.seat + 1}`;
  $("lesson-move").value = "";
  $("lesson-ask").hidden = !asks;
  $("lesson-ask").replaceChildren(icon("turn"), " Make the move on the table (or type it below).");
  $("lesson-go").hidden = asks;
  $("lesson-form").hidden = false;
  if (asks) {
    const first = $("lesson-board").querySelector('button:not([disabled]):not([aria-disabled="true"])');
    if (first) first.focus({ preventScroll: true });
  } else {
    $("lesson-go").focus({ preventScroll: true });
  }
}

async function lessonStep(move) {
  if (busy) return;
  busy = true;
  try {
    await showLesson(await post(`/api/lessons/${lessonId}`, { move }));
  } catch (error) {  // refused (a lesson begun on the server, now offline, is not known here)
    showFeedback({ feedback: { accepted: false, message: error.message } });
  } finally {
    busy = false;
  }
}

/** A move chosen on the drawn table. */
function tryMove(label) {
  if (asks) lessonStep(label);
}

/** Dice are rolled by the script in a lesson: a roll button only says so. */
function scriptedRoll() {
  showFeedback({ feedback: { accepted: false, message: "In the lesson the script rolls the dice: use the dice already rolled." } });
}

$("start-lesson").addEventListener("click", async () => {
  const data = await post(`/api/learn/${gameId}/lessons`, { script: $("script").value || null });
  $("lesson").hidden = false;
  $("lesson-text-box").hidden = false;
  await showLesson(data);
});

$("lesson-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const move = asks ? $("lesson-move").value.trim() : null;
  if (asks && !move) { $("lesson-move").focus(); return; }
  await lessonStep(move);
});

// -- practice -------------------------------------------------------------------------------
let sessionId = null;

function showTask(data) {
  sessionId = data.session;
  const task = data.task;
  if (!task) return;
  $("task-where").textContent = `Task ${data.number} of ${data.count} · level ${task.level} · seed ${data.seed}`;
  $("task-title").textContent = task.title;
  $("task-table").textContent = task.table;
  drawTable("task", data.table);
  $("questions").replaceChildren(...task.questions.map((q, i) => {
    const id = `answer-${i}`;
    const input = el("input", { id, class: "answer", autocomplete: "off", size: "32", list: q.choices.length ? `${id}-choices` : null });
    const choices = q.choices.length ? el("datalist", { id: `${id}-choices` }, ...q.choices.map((c) => el("option", { value: c }))) : null;
    const picks = q.choices.length ? el("span", { class: "choice-row", role: "group", "aria-label": "the possible answers" },
      ...q.choices.map((c) => el("button", { type: "button", class: "choice", onclick: () => { input.value = c; input.focus(); } }, c))) : null;
    return el("p", { class: "question" }, el("label", { for: id }, q.prompt), el("br"), input, choices, picks,
      el("br"), el("span", { class: "clause" }, `Answer: ${q.form}`));
  }));
  $("task").hidden = false;
  $("task-form").hidden = false;
  $("task-error").hidden = true;
  $("verdict").hidden = true;
  $("next-task").hidden = true;
  document.querySelector("#questions .answer")?.focus();
}

function showSummary(summary) {
  $("summary").replaceChildren(el("h3", {}, "Summary"), ...summary.lines.map((line) => el("p", {}, line)));
  $("summary").hidden = false;
}

let pending = null;

$("start-practice").addEventListener("click", async () => {
  const body = { count: Number($("count").value) };
  if (params.has("seed")) body.seed = Number(params.get("seed"));
  $("summary").hidden = true;
  showTask(await post(`/api/learn/${gameId}/practice`, body));
});

$("task-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const answers = [...document.querySelectorAll("#questions .answer")].map((input) => input.value);
  let data;
  try {
    data = await post(`/api/practice/${sessionId}`, { answers });
  } catch (error) {
    $("task-error").textContent = error.message;
    $("task-error").hidden = false;
    return;
  }
  $("task-error").hidden = true;
  $("task-form").hidden = true;
  const verdict = data.verdict;
  const box = $("verdict");
  box.replaceChildren(
    el("p", { class: verdict.correct ? "ok" : "error" }, verdictIcon(verdict.correct), " ",
      verdict.correct ? "Right." : `Not quite. The answer: ${verdict.expected.join(" / ")}`),
    el("p", {}, prose(verdict.explanation)));
  box.hidden = false;
  pending = data;
  if (data.task) $("next-task").hidden = false;
  else showSummary(data.summary);
});

$("next-task").addEventListener("click", () => { if (pending) showTask(pending); });

async function main() {
  const info = (await ask("GET", `/api/learn/${gameId}`)).data;
  $("game-name").textContent = info.name;
  document.title = `Learn ${info.name} · Wonderland Table`;
  $("script").replaceChildren(...info.scripts.map((s) =>
    el("option", { value: s.name }, `${s.title}${s.minutes ? ` (${s.minutes} min)` : ""}`)));
  if (info.score) {
    document.querySelector(".top p").append(" ", el("a", { href: `/score/${gameId}` }, "Score calculator"));
  }
}

main();
