// The table page's keys: a board button with data-shortcut="1" is pressed by the key 1 (never
// while typing in a field, never offline); in the replay the arrow keys, Home and End move.
function typing(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** Listen for the keys of ``board``; ``page`` says whether it is offline (``offline()``), the
 * replay's step (``replayAt()``, null outside the replay) and moves it (``moveReplay(to)``). */
export function listenForKeys(board, page) {
  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (page.offline()) return;
    const at = page.replayAt();
    if (at !== null) {
      const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: Infinity };
      if (event.key in moves) { event.preventDefault(); page.moveReplay(moves[event.key]); }
      return;
    }
    if (["Enter", " ", "Tab", "Escape"].includes(event.key)) return;  // the focused control's own keys
    const button = board.querySelector(`[data-shortcut="${CSS.escape(event.key)}"]`)
      || board.querySelector(`[data-shortcut="${CSS.escape(event.key.toLowerCase())}"]`);
    if (!button || button.disabled || button.closest("[inert]")) return;
    event.preventDefault();
    button.click();
  });
}
