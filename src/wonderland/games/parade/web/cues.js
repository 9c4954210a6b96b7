// Parade's sounds at the table (the contract is in /static/sound.js): a card played.
// `before` and `after` are the moments around a state change ({ view, state, seat }).

/** The cues of the change from `before` to `after`. */
export function cues(before, after) {
  const was = before.view.last_play;
  const now = after.view.last_play;
  return now && JSON.stringify(now) !== JSON.stringify(was) ? ["card"] : [];
}
