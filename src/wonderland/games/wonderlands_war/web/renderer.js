// Wonderland's War at the web table, drawn as the game is laid out: the round tea table with
// its numbered plates (or, in the war, the battle track with everyone's cylinder), the map of
// the five regions with every piece, and each faction's mat (bag, madness track, shield,
// shards, score). Decisions are made on the picture: a plate, a region, a chip, a button by
// the battle track. Every change glides from where it was (motion.js).
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { boardState } from "/static/board-state.js";
import { flash, glide, snapshot, tumble } from "/static/motion.js";
import { Sections, place } from "/static/sections.js";
import { PHASE, button, person, readLegal, signed, take, topPhase, who, words } from "./common.js";
import { teaKey, teaTable } from "./tea.js";
import { mapKey, regionMap } from "./map.js";
import { battleKey, battlePanel } from "./battle.js";
import { matKey, mat } from "./mats.js";

export { cues } from "./cues.js";  // its sounds (see /static/sound.js)

// A board's UI state: the view drawn last (when the page gives no ctx.previous), the frame's
// containers and the sections drawn last, each with the key of its inputs, so a section whose
// inputs did not change keeps its nodes (the browser neither rebuilds nor restyles them).
function uiOf(board) {
  return boardState(board, () => ({ drawn: null, frame: null, offline: false, parts: new Sections() }));
}

function vp(p) {
  return p.vp_battles + p.vp_other;
}

function phaseWords(ctx) {
  const { view } = ctx;
  if (view.final_scores) return "Game over";
  const phase = topPhase(view);
  if (phase === PHASE.CHOOSE_FACTION || phase === PHASE.KEEP_QUEST || view.players.some((p) => p.faction < 0)) return "Setting up";
  return `Round ${view.round} of ${ctx.content.rounds || 3} · ${view.war ? "war" : "tea party"}`;
}

function banner(ctx, moves) {
  const { view } = ctx;
  const toMove = ctx.state && ctx.state.to_move ? ctx.state.to_move : [];
  let line;
  if (view.final_scores) line = resultLine(view, ctx).headline;
  else if (moves.all.length) line = "Your decision: the highlighted places on the table are your choices.";
  else if (toMove.length) line = `Waiting for ${toMove.map((s) => who(ctx, s)).join(", ")}.`;
  else line = "The table moves on…";
  return el("p", { class: `ww-status${moves.all.length ? " yours" : ""}`, role: "status" },
    el("strong", {}, phaseWords(ctx)), ` · ${line}`,
    el("span", { class: "legend" }, " · ", el("abbr", { class: "prov", title: "provisional: a design of our own, not the printed game" }, "*"), " provisional design"));
}

/** Decisions not drawn on the picture elsewhere (factions at set-up, anything new). */
function decisions(ctx, moves) {
  const factions = take(moves, "faction");
  const rest = moves.all.filter((a) => !moves.used.has(a.id));
  if (!factions.length && !rest.length) return null;
  const { content } = ctx;
  return el("section", { class: "decide-box", "aria-label": "your decision" },
    factions.length ? el("h2", {}, words(ctx, "Choose your faction (rule W11)")) : null,
    factions.length ? el("div", { class: "factions" }, ...factions.map((a) => {
      const f = content.factions[a.target];
      return button(ctx, a, [el("span", { class: `swatch f${a.target % 5}`, "aria-hidden": "true" }), el("strong", {}, f.name, f.provisional ? " " : null, f.provisional ? el("abbr", { class: "prov", title: "provisional: a design of our own, not the printed game" }, "*") : null),
        content.faction_texts ? el("small", {}, content.faction_texts[a.target]) : null], { class: "faction-pick" });
    })) : null,
    rest.length ? el("div", { class: "choices-row" }, ...rest.map((a) => button(ctx, a, a.text))) : null);
}

function resultLine(view, ctx) {
  const scores = view.final_scores;
  const best = Math.max(...scores.map((f) => f.total));
  const top = scores.map((f, s) => ({ ...f, s })).filter((f) => f.total === best);
  const fewest = Math.min(...top.map((f) => view.players[f.s].shards));
  const winners = top.filter((f) => view.players[f.s].shards === fewest);
  const names = winners.map((f) => who(ctx, f.s)).join(" and ");
  const headline = winners.length > 1 ? `${names} share the win with ${best} points` : `${names} win${winners[0].s === ctx.seat ? "" : "s"} with ${best} points`;
  let reason = "the most points: victory points + castles + quests − 1 per shard (rules W53, W54)";
  if (top.length > 1 && winners.length < top.length) reason = `tied on ${best} points; fewest shards breaks the tie (rule W54)`;
  else if (top.length > 1) reason = `tied on ${best} points and shards; the most units on the board decide, else the win is shared (rule W54)`;
  return { headline, reason };
}

/** The game-over panel's words: { headline, reason }. */
export function result(view, ctx) {
  if (!view || !view.final_scores) return null;
  return resultLine(view, { ...ctx, view, content: ctx.content });
}

function finalScores(ctx) {
  const { view } = ctx;
  if (!view.final_scores) return null;
  const best = Math.max(...view.final_scores.map((f) => f.total));
  const { headline, reason } = resultLine(view, ctx);
  const rows = [["battles", "Battle awards"], ["other", "Other VP"], ["castles", "Castles"], ["quests", "Quests"], ["shards", "Shards"], ["total", "Total"]];
  const win = (s) => (view.final_scores[s].total === best ? "winner" : "");
  return el("section", { class: "result", "aria-label": "final scores" },
    el("h2", {}, icon("trophy"), ` ${headline}`), el("p", { class: "reason" }, words(ctx, reason)),
    el("table", { class: "scores" },
      el("caption", {}, words(ctx, "Final scoring by source (rule W53)")),
      el("thead", {}, el("tr", {}, el("td", {}), ...view.final_scores.map((_, s) => el("th", { scope: "col", class: win(s) }, who(ctx, s))))),
      el("tbody", {}, ...rows.map(([key, title]) => el("tr", { class: key === "total" ? "total" : "" },
        el("th", { scope: "row" }, title),
        ...view.final_scores.map((f, s) => el("td", { class: win(s) }, signed(f[key]))))))));
}

// A piece glides within its frame (the tea table, the map, the battle, a mat): when a frame
// itself moves on the page (a longer status line above it), its pieces move with it at once
// instead of drifting from their old screen place over the frame's labels.
const FRAMES = ".tea, .map, .battle, .mat";

function frameOf(node) {
  const frame = node.closest(FRAMES);
  if (!frame) return null;
  return frame.classList.contains("mat") ? `mat-${frame.dataset.seat}` : frame.classList[0];
}

function frames(board) {
  const out = new Map();
  for (const frame of board.querySelectorAll(FRAMES)) out.set(frameOf(frame), frame.getBoundingClientRect());
  return out;
}

/** The frame each keyed piece sits in: key -> frame id (null outside any frame). */
function homes(board) {
  const out = new Map();
  for (const node of board.querySelectorAll("[data-key]")) out.set(node.dataset.key, frameOf(node));
  return out;
}

function animate(board, fresh, before, wasHomes, wasFrames, shift) {
  const nowFrames = frames(board);
  for (const node of board.querySelectorAll("[data-key]")) {
    const key = node.dataset.key;
    const r = before.get(key);
    if (!r) continue;
    const home = wasHomes.get(key);
    const a = home !== null && home === frameOf(node) ? wasFrames.get(home) : null;
    const b = a ? nowFrames.get(home) : null;
    const dx = a && b ? b.left - a.left : shift ? shift.x : 0;
    const dy = a && b ? b.top - a.top : shift ? shift.y : 0;
    if (dx || dy) before.set(key, new DOMRect(r.x + dx, r.y + dy, r.width, r.height));
  }
  glide(board, before);
  // only the sections drawn anew flash their changes (a kept section flashed when it was drawn)
  for (const part of fresh) {
    for (const node of part.querySelectorAll(".changed")) flash(node);
    for (const node of part.querySelectorAll(".chip.fresh")) tumble(node);
  }
}

function origin(board) {
  const root = board.querySelector(".ww");
  if (!root) return null;
  const r = root.getBoundingClientRect();
  return { x: r.left, y: r.top };
}

/** The section `name` drawn by build(), or the one drawn last when its key is the same (its
 *  legal actions are marked as drawn again). New nodes are added to `fresh`. */
function section(parts, name, key, moves, fresh, build) {
  let taken = [];
  const part = parts.entry(name, key, () => {
    const before = new Set(moves.used);
    const node = build();
    taken = [...moves.used].filter((id) => !before.has(id));
    return node;
  }, true);
  if (!part.fresh) for (const id of part.taken) moves.used.add(id);
  else {
    part.taken = taken;
    if (part.node) fresh.push(part.node);
  }
  return part.node;
}

/** A section without handlers: the old node when it reads the same. */
function same(parts, name, node, fresh) {
  const part = parts.entry(name, node ? node.outerHTML : "", () => node, true);
  if (part.fresh) {
    part.taken = [];
    if (part.node) fresh.push(part.node);
  }
  return part.node;
}

export function render(board, ctx) {
  const view = ctx.view;
  const ui = uiOf(board);
  const previous = "previous" in ctx ? ctx.previous : ui.drawn;
  const comparable = previous && previous.n === view.n && previous.players && previous.players.length === view.players.length;
  const c = { ...ctx, previousView: comparable ? previous : null, legal: ctx.replay ? [] : ctx.legal || [] };
  // Nodes are kept only between two online draws of the same table (the page disables the
  // board's buttons itself while offline).
  const reuse = ui.frame && ui.frame.root.parentNode === board && board.childNodes.length === 1 && !ui.offline && !c.offline;
  if (!reuse) {
    ui.frame = { root: el("div", {}), play: el("div", {}), mats: el("div", { class: "ww-mats" }),
      others: el("div", { class: "ww-others", role: "group", "aria-label": "the other factions" }) };
    ui.parts.clear();
  }
  const store = ui.frame;
  const parts = ui.parts.begin();
  const fresh = [];
  const before = snapshot(board);
  const wasHomes = homes(board);
  const wasFrames = frames(board);
  const was = origin(board);
  const moves = readLegal(c.legal);
  const names = view.players.map((_, s) => person(c, s));
  const common = JSON.stringify([c.seat, view.n, names, view.players.map((p) => p.faction)]);
  const legal = (kinds) => moves.all.filter((a) => kinds.includes(a.kind)).map((a) => [a.id, a.label, a.text]);
  const scores = view.players.map(vp);
  const war = section(parts, "battle", common + battleKey(c, legal), moves, fresh, () => battlePanel(c, moves));
  const tea = view.war || view.final_scores ? null : section(parts, "tea", common + teaKey(c, legal), moves, fresh, () => teaTable(c, moves));
  const map = section(parts, "map", common + mapKey(c, legal), moves, fresh, () => regionMap(c, moves));
  const others = [];
  const order = [];
  for (let i = 0; i < view.n; i++) order.push(((c.seat ?? 0) + i) % view.n);
  const matOf = (s) => section(parts, `mat-${s}`, common + matKey(c, s, legal), moves, fresh, () => mat(c, s, moves, scores[s]));
  const own = c.seat !== null && c.seat !== undefined ? matOf(c.seat) : null;
  for (const s of order) if (s !== c.seat) others.push(matOf(s));
  const top = [same(parts, "banner", banner(c, moves), fresh), same(parts, "scores", finalScores(c), fresh)];
  const choose = decisions(c, moves);
  if (choose) fresh.push(choose);
  store.root.className = `ww${c.offline ? " offline" : ""}`;
  store.play.className = `ww-play${war || tea ? "" : " map-only"}`;
  place(store.play, [war || tea, map]);
  place(store.others, others);
  place(store.mats, [own, store.others]);
  place(store.root, [...top, choose, store.play, store.mats]);
  if (!reuse) board.replaceChildren(store.root);
  parts.end();
  ui.offline = Boolean(c.offline);
  ui.drawn = view;
  const now = origin(board);
  animate(board, fresh, before, wasHomes, wasFrames, was && now ? { x: now.x - was.x, y: now.y - was.y } : null);
}
