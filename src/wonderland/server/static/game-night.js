// The table page's game-night parts: the waiting room, the host's panel, "Play again", the
// links this browser keeps (My tables) and the "your turn" notification. table.js calls
// helloExtras() when it says hello, message() for each message, and render() after each draw.
import { el } from "/static/dom.js";
import { showHost, showNewLink } from "/static/host.js";
import { showReadiness } from "/static/readiness.js";
import { forget, hostToken, notifyButton, notifyTurn, remember } from "/static/mytables.js";
import { rematchRefused, showRematch } from "/static/rematch.js";
import { showWaiting } from "/static/waiting.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
let host = params.get("host") || hostToken(tableId);
if (params.get("host")) remember(tableId, { host: params.get("host") });

let welcome = null;
let wasMyTurn = false;
let takeProblem = null;
let last = null;          // the last render's context, to draw again after a local change

function stylesheet() {
  const href = "/static/game-night.css";
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(el("link", { rel: "stylesheet", href }));
}

function mount() {
  stylesheet();
  const main = document.querySelector(".table-main");
  const board = document.getElementById("board");
  main.insertBefore(el("section", { id: "waiting", class: "waiting", hidden: true, "aria-labelledby": "waiting-title" }), board);
  main.insertBefore(el("section", { id: "readiness", class: "readiness", hidden: true, "aria-labelledby": "ready-title" }), board);
  const over = document.getElementById("game-over");
  over.append(el("div", { id: "rematch-box", class: "rematch-box", hidden: true }));
  const side = document.querySelector(".table-side");
  side.insertBefore(el("section", { id: "host-panel", class: "host-panel", hidden: true, "aria-labelledby": "host-title" }), side.children[1] || null);
  const notify = notifyButton();
  if (notify) document.querySelector(".you").append(el("p", { class: "notify-row" }, notify));
}
mount();

/** The hello's extra fields: the host token this page holds. */
export function helloExtras() {
  return host ? { host } : {};
}

async function takeSeat(seat) {
  takeProblem = null;
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/seats/${seat}`, { method: "POST" });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    takeProblem = typeof body.detail === "string" ? body.detail : "this seat could not be taken: try again";
    if (last) render({ ...last, force: true });
    return;
  }
  remember(tableId, { seat: body.seat, token: body.token, game_name: welcome && welcome.game_name });
  location.hash = `seat=${body.seat}&token=${encodeURIComponent(body.token)}${host ? `&host=${encodeURIComponent(host)}` : ""}`;
  location.reload();
}

/** Handle the messages of these parts; true when the message was one of them. */
export function message(msg, token) {
  if (msg.type === "welcome") {
    welcome = msg;
    const notify = document.querySelector(".notify-row");
    if (notify) notify.hidden = msg.seat === null;  // a spectator has no turn to be told of
    if (msg.seat !== null && token) remember(tableId, { seat: msg.seat, token, game_name: msg.game_name });
    else if (msg.host) remember(tableId, { game_name: msg.game_name });
    return false;
  }
  if (msg.type === "seat_link") {
    showNewLink(msg.seat, msg.token);
    if (last) render(last);
    return true;
  }
  if (msg.type === "rematch_seat") {
    remember(msg.table, { seat: msg.seat, token: msg.token, host: msg.host || undefined, game_name: welcome && welcome.game_name });
    const parts = [`seat=${msg.seat}`, `token=${encodeURIComponent(msg.token)}`];
    if (msg.host) parts.push(`host=${encodeURIComponent(msg.host)}`);
    location.assign(`/t/${msg.table}#${parts.join("&")}`);
    return true;
  }
  if (msg.type === "error") {
    if (msg.code === "not_host" && !welcome && host) {  // a stale host token: join without it
      forget(tableId);
      host = null;
      return "retry";
    }
    rematchRefused();
    if (msg.code === "revoked") forget(tableId);
  }
  return false;
}

/** Draw the waiting room, the host panel and the rematch offer; notify a new turn. */
export function render(ctx) {
  last = ctx;
  const { state, offline } = ctx;
  if (!state || !welcome) return;
  const board = document.getElementById("board");
  board.hidden = Boolean(state.waiting);
  showWaiting(document.getElementById("waiting"), {
    state, welcome, host: welcome.host, offline, takeSeat, problem: takeProblem,
    start: () => ctx.send({ type: "host", do: "start" }),
  });
  showReadiness(document.getElementById("readiness"), { state, welcome, offline, send: ctx.send });
  showHost(document.getElementById("host-panel"), { state, welcome, host: welcome.host, send: ctx.send, offline });
  showRematch(document.getElementById("rematch-box"), { state, welcome, send: ctx.send, offline });
  const mine = Boolean(welcome.seat !== null && !state.finished && !state.expired && state.to_move.includes(welcome.seat) && state.legal.length);
  if (mine && !wasMyTurn) notifyTurn(`Your turn · ${welcome.game_name}`, `It is your turn at table ${tableId}.`);
  wasMyTurn = mine;
}
