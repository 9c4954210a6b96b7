// Animation helpers for renderers. A renderer draws the new state from scratch; these helpers
// turn the difference between the previous picture and the new one into motion:
//   const before = snapshot(board);          // positions of every [data-key] element
//   ...draw the new state...
//   glide(board, before);                    // each keyed element moves from where it was
// Every helper does nothing when the reader asked for reduced motion.

/** Whether the reader asked for reduced motion (prefers-reduced-motion: reduce). */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The duration of table animations in milliseconds (between 200 and 400). */
export const DURATION = 320;

/** Screen rectangles of every element carrying data-key under root, by key. */
export function snapshot(root) {
  const rects = new Map();
  for (const node of root.querySelectorAll("[data-key]")) rects.set(node.dataset.key, node.getBoundingClientRect());
  return rects;
}

/** Move every keyed element from its position in `before` to where it is now (FLIP);
 *  elements new to the picture fade in, or fly from `origins(key)` when that gives a rect. */
export function glide(root, before, { origins = () => null, duration = DURATION } = {}) {
  if (reducedMotion() || !before) return [];
  // All positions are read first, then every animation starts: one layout, not one per node.
  const moves = [];
  for (const node of root.querySelectorAll("[data-key]")) {
    const now = node.getBoundingClientRect();
    const was = before.get(node.dataset.key) || origins(node.dataset.key);
    moves.push([node, now, was]);
  }
  const animations = [];
  for (const [node, now, was] of moves) {
    if (!was) {
      if (before.size) animations.push(node.animate([{ opacity: 0 }, { opacity: 1 }], { duration, easing: "ease-out" }));
      continue;
    }
    const dx = was.left - now.left;
    const dy = was.top - now.top;
    const scale = now.width ? was.width / now.width : 1;
    if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(scale - 1) < 0.01) continue;
    animations.push(node.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})` }, { transform: "none" }],
      { duration, easing: "cubic-bezier(.2,.7,.3,1)" },
    ));
  }
  return animations;
}

/** A short emphasis on an element (the last action, a changed count). */
export function flash(node, duration = DURATION) {
  if (!node || reducedMotion()) return null;
  return node.animate([{ transform: "scale(1.12)", filter: "brightness(1.25)" }, { transform: "none", filter: "none" }], { duration, easing: "ease-out" });
}

/** A die tumbling before it settles on its face. */
export function tumble(node, duration = DURATION) {
  if (!node || reducedMotion()) return null;
  return node.animate(
    [{ transform: "rotate(-200deg) scale(.6)", opacity: 0.3 }, { transform: "rotate(20deg) scale(1.1)", opacity: 1, offset: 0.7 }, { transform: "none" }],
    { duration, easing: "ease-out" },
  );
}
