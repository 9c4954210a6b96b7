// The table of a game whose plugin declares no renderer of its own: the seat's view as text
// and every legal action as a button.
//
// The renderer contract (every game's web/renderer.js follows it):
//   export function render(board, ctx)   draws the whole table into `board`, from ctx alone
//   export function result(view, ctx)    optional: { headline, reason } for the game-over panel
//   export function cues(before, after)  optional: the sounds of a change (see sound.js)
// ctx holds:
//   view       the seat's view (from the state message, or a replay step)
//   previous   the view drawn just before (null on the first draw): animate the difference
//   state      the state message (null in a replay)
//   seat       this browser's seat, or null for a spectator or a replay
//   legal      [{ id, label, info }]: the actions this seat may take now
//   act(id)    take a legal action;   send(message)   send any client message (e.g. roll)
//   seats      [{ seat, kind, name, connected }];   name(seat)  "you" or the seat's name
//   content    the game's public facts for this table (welcome.content)
//   replay     true while a replay step is shown;   offline   true while disconnected
//   layout     "screen" on the table screen (a spectator's view for a room's TV; the board
//              element then has the class layout-screen for the renderer's CSS), else absent
// Controls are <button>s; a button with data-shortcut="1" is pressed by that key. The page
// disables every control in the board while offline, whatever the renderer drew. A control
// that takes action `id` carries data-action="id" (one that opens a choice among several,
// data-actions="id1 id2"): "Suggest a move" marks it.
import { el } from "/static/dom.js";

export function render(board, ctx) {
  const view = el("pre", { class: "generic-view", "aria-label": "the table" }, JSON.stringify(ctx.view, null, 2));
  const moves = el("p", { class: "generic-moves" }, ...(ctx.legal || []).map((action) =>
    el("button", { type: "button", "data-action": action.id, disabled: ctx.offline || undefined, onclick: () => ctx.act(action.id) }, action.label)));
  board.replaceChildren(view, moves);
}
