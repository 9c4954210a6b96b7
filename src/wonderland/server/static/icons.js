// Icons drawn as SVG (never emoji glyphs, which Debian's chromium may lack). Each icon is a
// 24x24 path set in currentColor; icon(name, label) gives an <svg> that is decorative unless
// a label is given.
import { svg } from "/static/dom.js";

const PATHS = {
  trophy: "M7 4h10v3a5 5 0 0 1-10 0zM5 5h2v2a2 2 0 0 1-2-2zM17 5h2a2 2 0 0 1-2 2zM11 12h2v4h-2zM8 17h8v3H8z",
  first: "M6 5h2v14H6zM19 5v14l-9-7z",
  prev: "M16 5v14l-9-7z",
  next: "M8 5v14l9-7z",
  last: "M16 5h2v14h-2zM5 5v14l9-7z",
  play: "M8 5v14l11-7z",
  online: "M12 6a6 6 0 1 1 0 12a6 6 0 0 1 0-12z",
  offline: "M12 5a7 7 0 1 1 0 14a7 7 0 0 1 0-14zm0 2.5a4.5 4.5 0 1 0 0 9a4.5 4.5 0 0 0 0-9z",
  turn: "M4 11h11l-4-4 1.5-1.5L19 12l-6.5 6.5L11 17l4-4H4z",
  crown: "M3 8l4 4 5-7 5 7 4-4-2 11H5zM5 20h14v2H5z",
  warning: "M12 2l11 20H1zM11 9v6h2V9zM11 17v2h2v-2z",
  bot: "M11 2h2v3h4a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V8a3 3 0 0 1 3-3h4zM8 10v3h3v-3zM13 10v3h3v-3z",
  person: "M12 3a4 4 0 1 1 0 8a4 4 0 0 1 0-8zM4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z",
  eye: "M12 5c5 0 9 4 10 7-1 3-5 7-10 7S3 15 2 12c1-3 5-7 10-7zm0 3a4 4 0 1 0 0 8a4 4 0 0 0 0-8z",
  close: "M6.4 5L12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z",
  check: "M9 16.2L4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z",
  castle: "M3 21V9h3V6h2v3h2V6h4v3h2V6h2v3h3v12h-7v-5h-4v5z",
  shield: "M12 2l8 3v6c0 5-3.5 9.5-8 11-4.5-1.5-8-6-8-11V5z",
  bag: "M9 3h6l-1.5 3h-3zM7 7h10c2 3 4 6 4 9a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5c0-3 2-6 4-9z",
  star: "M12 2l3 7 7 .6-5.3 4.7 1.6 7.2L12 17.8 5.7 21.5l1.6-7.2L2 9.6 9 9z",
  clock: "M12 2a10 10 0 1 1 0 20a10 10 0 0 1 0-20zm-1 5v6l5 3 1-1.7-4-2.3V7z",
  sound: "M3 9h4l5-4v14l-5-4H3zM14.5 8.6l1.4-1.4a6.5 6.5 0 0 1 0 9.6l-1.4-1.4a4.5 4.5 0 0 0 0-6.8zM17.4 5.7l1.4-1.4a10.5 10.5 0 0 1 0 15.4l-1.4-1.4a8.5 8.5 0 0 0 0-12.6z",
  muted: "M3 9h4l5-4v14l-5-4H3zM15 9.4L16.4 8l2.1 2.1L20.6 8 22 9.4l-2.1 2.1 2.1 2.1-1.4 1.4-2.1-2.1-2.1 2.1-1.4-1.4 2.1-2.1z",
  dice: "M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3 3a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3zm8 9a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3zm-4-4.5a1.5 1.5 0 1 0 0 3a1.5 1.5 0 0 0 0-3z",
};

/** The names of every icon. */
export const ICONS = Object.keys(PATHS);

/** An SVG icon; with a label it is announced (role img), without it is hidden from readers. */
export function icon(name, label = "") {
  const path = PATHS[name];
  if (!path) throw new Error(`no icon named ${name}`);
  const attrs = { class: `icon icon-${name}`, viewBox: "0 0 24 24", width: "1em", height: "1em", fill: "currentColor", focusable: "false" };
  if (label) Object.assign(attrs, { role: "img", "aria-label": label });
  else attrs["aria-hidden"] = "true";
  return svg("svg", attrs, label ? svg("title", {}, label) : null, svg("path", { d: path }));
}
