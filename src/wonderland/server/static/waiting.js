// The waiting room of a table that is not full yet: who sat down, the free seats (a visitor
// takes one with a click), the link to invite others, and the host's start button.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

/** Fill ``box`` with the children given (null ones left out). */
function put(box, ...children) {
  box.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== ""));
}

function copyButton(text, label) {
  const button = el("button", { type: "button", class: "copy", "aria-label": label }, el("span", { class: "label" }, "Copy link"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.replaceChildren(icon("check"), el("span", { class: "label" }, "Copied"));
    } catch {
      button.replaceChildren(el("span", { class: "label" }, "Select the link to copy it"));
    }
  });
  return button;
}

function seatItem(seat, you, ctx) {
  let status;
  if (seat.kind === "open") {
    status = ctx.canTake
      ? el("button", { type: "button", class: "primary take-seat", "data-seat": seat.seat, onclick: () => ctx.takeSeat(seat.seat) }, icon("person"), el("span", { class: "label" }, `Take seat ${seat.seat + 1}`))
      : el("span", { class: "waiting-free" }, "free");
  } else if (seat.kind === "reserved") {
    status = el("span", { class: "waiting-free" }, "kept for the last game's player");
  } else if (seat.kind === "bot") {
    status = el("span", { class: "presence online" }, icon("bot"), " ready");
  } else {
    status = el("span", { class: `presence ${seat.connected ? "online" : "offline"}` }, icon(seat.connected ? "online" : "offline"), seat.connected ? " here" : " sat down, away");
  }
  const name = seat.kind === "open" ? `Seat ${seat.seat + 1}: open` : seat.kind === "reserved" ? `Seat ${seat.seat + 1}: ${seat.name}` : seat.name;
  return el("li", { class: `waiting-seat waiting-${seat.kind}`, "data-seat": seat.seat },
    el("span", { class: "seat-kind" }, icon(seat.kind === "bot" ? "bot" : "person")),
    el("span", { class: "seat-name" }, name, you ? el("strong", { class: "you-tag" }, " (you)") : null),
    status);
}

let shown = "";

/** Draw the waiting room in ``box`` (hidden when the table is not waiting). */
export function showWaiting(box, ctx) {
  const { state, welcome } = ctx;
  const waiting = Boolean(state && state.waiting);
  box.hidden = !waiting;
  if (!waiting) { shown = ""; return; }
  // A browser that holds a seat here (open with its link, or kept from an earlier visit) is
  // never offered another one: its own seat is marked instead.
  const mine = welcome.seat !== null ? welcome.seat : ctx.kept ? ctx.kept.seat : null;
  const key = JSON.stringify([state.seats, mine, ctx.host, ctx.offline]);
  if (key === shown) return;
  shown = key;
  const free = state.seats.filter((s) => s.kind === "open" || s.kind === "reserved").length;
  const invite = `${location.origin}/t/${welcome.table}`;
  put(box,
    el("h2", { id: "waiting-title" }, icon("clock"), " Waiting for players"),
    el("p", { class: "waiting-lead" },
      `${free === 1 ? "One seat is" : `${free} seats are`} still free. The game begins when every seat is taken, or when the host starts it with bots in the empty seats.`),
    el("ul", { class: "waiting-seats", "aria-labelledby": "waiting-title" },
      ...state.seats.map((seat) => seatItem(seat, mine === seat.seat, { ...ctx, canTake: mine === null && !ctx.offline }))),
    welcome.seat === null && mine !== null
      ? el("p", { class: "waiting-yours" }, icon("person"), ` This browser holds seat ${mine + 1} here: rejoin it above to play.`)
      : null,
    state.seats.some((s) => s.kind === "open")
      ? el("p", { class: "waiting-invite" }, "Invite someone: anyone who opens ",
        el("a", { href: invite, class: "invite-link" }, "this table's link"), " can take an open seat; it is listed in the lobby too. ",
        copyButton(invite, "Copy this table's link"))
      : null,
    ctx.host
      ? el("p", {}, el("button", { type: "button", id: "start-now", class: "primary", onclick: ctx.start }, icon("play"), el("span", { class: "label" }, "Start now: bots take the empty seats")))
      : el("p", { class: "form-note" }, "Only the host can start before every seat is taken."),
    ctx.problem ? el("p", { class: "error", role: "alert" }, icon("warning"), " ", ctx.problem) : null,
  );
}
