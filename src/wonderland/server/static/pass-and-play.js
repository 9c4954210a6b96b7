// Pass-and-play: several people at one device. The page opened with "#local=S:T,S:T" holds the
// seat token of every person at the device and speaks as one seat at a time. Between two of
// its people's turns it drops the board of the one who played (it reconnects as nobody, so
// the page and its frames hold no hand), covers the screen with "Pass to Alice — tap when
// only Alice is looking", and only after the tap connects as Alice and draws her view. While
// a bot or someone elsewhere moves, and at the end, it shows the public board (a spectator's
// view) to everyone. table.js asks follows(state, seat) before drawing a state and gives
// reseat(token): a seat's token, null for the public view, undefined for no connection.
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

function loadSaved() {
  try { return JSON.parse(sessionStorage.getItem(SAVED) || "{}") || {}; } catch { return {}; }
}

function save(value) {
  try { sessionStorage.setItem(SAVED, JSON.stringify(value)); } catch { /* private mode */ }
}

class PassAndPlay {
  constructor(held, reseat) {
    this.held = held;
    this.reseat = reseat;
    this.saved = loadSaved();
    this.node = null;
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
    if (state.finished || state.expired || state.waiting) {  // the result is for everyone
      if (seat === null) return true;
      this.speakAs(null);
      return false;
    }
    if (!state.to_move.length) return true;  // a draw or a held play: nothing to hand on yet
    if (seat !== null && state.to_move.includes(seat)) return true;
    const next = this.next(state.to_move, seat);
    if (next !== null) {
      const named = (state.seats || []).find((s) => s.seat === next);
      this.cover(next, named ? named.name : `seat ${next + 1}`);
      return false;
    }
    if (seat === null) return true;
    this.speakAs(null);
    return false;
  }

  /** Drop the page's seat and cover the screen until ``seat``'s person taps. */
  cover(seat, name) {
    this.saved = { seat: null, cover: seat, name };
    save(this.saved);
    this.reseat(undefined);
    this.node = this.node || this.build();
    this.node.querySelector("#pass-title").textContent = `Pass to ${name}`;
    this.node.querySelector("#pass-words").textContent =
      `It is ${name}'s turn. Hand this device to ${name}, and tap when only ${name} is looking.`;
    this.node.querySelector("#pass-ready .label").textContent = `Only ${name} is looking — show the turn`;
    this.node.hidden = false;
    for (const part of this.behind()) part.inert = true;
    this.node.querySelector("#pass-ready").focus();
  }

  /** The tap: the cover goes and the page speaks as the seat it was for. */
  uncover() {
    const seat = this.saved.cover;
    this.node.hidden = true;
    for (const part of this.behind()) part.inert = false;
    this.speakAs(seat);
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
        el("button", { type: "button", id: "pass-ready", class: "primary pass-ready", onclick: () => this.uncover() },
          icon("eye"), " ", el("span", { class: "label" }))));
    document.body.append(node);
    return node;
  }
}

/** The pass-and-play controller of a page opened with "#local=..." (null otherwise); its
 * seats and host token are kept in My tables. ``reseat`` is table.js's. */
export function passAndPlay(reseat) {
  const params = new URLSearchParams(location.hash.slice(1));
  const held = heldSeats(params.get("local"));
  if (held.size < 2) return null;
  loadStyles("/static/pass-and-play.css");
  for (const id of ["name-form", "name-note"]) document.getElementById(id).hidden = true;  // named at creation
  remember(tableId, { local: params.get("local"), host: params.get("host") || undefined });
  return new PassAndPlay(held, reseat);
}
