// Shared pieces of Parade's table: the colours and their characters, a card's face, the
// majorities, the seats' tags, and sending a move once.
import { el, svg } from "/static/dom.js";
import { icon } from "/static/icons.js";

export const LETTERS = ["R", "B", "P", "G", "K", "Y"];
const DEFAULT_COLOURS = [
  ["red", "Mad Hatter"], ["blue", "Alice"], ["purple", "Cheshire Cat"],
  ["green", "Humpty Dumpty"], ["black", "White Rabbit"], ["yellow", "Dodo"],
];
// One simple emblem per colour's character (P38), 24x24, filled (even-odd for the cut-outs).
const EMBLEMS = {
  R: "M7 2.5h10v8.5H7zM7 12h10v2.2H7zM2.5 15.5h19v2.8h-19z", // the Hatter's top hat
  B: "M10.3 8.6h3.4v3.8h-3.4zM9.6 10.5 2.5 5.5v10zM14.4 10.5l7.1-5v10zM10.8 12.6l-2.6 7.9 2.4-.6 1.4 1.8V12.6zM13.2 12.6l2.6 7.9-2.4-.6-1.4 1.8V12.6z", // Alice's bow
  P: "M3.5 3l4.5 4.2h8L20.5 3v10.5a8.5 7.5 0 0 1-17 0zM8 10h2.2v2.2H8zM13.8 10H16v2.2h-2.2zM6.8 14q5.2 4.6 10.4 0q-5.2 2.2-10.4 0z", // the Cheshire Cat's grin
  G: "M12 1.5c3.6 0 6.2 5.2 6.2 9.3a6.2 6.2 0 0 1-12.4 0C5.8 6.7 8.4 1.5 12 1.5zM1.5 18h10v2.2h-10zM12.5 18h10v2.2h-10zM1.5 21h5v2h-5zM7.5 21h9v2h-9zM17.5 21h5v2h-5z", // Humpty on his wall
  K: "M7.6 1.5c2.2 0 2.4 6.5 2.4 9H6.9c0-2.5-1.5-9 .7-9zM16.4 1.5c2.2 0 .7 6.5.7 9H14c0-2.5.2-9 2.4-9zM12 9.5a6.5 6.5 0 1 1 0 13a6.5 6.5 0 0 1 0-13zM9 14.5h1.8v1.8H9zM13.2 14.5H15v1.8h-1.8z", // the White Rabbit
  Y: "M6 16.5a7 5.2 0 1 0 14 0a7 5.2 0 1 0-14 0zM6.5 8.5h3.8l2.6 6H7.4zM4.6 6.8a3.3 3.3 0 1 0 6.6 0a3.3 3.3 0 1 0-6.6 0zM5.2 6.2.8 8.4l1.3 2.7 4.4-2.3zM20 13.3l3.2-2.1-.9 4.4zM10.8 21h1.6v2.5h-1.6zM15 21h1.6v2.5H15z", // the Dodo
};

// -- facts -----------------------------------------------------------------------------------
const colourLists = new WeakMap(); // the content -> its colours, worked out once
const NO_CONTENT = {};

/** The six colours as { letter, name, character }, named by the content (or the defaults). */
export function colours(ctx) {
  const content = ctx.content || NO_CONTENT;
  let known = colourLists.get(content);
  if (!known) {
    const list = content.colours;
    known = LETTERS.map((letter, i) => {
      const found = list && list.find((c) => c.letter === letter);
      return found ? { letter, name: found.name, character: found.character } : { letter, name: DEFAULT_COLOURS[i][0], character: DEFAULT_COLOURS[i][1] };
    });
    colourLists.set(content, known);
  }
  return known;
}

export function colourOf(ctx, letter) {
  return colours(ctx)[LETTERS.indexOf(letter)];
}

export function describe(ctx, code) {
  const c = colourOf(ctx, code[0]);
  return c.name === c.character ? `${c.name} ${code.slice(1)}` : `${c.name} ${code.slice(1)} (${c.character})`;
}

export function nameOf(ctx, seat) {
  if (ctx.name) {
    const named = ctx.name(seat);
    if (named) return named;
  }
  if (seat === ctx.seat) return "you";
  const found = (ctx.seats || []).find((s) => s.seat === seat);
  return found ? found.name : `seat ${seat + 1}`;
}

export function title(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

export function countsOf(cards) {
  return LETTERS.map((letter) => cards.filter((c) => c[0] === letter).length);
}

/** Per seat and colour: whether the seat holds that colour's majority now (P31, P32, P36). */
export function majorities(collections, rule = {}) {
  const counts = collections.map(countsOf);
  const n = collections.length;
  const lead = rule.lead ?? (n === 2 ? 2 : 0);
  return counts.map((row, seat) => row.map((count, colour) => {
    const column = counts.map((r) => r[colour]);
    if (lead && n === 2) return count - column[1 - seat] >= lead;
    const top = Math.max(...column);
    if (top === 0) return false;
    if (rule.all_equal_no_majority && n >= 3 && Math.min(...column) === top) return false;
    return count === top;
  }));
}

export function majorityRule(ctx, view) {
  const rule = (ctx.content && ctx.content.majority) || {};
  return { lead: rule.lead ?? (view.num_players === 2 ? 2 : 0), rule: rule.rule || (view.num_players === 2 ? "P36" : "P32"), all_equal_no_majority: !!rule.all_equal_no_majority };
}

// -- pieces ------------------------------------------------------------------------------------
export function emblem(letter) {
  return svg("svg", { class: "pc-emblem", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: EMBLEMS[letter], "fill-rule": "evenodd", fill: "currentColor" }));
}

/** A face-up card: colour, big value, the colour's character. */
export function cardFace(ctx, code, { size = "", label = true } = {}) {
  const c = colourOf(ctx, code[0]);
  const attrs = { class: `pcard c-${code[0]} ${size}`, "data-key": `card-${code}`, "data-card": code };
  if (label) Object.assign(attrs, { role: "img", "aria-label": describe(ctx, code) });
  return el("div", attrs,
    el("span", { class: "pc-value", "aria-hidden": label ? "true" : undefined }, code.slice(1)),
    size === "mini" ? null : emblem(code[0]),
    size === "big" ? el("span", { class: "pc-name", "aria-hidden": "true" }, c.character) : null);
}

export function tagOf(view, seat) {
  if (view.phase === "play" && view.current === seat) return "play";
  if (view.phase === "choose") return view.chosen[seat] ? "chosen" : "choosing";
  if (view.phase === "over" && view.winners.includes(seat)) return "won";
  return "";
}

export function seatTag(tag) {
  if (tag === "play") return el("span", { class: "pd-tag turn" }, icon("turn"), "to play");
  if (tag === "chosen") return el("span", { class: "pd-tag done" }, icon("check"), "has chosen");
  if (tag === "choosing") return el("span", { class: "pd-tag turn" }, icon("clock"), "choosing");
  if (tag === "won") return el("span", { class: "pd-tag won" }, icon("trophy"), "winner");
  return null;
}

export function isActive(view, seat) {
  return (view.phase === "play" && view.current === seat) || (view.phase === "choose" && !view.chosen[seat]);
}

/** The click handler that plays `action` once per state (a second click before the table
 *  moves on is ignored). */
export function guard(ui, action, ctx) {
  return (event) => {
    if (event) event.stopPropagation();
    if (!action || ctx.offline || ctx.replay) return;
    const version = ctx.state ? ctx.state.version : null;
    if (ui.pendingVersion !== null && ui.pendingVersion === version) return; // sent already
    ui.pendingVersion = version;
    ui.hovered = null;
    ctx.act(action.id);
  };
}
