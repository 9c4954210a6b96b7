// A real-time table waits for its people (the state's ready_check): before the race, each
// person says "Ready"; when someone's connection drops, the race pauses for everyone until
// they are back. The game's own countdown to "Play Me!" follows on the board.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

let shown = "";
let ticker = null;

function put(box, ...children) {
  box.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== ""));
}

function clockText(ms) {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

function nameOf(state, seat) {
  const found = state.seats.find((s) => s.seat === seat);
  return found ? found.name : `player ${seat + 1}`;
}

// "Bob (0:27)": the time before an idle kick when the table has one, else the time waited
// (the clock is set and ticked by showReadiness).
function waitedFor(state, seat, you) {
  const left = seat.kick_in_ms !== null && seat.kick_in_ms !== undefined;
  return el("span", { class: "ready-awaited", "data-seat": seat.seat, "data-left": left ? "1" : "" },
    el("strong", {}, seat.seat === you ? "you" : nameOf(state, seat.seat)), " (", el("span", { class: "ready-time" }, "0:00"), ")");
}

function joined(parts) {
  const out = [];
  parts.forEach((part, index) => {
    if (index) out.push(index === parts.length - 1 ? " and " : ", ");
    out.push(part);
  });
  return out;
}

function seatRow(state, seat, you) {
  const status = !seat.connected
    ? el("span", { class: "presence offline" }, icon("offline"), " away")
    : seat.ready
      ? el("span", { class: "presence online ready-yes" }, icon("check"), " ready")
      : el("span", { class: "ready-not" }, "not ready yet");
  return el("li", { class: "ready-seat", "data-seat": seat.seat },
    el("span", { class: "seat-name" }, nameOf(state, seat.seat), you ? el("strong", { class: "you-tag" }, " (you)") : null),
    status);
}

function readyBody(box, ctx, check, mine) {
  const { state, welcome } = ctx;
  const awaited = check.seats.filter((s) => s.awaited);
  const button = mine && !mine.ready
    ? el("button", { type: "button", class: "primary ready-button", id: "ready-button", disabled: ctx.offline,
      onclick: () => ctx.send({ type: "ready" }) }, icon("check"), el("span", { class: "label" }, "I'm ready"))
    : null;
  const lead = button
    ? "The race starts when everyone is here and ready, after a 3-2-1 countdown. Bots wait too."
    : "The race starts after a 3-2-1 countdown once everyone is here and ready.";
  put(box,
    el("h2", { id: "ready-title" }, icon("dice"), mine && !mine.ready ? " Ready?" : " Getting ready"),
    el("p", { class: "ready-lead" }, lead),
    button ? el("p", { class: "ready-action" }, button) : null,
    el("ul", { class: "ready-seats" }, check.seats.map((s) => seatRow(state, s, s.seat === welcome.seat))),
    awaited.length ? el("p", { class: "ready-waiting", role: "status" }, "Waiting for ", ...joined(awaited.map((s) => waitedFor(state, s, welcome.seat)))) : null);
}

function pausedBody(box, ctx, check) {
  const { state, welcome } = ctx;
  const awaited = check.seats.filter((s) => s.awaited);
  const hostHint = welcome.host
    ? el("p", { class: "ready-host" }, "As the host you may hand an absent player's seat to a bot, or close the table, in the Host panel.")
    : null;
  const kick = awaited.some((s) => s.kick_in_ms !== null && s.kick_in_ms !== undefined);
  put(box,
    el("h2", { id: "ready-title" }, icon("clock"), " Paused"),
    el("p", { class: "ready-waiting", role: "status" }, "Waiting for ", ...joined(awaited.map((s) => waitedFor(state, s, welcome.seat)))),
    el("p", { class: "ready-lead" }, kick
      ? "The race goes on after a short countdown when they are back; when the time runs out, a bot takes their seat."
      : "The race goes on after a short countdown when they are back."),
    hostHint);
}

function tick(box) {
  for (const node of box.querySelectorAll(".ready-awaited")) {
    const time = node.querySelector(".ready-time");
    const start = Number(node.dataset.start);
    const base = Number(node.dataset.base);
    const left = node.dataset.left === "1";
    const ms = left ? base - (Date.now() - start) : base + (Date.now() - start);
    time.textContent = clockText(ms);
  }
}

/** Draw the ready check or the pause in ``box`` (hidden while the race runs). */
export function showReadiness(box, ctx) {
  const { state, welcome } = ctx;
  const check = state && !state.finished && !state.expired && !state.waiting ? state.ready_check : null;
  box.hidden = !check;
  if (!check) {
    shown = "";
    if (ticker) { clearInterval(ticker); ticker = null; }
    return;
  }
  const key = JSON.stringify([check.phase, check.since_ms, check.seats, state.seats, welcome.seat, welcome.host, ctx.offline]);
  if (key === shown) return;
  shown = key;
  box.dataset.phase = check.phase;
  const mine = check.seats.find((s) => s.seat === welcome.seat);
  if (check.phase === "ready") readyBody(box, ctx, check, mine);
  else pausedBody(box, ctx, check);
  for (const node of box.querySelectorAll(".ready-awaited")) {
    const seat = check.seats.find((s) => s.seat === Number(node.dataset.seat));
    const left = node.dataset.left === "1";
    node.dataset.start = String(Date.now());
    node.dataset.base = String(left ? seat.kick_in_ms : Math.max(0, check.now_ms - check.since_ms));
  }
  tick(box);
  if (!ticker) ticker = setInterval(() => tick(box), 1000);
}
