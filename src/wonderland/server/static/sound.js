// Sound at the table: short cues (your turn, a card played, dice rolled, a battle or round
// won, the end of the game), synthesized in sound-synth.js, with an on/off button and a
// volume slider kept per device (localStorage) and per kind of page:
//   soundControl(place, kind)   draws the control into `place`; kind is "seat" (a player's
//                               page: on by default), "watch" (a spectator's) or "screen"
//                               (the room's table screen); both off until turned on
//   hear(moment)                after each state message: plays the cues of the change
// A moment is { renderer, view, state, seat, mine } (mine: it is now this seat's turn). The
// game's renderer names the cues of its own steps with an optional export
//   cues(before, after) -> ["card" | "dice" | "win" | ...]
// (before and after are moments), so this module never names a game. The page's first
// state, and a connection's full resync (its log sent again from the start), make no sound.
// Browsers let a page start audio only after a gesture: one AudioContext is made on the
// first click or key press with sound on; until then the control says that sound plays after
// the first tap. Every cue played is announced to the page as a
// "wonderland:cue" event on window (detail: { cue, page, volume, preview }).
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { CUES } from "/static/sound-synth.js";

const KEY = "wonderland.sound";
const DEFAULT_ON = { seat: true, watch: false, screen: false };
const DEFAULT_VOLUME = 60;
const GAP_S = 0.08;       // silence between two cues
const BEHIND_S = 0.6;     // a cue repeating the last one is dropped when it would start later
const LATE_S = 2.5;       // than this (a race's many rolls), any cue later than this
const MOST = 2;           // cues of one change at most (the last ones named)

let page = "watch";
let prefs = { on: false, volume: DEFAULT_VOLUME };
let audio = null;         // the AudioContext, made on a gesture with sound on
let out = null;           // its volume (a GainNode)
let before = null;        // the moment heard last
let until = 0;            // when the cues scheduled so far end (audio time)
let last = "";            // the cue scheduled last
let drawn = null;         // the control drawn: { button, slider, hint }

// -- the stored preference -----------------------------------------------------------------
function storedAll() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || "{}");
    return all && typeof all === "object" ? all : {};
  } catch {
    return {};
  }
}

function load(kind) {
  const kept = storedAll()[kind] || {};
  const volume = Number(kept.volume);
  return {
    on: typeof kept.on === "boolean" ? kept.on : DEFAULT_ON[kind] === true,
    volume: Number.isFinite(volume) ? Math.max(0, Math.min(100, volume)) : DEFAULT_VOLUME,
  };
}

function save() {
  try { localStorage.setItem(KEY, JSON.stringify({ ...storedAll(), [page]: prefs })); } catch { /* private mode */ }
}

// -- audio ---------------------------------------------------------------------------------
function gestureSeen() {
  return !navigator.userActivation || navigator.userActivation.hasBeenActive;
}

function setVolume() {
  if (out) out.gain.setTargetAtTime((prefs.volume / 100) ** 2, audio.currentTime, 0.02);
}

/** The running AudioContext, or null: sound off, no gesture yet, or no Web Audio here. */
function started() {
  if (!prefs.on) return null;
  if (!audio) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context || !gestureSeen()) return null;
    audio = new Context();
    out = audio.createGain();
    out.gain.value = 0;
    out.connect(audio.destination);
    setVolume();
  }
  if (audio.state !== "running") audio.resume().catch(() => {});  // suspended, interrupted
  return audio;
}

function play(names, preview = false) {
  const context = started();
  if (!context) return;
  const now = context.currentTime + 0.02;
  for (const name of names) {
    if (!Object.hasOwn(CUES, name)) continue;
    const at = preview ? now : Math.max(now, until + GAP_S);  // one after the other
    if (at - now > LATE_S || (at - now > BEHIND_S && name === last)) continue;
    until = Math.max(until, at + CUES[name](context, out, at));
    last = name;
    window.dispatchEvent(new CustomEvent("wonderland:cue", { detail: { cue: name, page, volume: prefs.volume, preview } }));
  }
}

// -- what a change sounds like -------------------------------------------------------------
function gameCues(renderer, previous, moment) {
  if (!renderer || typeof renderer.cues !== "function" || !previous.view || !moment.view) return [];
  try {
    const named = renderer.cues(previous, moment);
    return Array.isArray(named) ? named : [];
  } catch (error) {  // the table goes on without the sound; the error is still reported
    setTimeout(() => { throw error; });
    return [];
  }
}

/** Play the cues of the change from the last moment heard to this one. */
export function hear({ renderer, view, state, seat = null, mine = false }) {
  const start = state.log_start || 0;
  const moment = { view, state, seat, mine: Boolean(mine), logEnd: start + (state.log || []).length };
  const previous = before;
  before = moment;
  if (!previous || start < previous.logEnd) return;  // the first state, a resync, an undo
  const ending = state.finished && !previous.state.finished;
  const generic = ending ? ["end"] : moment.mine && !previous.mine ? ["turn"] : [];
  const names = [...new Set([...gameCues(renderer, previous, moment), ...generic])];
  play(names.slice(-MOST));  // the game's own cues first; the turn or the end is never cut
}

// -- the control ---------------------------------------------------------------------------
function wake() {
  if (prefs.on) started();
  if (drawn && !drawn.hint.hidden && gestureSeen()) showControl(drawn);
}

function showControl({ button, slider, hint }) {
  // sound is on, but the browser lets it play only after the page's first tap or key press
  hint.hidden = !prefs.on || gestureSeen();
  button.setAttribute("aria-pressed", String(prefs.on));
  button.replaceChildren(icon(prefs.on ? "sound" : "muted"), el("span", { class: "label" }, "Sound"));
  button.title = prefs.on ? "Sound is on: press to turn it off" : "Sound is off: press to turn it on";
  slider.value = String(prefs.volume);
  slider.setAttribute("aria-valuetext", `volume ${prefs.volume} percent`);
}

/** Draw the sound button and volume slider into `place` for a page of `kind`. */
export function soundControl(place, kind) {
  page = Object.hasOwn(DEFAULT_ON, kind) ? kind : "watch";
  prefs = load(page);
  loadStyles("/static/sound.css");
  const button = el("button", { type: "button", id: "sound-toggle", class: "sound-toggle" });
  const slider = el("input", { type: "range", id: "sound-volume", class: "sound-volume", min: 0, max: 100, step: 5 });
  const hint = el("span", { class: "sound-wait", id: "sound-wait" }, "plays after your first tap");
  drawn = { button, slider, hint };
  button.addEventListener("click", () => {
    prefs = { ...prefs, on: !prefs.on };
    save();
    showControl(drawn);
    play(["turn"], true);  // what the turn sounds like, at this volume
  });
  slider.addEventListener("input", () => {  // heard at once while the slider moves
    prefs = { ...prefs, volume: Number(slider.value) };
    setVolume();
  });
  slider.addEventListener("change", () => {
    save();
    showControl(drawn);
    play(["card"], true);  // what a cue sounds like at this volume
  });
  showControl(drawn);
  place.append(el("span", { class: "sound-control", role: "group", "aria-label": "Sound" },
    button, el("label", { for: "sound-volume", class: "visually-hidden" }, "Volume"), slider, hint));
  for (const kind of ["pointerdown", "click", "keydown"]) {  // a touch activates on its release
    document.addEventListener(kind, wake, { capture: true, passive: true });
  }
}
