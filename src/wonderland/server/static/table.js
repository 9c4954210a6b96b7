// A game table: one websocket to the server, which owns the game; this page only shows the
// seat's own view and sends the actions the server lists as legal.
import { el } from "/static/dom.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
const token = params.get("token");
const statusBox = document.getElementById("status");
const errorBox = document.getElementById("error");
const logBox = document.getElementById("log");
const board = document.getElementById("board");

let socket = null;
let renderer = null;
let welcome = null;
let state = null;
let log = [];
let retry = 0;
let replay = null;

function showError(text) {
  errorBox.hidden = !text;
  errorBox.textContent = text || "";
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

export function act(actionId) {
  if (!state) return;
  showError("");
  send({ type: "act", version: state.version, action: actionId });
}

function renderSeats() {
  const list = document.getElementById("seats");
  list.replaceChildren(...state.seats.map((seat) => {
    const moving = state && state.to_move.includes(seat.seat);
    const you = seat.seat === welcome.seat ? " (you)" : "";
    const item = el("li", { class: moving ? "moving" : "" },
      `${moving ? "▶ " : ""}Seat ${seat.seat}: ${seat.name}${you}`,
      seat.kind === "human" ? el("span", { class: "presence" }, seat.connected ? " · online" : " · offline") : "");
    return item;
  }));
}

function renderLog() {
  logBox.replaceChildren(...log.map((line) => el("li", {}, line)));
  logBox.scrollTop = logBox.scrollHeight;
}

function render() {
  if (!renderer || !state || replay) return;
  renderSeats();
  renderer.render(board, { state, view: state.view, seat: welcome.seat, act, send, legal: state.legal, seats: state.seats, content: welcome.content });
  const over = state.finished || state.expired;
  document.getElementById("replay").hidden = !over;
  if (state.expired && !document.getElementById("expired-note")) {
    board.prepend(el("p", { id: "expired-note", class: "error" }, "This table was closed unfinished after a long time without a move: it takes no more moves."));
  }
  if (over && !document.getElementById("replay-open")) {
    board.append(el("p", {}, el("button", { type: "button", id: "replay-open", onclick: openReplay }, "Replay this game step by step")));
  }
}

async function openReplay() {
  const response = await fetch(`/api/tables/${tableId}/replay`);
  if (!response.ok) { showError((await response.json()).detail); return; }
  replay = { steps: (await response.json()).steps, index: 0 };
  document.getElementById("replay").hidden = false;
  showReplayStep();
}

function showReplayStep() {
  const step = replay.steps[replay.index];
  document.getElementById("replay-pos").textContent = `step ${replay.index} of ${replay.steps.length - 1}`;
  document.getElementById("replay-label").textContent = step.label;
  renderer.render(board, { state: null, view: step.view, seat: null, act: () => {}, legal: [], seats: welcome.seats, content: welcome.content, replay: true });
}

function moveReplay(delta) {
  if (!replay) return;
  replay.index = Math.max(0, Math.min(replay.steps.length - 1, replay.index + delta));
  showReplayStep();
}
document.getElementById("replay-first").addEventListener("click", () => moveReplay(-1e9));
document.getElementById("replay-prev").addEventListener("click", () => moveReplay(-1));
document.getElementById("replay-next").addEventListener("click", () => moveReplay(1));
document.getElementById("replay-live").addEventListener("click", () => { replay = null; render(); });

function loadStyles(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(el("link", { rel: "stylesheet", href }));
}

async function onMessage(message) {
  if (message.type === "welcome") {
    welcome = message;
    document.getElementById("game-name").textContent = message.game_name;
    document.title = `${message.game_name} · Wonderland Table`;
    document.getElementById("who").textContent = message.seat === null ? "watching" : `you are seat ${message.seat}`;
    renderer = await import(`/games/${message.game}/renderer.js`);
    loadStyles(`/games/${message.game}/renderer.css`);
  } else if (message.type === "state") {
    state = message;
    log = log.slice(0, message.log_start).concat(message.log);
    renderLog();
    render();
  } else if (message.type === "error") {
    showError(message.rule ? `${message.rule}: ${message.message}` : message.message);
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws`);
  socket.addEventListener("open", () => {
    retry = 0;
    statusBox.textContent = "connected";
    socket.send(JSON.stringify({ type: "hello", table: tableId, token }));
  });
  let queue = Promise.resolve();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    queue = queue.then(() => onMessage(message));
  });
  socket.addEventListener("close", () => {
    statusBox.textContent = "connection lost — reconnecting…";
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 250 * 2 ** retry);
  });
}

connect();
setInterval(() => send({ type: "ping" }), 20000);
