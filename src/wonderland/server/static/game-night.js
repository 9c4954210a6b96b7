// The table page's game-night parts: the waiting room, the host's panel, "Play again", the
// links this browser keeps (My tables), the seat it kept offered back, and the "your turn"
// notification (at turn-based tables). table.js calls helloExtras() when it says hello,
// message() for each message, and render() after each draw.
import { el } from "/static/dom.js";
import { showHost, showNewLink } from "/static/host.js";
import { roomMessage, showRoom } from "/static/host-room.js";
import { showReadiness } from "/static/readiness.js";
import { forget, forgetSeat, hostToken, notifyButton, notifyTurn, remember } from "/static/mytables.js";
import { rematchRefused, showRematch } from "/static/rematch.js";
import { keptSeat, keptSeatName, showSeatReturn } from "/static/seat-return.js";
import { showWaiting } from "/static/waiting.js";

const tableId = location.pathname.split("/").pop();
const params = new URLSearchParams(location.hash.slice(1));
let host = params.get("host") || hostToken(tableId);
if (params.get("host")) remember(tableId, { host: params.get("host") });
// A plain link opened where this browser kept a seat of the table: the seat is offered back.
const kept = params.get("token") || params.get("local") ? null : keptSeat(tableId);

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
  main.insertBefore(el("section", { id: "seat-return-box", class: "seat-return", hidden: true, "aria-labelledby": "seat-return-title" }), board);
  main.insertBefore(el("section", { id: "waiting", class: "waiting", hidden: true, "aria-labelledby": "waiting-title" }), board);
  main.insertBefore(el("section", { id: "readiness", class: "readiness", hidden: true, "aria-labelledby": "ready-title" }), board);
  const over = document.getElementById("game-over");
  over.append(el("div", { id: "rematch-box", class: "rematch-box", hidden: true }));
  const side = document.querySelector(".table-side");
  side.insertBefore(el("section", { id: "host-panel", class: "host-panel", hidden: true, "aria-labelledby": "host-title" }), side.children[1] || null);
  side.insertBefore(el("section", { id: "host-room", class: "host-panel", hidden: true, "aria-labelledby": "room-title" }), side.children[2] || null);
  const notify = notifyButton();
  if (notify) document.querySelector(".you").append(el("p", { class: "notify-row", hidden: true }, notify));
}
mount();

/** The hello's extra fields: the host token this page holds. */
export function helloExtras() {
  return host ? { host } : {};
}

/** The seat this browser kept and has not rejoined yet ({seat, token, named}), or null. */
export function returningSeat() {
  if (!kept || !welcome || welcome.seat !== null) return null;
  return { ...kept, named: keptSeatName(kept, (last && last.state && last.state.seats) || welcome.seats) };
}

/** Open this page again as ``seat`` (its token in the fragment, the host's kept). */
function openSeat(seat, seatToken) {
  location.hash = `seat=${seat}&token=${encodeURIComponent(seatToken)}${host ? `&host=${encodeURIComponent(host)}` : ""}`;
  location.reload();
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
  openSeat(body.seat, body.token);
}

/** Whether this seat can be told of its turn: a person's seat at a turn-based table in play. */
function notifies(state) {
  return Boolean(welcome && welcome.seat !== null && !welcome.real_time && !(state && (state.finished || state.expired)));
}

/** Handle the messages of these parts; true when the message was one of them. */
export function message(msg, token) {
  if (msg.type === "welcome") {
    welcome = msg;
    const notify = document.querySelector(".notify-row");
    if (notify) notify.hidden = !notifies(null);  // a spectator has no turn, a race no turns
    if (msg.seat !== null && token) remember(tableId, { seat: msg.seat, token, game_name: msg.game_name });
    else if (msg.host) remember(tableId, { game_name: msg.game_name });
    return false;
  }
  if (msg.type === "seat_link") {
    showNewLink(msg.seat, msg.token);
    if (last) render(last);
    return true;
  }
  if (roomMessage(msg)) {
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
    if (msg.code === "unauthorized" && !welcome) {  // the link opens nothing: forget it if kept
      const stored = keptSeat(tableId);
      if (stored && stored.token === params.get("token")) forgetSeat(tableId);
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
    state, welcome, kept: returningSeat(), host: welcome.host, offline, takeSeat, problem: takeProblem,
    start: () => ctx.send({ type: "host", do: "start" }),
  });
  showReadiness(document.getElementById("readiness"), { state, welcome, offline, send: ctx.send });
  showHost(document.getElementById("host-panel"), { state, welcome, host: welcome.host, send: ctx.send, offline });
  showRoom(document.getElementById("host-room"), { state, host: welcome.host, send: ctx.send, offline });
  showRematch(document.getElementById("rematch-box"), { state, welcome, send: ctx.send, offline });
  showSeatReturn(document.getElementById("seat-return-box"), {
    kept: returningSeat(), seats: state.seats, offline, rejoin: () => openSeat(kept.seat, kept.token),
  });
  const notify = document.querySelector(".notify-row");
  if (notify) notify.hidden = !notifies(state);
  const mine = notifies(state) && state.to_move.includes(welcome.seat) && state.legal.length > 0;
  if (mine && !wasMyTurn) notifyTurn(`Your turn · ${welcome.game_name}`, `It is your turn at table ${tableId}.`);
  wasMyTurn = mine;
}
