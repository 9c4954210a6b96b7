// The tables this browser holds a link for (its seat tokens and host tokens, kept in
// localStorage and never sent anywhere but their own table), the lobby's "My tables" list
// with whose turn it is (from each table's public status), and the "your turn" notification.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

const KEY = "wonderland.tables";
const KEEP = 40;

/** Every table this browser holds a link for, newest first. */
export function myTables() {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(kept) ? kept.filter((t) => t && typeof t.table === "string") : [];
  } catch {
    return [];
  }
}

function keep(entries) {
  try { localStorage.setItem(KEY, JSON.stringify(entries.slice(0, KEEP))); } catch { /* private mode */ }
}

/** Remember a seat link (and a host token) for a table; the newest goes first. */
export function remember(table, facts) {
  const entries = myTables();
  const found = entries.find((t) => t.table === table) || { table };
  const merged = { ...found, ...Object.fromEntries(Object.entries(facts).filter(([, v]) => v !== undefined && v !== null)), at: Date.now() };
  keep([merged, ...entries.filter((t) => t.table !== table)]);
}

/** Forget a table (its links no longer work, or the player asked). */
export function forget(table) {
  keep(myTables().filter((t) => t.table !== table));
}

/** Forget the seat link kept for a table (it opens no seat any more); a host token stays. */
export function forgetSeat(table) {
  keep(myTables().map((t) => {
    if (t.table !== table) return t;
    const { seat, token, ...rest } = t;
    return rest;
  }));
}

/** The host token this browser holds for a table, if any. */
export function hostToken(table) {
  const found = myTables().find((t) => t.table === table);
  return (found && found.host) || null;
}

/** The table page's link for a kept entry (seat token, host token). */
export function tableLink(entry) {
  const parts = [];
  if (entry.local) parts.push(`local=${entry.local}`);  // pass-and-play: the device's seats
  else if (entry.token !== undefined && entry.seat !== undefined) parts.push(`seat=${entry.seat}`, `token=${encodeURIComponent(entry.token)}`);
  if (entry.host) parts.push(`host=${encodeURIComponent(entry.host)}`);
  return `/t/${entry.table}${parts.length ? `#${parts.join("&")}` : ""}`;
}

/** The seats a kept entry holds: its seat, or every seat of its device (pass-and-play). */
function heldSeats(entry) {
  if (entry.local) return entry.local.split(",").map((part) => Number(part.split(":")[0]));
  return entry.seat !== undefined ? [entry.seat] : [];
}

function whose(status, held) {
  if (status.closed) return { text: "closed by the host", mine: false };
  if (status.expired) return { text: "closed unfinished", mine: false };
  if (status.finished) return { text: "finished", mine: false };
  if (status.waiting) return { text: "waiting for players", mine: false };
  const here = held.filter((seat) => status.to_move.includes(seat));
  if (held.length > 1 && here.length) return { text: `${status.seats[here[0]].name}'s turn, on this device`, mine: true };
  if (here.length) return { text: "your turn", mine: true };
  const names = status.to_move.map((s) => status.seats[s] ? status.seats[s].name : `seat ${s + 1}`);
  return { text: names.length ? `${names.join(" and ")} to move` : "in play", mine: false };
}

/** Fill ``box`` (a list) with this browser's tables and whose turn it is at each. */
export async function showMyTables(box, section) {
  const entries = myTables();
  section.hidden = !entries.length;
  if (!entries.length) return;
  box.replaceChildren(...entries.map((entry) => el("li", { class: "my-table", "data-table": entry.table },
    el("a", { href: tableLink(entry) }, `${entry.game_name || "Table"} · table ${entry.table}`),
    el("span", { class: "my-turn" }, " — …"))));
  await Promise.all(entries.map(async (entry) => {
    const item = box.querySelector(`[data-table="${CSS.escape(entry.table)}"]`);
    let status;
    try {
      const response = await fetch(`/api/tables/${encodeURIComponent(entry.table)}/status`);
      if (response.status === 404) { item.querySelector(".my-turn").textContent = " — no longer on this server"; return; }
      if (!response.ok) throw new Error(String(response.status));
      status = await response.json();
    } catch {
      item.querySelector(".my-turn").textContent = " — cannot be reached just now";
      return;
    }
    const held = heldSeats(entry).filter((s) => status.seats[s]);
    const { text, mine } = whose(status, held);
    const seat = held.length ? ` as ${held.map((s) => status.seats[s].name).join(", ")}` : entry.host ? " as host" : "";
    item.querySelector("a").textContent = `${status.game_name} · table ${entry.table}${seat}`;
    item.querySelector(".my-turn").replaceChildren(" — ", mine ? el("strong", { class: "my-turn-now" }, icon("turn"), " ", text) : text);
    item.classList.toggle("my-table-turn", mine);
  }));
}

// -- notifications ---------------------------------------------------------------------------
export function notificationsOn() {
  return "Notification" in window && Notification.permission === "granted";
}

/** A button that asks the browser's permission to notify (never asked on load). */
export function notifyButton() {
  if (!("Notification" in window)) return null;
  const button = el("button", { type: "button", id: "notify", class: "notify-button" });
  const show = () => {
    const state = Notification.permission;
    button.replaceChildren(icon("clock"), " ", state === "granted" ? "Turn notifications on" : state === "denied" ? "Notifications blocked by the browser" : "Notify me when it is my turn");
    button.disabled = state !== "default";
  };
  button.addEventListener("click", async () => {
    try { await Notification.requestPermission(); } catch { /* an old browser */ }
    show();
  });
  show();
  return button;
}

/** Tell the player it is their turn, when the page is in the background. */
export function notifyTurn(title, body) {
  if (!document.hidden || !notificationsOn()) return;
  try {
    const note = new Notification(title, { body, tag: `turn-${location.pathname}` });
    note.onclick = () => { window.focus(); note.close(); };
  } catch { /* some browsers allow notifications from a service worker only */ }
}
