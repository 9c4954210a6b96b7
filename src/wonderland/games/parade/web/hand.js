// Your place at Parade's table: your hand (hovering or focusing a card previews its play),
// the preview line, your collection and your discards.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { attrs, place } from "/static/sections.js";
import { prose } from "/static/words.js";
import { cardFace, describe, guard, isActive, seatTag, tagOf } from "./common.js";
import { collection } from "./collections.js";
import { chooseHand } from "./end.js";
import { applyPreview } from "./parade.js";

function showPreview(ui, code) {
  const { board, ctx, view } = ui.live;
  ui.hovered = code;
  applyPreview(ui, board, ctx, view, code);
}

function hidePreview(ui, code) {
  if (ui.hovered !== code) return;
  const { board, ctx, view } = ui.live;
  ui.hovered = null;
  applyPreview(ui, board, ctx, view, null);
}

function usableNow(ctx, code) {
  const action = (ctx.legal || []).find((a) => a.label === code);
  return action && !ctx.offline && !ctx.replay ? action : null;
}

// The hand's buttons are kept from draw to draw (a card stays the same button while it is in
// the hand; its words and state are updated in place), so they act on the last draw
// (`ui.live`), never on the draw that built them.
function handButton(ui, ctx, code) {
  return ui.parts.node(`hand-${code}`, "", () => el("button", {
    type: "button", class: "card-button play-card", "data-card": code, "aria-describedby": "preview",
    onmouseenter: () => showPreview(ui, code),
    onmouseleave: () => hidePreview(ui, code),
    onfocus: () => showPreview(ui, code),
    onblur: () => hidePreview(ui, code),
    onclick: (event) => {
      const action = usableNow(ui.live.ctx, code);
      if (action) guard(ui, action, ui.live.ctx)(event);
      else showPreview(ui, code);
    },
  }, cardFace(ctx, code, { size: "big", label: false }), el("kbd", { class: "pd-key", "aria-hidden": "true" })));
}

function playHand(ui, ctx, view) {
  const row = ui.parts.keep("hand-play", "div", { class: "cards pd-hand" });
  return place(row, view.hand.map((code, i) => {
    const usable = !!usableNow(ctx, code);
    const button = attrs(handButton(ui, ctx, code), {
      "data-shortcut": String(i + 1), "data-focus": `hand-${i}`,
      "aria-label": `${usable ? "Play" : "Your card"} ${describe(ctx, code)}`,
      "aria-disabled": usable ? null : "true", disabled: ctx.offline ? "" : null,
    });
    const key = button.lastChild;
    if (key.textContent !== String(i + 1)) key.textContent = String(i + 1);
    return button;
  }));
}
/** The line under the hand that says what the hovered card would do (or what to do). */
export function previewLine(ui, seated) {
  return attrs(ui.parts.keep("preview", "p", { id: "preview", class: "preview" }), { "aria-live": seated ? "polite" : null });
}

/** Your place: heading, hand (or the end choice), preview line, collection, discards. */
export function yourPlace(ui, ctx, view, holds) {
  const seat = ctx.seat;
  const heading = view.phase === "choose"
    ? (view.chosen[seat] ? "Your choice is made" : "Keep 2 of your 4 cards; the other 2 are discarded (P28)")
    : view.phase === "play" && view.current === seat ? "Your turn: play a card to the end of the parade (P10)"
      : view.phase === "over" ? "Your collection" : "Your hand";
  const area = attrs(ui.parts.keep("you", "section", { "aria-label": "your hand and collection" }), {
    class: `hand pd-you ${isActive(view, seat) ? "to-move" : ""} ${view.last_play && view.last_play.seat === seat ? "last" : ""}`,
    "data-seat": seat,
  });
  const tag = view.phase === "play" ? "" : tagOf(view, seat);
  const playing = view.phase !== "over";
  const discards = view.discards && view.discards.length ? view.discards : null;
  return place(area, [
    place(ui.parts.keep("you-head", "div", { class: "pd-seat-head" }), [
      ui.parts.node("you-icon", "", () => icon("person")),
      ui.parts.node("you-heading", heading, () => el("h2", {}, prose(heading))),
      ui.parts.node("you-tag", tag, () => seatTag(tag)),
    ]),
    playing && view.phase === "choose" ? chooseHand(ui, ctx, view) : null,
    playing && view.phase !== "choose"
      ? place(ui.parts.node("you-hand", String(seat), () => el("div", { class: "pd-hand-wrap", "data-hand-seat": seat })), [playHand(ui, ctx, view)])
      : null,
    playing ? previewLine(ui, true) : null,
    playing ? ui.parts.node("you-sub", "", () => el("h3", { class: "pd-sub" }, "Your collection")) : null,
    ui.parts.node("you-collection", JSON.stringify([seat, view.collections[seat], holds[seat]]), () => collection(ctx, view.collections[seat], holds[seat], seat, false)),
    discards ? ui.parts.node("you-discards", JSON.stringify(discards), () => el("p", { class: "pd-note pd-discards" }, prose(`Discarded, scoring nothing (P30): ${discards.join(" ")}`))) : null,
  ]);
}
