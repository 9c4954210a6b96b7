// The Learn page: a teaching script step by step, then practice tasks; the server's hosting
// aids (the same code as `wonderland teach` and `wonderland practice`) do all the judging.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { prose } from "/static/words.js";

const gameId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail));
  return data;
}

/** A tick for a right answer, a cross for a wrong one (announced as words). */
function verdictIcon(right) {
  return icon(right ? "check" : "close", right ? "right" : "wrong");
}

// -- teaching script -------------------------------------------------------------------------
let lessonId = null;
let asks = false;

function showLesson(data) {
  lessonId = data.lesson;
  const feedback = $("lesson-feedback");
  if (data.feedback && data.feedback.message) {
    feedback.replaceChildren(verdictIcon(data.feedback.accepted), " ", data.feedback.message);
    feedback.className = data.feedback.accepted ? "ok" : "error";
  } else {
    feedback.replaceChildren();
    feedback.className = "";
  }
  if (data.feedback && !data.feedback.accepted) return;  // same step: try again
  if (data.done) {
    $("lesson-where").textContent = "";
    $("lesson-title").textContent = "That is the whole lesson — now try the practice tasks.";
    $("lesson-form").hidden = true;
    return;
  }
  const card = data.card;
  $("lesson-where").textContent = `${data.title} · part ${card.scene_number} of ${card.scenes}: ${card.scene} · step ${card.step_number} of ${card.steps}`;
  $("lesson-title").textContent = card.title;
  $("lesson-table").textContent = card.table;
  $("lesson-say").replaceChildren(prose(card.say));
  $("lesson-rule").textContent = card.rule_text ? `Rule ${card.rule_text}` : "";
  asks = card.asks;
  $("lesson-move-box").hidden = !asks;
  $("lesson-move-label").textContent = `Your move for seat ${card.seat}`;
  $("lesson-move").value = "";
  $("lesson-go").textContent = asks ? "Make the move" : "Continue";
  $("lesson-form").hidden = false;
  if (asks) $("lesson-move").focus();
}

$("start-lesson").addEventListener("click", async () => {
  const data = await post(`/api/learn/${gameId}/lessons`, { script: $("script").value || null });
  $("lesson").hidden = false;
  showLesson(data);
});

$("lesson-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  const move = asks ? $("lesson-move").value.trim() : null;
  if (asks && !move) return;
  showLesson(await post(`/api/lessons/${lessonId}`, { move }));
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
  $("questions").replaceChildren(...task.questions.map((q, i) => {
    const id = `answer-${i}`;
    const input = el("input", { id, class: "answer", autocomplete: "off", size: "32", list: q.choices.length ? `${id}-choices` : null });
    const choices = q.choices.length ? el("datalist", { id: `${id}-choices` }, ...q.choices.map((c) => el("option", { value: c }))) : null;
    return el("p", { class: "question" }, el("label", { for: id }, q.prompt), el("br"), input, choices,
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
  const info = await (await fetch(`/api/learn/${gameId}`)).json();
  $("game-name").textContent = info.name;
  document.title = `Learn ${info.name} · Wonderland Table`;
  $("script").replaceChildren(...info.scripts.map((s) =>
    el("option", { value: s.name }, `${s.title}${s.minutes ? ` (${s.minutes} min)` : ""}`)));
  if (info.score) {
    document.querySelector(".top p").append(" ", el("a", { href: `/score/${gameId}` }, "Score calculator"));
  }
}

main();
