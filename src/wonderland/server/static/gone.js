// A table page that cannot show a table: the table does not exist (or this server cannot
// rebuild it), or the link's seat token opens no seat of it. The page says so in words and
// offers the way on; nothing on it can be pressed in vain (no name, chat or notification).
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";

const WORDS = {
  unknown_table: {
    title: "No table here",
    next: "The link may be mistyped, or the table may be from another server.",
  },
  unauthorized: {
    title: "This seat link no longer works",
    why: "This link does not open a seat at this table any more.",
    next: "The host may have sent a new link for this seat: ask them for it.",
  },
};

function sentence(text) {
  const words = String(text || "").trim();
  if (!words) return "";
  return `${words[0].toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? "" : "."}`;
}

/** Replace the page's table with the words for ``error`` (a refused hello); true when it is
 * one this page cannot go on from. */
export function showGone(error, table) {
  const words = WORDS[error.code];
  if (!words) return false;
  document.title = `${words.title} · Wonderland Table`;
  document.querySelector(".top").replaceChildren(el("h1", {}, el("a", { href: "/" }, "Wonderland Table")));
  document.getElementById("connection").hidden = true;
  document.querySelector(".skip-link")?.remove();
  const main = document.querySelector("main");
  main.className = "gone";
  main.id = "gone";
  main.replaceChildren(
    el("h2", {}, icon("warning"), " ", words.title),
    el("p", { class: "gone-why" }, words.why || sentence(error.message)),
    el("p", {}, words.next),
    error.code === "unauthorized"
      ? el("p", {}, el("a", { class: "gone-watch", href: `/t/${encodeURIComponent(table)}` }, "Watch this table"), " without a seat.")
      : null,
    el("p", {}, el("a", { class: "gone-lobby", href: "/" }, "Go to the lobby"), " to start a table or join one."),
  );
  return true;
}
