// The seats' clocks at the table page: each state message brings every person's time left
// (at the server's now_ms) and whether it runs; this module counts a running clock down
// between messages on the page's own monotonic clock, so the numbers move smoothly whatever
// the two machines' clocks say. Low time turns red, and your own is announced once per turn
// for screen readers. A real-time table's idle kick shows only in its last seconds.
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";

const LOW_MS = { real_time: 20_000, turn_based: 3_600_000, idle_kick: 20_000 };
const TICK_MS = 250;

let clocks = null;        // the last message's clocks, or null
let receivedAt = 0;       // performance.now() when it came
let mySeat = null;
const nodes = new Map();  // seat -> its clock's element (kept across the players panel's redraws)
const announced = new Set();
let timer = null;
let live = null;          // the aria-live region of the announcements
let mine = null;          // a phone's copy of your own clock above the board

/** "1:05", "12:40", "3 h 12 min", "2 d 4 h": a time left in the words of its size. */
export function formatLeft(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 3600) return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
  return `${Math.floor(minutes / 1440)} d ${Math.floor((minutes % 1440) / 60)} h`;
}

function spoken(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

function leftOf(clock) {
  return clock.running ? clock.remaining_ms - (performance.now() - receivedAt) : clock.remaining_ms;
}

function describe(clock, ms) {
  if (clocks.kind === "idle_kick") return `handed to a bot in ${spoken(ms)} without a roll or move`;
  return `${spoken(ms)} left${clock.running ? ", running" : ""}`;
}

function update() {
  if (!clocks) return;
  for (const clock of clocks.seats) {
    const node = nodes.get(clock.seat);
    if (!node) continue;
    const ms = leftOf(clock);
    const low = ms <= LOW_MS[clocks.kind];
    const shown = clocks.kind !== "idle_kick" || (clock.running && low);
    node.hidden = !shown;
    node.classList.toggle("clock-running", clock.running);
    node.classList.toggle("clock-low", low);
    const text = formatLeft(ms);
    const label = node.querySelector(".clock-time");
    if (label.textContent !== text) label.textContent = text;
    node.title = describe(clock, ms);
    node.querySelector(".clock-words").textContent = ` (${describe(clock, ms)})`;
    const key = `${clock.seat}:${clocks.kind}:${clock.running ? "run" : "stop"}`;
    if (clock.seat === mySeat && clock.running && low && !announced.has(key)) {
      announced.add(key);
      live.textContent = clocks.kind === "idle_kick"
        ? `Roll or move: your seat goes to a bot in ${spoken(ms)}.`
        : `Your clock is low: ${spoken(ms)} left.`;
    }
    if (clock.seat === mySeat && !clock.running) announced.clear();  // a new turn, a new warning
    if (clock.seat === mySeat) drawMine(node, clock, ms, shown);
  }
  if (mine && !(clocks.seats.some((clock) => clock.seat === mySeat))) mine.hidden = true;
}

/** On a narrow screen the players panel is below the board: your clock shows above it too
 *  (hidden from screen readers, which have the panel's). */
function drawMine(node, clock, ms, shown) {
  if (!mine) {
    mine = el("p", { class: "my-clock", "aria-hidden": "true" }, icon("clock"), " ",
      el("span", { class: "my-clock-label" }, "Your time "), el("span", { class: "clock-time" }, ""));
    const board = document.getElementById("board");
    if (board) board.before(mine);
  }
  mine.hidden = !shown;
  mine.classList.toggle("clock-running", clock.running);
  mine.classList.toggle("clock-low", node.classList.contains("clock-low"));
  mine.querySelector(".my-clock-label").textContent = clocks.kind === "idle_kick" ? "A bot takes your seat in " : "Your time ";
  mine.querySelector(".clock-time").textContent = formatLeft(ms);
}

/** The clock element of ``seat`` (empty when the table has no clock for it). */
export function clockNode(seat) {
  if (!clocks || !clocks.seats.some((clock) => clock.seat === seat)) return null;
  let node = nodes.get(seat);
  if (!node) {
    node = el("span", { class: "seat-clock", "data-clock": seat },
      icon("clock"), " ", el("span", { class: "clock-time" }, ""),
      el("span", { class: "visually-hidden clock-words" }, ""));
    nodes.set(seat, node);
  }
  return node;
}

/** Take the clocks of a state message (null: no time control) for ``seat``'s page. */
export function setClocks(message, seat) {
  loadStyles("/static/clocks.css");
  if (!live) {
    live = el("p", { class: "visually-hidden", "aria-live": "assertive", id: "clock-news" });
    document.body.append(live);
  }
  mySeat = seat;
  clocks = message || null;
  receivedAt = performance.now();
  if (clocks && !timer) timer = setInterval(update, TICK_MS);
  if (!clocks && timer) { clearInterval(timer); timer = null; }
  queueMicrotask(update);
}

/** Count the shown clocks again (after the players panel was drawn). */
export function refreshClocks() {
  update();
}
