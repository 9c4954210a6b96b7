// Keeping a board's nodes from one draw to the next, for the games' renderers. A renderer
// draws the whole table from the state at every draw; a part whose inputs are the same as at
// the last draw keeps its node, so the browser restyles and lays out only what changed (and
// a kept node keeps its focus, hover and running transitions).
//
//   const parts = boardState(board, () => ({ parts: new Sections() })).parts;
//   parts.begin();
//   const seat = parts.node(`seat-${s}`, key, () => drawSeat(s));  // kept while key is the same
//   const map = parts.section("map", key, () => drawMap());       // redrawn onto the old node
//   place(board, [seat, map]);
//   parts.end();                                                  // forgets the parts not drawn
//
// A renderer whose parts are few and bounded (the cards of a deck, the seats) may keep them
// all (new Sections({ forget: false })): a part that leaves the table and comes back (a
// state drawn again) is then not built anew.
// A part's key is a string of everything its drawing reads (JSON.stringify of the inputs).
import { el } from "/static/dom.js";

/** The parts drawn last on one board, each with the key of its inputs. */
export class Sections {
  constructor({ forget = true } = {}) {
    this.forget = forget;
    this.last = new Map(); // name -> { key, node, fresh } of the last draw
    this.next = this.last; // the same for the draw under way
  }

  /** Start a draw. */
  begin() {
    this.next = this.forget ? new Map() : this.last;
    return this;
  }

  /** End a draw: the parts not asked for during it are forgotten (unless forget is false). */
  end() {
    this.last = this.next;
  }

  /** Forget every part (the next draw builds them all). */
  clear() {
    this.last = new Map();
    this.next = this.last;
  }

  /** The part `name` of this draw as { key, node, fresh }: the last draw's when `key` is the
   *  same (fresh false), else build()'s (fresh true). With `patched`, a new drawing is written
   *  onto the last draw's node (see patch), which stays in the page. */
  entry(name, key, build, patched = false) {
    const old = this.next.get(name) || this.last.get(name);
    if (old && old.key === key) {
      old.fresh = false;
      this.next.set(name, old);
      return old;
    }
    const drawn = build();
    const part = { key, node: patched ? patch(old && old.node, drawn) : drawn, fresh: true };
    this.next.set(name, part);
    return part;
  }

  /** The node of part `name`: the last draw's while `key` is the same, else a new one. */
  node(name, key, build) {
    return this.entry(name, key, build).node;
  }

  /** Like node(), but a new drawing is written onto the last node (only what differs). */
  section(name, key, build) {
    return this.entry(name, key, build, true).node;
  }

  /** A part drawn at every draw that keeps its node while it reads the same (its markup). */
  same(name, node) {
    return this.section(name, node ? node.outerHTML : "", () => node);
  }

  /** The element kept at `name` (built once, from `tag` and `fixed` attributes). */
  keep(name, tag, fixed = {}) {
    return this.node(name, "", () => el(tag, fixed));
  }
}

/** Set the attributes that differ (null, undefined or false remove one). */
export function attrs(node, values) {
  for (const [name, value] of Object.entries(values)) {
    if (name === "class") {
      if (node.className !== value) node.className = value;
    } else if (value === null || value === undefined || value === false) {
      if (node.hasAttribute(name)) node.removeAttribute(name);
    } else if (node.getAttribute(name) !== String(value)) node.setAttribute(name, String(value));
  }
  return node;
}

/** Make `parent`'s children exactly `children` (empty entries skipped), moving only what
 *  differs: the children that leave are removed first, so the ones that stay are not moved. */
export function place(parent, children) {
  const wanted = children.filter(Boolean);
  const kept = new Set(wanted);
  for (let node = parent.firstChild; node;) {
    const next = node.nextSibling;
    if (!kept.has(node)) node.remove();
    node = next;
  }
  let at = parent.firstChild;
  for (const child of wanted) {
    if (child === at) at = at.nextSibling;
    else parent.insertBefore(child, at);
  }
  return parent;
}

/** Event handlers of a board node ({ click: f, focus: g }), kept on the node so that a later
 *  draw can hand the same node new handlers (see patch). */
export function bind(node, handlers) {
  if (!node.boundOn) node.boundOn = {};
  for (const [type, handler] of Object.entries(handlers)) {
    if (!(type in node.boundOn)) node.addEventListener(type, (event) => node.boundOn[type] && node.boundOn[type](event));
    node.boundOn[type] = handler;
  }
  return node;
}

/** Turn the drawn node `old` into `now` (a fresh drawing of the same part), touching only
 *  what differs; returns the node to keep. Handlers must be set with bind() to move over. */
export function patch(old, now) {
  if (!old || !now || old.nodeType !== now.nodeType || old.nodeName !== now.nodeName || old.namespaceURI !== now.namespaceURI) return now;
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.data !== now.data) old.data = now.data;
    return old;
  }
  if (old.isEqualNode(now)) { // the same picture: only the handlers are new (all on buttons)
    const olds = old.querySelectorAll("button");
    now.querySelectorAll("button").forEach((node, i) => { if (node.boundOn) bind(olds[i], node.boundOn); });
    if (now.boundOn) bind(old, now.boundOn);
    return old;
  }
  for (const { name } of [...old.attributes]) if (name !== "style" && !now.hasAttribute(name)) old.removeAttribute(name);
  for (const { name, value } of now.attributes) if (name !== "style" && old.getAttribute(name) !== value) old.setAttribute(name, value);
  // style goes through the CSSOM (the page's content policy refuses style attributes)
  if (old.style && old.style.cssText !== now.style.cssText) old.style.cssText = now.style.cssText;
  if (now.boundOn || old.boundOn) bind(old, Object.fromEntries(Object.keys({ ...old.boundOn, ...now.boundOn }).map((type) => [type, now.boundOn ? now.boundOn[type] : undefined])));
  let at = old.firstChild;
  for (const kid of [...now.childNodes]) {
    if (!at) { old.append(kid); continue; }
    const next = at.nextSibling;
    const kept = patch(at, kid);
    if (kept !== at) at.replaceWith(kept);
    at = next;
  }
  while (at) { const next = at.nextSibling; at.remove(); at = next; }
  return old;
}
