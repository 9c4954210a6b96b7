// "Play again" under the result: the first click sets up the next game with the same seats,
// every other player sees the offer and joins with one click; the server sends each their own
// new seat link, and this page goes to the new table.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

/** Fill ``box`` with the children given (null ones left out). */
function put(box, ...children) {
  box.replaceChildren(...children.filter((child) => child !== null && child !== undefined && child !== ""));
}

let shown = "";
let asked = false;

/** Draw the offer in ``box`` (inside the game-over panel). */
export function showRematch(box, ctx) {
  const { state, welcome } = ctx;
  const show = Boolean(state && state.finished);
  box.hidden = !show;
  if (!show) return;
  const key = JSON.stringify([state.rematch, welcome.seat, asked, ctx.offline]);
  if (key === shown) return;
  shown = key;
  const seated = welcome.seat !== null;
  if (!seated) {
    put(box, state.rematch
      ? el("p", {}, icon("play"), " The players are playing again: ", el("a", { href: `/t/${state.rematch}`, id: "rematch-watch" }, "watch the next game"), ".")
      : "");
    return;
  }
  const label = state.rematch ? "Play again: join the next game" : "Play again with the same seats";
  put(box,
    state.rematch ? el("p", { class: "rematch-offer", role: "status" }, icon("play"), " A new game with the same seats is ready.") : null,
    el("p", {}, el("button", {
      type: "button", id: "rematch", class: "primary", disabled: asked || ctx.offline,
      onclick: () => { asked = true; shown = ""; ctx.send({ type: "rematch" }); showRematch(box, ctx); },
    }, icon("play"), el("span", { class: "label" }, asked ? "Taking your seat…" : label))),
  );
}

/** The server refused the ask: the button may be clicked again. */
export function rematchRefused() {
  asked = false;
  shown = "";
}
