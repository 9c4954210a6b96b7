// A battle on the 0-25 battle track: one cylinder per faction in the battle, each draw
// revealed as a chip, busts and stops where they happen, the decisions of the battle (draw or
// stop, shield, bets, awards, forging) next to the track.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { HIDDEN, STATUS, WAITING, button, forgeIcon, styled, chipToken, factionName, initial, take, tone, who, words } from "./common.js";

const STATUS_WORD = { 1: "drawing", 2: "stopped", 3: "bust" };

/** The chip `seat` drew since the previous picture (a kind id), or -1. */
function freshDraw(ctx, seat) {
  const prev = ctx.previousView;
  const p = ctx.view.players[seat];
  if (ctx.view.b_drawn[seat] >= 0) return ctx.view.b_drawn[seat];
  if (!prev || prev.b_region !== ctx.view.b_region || !prev.players[seat]) return -1;
  const q = prev.players[seat];
  for (let chip = 0; chip < p.active.length; chip++) if (p.active[chip] > (q.active[chip] || 0)) return chip;
  if (p.track.length > q.track.length) return p.track[p.track.length - 1];
  return -1;
}

function track(ctx, fighters) {
  const { view, content } = ctx;
  const top = content.auto_win || 25;
  const forge = new Set(content.forge_icons || []);
  const cells = [];
  for (let v = 0; v <= top; v++) {
    const mark = v === top ? icon("crown", `${top}: wins at once (rule W41)`) : forge.has(v) ? forgeIcon(`${v}: stopping here earns a forge (rule W40)`) : null;
    cells.push(el("span", { class: `cell${forge.has(v) ? " forge" : ""}${v === top ? " win" : ""}${v % 5 === 0 ? " five" : ""}` },
      el("span", { class: "cell-no" }, String(v)), mark));
  }
  const stack = new Map();
  const cylinders = fighters.map((s) => {
    const status = view.b_status[s];
    const strength = Math.max(0, Math.min(top, status === STATUS.BUST ? 0 : view.b_strength[s]));
    const level = stack.get(strength) || 0;
    stack.set(strength, level + 1);
    const label = `${who(ctx, s)}: strength ${view.b_strength[s]}${status !== STATUS.DRAWING ? `, ${STATUS_WORD[status]}` : ""}`;
    return styled(el("span", {
      class: `cylinder ${tone(view, s)} st-${STATUS_WORD[status] || "out"}`, "data-key": `cyl-${s}`, role: "img", "aria-label": label, title: label,
    }, initial(view, content, s)), { left: `${((100 * (strength + 0.5)) / (top + 1)).toFixed(2)}%`, "--level": level });
  });
  return el("div", { class: "track", role: "group", "aria-label": `the battle track, 0 to ${top}` },
    styled(el("div", { class: "cells" }, ...cells), { "--cells": top + 1 }), el("div", { class: "cylinders" }, ...cylinders));
}

function fighterRow(ctx, s, bets) {
  const { view, content } = ctx;
  const p = view.players[s];
  const status = view.b_status[s];
  const fresh = freshDraw(ctx, s);
  const drawn = [];
  p.active.forEach((n, chip) => { if (n) drawn.push(chipToken(content, chip, { count: n, extra: chip === fresh ? "fresh" : "" })); });
  const pending = view.b_drawn[s];
  const choice = view.b_choice[s];
  const slots = p.faction >= 0 ? content.factions[p.faction].madness_slots : 4;
  const madness = [];
  for (let i = 0; i < slots; i++) {
    madness.push(p.track[i] !== undefined ? chipToken(content, p.track[i], { extra: `slot full${i === p.track.length - 1 && fresh === p.track[i] ? " fresh" : ""}` })
      : el("span", { class: "slot", "aria-hidden": "true" }));
  }
  const bet = bets.find((a) => a.target === s);
  const deciding = choice === WAITING ? "deciding…" : choice === HIDDEN ? "has decided" : "";
  return el("li", { class: `fighter ${tone(view, s)} st-${STATUS_WORD[status]}${s === ctx.seat ? " mine" : ""}`, "data-seat": s },
    el("span", { class: "f-name" }, el("span", { class: `swatch ${tone(view, s)}`, "aria-hidden": "true" }), who(ctx, s)),
    el("span", { class: `f-status st-${STATUS_WORD[status]}` }, status === STATUS.BUST ? el("strong", {}, words(ctx, "Bust (rule W35)")) : STATUS_WORD[status], deciding ? el("em", {}, ` · ${deciding}`) : null),
    el("span", { class: "f-strength", title: "strength" }, String(view.b_strength[s])),
    el("span", { class: "f-chips", role: "group", "aria-label": "chips drawn this battle" },
      pending >= 0 ? chipToken(content, pending, { extra: "fresh pending" }) : null, ...drawn,
      !drawn.length && pending < 0 ? el("span", { class: "none" }, "no chip yet") : null),
    el("span", { class: "f-madness", role: "group", "aria-label": `madness track ${p.track.length} of ${slots}` }, ...madness),
    bet ? button(ctx, bet, `Bet on ${factionName(view, content, s)}`, { class: "bet" }) : null);
}

/** The last battle fought, in a sentence, when no battle is on. */
function lastBattle(ctx) {
  const { view, content } = ctx;
  const entry = view.log && view.log[view.log.length - 1];
  if (!entry) return null;
  const [round, region, strengths, statuses, firsts] = entry;
  const fought = strengths.map((v, s) => ({ v, s, st: statuses[s] })).filter((f) => f.st !== 0);
  const parts = fought.map((f) => `${factionName(view, content, f.s)} ${f.st === 3 ? "bust" : f.v}`);
  return el("p", { class: "last-battle" }, icon("trophy"),
    ` Last battle (round ${round}, ${content.regions[region]}): ${firsts.length ? `${firsts.map((s) => who(ctx, s)).join(" and ")} won` : "nobody won"}; ${parts.join(", ")}.`);
}

const KINDS = ["wager", "draw", "stop", "shield", "accept", "no_wager", "award_vp", "award_castle", "forge", "no_forge"];

/** What the battle panel draws from, as a string: equal keys draw the same panel. */
export function battleKey(ctx, legal) {
  const { view } = ctx;
  const prev = ctx.previousView;
  const chips = (v) => v.players.map((p) => [p.active, p.track]);
  return JSON.stringify([view.war, Boolean(view.final_scores), view.b_region, view.b_status, view.b_strength, view.b_drawn, view.b_choice,
    view.order, view.round, view.log ? view.log[view.log.length - 1] : null, chips(view),
    prev ? [prev.b_region, chips(prev)] : null, legal(KINDS)]);
}

export function battlePanel(ctx, moves) {
  const { view, content } = ctx;
  const bets = take(moves, "wager");
  const buttons = [
    ...take(moves, "draw").map((a) => button(ctx, a, [icon("bag"), " Draw a chip"], { class: "primary", shortcut: "d", title: "draw a chip (key d)" })),
    ...take(moves, "stop").map((a) => button(ctx, a, "Stop", { shortcut: "s", title: "stop and keep your strength (key s, rule W39)" })),
    ...take(moves, "shield").map((a) => button(ctx, a, [icon("shield"), " Flip the shield"], { class: "primary", shortcut: "h", title: "the madness chip goes back into the bag and you draw again (rule W36)" })),
    ...take(moves, "accept").map((a) => button(ctx, a, "Keep the madness", { shortcut: "k", title: "the chip goes on your madness track (rule W34)" })),
    ...take(moves, "no_wager").map((a) => button(ctx, a, "No bet", { title: "bet on nobody (rule W48)" })),
    ...take(moves, "award_vp").map((a) => button(ctx, a, [icon("star"), " Take the VP"], { class: "primary", title: "tied first: take the award (rule W44)" })),
    ...take(moves, "award_castle").map((a) => button(ctx, a, [icon("castle"), " Place a castle"], { title: "tied first: place a castle (rule W44)" })),
    ...take(moves, "forge", "no_forge").map((a) => button(ctx, a, a.kind === "forge" ? [chipToken(content, a.option), ` onto forge track ${a.target + 1}`] : "Do not forge", { title: a.text })),
  ];
  const prompt = buttons.length || bets.length ? el("div", { class: "battle-choices", role: "group", "aria-label": "your decision" },
    el("span", { class: "prompt" }, icon("turn"), " ", bets.length ? words(ctx, "Bet on a fighter, hidden until the battle ends (rule W48): ") : "Your decision: "), ...buttons) : null;
  if (!view.war || view.final_scores) return prompt ? el("section", { class: "battle idle", "aria-label": "war" }, prompt) : null;
  if (view.b_region < 0) {
    return el("section", { class: "battle idle", "aria-label": "war" }, el("h2", {}, `War, round ${view.round}`), lastBattle(ctx), prompt,
      el("p", { class: "hint" }, words(ctx, "Battles are fought region by region from the battle marker, clockwise (rule W30).")));
  }
  const fighters = [];
  for (let s = 0; s < view.n; s++) if (view.b_status[s] !== STATUS.OUT) fighters.push(s);
  const left = view.order.indexOf(view.b_region);
  return el("section", { class: "battle", "aria-label": `battle in ${content.regions[view.b_region]}` },
    el("h2", {}, `Battle in ${content.regions[view.b_region]}`, el("span", { class: "sub" }, ` · round ${view.round}, battle ${left + 1} of the war`)),
    track(ctx, fighters), prompt,
    el("ol", { class: "fighters" }, ...fighters.map((s) => fighterRow(ctx, s, bets))),
    el("p", { class: "rules-note" }, words(ctx, `Madness costs a supporter here (rule W34); no supporter left is a bust (rule W35). ${content.auto_win || 25} strength wins at once (rule W41).`)));
}
