// Wonderland's War's sounds at the table (the contract is in /static/sound.js): a battle won.
// The view's log holds one entry per battle fought: [round, region, strengths, statuses,
// first places]; a new entry with a first place is a battle won.

/** The cues of the change from `before` to `after`. */
export function cues(before, after) {
  const was = (before.view.log || []).length;
  const now = after.view.log || [];
  return now.length > was && now.slice(was).some((entry) => entry[4] && entry[4].length) ? ["win"] : [];
}
