// The middle of Parade's table: the draw pile, the box and the parade running from it to its
// end, and the preview of a hand card on it (the cards it leaves safe, those it collects).
import { el, svg } from "/static/dom.js";
import { attrs, place } from "/static/sections.js";
import { prose } from "/static/words.js";
import { cardFace, nameOf, title } from "./common.js";

/** The box at the front of the parade. */
export function boxPicture() {
  return svg("svg", { class: "pd-box", viewBox: "0 0 40 64", role: "img", "aria-label": "the box: the front of the parade" },
    svg("title", {}, "the box: the front of the parade"),
    svg("path", { d: "M4 14 20 6l16 8v40l-16 8-16-8z", class: "box-side" }),
    svg("path", { d: "M4 14 20 22l16-8-16-8z", class: "box-top" }),
    svg("path", { d: "M20 22v40", class: "box-edge" }),
    svg("text", { x: 12, y: 44, class: "box-label", transform: "rotate(-90 12 44)" }, "BOX"));
}

/** The draw pile: up to three backs, its count and its label (the count's text is updated in place). */
export function pile(ui, view) {
  const n = view.pile_size;
  const label = n ? `draw pile: ${n} ${n === 1 ? "card" : "cards"}` : "draw pile: empty";
  const count = n ? ui.parts.keep("pile-count", "span", { class: "pd-pile-count", "aria-hidden": "true" }) : null;
  if (count && count.textContent !== String(n)) count.textContent = String(n);
  const stack = place(ui.parts.keep("pile-stack", "span", { class: "pd-pile-stack" }), [
    ...[0, 1, 2].filter((i) => i < Math.min(3, n)).map((i) => ui.parts.keep(`pile-${i}`, "span", { class: `pd-back pile-card i${i}` })),
    count,
  ]);
  return place(attrs(ui.parts.keep("pile", "div", { class: "pd-pile", "data-pile": "", role: "img" }), { "aria-label": label }), [
    stack,
    ui.parts.node("pile-label", String(!!n), () => el("span", { class: "pd-pile-label", "aria-hidden": "true" }, n ? "draw pile" : "pile empty")),
  ]);
}

/** The parade from the box to its end, and the place for the next card. */
export function paradeRow(ui, ctx, view) {
  const last = view.last_play && view.last_play.card;
  const row = attrs(ui.parts.keep("parade", "ol", { class: "parade" }), { "aria-label": `the parade: ${view.parade.length} cards from the box at the front to the end` });
  const slots = view.parade.map((code, i) => {
    const end = i === view.parade.length - 1;
    const slot = ui.parts.node(`slot-${code}`, "", () => el("li", { class: "pd-slot", "data-card": code }, cardFace(ctx, code)));
    slot.pdBase = `pd-slot ${end ? "end" : ""} ${end && code === last ? "last" : ""}`; // applyPreview adds the rest
    return slot;
  });
  // The place for the next card: shown while a card may be played, kept (unseen) while a card
  // is drawn between two turns, so that the parade does not reflow at every turn.
  const ghost = view.phase === "play" || view.phase === "draw"
    ? attrs(ui.parts.node("ghost", "", () => el("li", { "aria-hidden": "true" }, el("span", { class: "pd-ghost", "data-label": "end" }))), { class: `pd-slot pd-next ${view.phase === "play" ? "" : "waiting"}` })
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

/** Mark on the parade what playing `code` would do (null: no card), and say it in words. */
export function applyPreview(ui, board, ctx, view, code) {
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
  const text = code && action ? previewText(ctx, view, code, action) : code ? unavailable(ctx, view) : idleHint(ui, ctx, view);
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

function idleHint(ui, ctx, view) {
  const { picked } = ui;
  if (ctx.offline || ctx.replay) return "";
  if (view.phase === "choose" && (ctx.legal || []).length) {
    return picked.length === 2 ? "Press Keep (or K) to confirm." : `Pick ${2 - picked.length} more ${picked.length === 1 ? "card" : "cards"} to keep; keys 1–4 pick too.`;
  }
  if (view.phase === "play" && view.current === ctx.seat && (ctx.legal || []).length) {
    return "Hover or focus a card to see what it would collect; keys 1–5 play a card.";
  }
  return "";
}
