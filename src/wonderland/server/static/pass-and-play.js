// Pass-and-play: several people at one device. The page opened with "#local=S:T,S:T" holds the
// seat token of every person at the device and speaks as one seat at a time. Between two of
// its people's turns it drops the board of the one who played (it reconnects as nobody, so
// the page and its frames hold no hand), covers the screen with "Pass to Alice — tap when
// only Alice is looking", and only after the tap connects as Alice and draws her view. While
// a bot or someone elsewhere moves, and at the end, it shows the public board (a spectator's
// view) to everyone. The one who just played may take the move back from the cover (while the
// server would allow it: the state's "undo"): the page speaks as them again and asks.
// table.js asks follows(state, seat) before drawing a state, shows heard() every message, and
// gives reseat(token) (a seat's token, null for the public view, undefined for no connection)
// and send(message).
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { remember } from "/static/mytables.js";

const tableId = location.pathname.split("/").pop();
const SAVED = `wonderland.pass.${tableId}`;  // sessionStorage: { seat, cover, name }

/** The local seats of a "local" fragment ("0:tok,2:tok") as a Map seat -> token. */
function heldSeats(text) {
  const held = new Map();
  for (const part of (text || "").split(",")) {
    const found = /^(\d):([A-Za-z0-9_-]{8,128})$/.exec(part);
    if (found) held.set(Number(found[1]), found[2]);
  }
  return held;
}

/** A seat's name as the table shows it. */
function nameOf(state, seat) {
  const found = ((state && state.seats) || []).find((s) => s.seat === seat);
  return found ? found.name : `seat ${seat + 1}`;
}

function loadSaved() {
  try { return JSON.parse(sessionStorage.getItem(SAVED) || "{}") || {}; } catch { return {}; }
}

function save(value) {
  try { sessionStorage.setItem(SAVED, JSON.stringify(value)); } catch { /* private mode */ }
}

class PassAndPlay {
  constructor(held, reseat, send) {
    this.held = held;
    this.reseat = reseat;
    this.send = send;
    this.saved = loadSaved();
    this.node = null;
    this.last = null;       // the last state asked about
    this.undoing = null;    // { seat, asked } while a take-back from the cover is under way
    this.note = null;       // why a take-back was refused, said on the next cover
  }

  /** Whether ``seat`` is played on this device. */
  holds(seat) {
    return this.held.has(seat);
  }

  /** The device's people as the header names them while it shows the public board
   * ("Ana, Bruno and Chloé"), from the table's ``seats``. */
  people(seats) {
    const names = [...this.held.keys()].sort((a, b) => a - b).map((seat) => {
      const found = seats.find((s) => s.seat === seat);
      return found ? found.name : `seat ${seat + 1}`;
    });
    return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names.join("");
  }

  /** Open the page as it was left: behind the cover, as the seat that played, or watching. */
  start() {
    const { seat, cover, name } = this.saved;
    if (this.held.has(cover)) this.cover(cover, name);
    else this.speakAs(this.held.has(seat) ? seat : null);
  }

  speakAs(seat) {
    this.saved = { seat, cover: null, name: null };
    save(this.saved);
    this.reseat(seat === null ? null : this.held.get(seat));
  }

  /** The device's next person among ``moving`` after ``seat`` (in seat order), or null. */
  next(moving, seat) {
    const here = [...this.held.keys()].filter((s) => moving.includes(s)).sort((a, b) => a - b);
    return here.find((s) => seat === null || s > seat) ?? here[0] ?? null;
  }

  /** Whether the page draws ``state`` as ``seat`` (its seat now, null watching); when not,
   * the device is handed on: the cover, or the public view. */
  follows(state, seat) {
    this.last = state;
    if (this.undoing && this.undoing.seat === seat) {  // its person holds the device again
      if (!this.undoing.asked) this.undoing.asked = this.send({ type: "undo_ask" });
      return true;
    }
    if (state.finished || state.expired || state.waiting) {  // the result is for everyone
      if (seat === null) return true;
      this.speakAs(null);
      return false;
    }
    if (!state.to_move.length) return true;  // a draw or a held play: nothing to hand on yet
    if (seat !== null && state.to_move.includes(seat)) return true;
    const next = this.next(state.to_move, seat);
    if (next !== null) {
      const back = seat !== null && state.undo ? { seat, name: nameOf(state, seat) } : null;
      this.cover(next, nameOf(state, next), back);
      return false;
    }
    if (seat === null) return true;
    this.speakAs(null);
    return false;
  }

  /** A take-back's answer (its refusal: the cover again, saying why); other messages pass. */
  heard(message) {
    if (!this.undoing || !this.undoing.asked) return;
    const refused = message.type === "error" && message.code === "undo_refused";
    if (message.type !== "undo_result" && !refused) return;
    const { seat } = this.undoing;
    this.undoing = null;
    if (message.outcome === "accepted") return;  // the next state is theirs to play again
    const why = refused ? message.message : message.reason || "it was refused";
    this.note = `${nameOf(this.last, seat)}'s move stays: ${why}.`;
    if (this.last && !this.follows(this.last, seat)) return;
    this.note = null;
  }

  /** The cover's "take back" (``back``: the seat that just played): it speaks as them again. */
  takeBack(back) {
    this.undoing = { seat: back.seat, asked: false };
    this.hide();
    this.speakAs(back.seat);
  }

  /** Drop the page's seat and cover the screen until ``seat``'s person taps; ``back``: the
   * person who just played, offered their move back. */
  cover(seat, name, back = null) {
    this.saved = { seat: null, cover: seat, name };
    save(this.saved);
    this.reseat(undefined);
    this.node = this.node || this.build();
    this.node.querySelector("#pass-title").textContent = `Pass to ${name}`;
    this.node.querySelector("#pass-words").textContent =
      `It is ${name}'s turn. Hand this device to ${name}, and tap when only ${name} is looking.`;
    this.node.querySelector("#pass-ready .label").textContent = `Only ${name} is looking — show the turn`;
    this.node.querySelector("#pass-note").textContent = this.note || "";
    this.note = null;
    const undo = this.node.querySelector("#pass-back");
    undo.hidden = !back;
    undo.onclick = back ? () => this.takeBack(back) : null;
    if (back) undo.querySelector(".label").textContent = `${back.name}: take back your move`;
    this.node.hidden = false;
    for (const part of this.behind()) part.inert = true;
    this.node.querySelector("#pass-ready").focus();
  }

  /** The tap: the cover goes and the page speaks as the seat it was for. */
  uncover() {
    const seat = this.saved.cover;
    this.hide();
    this.speakAs(seat);
  }

  hide() {
    this.node.hidden = true;
    for (const part of this.behind()) part.inert = false;
    document.getElementById("board").focus();
  }

  behind() {
    return [...document.body.children].filter((part) => part !== this.node && part.tagName !== "SCRIPT");
  }

  build() {
    const node = el("div", { id: "pass-cover", class: "pass-cover", role: "dialog", "aria-modal": "true", "aria-labelledby": "pass-title", "aria-describedby": "pass-words", hidden: true },
      el("div", { class: "pass-card" },
        el("p", { class: "pass-icon", "aria-hidden": "true" }, icon("person")),
        el("h2", { id: "pass-title" }),
        el("p", { id: "pass-words" }),
        el("p", { id: "pass-note", class: "pass-note", role: "status" }),
        el("button", { type: "button", id: "pass-ready", class: "primary pass-ready", onclick: () => this.uncover() },
          icon("eye"), " ", el("span", { class: "label" })),
        el("p", {}, el("button", { type: "button", id: "pass-back", class: "pass-back", hidden: true },
          icon("prev"), " ", el("span", { class: "label" })))));
    document.body.append(node);
    return node;
  }
}

/** The seats this page holds for its device (pass-and-play; none on another page). */
export function deviceSeats() {
  return new Set(heldSeats(new URLSearchParams(location.hash.slice(1)).get("local")).keys());
}

/** The pass-and-play controller of a page opened with "#local=..." (null otherwise); its
 * seats and host token are kept in My tables. ``reseat`` is table.js's. */
export function passAndPlay(reseat, send) {
  const params = new URLSearchParams(location.hash.slice(1));
  const held = heldSeats(params.get("local"));
  if (held.size < 2) return null;
  loadStyles("/static/pass-and-play.css");
  for (const id of ["name-form", "name-note"]) document.getElementById(id).hidden = true;  // named at creation
  remember(tableId, { local: params.get("local"), host: params.get("host") || undefined });
  return new PassAndPlay(held, reseat, send);
}
