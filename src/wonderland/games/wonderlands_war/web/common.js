// Shared pieces of Wonderland's War's table: faction colours and shapes, chip tokens, names,
// the phases of the task stack, and a reading of the legal actions by kind.
import { el, styled, svg } from "/static/dom.js";
import { bind } from "/static/sections.js";
import { prose } from "/static/words.js";

export { bind, styled };

// Phase codes of the task stack (state.py): the top task says what is being decided.
export const PHASE = {
  CHOOSE_FACTION: 20, KEEP_QUEST: 21, TEA_TURN: 22, TEA_CONTINUE: 23, PLACE_SUPPORTERS: 24,
  BUILD_CASTLE: 25, PICK_WONDERLANDIAN: 26, PLACE_WONDERLANDIAN: 27, PICK_ALLY: 28,
  CHOOSE_AWARD: 29, FORGE: 30, DRAW_OR_STOP: 40, SHIELD_OR_ACCEPT: 41, WAGER: 42,
};
export const STATUS = { OUT: 0, DRAWING: 1, STOPPED: 2, BUST: 3 };
export const HIDDEN = -3;
export const WAITING = -1;

/** The phase on top of the task stack (0 when the game is over). */
export function topPhase(view) {
  const top = view.tasks[view.tasks.length - 1];
  return top ? top[0] : 0;
}

/** An action's notation ("move 3 0") as { kind, target, option }. */
export function parseLabel(label) {
  const [kind, target = "0", option = "0"] = String(label).split(" ");
  return { kind, target: Number(target), option: Number(option) };
}

/** The legal actions read by kind: { all: [...], byKind: Map(kind -> [action...]) }, each
 *  action carrying its parsed kind, target and option. */
export function readLegal(legal) {
  const all = (legal || []).map((a) => ({ ...a, ...parseLabel(a.label), text: (a.info && a.info.text) || a.label }));
  const byKind = new Map();
  for (const a of all) {
    if (!byKind.has(a.kind)) byKind.set(a.kind, []);
    byKind.get(a.kind).push(a);
  }
  return { all, byKind, used: new Set() };
}

/** Take and mark as drawn the legal actions of these kinds. */
export function take(moves, ...kinds) {
  const out = [];
  for (const kind of kinds) for (const a of moves.byKind.get(kind) || []) { out.push(a); moves.used.add(a.id); }
  return out;
}

/** The faction's short name and initial, or the seat's before factions are chosen. */
export function factionName(view, content, seat) {
  const f = view.players[seat].faction;
  return f >= 0 ? content.factions[f].name : `Seat ${seat + 1}`;
}

export function initial(view, content, seat) {
  const f = view.players[seat].faction;
  if (f < 0) return String(seat + 1);
  const name = content.factions[f].name;
  return name.includes(" of ") ? name[0] : name.split(" ").pop()[0];
}

/** "Alice (you)" for the reader's own seat, else the faction's name; before the seat has a
 *  faction, its person ("you" for the reader). */
export function who(ctx, seat) {
  if (ctx.view.players[seat].faction < 0) return person(ctx, seat);  // no faction yet: the person
  return `${factionName(ctx.view, ctx.content, seat)}${seat === ctx.seat ? " (you)" : ""}`;
}

/** The person at a seat (ctx.name when the page gives it, else the seat list). */
export function person(ctx, seat) {
  if (seat === ctx.seat) return "you";
  if (typeof ctx.name === "function") return ctx.name(seat);
  const entry = (ctx.seats || []).find((s) => s.seat === seat);
  return entry ? entry.name : `seat ${seat + 1}`;
}

/** The faction class (colour and marker shape) of a seat: f0..f4, or "f-none". */
export function tone(view, seat) {
  const f = view.players[seat].faction;
  return f >= 0 ? `f${f % 5}` : "f-none";
}

/** A name with the content's provisional star made a small marked note. */
const VOWEL = /[aeiouy]/i;

/** Long words with soft hyphens where a syllable may start (a consonant before a vowel, after
 *  a vowel, or after a vowel and a consonant unless an "e" follows), so that a narrow plate breaks "Reinforce-ments" with
 *  a hyphen and never "Reinforceme / nts" (the browser has no hyphenation dictionary). */
export function hyphenated(text) {
  return String(text).replace(/[A-Za-z]{9,}/g, (word) => {
    let out = word[0];
    for (let i = 1; i < word.length; i++) {
      const starts = !VOWEL.test(word[i]) && VOWEL.test(word[i + 1] || "")
        && (VOWEL.test(word[i - 1]) || (VOWEL.test(word[i - 2] || "") && word[i + 1] !== "e"));
      out += (starts && i >= 3 && word.length - i >= 3 ? "\u00AD" : "") + word[i];
    }
    return out;
  });
}

export function provisional(text) {
  const parts = String(text).split("*");
  if (parts.length === 1) return text;
  const out = [];
  parts.forEach((part, i) => {
    out.push(part);
    if (i < parts.length - 1) out.push(el("abbr", { class: "prov", title: "provisional: a design of our own, not the printed game" }, "*"));
  });
  return out;
}

export function words(ctx, text) {
  return prose(text, (seat) => person(ctx, seat));
}

const MADNESS = "M6 12a6 6 0 1 1 6 6a4 4 0 1 1 0-8a2 2 0 1 1 0 4";
const FORGE = "M5 9h12l2 2h-3v2a3 3 0 0 1-3 3v2h3v2H8v-2h3v-2a3 3 0 0 1-3-3v-2H5z";

/** A chip token of kind `chip` (its strength, or a symbol for madness and forge chips);
 *  `count` adds a ×n tally. */
export function chipToken(content, chip, { count = 0, key = null, extra = "" } = {}) {
  const c = content.chips[chip];
  const kind = c ? c.kind : "strength";
  const name = c ? c.name : `chip ${chip}`;
  let face;
  if (kind === "madness") face = svg("svg", { viewBox: "0 0 24 24", class: "chip-sym", "aria-hidden": "true" }, svg("path", { d: MADNESS }));
  else if (kind === "forge") face = svg("svg", { viewBox: "0 0 24 24", class: "chip-sym", "aria-hidden": "true" }, svg("path", { d: FORGE }));
  else face = el("span", { class: "chip-val" }, String(c ? c.strength : "?"));
  const label = `${name}${c && c.provisional ? " (provisional)" : ""}${count ? ` ×${count}` : ""}`;
  return el("span", { class: `chip k-${kind}${count > 1 ? " counted" : ""} ${extra}`, "data-key": key, title: label, role: "img", "aria-label": label },
    face, count > 1 ? el("span", { class: "chip-n", "aria-hidden": "true" }, `×${count}`) : null);
}

/** A shard (a small crystal) with a count. */
/** A number as it is printed: a negative one with a real minus sign ("−7", not "-7"). */
export function signed(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

export function shards(n) {
  return el("span", { class: "shards", title: `${n} shard${n === 1 ? "" : "s"}: −1 point each at the end (rule W53)`, role: "img", "aria-label": `${n} shards` },
    svg("svg", { viewBox: "0 0 24 24", "aria-hidden": "true" }, svg("path", { d: "M12 2l7 7-7 13-7-13z" })), el("span", {}, String(n)), el("small", {}, n === 1 ? "shard" : "shards"));
}

/** The forge mark (an anvil), labelled or hidden. */
export function forgeIcon(label = "") {
  return svg("svg", { class: "icon", viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "currentColor", role: label ? "img" : null, "aria-label": label || null, "aria-hidden": label ? null : "true" },
    label ? svg("title", {}, label) : null, svg("path", { d: FORGE }));
}

/** A button of the board: class choice, shortcut, the page's offline switch honoured. */
export function button(ctx, action, children, attrs = {}) {
  return bind(el("button", {
    type: "button", class: `choice ${attrs.class || ""}`, "data-action": action.id, "data-kind": action.kind,
    "data-shortcut": attrs.shortcut, title: attrs.title, "aria-label": attrs.label,
    disabled: ctx.offline || undefined,
  }, children), { click: () => ctx.act(action.id) });
}
