// Undo by consent at the table page (turn-based games): a seat asks to take back its
// last action; every other person answers on their own page (bots accept). The server
// decides: a refused ask comes back as an error with the reason (after a draw, after the
// next player acted), shown in the page's error box. Words from the server are inserted as
// text only.
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

const side = new SidePanel("undo", {
  ask: () => [icon("prev"), el("span", {}, " Take back my last move")],
  onAsk: () => ctx && ctx.send({ type: "undo_ask" }),
  role: "region",
  place: (bar, panel) => {
    document.getElementById("error").after(panel);
    // Below the board: the button comes and goes with each move, and must not shift the
    // board (every card would glide as if it had moved).
    (document.getElementById("board") || panel).after(bar);
  },
});

function who(seat) {
  const name = ctx && ctx.name ? ctx.name(seat) : `seat ${seat}`;
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

function drawBar() {
  const state = ctx && ctx.state;
  const can = Boolean(state && state.undo && !state.waiting && !state.closed && !ctx.replay);
  side.bar.hidden = !can;
  side.button.disabled = Boolean(ctx && ctx.offline) || Boolean(offer);
}

/** Draw the undo controls for the page's context ({ state, seat, send, name, offline, replay }). */
export function undoRender(context) {
  ctx = context;
  side.build();
  if (offer && context.state && context.state.version > offer.version + 1) offer = null;
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
    const asker = who(message.seat);
    const text = message.outcome === "accepted"
      ? `Accepted: ${asker}'s last move was taken back.`
      : message.outcome === "refused"
        ? `${message.by === null ? "A player" : who(message.by)} refused: ${asker}'s move stays.`
        : `The undo lapsed: ${message.reason || "the table moved on"}.`;
    offer = null;
    notice = { text: text[0].toUpperCase() + text.slice(1), ok: message.outcome === "accepted", until: Date.now() + NOTICE_MS };
    clearTimeout(noticeTimer);
    noticeTimer = setTimeout(() => { if (ctx) drawPanel(); }, NOTICE_MS + 50);
  }
  if (ctx) { drawBar(); drawPanel(); }
}
