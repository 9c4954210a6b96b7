// The seats' join codes: for each seat nobody has taken yet, a QR code of its secret link with
// the seat's name beside it; a taken seat shows its player's name instead. Drawn on the host's
// page and on the table screen opened from it, from the server's `join_codes` answer (the
// images are made by the server). The host's page adds "New code" to each person's seat.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

/** What the codes depend on: the seats' kinds, presence and names (ask again when it changes). */
export function seatsKey(seats) {
  return JSON.stringify((seats || []).map((s) => [s.seat, s.kind, s.connected, s.name]));
}

function where(seat) {
  if (seat.kind === "bot") return seat.handed ? "a bot plays it for now" : "a bot";
  if (seat.kind === "reserved") return "kept for the last game's player";
  return seat.connected ? "here" : "away";
}

function codeItem(seat, code, renew) {
  const number = seat.seat + 1;
  const title = seat.kind === "open" ? `Seat ${number}` : `Seat ${number}: ${seat.name}`;
  return el("li", { class: "join-code", "data-seat": seat.seat },
    el("img", { class: "join-qr", src: code.svg, alt: `QR code of seat ${number}'s link`, width: 200, height: 200 }),
    el("span", { class: "join-label" },
      el("strong", { class: "join-seat" }, title),
      el("span", { class: "join-hint" }, "Scan to take this seat"),
      renew ? el("button", { type: "button", class: "join-renew", "data-seat": seat.seat, onclick: () => renew(seat.seat), "aria-label": `A new code for seat ${number} (its old code and link stop working)` },
        icon("person"), el("span", { class: "label" }, "New code")) : null));
}

function takenItem(seat, renew) {
  const number = seat.seat + 1;
  const person = seat.kind === "human";
  return el("li", { class: "join-taken", "data-seat": seat.seat },
    el("span", { class: "seat-kind" }, icon(seat.kind === "bot" ? "bot" : "person")),
    el("span", { class: "join-label" },
      el("strong", { class: "join-seat" }, `Seat ${number}: `, el("span", { class: "seat-name" }, seat.name)),
      el("span", { class: "join-hint" }, ` (${where(seat)})`),
      renew && person ? el("button", { type: "button", class: "join-renew", "data-seat": seat.seat, onclick: () => renew(seat.seat), "aria-label": `A new code for seat ${number}, if its phone is lost (its old link stops working)` },
        icon("person"), el("span", { class: "label" }, "New code")) : null));
}

/** The list of seats: a code for each seat that has one, the player's name for the others.
 *  `renew(seat)` (the host's page only) asks for a new code. */
export function codeList(seats, codes, renew = null) {
  const bySeat = new Map((codes || []).map((code) => [code.seat, code]));
  return el("ul", { class: "join-codes" },
    ...seats.map((seat) => (bySeat.has(seat.seat) ? codeItem(seat, bySeat.get(seat.seat), renew) : takenItem(seat, renew))));
}
