// The table screen fits its window without scrolling: the page is laid out for a 1280x720
// window and scaled to the window it has (a TV at 1920x1080 shows it 1.5 times larger); the
// board is then zoomed to the room left beside the players and the last moves (larger when
// the position is small, smaller when it is large, never below FLOOR); the oldest log lines
// make way when the column is full. A narrow window (a phone) is not scaled: it scrolls.
const CANVAS = { width: 1280, height: 720 };
const NARROW = 900;      // below this width the screen is one column that scrolls
const FLOOR = 0.75;      // the board is never drawn smaller than this (its text stays readable)
const CEILING = 1.6;     // nor larger than this (a short position does not fill the room)
const SLACK = 0.06;      // a fitting zoom is kept until the board could grow by this much

/** Whether the window is wide enough to be a table screen (else the page scrolls). */
export function wide() {
  return innerWidth >= NARROW;
}

/** Scale the page to the window: the canvas's height is the window's (in canvas pixels). */
export function fitPage() {
  const body = document.body;
  const scale = wide() ? Math.min(innerWidth / CANVAS.width, innerHeight / CANVAS.height) : 1;
  body.style.zoom = String(scale);
  body.style.setProperty("--screen-height", wide() ? `${innerHeight / scale}px` : "auto");
  body.classList.toggle("screen-fitted", wide());
}

/** The room below the board's top in its column (in the window's pixels, as the board's
 *  own box is measured). */
function room(board) {
  const main = board.parentElement;
  const bottom = main.getBoundingClientRect().bottom - parseFloat(getComputedStyle(main).paddingBottom) * zoomOf(document.body);
  return bottom - board.getBoundingClientRect().top;
}

function zoomOf(node) {
  return parseFloat(node.style.zoom) || 1;
}

function moving(board) {
  return board.getAnimations({ subtree: true }).filter((a) => a.playState === "running");
}

/** Whether the board fits `space` at `zoom`: its height, and its width once nothing glides
 *  (a piece gliding from afar widens the board's overflow while it moves). */
function fits(board, zoom, space, still) {
  board.style.zoom = String(zoom);
  const box = board.getBoundingClientRect();
  return box.height <= space + 0.5 && (!still || board.scrollWidth <= board.clientWidth + 1);
}

/** Zoom the board to the largest size (between FLOOR and CEILING) at which it fits its room;
 *  a zoom that still fits with little to spare is kept, so the board does not breathe with
 *  every move. Returns the zoom. */
export function fitBoard(board) {
  if (board.hidden || !wide()) {
    board.style.zoom = "";
    return 1;
  }
  const space = room(board);
  const now = zoomOf(board);
  const still = !moving(board).length;
  const fit = (zoom) => fits(board, zoom, space, still);
  if (board.style.zoom && fit(now) && !fit(Math.min(CEILING, now * (1 + SLACK)))) {
    board.style.zoom = String(now);
    return now;
  }
  let low = FLOOR;
  let high = CEILING;
  if (fit(high)) return high;
  for (let i = 0; i < 7; i++) {
    const middle = (low + high) / 2;
    if (fit(middle)) low = middle;
    else high = middle;
  }
  const zoom = Math.floor(low * 100) / 100;  // rounded down: it still fits
  board.style.zoom = String(zoom);
  return zoom;
}

/** Call `then` once the board's pieces have stopped gliding (not at all when none glides). */
export function whenStill(board, then) {
  const running = moving(board);
  if (!running.length) return;
  Promise.allSettled(running.map((a) => a.finished)).then(() => { if (!moving(board).length) then(); });
}

/** Call `fit` (once a frame at most) whenever the board's size changes; a fit that changes
 *  nothing changes no size, so this settles. */
export function refitOnResize(board, fit) {
  let asked = false;
  new ResizeObserver(() => {
    if (asked) return;
    asked = true;
    requestAnimationFrame(() => { asked = false; fit(); });
  }).observe(board);
}

/** Drop the oldest lines of `list` while it overflows its box (the newest always stays). */
export function trimLog(list) {
  if (!wide()) return;
  while (list.children.length > 1 && list.scrollHeight > list.clientHeight + 1) list.firstElementChild.remove();
}
