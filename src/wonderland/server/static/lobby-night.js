// The lobby's game-night lists: "My tables" (every table this browser holds a link for, with
// whose turn it is) and the public tables waiting for players, whose open seats a click takes.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { myTables, remember, showMyTables } from "/static/mytables.js";

function stylesheet() {
  const href = "/static/game-night.css";
  if (!document.querySelector(`link[href="${href}"]`)) document.head.append(el("link", { rel: "stylesheet", href }));
}

const REFRESH_MS = 15000;
let shownWaiting = "";

stylesheet();

function seatWords(seat) {
  if (seat.kind === "open") return `seat ${seat.seat + 1} free`;
  if (seat.kind === "reserved") return `seat ${seat.seat + 1} kept`;
  return seat.name;
}

async function take(entry, seat, problem) {
  problem.hidden = true;
  const response = await fetch(`/api/tables/${encodeURIComponent(entry.table)}/seats/${seat}`, { method: "POST" });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    problem.hidden = false;
    problem.replaceChildren(icon("warning"), " ", typeof body.detail === "string" ? body.detail : "this seat could not be taken: try again");
    await showWaitingTables();
    return;
  }
  remember(entry.table, { seat: body.seat, token: body.token, game_name: entry.game_name });
  location.assign(`/t/${entry.table}#seat=${body.seat}&token=${encodeURIComponent(body.token)}`);
}

async function showWaitingTables() {
  const box = document.getElementById("waiting-tables");
  const problem = document.getElementById("waiting-problem");
  let page;
  try {
    const response = await fetch("/api/waiting?limit=20");
    if (!response.ok) throw new Error(String(response.status));
    page = await response.json();
  } catch {
    shownWaiting = "";
    box.replaceChildren(el("li", { class: "meta" }, "The list cannot be read just now: it is tried again in a moment."));
    return;
  }
  const key = JSON.stringify([page.tables, myTables()]);
  if (key === shownWaiting) return;  // unchanged: the focus stays where it is
  shownWaiting = key;
  if (!page.tables.length) {
    box.replaceChildren(el("li", { class: "meta" }, "No table is waiting for players now. Create one below with an open seat."));
    return;
  }
  box.replaceChildren(...page.tables.map((entry) => el("li", { class: "waiting-table", "data-table": entry.table },
    el("div", { class: "waiting-table-head" },
      el("a", { href: `/t/${entry.table}` }, `${entry.game_name} · table ${entry.table}`),
      el("span", { class: "waiting-clock" }, icon("clock"), ` time control: ${entry.time_control}`)),
    el("p", { class: "waiting-table-seats" }, entry.seats.map(seatWords).join(" · ")),
    el("p", { class: "waiting-take" }, ...seatOffers(entry, problem)))));
}

/** "Take seat N" for each free seat, or the seat this browser holds at that table already. */
function seatOffers(entry, problem) {
  const held = myTables().find((kept) => kept.table === entry.table && Number.isInteger(kept.seat) && typeof kept.token === "string");
  if (held) {
    return [el("a", { class: "button-link your-seat", href: `/t/${entry.table}#seat=${held.seat}&token=${encodeURIComponent(held.token)}` },
      icon("person"), el("span", { class: "label" }, `Your seat: seat ${held.seat + 1}`))];
  }
  return entry.free.map((seat) =>
    el("button", { type: "button", class: "primary take-seat", "data-seat": seat, onclick: () => take(entry, seat, problem) },
      icon("person"), el("span", { class: "label" }, `Take seat ${seat + 1}`)));
}

/** Add the two lists to the top of the lobby, before the games. */
export async function showLobbyNight() {
  stylesheet();
  const first = document.querySelector('section[aria-labelledby="games-title"]');
  const main = first.parentElement;
  const mine = el("section", { id: "my-tables-section", "aria-labelledby": "my-tables-title", hidden: true },
    el("h2", { id: "my-tables-title" }, "My tables"),
    el("p", { class: "form-note" }, "The tables this browser holds a seat or host link for."),
    el("ul", { id: "my-tables", class: "recent my-tables" }));
  const open = el("section", { id: "waiting-section", "aria-labelledby": "waiting-tables-title" },
    el("h2", { id: "waiting-tables-title" }, "Tables waiting for players"),
    el("p", { id: "waiting-problem", class: "error", role: "alert", hidden: true }),
    el("ul", { id: "waiting-tables", class: "recent waiting-tables" }));
  main.insertBefore(mine, first);
  main.insertBefore(open, first);
  await Promise.all([showMyTables(document.getElementById("my-tables"), mine), showWaitingTables()]);
  // kept fresh while the lobby is in view (a seat taken elsewhere goes from the list)
  setInterval(() => { if (!document.hidden) showWaitingTables(); }, REFRESH_MS);
}
