// A seat this browser held, offered back: a page opened with a table's plain link (no seat
// token) in a browser that kept a seat link for that table (My tables) shows "This is your
// seat — rejoin" instead of treating its owner as a spectator.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { myTables } from "/static/mytables.js";

/** The seat this browser kept for ``table`` ({seat, token}), or null. */
export function keptSeat(table) {
  const found = myTables().find((entry) => entry.table === table);
  return found && Number.isInteger(found.seat) && typeof found.token === "string"
    ? { seat: found.seat, token: found.token }
    : null;
}

/** The seat's name as the table shows it (its number when it has no name of its own). */
export function keptSeatName(kept, seats) {
  const seat = (seats || []).find((s) => s.seat === kept.seat);
  return seat && seat.name !== `player ${kept.seat + 1}` ? `${seat.name} (seat ${kept.seat + 1})` : `seat ${kept.seat + 1}`;
}

let shown = "";

/** Draw the offer in ``box``: hidden unless ``ctx.kept`` (the kept seat) is set. */
export function showSeatReturn(box, ctx) {
  box.hidden = !ctx.kept;
  if (!ctx.kept) return;
  const named = keptSeatName(ctx.kept, ctx.seats);
  const key = JSON.stringify([named, ctx.offline]);
  if (key === shown) return;
  shown = key;
  box.replaceChildren(
    el("h2", { id: "seat-return-title" }, icon("person"), " Your seat is waiting for you"),
    el("p", {}, `This browser holds ${named} at this table. Rejoin it to play from where you left.`),
    el("p", {}, el("button", { type: "button", id: "seat-return", class: "primary", disabled: ctx.offline, onclick: ctx.rejoin },
      icon("play"), el("span", { class: "label" }, "This is your seat — rejoin"))),
  );
}
