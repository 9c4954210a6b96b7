// Wonderdice's sounds at the table (the contract is in /static/sound.js): dice rolled, and a
// round won. A player's page sounds its own rolls only (a race has many); the table screen,
// which has no seat, sounds everyone's.

function rolled(moment, seat) {
  const live = moment.state && moment.state.live;
  if (live && live.pending) return JSON.stringify(live.pending[seat] || []);
  const resolving = moment.view.resolving;
  return JSON.stringify(resolving && resolving.seat === seat ? resolving.faces : []);
}

function roundWins(view) {
  return view.players.reduce((sum, player) => sum + player.wins.admiring + player.wins.mad, 0);
}

/** The cues of the change from `before` to `after`. */
export function cues(before, after) {
  const found = [];
  if (roundWins(after.view) > roundWins(before.view)) found.push("win");
  const seats = after.seat === null || after.seat === undefined ? after.view.players.map((_, seat) => seat) : [after.seat];
  const rolls = seats.some((seat) => {
    const now = rolled(after, seat);
    return now !== "[]" && now !== rolled(before, seat);
  });
  if (rolls) found.push("dice");
  return found;
}
