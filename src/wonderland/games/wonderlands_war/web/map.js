// The five regions as a map: an island of five lands round the Pool of Tears, clockwise in
// battle order. Each region shows its award this round, the battle marker, every faction's
// supporters (a marker with the count), leaders, castles and Wonderlandian figures, and the
// battles already won there this round. A region is a button when the decision is a region.
import { el, svg } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { button, factionName, initial, take, tone, who } from "./common.js";

const W = 1000;
const H = 700;
const CX = 500;
const CY = 350;
const RX = 480;
const RY = 335;
const REGION_KINDS = ["support_all", "support_one", "leader", "castle", "place_wl"];
const VERB = {
  support_all: "Place your supporters here",
  support_one: "Place one supporter here (rule W22)",
  leader: "Place your leader here",
  castle: "Build a castle here",
  place_wl: "Place the Wonderlandian here",
};
const SHORT = { support_all: "all", support_one: "one" };

function wobble(a) {
  return 1 + 0.05 * Math.sin(3 * a + 0.4) + 0.03 * Math.sin(7 * a + 1.3);
}

function point(a, r) {
  return [CX + RX * r * Math.cos(a), CY + RY * r * Math.sin(a)];
}

const DEG = Math.PI / 180;
const SHAPES = new Map();

/** The outline of region k of `count` (a slice of the island outside the pool). */
function regionPath(k, count) {
  const id = `${k}/${count}`;
  if (SHAPES.has(id)) return SHAPES.get(id);
  const span = 360 / count;
  const mid = -126 + span * k;
  const a0 = (mid - span / 2) * DEG;
  const a1 = (mid + span / 2) * DEG;
  const pts = [];
  for (let i = 0; i <= 12; i++) {
    const a = a0 + ((a1 - a0) * i) / 12;
    pts.push(point(a, 0.96 * wobble(a)));
  }
  for (let i = 12; i >= 0; i--) {
    const a = a0 + ((a1 - a0) * i) / 12;
    pts.push(point(a, 0.27 + 0.02 * Math.sin(5 * a)));
  }
  const d = `M${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join("L")}Z`;
  SHAPES.set(id, d);
  return d;
}

/** Where region k's pieces sit, in percent of the map. */
function anchor(k, count) {
  const a = (-126 + (360 / count) * k) * DEG;
  const [x, y] = point(a, 0.64);
  return [(100 * x) / W, (100 * y) / H];
}

function pieces(ctx, r) {
  const { view, content } = ctx;
  const out = [];
  const prev = ctx.previousView;
  for (let s = 0; s < view.n; s++) {
    const n = view.supporters[r][s];
    if (!n) continue;
    const was = prev && prev.supporters[r] ? prev.supporters[r][s] : n;
    out.push(el("span", {
      class: `sup ${tone(view, s)}${was !== n ? " changed" : ""}`, "data-key": `sup-${r}-${s}`, "data-seat": s, "data-count": n,
      role: "img", "aria-label": `${who(ctx, s)}: ${n} supporter${n === 1 ? "" : "s"}`, title: `${who(ctx, s)}: ${n} supporter${n === 1 ? "" : "s"}`,
    }, String(n)));
  }
  for (let s = 0; s < view.n; s++) {
    if (view.players[s].region === r) {
      const moved = prev && prev.players[s] && prev.players[s].region !== r;
      out.push(el("span", { class: `leader ${tone(view, s)}${s === ctx.seat ? " mine" : ""}${moved ? " changed" : ""}`, "data-key": `leader-${s}`, role: "img", "aria-label": `${who(ctx, s)} leader`, title: `${who(ctx, s)}: leader` }, initial(view, content, s)));
    }
  }
  for (let s = 0; s < view.n; s++) {
    const n = view.castles[r][s];
    if (!n) continue;
    const label = `${who(ctx, s)}: ${n} castle${n === 1 ? "" : "s"}`;
    const built = prev && prev.castles[r] && prev.castles[r][s] !== n;
    out.push(el("span", { class: `castle ${tone(view, s)}${built ? " changed" : ""}`, "data-key": `castle-${r}-${s}`, role: "img", "aria-label": label, title: label }, icon("castle"), n > 1 ? el("span", { class: "castle-n" }, `×${n}`) : null));
  }
  view.players.forEach((p, s) => {
    for (const [w, region] of p.figures) {
      if (region !== r) continue;
      const info = content.wonderlandians[w];
      const label = `${who(ctx, s)}: ${info ? info.name : "a Wonderlandian"}, strength ${info ? info.strength : "?"}`;
      out.push(el("span", { class: `figure ${tone(view, s)}`, "data-key": `fig-${w}`, role: "img", "aria-label": label, title: label }, icon("star"), el("span", {}, String(info ? info.strength : ""))));
    }
  });
  return out;
}

function wins(ctx, r) {
  const { view, content } = ctx;
  return (view.log || []).filter((entry) => entry[0] === view.round && entry[1] === r && entry[4].length).map((entry) => {
    const names = entry[4].map((s) => factionName(view, content, s)).join(" and ");
    const label = `won here this round by ${names} (strength ${entry[4].map((s) => entry[2][s]).join(", ")})`;
    return el("span", { class: "won", role: "img", "aria-label": label, title: label }, icon("trophy"), entry[4].map((s) => initial(view, content, s)).join(""));
  });
}

/** Changes of VP for the picture of an award: { seat: delta }. */
function vpGain(ctx) {
  const prev = ctx.previousView;
  if (!prev || !prev.players || prev.players.length !== ctx.view.players.length) return [];
  return ctx.view.players.map((p, s) => (p.vp_battles + p.vp_other) - (prev.players[s].vp_battles + prev.players[s].vp_other));
}

/** What the map draws from, as a string: equal keys draw the same map. */
export function mapKey(ctx, legal) {
  const { view } = ctx;
  const prev = ctx.previousView;
  const players = (v) => v.players.map((p) => [p.region, p.figures, p.vp_battles + p.vp_other]);
  return JSON.stringify([view.round, view.tiles, view.b_region, view.marker, view.supporters, view.castles, view.log,
    view.tasks[view.tasks.length - 1] || null, players(view),
    prev ? [prev.supporters, prev.castles, prev.log ? prev.log.length : null, players(prev)] : null, legal(REGION_KINDS)]);
}

export function regionMap(ctx, moves) {
  const { view, content } = ctx;
  const count = content.regions.length;
  const regionMoves = take(moves, ...REGION_KINDS);
  const round = Math.min(view.round, 3);
  const gains = vpGain(ctx);
  const lastBattle = view.log && view.log.length ? view.log[view.log.length - 1] : null;
  const prevLog = ctx.previousView && ctx.previousView.log ? ctx.previousView.log.length : null;
  const land = svg("svg", { class: "map-land", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", "aria-hidden": "true" },
    svg("ellipse", { cx: CX, cy: CY, rx: RX * 1.03, ry: RY * 1.03, class: "sea" }),
    ...content.regions.map((_, r) => svg("path", { d: regionPath(r, count), class: `land land-${r % 5}${view.b_region === r ? " fighting" : ""}${regionMoves.some((a) => a.target === r) ? " choosable" : ""}` })),
    svg("ellipse", { cx: CX, cy: CY, rx: RX * 0.25, ry: RY * 0.25, class: "pool" }));
  const spots = content.regions.map((name, r) => {
    const tile = content.tiles[view.tiles[r]];
    const award = tile ? tile[round - 1] : null;
    const here = regionMoves.filter((a) => a.target === r);
    const marker = view.marker === r;
    const head = el("span", { class: "region-head" },
      el("span", { class: "region-name" }, name),
      award !== null ? el("span", { class: "award", title: `first place here this round: ${award} VP (rule W43)` }, `${award} VP`) : null,
      marker ? el("span", { class: "marker", role: "img", "aria-label": "the battle marker: the war starts here (rule W30)", title: "the battle marker: the war starts here (rule W30)" }, icon("warning")) : null);
    const gained = lastBattle && lastBattle[1] === r && prevLog !== null && view.log.length > prevLog
      ? gains.map((g, s) => (g > 0 ? el("span", { class: `gain ${tone(view, s)}` }, `${initial(view, content, s)} +${g} VP`) : null)) : [];
    const inner = [head, el("span", { class: "pieces" }, ...pieces(ctx, r), ...wins(ctx, r)), ...gained];
    const classes = `region r${r}${view.b_region === r ? " fighting" : ""}${marker ? " marked" : ""}`;
    if (here.length === 1) {
      return button(ctx, here[0], inner, { class: `${classes} legal`, label: `${VERB[here[0].kind]}: ${name}`, title: `${VERB[here[0].kind]}: ${name}` });
    }
    const spot = el("div", { class: classes, "data-region": r, role: "group", "aria-label": name }, ...inner);
    if (here.length > 1) {
      spot.classList.add("legal");
      spot.append(el("span", { class: "region-acts" }, ...here.map((a) => button(ctx, a, SHORT[a.kind] || a.kind, { label: `${VERB[a.kind]}: ${name}`, title: `${VERB[a.kind]}: ${name}` }))));
    }
    return spot;
  });
  spots.forEach((spot, r) => {
    const [x, y] = anchor(r, count);
    spot.dataset.region = r;
    spot.style.left = `${x.toFixed(2)}%`;
    spot.style.top = `${y.toFixed(2)}%`;
  });
  const prompt = regionMoves.length ? el("p", { class: "map-prompt" }, icon("turn"), ` ${promptText(regionMoves, view)}`) : null;
  return el("section", { class: "map-wrap", "aria-label": "the regions" },
    prompt,
    el("div", { class: `map${regionMoves.length ? " choosing" : ""}` }, land,
      el("span", { class: "pool-label", "aria-hidden": "true" }, `Round ${view.round}`), ...spots));
}

function promptText(regionMoves, view) {
  const kind = regionMoves[0].kind;
  const top = view.tasks[view.tasks.length - 1];
  if (kind === "support_all" || kind === "support_one") {
    const left = top && top[0] === 24 ? top[2] : 0;
    return `Click a region for your ${left > 1 ? `${left} supporters` : "supporter"}${regionMoves.some((a) => a.kind === "support_one") ? " (all, or one at a time: rule W22)" : ""}.`;
  }
  if (kind === "leader") return "Click a region for your leader (rule W26).";
  if (kind === "castle") return "Click a region to build your castle.";
  return "Click a region for the Wonderlandian figure (rule W28).";
}
