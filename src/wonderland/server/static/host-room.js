// The host's part for a table in one room (a page opened with the host link): the link of
// the table screen for the room's TV (it carries a screen key, which shows the join codes and
// gives no control) and the seats' join codes, each a QR code of a seat's link for a phone to
// scan, with "New code" when a phone is lost. The codes are the server's answer to `codes`.
import { el, loadStyles } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { codeList, seatsKey } from "/static/join-codes.js";

let codes = null;         // the last join_codes answer
let screenUrl = null;     // the table screen's link with its key
let askedScreen = false;
let askedSeats = "";
let shown = "";

/** Take the room's answers (codes, the screen's link); true when the message was one. */
export function roomMessage(message) {
  if (message.type === "join_codes") { codes = message; shown = ""; return true; }
  if (message.type === "screen_link") { screenUrl = message.url; shown = ""; return true; }
  return false;
}

function ask(ctx) {
  if (ctx.offline) return;
  if (!askedScreen) { askedScreen = true; ctx.send({ type: "host", do: "screen" }); }
  const now = seatsKey(ctx.state.seats);
  if (now !== askedSeats) { askedSeats = now; ctx.send({ type: "codes" }); }
}

/** Draw the room's part in ``box`` (hidden unless this page holds the host token and the
 *  table is not over). */
export function showRoom(box, ctx) {
  const over = !ctx.state || ctx.state.finished || ctx.state.expired;
  box.hidden = !ctx.host || over;
  if (box.hidden) return;
  loadStyles("/static/join-codes.css");
  ask(ctx);
  const key = JSON.stringify([ctx.state.seats, codes, screenUrl, ctx.offline]);
  if (key === shown) return;
  shown = key;
  const count = codes ? codes.codes.length : 0;
  const renew = (seat) => ctx.send({ type: "host", do: "new_code", seat });
  box.replaceChildren(
    el("h2", { id: "room-title" }, icon("eye"), " Playing in one room"),
    el("p", {},
      screenUrl
        ? el("a", { href: screenUrl, target: "_blank", rel: "noopener", id: "open-screen" }, "Open the table screen")
        : "Preparing the table screen's link…",
      " for the room's TV or laptop: the board in large type and these codes; it shows no hand."),
    el("details", { class: "room-codes", open: count > 0 },
      el("summary", {}, count ? `Join codes for phones (${count})` : "Join codes for phones"),
      el("p", { class: "form-note" }, "Each code opens its seat: show it only to that seat's player. "
        + "A new code for a person's seat replaces its link."),
      codes ? codeList(ctx.state.seats, codes.codes, ctx.offline ? null : renew) : el("p", {}, "Asking for the codes…")),
  );
}
