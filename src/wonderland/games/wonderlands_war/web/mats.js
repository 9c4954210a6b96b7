// Each faction's mat: score, shards, shield (face up or down), leader strength, supporters in
// reserve, castles left, the madness track as slots, the bag as chips by kind with counts, the
// tea cards taken and the quests. Your own mat is large; the others are smaller.
import { el } from "/static/dom.js";
import { icon } from "/static/icons.js";
import { button, chipToken, factionName, person, provisional, shards, signed, take, tone, who } from "./common.js";

function chipsOf(content, counts, prefix) {
  const out = [];
  counts.forEach((n, chip) => { if (n) out.push(chipToken(content, chip, { count: n, key: `${prefix}-${chip}` })); });
  return out;
}

function stat(iconName, value, unit, label, extra = "") {
  const shown = typeof value === "number" ? signed(value) : String(value);
  return el("span", { class: `stat ${extra}`, title: label, role: "img", "aria-label": `${label}: ${shown}` }, icon(iconName), el("span", {}, shown), el("small", {}, unit));
}

function madnessTrack(ctx, s) {
  const { view, content } = ctx;
  const p = view.players[s];
  const slots = p.faction >= 0 ? content.factions[p.faction].madness_slots : 4;
  const cells = [];
  for (let i = 0; i < slots; i++) {
    cells.push(p.track[i] !== undefined ? chipToken(content, p.track[i], { extra: "slot full", key: `track-${s}-${i}` }) : el("span", { class: "slot", "aria-hidden": "true" }));
  }
  return el("div", { class: "madness", role: "group", "aria-label": `madness track: ${p.track.length} of ${slots} (a full track returns every chip to the bag, rule W38)`, title: "madness track (rules W34, W38)" },
    el("span", { class: "lbl" }, "Madness"), ...cells);
}

/** What seat s's mat draws from, as a string: equal keys draw the same mat. */
export function matKey(ctx, s, legal) {
  const { view } = ctx;
  const prev = ctx.previousView && ctx.previousView.players ? ctx.previousView.players[s] : null;
  const moving = ctx.state && ctx.state.to_move ? ctx.state.to_move.includes(s) : view.turn === s;
  return JSON.stringify([view.players[s], moving, prev ? prev.vp_battles + prev.vp_other : null, s === ctx.seat ? legal(["ally", "keep"]) : null]);
}

export function mat(ctx, s, moves, score) {
  const { view, content } = ctx;
  const p = view.players[s];
  const mine = s === ctx.seat;
  const moving = ctx.state && ctx.state.to_move ? ctx.state.to_move.includes(s) : view.turn === s;
  const f = p.faction >= 0 ? content.factions[p.faction] : null;
  const strength = f ? f.leader_strength[Math.min(p.leader_level, f.leader_strength.length - 1)] : 0;
  const inBag = p.bag.reduce((a, b) => a + b, 0);
  const hiddenQuests = p.quests.filter((q) => q < 0).length;
  const prev = ctx.previousView && ctx.previousView.players ? ctx.previousView.players[s] : null;
  const scoreChanged = prev && (prev.vp_battles + prev.vp_other) !== (p.vp_battles + p.vp_other);
  const head = el("header", { class: "mat-head" },
    el("span", { class: `swatch ${tone(view, s)}`, "aria-hidden": "true" }),
    el("span", { class: "mat-name" }, f ? provisional(`${f.name}${f.provisional ? "*" : ""}`) : `Seat ${s + 1}`, el("small", {}, ` ${person(ctx, s)}`)),
    moving ? el("span", { class: "to-move" }, icon("turn"), mine ? " your move" : " to move") : null);
  const stats = el("div", { class: "stats" },
    stat("star", score, "VP", "victory points won so far; castles, quests and shards count at the end (rule W53)", `vp${scoreChanged ? " changed" : ""}`),
    shards(p.shards),
    el("span", { class: `shield ${p.shield ? "up" : "down"}`, role: "img", title: p.shield ? "shield face up: ready (rule W36)" : "shield face down: used (rule W37)", "aria-label": p.shield ? "shield face up, ready" : "shield face down, used" }, icon("shield"), el("span", {}, p.shield ? "up" : "down")),
    stat("crown", strength, "leader", "leader strength (rule W31)"),
    stat("person", p.reserve, "in reserve", "supporters in reserve"),
    stat("castle", p.castles_left, "castles", "castles left to build"));
  const cards = el("div", { class: "cards", "aria-label": "tea cards this round" },
    el("span", { class: "lbl" }, "Cards"),
    ...p.cards.map((c, i) => el("span", { class: "card-mini", title: content.cards[c], "data-key": `held-${s}-${i}` },
      provisional(content.card_parts ? `${content.card_parts[c].name}${content.card_parts[c].provisional ? "*" : ""}` : content.cards[c]))),
    p.cards.length ? null : el("span", { class: "none" }, "none yet"));
  const bag = el("div", { class: "bag", role: "group", "aria-label": `bag: ${inBag} chips` },
    el("span", { class: "lbl" }, icon("bag"), ` Bag ${inBag}`), ...chipsOf(content, p.bag, `bag-${s}`));
  const parts = [head, stats, madnessTrack(ctx, s), bag];
  if (mine) {
    const exhausted = chipsOf(content, p.exhaust, `ex-${s}`);
    if (exhausted.length) parts.push(el("div", { class: "bag exhaust", role: "group", "aria-label": "exhausted chips" }, el("span", { class: "lbl" }, "Exhausted"), ...exhausted));
    const allies = take(moves, "ally");
    if (allies.length) {
      parts.push(el("div", { class: "decide", role: "group", "aria-label": "choose an ally chip" }, el("span", { class: "prompt" }, icon("turn"), " Choose an ally chip for your bag: "),
        ...allies.map((a) => button(ctx, a, [chipToken(content, a.target), ` ${content.chips[a.target].name}`], { title: a.text }))));
    }
  }
  parts.push(cards);
  const quests = el("div", { class: "quests" }, el("span", { class: "lbl" }, "Quests"));
  p.quests.forEach((q, i) => {
    if (q >= 0) quests.append(el("span", { class: `quest${p.feats[i] ? " feat" : ""}`, title: content.quest_parts ? content.quest_parts[q] : "" }, content.quests[q], p.feats[i] ? el("span", { class: "feat-done" }, icon("check"), " feat") : null));
  });
  if (hiddenQuests) {
    const label = `${hiddenQuests} hidden quest${hiddenQuests === 1 ? "" : "s"}: shown at the end (rule G26)`;
    quests.append(el("span", { class: "hidden-q", role: "img", "aria-label": label, title: label },
      ...Array.from({ length: hiddenQuests }, () => el("span", { class: "card-back" }))));
  }
  const keeps = mine ? take(moves, "keep") : [];
  if (keeps.length) {
    quests.append(el("div", { class: "decide" }, el("span", { class: "prompt" }, icon("turn"), " Keep one quest (rule W15): "),
      ...keeps.map((a) => {
        const q = p.pair[a.target];
        return button(ctx, a, q >= 0 ? content.quests[q] : `quest ${a.target + 1}`, { class: "quest-pick", title: q >= 0 && content.quest_parts ? content.quest_parts[q] : a.text });
      })));
  }
  if (p.quests.length || keeps.length) parts.push(quests);
  if (p.retinue.length) {
    parts.push(el("div", { class: "retinue" }, el("span", { class: "lbl" }, "Retinue"), ...p.retinue.map((w) => el("span", { class: "wl-mini" }, content.wonderlandians[w] ? content.wonderlandians[w].name : "?"))));
  }
  return el("article", { class: `mat ${tone(view, s)}${mine ? " mine" : " small"}${moving ? " moving" : ""}`, "data-seat": s, "aria-label": `${who(ctx, s)}: ${factionName(view, content, s)}` }, ...parts);
}
