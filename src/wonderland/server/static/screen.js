// The table screen: the room's shared TV or laptop. It is a spectator's connection (never a
// seat's view), drawn by the game's own renderer in its "screen" layout, with whose turn it
// is, the players and the last moves in large type, and nothing to press. Opened with a key
// from the host's page (`#key=...`) it also shows the seats' join codes; its plain link shows
// none. The server decides what it may see: a spectator's view, and codes only for a key.
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { codeList, seatsKey } from "/static/join-codes.js";
import { fitBoard, fitPage, refitOnResize, trimLog, whenStill } from "/static/screen-fit.js";
import { prose } from "/static/words.js";

const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
let key = new URLSearchParams(location.hash.slice(1)).get("key");
const $ = (id) => document.getElementById(id);
const board = $("board");
const LOG_LINES = 8;      // at most; the oldest make way when the column is full
const noop = () => {};

let socket = null;
let renderer = null;
let welcome = null;
let state = null;
let drawn = null;
let log = [];             // the log's lines so far (each state sends the lines from log_start)
let codes = null;         // the last join codes (null: none asked for or none shown)
let asked = "";           // the seats the codes were last asked for
let retryMs = 500;
let ended = false;        // a refusal this page cannot go on from

// -- names ---------------------------------------------------------------------------------
function seats() {
  return (state && state.seats) || (welcome && welcome.seats) || [];
}

/** A seat's name; two seats of one name (two bots) are told apart by their number. */
function nameOf(seat) {
  const all = seats();
  const found = all.find((s) => s.seat === seat);
  if (!found) return `seat ${seat + 1}`;
  const twins = all.filter((s) => s.name === found.name).length > 1;
  return twins ? `${found.name} (seat ${seat + 1})` : found.name;
}

function listed(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function sentence(text) {
  return text ? `${text[0].toUpperCase()}${text.slice(1)}` : "";
}

// -- drawing -------------------------------------------------------------------------------
function context() {
  return {
    view: state.view, previous: drawn, state, seat: null, legal: [], act: noop, send: noop,
    seats: seats(), name: nameOf, content: welcome.content, replay: false, offline: false,
    layout: "screen",
  };
}

function turnWords(ctx) {
  if (state.expired) return "This table is closed: it takes no more moves.";
  if (state.waiting) return "Waiting for players to sit down.";
  if (state.finished) {
    const given = renderer && typeof renderer.result === "function" ? safely(() => renderer.result(ctx.view, ctx)) : null;
    if (given && given.headline) return `${given.headline}.`;
    const winners = state.winners || [];
    return winners.length ? `${sentence(listed(winners.map(nameOf)))} ${winners.length > 1 ? "share the win" : "wins"}.` : "The game is over.";
  }
  if (state.ready_check) return state.ready_check.phase === "paused" ? "The race is paused until everyone is back." : "The race starts when everyone is ready.";
  if (welcome.real_time) return "The race is on: everyone rolls at once.";
  const movers = state.to_move.map(nameOf);
  if (!movers.length) return state.chance_next ? "The cards are being dealt…" : "";
  if (movers.length > 2 && movers.length === seats().length) return "Everyone chooses.";
  return `${sentence(listed(movers))} ${movers.length > 1 ? "choose" : "to move"}.`;
}

function safely(work) {
  try { return work(); } catch (error) { setTimeout(() => { throw error; }); return null; }
}

function drawPlayers() {
  const moving = new Set(state && !state.finished && !state.expired && !state.waiting ? state.to_move : []);
  const scores = (state && state.scores) || [];
  $("screen-players").replaceChildren(...seats().map((seat) => el("li",
    { class: `screen-player${moving.has(seat.seat) ? " screen-moving" : ""}`, "data-seat": seat.seat },
    el("span", { class: "seat-kind" }, icon(seat.kind === "bot" ? "bot" : "person")),
    el("span", { class: "screen-player-name" }, seat.kind === "open" ? `Seat ${seat.seat + 1}: open` : nameOf(seat.seat)),
    scores.length ? el("span", { class: "screen-score" }, `${scores[seat.seat]} points`) : null,
    moving.has(seat.seat) ? el("span", { class: "turn-tag" }, icon("turn"), " to move") : null)));
}

/** The last lines of the log, numbered as in the whole log; the oldest make way when the
 *  column is full. */
function drawLog() {
  const first = Math.max(0, log.length - LOG_LINES);
  const list = $("screen-log");
  list.parentElement.hidden = !log.length;
  list.replaceChildren(...log.slice(first).map((line, i) => el("li", { value: first + i + 1 }, prose(sentence(line), nameOf))));
  trimLog(list);
}

/** The page and its board fitted to the window (after a draw and when the window changes). */
function fit() {
  fitPage();
  fitBoard(board);
  if (state) drawLog();
}

function drawCodes() {
  const box = $("screen-codes");
  const shown = Boolean(key && codes && state && !state.finished && !state.expired);
  box.hidden = !shown || !codes.codes.length;
  if (box.hidden) { $("screen-code-list").replaceChildren(); return; }
  $("screen-code-list").replaceChildren(codeList(seats(), codes.codes));
}

function drawWaiting() {
  const waiting = Boolean(state.waiting);
  $("screen-waiting").hidden = !waiting;
  document.body.classList.toggle("screen-is-waiting", waiting);
  if (!waiting) return;
  const free = seats().filter((s) => s.kind === "open" || s.kind === "reserved").length;
  $("screen-waiting-lead").textContent = `${free === 1 ? "One seat is" : `${free} seats are`} still free. `
    + (key ? "Scan a code with your phone's camera to take a seat." : "Ask the host for your seat's code or link.");
}

function draw() {
  if (!renderer || !state || !welcome) return;
  const ctx = context();
  board.hidden = Boolean(state.waiting);
  if (!board.hidden) safely(() => renderer.render(board, ctx));
  drawn = ctx.view;
  const words = turnWords(ctx);
  if ($("turn").textContent !== words) $("turn").textContent = words;
  drawWaiting();
  drawPlayers();
  drawCodes();
  fit();
  whenStill(board, fit);  // fitted again once the pieces have glided to their places
  askCodes();
}

/** Ask for the codes again when the seats changed (a seat taken, a player gone). */
function askCodes() {
  if (!key || !state || state.finished || state.expired) return;
  const now = seatsKey(state.seats);
  if (now === asked) return;
  asked = now;
  send({ type: "codes" });
}

// -- connection ----------------------------------------------------------------------------
function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function banner(text) {
  const box = $("connection");
  box.hidden = !text;
  box.replaceChildren(...(text ? [icon("warning"), " ", text] : []));
}

async function onWelcome(message) {
  const first = !welcome;
  welcome = message;
  retryMs = 500;
  banner("");
  if (!first) return;
  $("game-name").textContent = message.game_name;
  document.title = `${message.game_name} · table screen · Wonderland Table`;
  const styles = `/games/${message.game}/renderer.css`;
  loadStyles(styles);
  document.querySelector(`link[href="${styles}"]`).addEventListener("load", () => { if (state) fit(); });
  try {
    renderer = await import(`/games/${message.game}/renderer.js`);
  } catch (error) {
    renderer = await import("/static/generic-renderer.js");
    loadStyles("/static/generic-renderer.css");
    setTimeout(() => { throw error; });
  }
}

async function onMessage(message) {
  if (message.type === "welcome") {
    await onWelcome(message);
  } else if (message.type === "state") {
    state = message;
    log = log.slice(0, message.log_start).concat(message.log || []);
    draw();
  } else if (message.type === "join_codes") {
    codes = message;
    drawCodes();
  } else if (message.type === "error" && !welcome) {
    if (message.code === "not_host" && key) {  // an expired key: the public screen, no codes
      key = null;
      history.replaceState(null, "", location.pathname);
      banner("This screen's link has expired, so it shows no join codes: open the screen again from the host's page.");
      socket.close();
      return;
    }
    ended = true;
    banner(sentence(`${message.message}.`));
    socket.close();
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const current = new WebSocket(`${scheme}://${location.host}/ws`);
  socket = current;
  current.addEventListener("open", () => {
    asked = "";
    current.send(JSON.stringify({ type: "hello", table: tableId, token: null, ...(key ? { screen: key } : {}) }));
  });
  let queue = Promise.resolve();
  current.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    queue = queue.then(() => onMessage(message)).catch((error) => console.error(error));
  });
  current.addEventListener("close", () => {
    if (socket !== current || ended) return;
    if (welcome) banner("Connection lost: reconnecting…");
    setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 15000);
  });
}

board.inert = true;  // a screen the whole room sees: nothing on it can be pressed
fitPage();
addEventListener("resize", fit);
refitOnResize(board, () => { if (state) fit(); });  // a renderer's own timers redraw parts of it too
connect();
setInterval(() => send({ type: "ping" }), 20000);
