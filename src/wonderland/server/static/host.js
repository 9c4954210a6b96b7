// The host's panel (a page opened with the table's host link): a new link for a seat whose
// link was lost, an absent player's seat handed to a bot and given back, closing the table.
// Every control sends one `host` message; the server decides and everyone sees the result.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { deviceSeats } from "/static/pass-and-play.js";

const device = deviceSeats();  // a pass-and-play page's seats: its people are here together

/** Fill ``box`` with the children given (null ones left out). */
function put(box, ...children) {
  box.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== ""));
}

let shown = "";
let confirming = false;
let newLink = null;       // { seat, url }: the last link the server reissued, for the host only

function button(label, iconName, onclick, attrs = {}) {
  return el("button", { type: "button", onclick, ...attrs }, icon(iconName), el("span", { class: "label" }, label));
}

function seatRow(seat, ctx) {
  const over = ctx.state.finished || ctx.state.expired;
  const person = seat.kind === "human" || seat.handed;
  const controls = [];
  if (seat.kind === "bot" && !seat.handed && ctx.state.paused && !over) {
    // bots play every seat: a link for a bot's seat lets a person take it
    controls.push(button("New link", "person", () => ctx.send({ type: "host", do: "reissue", seat: seat.seat }),
      { class: "host-reissue", "data-seat": seat.seat, "aria-label": `A link for seat ${seat.seat + 1}, so a person plays it instead of the bot` }));
  }
  // A new link at every stage until the table is closed: after the end, a player who lost
  // theirs still needs one to play again; a seat kept for the last game's player gets its first.
  if ((person || seat.kind === "reserved") && !ctx.state.expired) {
    controls.push(button("New link", "person", () => ctx.send({ type: "host", do: "reissue", seat: seat.seat }),
      { class: "host-reissue", "data-seat": seat.seat, "aria-label": `A new link for ${seat.name} (seat ${seat.seat + 1})` }));
  }
  if (person && !over) {
    if (seat.handed) {
      controls.push(button("Give back", "person", () => ctx.send({ type: "host", do: "to_person", seat: seat.seat }),
        { class: "host-back", "data-seat": seat.seat, "aria-label": `Give seat ${seat.seat + 1} back to its player` }));
    } else if (!ctx.state.waiting) {
      controls.push(button("Bot plays", "bot", () => ctx.send({ type: "host", do: "to_bot", seat: seat.seat }),
        { class: "host-bot", "data-seat": seat.seat, disabled: seat.connected, "aria-label": `A bot plays seat ${seat.seat + 1} while its player is away`, title: seat.connected ? "The player is here: only an absent player's seat goes to a bot" : "" }));
    }
  }
  const where = seat.kind === "bot" ? (seat.handed ? "a bot plays it for now" : "bot")
    : seat.kind === "open" ? "open" : seat.kind === "reserved" ? "kept"
    : device.has(seat.seat) ? "on this device" : seat.connected ? "here" : "away";
  return el("li", { class: "host-seat", "data-seat": seat.seat },
    el("span", { class: "host-seat-name" }, `Seat ${seat.seat + 1}: `,
      seat.kind === "open" ? el("span", { class: "host-where" }, "open, waiting for a player")
        : [el("span", { class: "seat-name" }, seat.name), el("span", { class: "host-where" }, ` (${where})`)]),
    controls.length ? el("span", { class: "host-controls" }, ...controls) : null);
}

function linkBox() {
  if (!newLink) return null;
  const input = el("input", { type: "text", readonly: true, value: newLink.url, id: "host-new-link", class: "host-link-input", "aria-label": `The new link of seat ${newLink.seat + 1}` });
  const copy = button("Copy", "check", async () => {
    try { await navigator.clipboard.writeText(newLink.url); copy.replaceChildren(icon("check"), el("span", { class: "label" }, "Copied")); } catch { input.select(); }
  }, { class: "copy" });
  return el("div", { class: "host-new-link ok", role: "status" },
    el("p", {}, `New link for seat ${newLink.seat + 1}: send it only to that player (the old one no longer works).`),
    el("p", { class: "inline-form" }, input, copy));
}

/** The server reissued a seat's link: keep it to show it to the host. */
export function showNewLink(seat, token) {
  newLink = { seat, url: `${location.origin}/t/${location.pathname.split("/").pop()}#seat=${seat}&token=${encodeURIComponent(token)}` };
  shown = "";
}

/** Draw the host panel in ``box`` (hidden unless this page holds the host token). */
export function showHost(box, ctx) {
  box.hidden = !ctx.host || !ctx.state || ctx.state.expired;
  if (box.hidden) return;
  const over = ctx.state.finished || ctx.state.expired;
  const key = JSON.stringify([ctx.state.seats, over, ctx.state.waiting, ctx.state.paused, confirming, newLink, ctx.offline]);
  if (key === shown) return;
  shown = key;
  const redraw = () => { shown = ""; showHost(box, ctx); };
  const closing = over ? null : confirming
    ? el("p", { class: "host-confirm" }, "Close this table for good? It takes no more moves. ",
      button("Yes, close it", "close", () => { confirming = false; ctx.send({ type: "host", do: "close" }); redraw(); }, { class: "danger", id: "host-close-yes" }),
      " ",
      button("Keep playing", "play", () => { confirming = false; redraw(); box.querySelector("#host-close")?.focus(); }, { id: "host-close-no" }))
    : el("p", {}, button("Close the table", "close", () => { confirming = true; redraw(); box.querySelector("#host-close-no")?.focus(); }, { id: "host-close" }));
  put(box,
    el("h2", { id: "host-title" }, icon("crown"), " Host"),
    el("p", { class: "form-note" }, over
      ? "The game is over. A player who lost their link gets a new one here, to play again."
      : "You hold this table's host link: these controls are yours."),
    el("ul", { class: "host-seats", "aria-labelledby": "host-title" }, ...ctx.state.seats.map((seat) => seatRow(seat, ctx))),
    linkBox(),
    closing,
  );
}
