// A game table: one websocket to the server, which owns the game; this page only shows the
// seat's own view and sends the actions the server lists as legal. The game's renderer draws
// the board (see the contract at the top of generic-renderer.js); this page draws the rest:
// players, log, your name and the chat, errors, the game-over panel and the connection
// banner (the replay is replay-panel.js's). Names and chat lines are always inserted as text,
// never as markup.
import { adviceMessage, adviceRender } from "/static/advice.js";
import { clockNode, setClocks } from "/static/clocks.js";
import { el, loadStyles } from "/static/dom.js";
import { helloExtras, message as nightMessage, render as nightRender, returningSeat } from "/static/game-night.js";
import { showGone } from "/static/gone.js";
import { icon } from "/static/icons.js";
import { listenForKeys } from "/static/keys.js";
import { passAndPlay } from "/static/pass-and-play.js";
import { replayPanel } from "/static/replay-panel.js";
import { undoMessage, undoRender } from "/static/undo.js";
import { prose, ruleRef } from "/static/words.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
let token = params.get("token");    // the seat this page speaks as (pass-and-play: changes)
const $ = (id) => document.getElementById(id);
const board = $("board");

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15000;

let socket = null;
let renderer = null;
let welcome = null;
let state = null;
let drawn = null;         // the view drawn last (ctx.previous of the next draw)
let offline = false;
let retryMs = RETRY_FIRST_MS;
let retryAt = 0;
let retryTimer = null;
let countdown = null;
let lastError = null;
let log = [];             // the seat's log lines so far (a state message sends the new ones)
let chat = [];            // the table's chat lines so far, by id (joining sends the last ones)
let myName = null;        // the name the server took for this connection
let lastSent = null;      // the type of the last name or chat message sent (its refusal's place)
let gone = false;         // the hello was refused for good: no table or no seat to show
const NAME_KEY = "wonderland.name";

// What the render benchmark (bench/web_render.py) reads: the time of every state applied
// (and of the renderer's draw in it), the last two state messages, apply() to apply one
// again, and hold to ignore the socket.
const probe = { timings: [], board: [], history: [], hold: false, apply: (message) => applyState(message) };
window.__table = probe;

// -- names and words -----------------------------------------------------------------------
function seatList() {
  return (state && state.seats) || (welcome && welcome.seats) || [];
}

/** A seat's name; seats that share a name (two greedy bots) are told apart by number. */
function seatName(seat) {
  const seats = seatList();
  const found = seats.find((s) => s.seat === seat);
  if (!found) return `seat ${seat + 1}`;
  if (seats.filter((s) => s.name === found.name).length < 2) return found.name;
  const kind = /^(\S+) \((.*)\)$/.exec(found.name);
  return kind ? `${kind[1]} ${seat + 1} (${kind[2]})` : `${found.name} ${seat + 1}`;
}

/** The contract's name(seat): "you" for this browser's seat, else the seat's name. */
function name(seat) {
  return welcome && seat === welcome.seat ? "you" : seatName(seat);
}

/** Names inside sentences ("player 1 (you) plays R5"), where a bare "you" would not agree. */
function sentenceName(seat) {
  return welcome && seat === welcome.seat ? `${seatName(seat)} (you)` : seatName(seat);
}

function capitalised(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

// -- sending -------------------------------------------------------------------------------
function send(message) {
  if (offline || !socket || socket.readyState !== WebSocket.OPEN) return false;
  if (message.type === "name" || message.type === "chat") lastSent = message.type;
  socket.send(JSON.stringify(message));
  return true;
}

function act(actionId) {
  if (!state || offline || replay.open) return;
  showError(null);
  send({ type: "act", version: state.version, action: actionId });
}

// -- errors --------------------------------------------------------------------------------
const REWORDED = {
  stale: "The table moved on before your move arrived: here it is as it is now. Choose again.",
  not_your_turn: "It is not your turn yet.",
};

function showError(message) {
  lastError = message;
  const box = $("error");
  box.hidden = !message;
  if (!message) { box.replaceChildren(); return; }
  const words = REWORDED[message.code] || capitalised(message.message);
  box.replaceChildren(
    icon("warning"), " ",
    message.rule ? el("span", { class: "error-rule" }, ruleRef(message.rule), " ") : "",
    el("span", { class: "error-words" }, prose(words, sentenceName)),
    el("button", { type: "button", class: "dismiss", "aria-label": "Dismiss", title: "Dismiss", onclick: () => showError(null) }, icon("close")),
  );
}

// -- players, log, title -------------------------------------------------------------------
let seatsShown = "";      // what the players panel shows now

function renderSeats() {
  const moving = new Set(state && !state.finished && !state.expired ? state.to_move : []);
  const shown = JSON.stringify([seatList(), [...moving], offline, welcome && welcome.seat]);
  if (shown === seatsShown) return;
  seatsShown = shown;
  $("seats").replaceChildren(...seatList().map((seat) => {
    const you = welcome && seat.seat === welcome.seat;
    const present = seat.kind === "bot" || seat.connected;
    const free = seat.kind === "open" || seat.kind === "reserved";  // nobody sits there yet
    const presence = free
      ? el("span", { class: "presence unknown" }, icon("offline"), seat.kind === "open" ? " free" : " kept")
      : pass && pass.holds(seat.seat) ? el("span", { class: "presence online" }, icon("person"), " on this device")
      : offline
      ? el("span", { class: "presence unknown" }, icon("offline"), " presence unknown")
      : el("span", { class: `presence ${present ? "online" : "offline"}` },
        icon(present ? "online" : "offline"), present ? " online" : " offline");
    return el("li", { class: `seat${moving.has(seat.seat) ? " seat-moving" : ""}${you ? " seat-you" : ""}`, "data-seat": seat.seat },
      el("span", { class: "seat-kind" }, icon(seat.kind === "bot" ? "bot" : "person", seat.kind === "bot" ? "bot" : "person")),
      el("span", { class: "seat-name" }, seatName(seat.seat), you ? el("strong", { class: "you-tag" }, " (you)") : null),
      presence,
      clockNode(seat.seat),
      moving.has(seat.seat) ? el("span", { class: "turn-tag" }, icon("turn"), you ? " your turn" : " to move") : null);
  }));
}

let logShown = [];        // the lines in the log box now, to change only what changed

let namesShown = "";      // the seats' names the log was written with

// Whether the log is scrolled to its end (it then follows new lines), kept by a passive
// scroll listener so a draw never has to read the log's layout.
let logAtEnd = true;
$("log").addEventListener("scroll", () => {
  const box = $("log");
  logAtEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 8;
}, { passive: true });

function renderLog() {
  const box = $("log");
  const names = JSON.stringify(seatList().map((seat) => seat.name));
  if (names !== namesShown) {  // a seat took a name: every line is written again with it
    namesShown = names;
    logShown = [];
    box.replaceChildren();
  }
  let same = 0;
  while (same < logShown.length && same < log.length && logShown[same] === log[same]) same++;
  if (same === logShown.length && same === log.length) return;
  const atEnd = logAtEnd;
  while (box.children.length > same) box.lastElementChild.remove();
  box.append(...log.slice(same).map((line) => el("li", {}, prose(capitalised(line), sentenceName))));
  logShown = log.slice();
  if (atEnd) followLog();
}

// Scrolling the log to its end reads its height: done before the next frame, with the
// board's own layout, rather than forcing a layout of its own in the middle of a draw.
let followPending = false;
function followLog() {
  if (followPending) return;
  followPending = true;
  requestAnimationFrame(() => {
    followPending = false;
    const box = $("log");
    box.scrollTop = box.scrollHeight;
  });
}

function myTurn() {
  return Boolean(state && welcome && welcome.seat !== null && !state.finished && !state.expired
    && state.to_move.includes(welcome.seat) && state.legal.length);
}

function renderTitle() {
  if (!welcome) return;
  const base = `${welcome.game_name} · Wonderland Table`;
  const title = offline ? `Offline · ${base}` : myTurn() ? `Your turn · ${base}` : base;
  if (document.title !== title) document.title = title;
}

// -- your name and the chat ---------------------------------------------------------------
function storedName() {
  try { return localStorage.getItem(NAME_KEY) || ""; } catch { return ""; }
}

function rememberName(value) {
  try { localStorage.setItem(NAME_KEY, value); } catch { /* private mode: not remembered */ }
}

function note(id, text, problem = false) {
  const box = $(id);
  box.classList.toggle("form-problem", problem);
  box.replaceChildren(problem ? icon("warning") : "", problem ? " " : "", text);
}

/** The header's "you are ..." line: your seat under its name, the seat this browser kept
 * (never "watching" to its owner), a pass-and-play device's people while it shows the
 * public board, or a spectator's chat name. */
function renderWho() {
  if (!welcome) return;
  const returning = returningSeat();
  const text = returning ? `your seat: ${returning.named}, not rejoined yet`
    : welcome.seat === null
    ? (pass ? `on this device: ${pass.people(seatList())}`
      : myName ? `watching as ${myName}` : "watching")
    : (() => {
      const own = seatList().find((seat) => seat.seat === welcome.seat);
      const named = own && own.name !== `player ${welcome.seat + 1}`;
      return named ? `you are ${own.name} (seat ${welcome.seat + 1})` : `you are seat ${welcome.seat + 1}`;
    })();
  if ($("who").textContent !== text) $("who").textContent = text;
}

// A table whose every seat a bot plays waits for a person: say why, in the server's words.
function renderPaused() {
  const box = $("paused");
  const text = state.paused || "";
  if (box.textContent !== text) box.textContent = text;
  box.hidden = !text;
}

function showNamed(value) {
  myName = value;
  renderWho();
  $("name-input").value = value;
  rememberName(value);
  note("name-note", welcome && welcome.seat === null
    ? (returningSeat() ? `You chat as ${value} until you rejoin your seat.` : `You chat as ${value} (spectator).`)
    : `The table sees you as ${value}.`);
}

$("name-input").value = storedName();
$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const value = $("name-input").value.trim();
  if (!value) { note("name-note", "Type a name first.", true); $("name-input").focus(); return; }
  if (value === myName) { showNamed(value); return; }
  send({ type: "name", name: value });
});

$("chat-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const input = $("chat-input");
  if (!input.value.trim()) { input.focus(); return; }
  if (send({ type: "chat", text: input.value })) {
    note("chat-note", "");
    input.value = "";
  }
});

/** One chat line, as text: who (a spectator marked so), then the words. */
function chatItem(line) {
  const mine = line.seat !== null && welcome && line.seat === welcome.seat;
  return el("li", { class: `chat-line${line.spectator ? " chat-spectator" : ""}`, "data-chat": line.id },
    el("span", { class: "chat-who" },
      icon(line.spectator ? "eye" : "person"), " ",
      el("span", { class: "chat-name" }, line.name),
      line.spectator ? el("span", { class: "chat-mark" }, " (spectator)") : null,
      mine ? el("span", { class: "chat-mark" }, " (you)") : null,
      ": "),
    el("span", { class: "chat-text" }, line.text));
}

function addChat(lines) {
  const known = new Set(chat.map((line) => line.id));
  const fresh = lines.filter((line) => !known.has(line.id));
  if (!fresh.length) return;
  chat = chat.concat(fresh).sort((a, b) => a.id - b.id);
  const box = $("chat");
  const atEnd = box.scrollHeight - box.scrollTop - box.clientHeight < 8;
  const inOrder = fresh.every((line) => line.id > (box.lastElementChild ? Number(box.lastElementChild.dataset.chat) : 0));
  if (inOrder) box.append(...fresh.map(chatItem));
  else box.replaceChildren(...chat.map(chatItem));
  if (atEnd || fresh.some((line) => line.seat === (welcome && welcome.seat) && line.name === myName)) box.scrollTop = box.scrollHeight;
  replay.refreshChat();
}

/** A refusal of a name or a chat line is shown by its form; true when it was one. */
function formRefusal(message) {
  if (message.code === "invalid_name" || (lastSent === "name" && ["rate_limited", "unavailable", "malformed"].includes(message.code))) {
    note("name-note", `${capitalised(message.message)}.`, true);
    return true;
  }
  if (message.code === "too_long" || (lastSent === "chat" && ["rate_limited", "unavailable", "malformed"].includes(message.code))) {
    note("chat-note", `${capitalised(message.message)}.`, true);
    return true;
  }
  return false;
}

// -- game over -----------------------------------------------------------------------------
function resultOf(ctx) {
  if (renderer && typeof renderer.result === "function") {
    try {
      const given = renderer.result(ctx.view, ctx);
      if (given && given.headline) return given;
    } catch (error) {
      console.error(error);
    }
  }
  const winners = state.winners || [];
  const mine = welcome.seat !== null && winners.includes(welcome.seat);
  let headline = "The game is over";
  if (winners.length === 1) headline = mine ? "You win" : `${capitalised(seatName(winners[0]))} wins`;
  else if (winners.length > 1) headline = `${capitalised(listed(winners.map(name)))} share the win`;
  const scores = state.scores || [];
  const reason = scores.length
    ? `Scores: ${seatList().map((s) => `${name(s.seat)} ${formatScore(scores[s.seat])}`).join(", ")}.`
    : "";
  return { headline, reason };
}

function formatScore(score) {
  return score === undefined ? "–" : Number.isInteger(score) ? String(score) : score.toFixed(1);
}

function renderGameOver(ctx) {
  const panel = $("game-over");
  const over = state.finished || state.expired;
  panel.hidden = !over;
  if (!over) return;
  const { headline, reason } = state.expired
    ? { headline: "Closed unfinished", reason: state.closed ? "The host closed this table: it takes no more moves." : "This table was closed after a long time without a move: it takes no more moves." }
    : resultOf(ctx);
  $("over-icon").replaceChildren(icon(state.expired ? "clock" : "trophy"));
  $("over-headline").textContent = headline;
  $("over-reason").replaceChildren(prose(capitalised(reason || ""), sentenceName));
}

// -- drawing -------------------------------------------------------------------------------
function context(view, extra) {
  return {
    view, previous: drawn, state, seat: welcome.seat, legal: (state && state.legal) || [],
    act, send, seats: seatList(), name, content: welcome.content, replay: false, offline, ...extra,
  };
}

function draw(ctx) {
  const start = performance.now();
  try {
    renderer.render(board, ctx);
  } catch (error) {  // the rest of the page still follows the game; the error is still reported
    setTimeout(() => { throw error; });
  }
  probe.board.push(performance.now() - start);
  drawn = ctx.view;
  if (offline) disableBoard();
}

// The board is drawn first: its renderer reads the positions of the last frame's picture
// (for the animations) while the page is still laid out, and the panels around it are
// written afterwards, so an apply costs one layout instead of two.
function render() {
  if (!renderer || !state || !welcome) return;
  const ctx = replay.open ? null : context(state.view, {});
  if (ctx) {
    board.hidden = Boolean(state.waiting);
    draw(ctx);
  }
  renderSeats();
  renderTitle();
  renderWho();
  renderPaused();
  nightRender({ state, offline, send, renderer });
  undoRender({ state, offline, send, seat: welcome.seat, name: seatName, replay: replay.open });
  adviceRender({ state, offline, send, replay: replay.open });
  if (ctx) renderGameOver(ctx);
}

function applyState(message) {
  const start = performance.now();
  state = message;
  setClocks(message.clocks, welcome ? welcome.seat : null);  // counted, drawn with the seats
  log = log.slice(0, message.log_start).concat(message.log);
  probe.history = [...probe.history.slice(-1), message];
  render();
  renderLog();
  probe.timings.push(performance.now() - start);
  if (probe.timings.length > 5000) { probe.timings.splice(0, 1000); probe.board.splice(0, 1000); }
}

// -- replay --------------------------------------------------------------------------------
const replay = replayPanel({
  tableId,
  drawView: (view) => {
    const noop = () => {};
    draw(context(view, { state: null, seat: null, legal: [], act: noop, send: noop, replay: true, name: seatName }));
  },
  offline: () => offline,
  seatName,
  chatItem,
  showError,
  opened: () => { drawn = null; },
  closed: () => { drawn = null; render(); },
});

listenForKeys(board, { offline: () => offline, replayAt: replay.index, moveReplay: replay.move });

// -- connection ----------------------------------------------------------------------------
const disabledHere = new Set();

function disableBoard() {
  board.inert = true;
  for (const control of document.querySelectorAll("button, input, select, textarea")) {
    if (control.id === "retry" || control.disabled) continue;
    control.disabled = true;
    disabledHere.add(control);
  }
}

function goOffline() {
  offline = true;
  $("status").textContent = "offline";
  disableBoard();
  if (state) {
    renderSeats();
    renderTitle();
    if (replay.open) replay.refresh();
    else draw(context(state.view, {}));
  }
}

function goOnline() {
  offline = false;
  board.inert = false;
  for (const control of disabledHere) if (control.isConnected) control.disabled = false;
  disabledHere.clear();
  hideBanner();
  $("status").textContent = "connected";
  replay.refresh();
}

function showBanner(text, withRetry = true) {
  const banner = $("connection");
  $("connection-text").replaceChildren(icon("warning"), " ", text);
  $("retry").hidden = !withRetry;
  banner.hidden = false;
}

function hideBanner() {
  $("connection").hidden = true;
  clearInterval(countdown);
  countdown = null;
}

function tick() {
  const seconds = Math.max(1, Math.ceil((retryAt - Date.now()) / 1000));
  showBanner(`Connection lost — reconnecting in ${seconds} s…`);
}

function scheduleReconnect() {
  clearTimeout(retryTimer);
  clearInterval(countdown);
  retryAt = Date.now() + retryMs;
  retryTimer = setTimeout(connect, retryMs);
  retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  tick();
  countdown = setInterval(tick, 250);
}

$("retry").addEventListener("click", () => {
  clearTimeout(retryTimer);
  clearInterval(countdown);
  connect();
});

async function onMessage(message) {
  if (pass) pass.heard(message);  // a take-back asked from the pass-and-play cover
  const night = nightMessage(message, token);  // waiting room, host, rematch (game-night.js)
  if (night === "retry") { socket.send(JSON.stringify({ type: "hello", table: tableId, token })); return; }
  if (night) return;
  if (message.type === "welcome") {
    const first = !welcome;
    welcome = message;
    goOnline();
    retryMs = RETRY_FIRST_MS;
    if (first) {
      $("game-name").textContent = message.game_name;
      renderWho();
      $("name-input").placeholder = message.seat !== null ? `player ${message.seat + 1}` : returningSeat() ? "your name" : "spectator";
      if (message.seat === null) note("name-note", "Shown with your chat lines.");
      loadStyles(`/games/${message.game}/renderer.css`);
      try {
        renderer = await import(`/games/${message.game}/renderer.js`);
      } catch (error) {  // the generic table rather than none; the error is still reported
        renderer = await import("/static/generic-renderer.js");
        loadStyles("/static/generic-renderer.css");
        setTimeout(() => { throw error; });
      }
    }
    addChat(message.chat || []);
    const wanted = myName || storedName();
    if (wanted && !pass) send({ type: "name", name: wanted });  // again on every connection
    renderTitle();
  } else if (message.type === "state") {
    if (pass && !pass.follows(message, welcome.seat)) return;  // the device is handed on
    if (!probe.hold) applyState(message);
  } else if (message.type === "undo_offer" || message.type === "undo_result") {
    undoMessage(message);
  } else if (message.type === "chat") {
    addChat(message.lines);
  } else if (message.type === "named") {
    showNamed(message.name);
  } else if (message.type === "advice") {
    adviceMessage(message);
  } else if (message.type === "error") {
    if (!welcome && showGone(message, tableId)) { gone = true; socket.close(); return; }
    adviceMessage(message);  // a refused ask is answered: the button is free again
    if (!formRefusal(message)) showError(message);
  }
}

function connect() {
  clearTimeout(retryTimer);
  if (socket && socket.readyState <= WebSocket.OPEN) return;
  if (offline) showBanner("Connection lost — reconnecting now…");
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const current = new WebSocket(`${scheme}://${location.host}/ws`);
  socket = current;
  current.addEventListener("open", () => {
    current.send(JSON.stringify({ type: "hello", table: tableId, token, ...helloExtras() }));
  });
  let queue = Promise.resolve();
  current.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    queue = queue.then(() => socket === current && onMessage(message)).catch((error) => console.error(error));
  });
  current.addEventListener("close", (event) => {
    if (socket !== current || gone) return;
    goOffline();
    if (event.code === 1008) {  // the server closed it for breaking its limits: no retry loop
      showBanner(`Disconnected by the server${lastError ? `: ${lastError.message}` : ""}.`);
      return;
    }
    scheduleReconnect();
  });
}

/** Pass-and-play: speak as the seat of ``next`` (a token), watch (null), or close the
 * connection (undefined, behind the cover); the last seat's view leaves the page. */
function reseat(next) {
  const old = socket;
  socket = null;
  if (old) old.close(1000);
  clearTimeout(retryTimer);
  hideBanner();
  token = next === undefined ? null : next;
  state = null;
  drawn = null;
  log = [];
  probe.history = [];
  board.replaceChildren();
  $("game-over").hidden = true;
  showError(null);
  renderLog();
  adviceRender({ state: null, offline, send, replay: false });
  if (next === undefined) $("status").textContent = "passing the device";
  else connect();
}

const pass = passAndPlay(reseat, send);
if (pass) pass.start();
else connect();
setInterval(() => send({ type: "ping" }), 20000);
