// Parade at the web table, laid out as the cards lie: the other players around the top (name,
// hand as card backs, collection fanned by colour), the draw pile, the box with the parade
// running from it to its end, then your hand and your collection. Hovering or focusing a card
// of your hand brackets the cards it leaves safe and lifts the cards it would collect; after a
// play the collected cards fly to the collector and the played card to the end of the parade.
import { el, svg } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { snapshot, glide } from "/static/motion.js";
import { prose } from "/static/words.js";

const LETTERS = ["R", "B", "P", "G", "K", "Y"];
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

let hovered = null; // the hand card whose preview is shown
let picked = []; // the cards picked in the end choice
let pendingVersion = null; // the state version an action was sent for
let currentBoard = null;
let live = null; // { board, ctx, view } of the last draw: the controls act on these
let built = null; // the nodes drawn, kept from one draw to the next (see memo)

// -- keeping the nodes that did not change ------------------------------------------------------
// A draw keeps each part of the table whose inputs are the same as at the last draw: the same
// node stays in place, so the browser restyles and lays out only the parts that changed. The
// slots are few and bounded (the seats, the 66 cards, a few panels), so none is forgotten.

/** The node drawn at `slot` by the last draw if it was built from the same `key`, else a new one. */
function memo(slot, key, build) {
  const hit = built.nodes.get(slot);
  if (hit && hit.key === key) return hit.node;
  const node = build();
  built.nodes.set(slot, { key, node });
  return node;
}

/** The element kept at `slot` (built once); its attributes are set with `attrs`. */
function keep(slot, tag, fixed = {}) {
  return memo(slot, "", () => el(tag, fixed));
}

/** Set the attributes that differ (null, undefined or false remove one). */
function attrs(node, values) {
  for (const [name, value] of Object.entries(values)) {
    if (name === "class") {
      if (node.className !== value) node.className = value;
    } else if (value === null || value === undefined || value === false) {
      if (node.hasAttribute(name)) node.removeAttribute(name);
    } else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, String(value));
  }
  return node;
}

/** Make `parent`'s children exactly `children` (empty entries skipped), moving only what differs:
 *  the children that leave are removed first, so the ones that stay are not moved. */
function place(parent, children) {
  const wanted = children.filter(Boolean);
  const kept = new Set(wanted);
  for (let node = parent.firstChild; node;) {
    const next = node.nextSibling;
    if (!kept.has(node)) node.remove();
    node = next;
  }
  let at = parent.firstChild;
  for (const child of wanted) {
    if (child === at) at = at.nextSibling;
    else parent.insertBefore(child, at);
  }
  return parent;
}

// -- facts -----------------------------------------------------------------------------------
let colourCache = { content: null, list: null };
function colours(ctx) {
  if (colourCache.list && colourCache.content === ctx.content) return colourCache.list;
  const list = ctx.content && ctx.content.colours;
  colourCache = {
    content: ctx.content,
    list: LETTERS.map((letter, i) => {
      const found = list && list.find((c) => c.letter === letter);
      return found ? { letter, name: found.name, character: found.character } : { letter, name: DEFAULT_COLOURS[i][0], character: DEFAULT_COLOURS[i][1] };
    }),
  };
  return colourCache.list;
}

function colourOf(ctx, letter) {
  return colours(ctx)[LETTERS.indexOf(letter)];
}

function describe(ctx, code) {
  const c = colourOf(ctx, code[0]);
  return c.name === c.character ? `${c.name} ${code.slice(1)}` : `${c.name} ${code.slice(1)} (${c.character})`;
}

function nameOf(ctx, seat) {
  if (ctx.name) {
    const named = ctx.name(seat);
    if (named) return named;
  }
  if (seat === ctx.seat) return "you";
  const found = (ctx.seats || []).find((s) => s.seat === seat);
  return found ? found.name : `seat ${seat}`;
}

function title(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

function countsOf(cards) {
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

function majorityRule(ctx, view) {
  const rule = (ctx.content && ctx.content.majority) || {};
  return { lead: rule.lead ?? (view.num_players === 2 ? 2 : 0), rule: rule.rule || (view.num_players === 2 ? "P36" : "P32"), all_equal_no_majority: !!rule.all_equal_no_majority };
}

// -- pieces ------------------------------------------------------------------------------------
function emblem(letter) {
  return svg("svg", { class: "pc-emblem", viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: EMBLEMS[letter], "fill-rule": "evenodd", fill: "currentColor" }));
}

/** A face-up card: colour, big value, the colour's character. */
function cardFace(ctx, code, { size = "", label = true } = {}) {
  const c = colourOf(ctx, code[0]);
  const attrs = { class: `pcard c-${code[0]} ${size}`, "data-key": `card-${code}`, "data-card": code };
  if (label) Object.assign(attrs, { role: "img", "aria-label": describe(ctx, code) });
  return el("div", attrs,
    el("span", { class: "pc-value", "aria-hidden": label ? "true" : undefined }, code.slice(1)),
    size === "mini" ? null : emblem(code[0]),
    size === "big" ? el("span", { class: "pc-name", "aria-hidden": "true" }, c.character) : null);
}

/** A seat's hand as card backs; each back is kept while the hand holds that many cards. */
function backs(count, seat) {
  const row = attrs(keep(`seat-${seat}-backs`, "div", { "data-hand-seat": seat, role: "img" }), {
    class: `pd-backs ${count ? "" : "none"}`, "aria-label": `${count} ${count === 1 ? "card" : "cards"} in hand`,
  });
  const cards = [];
  for (let i = 0; i < count; i += 1) cards.push(keep(`back-${seat}-${i}`, "span", { class: "pd-back", "data-key": `back-${seat}-${i}` }));
  return place(row, cards);
}

function collection(ctx, cards, holds, seat, small) {
  const wrap = el("div", { class: `pd-collection ${small ? "small" : ""}`, "data-collection-seat": seat });
  const counts = countsOf(cards);
  colours(ctx).forEach((c, i) => {
    if (!counts[i]) return;
    const fan = el("div", { class: "pd-fan", role: "group", "aria-label": `${c.name}: ${counts[i]} ${counts[i] === 1 ? "card" : "cards"}${holds[i] ? ", majority" : ""}` });
    const cardsRow = el("div", { class: "pd-fan-cards" });
    for (const code of cards.filter((x) => x[0] === c.letter).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)))) {
      cardsRow.append(el("span", { class: "pd-fslot" }, cardFace(ctx, code, { size: "mini", label: false })));
    }
    fan.append(cardsRow, el("span", { class: `pd-count ${holds[i] ? "major" : ""}`, "aria-hidden": "true" },
      holds[i] ? icon("crown") : null, `×${counts[i]}`));
    wrap.append(fan);
  });
  if (!cards.length) wrap.append(el("p", { class: "pd-empty" }, "no cards collected yet"));
  return wrap;
}

function tagOf(view, seat) {
  if (view.phase === "play" && view.current === seat) return "play";
  if (view.phase === "choose") return view.chosen[seat] ? "chosen" : "choosing";
  if (view.phase === "over" && view.winners.includes(seat)) return "won";
  return "";
}

function seatTag(tag) {
  if (tag === "play") return el("span", { class: "pd-tag turn" }, icon("turn"), "to play");
  if (tag === "chosen") return el("span", { class: "pd-tag done" }, icon("check"), "has chosen");
  if (tag === "choosing") return el("span", { class: "pd-tag turn" }, icon("clock"), "choosing");
  if (tag === "won") return el("span", { class: "pd-tag won" }, icon("trophy"), "winner");
  return null;
}

function isActive(view, seat) {
  return (view.phase === "play" && view.current === seat) || (view.phase === "choose" && !view.chosen[seat]);
}

function opponent(ctx, view, seat, holds) {
  const kind = (ctx.seats || []).find((s) => s.seat === seat);
  const bot = !!kind && kind.kind === "bot";
  const last = view.last_play && view.last_play.seat === seat;
  const name = title(nameOf(ctx, seat));
  const tag = tagOf(view, seat);
  const item = attrs(keep(`seat-${seat}`, "li", { "data-seat": seat }), { class: `pd-seat ${isActive(view, seat) ? "to-move" : ""} ${last ? "last" : ""}` });
  const head = place(keep(`seat-${seat}-head`, "div", { class: "pd-seat-head" }), [
    memo(`seat-${seat}-kind`, String(bot), () => icon(bot ? "bot" : "person")),
    memo(`seat-${seat}-name`, name, () => el("strong", { class: "pd-name" }, name)),
    memo(`seat-${seat}-no`, "", () => el("span", { class: "pd-seatno" }, `seat ${seat}`)),
    memo(`seat-${seat}-tag`, tag, () => seatTag(tag)),
  ]);
  return place(item, [
    head,
    backs(view.hand_sizes[seat], seat),
    memo(`seat-${seat}-collection`, JSON.stringify([view.collections[seat], holds[seat]]),
      () => collection(ctx, view.collections[seat], holds[seat], seat, true)),
  ]);
}

function boxPicture() {
  return svg("svg", { class: "pd-box", viewBox: "0 0 40 64", role: "img", "aria-label": "the box: the front of the parade" },
    svg("title", {}, "the box: the front of the parade"),
    svg("path", { d: "M4 14 20 6l16 8v40l-16 8-16-8z", class: "box-side" }),
    svg("path", { d: "M4 14 20 22l16-8-16-8z", class: "box-top" }),
    svg("path", { d: "M20 22v40", class: "box-edge" }),
    svg("text", { x: 12, y: 44, class: "box-label", transform: "rotate(-90 12 44)" }, "BOX"));
}

/** The draw pile: up to three backs, its count and its label (the count's text is updated in place). */
function pile(view) {
  const n = view.pile_size;
  const label = n ? `draw pile: ${n} ${n === 1 ? "card" : "cards"}` : "draw pile: empty";
  const count = n ? keep("pile-count", "span", { class: "pd-pile-count", "aria-hidden": "true" }) : null;
  if (count && count.textContent !== String(n)) count.textContent = String(n);
  const stack = place(keep("pile-stack", "span", { class: "pd-pile-stack" }), [
    ...[0, 1, 2].filter((i) => i < Math.min(3, n)).map((i) => keep(`pile-${i}`, "span", { class: `pd-back pile-card i${i}` })),
    count,
  ]);
  return place(attrs(keep("pile", "div", { class: "pd-pile", "data-pile": "", role: "img" }), { "aria-label": label }), [
    stack,
    memo("pile-label", String(!!n), () => el("span", { class: "pd-pile-label", "aria-hidden": "true" }, n ? "draw pile" : "pile empty")),
  ]);
}

function paradeRow(ctx, view) {
  const last = view.last_play && view.last_play.card;
  const row = attrs(keep("parade", "ol", { class: "parade" }), { "aria-label": `the parade: ${view.parade.length} cards from the box at the front to the end` });
  const slots = view.parade.map((code, i) => {
    const end = i === view.parade.length - 1;
    const slot = memo(`slot-${code}`, "", () => el("li", { class: "pd-slot", "data-card": code }, cardFace(ctx, code)));
    slot.pdBase = `pd-slot ${end ? "end" : ""} ${end && code === last ? "last" : ""}`; // applyPreview adds the rest
    return slot;
  });
  // The place for the next card: shown while a card may be played, kept (unseen) while a card
  // is drawn between two turns, so that the parade does not reflow at every turn.
  const ghost = view.phase === "play" || view.phase === "draw"
    ? attrs(memo("ghost", "", () => el("li", { "aria-hidden": "true" }, el("span", { class: "pd-ghost", "data-label": "end" }))), { class: `pd-slot pd-next ${view.phase === "play" ? "" : "waiting"}` })
    : null;
  return place(row, [...slots, ghost]);
}

// -- the preview of a hand card ----------------------------------------------------------------
function previewText(ctx, view, code, action) {
  const value = Number(code.slice(1));
  const info = action.info || {};
  const safe = (info.safe || []).length;
  const takes = info.takes || [];
  const parts = [`${code}: `];
  if (value === 0) parts.push("no card is safe (P17)");
  else if (safe >= view.parade.length) parts.push(`all ${view.parade.length} cards are safe (P13)`);
  else parts.push(`the last ${safe} ${safe === 1 ? "card is" : "cards are"} safe (P13)`);
  if (!takes.length) parts.push("; it collects nothing.");
  else {
    const byColour = takes.filter((c) => c[0] === code[0]);
    const byValue = takes.filter((c) => c[0] !== code[0]);
    const why = [];
    if (byColour.length) why.push(`${byColour.join(" ")} (same colour)`);
    if (byValue.length) why.push(`${byValue.join(" ")} (value ${value} or less)`);
    parts.push(`; it collects ${why.join(", ")} (P14).`);
  }
  return parts.join("");
}

function applyPreview(board, ctx, view, code) {
  const row = board.querySelector(".parade");
  const line = board.querySelector("#preview");
  if (!row || !line) return;
  const action = (ctx.legal || []).find((a) => a.label === code);
  const info = action ? action.info || {} : {};
  const safe = new Set(info.safe || []);
  const takes = new Set(info.takes || []);
  // Each slot's class is its drawn class (pdBase) and the preview's marks, written only when it
  // changes, so that showing the same preview again restyles nothing.
  const slots = [...row.querySelectorAll(".pd-slot[data-card]")];
  const safeSlots = slots.filter((s) => safe.has(s.dataset.card));
  const first = safeSlots[0];
  const final = safeSlots[safeSlots.length - 1];
  for (const slot of slots) {
    const c = slot.dataset.card;
    const marks = [safe.has(c) ? "safe" : "", takes.has(c) ? "takes" : "", slot === first ? "safe-start" : "", slot === final ? "safe-end" : ""];
    attrs(slot, { class: `${slot.pdBase || "pd-slot"} ${marks.join(" ")}`, "data-label": slot === final ? `safe: ${safeSlots.length}` : null });
  }
  const ghost = row.querySelector(".pd-ghost");
  if (ghost) attrs(ghost, { class: `pd-ghost ${action ? `c-${code[0]} showing` : ""}`, "data-label": action ? `+${code}` : "end" });
  if (row.classList.contains("previewing") !== !!action) row.classList.toggle("previewing", !!action);
  const text = code && action ? previewText(ctx, view, code, action) : code ? unavailable(ctx, view) : idleHint(ctx, view);
  if (line.pdText !== text) {
    line.pdText = text;
    line.replaceChildren(code ? prose(text) : text);
  }
}

function unavailable(ctx, view) {
  if (ctx.offline) return "The connection is lost: your cards come back when it returns.";
  if (ctx.replay) return "This is a replay: nothing can be played.";
  if (view.phase === "draw") {
    return view.current === ctx.seat ? "You are drawing a card (P20); then the turn passes on." : `${title(nameOf(ctx, view.current))} is drawing a card: you play on your turn (P8, P20).`;
  }
  if (view.phase === "play") return `${title(nameOf(ctx, view.current))} ${view.current === ctx.seat ? "are" : "is"} playing now: you play on your turn (P8, P10).`;
  return "You cannot play a card now.";
}

function idleHint(ctx, view) {
  if (ctx.offline || ctx.replay) return "";
  if (view.phase === "choose" && (ctx.legal || []).length) {
    return picked.length === 2 ? "Press Keep (or K) to confirm." : `Pick ${2 - picked.length} more ${picked.length === 1 ? "card" : "cards"} to keep; keys 1–4 pick too.`;
  }
  if (view.phase === "play" && view.current === ctx.seat && (ctx.legal || []).length) {
    return "Hover or focus a card to see what it would collect; keys 1–5 play a card.";
  }
  return "";
}

// -- your own place --------------------------------------------------------------------------
function guard(action, ctx) {
  return (event) => {
    if (event) event.stopPropagation();
    if (!action || ctx.offline || ctx.replay) return;
    const version = ctx.state ? ctx.state.version : null;
    if (pendingVersion !== null && pendingVersion === version) return; // sent already
    pendingVersion = version;
    hovered = null;
    ctx.act(action.id);
  };
}

function showPreview(code) {
  hovered = code;
  applyPreview(live.board, live.ctx, live.view, code);
}

function hidePreview(code) {
  if (hovered !== code) return;
  hovered = null;
  applyPreview(live.board, live.ctx, live.view, null);
}

function usableNow(ctx, code) {
  const action = (ctx.legal || []).find((a) => a.label === code);
  return action && !ctx.offline && !ctx.replay ? action : null;
}

// The hand's buttons are kept from draw to draw (a card stays the same button while it is in
// the hand; its words and state are updated in place), so they act on the last draw (`live`),
// never on the draw that built them.
function handButton(ctx, code) {
  return memo(`hand-${code}`, "", () => el("button", {
    type: "button", class: "card-button play-card", "data-card": code, "aria-describedby": "preview",
    onmouseenter: () => showPreview(code),
    onmouseleave: () => hidePreview(code),
    onfocus: () => showPreview(code),
    onblur: () => hidePreview(code),
    onclick: (event) => {
      const action = usableNow(live.ctx, code);
      if (action) guard(action, live.ctx)(event);
      else showPreview(code);
    },
  }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" })));
}

function playHand(ctx, view) {
  const row = keep("hand-play", "div", { class: "cards pd-hand" });
  return place(row, view.hand.map((code, i) => {
    const usable = !!usableNow(ctx, code);
    const button = attrs(handButton(ctx, code), {
      "data-shortcut": String(i + 1), "data-focus": `hand-${i}`,
      "aria-label": `${usable ? "Play" : "Your card"} ${describe(ctx, code)}`,
      "aria-disabled": usable ? null : "true", disabled: ctx.offline ? "" : null,
    });
    const key = button.lastChild;
    if (key.textContent !== String(i + 1)) key.textContent = String(i + 1);
    return button;
  }));
}

function keepLabel(cards, legal) {
  return legal.map((a) => a.label).find((label) => cards.every((c) => label.split(" ").includes(c))) || null;
}

function keepChoice(ctx) {
  const label = picked.length === 2 ? keepLabel(picked, ctx.legal || []) : null;
  return label ? ctx.legal.find((a) => a.label === label) : null;
}

function chooseHand(ctx, view) {
  const mine = view.keeps && view.keeps[ctx.seat];
  const open = !!(ctx.legal || []).length && !ctx.replay;
  const choice = open ? keepChoice(ctx) : null;
  const key = JSON.stringify([view.hand, mine || null, open, picked, choice ? choice.id : null, !!ctx.offline]);
  return memo("hand-choose", key, () => {
    const area = [];
    if (mine) {
      area.push(el("p", { class: "pd-note" }, `You keep ${mine.join(" and ")}; the others' choices are revealed together when everyone has chosen (P29).`));
    }
    const row = el("div", { class: "cards pd-hand" });
    view.hand.forEach((code, i) => {
      const pressed = picked.includes(code) || (mine && mine.includes(code));
      row.append(el("button", {
        type: "button", class: "card-button pick-card", "aria-pressed": String(!!pressed), "data-card": code,
        "data-shortcut": String(i + 1), "data-focus": `pick-${code}`,
        "aria-label": `Keep ${describe(ctx, code)}`, disabled: ctx.offline || undefined,
        "aria-disabled": open ? undefined : "true", "aria-describedby": "preview",
        onclick: () => {
          const now = live.ctx;
          if (!(now.legal || []).length || now.replay || now.offline) return;
          picked = picked.includes(code) ? picked.filter((p) => p !== code) : [...picked.slice(-1), code];
          renderInto(live.board, now, false);
        },
      }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" }, String(i + 1))));
    });
    area.push(row);
    if (open) {
      area.push(el("button", {
        type: "button", class: "primary pd-keep", id: "keep", "data-shortcut": "k", "data-focus": "keep",
        disabled: choice && !ctx.offline ? undefined : true,
        onclick: (event) => {
          const chosen = keepChoice(live.ctx);
          if (chosen) { picked = []; guard(chosen, live.ctx)(event); }
        },
      }, icon("check"), picked.length === 2 ? ` Keep ${picked.join(" and ")}` : " Pick two cards to keep"));
    }
    return el("div", { class: "pd-hand-wrap", "data-hand-seat": ctx.seat }, ...area);
  });
}

function previewLine(seated) {
  return attrs(keep("preview", "p", { id: "preview", class: "preview" }), { "aria-live": seated ? "polite" : null });
}

function yourPlace(ctx, view, holds) {
  const seat = ctx.seat;
  const heading = view.phase === "choose"
    ? (view.chosen[seat] ? "Your choice is made" : "Keep 2 of your 4 cards; the other 2 are discarded (P28)")
    : view.phase === "play" && view.current === seat ? "Your turn: play a card to the end of the parade (P10)"
      : view.phase === "over" ? "Your collection" : "Your hand";
  const area = attrs(keep("you", "section", { "aria-label": "your hand and collection" }), {
    class: `hand pd-you ${isActive(view, seat) ? "to-move" : ""} ${view.last_play && view.last_play.seat === seat ? "last" : ""}`,
    "data-seat": seat,
  });
  const tag = view.phase === "play" ? "" : tagOf(view, seat);
  const playing = view.phase !== "over";
  const discards = view.discards && view.discards.length ? view.discards : null;
  return place(area, [
    place(keep("you-head", "div", { class: "pd-seat-head" }), [
      memo("you-icon", "", () => icon("person")),
      memo("you-heading", heading, () => el("h2", {}, prose(heading))),
      memo("you-tag", tag, () => seatTag(tag)),
    ]),
    playing && view.phase === "choose" ? chooseHand(ctx, view) : null,
    playing && view.phase !== "choose"
      ? place(memo("you-hand", String(seat), () => el("div", { class: "pd-hand-wrap", "data-hand-seat": seat })), [playHand(ctx, view)])
      : null,
    playing ? previewLine(true) : null,
    playing ? memo("you-sub", "", () => el("h3", { class: "pd-sub" }, "Your collection")) : null,
    memo("you-collection", JSON.stringify([seat, view.collections[seat], holds[seat]]), () => collection(ctx, view.collections[seat], holds[seat], seat, false)),
    discards ? memo("you-discards", JSON.stringify(discards), () => el("p", { class: "pd-note pd-discards" }, prose(`Discarded, scoring nothing (P30): ${discards.join(" ")}`))) : null,
  ]);
}

// -- status and end ----------------------------------------------------------------------------
function statusLine(ctx, view) {
  const parts = [];
  if (view.phase === "play") {
    parts.push(el("strong", {}, view.current === ctx.seat ? "Your turn." : `${title(nameOf(ctx, view.current))} to play.`));
  } else if (view.phase === "choose") {
    parts.push(el("strong", {}, "End of the game: "), prose("everyone keeps 2 of their 4 cards, in secret, all revealed together (P28, P29)."));
  } else if (view.phase === "over") {
    parts.push(el("strong", {}, "The game is over."));
  } else if (view.phase === "draw") {
    parts.push(el("strong", {}, view.current === ctx.seat ? "You draw a card." : `${title(nameOf(ctx, view.current))} draws a card.`));
  } else if (view.phase === "tie-break") {
    parts.push(el("strong", {}, "Still tied: "), prose("a random draw picks the winner (A6)."));
  } else {
    parts.push(prose(view.phase === "start" ? "Choosing who starts (P8)…" : "Dealing (P3)…"));
  }
  const last = view.last_play;
  if (last && view.phase !== "over") {
    const taken = last.taken.length ? `collected ${last.taken.join(" ")}` : "collected nothing";
    parts.push(" ", el("span", { class: "pd-last" }, `Last: ${nameOf(ctx, last.seat)} played ${last.card}, ${taken}.`));
  }
  return el("p", { class: "pd-status" }, ...parts);
}

function finalBanner(ctx, view) {
  if (view.final_left < 0 || view.phase !== "play") return null;
  const who = view.trigger >= 0 ? nameOf(ctx, view.trigger) : null;
  const why = view.trigger_reason.startsWith("P21") ? `${who} collected all six colours (P21)` : "the draw pile ran out (P22)";
  const left = view.final_left;
  return el("p", { class: "pd-banner", role: "note" }, icon("warning"),
    el("strong", {}, " Last round: "),
    prose(`${why}. Everyone plays once more without drawing: ${left} ${left === 1 ? "turn" : "turns"} left (P24).`));
}

function scoreSheet(ctx, view) {
  const final = view.final;
  const rule = majorityRule(ctx, view);
  const cols = colours(ctx);
  const head = el("tr", {}, el("th", { scope: "col" }, "Player"),
    ...cols.map((c) => el("th", { scope: "col", class: `pd-colhead c-${c.letter}`, title: `${c.name} (${c.character})` },
      el("span", { class: "pd-swatch" }, emblem(c.letter)), el("span", { class: "pd-colname" }, c.name))),
    el("th", { scope: "col" }, "Cards"), el("th", { scope: "col" }, "Total"));
  const body = el("tbody");
  final.totals.forEach((total, seat) => {
    const won = view.winners.includes(seat);
    const row = el("tr", { class: won ? "pd-won" : "" },
      el("th", { scope: "row" }, won ? icon("trophy", "winner") : null, " ", title(nameOf(ctx, seat))));
    cols.forEach((c, colour) => {
      const count = final.counts[seat][colour];
      const major = final.majority[seat][colour];
      row.append(el("td", { class: major ? "pd-major" : "" }, count === 0 ? "–" : [
        el("span", { class: "pd-cell-count" }, major ? icon("crown", "majority") : null, `${count}`),
        el("span", { class: "pd-cell-points" }, `${final.points[seat][colour]}`, el("span", { class: "pd-unit" }, " pt")),
      ]));
    });
    row.append(el("td", {}, String(final.cards[seat])), el("td", { class: "total" }, String(total)));
    body.append(row);
  });
  const rules = rule.lead
    ? "With 2 players a colour's majority needs a lead of 2 or more cards (P36). "
    : "The most cards of a colour hold its majority, ties included (P32). ";
  return el("section", { class: "result pd-result", "aria-label": "final scores" },
    el("h2", {}, icon("trophy"), " Final scores"),
    el("div", { class: "pd-sheet-wrap" }, el("table", { class: "scores" },
      el("caption", {}, prose("Majority cards score 1 each (P33), every other card its value (P34); lowest total wins (P35).")),
      el("thead", {}, head), body)),
    el("p", { class: "pd-note" }, prose(rules + "A tie on points goes to fewer collected cards (P35); a tie on both shares the win (P37).")),
    el("p", { class: "explanation" }, explanation(view, ctx)));
}

function explanation(view, ctx) {
  const said = result(view, ctx);
  return said ? prose(`${said.headline}: ${said.reason}.`) : prose(view.final.explanation);
}

// -- the whole table -------------------------------------------------------------------------
function ringOrder(view, seat) {
  const n = view.num_players;
  const start = seat === null || seat === undefined ? 0 : seat + 1;
  const order = [];
  for (let i = 0; i < n; i += 1) {
    const s = (start + i) % n;
    if (s !== seat) order.push(s);
  }
  return order;
}

function originRect(board, view, key) {
  // Cards new to the picture come from a card-sized spot: the pile's top card or the back of
  // the hand they were played (or kept) from.
  const rectOf = (selector) => {
    const node = board.querySelector(selector);
    return node ? node.getBoundingClientRect() : null;
  };
  const pileTop = () => rectOf(".pd-pile .pile-card.i2") || rectOf(".pd-pile .pile-card") || rectOf(".pd-pile");
  if (key.startsWith("back-")) return pileTop();
  const code = key.slice(5);
  if (view.hand.includes(code)) return pileTop();
  const owner = view.collections.findIndex((c) => c.includes(code));
  const seat = owner >= 0 ? owner : view.parade.includes(code) && view.last_play ? view.last_play.seat : -1;
  if (seat < 0) return null;
  return rectOf(`[data-hand-seat="${seat}"] .pd-back:last-child`) || rectOf(`[data-hand-seat="${seat}"]`);
}

function renderInto(board, ctx, animate) {
  const view = ctx.view;
  const before = animate ? snapshot(board) : null;
  const active = document.activeElement;
  const focusKey = active && board.contains(active) && active.matches(":focus-visible") ? active.dataset.focus : null;
  const final = view.phase === "over" && view.final;
  const holds = final ? view.final.majority : majorities(view.collections, majorityRule(ctx, view));
  const seated = ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
  live = { board, ctx, view };
  if (!built || built.board !== board || built.content !== ctx.content) built = { board, content: ctx.content, nodes: new Map() };
  const people = JSON.stringify([ctx.seat, Array.from({ length: view.num_players }, (_, s) => nameOf(ctx, s))]);
  const ring = attrs(keep("ring", "ul", { class: "pd-ring" }), { "aria-label": seated ? "the other players" : "the players" });
  place(ring, ringOrder(view, seated ? ctx.seat : null).map((s) => opponent(ctx, view, s, holds)));
  const middle = place(keep("middle", "div", { class: "pd-middle" }), [
    pile(view),
    place(keep("parade-wrap", "div", { class: "pd-parade-wrap" }), [memo("box", "", boxPicture), paradeRow(ctx, view)]),
  ]);
  const table = attrs(keep("table", "div"), { class: `pd-table phase-${view.phase}`, "data-parade-length": view.parade.length });
  place(table, [
    memo("status", JSON.stringify([people, view.phase, view.current, view.last_play]), () => statusLine(ctx, view)),
    memo("banner", JSON.stringify([people, view.phase, view.final_left, view.trigger, view.trigger_reason]), () => finalBanner(ctx, view)),
    final ? memo("sheet", JSON.stringify([people, final, view.winners]), () => scoreSheet(ctx, view)) : null,
    ring, middle,
    seated ? yourPlace(ctx, view, holds) : previewLine(false),
  ]);
  if (board.firstChild !== table || board.childNodes.length !== 1) board.replaceChildren(table);
  if (hovered && !view.hand.includes(hovered)) hovered = null;
  if (hovered) applyPreview(board, ctx, view, hovered);
  else applyPreview(board, ctx, view, null);
  if (focusKey) {
    const again = board.querySelector(`[data-focus="${focusKey}"]`) || board.querySelector(".pd-hand .card-button");
    if (again) again.focus({ preventScroll: true });
  }
  if (before) {
    for (const animation of glide(board, before, { origins: (key) => originRect(board, view, key) })) {
      const node = animation.effect && animation.effect.target;
      if (!node) continue;
      node.classList.add("pd-flying");
      animation.finished.then(() => node.classList.remove("pd-flying"), () => node.classList.remove("pd-flying"));
    }
  }
}

export function render(board, ctx) {
  pendingVersion = null; // a new state (or the same one again after a refusal) may be acted on
  if (ctx.view.phase !== "choose" || !(ctx.legal || []).length) picked = [];
  picked = picked.filter((c) => ctx.view.hand.includes(c));
  const animate = currentBoard === board;
  currentBoard = board;
  renderInto(board, ctx, animate);
}

/** The game-over panel's words: who won, with how many points, and by which rule. */
export function result(view, ctx) {
  const final = view.final;
  if (!final || !view.winners.length) return null;
  const names = view.winners.map((s) => title(nameOf(ctx, s)));
  const points = final.totals[view.winners[0]];
  const best = Math.min(...final.totals);
  const tied = final.totals.map((t, s) => (t === best ? s : -1)).filter((s) => s >= 0);
  const pts = `${points} ${points === 1 ? "point" : "points"}`;
  const you = view.winners.length === 1 && view.winners[0] === ctx.seat;
  const headline = view.winners.length > 1
    ? `${names.join(" and ")} share the win with ${pts}`
    : `${names[0]} ${you ? "win" : "wins"} with ${pts}`;
  let reason = "the lowest score (P35)";
  if (view.winners.length > 1) reason = "tied on points and on collected cards (P37)";
  else if (tied.length > 1) {
    const fewest = Math.min(...tied.map((s) => final.cards[s]));
    const still = tied.filter((s) => final.cards[s] === fewest);
    reason = still.length > 1 ? "tied on points and cards; won the random tie-break (A6)" : `tied on points; fewest collected cards, ${final.cards[view.winners[0]]} (P35)`;
  }
  return { headline, reason };
}
