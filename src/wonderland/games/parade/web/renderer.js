// Parade at the web table, laid out as the cards lie: the other players around the top (name,
// hand as card backs, collection fanned by colour; collections.js), the draw pile, the box
// with the parade running from it to its end (parade.js), then your hand and your collection
// (hand.js), and at the end the choice of the cards to keep and the score sheet (end.js).
// Hovering or focusing a card of your hand brackets the cards it leaves safe and lifts the
// cards it would collect; after a play the collected cards fly to the collector and the
// played card to the end of the parade.
import { el } from "/static/dom.js";
import { boardState } from "/static/board-state.js";
import { glide, snapshot } from "/static/motion.js";
import { Sections, attrs, place } from "/static/sections.js";
import { prose } from "/static/words.js";
import { majorities, majorityRule, nameOf, title } from "./common.js";
import { opponent, ringOrder } from "./collections.js";
import { finalBanner, result, scoreSheet } from "./end.js";
import { previewLine, yourPlace } from "./hand.js";
import { applyPreview, boxPicture, paradeRow, pile } from "./parade.js";

export { majorities, result };
export { cues } from "./cues.js";  // its sounds (see /static/sound.js)

// A board's UI state: the hand card whose preview is shown, the cards picked in the end
// choice, the state version a move was sent for, the last draw (the kept controls act on
// it), whether the board was drawn before (then the change is animated), the kept nodes
// (all kept: the 66 cards, the seats and a few panels).
function uiOf(board) {
  return boardState(board, () => {
    const ui = { hovered: null, picked: [], pendingVersion: null, live: null, drawn: false, content: undefined, parts: new Sections({ forget: false }) };
    ui.redraw = () => renderInto(ui.live.board, ui, ui.live.ctx, false); // a pick in the end choice
    return ui;
  });
}

// -- the status line ---------------------------------------------------------------------------
function statusLine(ctx, view) {
  const parts = [];
  if (view.phase === "play") {
    parts.push(el("strong", {}, view.current === ctx.seat ? "Your turn." : `${title(nameOf(ctx, view.current))} to play.`));
  } else if (view.phase === "choose") {
    parts.push(el("strong", {}, "End of the game: "), prose("everyone keeps 2 of their 4 cards, in secret, all revealed together (P28, P29)."));
  } else if (view.phase === "over") {
    parts.push(el("strong", {}, "The game is over."));
  } else if (view.phase === "draw" && ctx.state && ctx.state.take_back) {  // nothing drawn yet (T1)
    parts.push(el("strong", {}, view.current === ctx.seat
      ? "Your card is drawn when the take-back time ends."
      : `${title(nameOf(ctx, view.current))} may still take back their play.`));
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

// -- the whole table -------------------------------------------------------------------------
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

function renderInto(board, ui, ctx, animate) {
  const view = ctx.view;
  const before = animate ? snapshot(board) : null;
  const active = document.activeElement;
  const focusKey = active && board.contains(active) && active.matches(":focus-visible") ? active.dataset.focus : null;
  const final = view.phase === "over" && view.final;
  const holds = final ? view.final.majority : majorities(view.collections, majorityRule(ctx, view));
  const seated = ctx.seat !== null && ctx.seat !== undefined && !ctx.replay;
  ui.live = { board, ctx, view };
  if (ui.content !== ctx.content) ui.parts.clear();
  ui.content = ctx.content;
  ui.parts.begin();
  const people = JSON.stringify([ctx.seat, Array.from({ length: view.num_players }, (_, s) => nameOf(ctx, s))]);
  const ring = attrs(ui.parts.keep("ring", "ul", { class: "pd-ring" }), { "aria-label": seated ? "the other players" : "the players" });
  place(ring, ringOrder(view, seated ? ctx.seat : null).map((s) => opponent(ui, ctx, view, s, holds)));
  const middle = place(ui.parts.keep("middle", "div", { class: "pd-middle" }), [
    pile(ui, view),
    place(ui.parts.keep("parade-wrap", "div", { class: "pd-parade-wrap" }), [ui.parts.node("box", "", boxPicture), paradeRow(ui, ctx, view)]),
  ]);
  const table = attrs(ui.parts.keep("table", "div"), { class: `pd-table phase-${view.phase}`, "data-parade-length": view.parade.length });
  place(table, [
    ui.parts.node("status", JSON.stringify([people, view.phase, view.current, view.last_play, Boolean(ctx.state && ctx.state.take_back)]), () => statusLine(ctx, view)),
    ui.parts.node("banner", JSON.stringify([people, view.phase, view.final_left, view.trigger, view.trigger_reason]), () => finalBanner(ctx, view)),
    final ? ui.parts.node("sheet", JSON.stringify([people, final, view.winners]), () => scoreSheet(ctx, view)) : null,
    ring, middle,
    seated ? yourPlace(ui, ctx, view, holds) : previewLine(ui, false),
  ]);
  ui.parts.end();
  if (board.firstChild !== table || board.childNodes.length !== 1) board.replaceChildren(table);
  if (ui.hovered && !view.hand.includes(ui.hovered)) ui.hovered = null;
  applyPreview(ui, board, ctx, view, ui.hovered);
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
  const ui = uiOf(board);
  ui.pendingVersion = null; // a new state (or the same one again after a refusal) may be acted on
  if (ctx.view.phase !== "choose" || !(ctx.legal || []).length) ui.picked = [];
  ui.picked = ui.picked.filter((c) => ctx.view.hand.includes(c));
  const animate = ui.drawn;
  ui.drawn = true;
  renderInto(board, ui, ctx, animate);
}

