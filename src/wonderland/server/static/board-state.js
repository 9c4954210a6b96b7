// The UI state of a board, for the games' renderers: what the player is doing between two
// state messages (a card hovered, dice picked, a choice opened), the nodes kept from the
// last draw (sections.js), the view drawn last. A renderer keeps none of it in module
// variables: everything hangs off the board it draws on, so two boards never share it.
//
//   const ui = boardState(board, () => ({ hovered: null, parts: new Sections() }));
const states = new WeakMap();

/** The UI state of `board`, made by `fresh()` when the board is drawn for the first time. */
export function boardState(board, fresh) {
  let state = states.get(board);
  if (!state) {
    state = fresh();
    states.set(board, state);
  }
  return state;
}
