// The table of a game whose plugin declares no renderer of its own: the seat's view as text
// and every legal action as a button.
import { el } from "/static/dom.js";

export function render(board, ctx) {
  const view = el("pre", { class: "generic-view", "aria-label": "the table" }, JSON.stringify(ctx.view, null, 2));
  const moves = el("p", { class: "generic-moves" }, ...(ctx.legal || []).map((action) =>
    el("button", { type: "button", onclick: () => ctx.act(action.id) }, action.label)));
  board.replaceChildren(view, moves);
}
