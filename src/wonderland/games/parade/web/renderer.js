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

// -- facts -----------------------------------------------------------------------------------
function colours(ctx) {
  const list = ctx.content && ctx.content.colours;
  return LETTERS.map((letter, i) => {
    const found = list && list.find((c) => c.letter === letter);
    return found ? { letter, name: found.name, character: found.character } : { letter, name: DEFAULT_COLOURS[i][0], character: DEFAULT_COLOURS[i][1] };
  });
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

function backs(count, seat, extra = "") {
  const row = el("div", { class: `pd-backs ${extra} ${count ? "" : "none"}`, "data-hand-seat": seat, role: "img", "aria-label": `${count} ${count === 1 ? "card" : "cards"} in hand` });
  for (let i = 0; i < count; i += 1) row.append(el("span", { class: "pd-back", "data-key": `back-${seat}-${i}` }));
  return row;
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

function seatTag(view, seat) {
  if (view.phase === "play" && view.current === seat) return el("span", { class: "pd-tag turn" }, icon("turn"), "to play");
  if (view.phase === "choose") {
    return view.chosen[seat] ? el("span", { class: "pd-tag done" }, icon("check"), "has chosen") : el("span", { class: "pd-tag turn" }, icon("clock"), "choosing");
  }
  if (view.phase === "over" && view.winners.includes(seat)) return el("span", { class: "pd-tag won" }, icon("trophy"), "winner");
  return null;
}

function isActive(view, seat) {
  return (view.phase === "play" && view.current === seat) || (view.phase === "choose" && !view.chosen[seat]);
}

function opponent(ctx, view, seat, holds) {
  const kind = (ctx.seats || []).find((s) => s.seat === seat);
  const last = view.last_play && view.last_play.seat === seat;
  return el("li", { class: `pd-seat ${isActive(view, seat) ? "to-move" : ""} ${last ? "last" : ""}`, "data-seat": seat },
    el("div", { class: "pd-seat-head" },
      icon(kind && kind.kind === "bot" ? "bot" : "person"),
      el("strong", { class: "pd-name" }, title(nameOf(ctx, seat))),
      el("span", { class: "pd-seatno" }, `seat ${seat}`),
      seatTag(view, seat)),
    backs(view.hand_sizes[seat], seat),
    collection(ctx, view.collections[seat], holds[seat], seat, true));
}

function boxPicture() {
  return svg("svg", { class: "pd-box", viewBox: "0 0 40 64", role: "img", "aria-label": "the box: the front of the parade" },
    svg("title", {}, "the box: the front of the parade"),
    svg("path", { d: "M4 14 20 6l16 8v40l-16 8-16-8z", class: "box-side" }),
    svg("path", { d: "M4 14 20 22l16-8-16-8z", class: "box-top" }),
    svg("path", { d: "M20 22v40", class: "box-edge" }),
    svg("text", { x: 12, y: 44, class: "box-label", transform: "rotate(-90 12 44)" }, "BOX"));
}

function pile(view) {
  const n = view.pile_size;
  const label = n ? `draw pile: ${n} ${n === 1 ? "card" : "cards"}` : "draw pile: empty";
  return el("div", { class: "pd-pile", "data-pile": "", role: "img", "aria-label": label },
    el("span", { class: "pd-pile-stack" },
      ...[0, 1, 2].filter((i) => i < Math.min(3, n)).map((i) => el("span", { class: `pd-back pile-card i${i}` })),
      n ? el("span", { class: "pd-pile-count", "aria-hidden": "true" }, String(n)) : null),
    el("span", { class: "pd-pile-label", "aria-hidden": "true" }, n ? "draw pile" : "pile empty"));
}

function paradeRow(ctx, view) {
  const last = view.last_play && view.last_play.card;
  const row = el("ol", { class: "parade", "aria-label": `the parade: ${view.parade.length} cards from the box at the front to the end` });
  view.parade.forEach((code, i) => {
    const end = i === view.parade.length - 1;
    row.append(el("li", { class: `pd-slot ${end ? "end" : ""} ${end && code === last ? "last" : ""}`, "data-card": code }, cardFace(ctx, code)));
  });
  if (view.phase === "play") row.append(el("li", { class: "pd-slot pd-next", "aria-hidden": "true" }, el("span", { class: "pd-ghost", "data-label": "end" })));
  return row;
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
  const slots = [...row.querySelectorAll(".pd-slot[data-card]")];
  slots.forEach((slot) => {
    const c = slot.dataset.card;
    slot.classList.toggle("safe", safe.has(c));
    slot.classList.toggle("takes", takes.has(c));
    slot.classList.remove("safe-start", "safe-end");
    slot.removeAttribute("data-label");
  });
  const safeSlots = slots.filter((s) => safe.has(s.dataset.card));
  if (safeSlots.length) {
    safeSlots[0].classList.add("safe-start");
    const end = safeSlots[safeSlots.length - 1];
    end.classList.add("safe-end");
    end.setAttribute("data-label", `safe: ${safeSlots.length}`);
  }
  const ghost = row.querySelector(".pd-ghost");
  if (ghost) {
    ghost.dataset.label = action ? `+${code}` : "end";
    ghost.className = `pd-ghost ${action ? `c-${code[0]} showing` : ""}`;
  }
  row.classList.toggle("previewing", !!action);
  if (code && action) line.replaceChildren(prose(previewText(ctx, view, code, action)));
  else if (code) line.replaceChildren(prose(unavailable(ctx, view)));
  else line.replaceChildren(idleHint(ctx, view));
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

function playHand(ctx, view, board) {
  const legal = new Map((ctx.legal || []).map((a) => [a.label, a]));
  const row = el("div", { class: "cards pd-hand" });
  view.hand.forEach((code, i) => {
    const action = legal.get(code);
    const usable = action && !ctx.offline && !ctx.replay;
    row.append(el("button", {
      type: "button", class: "card-button play-card", "data-card": code, "data-shortcut": String(i + 1),
      "data-focus": `hand-${i}`,
      "aria-label": `${usable ? "Play" : "Your card"} ${describe(ctx, code)}`,
      "aria-disabled": usable ? undefined : "true", disabled: ctx.offline || undefined,
      "aria-describedby": "preview",
      onmouseenter: () => { hovered = code; applyPreview(board, ctx, view, code); },
      onmouseleave: () => { if (hovered === code) { hovered = null; applyPreview(board, ctx, view, null); } },
      onfocus: () => { hovered = code; applyPreview(board, ctx, view, code); },
      onblur: () => { if (hovered === code) { hovered = null; applyPreview(board, ctx, view, null); } },
      onclick: (event) => { if (usable) guard(action, ctx)(event); else { hovered = code; applyPreview(board, ctx, view, code); } },
    }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" }, String(i + 1))));
  });
  return row;
}

function keepLabel(cards, legal) {
  return legal.map((a) => a.label).find((label) => cards.every((c) => label.split(" ").includes(c))) || null;
}

function chooseHand(ctx, view, board) {
  const area = [];
  const mine = view.keeps && view.keeps[ctx.seat];
  if (mine) {
    area.push(el("p", { class: "pd-note" }, `You keep ${mine.join(" and ")}; the others' choices are revealed together when everyone has chosen (P29).`));
  }
  const open = (ctx.legal || []).length && !ctx.replay;
  const row = el("div", { class: "cards pd-hand" });
  view.hand.forEach((code, i) => {
    const pressed = picked.includes(code) || (mine && mine.includes(code));
    row.append(el("button", {
      type: "button", class: "card-button pick-card", "aria-pressed": String(!!pressed), "data-card": code,
      "data-shortcut": String(i + 1), "data-focus": `pick-${code}`,
      "aria-label": `Keep ${describe(ctx, code)}`, disabled: ctx.offline || undefined,
      "aria-disabled": open ? undefined : "true", "aria-describedby": "preview",
      onclick: () => {
        if (!open || ctx.offline) return;
        picked = picked.includes(code) ? picked.filter((p) => p !== code) : [...picked.slice(-1), code];
        renderInto(board, ctx, false);
      },
    }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" }, String(i + 1))));
  });
  area.push(row);
  if (open) {
    const label = picked.length === 2 ? keepLabel(picked, ctx.legal) : null;
    const choice = label ? ctx.legal.find((a) => a.label === label) : null;
    area.push(el("button", {
      type: "button", class: "primary pd-keep", id: "keep", "data-shortcut": "k", "data-focus": "keep",
      disabled: choice && !ctx.offline ? undefined : true,
      onclick: (event) => { if (choice) { picked = []; guard(choice, ctx)(event); } },
    }, icon("check"), picked.length === 2 ? ` Keep ${picked.join(" and ")}` : " Pick two cards to keep"));
  }
  return area;
}

function yourPlace(ctx, view, board, holds) {
  const seat = ctx.seat;
  const heading = view.phase === "choose"
    ? (view.chosen[seat] ? "Your choice is made" : "Keep 2 of your 4 cards; the other 2 are discarded (P28)")
    : view.phase === "play" && view.current === seat ? "Your turn: play a card to the end of the parade (P10)"
      : view.phase === "over" ? "Your collection" : "Your hand";
  const area = el("section", { class: `hand pd-you ${isActive(view, seat) ? "to-move" : ""} ${view.last_play && view.last_play.seat === seat ? "last" : ""}`, "aria-label": "your hand and collection", "data-seat": seat });
  area.append(el("div", { class: "pd-seat-head" }, icon("person"), el("h2", {}, prose(heading)), view.phase === "play" ? null : seatTag(view, seat)));
  if (view.phase !== "over") {
    const hand = view.phase === "choose" ? chooseHand(ctx, view, board) : [playHand(ctx, view, board)];
    area.append(el("div", { class: "pd-hand-wrap", "data-hand-seat": seat }, ...hand));
    area.append(el("p", { id: "preview", class: "preview", "aria-live": "polite" }));
  }
  if (view.phase !== "over") area.append(el("h3", { class: "pd-sub" }, "Your collection"));
  area.append(collection(ctx, view.collections[seat], holds[seat], seat, false));
  if (view.discards && view.discards.length) {
    area.append(el("p", { class: "pd-note pd-discards" }, prose(`Discarded, scoring nothing (P30): ${view.discards.join(" ")}`)));
  }
  return area;
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
  const ring = el("ul", { class: "pd-ring", "aria-label": seated ? "the other players" : "the players" },
    ...ringOrder(view, seated ? ctx.seat : null).map((s) => opponent(ctx, view, s, holds)));
  const middle = el("div", { class: "pd-middle" }, pile(view),
    el("div", { class: "pd-parade-wrap" }, boxPicture(), paradeRow(ctx, view)));
  const table = el("div", { class: `pd-table phase-${view.phase}`, "data-parade-length": view.parade.length },
    statusLine(ctx, view), finalBanner(ctx, view), final ? scoreSheet(ctx, view) : null, ring, middle,
    seated ? yourPlace(ctx, view, board, holds) : el("p", { id: "preview", class: "preview" }));
  board.replaceChildren(table);
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
