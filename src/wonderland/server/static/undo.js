// Undo by consent at the table page (turn-based games): a seat asks to take back its
// last action; every other person answers on their own page (bots accept). The server
// decides: a refused ask comes back as an error with the reason (after a draw, after the
// next player acted), shown in the page's error box. Words from the server are inserted as
// text only.
//
// A game that holds the draw after a person's move for a few seconds (state.take_back):
// its player sees "Take back (4 s)" and "Keep it"; a take-back then needs no consent, and
// the others see the countdown (the game's RULES.md tells it as a table convention).
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { SidePanel } from "/static/side-panel.js";
import { prose } from "/static/words.js";

const NOTICE_MS = 8000;

let ctx = null;           // the page's last render context
let offer = null;         // the open undo_offer, or null
let notice = null;        // { text, until } after an undo ended
let noticeTimer = null;
let focusedFor = null;    // the offer whose answer buttons got the focus
let hold = null;          // { seat, until, key } while the draw after a move waits
let holdTimer = null;
const askLabel = el("span", {}, " Take back my last move");
const keepButton = el("button", { type: "button", id: "undo-keep", class: "undo-ask", hidden: "",
  onclick: () => ctx && ctx.send({ type: "keep" }) }, icon("check"), " Keep it");
const holdLine = el("p", { class: "undo-hold", id: "undo-hold", role: "status", hidden: "" });

const side = new SidePanel("undo", {
  ask: () => [icon("prev"), askLabel],
  onAsk: () => ctx && ctx.send({ type: "undo_ask" }),
  role: "region",
  place: (bar, panel) => {
    bar.prepend(holdLine);
    bar.append(keepButton);
    document.getElementById("error").after(panel);
    // Below the board: the button comes and goes with each move, and must not shift the
    // board (every card would glide as if it had moved).
    (document.getElementById("board") || panel).after(bar);
  },
});

function who(seat) {
  const name = ctx && ctx.name ? ctx.name(seat) : `seat ${seat + 1}`;
  return ctx && seat === ctx.seat ? `${name} (you)` : name;
}

function names(seats) {
  const words = seats.map(who);
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function answer(accept) {
  if (!ctx || ctx.offline) return;
  ctx.send({ type: "undo_answer", accept });
}

function drawPanel() {
  if (!offer && !(notice && notice.until > Date.now())) {
    side.hide();
    return;
  }
  if (!offer) {
    side.show(
      side.heading(notice.ok ? "check" : "close", " Undo"),
      el("p", { class: "undo-words" }, notice.text));
    return;
  }
  const mine = ctx && ctx.seat !== null && offer.waiting.includes(ctx.seat);
  const asker = ctx && offer.seat === ctx.seat;
  const title = asker ? "You asked to take back your last move" : `${who(offer.seat)} asks to take back their last move`;
  const children = [
    side.heading("prev", " ", title),
    el("p", { class: "undo-words" }, "The move: ", el("q", {}, prose(offer.words, who)), "."),
  ];
  if (mine) {
    const accept = el("button", { type: "button", class: "primary undo-accept", onclick: () => answer(true) }, icon("check"), " Accept");
    const refuse = el("button", { type: "button", class: "undo-refuse", onclick: () => answer(false) }, icon("close"), " Refuse");
    children.push(el("p", { class: "undo-choice" }, "Do you accept it? Every player must.", " "),
      el("div", { class: "undo-buttons" }, accept, refuse));
    side.show(...children);
    side.panel.setAttribute("role", "alertdialog");
    if (focusedFor !== offer.version) {
      focusedFor = offer.version;
      accept.focus();
    }
    return;
  }
  side.panel.setAttribute("role", "region");
  const waiting = offer.waiting.length ? `Waiting for ${names(offer.waiting)} to answer.` : "Every answer is in.";
  children.push(el("p", { class: "undo-waiting" }, icon("clock"), " ", waiting));
  side.show(...children);
}

function secondsLeft() {
  return hold ? Math.max(0, Math.ceil((hold.until - Date.now()) / 1000)) : 0;
}

function drawBar() {
  const state = ctx && ctx.state;
  const live = Boolean(state && !state.waiting && !state.closed && !ctx.replay);
  const left = live ? secondsLeft() : 0;
  const mine = left > 0 && ctx.seat !== null && hold.seat === ctx.seat;
  const can = live && Boolean(state.undo) && (mine || !hold || left === 0);
  askLabel.textContent = mine ? ` Take back (${left} s)` : " Take back my last move";
  side.button.setAttribute("aria-label", mine ? `Take back your move: ${left} seconds left` : "Take back my last move");
  keepButton.hidden = !mine;
  holdLine.hidden = !(left > 0 && !mine);
  if (!holdLine.hidden) holdLine.textContent = `${who(hold.seat)} may take back their move (${left} s), then their card is drawn.`;
  side.bar.hidden = !(can || !holdLine.hidden);
  side.button.hidden = !can;
  side.button.disabled = Boolean(ctx && ctx.offline) || Boolean(offer);
  keepButton.disabled = Boolean(ctx && ctx.offline);
}

function followHold(state) {
  const held = state && state.take_back;
  const key = held ? `${state.version}` : null;
  if (!held) { hold = null; } else if (!hold || hold.key !== key) {
    hold = { seat: held.seat, until: Date.now() + held.ms_left, key };
  }
  clearInterval(holdTimer);
  holdTimer = null;
  if (hold) holdTimer = setInterval(() => { if (ctx) drawBar(); if (!secondsLeft()) clearInterval(holdTimer); }, 250);
}

/** Draw the undo controls for the page's context ({ state, seat, send, name, offline, replay }). */
export function undoRender(context) {
  ctx = context;
  side.build();
  if (offer && context.state && context.state.version > offer.version + 1) offer = null;
  followHold(context.state);
  drawBar();
  drawPanel();
}

/** An undo_offer or undo_result from the server. */
export function undoMessage(message) {
  side.build();
  if (message.type === "undo_offer") {
    offer = message;
    notice = null;
  } else if (message.type === "undo_result") {
    // "your move" to its player ("Alice (you)'s" reads badly), "Alice's move" to the others
    const whose = ctx && message.seat === ctx.seat ? "your" : `${who(message.seat)}'s`;
    const by = message.by === null ? "A player" : ctx && message.by === ctx.seat ? "You" : who(message.by);
    const text = message.outcome === "accepted"
      ? `Accepted: ${whose} last move was taken back.`
      : message.outcome === "refused"
        ? `${by} refused: ${whose} move stays.`
        : `The undo lapsed: ${message.reason || "the table moved on"}.`;
    offer = null;
    notice = { text: text[0].toUpperCase() + text.slice(1), ok: message.outcome === "accepted", until: Date.now() + NOTICE_MS };
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { if (ctx) drawPanel(); }, NOTICE_MS + 50);
  }
  if (ctx) { drawBar(); drawPanel(); }
}
